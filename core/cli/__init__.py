"""hmdesk-cli: the command line over the same core the GUI uses (see :mod:`.main`)."""

from hmdesk.core.cli.common import UsageError, print_json
from hmdesk.core.cli.main import build_parser, main

__all__ = ["UsageError", "build_parser", "main", "print_json"]

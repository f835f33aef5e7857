"""What every command module shares: the usage error (exit 2), the options every command takes,
and JSON printing."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def common_options() -> argparse.ArgumentParser:
    """Options every subcommand accepts (also accepted before the subcommand)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        help="database file (default: HMDESK_DB or the user data dir)",
    )
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    return common


def print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")

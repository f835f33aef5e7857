"""``python -m hmdesk.core.cli``: the same entry point as ``hmdesk-cli``."""

import sys

from hmdesk.core.cli.main import main

sys.exit(main())

"""``python -m tests.screenshots OUTDIR`` (``make screenshots``)."""

import sys

from tests.screenshots.memories import render

render(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")

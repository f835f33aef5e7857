"""``python -m tests.screenshots OUTDIR`` (``make screenshots``): every screenshot of the README,
light and dark. A tool, not a test: ``make test`` does not run it."""

import os
import sys
from pathlib import Path

from hmdesk.gui.common.theme import EdgeStyle
from PySide6.QtWidgets import QApplication

from tests.screenshots import crashes, devices, memories, preferences, review, runs

out = sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
app = QApplication.instance() or QApplication([])
app.setStyle(EdgeStyle())  # the style the window runs with (gui.common.theme.follow_theme)
written = memories.render(out)
written += [memories._shrink(Path(p)) for p in runs.render(out)]
written += [memories._shrink(Path(p)) for p in crashes.render(out)]
written += devices.render(out)
written += preferences.render(out)
written += review.render(out)
print(f"{len(written)} screenshots in {out}")

"""`make screenshots`: renders the README's screenshots from a throw-away database and the test fakes."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def session(outdir: str | os.PathLike[str]) -> Iterator[tuple[Any, Path, Path]]:
    """The application (offscreen unless a platform is set), ``outdir`` made, and a temporary
    folder; afterwards the environment is as it was."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    saved_env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="hmdesk-shots-") as tmp:
        try:
            yield app, out, Path(tmp)
        finally:
            os.environ.clear()
            os.environ.update(saved_env)

"""``hmdesk --smoke``: start the whole app on a throwaway store, run one query, print one line,
exit 0 (1 with a one-line reason when something failed or took over ``TIMEOUT_MS``).

What a packaged build must prove (``make package`` runs it in the bundle; the packaging tests run
it from a freshly installed wheel): Qt and its platform plugin load, the window opens with its
icon, the Alembic migrations create a database, the starter pack and the Recall Lab's labelled
set are read through :mod:`importlib.resources`, and a search returns results in the window.
Nothing of the user's is touched: the store, the settings (an INI file) and the log live in a
temporary folder that is removed at exit.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.results import QueryResult
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.gui.main_window import MainWindow

QUERY = "signing"
TIMEOUT_MS = 60_000


def seed_and_open(
    db_path: Path, progress: Callable[[int, int], None] | None = None
) -> tuple[Database, MemoryStore, Retriever]:
    """Create the store (migrations), add the starter pack, then open it as the app does."""
    from hmdesk.core.db import Database
    from hmdesk.core.memory.lab import starter_set
    from hmdesk.core.memory.starter import load_starter_pack
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.gui.context import open_core

    db = Database(db_path)
    try:
        load_starter_pack(MemoryStore(db))
    finally:
        db.close()
    starter_set()  # the Recall Lab's labelled set: another resource file
    return open_core(db_path, progress=progress)


class SmokeRun(QObject):
    """Owns the temporary folder; :meth:`watch` the window once its areas exist."""

    def __init__(self, started: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.started = started
        self._tmp = tempfile.TemporaryDirectory(prefix="hmdesk-smoke-", ignore_cleanup_errors=True)
        self.folder = Path(self._tmp.name)
        self.db_path = self.folder / "smoke.db"
        self.settings = QSettings(str(self.folder / "settings.ini"), QSettings.Format.IniFormat)
        self.window: MainWindow | None = None
        self.code: int | None = None
        self._asked = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(
            lambda: self.finish(1, f"no result within {TIMEOUT_MS // 1000} s")
        )
        self._timer.start(TIMEOUT_MS)

    def watch(self, window: MainWindow) -> None:
        self.window = window
        if window.memories is None:
            self.finish(1, "the Memories area was not built")
            return
        window.memories.result_applied.connect(self._result)

    def _result(self, result: QueryResult) -> None:
        window = self.window
        if window is None or window.memories is None or self.code is not None:
            return
        if not self._asked:  # the window's own first search (the empty query): now type ours
            self._asked = True
            window.memories.query_bar.text.setText(QUERY)
            return
        if result.query.text != QUERY:  # a re-run of the first search
            return
        if not result.results:
            self.finish(1, f"the query {QUERY!r} found nothing in the starter pack")
            return
        icon = QApplication.windowIcon()
        sizes = sorted(s.width() for s in icon.availableSizes())
        if not sizes:
            self.finish(1, "the application has no icon")
            return
        from hmdesk.core import __version__

        ms = (time.perf_counter() - self.started) * 1000
        self.finish(
            0,
            f"hmdesk {__version__} smoke: ok, window {window.width()}x{window.height()}, "
            f"icon {sizes[0]}-{sizes[-1]} px, {result.pool} memories, query {QUERY!r} -> "
            f"{len(result.results)} results, {ms:.0f} ms since start",
        )

    def fail(self, exc: BaseException) -> None:
        self.finish(1, f"the store could not be opened: {type(exc).__name__}: {exc}")

    def finish(self, code: int, line: str) -> None:
        if self.code is not None:
            return
        self.code = code
        self._timer.stop()
        stream = sys.stdout if code == 0 else sys.stderr
        if stream is not None:  # None under pythonw / a windowed bundle on Windows
            print(line if code == 0 else f"hmdesk smoke: failed: {line}", file=stream, flush=True)
        app = QApplication.instance()
        if app is not None:
            QTimer.singleShot(0, lambda: app.exit(code))

    def cleanup(self) -> None:
        self._tmp.cleanup()

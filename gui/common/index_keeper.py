"""Keeping the stored search index fresh after the window's writes, off the GUI thread.

The window's :class:`~hmdesk.core.memory.store.MemoryStore` is opened with ``keep_index=False``:
a write commits and returns without storing a new snapshot (a few seconds per 100k memories
when one is due). :class:`IndexKeeper` instead runs
:func:`hmdesk.core.memory.search_index.maintain.maybe_refresh` on a worker a moment after writes (cheap
when nothing is due), at most one at a time; writes during a run ask for one more run after it.

A PostgreSQL team store keeps no stored snapshot (revision 0004): there is nothing to keep, and
the window's in-memory index learns about other clients' writes through ``LISTEN/NOTIFY``
(:mod:`hmdesk.core.team.notify`, behind ``MemoryStore.data_version``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QObject, QTimer, Signal

if TYPE_CHECKING:
    from hmdesk.core.db import Database

log = logging.getLogger(__name__)

REFRESH_DELAY_MS = 500  # writes this close together lead to one check


def refresh_index(db: Database) -> str:  # worker thread
    from hmdesk.core.memory.search_index.maintain import maybe_refresh

    return maybe_refresh(db)


class IndexKeeper(QObject):
    """Signals:
    refreshed(str): a check ran (``maybe_refresh``'s outcome: ``current``, ``refreshed``, …).
    """

    refreshed = Signal(str)

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.running = False
        self.closed = False
        self._again = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_DELAY_MS)
        self._timer.timeout.connect(self.run_now)

    def schedule(self, *_args: object) -> None:
        """Memories changed (GUI thread): check the index a moment later."""
        if not self.closed:
            self._timer.start()

    def run_now(self) -> None:
        if self.closed or self.db.dialect != "sqlite":  # PostgreSQL: no stored snapshot to keep
            return
        if self.running:
            self._again = True
            return
        self.running = True
        run_in_thread(refresh_index, self.db, on_done=self._done, on_error=self._failed)

    def stop(self) -> None:
        self.closed = True
        self._timer.stop()

    def _finish(self) -> None:
        self.running = False
        if self._again and not self.closed:
            self._again = False
            self.run_now()

    def _done(self, outcome: str) -> None:
        if outcome != "current":
            log.info("search index after writes: %s", outcome)
        self.refreshed.emit(outcome)
        self._finish()

    def _failed(self, exc: BaseException) -> None:
        # the writes are committed; the stored index is only behind (searches read the
        # pending rows) and the next write tries again
        log.warning("the search index was not refreshed: %s", exc)
        self._finish()

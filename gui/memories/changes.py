"""Keeping the inspector in step with the store: our writes, the live sync's, another process's.

:class:`ChangeTracker` listens to the store (its listener fires on the writer's thread; a queued
signal brings the ids to the GUI thread), polls ``store.data_version()`` for changes by other
connections (the CLI, a second window), coalesces them into one re-run of the query and keeps
the tag and environment completions fresh.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import shiboken6
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QObject, QTimer, Signal
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    from hmdesk.core.memory.store import MemoryStore

log = logging.getLogger(__name__)

REFRESH_COALESCE_MS = 40  # changes this close together re-run the query once
DATA_VERSION_POLL_MS = 1000
COMPLETIONS_DELAY_MS = 300
COMPLETIONS_BUSY_RETRY_MS = 1000  # completions wait this long again while the user types


class ChangeTracker(QObject):
    """Signals:
    changed(object): memories changed: the set of ids (a write through this store) or None
        (another connection changed the file; which ids is unknown). GUI thread.
    refresh_due(): the current query should run again (coalesced).
    completions_loaded(list, list): the store's tags and environments (after a change).
    """

    changed = Signal(object)
    refresh_due = Signal()
    completions_loaded = Signal(list, list)
    _store_changed = Signal(object)  # marshalled from the writer's thread

    def __init__(
        self,
        store: MemoryStore,
        is_searching: Callable[[], bool],
        parent: QObject | None = None,
        busy: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.busy = busy  # the user is typing: completions wait
        self.tags: list[str] = []  # the store's tags, for the dialogs' completers
        self.suspended = False  # an own write is running: it re-runs the query by itself
        self.closed = False
        self._is_searching = is_searching
        self._last_dv: int | None = None
        self._last_event: int | None = None  # the newest memory event seen
        self._store_changed.connect(self._on_store_changed)
        self.unlisten: Callable[[], None] = store.add_listener(self._store_changed.emit)
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setSingleShot(True)
        self.refresh_timer.setInterval(REFRESH_COALESCE_MS)
        self.refresh_timer.timeout.connect(self.refresh_due)
        self._dv_timer = QTimer(self)
        self._dv_timer.setInterval(DATA_VERSION_POLL_MS)
        self._dv_timer.timeout.connect(self.poll_data_version)
        self._dv_timer.start()
        self._meta_timer = QTimer(self)
        self._meta_timer.setSingleShot(True)
        self._meta_timer.setInterval(COMPLETIONS_DELAY_MS)
        self._meta_timer.timeout.connect(self.load_completions)

    @contextmanager
    def own_write(self) -> Iterator[None]:
        """Around a write of ours that re-runs the query itself: no second refresh for it."""
        self.suspended = True
        try:
            yield
        finally:
            self.suspended = False

    def refresh_pending(self) -> bool:
        return self.refresh_timer.isActive()

    def cancel_refresh(self) -> None:
        self.refresh_timer.stop()

    def stop(self) -> None:
        """Stop the timers (the area is closing); the listener goes with the area's cleanup."""
        self.closed = True
        self._dv_timer.stop()
        self.refresh_timer.stop()
        self._meta_timer.stop()

    def _on_store_changed(self, ids: set[str]) -> None:
        self.changed.emit(set(ids))
        self._meta_timer.start()
        if not self.suspended:
            self.refresh_timer.start()

    def poll_data_version(self) -> None:
        try:
            dv = self.store.data_version()
        except sqlite3.Error as exc:  # busy or gone: the next poll tries again
            log.info("data_version: %s", exc)
            return
        if self._last_dv is not None and dv != self._last_dv:
            # Another connection wrote. Only a new event changes a memory: the access log, the
            # stored search index, the embeddings cache or a run also change the file, and
            # re-running the query and reading every tag for them was most of a stall while
            # typing at 100k memories (the window logs the results it shows).
            try:
                event = self.store.last_event_id()
            except (sqlite3.Error, SQLAlchemyError) as exc:  # busy: the next poll tries again
                log.info("last event id: %s", exc)
                return
            if event == self._last_event:
                self._last_dv = dv
                return
            self._last_event = event
            self.changed.emit(None)
            self._meta_timer.start()
            if not self.suspended and not self._is_searching():
                self.refresh_timer.start()
        elif self._last_dv is None:
            try:
                self._last_event = self.store.last_event_id()
            except (sqlite3.Error, SQLAlchemyError):
                return
        self._last_dv = dv

    def load_completions(self) -> None:
        """Read the tags and environments off the GUI thread, then emit them; not while the
        user types (``busy``): reading every tag is a second of CPU at 100,000 memories, which
        on two cores slows the searches and the paints it would run beside."""
        if self.busy is not None and self.busy():
            self._meta_timer.start(COMPLETIONS_BUSY_RETRY_MS)
            return
        store = self.store

        def fetch() -> tuple[list[str], list[str]]:
            return list(store.all_tags()), list(store.environments())

        def done(res: tuple[list[str], list[str]]) -> None:
            if self.closed or not shiboken6.isValid(self):
                return
            tags, envs = res
            self.tags = tags
            self.completions_loaded.emit(tags, envs)

        run_in_thread(fetch, on_done=done, on_error=lambda e: log.warning("tags: %s", e))

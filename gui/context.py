"""What every GUI area is given: the open database, the memory store, the retriever, settings.

Built once by :mod:`hmdesk.gui.app` (or by a test / the screenshot renderer with
:func:`build_context`) and passed explicitly; there are no global singletons.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore

log = logging.getLogger(__name__)


class MessageBus(QObject):
    """App-wide notifications. Any area emits; the main window shows them.

    Signals:
        error(str, str): what happened, what to do — shown in the non-modal error banner.
        info(str): a short status-bar message.
    """

    error = Signal(str, str)
    info = Signal(str)

    def show_error(self, what: str, todo: str = "") -> None:
        log.warning("%s %s", what, todo)
        self.error.emit(what, todo)

    def show_info(self, text: str) -> None:
        self.info.emit(text)


@dataclass
class AppContext:
    db: Database
    store: MemoryStore
    retriever: Retriever
    settings: QSettings
    bus: MessageBus = field(default_factory=MessageBus)


def open_core(
    db_path: Path | str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Database, MemoryStore, Retriever]:
    """Open the database, store and retriever (Qt-free; safe to call off the GUI thread).

    A store whose stored search index is missing (migrated from before revision 0004), was never
    built, has another format or is far behind gets it built here, reporting ``progress(done,
    total)`` from this thread, so the first search does not pay for it. The check is cheap (no
    snapshot is read); a damaged snapshot is found, and rebuilt, by the retriever's first load.

    Raises ``hmdesk.core.db.DatabaseError`` with a message for the user.
    """
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore

    db = Database(db_path)
    if db.read_only is None and db.dialect == "sqlite" and index_needs_work(db):
        from hmdesk.core.memory.search_index.maintain import ensure_current

        outcome = ensure_current(db, progress=progress)
        log.info("search index at open: %s", outcome)
    # the window refreshes the stored index after its writes on a worker (IndexKeeper)
    from hmdesk.core.team.identity import current_user

    store = MemoryStore(db, actor=current_user(), keep_index=False)
    retriever = Retriever(store)
    # rjieba's import holds the interpreter lock: here, before the Memories area is searchable,
    # not as a stall while typing (docs/decisions/0005-chinese-segmenter-loads-while-the-store-opens.md)
    from hmdesk.core.memory.terms import load_segmenter

    load_segmenter()
    return db, store, retriever


def index_needs_work(db: Database) -> bool:
    """Whether ``db``'s stored search index must be built or refreshed before it is of use: a
    cheap look at its tables and header, no snapshot read."""
    from hmdesk.core.memory.search_index.maintain import dbapi_of, index_state, refresh_threshold

    with db.read() as s:
        state = index_state(dbapi_of(s))
    return state.problem is not None or state.pending > refresh_threshold(state.size)


def build_context(
    db_path: Path | str | None = None, settings: QSettings | None = None
) -> AppContext:
    """Everything at once, on the calling thread (tests, screenshots)."""
    db, store, retriever = open_core(db_path)
    if settings is None:
        settings = QSettings()
    return AppContext(db=db, store=store, retriever=retriever, settings=settings)

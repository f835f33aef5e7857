"""Opening a store whose search index was never built (or predates revision 0004): the index is
built while the database opens, its progress shows in the window, and the retriever then loads
the stored index instead of reading every memory."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from hmdesk.core.db import Database, migrate_to
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.search_index.maintain import dbapi_of, index_state
from hmdesk.core.memory.store import MemoryStore
from hmdesk.gui.app import ProgressRelay
from hmdesk.gui.context import index_needs_work, open_core
from hmdesk.gui.main_window import MainWindow

CONTENTS = [
    "hdc install fails with 9568320: sign the hap",
    "hvigor build stalls on ohpm install behind a proxy",
    "emulator boot loops after an image update",
]


def seeded(path: Path) -> None:
    db = Database(path)
    store = MemoryStore(db)
    try:
        for text in CONTENTS:
            store.add(text, tags=["t"])
    finally:
        store.close()
        db.close()


def never_built(path: Path) -> None:
    seeded(path)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM search_meta WHERE key = 'snapshot'")
    conn.close()


def from_before_the_index(path: Path) -> None:
    seeded(path)
    migrate_to(path, "0003", down=True)
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert "search_meta" not in tables  # the index tables went with revision 0004


@pytest.mark.parametrize("prepare", [never_built, from_before_the_index])
def test_open_core_builds_a_missing_index_with_progress(tmp_path, prepare):
    path = tmp_path / "old.db"
    prepare(path)
    seen: list[tuple[int, int, str]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total, threading.current_thread().name))

    db, store, retriever = open_core(path, progress=progress)
    try:
        assert seen and seen[-1][:2] == (len(CONTENTS), len(CONTENTS))
        assert not index_needs_work(db)
        with db.read() as s:
            state = index_state(dbapi_of(s))
        assert state.problem is None and state.size == len(CONTENTS)
        result = retriever.search(Query(text="9568320"))
        assert [r.memory.content for r in result.results] == [CONTENTS[0]]
        assert retriever.last_problem is None
    finally:
        retriever.close()
        store.close()
        db.close()


def test_open_core_leaves_a_current_index_alone(tmp_path):
    path = tmp_path / "new.db"
    seeded(path)
    seen: list[tuple[int, int]] = []
    db, store, retriever = open_core(path, progress=lambda d, t: seen.append((d, t)))
    try:
        assert seen == []
        assert retriever.search(Query(text="proxy")).results
    finally:
        retriever.close()
        store.close()
        db.close()


def test_progress_from_the_opening_thread_shows_in_the_status_bar(qtbot, settings):
    window = MainWindow(None, settings=settings)
    qtbot.addWidget(window)
    relay = ProgressRelay(window)
    relay.progressed.connect(window.show_index_progress)
    worker = threading.Thread(target=relay.report, args=(5_000, 100_000))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: "5,000 of 100,000" in window.statusBar().currentMessage())
    assert window.statusBar().currentMessage().startswith("Building the search index…")
    relay.report(100_000, 100_000)
    qtbot.waitUntil(lambda: "Saving the search index" in window.statusBar().currentMessage())

"""The window's first look: the saved query's results from the stored search index, on screen
before the store is open, then replaced by the Memories area."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.search_index.maintain import ensure_current
from hmdesk.core.memory.store import MemoryStore
from hmdesk.gui.main_window import MainWindow
from hmdesk.gui.memories.preview import PreviewPane, first_look, first_look_query
from PySide6.QtCore import QSettings

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
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
        ensure_current(db, force=True)
    finally:
        store.close()
        db.close()


def test_the_first_look_equals_the_areas_first_search(tmp_path: Path, settings: QSettings) -> None:
    path = tmp_path / "m.db"
    seeded(path)
    settings.setValue("query/text", "install")
    settings.setValue("query/profile", "hmharness")
    query = first_look_query(settings)
    assert query is not None and query.text == "install" and query.limit == 10
    query = replace(query, now=NOW)  # both searches score recency at the same moment
    look = first_look(path, query)
    assert look is not None
    db = Database(path)
    store = MemoryStore(db)
    retriever = Retriever(store)
    try:
        want = retriever.search(query)
    finally:
        retriever.close()
        store.close()
        db.close()
    assert [(r.memory.id, r.score) for r in look.results] == [
        (r.memory.id, r.score) for r in want.results
    ]
    assert len(look.results) == 2


def test_no_first_look_without_a_stored_index(tmp_path: Path, settings: QSettings) -> None:
    path = tmp_path / "m.db"
    seeded(path)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM search_meta WHERE key = 'snapshot'")
    conn.close()
    query = first_look_query(settings)
    assert query is not None and query.text == ""
    assert first_look(path, query) is None  # the area's own search answers instead
    assert first_look(tmp_path / "missing.db", query) is None
    assert not (tmp_path / "missing.db").exists()  # a first look never creates a file


def test_a_chinese_first_look(tmp_path: Path, settings: QSettings) -> None:
    path = tmp_path / "m.db"
    db = Database(path)
    store = MemoryStore(db)
    try:
        store.add("构建失败：先清理 hvigor 缓存", tags=["t"])
        store.add("模拟器启动失败", tags=["t"])
        ensure_current(db, force=True)
    finally:
        store.close()
        db.close()
    settings.setValue("query/text", "构建失败")
    query = first_look_query(settings)
    assert query is not None and query.text == "构建失败"
    look = first_look(path, replace(query, now=NOW))
    assert look is not None
    assert look.results[0].memory.content.startswith("构建失败")


def test_the_window_shows_it_until_the_area_replaces_it(
    qtbot, tmp_path: Path, settings: QSettings
) -> None:
    path = tmp_path / "m.db"
    seeded(path)
    query = first_look_query(settings)
    assert query is not None
    look = first_look(path, query)
    window = MainWindow(None, settings=settings)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_results, timeout=5000):
        window.show_first_look(look)
    pane = window.tabs.widget(0)
    assert isinstance(pane, PreviewPane)
    assert pane.model.rowCount() == len(CONTENTS)
    assert window.tabs.tabText(0) == "Memories"
    from hmdesk.gui.context import build_context

    ctx = build_context(path, settings)
    try:
        window.set_context(ctx)
        assert not isinstance(window.tabs.widget(0), PreviewPane)
        window.show_first_look(look)  # too late: the area is there
        assert window.tabs.widget(0) is window.memories
    finally:
        window.close()
        ctx.retriever.close()

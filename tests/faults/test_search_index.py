"""A damaged stored search index is detected and never used: pending rows deleted by another
program, a header edited by hand. The search answers what the memories say (the full way), and
the next writer rebuilds the index."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.diversity import diversified
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.search_index.file_search import search_file, search_stored
from hmdesk.core.memory.search_index.maintain import ensure_current, index_state
from hmdesk.core.memory.store import MemoryStore

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    for i in range(30):
        s.add(f"hvigor build note {i}", confidence=0.2 + i / 100)
    s.add("hdc install failed 9568320", confidence=0.9)
    ensure_current(db, force=True)  # a snapshot of the 31 memories
    yield s  # type: ignore[misc]
    s.close()
    db.close()


def _ids(store: MemoryStore, text: str) -> list[str]:
    result = search_file(store.db.path, Query(text=text, limit=50, now=NOW))
    return [r.memory.id for r in result.results]


def _expected(store: MemoryStore, text: str) -> list[str]:
    records = store.list(include_superseded=True)
    index = MemoryIndex(records, order=[r.seq for r in records])
    result = diversified(index.search, Query(text=text, limit=50, now=NOW))
    assert result is not None
    return [r.memory.id for r in result.results]


def _raw(store: MemoryStore, sql: str, *args: object) -> None:
    conn = sqlite3.connect(store.db.path)
    with conn:
        conn.execute(sql, args)
    conn.close()


@pytest.mark.hostile("index-pending-rows-deleted")
def test_deleted_pending_rows_are_detected_and_the_index_not_used(store: MemoryStore) -> None:
    first = store.list()[0]
    store.edit(first.id, content="arkts compiler zeta")  # pending in search_dirty
    _raw(store, "DELETE FROM search_dirty")  # another program forgets the pending rows
    assert search_stored(store.db.path, Query(text="zeta", now=NOW)) is None  # not trusted
    assert _ids(store, "zeta") == [first.id] == _expected(store, "zeta")
    assert _ids(store, "hvigor build") == _expected(store, "hvigor build")
    with store.db.read() as s:
        conn = s.connection().connection.dbapi_connection
        assert isinstance(conn, sqlite3.Connection)
        assert "pending rows were deleted" in str(index_state(conn).problem)
    assert ensure_current(store.db).startswith("rebuilt: the search index is damaged")
    assert search_stored(store.db.path, Query(text="zeta", now=NOW)) is not None  # usable again
    assert _ids(store, "zeta") == [first.id]


@pytest.mark.hostile("index-header-edited")
@pytest.mark.parametrize(
    "edit",
    [
        lambda h: h["conf"].update(dtype="<i8"),  # the confidences read as integers
        lambda h: h.update(tick=h["tick"] + 10_000),  # pending rows would look covered
    ],
    ids=["conf-dtype", "tick"],
)
def test_an_edited_index_header_is_detected_and_not_used(store: MemoryStore, edit: object) -> None:
    store.edit(store.list()[3].id, content="signing profile expired")  # pending
    conn = sqlite3.connect(store.db.path)
    with conn:
        (text,) = conn.execute("SELECT value FROM search_meta WHERE key = 'snapshot'").fetchone()
        head = json.loads(text)
        edit(head)  # type: ignore[operator]
        conn.execute("UPDATE search_meta SET value = ? WHERE key = 'snapshot'", (json.dumps(head),))
    conn.close()
    _raw(store, "DELETE FROM search_dirty")  # with the tick raised, this would pass unnoticed
    assert search_stored(store.db.path, Query(text="hvigor", now=NOW)) is None
    for text in ("hvigor build", "signing", "hdc 9568320"):
        assert _ids(store, text) == _expected(store, text)
    assert ensure_current(store.db).startswith("rebuilt: the search index is damaged")
    assert _ids(store, "hvigor build") == _expected(store, "hvigor build")

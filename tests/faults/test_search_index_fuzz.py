"""Random writes (through the store and around it) and refreshes: the stored index plus its
pending rows always answers exactly what an in-memory index of the live memories answers."""

from __future__ import annotations

import sqlite3
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.diversity import diversified
from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
from hmdesk.core.memory.retrieve.profile import DEFAULT, HMHARNESS
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.search_index.file_search import search_stored
from hmdesk.core.memory.search_index.maintain import load_segments, refresh
from hmdesk.core.memory.store import MemoryStore
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fixtures.examples import share

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
WORDS = ["hvigor", "build", "fail", "hdc", "9568320", "构建", "失败", "签名", "🚀", "ab"]
text_st = st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join)
op_st = st.one_of(
    st.tuples(st.just("add"), text_st, st.sampled_from([0.1, 0.5, 0.9])),
    st.tuples(st.just("edit"), st.integers(0, 20), text_st),
    st.tuples(st.just("conf"), st.integers(0, 20), st.sampled_from([0.0, 0.3, 1.0])),
    st.tuples(st.just("delete"), st.integers(0, 20)),
    st.tuples(st.just("restore"), st.integers(0, 20)),
    st.tuples(st.just("supersede"), st.integers(0, 20), text_st),
    st.tuples(st.just("raw_update"), st.integers(0, 20), text_st),
    st.tuples(st.just("raw_delete"), st.integers(0, 20)),
    st.tuples(st.just("refresh")),
)
query_st = st.builds(
    Query,
    text=st.sampled_from(["", "hvigor", "构建失败", "hdc 9568320", "build fail", "🚀"]),
    profile=st.sampled_from([DEFAULT, HMHARNESS]),
    include_superseded=st.booleans(),
    limit=st.just(50),
    now=st.just(NOW),
)


def explain(result: QueryResult) -> tuple[object, ...]:
    return (
        result.terms,
        [(r.memory, r.score, r.components, r.terms) for r in result.results],
        result.filtered,
        result.pool,
        result.matched,
        result.note,
    )


def apply(store: MemoryStore, op: tuple[object, ...]) -> None:
    ids = [m.id for m in store.list(include_superseded=True, include_deleted=True)]
    kind = op[0]
    if kind == "add":
        store.add(str(op[1]), confidence=float(op[2]))  # type: ignore[arg-type]
        return
    if not ids:
        store.add("hvigor build", confidence=0.5)
        return
    if kind == "refresh":
        refresh(store.db)
        return
    target = ids[int(op[1]) % len(ids)]  # type: ignore[call-overload]
    current = store.get(target)
    if kind == "edit" and current.deleted_at is None:
        store.edit(target, content=str(op[2]))
    elif kind == "conf" and current.deleted_at is None:
        store.set_confidence(target, float(op[2]), reason="fuzz")  # type: ignore[arg-type]
    elif kind == "delete" and current.deleted_at is None:
        store.delete(target)
    elif kind == "restore" and current.deleted_at is not None:
        store.restore(target)
    elif kind == "supersede" and current.deleted_at is None and not current.superseded_by:
        store.supersede(target, content=str(op[2]), reason="fuzz")
    elif kind in ("raw_update", "raw_delete"):
        conn = sqlite3.connect(store.db.path)
        with conn:
            if kind == "raw_update":
                conn.execute("UPDATE memories SET content = ? WHERE id = ?", (op[2], target))
            else:
                conn.execute("DELETE FROM memories WHERE id = ?", (target,))
        conn.close()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("memories-written-around-the-store")
@settings(max_examples=share(5))  # each example builds a store on disk: a fifth of the profile's
@given(st.lists(op_st, min_size=1, max_size=12), st.lists(query_st, min_size=1, max_size=3))
def test_stored_index_equals_memory_index(ops: list[tuple[object, ...]], qs: list[Query]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "f.db")
        store = MemoryStore(db)
        try:
            for op in ops:
                apply(store, op)
                records = store.list(include_superseded=True, include_deleted=False)
                want = MemoryIndex(records, order=[r.seq for r in records])
                conn = sqlite3.connect(db.path)
                try:
                    segments = load_segments(conn).segments
                    for q in qs:
                        expected = explain(want.search(q))
                        assert explain(search_segments(segments, q)) == expected
                        stored = search_stored(db.path, q)  # the one-shot's way: read-only
                        folded = diversified(want.search, q)  # it folds near-duplicates
                        assert stored is not None and folded is not None
                        assert explain(stored) == explain(folded)
                finally:
                    conn.close()
        finally:
            store.close()
            db.close()

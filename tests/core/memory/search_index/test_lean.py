"""core/memory/search_index/lean.py: a one-shot search reads each part of the snapshot once,
and only the parts its query uses; a damaged part is still never trusted."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve import Query, QueryResult
from hmdesk.core.memory.search_index import SnapshotError, dbapi_of, lean, refresh
from hmdesk.core.memory.search_index.oneshot import search_file
from hmdesk.core.memory.store import MemoryStore

from tests.core.memory.test_search_index import NOW, damage_blob, explain, fill, reference


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "s.db")
    s = MemoryStore(db)
    fill(s)
    refresh(db)
    yield s
    s.close()
    db.close()


def _search(path: Path, q: Query) -> tuple[QueryResult, set[str], list[str]]:
    """``q`` through a fresh view: (answer, the parts it read, the snapshot reads made)."""
    conn = sqlite3.connect(path)
    reads: list[str] = []
    conn.set_trace_callback(lambda sql: reads.append(sql) if "search_snapshot" in sql else None)
    try:
        conn.execute("BEGIN")
        view = lean.View(conn)
        answer = lean.search(conn, q, view=view)
        again = lean.search(conn, q, view=view)  # the widened search: nothing read again
        assert isinstance(answer, QueryResult) and isinstance(again, QueryResult)
        assert explain(again) == explain(answer)
        parts = view.parts()[0]
        words = ["vocab"] if isinstance(parts, lean.LazyParts) and parts.vocab_words else []
        return answer, {*parts, *words}, reads
    finally:
        conn.close()


def test_a_text_query_reads_neither_tag_postings_nor_the_confidence_order(
    store: MemoryStore,
) -> None:
    q = Query("hvigor build", now=NOW, limit=5)
    answer, read, reads = _search(store.db.path, q)
    assert explain(answer) == explain(reference(store, q))
    assert {"vocab", "chunk_docs", "gram_chunks", "conf", "seq"} <= read
    assert not read & {"tag_docs", "tag_ptr", "by_conf", "layer", "env"}
    assert len(reads) == len(read)  # each part once, whatever the number of searches


def test_a_query_without_terms_reads_no_vocabulary_nor_postings(store: MemoryStore) -> None:
    q = Query("not signing", now=NOW, limit=3)  # nothing left but a negated word
    answer, read, _ = _search(store.db.path, q)
    assert answer.rewrite is not None and answer.rewrite.searched == ""
    assert explain(answer) == explain(reference(store, q))
    assert "by_conf" in read
    assert not read & {"vocab", "chunk_docs", "gram_keys", "gram_chunks"}


def test_a_damaged_part_is_never_trusted_when_used(store: MemoryStore) -> None:
    with store.db.write() as s:
        damage_blob(dbapi_of(s))  # the conf part
    conn = sqlite3.connect(store.db.path)
    try:
        with pytest.raises(SnapshotError):
            lean.search(conn, Query("hvigor", now=NOW))
    finally:
        conn.close()
    for text in ("hvigor", "", "not signing"):  # the one-shot way reads every memory instead
        q = Query(text, now=NOW, limit=5)
        assert explain(search_file(store.db.path, q)) == explain(reference(store, q))


def test_a_damaged_vocabulary_is_never_trusted_when_its_words_are_used(
    store: MemoryStore,
) -> None:
    with store.db.write() as s:
        conn = dbapi_of(s)
        (data,) = conn.execute("SELECT data FROM search_snapshot WHERE part = 'vocab'").fetchone()
        damaged = bytes([data[0] ^ 0x20]) + data[1:]
        conn.execute("UPDATE search_snapshot SET data = ? WHERE part = 'vocab'", (damaged,))
    conn = sqlite3.connect(store.db.path)
    try:
        with pytest.raises(SnapshotError):
            lean.search(conn, Query("hvigor", now=NOW))  # six characters: its words are read
    finally:
        conn.close()
    for text in ("hvigor", "签名", "🚀 deploy", "署"):  # the one-shot way reads every memory
        q = Query(text, now=NOW, limit=5)
        assert explain(search_file(store.db.path, q)) == explain(reference(store, q))

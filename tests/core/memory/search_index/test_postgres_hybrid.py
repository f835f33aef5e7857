"""A hybrid search on a team store with the server's lexical candidates equals the in-process
index's: the same ids, scores, explanations and counts (hypothesis over random stores, vectors
and queries), whether the memories are in ``search_docs`` or pending, with the client's vectors
(on the team-store server) and with pgvector's (on the server with it, when there is one)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.hybrid import SemanticQuery
from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.rewrite import searched_text
from hmdesk.core.memory.search_index.postgres_hybrid import search_hybrid_server
from hmdesk.core.memory.search_index.postgres_search import connect
from hmdesk.core.memory.semantic import FakeEmbedder, cache, server_vectors
from hypothesis import given
from hypothesis import strategies as st

from tests.core.memory.retrieve.test_index_equivalence import (
    NOW,
    broad_query_st,
    build,
    query_st,
    record_st,
)
from tests.core.memory.search_index.test_postgres_search import assert_same, put
from tests.fixtures.postgres import ENV, PGVECTOR_ENV, fresh_url

EMB = FakeEmbedder(dim=16)


@pytest.fixture(scope="module", params=[ENV, PGVECTOR_ENV], ids=["client", "pgvector"])
def server(request: pytest.FixtureRequest) -> Iterator[tuple[Any, Database, bool]]:
    """A migrated team store (one for the module), an autocommit connection to it, its
    Database, and whether the nearest memories come from pgvector."""
    with fresh_url(request.param) as url:
        db = Database(url)
        conn = connect(url)
        on_server = server_vectors.available(db)
        if request.param == PGVECTOR_ENV:
            assert on_server, "no pgvector on the server of HMDESK_TEST_PGVECTOR_URL"
        try:
            yield conn, db, on_server
        finally:
            conn.close()
            db.close()


def assert_hybrid_equal(
    conn: Any, db: Database, on_server: bool, records: list[MemoryRecord], queries: list[Query]
) -> None:
    index = MemoryIndex(records, order=[r.seq for r in records])
    client = cache.load(db, EMB.model_id)
    matrix = server_vectors.load_seqs(db, EMB.model_id) if on_server else client
    for q in queries:
        text = searched_text(q).strip()
        if not text:  # no text to embed: a lexical search (the server's already)
            continue
        vector = EMB.embed_query(text)
        missing = index.live_count - client.live
        note = (
            f"{missing} of {index.live_count} memories have no embedding yet for {EMB.model_id}; "
            "they rank by their lexical part (hmdesk-cli embed computes them)"
            if missing > 0
            else None
        )
        want = search_segments([index], q, semantic=SemanticQuery(vector, client), note=note)
        got = search_hybrid_server(conn, q, SemanticQuery(vector, matrix))
        assert_same(got, want)


def _store(conn: Any, db: Database, raw: list[Any], filled: bool, unembedded: int) -> Any:
    """The store holds the records of ``raw``, each live one with its vector but the last
    ``unembedded``."""
    conn.execute("DELETE FROM memory_embeddings")
    records = build(raw)
    put(conn, records, filled=filled)
    items = cache.pending(db, EMB.model_id)
    items = items[: max(0, len(items) - unembedded)]
    if items:
        cache.save(db, EMB.model_id, items, EMB.embed([i.text for i in items], kind="passage"))
    return records


@given(
    st.lists(record_st, max_size=30),
    st.lists(st.one_of(query_st, broad_query_st), min_size=1, max_size=3),
    st.booleans(),
    st.integers(0, 3),
)
def test_hybrid_with_the_servers_candidates_equals_the_index(
    server: tuple[Any, Database, bool],
    raw: list[Any],
    queries: list[Query],
    filled: bool,
    unembedded: int,
) -> None:
    conn, db, on_server = server
    records = _store(conn, db, raw, filled, unembedded)
    # at one ``now`` (a query without one is at the time it runs: the two would differ)
    hybrid = [replace(q, profile=PROFILES["hybrid"], now=q.now or NOW) for q in queries]
    assert_hybrid_equal(conn, db, on_server, records, hybrid)

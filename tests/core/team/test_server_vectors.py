"""Hybrid on a team store: the nearest memories found by the server (pgvector) give the same
results as the client's matrix: the same ids, scores and explanations, filters and ties too.

The memories are the lines of real hilog captures (tests/data/real_logs/hilog, each with its
source in the .toml beside it) with deterministic vectors (the fake n-gram embedder), and
random unit vectors with repeated rows (equal cosines: ties at the k-th). The client's way is
tested always (against an SQLite file, on the team-store server); the server's on the server
with pgvector (``pgvector_url``: ``.ci/run`` starts one from the pgserver wheel) and skips,
saying why, where there is none."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.results import Query, result_to_json
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.semantic import FakeEmbedder, cache, server_vectors
from hmdesk.core.memory.semantic.cache import EmbeddingMatrix
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fixtures.postgres import PGVECTOR_ENV, fresh_url, pg_url, pgvector_url  # noqa: F401

NOW = datetime(2026, 12, 1, tzinfo=UTC)
LOGS = Path(__file__).parents[2] / "data" / "real_logs" / "hilog"
NO_PGVECTOR = (
    "revision 0013 did not create pgvector on the server of HMDESK_TEST_PGVECTOR_URL (the test "
    "user must be its superuser)"
)


def _lines() -> list[str]:
    out: list[str] = []
    for path in sorted(LOGS.glob("*.log")):
        text = path.read_text(encoding="utf-8")
        out += [ln.strip() for ln in text.splitlines() if any(c.isalnum() for c in ln)]
    return list(dict.fromkeys(out))


def _search(r: Retriever, text: str, *, on_server: bool, **kw: object) -> dict[str, object]:
    r.semantic.on_server = on_server
    kw.setdefault("limit", 8)
    query = Query(text=text, profile=PROFILES["hybrid"], now=NOW, **kw)  # type: ignore[arg-type]
    found = result_to_json(r.search(query))
    found.pop("elapsed_ms")  # the one field that differs: the time it took
    return found


def _filled(db: Database, emb: FakeEmbedder) -> MemoryStore:
    store = MemoryStore(db)
    for i, line in enumerate(_lines()):
        layer = "episodic" if i % 3 else "semantic"
        store.add(line, layer=layer, confidence=0.5 + i % 5 / 10, id=f"mem-{i:012x}")
    fill_embeddings(db, emb)
    return store


QUERIES: list[tuple[str, dict[str, object]]] = [
    ("hungtask kick foundation", {}),
    ("booster net report", {"layer": "episodic"}),
    ("appspawn 进程 启动", {}),
    ("window builder", {"layer": "semantic"}),
]


def test_without_pgvector_a_team_store_ranks_hybrid_as_a_file(
    pg_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The client's way on PostgreSQL (as without the extension) against the same memories in
    an SQLite file: the same ids, the scores equal but for the recency of a few milliseconds
    between the two stores' writes."""
    emb = FakeEmbedder(dim=64)
    ranked = []
    for target in (pg_url, str(tmp_path / "file.db")):
        db = Database(target)
        store = _filled(db, emb)
        r = Retriever(store, embedder=emb)
        try:
            found = [_search(r, q, on_server=False, **kw) for q, kw in QUERIES]
            assert isinstance(r.semantic.matrix(), EmbeddingMatrix)
            ranked.append([[(x["id"], x["score"]) for x in f["results"]] for f in found])
        finally:
            r.close()
            store.close()
            db.close()
    team, file = ranked
    assert all(team) and [[i for i, _ in q] for q in team] == [[i for i, _ in q] for q in file]
    for q_team, q_file in zip(team, file, strict=True):
        assert [s for _, s in q_team] == pytest.approx([s for _, s in q_file], abs=1e-6)


def test_hybrid_on_the_server_equals_the_clients_matrix(pgvector_url: str) -> None:  # noqa: F811
    db = Database(pgvector_url)
    emb = FakeEmbedder(dim=64)
    store = _filled(db, emb)
    r = Retriever(store, embedder=emb)
    try:
        assert server_vectors.available(db), NO_PGVECTOR
        client = [_search(r, q, on_server=False, **kw) for q, kw in QUERIES]
        assert isinstance(r.semantic.matrix(), EmbeddingMatrix)
        assert all(c["results"] for c in client)
        server = [_search(r, q, on_server=True, **kw) for q, kw in QUERIES]
        assert isinstance(r.semantic.matrix(), server_vectors.ServerVectors)
        assert server == client
    finally:
        r.close()
        store.close()
        db.close()


def _down_and_up(db: Database) -> None:
    """Down to revision 0012 (the ``embedding`` column dropped) and up to head again."""
    from alembic import command
    from hmdesk.core.db import alembic_config

    for target, has in (("0012", False), ("head", True)):
        with db.engine.connect() as conn:
            conn.begin()
            (command.downgrade if target == "0012" else command.upgrade)(
                alembic_config(conn), target
            )
            conn.commit()
        assert server_vectors.available(db) is has


@pytest.mark.parametrize("listed", [server_vectors.LISTED, 0])
def test_the_servers_nearest_are_the_clients_with_filters_and_ties(
    pgvector_url: str,  # noqa: F811
    listed: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``listed``: the filters' mask sent as seqs (few kept), or applied to the server's nearest
    in the process (0: every mask is wide)."""
    monkeypatch.setattr(server_vectors, "LISTED", listed)
    db = Database(pgvector_url)
    store = MemoryStore(db)
    try:
        n, dim = 400, 24
        for i in range(n):
            store.add(f"memory {i}")
        rng = np.random.default_rng(30)
        vectors = rng.normal(size=(n, dim)).astype(np.float32)
        vectors[n // 2 :] = vectors[: n // 4].repeat(2, axis=0)  # repeated rows: equal cosines
        vectors[7] = 0.0  # a damaged row: left out of both
        vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
        items = cache.pending(db, "rand")
        assert cache.save(db, "rand", items, vectors) == n
        client = cache.load(db, "rand")
        assert items[7].seq not in client.seqs.tolist() and len(client) == n - 1
        assert server_vectors.available(db), NO_PGVECTOR
        _down_and_up(db)  # revision 0013 fills the column from the stored bytes
        server = server_vectors.load_seqs(db, "rand")
        assert np.array_equal(server.seqs, client.seqs)
        for t in range(6):
            q = vectors[rng.integers(n)] if t % 2 else rng.normal(size=dim).astype(np.float32)
            q = (q / np.linalg.norm(q)).astype(np.float32)
            mask = rng.random(len(client)) < (1.0, 0.9, 0.5, 0.05, 1.0, 0.3)[t]
            for k in (1, 10, 60):
                rows_c, cos_c = client.nearest(q, k, mask)
                rows_s, cos_s = server.nearest(q, k, mask)
                assert rows_s.tolist() == rows_c.tolist()
                assert cos_s.tolist() == cos_c.tolist()
            some = np.flatnonzero(mask)[:50]
            assert server.similarity(q, some).tolist() == client.similarity(q, some).tolist()
    finally:
        store.close()
        db.close()


def test_a_one_shot_asks_the_server_and_a_warmed_window_its_own_matrix(
    pgvector_url: str,  # noqa: F811
) -> None:
    """The defaults measured by ``python -m tests.bench pgvector``: a new process's hybrid search
    lets the server find the nearest (no vector read) and the lexical candidates (no index
    built); once ``warm()`` has put the index in the
    process (the window), the vectors are read and ranked there too, the same results."""
    db = Database(pgvector_url)
    store = MemoryStore(db)
    emb = FakeEmbedder(dim=64)
    r = Retriever(store, embedder=emb)
    try:
        for line in _lines()[:30]:
            store.add(line)
        fill_embeddings(db, emb)
        assert server_vectors.available(db), NO_PGVECTOR
        query = Query(text="appspawn 进程", profile=PROFILES["hybrid"], now=NOW, limit=8)
        first = result_to_json(r.search(query))
        assert isinstance(r.semantic.matrix(), server_vectors.ServerVectors)
        assert not r.warmed  # no index built in process: the lexical candidates were the server's
        r.warm()
        warm = result_to_json(r.search(query))
        assert isinstance(r.semantic.matrix(), EmbeddingMatrix)
        assert [x["id"] for x in warm["results"]] == [x["id"] for x in first["results"]]
        assert [x["score"] for x in warm["results"]] == [x["score"] for x in first["results"]]
    finally:
        r.close()
        store.close()
        db.close()


@contextmanager
def listed(n: int) -> Iterator[None]:
    """:data:`server_vectors.LISTED` set to ``n`` (0: every mask applied in the process)."""
    saved = server_vectors.LISTED
    server_vectors.LISTED = n
    try:
        yield
    finally:
        server_vectors.LISTED = saved


@pytest.fixture(scope="module")
def vector_store() -> Iterator[tuple[Database, list[Any]]]:
    """A team store with pgvector (one for the module: hypothesis writes each example's vectors
    over it) holding 48 memories, and their pending items for :func:`cache.save`."""
    with fresh_url(PGVECTOR_ENV) as url:
        db = Database(url)
        store = MemoryStore(db)
        try:
            for i in range(48):
                store.add(f"memory {i}")
            assert server_vectors.available(db), NO_PGVECTOR
            yield db, cache.pending(db, "hyp")
        finally:
            store.close()
            db.close()


# small integers, normalised: equal directions of other lengths give near-equal float32 cosines
# (pgvector sums in float32 in another order), repeated rows equal ones, zero rows none
_row = st.lists(st.integers(-2, 2), min_size=6, max_size=6)


@settings(max_examples=40, deadline=None)
@given(
    rows=st.lists(_row, min_size=48, max_size=48),
    queries=st.lists(_row.filter(any), min_size=1, max_size=3),
    masks=st.lists(st.lists(st.booleans(), min_size=48, max_size=48), min_size=1, max_size=3),
    k=st.integers(1, 50),
    narrow=st.booleans(),
)
def test_any_vectors_the_servers_nearest_are_the_clients(
    vector_store: tuple[Database, list[Any]],
    rows: list[list[int]],
    queries: list[list[int]],
    masks: list[list[bool]],
    k: int,
    narrow: bool,
) -> None:
    """Random vectors with ties and near-ties, random filters' masks and ``k``: the server's
    nearest rows and cosines are exactly the client's matrix's, the mask sent as seqs or
    applied in the process."""
    db, items = vector_store
    vectors = np.array(rows, dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
    assert cache.save(db, "hyp", items, vectors) == len(items)
    client = cache.load(db, "hyp")
    server = server_vectors.load_seqs(db, "hyp")
    assert np.array_equal(server.seqs, client.seqs)
    if not len(client):  # every row all zero: no vector to rank (a search asks none)
        return
    with listed(server_vectors.LISTED if narrow else 0):
        for raw in queries:
            q = np.array(raw, dtype=np.float32)
            q = (q / np.linalg.norm(q)).astype(np.float32)
            for m in masks:
                mask = np.array(m, dtype=bool)[: len(client)]
                if len(mask) < len(client):  # never: 48 rows at most
                    mask = np.resize(mask, len(client))
                rows_c, cos_c = client.nearest(q, k, mask)
                rows_s, cos_s = server.nearest(q, k, mask)
                assert rows_s.tolist() == rows_c.tolist()
                assert cos_s.tolist() == cos_c.tolist()


# the lines' words (Chinese ones too), as a query's terms
_WORDS = [w for w in dict.fromkeys(" ".join(_lines()).split()) if w.isalpha()][:200]


@pytest.fixture(scope="module")
def hybrid_store() -> Iterator[Retriever]:
    """The hilog lines on a team store with pgvector, their vectors written (one for the
    module: hypothesis asks it many queries)."""
    with fresh_url(PGVECTOR_ENV) as url:
        db = Database(url)
        emb = FakeEmbedder(dim=64)
        store = _filled(db, emb)
        r = Retriever(store, embedder=emb)
        try:
            assert server_vectors.available(db), NO_PGVECTOR
            yield r
        finally:
            r.close()
            store.close()
            db.close()


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.sampled_from(_WORDS or ["x"]), min_size=0, max_size=4),
    layer=st.sampled_from([None, "semantic", "episodic"]),
    limit=st.integers(1, 40),
    narrow=st.booleans(),
)
def test_any_query_hybrid_on_the_server_equals_the_clients_matrix(
    hybrid_store: Retriever, words: list[str], layer: str | None, limit: int, narrow: bool
) -> None:
    """Random queries over the hilog lines (a filter, any limit, an empty text): the hybrid
    results with the server's nearest are the client's, ids, scores and explanations."""
    r = hybrid_store
    kw: dict[str, object] = {"layer": layer, "limit": limit}
    with listed(server_vectors.LISTED if narrow else 0):
        client = _search(r, " ".join(words), on_server=False, **kw)
        server = _search(r, " ".join(words), on_server=True, **kw)
    assert isinstance(r.semantic.matrix(), server_vectors.ServerVectors)
    assert server == client

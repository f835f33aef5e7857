"""The hybrid profile's large-store path (from ``COARSE_FROM`` vectors): cluster lists, exact
cosines only for the rows that can matter, and the same ranking as the exact path when the
probed lists hold the query's neighbours and the cosine's extremes; the lists are rebuilt when
an embedding changes. Every test runs twice: with the compiled kernels (skipped without numba)
and with numpy (see ``world``)."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve import Query, QueryResult, Retriever, hybrid
from hmdesk.core.memory.retrieve.profile import HYBRID
from hmdesk.core.memory.semantic import FakeEmbedder, Kind, cache, clusters, kernels
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixtures.examples import share

pytestmark = pytest.mark.slow  # each test builds, embeds and clusters a store of N memories

NOW = datetime(2026, 12, 1, tzinfo=UTC)
TEXT = "build install"
N = 400


@pytest.fixture(params=["compiled", "numpy"], autouse=True)
def world(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The kernels that compute the cosines and the rounds: numba's, or numpy's."""
    if request.param == "numpy":
        monkeypatch.setattr(kernels, "_loaded", [None])
    elif kernels.kernels() is None:
        pytest.skip(f"the compiled kernels are unavailable here: {kernels.failure}")
    return str(request.param)


def rows_rescored(mp: pytest.MonkeyPatch) -> list[int]:
    """Filled by each large-path search: the rows computed beyond the probe's."""
    out: list[int] = []
    real_probe, real_parts = hybrid._Rescored.add_probe, hybrid._sparse_parts
    probed: list[int] = []

    def add_probe(self: hybrid._Rescored, lists: clusters.ClusterLists, limit: int) -> None:
        real_probe(self, lists, limit)
        probed.append(int(self.done.sum()))

    def parts(*args: object, **kw: object) -> object:
        done = args[3]
        assert isinstance(done, hybrid._Rescored)
        out.append(int(done.done.sum()) - probed.pop())
        return real_parts(*args, **kw)  # type: ignore[arg-type]

    mp.setattr(hybrid._Rescored, "add_probe", add_probe)
    mp.setattr(hybrid, "_sparse_parts", parts)
    return out


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    rng = np.random.default_rng(3)
    for i in range(N):  # every memory a lexical candidate: most are pruned
        words = "build install" if i % 2 else "build"
        s.add(f"{words} note {i}", confidence=round(float(rng.uniform(0.3, 0.95)), 2))
    yield s
    s.close()
    db.close()


class _Dense(FakeEmbedder):
    """Dense vectors, as a real model gives (the fake's n-gram vectors are mostly zeros)."""

    def _embed_batch(self, texts: list[str], kind: Kind) -> npt.NDArray[np.float32]:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            v = np.random.default_rng(zlib.crc32(text.encode())).standard_normal(self.dim)
            out[i] = v / np.linalg.norm(v)
        return out


def _store_vectors(
    store: MemoryStore, emb: FakeEmbedder, text: str = TEXT
) -> npt.NDArray[np.float32]:
    """Random vectors, except: memory 0 is ``text``'s own vector (the largest cosine), memory 1
    its opposite (the smallest), memories 2-7 paraphrases of it."""
    q = emb.embed_query(text)
    todo = cache.pending(store.db, emb.model_id)
    rng = np.random.default_rng(4)
    v = rng.standard_normal((len(todo), emb.dim)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    v[0], v[1] = q, -q
    near = q + 0.25 * v[2:8]
    v[2:8] = near / np.linalg.norm(near, axis=1, keepdims=True)
    assert cache.save(store.db, emb.model_id, todo, v) == N
    return v


def _small_lists(mp: pytest.MonkeyPatch, rows: int, shortlist: int, farthest: int) -> None:
    """The large path from 10 vectors, in lists of ``rows`` rows, probing ``shortlist``
    nearest and ``farthest`` farthest rows."""
    mp.setattr(hybrid, "COARSE_FROM", 10)
    mp.setattr(clusters, "ROWS_PER_LIST", rows)
    mp.setattr(hybrid, "SHORTLIST", shortlist)
    mp.setattr(hybrid, "FARTHEST", farthest)


def assert_same_ranking(large: QueryResult, exact: QueryResult) -> None:
    """Same ids, order and matched count; scores and similarities equal within rounding."""
    assert [x.memory.id for x in large.results] == [x.memory.id for x in exact.results]
    assert large.matched == exact.matched
    for a, b in zip(large.results, exact.results, strict=True):
        assert a.score == pytest.approx(b.score, abs=1e-9)
        assert a.components["semantic"].similarity == pytest.approx(
            b.components["semantic"].similarity, abs=1e-7
        )


def _ranking(r: Retriever, limit: int) -> list[tuple[str, float, float | None]]:
    res = r.search_ranked(Query(text=TEXT, profile=HYBRID, now=NOW, limit=limit))
    return [(x.memory.id, x.score, x.components["semantic"].similarity) for x in res.results]


@pytest.mark.parametrize("limit", [3, 10])
def test_large_path_ranks_like_the_exact_path_and_rescores_few_rows(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, limit: int
) -> None:
    emb = FakeEmbedder(dim=64)
    _store_vectors(store, emb)
    _small_lists(monkeypatch, 20, 60, 60)
    monkeypatch.setattr(hybrid, "SHORTLIST_PER_RESULT", 1)
    monkeypatch.setattr(hybrid, "FIRST_RESCORE", 8)
    rescored = rows_rescored(monkeypatch)
    r = Retriever(store, embedder=emb)
    try:
        large = _ranking(r, limit)
        assert r.semantic.prepare(TEXT).lists is not None
        assert 0 < sum(rescored) < N // 2  # the others provably cannot reach the top
        monkeypatch.setattr(hybrid, "COARSE_FROM", 10**9)  # the exact path: every cosine
        exact = _ranking(r, limit)
    finally:
        r.close()
    assert [x[0] for x in large] == [x[0] for x in exact]
    assert len(large) == limit
    for (_, score, sim), (_, want_score, want_sim) in zip(large, exact, strict=True):
        assert score == pytest.approx(want_score, abs=1e-6)  # float32 dot products: einsum/BLAS
        assert sim == pytest.approx(want_sim, abs=1e-6)


def test_semantic_recall_without_lexical_hit_found_through_the_shortlist(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    emb = _Dense(dim=64)
    v = _store_vectors(store, emb, "quux words")  # no memory holds these words
    _small_lists(monkeypatch, 20, 40, hybrid.FARTHEST)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search_ranked(Query(text="quux words", profile=HYBRID, now=NOW, limit=5))
        query = emb.embed_query("quux words")
        nearest = set(np.argsort(-(v @ query))[:5].tolist())
    finally:
        r.close()
    seqs = sorted(m.seq for m in store.list())
    assert res.matched == 5  # the semantic recall alone
    assert {seqs.index(x.memory.seq) for x in res.results} == nearest
    for x in res.results:
        sem = x.components["semantic"]
        assert sem.similarity == pytest.approx(float(v[seqs.index(x.memory.seq)] @ query), abs=1e-6)


def test_lists_rebuilt_when_an_embedding_changes(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    emb = FakeEmbedder(dim=64)
    fill_embeddings(store.db, emb)
    monkeypatch.setattr(hybrid, "COARSE_FROM", 10)
    r = Retriever(store, embedder=emb)
    try:
        first = r.semantic.prepare(TEXT)
        assert first.lists is not None
        assert r.semantic.prepare(TEXT).lists is first.lists  # cached, not rebuilt per query
        target = store.list()[5]
        store.edit(target.id, content="hilog levels on the emulator")
        fill_embeddings(store.db, emb)
        second = r.semantic.prepare(TEXT)
    finally:
        r.close()
    assert second.lists is not None and second.lists is not first.lists
    row = second.matrix.row_of[target.seq]
    vector = emb.embed(["hilog levels on the emulator"], kind="passage")[0]
    assert np.allclose(second.matrix.vectors[row], vector)  # the new vector, not the old one


def test_pruned_candidates_still_counted(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The large path scores only the lexical candidates that can reach the top, yet reports
    the same matched count, filter counts and note as the exact path."""
    emb = FakeEmbedder(dim=64)
    _store_vectors(store, emb)
    _small_lists(monkeypatch, 20, 40, 40)
    query = Query(text=TEXT, profile=HYBRID, now=NOW, limit=5, tags=[])
    r = Retriever(store, embedder=emb)
    try:
        large = r.search_ranked(query)
        monkeypatch.setattr(hybrid, "COARSE_FROM", 10**9)
        exact = r.search_ranked(query)
    finally:
        r.close()
    assert large.matched == exact.matched == N
    assert large.filtered == exact.filtered and large.pool == exact.pool
    assert large.note == exact.note
    assert [x.memory.id for x in large.results] == [x.memory.id for x in exact.results]


@settings(max_examples=share(25))  # each example builds a store: a 25th of the profile's
@given(seed=st.integers(0, 2**16), limit=st.sampled_from([1, 3, 7]))
def test_every_list_probed_is_the_exact_path(
    tmp_path_factory: pytest.TempPathFactory, seed: int, limit: int
) -> None:
    """With every list probed the large path is the exact one: same ids, scores, similarities
    (random stores; the rescoring bound prunes, provably without changing the top)."""
    assert_same_ranking(
        *_large_then_exact(_small_store(tmp_path_factory.mktemp("p"), seed), "build install", limit)
    )


def _large_then_exact(
    s: MemoryStore,
    text: str,
    limit: int,
    guard: Callable[[pytest.MonkeyPatch], None] | None = None,
) -> tuple[QueryResult, QueryResult]:
    """``text``'s hybrid ranking on the large path with every list probed (``guard`` patches
    what it must not call) and on the exact path. Closes ``s``."""
    emb = _Dense(dim=16)
    fill_embeddings(s.db, emb)
    with pytest.MonkeyPatch.context() as mp:
        _small_lists(mp, 8, 60, 60)
        r = Retriever(s, embedder=emb)
        try:
            q = Query(text=text, profile=HYBRID, now=NOW, limit=limit)
            with pytest.MonkeyPatch.context() as during:
                if guard is not None:
                    guard(during)
                large = r.search_ranked(q)
            assert r.semantic.prepare(text).lists is not None
            mp.setattr(hybrid, "COARSE_FROM", 10**9)
            exact = r.search_ranked(q)
        finally:
            r.close()
            s.close()
            s.db.close()
    return large, exact


@settings(max_examples=share(25))  # each example builds a store: a 25th of the profile's
@given(seed=st.integers(0, 2**16), limit=st.sampled_from([1, 3, 7]))
def test_few_lexical_candidates_skip_the_bound_and_rank_as_the_exact_path(
    tmp_path_factory: pytest.TempPathFactory, seed: int, limit: int
) -> None:
    """With no more lexical candidates than the first round rescores, every one is rescored
    and scored (no bound computed): the ranking is still the exact path's."""
    s = _small_store(tmp_path_factory.mktemp("f"), seed)
    for i in range(3):
        s.add(f"zygote hatch {i}", confidence=0.5 + 0.1 * i)

    def no_bound(*args: object) -> float:
        raise AssertionError("the bound is computed")

    def guard(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(hybrid, "_kth_score", no_bound)
        mp.setattr(hybrid, "_large_compiled", no_bound)

    large, exact = _large_then_exact(s, "zygote", limit, guard)
    assert_same_ranking(large, exact)
    assert large.matched == exact.matched and len(large.results) == limit


def test_filters_passing_nothing_probe_no_list(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    emb = FakeEmbedder(dim=64)
    _store_vectors(store, emb)
    _small_lists(monkeypatch, 20, 40, 40)

    def no_probe(*args: object) -> None:
        raise AssertionError("a list probed")

    r = Retriever(store, embedder=emb)
    try:
        r.search_ranked(Query(text=TEXT, profile=HYBRID, now=NOW, limit=5))  # lists built
        monkeypatch.setattr(clusters.ClusterLists, "probe", no_probe)
        res = r.search_ranked(Query(text=TEXT, profile=HYBRID, now=NOW, tags=["nowhere"]))
    finally:
        r.close()
    assert res.results == [] and res.matched == 0 and res.filtered["tags"] == N


def _small_store(tmp_path: Path, seed: int) -> MemoryStore:
    s = MemoryStore(Database(tmp_path / "m.db"))
    rng = np.random.default_rng(seed)
    words = ["build", "install", "hilog", "sign", "device"]
    for i in range(60):
        picked = rng.choice(words, size=int(rng.integers(1, 4)), replace=False)
        s.add(f"{' '.join(picked)} note {i}", confidence=round(float(rng.uniform(0.3, 0.95)), 2))
    return s


@settings(max_examples=share(33))  # each example builds and edits a store: a 33rd
@given(seed=st.integers(0, 2**16), limit=st.sampled_from([1, 3, 7]))
def test_adds_edits_deletes_applied_to_the_lists_rank_like_the_exact_path(
    tmp_path_factory: pytest.TempPathFactory, seed: int, limit: int
) -> None:
    """A few changes join the existing lists (nearest centroid, no k-means again); with every
    list probed the results are still the exact path's."""
    s = _small_store(tmp_path_factory.mktemp("p"), seed)
    emb = _Dense(dim=16)
    fill_embeddings(s.db, emb)
    q = Query(text="build install", profile=HYBRID, now=NOW, limit=limit)
    with pytest.MonkeyPatch.context() as mp:
        _small_lists(mp, 8, 80, 80)
        r = Retriever(s, embedder=emb)
        try:
            r.search_ranked(q)
            first = r.semantic.prepare("build install").lists
            for i in range(3):
                s.add(f"install sign added {i}", confidence=0.9)
            ids = [m.id for m in s.list()]
            s.edit(ids[4], content="build device edited")
            s.edit(ids[9], content="hilog edited install")
            s.delete(ids[12])
            fill_embeddings(s.db, emb)
            large = r.search_ranked(q)
            lists = r.semantic.prepare("build install").lists
            matrix = r.semantic.matrix()
            mp.setattr(hybrid, "COARSE_FROM", 10**9)
            exact = r.search_ranked(q)
        finally:
            r.close()
            s.close()
            s.db.close()
    assert first is not None and lists is not None
    assert lists.centroids is first.centroids  # applied, not clustered again
    assert len(lists.tail_lists) == 5 and lists.dead == 3  # 3 added, 2 edited; 2 + 1 deleted
    assert len(matrix.row_of) == 62 and int((matrix.seqs >= 0).sum()) == 62
    assert_same_ranking(large, exact)


def test_growth_beyond_the_spare_rows_clusters_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = _small_store(tmp_path, 5)
    emb = _Dense(dim=16)
    fill_embeddings(s.db, emb)
    monkeypatch.setattr(hybrid, "COARSE_FROM", 10)
    monkeypatch.setattr(clusters, "ROWS_PER_LIST", 8)
    monkeypatch.setattr(clusters, "MIN_SPARE", 4)  # 60 rows built: 6 more at most (10 %)
    r = Retriever(s, embedder=emb)
    try:
        first = r.semantic.prepare("build").lists
        for i in range(5):
            s.add(f"build grown {i}")
        fill_embeddings(s.db, emb)
        applied = r.semantic.prepare("build").lists
        for i in range(5):
            s.add(f"build grown more {i}")
        fill_embeddings(s.db, emb)
        rebuilt = r.semantic.prepare("build").lists
        matrix = r.semantic.matrix()
        s.edit(s.list()[0].id, content="build edited, its vector not computed yet")
        note = r.search_ranked(Query(text="build", profile=HYBRID, now=NOW)).note
        dead = r.semantic.prepare("build").lists
    finally:
        r.close()
        s.close()
        s.db.close()
    assert first is not None and applied is not None and rebuilt is not None
    assert applied.centroids is first.centroids and len(applied.tail_lists) == 5
    assert rebuilt.centroids is not first.centroids  # 10 > 6 rows changed: k-means again
    assert len(rebuilt.tail_lists) == 0 and rebuilt.dead == 0
    assert int(rebuilt.starts[-1]) == len(matrix) == 70
    assert dead is not None and dead.dead == 1  # its row maps to no memory any more
    assert note is not None and note.startswith("1 of 70 memories have no embedding yet")


@pytest.mark.parametrize("world", ["compiled"], indirect=True)
def test_every_cosine_of_the_compiled_rounds_is_the_products_one(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rounds compute their cosines inside the kernel: bit for bit those every other path
    computes (so the large and the exact path never differ by a rounding)."""
    emb = _Dense(dim=64)
    _store_vectors(store, emb)
    _small_lists(monkeypatch, 20, 40, 40)
    kept: list[hybrid._Rescored] = []
    real_parts = hybrid._sparse_parts

    def parts(*args: object) -> object:
        assert isinstance(args[3], hybrid._Rescored)
        kept.append(args[3])
        return real_parts(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hybrid, "_sparse_parts", parts)
    rescored = rows_rescored(monkeypatch)
    jit = kernels.kernels()
    assert jit is not None
    compiled = {name: len(getattr(jit, name).signatures) for name in jit.__dataclass_fields__}
    r = Retriever(store, embedder=emb)
    try:
        r.search_ranked(Query(text=TEXT, profile=HYBRID, now=NOW, limit=5))
        sem = r.semantic.prepare(TEXT)
    finally:
        r.close()
    # the warm-up compiled the versions a search uses: none is compiled at a query
    assert {name: len(getattr(jit, name).signatures) for name in compiled} == compiled
    assert rescored[0] > 0  # the rounds computed some rows
    done = kept[0]
    rows = np.flatnonzero(done.done)
    want = kernels.products(sem.matrix.vectors, rows, sem.vector, kernels.kernels())
    assert done.cos[rows].tobytes() == want.tobytes()


@pytest.mark.parametrize("world", ["compiled"], indirect=True)
@settings(
    max_examples=share(20),  # each example builds a store: a 20th of the profile's
    # ``world`` only chooses the kernels, the same for every example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**16),
    limit=st.sampled_from([1, 4, 9]),
    edits=st.integers(0, 4),
    tags=st.sampled_from([(), ("odd",)]),
)
def test_compiled_and_numpy_rounds_rank_alike(
    tmp_path_factory: pytest.TempPathFactory,
    seed: int,
    limit: int,
    edits: int,
    tags: tuple[str, ...],
) -> None:
    """One segment (every memory read) or two (edits since), filtered or not: the same memories
    with the same scores (their order may differ only where two scores tie within a rounding).
    Compiled first (``world``), then numpy."""
    s = _small_store(tmp_path_factory.mktemp("w"), seed)
    for m in s.list()[::2]:
        s.edit(m.id, tags=["odd"])
    emb = _Dense(dim=16)
    fill_embeddings(s.db, emb)
    q = Query(text="build install", profile=HYBRID, now=NOW, limit=limit, tags=list(tags))
    got: dict[str, QueryResult] = {}
    with pytest.MonkeyPatch.context() as mp:
        _small_lists(mp, 6, 12, 6)
        mp.setattr(hybrid, "FIRST_RESCORE", 2)
        mp.setattr(Retriever, "_load_stored", lambda self: None)  # every memory read: one segment
        r = Retriever(s, embedder=emb)
        try:
            r.refresh()
            ids = [m.id for m in s.list()]
            for i in range(edits):  # each edit: a segment more
                s.edit(ids[3 * i], content=f"install build edited {i}")
            fill_embeddings(s.db, emb)
            got["compiled"] = r.search_ranked(q)
            assert len(r._segments or []) == (1 if edits == 0 else 2)  # the edits' own
            mp.setattr(kernels, "_loaded", [None])
            got["numpy"] = r.search_ranked(q)
        finally:
            r.close()
            s.close()
            s.db.close()
    a, b = got["compiled"], got["numpy"]
    assert a.matched == b.matched and len(a.results) == len(b.results)
    want = {x.memory.id: x.score for x in b.results}
    for x in a.results:
        assert x.memory.id in want or any(abs(x.score - y.score) < 1e-6 for y in b.results), (
            x.memory.id
        )
        if x.memory.id in want:
            assert x.score == pytest.approx(want[x.memory.id], abs=1e-6)

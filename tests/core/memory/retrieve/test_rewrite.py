"""The query rewrite: negation, boilerplate and stop words (``core/memory/retrieve/rewrite.py``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
from hmdesk.core.memory.retrieve.profile import HMHARNESS, HYBRID, PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_scan
from hmdesk.core.memory.retrieve.results import Query, QueryResult, result_to_json
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.retrieve.rewrite import (
    CONTENT_ONLY,
    NEGATION_WEIGHT,
    plan_for,
    rewrite_query,
)
from hmdesk.core.memory.search_index.file_search import search_file, search_stored
from hmdesk.core.memory.search_index.maintain import load_segments
from hmdesk.core.memory.semantic import FakeEmbedder
from hmdesk.core.memory.semantic.embedder import Kind
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

# text → (searched, negated, dropped)
CASES: list[tuple[str, str, list[str], list[str]]] = [
    # Chinese without spaces
    ("不是签名问题", "", ["签名"], ["不是", "问题"]),
    ("hvigor构建失败，不是签名问题", "hvigor构建失败", ["签名"], ["不是", "问题"]),
    ("不是证书过期的问题", "", ["证书", "过期"], ["不是", "的", "问题"]),
    ("并非网络问题", "", ["网络"], ["并非", "问题"]),
    ("别用代理", "", ["代理"], ["别用"]),
    ("签名不是问题", "", ["签名"], ["不是", "问题"]),
    ("hvigor构建失败怎么办", "hvigor构建失败", [], ["怎么办"]),
    ("怎么解决安装失败", "安装失败", [], ["怎么解决"]),
    ("请问如何配置签名？", "配置签名", [], ["请问", "如何", "？"]),
    # Chinese with spaces: the space after the negated words ends the negation
    ("hvigor 构建 失败 不是 签名 问题", "hvigor 构建 失败", ["签名"], ["不是", "问题"]),
    ("不是 签名 hvigor", "hvigor", ["签名"], ["不是"]),
    # English
    ("install fails, not a signing error", "install fails", ["signing"], ["not", "a", "error"]),
    ("no signing", "", ["signing"], ["no"]),
    ("signing is not the problem", "", ["signing"], ["not", "the", "problem", "is"]),
    ("how do I fix 9568320?", "fix 9568320", [], ["how do i", "?"]),
    ("what is ArkTS", "ArkTS", [], ["what is"]),
    ("why does the emulator crash", "emulator crash", [], ["why does", "the"]),
    # a leading minus
    ("hdc install -signing", "hdc install", ["signing"], []),
    ("install error -签名", "install error", ["签名"], []),
    # mixed
    ("hdc安装失败 not a signing error", "hdc安装失败", ["signing"], ["not", "a", "error"]),
    ("构建失败 -proxy 怎么办", "构建失败", ["proxy"], ["怎么办"]),
]
# left exactly as they are
UNCHANGED = [
    "不是不能安装",  # double negation
    "not no signing",  # double negation
    "file not found",  # an error message, not a negation
    "no such file",
    "no file",  # an error message too
    "app not responding",
    "signing 9568320 install 安装失败 no signature file.",
    '"not a signing error"',  # quoted: never rewritten
    "how to",  # nothing would be left
    "怎么办",
    "build failed -1",  # a number, not a negated term
    "--mode debug",
    "hvigor构建失败",
    "区别 识别",  # 别 inside a word is no negation
    "",
]


@pytest.mark.parametrize(("text", "searched", "negated", "dropped"), CASES)
def test_rewrite_table(text: str, searched: str, negated: list[str], dropped: list[str]) -> None:
    rw = rewrite_query(text)
    assert (rw.searched, list(rw.negated), list(rw.dropped)) == (searched, negated, dropped)
    assert rw.changed


@pytest.mark.parametrize("text", UNCHANGED)
def test_left_alone(text: str) -> None:
    rw = rewrite_query(text)
    assert rw.searched == text and rw.negated == () and rw.dropped == ()
    assert not rw.changed


def test_quoted_text_is_kept_while_the_rest_is_rewritten() -> None:
    rw = rewrite_query('"not found" in hilog')
    assert rw.searched == '"not found" hilog' and rw.negated == () and rw.dropped == ("in",)


def test_hmharness_and_rewrite_off_are_never_rewritten() -> None:
    assert plan_for(Query(text="不是签名问题", profile=HMHARNESS)) is None
    assert plan_for(Query(text="不是签名问题", rewrite=False)) is None
    assert plan_for(Query(text="hvigor")) is None  # nothing to rewrite
    plan = plan_for(Query(text="not a signing error", profile=HYBRID))
    assert plan is not None and plan.negated_groups == [("sign", "签名", "signature")]
    assert plan.inner.text == "" and plan.inner.rewrite is False


# ---------------------------------------------------------------- ranking on a fixed store


def rec(i: int, content: str, conf: float = 0.5, tags: tuple[str, ...] = ()) -> MemoryRecord:
    return MemoryRecord(
        id=f"m{i}",
        layer="semantic",
        content=content,
        source="t",
        provenance="t",
        confidence=conf,
        timestamp="2026-11-28T00:00:00.000Z",
        environment="terminal",
        session="s",
        tags=tags,
        seq=i,
    )


STORE = [
    rec(1, "hvigor 构建失败：签名配置 signingConfigs 缺失", 0.9, ("签名",)),
    rec(2, "hvigor build fails when the signing certificate expired", 0.9, ("signing",)),
    rec(3, "hvigor 构建失败：清理 .hvigor 缓存后重试", 0.6),
    rec(4, "hvigor build fails behind a proxy: set the ohpm registry", 0.6),
    rec(5, "hvigor 构建失败：路径含空格", 0.5),
    rec(6, "hdc install fails with 9568320: the hap has no signature", 0.7),
]
SIGNING = {"m1", "m2"}


def ranked(text: str, profile: str = "default", rewrite: bool = True) -> list[str]:
    q = Query(text=text, now=NOW, profile=PROFILES[profile], limit=10, rewrite=rewrite)
    return [r.memory.id for r in MemoryIndex(STORE).search(q).results]


@pytest.mark.parametrize(
    "text",
    [
        "hvigor构建失败，不是签名问题",
        "hvigor build fails, not a signing error",
        "hvigor build fails -signing",
        "hvigor构建失败 -签名",
        "hvigor build fails, no signing",
    ],
)
def test_negated_memories_rank_below(text: str) -> None:
    got = ranked(text)
    # the hvigor build memories about something else first (m6 says "signature": penalised too)
    assert set(got[:3]) == {"m3", "m4", "m5"}, got
    # without the rewrite the signing memories (highest confidence) lead
    assert SIGNING & set(ranked(text, rewrite=False)[:2])


def test_boilerplate_does_not_change_the_ranking() -> None:
    assert ranked("hvigor构建失败怎么办") == ranked("hvigor构建失败")
    assert ranked("how do I fix hvigor build fails?") == ranked("fix hvigor build fails")


def test_the_penalty_is_explained_and_sums_to_the_score() -> None:
    q = Query(text="hvigor build fails, not a signing error", now=NOW, limit=10)
    result = MemoryIndex(STORE).search(q)
    assert result.rewrite is not None and result.rewrite.negated == ("signing",)
    assert result.terms == ["hvigor", "build", "fail"]
    for r in result.results:
        neg = r.components["negated"]
        # m1, m2: a signing tag (1); m6: "signature" in the content only (0.5)
        held = {"m1": 1.0, "m2": 1.0, "m6": CONTENT_ONLY}.get(r.memory.id, 0.0)
        assert neg.raw == held and neg.weight == -NEGATION_WEIGHT
        assert [t.matched for t in r.negated] == [held > 0]
        total = sum(c.contribution for c in r.components.values())
        assert total == pytest.approx(r.score, abs=1e-12)
    doc = result_to_json(result)
    assert doc["rewrite"] == {
        "searched": "hvigor build fails",
        "negated": ["signing"],
        "dropped": ["not", "a", "error"],
    }
    assert doc["results"][-1]["negated"] == [{"term": "sign", "matched": True}]
    assert doc["query"]["text"] == q.text


def test_a_memory_with_the_negated_term_never_outranks_itself_without_it() -> None:
    q = Query(text="hvigor build fails -signing", now=NOW, limit=5)
    for with_it in (
        rec(1, "hvigor build fails: signing", 1.0),  # in the content
        rec(1, "hvigor build fails: ", 1.0, ("signing",)),  # in a tag
    ):
        same = rec(2, "hvigor build fails: ", 1.0)
        result = MemoryIndex([with_it, same]).search(q)
        assert [r.memory.id for r in result.results] == ["m2", "m1"]
        assert result.results[0].score > result.results[1].score


def test_the_over_fetch_is_exact_when_every_top_memory_is_negated() -> None:
    many = [rec(i, f"note {i}", 0.6, ("signing",)) for i in range(1, 40)]
    many.append(rec(40, "plain note", 0.2))  # 0.16 below them, before their 0.2 penalty
    q = Query(text="note -signing", now=NOW, limit=3)
    got = MemoryIndex(many).search(q)
    assert got.results[0].memory.id == "m40"
    assert [(r.memory.id, r.score) for r in got.results] == [
        (m.id, s) for m, s in retrieve_scan(many, q)
    ]


def test_hmharness_parity_is_untouched() -> None:
    q = Query(text="不是签名问题", now=NOW, limit=10, profile=HMHARNESS)
    result = MemoryIndex(STORE).search(q)
    assert result.rewrite is None and result.terms == ["不是签名问题"]


# ---------------------------------------------------------------- every path equal

TEXTS = [
    "hvigor构建失败，不是签名问题",
    "不是签名问题",
    "build failure, not a signing error",
    "hdc install -signing",
    "-签名",
    "hvigor构建失败怎么办？",
    "how do I fix hdc install 9568320?",
    "ohpm proxy 并非网络问题",
]


def fill(store: MemoryStore) -> None:
    add = store.add
    add("hvigor 构建在 Windows 路径含空格时失败，需引号包裹", tags=["build"], confidence=0.8)
    add("build doctor classifies seven failure signatures", tags=["build"], layer="episodic")
    add("hdc install fails with 9568320 after a signing change", tags=["hdc", "签名"])
    add("ohpm install behind a proxy needs the registry setting", confidence=0.3)
    add("hvigor 构建失败：签名证书过期，重新生成", tags=["签名"], confidence=0.9)
    add("unrelated gardening note about roses", timestamp="not a date")


def explain(result: QueryResult) -> tuple[object, ...]:
    return (
        result.terms,
        [(r.memory, r.score, r.components, r.terms, r.negated) for r in result.results],
        result.filtered,
        result.pool,
        result.matched,
        result.note,
        result.rewrite,
    )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "s.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def test_every_path_gives_the_same_rewritten_answer(store: MemoryStore) -> None:
    fill(store)
    store.add("a pending signing memory: hvigor build", tags=["签名"])  # after the snapshot
    path = store.db.path
    records = store.list(include_superseded=True, include_deleted=False)
    retriever = Retriever(store)
    conn = sqlite3.connect(path)
    try:
        segments = load_segments(conn).segments
        for text in TEXTS:
            for limit in (1, 3, 50):
                q = Query(text=text, now=NOW, limit=limit)
                want = MemoryIndex(records, order=[r.seq for r in records]).search(q)
                assert want.rewrite is not None, text
                assert [(r.memory.id, r.score) for r in want.results] == [
                    (m.id, s) for m, s in retrieve_scan(records, q)
                ], q
                assert explain(search_segments(segments, q)) == explain(want), q
                assert explain(search_file(path, q)) == explain(want), q
                stored = search_stored(path, q)
                assert stored is not None and explain(stored) == explain(want), q
                assert explain(retriever.search(q)) == explain(want), q
    finally:
        conn.close()
        retriever.close()


WORDS = ["hvigor", "build", "signing", "签名", "构建", "失败", "不是", "问题", "not a", "no",
         "-", "怎么办", "how to", "?", "，", " ", "error", "proxy"]  # fmt: skip
text_st = st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join)
content_st = st.lists(st.sampled_from(WORDS), max_size=6).map("".join)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(content_st, st.sampled_from([0.1, 0.5, 0.9, 1.0])), max_size=25),
    text_st,
    st.integers(0, 8),
)
def test_index_equals_scan_with_rewrites(
    raw: list[tuple[str, float]], text: str, limit: int
) -> None:
    records = [rec(i + 1, content, conf) for i, (content, conf) in enumerate(raw)]
    q = Query(text=text, now=NOW, limit=limit)
    got = MemoryIndex(records).search(q)
    assert [(r.memory.id, r.score) for r in got.results] == [
        (m.id, s) for m, s in retrieve_scan(records, q)
    ]
    # a memory holding a negated term is never above one that does not with a higher base
    plan = plan_for(q)
    if plan is not None and plan.negated_groups:
        inner = MemoryIndex(records).search(replace(plan.inner, limit=1000))
        base = {r.memory.id: r.score for r in inner.results}
        for r in got.results:  # the score: the unpenalised one plus the (negative) penalty
            assert r.score == base[r.memory.id] + r.components["negated"].contribution
        scores = [r.score for r in got.results]
        assert scores == sorted(scores, reverse=True)


# ---------------------------------------------------------------- hybrid


class RecordingEmbedder(FakeEmbedder):
    def __init__(self) -> None:
        super().__init__(dim=64)
        self.texts: list[str] = []

    def _embed_batch(self, texts: list[str], kind: Kind) -> Any:
        self.texts.extend(texts)
        return super()._embed_batch(texts, kind)


def test_hybrid_embeds_the_searched_text_and_ranks_negated_memories_lower(
    store: MemoryStore,
) -> None:
    fill(store)
    emb = RecordingEmbedder()
    fill_embeddings(store.db, emb)
    emb.texts.clear()
    r = Retriever(store, embedder=emb)
    try:
        q = Query(text="hvigor构建失败，不是签名问题", profile=HYBRID, now=NOW, limit=10)
        got = r.search(q)
        plain = r.search(replace(q, text="hvigor构建失败"))
        only_negated = r.search(replace(q, text="-签名"))  # nothing to embed: lexical alone
    finally:
        r.close()
    assert emb.texts == ["hvigor构建失败"]  # the negated words are not embedded
    assert got.rewrite is not None and got.rewrite.negated == ("签名",)
    ids = [x.memory.id for x in got.results]
    signing = [x.memory.id for x in got.results if x.components["negated"].raw > 0]
    assert signing and ids[0] not in signing
    assert plain.results[0].memory.id in signing  # first without the negation
    for x in got.results:
        assert set(x.components) == {"confidence", "recency", "lexical", "semantic", "negated"}
        assert x.score == pytest.approx(sum(c.contribution for c in x.components.values()))
    assert all("semantic" not in x.components for x in only_negated.results)

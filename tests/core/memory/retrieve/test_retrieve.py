"""Retrieval profiles, the hmharness formula and the explanation object."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hmdesk.core.memory.record import DECAY_SENTINEL, MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex, search
from hmdesk.core.memory.retrieve.profile import DEFAULT, HMHARNESS, PROFILES, profile_named
from hmdesk.core.memory.retrieve.reference_scan import retrieve_hmharness_scan, retrieve_scan
from hmdesk.core.memory.retrieve.results import Query, result_to_json
from hmdesk.core.memory.retrieve.scoring import content_spans

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def ts(days_ago: float = 0.0) -> str:
    t = NOW - timedelta(days=days_ago)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def mem(
    id: str,
    content: str,
    confidence: float = 0.7,
    tags: tuple[str, ...] = (),
    *,
    layer: str = "semantic",
    environment: str = "terminal",
    days_ago: float = 0.0,
    timestamp: str | None = None,
    **kw: object,
) -> MemoryRecord:
    return MemoryRecord(
        id=id,
        layer=layer,
        content=content,
        source="t",
        provenance="t",
        confidence=confidence,
        timestamp=timestamp if timestamp is not None else ts(days_ago),
        environment=environment,
        session="s",
        tags=tags,
        **kw,  # type: ignore[arg-type]
    )


A = mem("A", "hvigor 构建在 Windows 路径含空格时失败，需引号包裹", 0.8, ("build",))
B = mem("B", "build doctor classifies seven failure signatures", 0.6, ("build", "tooling"))
C = mem("C", "unrelated gardening note about roses", 0.9, ("misc",))
MEMORY2 = [A, B, C]


def run(records: list[MemoryRecord], text: str = "", **kw: object):  # type: ignore[no-untyped-def]
    kw.setdefault("now", NOW)
    return search(records, Query(text=text, **kw))  # type: ignore[arg-type]


def ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.memory.id for r in result.results]


# --- memory2.test.ts, ported ---------------------------------------------------------------


@pytest.mark.parametrize("profile", ["hmharness", "default"])
def test_memory2_hvigor_build_windows(profile: str) -> None:
    res = run(MEMORY2, "hvigor build windows", profile=PROFILES[profile])
    assert ids(res) == ["A", "B"]
    a, b = res.results
    assert a.score == pytest.approx(0.92)
    # default: B holds only "build", the commonest term (in A and B of 3: idf ln 1.6, against
    # ln(1 + 2.5/1.5) for "hvigor" and "window", each in A alone)
    rare, common = math.log(1 + 2.5 / 1.5), math.log(1 + 1.5 / 2.5)
    b_lexical = 1 / 3 if profile == "hmharness" else common / (2 * rare + common)
    assert b.score == pytest.approx(0.44 + 0.4 * b_lexical, abs=1e-9)
    assert a.memory.confidence <= 0.9
    assert res.filtered["no_match"] == 1  # C: lexical 0 despite the highest confidence
    # A hits 3/3: "build" only through its tag
    build = a.terms[1]
    assert (build.term, build.matched, build.tags) == ("build", True, ["build"])
    # hmharness: "build" only through the tag; default: also 构建 in the content (glossary)
    assert build.content_spans == ([] if profile == "hmharness" else [(7, 9)])
    assert build.alternatives == ([] if profile == "hmharness" else ["构建"])
    assert a.components["lexical"].raw == 1.0
    assert b.components["lexical"].raw == pytest.approx(b_lexical)


@pytest.mark.parametrize("profile", ["hmharness", "default"])
def test_memory2_chinese_terms(profile: str) -> None:
    res = run(MEMORY2, "构建 失败", profile=PROFILES[profile])
    assert ids(res)[0] == "A"
    assert "roses" not in [r.memory.content for r in res.results]


def test_default_profile_segments_unspaced_chinese() -> None:
    assert ids(run(MEMORY2, "hvigor构建失败", profile=HMHARNESS)) == []
    res = run(MEMORY2, "hvigor构建失败", profile=DEFAULT)
    assert res.terms == ["hvigor", "构建", "失败"]
    assert ids(res) == ["A", "B"]  # B: "build doctor … failure" through the glossary
    rare, common = math.log(1 + 2.5 / 1.5), math.log(1 + 1.5 / 2.5)  # hvigor: A; 构建, 失败: A, B
    assert res.results[1].components["lexical"].raw == pytest.approx(
        2 * common / (rare + 2 * common)
    )
    assert [t.content_spans for t in res.results[0].terms] == [[(0, 6)], [(7, 9)], [(25, 27)]]


def test_default_profile_mixed_tokens() -> None:
    recs = [
        mem("i", "hdc install 报错 code:9568320 error: no signature file", 0.6, ("install",)),
        mem("s", "entry-default-signed.hap 安装前先签名", 0.6),
        mem("x", "unrelated", 0.9),
    ]
    assert ids(run(recs, "hdc安装报错9568320", profile=DEFAULT)) == ["i", "s"]  # s: 安装
    assert ids(run(recs, "hdc安装报错9568320", profile=HMHARNESS)) == []
    assert ids(run(recs, "entry-default-signed.hap签名", profile=DEFAULT)) == ["s", "i"]


# --- cognitive.test.ts hybrid ranking ------------------------------------------------------


def test_ohpm_hybrid_ranking() -> None:
    recs = [mem("lo", "use ohpm fix maybe", 0.3), mem("hi", "use ohpm fix for deps", 0.9)]
    res = run(recs, "ohpm fix", limit=2, profile=HMHARNESS)
    assert ids(res) == ["hi", "lo"]
    assert [r.score for r in res.results] == pytest.approx([0.96, 0.72])
    assert res.results[0].memory.confidence == 0.9


# --- the formula ---------------------------------------------------------------------------


def test_score_is_the_exact_float_formula() -> None:
    r = mem("r", "hvigor sdk", 0.77, days_ago=10.5)
    res = run([r], "hvigor missing", profile=HMHARNESS)
    (hit,) = res.results
    age = (NOW - (NOW - timedelta(days=10.5))).total_seconds() * 1000 / 86_400_000
    recency = max(0, 1 - age / 90)
    assert hit.score == 0.77 * 0.4 + recency * 0.2 + 0.5 * 0.4
    comps = hit.components
    assert [comps[k].weight for k in ("confidence", "recency", "lexical")] == [0.4, 0.2, 0.4]
    assert comps["recency"].raw == recency
    assert comps["confidence"].contribution + comps["recency"].contribution + comps[
        "lexical"
    ].contribution == pytest.approx(hit.score)


def test_recency_linear_to_zero_at_90_days_and_future_above_one() -> None:
    recs = [
        mem("old", "x note", 0.5, days_ago=120),
        mem("mid", "x note", 0.5, days_ago=45),
        mem("future", "x note", 0.5, days_ago=-9),
    ]
    res = run(recs, "note")
    rec = {r.memory.id: r.components["recency"].raw for r in res.results}
    assert rec["old"] == 0.0
    assert rec["mid"] == pytest.approx(0.5)
    assert rec["future"] == pytest.approx(1.1)  # no upper clamp, as in hmharness
    assert ids(res) == ["future", "mid", "old"]


def test_unparseable_timestamp_counts_as_zero_recency_with_a_note() -> None:
    recs = [mem("bad", "note", 0.5, timestamp="yesterday"), mem("ok", "note", 0.5)]
    res = run(recs, "note")
    assert ids(res) == ["ok", "bad"]
    assert res.results[1].components["recency"].raw == 0.0
    assert res.results[1].score == 0.5 * 0.4 + 0 * 0.2 + 1.0 * 0.4
    assert res.note is not None and "unparseable" in res.note
    assert run([recs[1]], "note").note is None


def test_iso_timestamp_with_offset_and_no_millis() -> None:
    r = mem("r", "note", 0.5, timestamp="2026-11-29T20:00:00+08:00")  # = NOW
    assert run([r], "note").results[0].components["recency"].raw == 1.0


# --- filters, ties, limits -------------------------------------------------------------------


def test_hard_filters_and_counts() -> None:
    recs = [
        mem("s1", "hdc note", tags=("hdc",), layer="semantic", environment="harmonyos"),
        mem("e1", "hdc note", tags=("hdc",), layer="episodic", environment="harmonyos"),
        mem("s2", "hdc note", tags=("hdc",), layer="semantic", environment="HarmonyOS"),
        mem("s3", "hdc note", tags=("other",), layer="semantic", environment="harmonyos"),
        mem("s4", "nothing here", tags=("hdc",), layer="semantic", environment="harmonyos"),
        mem("old", "hdc note", tags=("hdc",), superseded_by="s1"),
        mem("stale", "hdc note", tags=("hdc",), superseded_by=DECAY_SENTINEL),
        mem("gone", "hdc note", tags=("hdc",), deleted_at="2026-11-28T00:00:00.000Z"),
    ]
    res = run(recs, "note", layer="semantic", environment="harmonyos", tags=["hdc", "zzz"])
    assert ids(res) == ["s1"]
    assert res.filtered == {
        "superseded": 2,
        "layer": 1,
        "environment": 1,  # exact and case-sensitive
        "tags": 1,
        "no_match": 1,
    }
    assert res.pool == 7  # the deleted memory is never in the pool
    assert res.matched == 1
    wide = run(recs, "note", include_superseded=True)
    assert ids(wide) == ["s1", "e1", "s2", "s3", "old", "stale"]
    assert wide.filtered["superseded"] == 0


def test_tags_are_searchable_text_and_a_hard_filter() -> None:
    recs = [mem("t", "content without the word", tags=("signing",)), mem("u", "signing here")]
    res = run(recs, "signing", profile=HMHARNESS)
    assert ids(res) == ["t", "u"]
    t_term = res.results[0].terms[0]
    assert t_term.matched and t_term.content_spans == [] and t_term.tags == ["signing"]


def test_stable_ties_keep_insertion_order() -> None:
    recs = [mem(f"m{i}", "same text", 0.5) for i in range(30)]
    assert ids(run(recs, "text", limit=30)) == [f"m{i}" for i in range(30)]
    assert ids(run(recs, "text", limit=3)) == ["m0", "m1", "m2"]
    assert ids(run(list(reversed(recs)), "text", limit=3)) == ["m29", "m28", "m27"]


def test_limit_default_zero_and_negative() -> None:
    recs = [mem(f"m{i}", "note", 0.5) for i in range(15)]
    assert len(run(recs, "note").results) == 10
    zero = run(recs, "note", limit=0)
    assert zero.results == [] and zero.matched == 15
    with pytest.raises(ValueError, match="limit"):
        run(recs, "note", limit=-1)


@pytest.mark.parametrize("text", ["", "   ", "a b c", "构 建"])
def test_no_terms_ranks_by_confidence_and_recency_only(text: str) -> None:
    recs = [mem("lo", "x", 0.2), mem("hi", "y", 0.9), mem("old", "z", 0.9, days_ago=90)]
    res = run(recs, text, profile=HMHARNESS)
    assert res.terms == []
    assert ids(res) == ["hi", "old", "lo"]
    assert res.filtered["no_match"] == 0
    assert all(r.components["lexical"].raw == 0 for r in res.results)


def test_astral_term_counts_two_utf16_units() -> None:
    recs = [mem("e", "deploy 🚀 done"), mem("f", "no rocket")]
    res = run(recs, "🚀 x", profile=HMHARNESS)
    assert res.terms == ["🚀"]
    assert ids(res) == ["e"]
    assert res.results[0].terms[0].content_spans == [(7, 8)]


def test_duplicate_terms_count_twice_in_hmharness_profile() -> None:
    recs = [mem("a", "build", 0.5), mem("b", "windows", 0.5)]
    res = run(recs, "build build windows", profile=HMHARNESS)
    assert [r.components["lexical"].raw for r in res.results] == [2 / 3, 1 / 3]
    assert len(res.results[0].terms) == 3
    dflt = run(recs, "build build windows", profile=DEFAULT)
    assert [r.components["lexical"].raw for r in dflt.results] == [0.5, 0.5]


def test_unknown_profile() -> None:
    with pytest.raises(ValueError, match="unknown retrieval profile 'bm25'"):
        profile_named("bm25")
    with pytest.raises(TypeError, match="takes a Profile"):
        run(MEMORY2, "x", profile="default")


# --- spans -----------------------------------------------------------------------------------


def test_spans_all_non_overlapping_case_insensitive() -> None:
    # a plain word at word boundaries only (not inside "rebuild"); other terms as substrings
    assert content_spans("Build, BUILD and rebuild", "build") == [(0, 5), (7, 12)]
    assert content_spans("1212", "12") == [(0, 2), (2, 4)]
    assert content_spans("nothing", "zz") == []


def test_spans_are_correct_when_lowercasing_changes_length() -> None:
    content = "İstanbul İSTANBUL build"  # 'İ'.lower() is two characters
    assert len(content.lower()) == len(content) + 2
    spans = content_spans(content, "build")
    assert [content[a:b] for a, b in spans] == ["build"]
    spans = content_spans(content, "stanbul")
    assert [content[a:b] for a, b in spans] == ["stanbul", "STANBUL"]
    # a match that starts inside the expansion of 'İ' covers the whole original character
    spans = content_spans(content, "i̇s")
    assert [content[a:b] for a, b in spans] == ["İs", "İS"]


def test_result_spans_index_the_original_content() -> None:
    r = mem("r", "HVIGOR failed; Hvigor daemon 构建失败", tags=("Hvigor",))
    res = run([r], "hvigor 失败")
    hv, fail = res.results[0].terms
    assert [r.content[a:b] for a, b in hv.content_spans] == ["HVIGOR", "Hvigor"]
    assert hv.tags == ["Hvigor"]
    # 失败 ↔ fail; a plain word's span covers its inflection
    assert [r.content[a:b] for a, b in fail.content_spans] == ["failed", "失败"]


# --- equivalence with the scans and JSON ------------------------------------------------------


def test_index_equals_scans_on_the_memory2_scenario() -> None:
    for text in ["hvigor build windows", "构建 失败", "hvigor构建失败", "build", ""]:
        for profile in ("hmharness", "default"):
            q = Query(text=text, profile=PROFILES[profile], now=NOW)
            got = [(r.memory.id, r.score) for r in MemoryIndex(MEMORY2).search(q).results]
            assert got == [(m.id, s) for m, s in retrieve_scan(MEMORY2, q)]
            if profile == "hmharness":
                assert got == [(m.id, s) for m, s in retrieve_hmharness_scan(MEMORY2, q)]


def test_dead_records_are_masked() -> None:
    idx = MemoryIndex(MEMORY2).with_dead(["A"])
    assert ids(idx.search(Query("hvigor build windows", now=NOW))) == ["B"]
    assert idx.live_count == 2


def test_result_to_json_schema() -> None:
    data = result_to_json(run(MEMORY2, "hvigor build windows"))
    first = data["results"][0]
    assert set(first) >= {"id", "score", "content", "components", "terms"}
    assert set(first["components"]) == {"confidence", "recency", "lexical"}
    assert set(first["components"]["lexical"]) == {"raw", "weight", "contribution"}
    assert first["terms"][0] == {
        "term": "hvigor",
        "matched": True,
        "content_spans": [[0, 6]],
        "more_spans": 0,
        "tags": [],
        "alternatives": [],
        "weight": pytest.approx(first["terms"][0]["weight"]),
        "contribution": pytest.approx(0.4 * first["terms"][0]["weight"]),
        "idf": pytest.approx(math.log(1 + 2.5 / 1.5)),
        "document_frequency": 1,
        "memories": 3,
    }
    assert sum(t["weight"] for t in first["terms"]) == pytest.approx(1.0)
    assert set(data["filtered"]) == {"superseded", "layer", "environment", "tags", "no_match"}


def test_naive_now_is_utc() -> None:
    naive = NOW.replace(tzinfo=None)
    a = run(MEMORY2, "hvigor", now=naive).results[0].score
    assert a == run(MEMORY2, "hvigor").results[0].score
    assert replace(A).id == "A"

"""Weighted lexical (default profile): hand-computed IDF weights, word boundaries, explanations."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.profile import DEFAULT, HMHARNESS, Profile
from hmdesk.core.memory.retrieve.reference_scan import retrieve_scan
from hmdesk.core.memory.retrieve.results import Query, result_to_json
from hmdesk.core.memory.retrieve.scoring import idf

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
STAMP = "2026-11-29T12:00:00.000Z"  # recency 1 for all


def mem(i: str, content: str, conf: float = 0.5) -> MemoryRecord:
    return MemoryRecord(
        id=i,
        layer="semantic",
        content=content,
        source="t",
        provenance="t",
        confidence=conf,
        timestamp=STAMP,
        environment="terminal",
        session="s",
        tags=(),
        seq=int(i[1:]),
    )


# "install" in 3 of 4 memories, "9568320" in 1
STORE = [
    mem("m1", "hdc install fails with 9568320"),
    mem("m2", "ohpm install behind a proxy"),
    mem("m3", "install the emulator image first"),
    mem("m4", "unrelated note about roses"),
]


def run(text: str, records: list[MemoryRecord] = STORE, profile: Profile = DEFAULT):  # type: ignore[no-untyped-def]
    return MemoryIndex(records).search(Query(text=text, now=NOW, profile=profile))


def test_idf_by_hand() -> None:
    assert idf(1, 4) == pytest.approx(math.log(1 + 3.5 / 1.5))
    assert idf(3, 4) == pytest.approx(math.log(1 + 1.5 / 3.5))
    assert idf(4, 4) == pytest.approx(math.log(1 + 0.5 / 4.5))  # in every memory: small, > 0
    assert idf(0, 4) == 0.0  # in no memory: tells nothing apart


def test_rare_term_outweighs_common_term() -> None:
    res = run("install 9568320")
    rare, common = math.log(1 + 3.5 / 1.5), math.log(1 + 1.5 / 3.5)
    assert [r.memory.id for r in res.results] == ["m1", "m2", "m3"]
    m1, m2, _ = res.results
    assert m1.components["lexical"].raw == 1.0
    assert m2.components["lexical"].raw == pytest.approx(common / (rare + common))
    assert m2.score == pytest.approx(0.5 * 0.4 + 0.2 + 0.4 * common / (rare + common))
    install, code = m2.terms
    assert (install.term, install.document_frequency, install.memories) == ("install", 3, 4)
    assert install.idf == pytest.approx(common)
    assert install.weight == pytest.approx(common / (rare + common))
    assert install.contribution == pytest.approx(0.4 * common / (rare + common))
    assert (code.matched, code.contribution, code.document_frequency) == (False, 0.0, 1)
    assert code.weight == pytest.approx(rare / (rare + common))
    # the scan agrees to the last bit
    scan = retrieve_scan(STORE, Query(text="install 9568320", now=NOW))
    assert [(m.id, s) for m, s in scan] == [(r.memory.id, r.score) for r in res.results]


def test_flat_lexical_would_tie_what_weights_separate() -> None:
    # hmharness counts every term 1: m2 and m3 tie with m1 only on the second term
    flat = run("install 9568320", profile=HMHARNESS)
    assert [r.components["lexical"].raw for r in flat.results] == [1.0, 0.5, 0.5]
    assert flat.results[1].terms[0].idf is None


def test_a_term_in_no_memory_weighs_nothing() -> None:
    res = run("install zzqx")
    assert [r.components["lexical"].raw for r in res.results] == [1.0, 1.0, 1.0]
    assert res.results[0].terms[1].weight == 0.0


def test_word_boundaries_in_matches_and_spans() -> None:
    recs = [
        mem("m1", "the profile is not set"),
        mem("m2", "no signature file"),
        mem("m3", "crashed twice; a crash log"),
    ]
    assert [r.memory.id for r in run("no", recs).results] == ["m2"]
    assert [r.memory.id for r in run("file", recs).results] == ["m2"]
    res = run("crashes", recs)  # stem "crash": crashed and crash
    (hit,) = res.results
    assert [recs[2].content[a:b] for a, b in hit.terms[0].content_spans] == ["crashed", "crash"]


def test_code_and_chinese_terms_keep_substring_semantics() -> None:
    recs = [
        mem("m1", "set entry.versionCode higher; ArkTSCompiler failed"),
        mem("m2", "hdc安装报错9568320xyz"),
    ]
    assert [r.memory.id for r in run("ArkTS", recs).results] == ["m1"]  # inside ArkTSCompiler
    assert [r.memory.id for r in run("9568320", recs).results] == ["m2"]
    assert [r.memory.id for r in run("安装", recs).results] == ["m2"]


def test_json_carries_each_terms_weight_and_contribution() -> None:
    data = result_to_json(run("install 9568320"))
    terms = data["results"][0]["terms"]
    assert [t["document_frequency"] for t in terms] == [3, 1]
    assert sum(t["weight"] for t in terms) == pytest.approx(1.0)
    assert sum(t["contribution"] for t in terms) == pytest.approx(
        data["results"][0]["components"]["lexical"]["contribution"]
    )


def test_docs_of_a_glossary_group_few_or_many() -> None:
    few = [mem(f"m{i}", "签名 failed" if i in (3, 40) else f"note {i}") for i in range(1, 101)]
    few[9] = mem("m10", "sign here")
    index = MemoryIndex(few)
    assert index.docs_containing_any(("sign", "签名", "signature")).tolist() == [2, 9, 39]
    assert index.docs_containing_any(("zzz", "签名")).tolist() == [2, 39]
    assert index.docs_containing_any(("zzz", "yyy")).tolist() == []
    many = MemoryIndex([mem(f"m{i}", "签名 sign" if i % 2 else "sign") for i in range(1, 11)])
    assert many.docs_containing_any(("sign", "签名")).tolist() == list(range(10))


@pytest.mark.parametrize(
    "content, tags",
    [("Ünïcode ſtraße İstanbul", ("Tag",)), ("plain words only", ()), ("", ("x", "y"))],
)
def test_explanation_of_a_memory_known_to_match_nothing_is_the_searched_one(
    content: str, tags: tuple[str, ...]
) -> None:
    """A result found by meaning alone (no group matched, as the index knows): its terms are
    explained without searching its text, and equal the searched explanation."""
    from hmdesk.core.memory.retrieve.scoring import explain_terms, rarity_weights

    rec = replace(mem("m1", content), tags=tags)
    groups = [("signing",), ("versioncode", "version code"), ("signing",)]
    weights = rarity_weights(groups, [3, 10, 3], 100)
    bit_of = {g: i for i, g in enumerate(dict.fromkeys(groups))}
    searched = explain_terms(rec, groups, weights, 0.2)
    assert not any(t.matched for t in searched)
    assert explain_terms(rec, groups, weights, 0.2, (bit_of, 0)) == searched

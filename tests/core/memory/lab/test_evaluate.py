"""Evaluating a labelled set: a small fixed store through the real Retriever, and a scripted
search for the comparisons (fixed, broken, better, worse) and the control deltas."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.lab import LabelledQuery, LabelledSet
from hmdesk.core.memory.lab.evaluate import evaluate, evaluate_store, evaluation_to_json
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import Component, Query, QueryResult, ScoredMemory
from hmdesk.core.memory.store import MemoryStore

NOW_ISO = "2026-11-29T12:00:00.000Z"
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "lab.db")
    s = MemoryStore(db)
    for id_, content, tags, layer in [
        ("A", "hvigor build fails when the project path contains spaces", ["build"], "semantic"),
        ("B", "hdc install fails with 9568320: the HAP is unsigned", ["install"], "semantic"),
        ("C", "hilog hides logged values as <private>", ["hilog"], "semantic"),
        ("D", "a note about roses in the garden", ["misc"], "episodic"),
        ("E", "an old note about hdc install", ["install"], "semantic"),
    ]:
        s.add(content, id=id_, tags=tags, layer=layer, confidence=0.8, timestamp=NOW_ISO)
    s.supersede("E", by="B", reason="duplicate")
    yield s
    s.close()
    db.close()


def test_a_small_store_per_profile(store: MemoryStore) -> None:
    lset = LabelledSet(
        [
            LabelledQuery("构建 失败", ("A",)),  # the glossary finds build/fail: default only
            LabelledQuery("hdc install 9568320", ("B",)),
            LabelledQuery("roses", ("GONE",)),  # an unknown id: a warning, not scored
            LabelledQuery("hilog private", ("C",), layer="episodic"),  # the filter removes C
            LabelledQuery("hdc install", ("E", "B")),  # E is superseded: left out
        ],
        source="small.json",
    )
    ev = evaluate_store(store, lset, ["hmharness", "default"], k=3, now=NOW)
    assert list(ev.profiles) == ["hmharness", "default"]
    assert ev.baseline == "hmharness" and ev.control is None
    default, hmh = ev.profiles["default"], ev.profiles["hmharness"]
    assert [q.first_relevant_rank for q in default.queries] == [1, 1, None, None, 1]
    assert [q.first_relevant_rank for q in hmh.queries] == [None, 1, None, None, 1]
    assert default.scored == hmh.scored == 4
    assert default.queries[2].scored is False
    assert default.queries[4].relevant == ("B",)
    assert default.recall_at_k == pytest.approx(3 / 4)
    assert default.mrr == pytest.approx(3 / 4)
    assert hmh.recall_at_k == pytest.approx(2 / 4)
    (c,) = ev.comparisons
    assert (c.baseline, c.profile, c.fixed, c.broken) == ("hmharness", "default", [0], [])
    assert c.delta["recall_at_k"] == pytest.approx(1 / 4)
    assert any("GONE is not in the store" in w for w in ev.warnings)
    assert any("E is superseded (by B)" in w for w in ev.warnings)
    assert any("entry 3 ('roses'): no usable id; not scored" in w for w in ev.warnings)


# ------------------------------------------------------------- a scripted search


def _record(id_: str) -> MemoryRecord:
    return MemoryRecord(id_, "semantic", id_, "s", "p", 0.8, NOW_ISO, "e", "s")


def scripted(rankings: dict[tuple[str, str], list[tuple[str, float]]]):  # type: ignore[no-untyped-def]
    """A search answering (profile, text) with the given ids and scores; it records each query."""
    seen: list[Query] = []

    def search(q: Query) -> QueryResult:
        seen.append(q)
        rows = rankings.get((q.profile.name, q.text), [])[: q.limit]
        comps = {"lexical": Component("lexical", 0.0, 0.4, 0.0)}
        results = [ScoredMemory(_record(i), s, comps, []) for i, s in rows]
        return QueryResult(q, [], results, {}, len(rows), None, 0.0, len(rows))

    search.seen = seen  # type: ignore[attr-defined]
    return search


SET = LabelledSet(
    [
        LabelledQuery("q1", ("a",)),
        LabelledQuery("q2", ("b",), layer="semantic", env="hm", tags=("t",)),
        LabelledQuery("q3", ("c",)),
        LabelledQuery("q4", ("d",)),
        LabelledQuery("q5", ()),  # unjudged: in the list, not in the means
    ],
    source="scripted",
)
RANKINGS = {
    ("hmharness", "q1"): [("x", 0.9), ("a", 0.8)],  # rank 2
    ("default", "q1"): [("a", 0.9)],  # rank 1: better
    ("hmharness", "q2"): [("x", 0.9), ("y", 0.8), ("b", 0.7)],  # rank 3, beyond k=2
    ("default", "q2"): [("b", 0.9)],  # fixed
    ("hmharness", "q3"): [("c", 0.9)],
    ("default", "q3"): [("x", 0.9), ("y", 0.8), ("c", 0.7)],  # broken
    ("hmharness", "q4"): [("d", 0.9)],
    ("default", "q4"): [("d", 0.9)],
}


def test_fixed_broken_better_and_the_control_deltas() -> None:
    search = scripted(RANKINGS)
    ev = evaluate(SET, search, ["default"], k=2, depth=3, control="hmharness", now=NOW)
    assert (
        list(ev.profiles) == ["hmharness", "default"] and ev.control == ev.baseline == "hmharness"
    )
    (c,) = ev.comparisons
    assert (c.fixed, c.broken, c.better, c.worse) == ([1], [2], [0], [])
    base, new = ev.profiles["hmharness"], ev.profiles["default"]
    # base: RR 1/2, 1/3, 1, 1; new: 1, 1, 1/3, 1
    assert base.mrr == pytest.approx((1 / 2 + 1 / 3 + 1 + 1) / 4)
    assert new.mrr == pytest.approx((1 + 1 + 1 / 3 + 1) / 4)
    assert base.recall_at_k == pytest.approx(3 / 4) and new.recall_at_k == pytest.approx(3 / 4)
    assert c.delta["mrr"] == pytest.approx(new.mrr - base.mrr)
    assert c.delta["recall_at_k"] == pytest.approx(0.0)
    # every labelled query was asked with its filters, the depth as limit, the profile and now
    q2 = next(q for q in search.seen if q.text == "q2" and q.profile.name == "default")  # type: ignore[attr-defined]
    assert (q2.layer, q2.environment, tuple(q2.tags), q2.limit, q2.now) == (
        "semantic",
        "hm",
        ("t",),
        3,
        NOW,
    )
    data = evaluation_to_json(ev)
    assert data["k"] == 2 and data["control"] == "hmharness"
    assert data["profiles"]["default"]["fixed"] == ["q2"]
    assert data["profiles"]["default"]["broken"] == ["q3"]
    assert data["profiles"]["default"]["delta"]["mrr"] == pytest.approx(c.delta["mrr"], abs=1e-6)
    assert "delta" not in data["profiles"]["hmharness"]
    q5 = data["profiles"]["hmharness"]["queries"][4]
    assert q5 == {
        "text": "q5",
        "first_relevant_rank": None,
        "relevant_in_top_k": 0,
        "relevant": [],
        "first_rank_range": None,
        "recall_at_k": 0.0,
        "reciprocal_rank": 0.0,
        "ndcg_at_k": 0.0,
        "top_k": [],
    }


def test_ties_are_averaged_unless_as_ranked() -> None:
    lset = LabelledSet([LabelledQuery("t", ("b",))])
    rankings = {("default", "t"): [("a", 0.5), ("b", 0.5)]}
    expected = evaluate(lset, scripted(rankings), ["default"], k=1)
    as_ranked = evaluate(lset, scripted(rankings), ["default"], k=1, ties="as-ranked")
    assert expected.profiles["default"].recall_at_k == pytest.approx(0.5)
    assert expected.profiles["default"].mrr == pytest.approx(0.75)
    assert expected.profiles["default"].queries[0].first_rank_range == (1, 2)
    assert as_ranked.profiles["default"].recall_at_k == 0.0
    assert as_ranked.profiles["default"].mrr == 0.5
    # the rank a user sees is the same either way
    assert expected.profiles["default"].queries[0].first_relevant_rank == 2
    assert expected.comparisons == [] and expected.baseline is None


def test_depth_is_at_least_k_and_bad_options() -> None:
    search = scripted({})
    ev = evaluate(SET, search, ["default"], k=4, depth=2)
    assert ev.depth == 4 and all(q.limit == 4 for q in search.seen)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="k must"):
        evaluate(SET, search, ["default"], k=0)
    with pytest.raises(ValueError, match="ties"):
        evaluate(SET, search, ["default"], ties="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no profile"):
        evaluate(SET, search, [])


def test_results_kept_for_the_explanations() -> None:
    ev = evaluate(SET, scripted(RANKINGS), ["hmharness"], k=2, keep_results=True)
    result = ev.profiles["hmharness"].queries[0].result
    assert result is not None and [r.memory.id for r in result.results] == ["x", "a"]
    assert (
        evaluate(SET, scripted(RANKINGS), ["hmharness"]).profiles["hmharness"].queries[0].result
        is None
    )

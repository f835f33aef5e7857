"""hmharness's detectContradictions() and consolidate(), case by case (its own tests ported)."""

from __future__ import annotations

import pytest
from hmdesk.core.memory.hmharness.rules import (
    Cancelled,
    Merge,
    consolidate,
    detect_contradictions,
    normalize_claim,
    subject_key,
)
from hmdesk.core.memory.jsdate import parse_js_date_ms

from tests.core.memory.lifecycle.helpers import rec

NOW = parse_js_date_ms("2026-12-01T00:00:00.000Z") or 0


def test_normalised_claim_and_subject_key() -> None:
    assert normalize_claim("  HDC  Shell, accepts “x”!  ") == "hdc shell accepts “x”"
    assert normalize_claim("构建失败。需要引号，包裹、路径？") == "构建失败需要引号包裹路径"
    assert normalize_claim('it\'s "quoted"...') == "its quoted"
    assert subject_key("hdc shell accepts param -t") == "hdc shell"
    assert subject_key("Hvigor.  build") == "hvigor build"
    assert subject_key("one") == "one"
    # Chinese without spaces: the whole run is one token, the weakness the default profile fixes
    assert subject_key("hvigor构建在Windows路径含空格时失败，需引号包裹") == (
        "hvigor构建在windows路径含空格时失败需引号包裹"
    )


def test_the_cognitive_test_case_contradiction_then_consolidation() -> None:
    """hmharness: 'hdc shell accepts param -t' (0.8) vs 'does not accept' (0.7) → one
    contradiction keyed 'hdc shell'; a 0.9 duplicate of the first → consolidate supersedes the
    0.8 copy; nothing is deleted (three semantic entries remain)."""
    a = rec("a", "hdc shell accepts param -t", confidence=0.8)
    b = rec("b", "hdc shell does not accept param -t", confidence=0.7)
    groups = detect_contradictions([a, b])
    assert [(g.key, g.ids) for g in groups] == [("hdc shell", ("a", "b"))]
    c = rec("c", "hdc shell accepts param -t", confidence=0.9)
    plan = consolidate([a, b, c], now_ms=NOW)
    assert plan.merged == (Merge("a", "c"),)
    assert plan.decayed == ()
    assert plan.as_json() == {"merged": [{"id": "a", "into": "c"}], "decayed": []}
    assert plan.reasons["a"] == "consolidate: exact duplicate of c"


def test_contradictions_consider_only_active_semantic_entries_in_store_order() -> None:
    records = [
        rec("e1", "ohpm install needs a proxy", layer="episodic"),
        rec("s1", "ohpm install needs a proxy"),
        rec("x", "hdc list targets shows devices"),
        rec("s2", "ohpm install never needs a proxy"),
        rec("gone", "ohpm install fails", superseded_by="s1"),
        rec("s3", "OHPM   install needs a proxy."),  # same claim as s1 once normalised
        rec("y", "hdc list targets prints nothing"),
        rec("p", "ohpm install works", layer="procedural"),
    ]
    groups = detect_contradictions(records)
    assert [(g.key, g.ids) for g in groups] == [
        ("ohpm install", ("s1", "s2", "s3")),
        ("hdc list", ("x", "y")),
    ]


def test_a_group_with_one_distinct_claim_is_no_contradiction() -> None:
    records = [rec("a", "Build fails on spaces"), rec("b", "build fails on spaces!")]
    assert detect_contradictions(records) == []


def test_merge_compares_with_the_best_of_the_subject_group_only() -> None:
    records = [
        rec("w1", "hvigor build needs quotes", confidence=0.6),
        rec("best", "hvigor build needs the sdk", confidence=0.9),
        rec("w2", "hvigor build needs quotes", confidence=0.6),
        rec("dup", "Hvigor build needs the SDK.", confidence=0.5),
    ]
    plan = consolidate(records, now_ms=NOW)
    # w1 and w2 duplicate each other but not the winner: hmharness leaves them
    assert plan.merged == (Merge("dup", "best"),)


def test_merge_ties_go_to_the_newest_then_to_store_order() -> None:
    old = rec("old", "use quotes always", timestamp="2026-10-01T00:00:00Z")
    new = rec("new", "use quotes always", timestamp="2026-11-01T00:00:00Z")
    assert consolidate([old, new], now_ms=NOW).merged == (Merge("old", "new"),)
    first = rec("first", "use quotes always")
    second = rec("second", "use quotes always")
    assert consolidate([first, second], now_ms=NOW).merged == (Merge("second", "first"),)


def test_merge_groups_by_layer_and_skips_other_layers() -> None:
    records = [
        rec("s", "run ohpm install first", confidence=0.9),
        rec("e", "run ohpm install first", layer="episodic", confidence=0.9),
        rec("p1", "run ohpm install first", layer="procedural"),
        rec("p2", "run ohpm install first", layer="procedural"),
        rec("s2", "run ohpm install first", confidence=0.4),
        rec("e2", "run ohpm install first", layer="episodic", confidence=0.8),
    ]
    plan = consolidate(records, now_ms=NOW)
    assert plan.merged == (Merge("s2", "s"), Merge("e2", "e"))


def test_decay_stale_low_confidence_episodic_entries() -> None:
    old = "2026-09-01T00:00:00.000Z"  # 91 days before NOW
    records = [
        rec("stale", "OK 3 tools/2 turns: build", layer="episodic", confidence=0.4, timestamp=old),
        rec("sure", "OK 3 tools/2 turns: run", layer="episodic", confidence=0.5, timestamp=old),
        rec("young", "FAIL 1 tools/1 turns: x", layer="episodic", confidence=0.1),
        rec("sem", "a rule", confidence=0.1, timestamp=old),
        rec("bad", "FAIL 2 tools/1 turns: y", layer="episodic", confidence=0.1, timestamp="soon"),
        rec("done", "FAIL z", layer="episodic", confidence=0.1, timestamp=old, superseded_by="x"),
    ]
    plan = consolidate(records, now_ms=NOW)
    assert plan.decayed == ("stale",)
    assert plan.reasons["stale"] == (
        "consolidate: stale episodic, confidence < 0.5, not updated for 60 days"
    )
    assert consolidate(records, now_ms=NOW, stale_days=100).decayed == ()
    assert consolidate(records, now_ms=NOW, stale_days=0).decayed == ("stale", "young")


def test_a_merged_entry_does_not_also_decay() -> None:
    old = "2026-01-01T00:00:00.000Z"
    records = [
        rec("a", "FAIL 1 tools: build", layer="episodic", confidence=0.3, timestamp=old),
        rec("b", "FAIL 1 tools: build", layer="episodic", confidence=0.2, timestamp=old),
    ]
    plan = consolidate(records, now_ms=NOW)
    assert plan.merged == (Merge("b", "a"),)
    assert plan.decayed == ("a",)


def test_cancel_and_progress() -> None:
    seen: list[tuple[int, int]] = []
    detect_contradictions(
        [rec("a", "x y"), rec("b", "x y z")], progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (2, 2)
    with pytest.raises(Cancelled):
        detect_contradictions([rec("a", "x")], cancel=lambda: True)
    with pytest.raises(Cancelled):
        consolidate([rec("a", "x")], now_ms=NOW, cancel=lambda: True)

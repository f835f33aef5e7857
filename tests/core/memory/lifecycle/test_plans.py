"""One entry point per profile for groups and consolidation plans."""

from __future__ import annotations

import pytest
from hmdesk.core.memory.lifecycle.plans import consolidation_plan, contradiction_groups

from tests.core.memory.lifecycle.helpers import rec

NOW_MS = 1_796_083_200_000  # 2026-12-01T00:00:00Z


def test_hmharness_groups_come_back_as_groups() -> None:
    records = [rec("a", "hdc shell accepts -t"), rec("b", "hdc shell rejects -t", confidence=0.9)]
    (g,) = contradiction_groups("hmharness", records)
    assert (g.kind, g.key, g.ids, g.keep, g.action) == (
        "contradiction",
        "hdc shell",
        ("a", "b"),
        "b",
        "review",
    )
    assert contradiction_groups("hmharness", records, kinds=("duplicate",)) == []


def test_default_plan_decays_like_hmharness() -> None:
    old = "2026-08-01T00:00:00Z"
    records = [
        rec("e1", "FAIL build", layer="episodic", confidence=0.3, timestamp=old),
        rec("e2", "FAIL build", layer="episodic", confidence=0.2, timestamp=old),
        rec("e3", "OK run", layer="episodic", confidence=0.2, timestamp=old),
    ]
    plan = consolidation_plan("default", records, now_ms=NOW_MS)
    assert [(m.id, m.into) for m in plan.merged] == [("e2", "e1")]
    assert plan.decayed == ("e1", "e3")
    assert plan.reasons["e3"].startswith("consolidate: stale episodic")


def test_unknown_profile() -> None:
    with pytest.raises(ValueError, match="unknown profile"):
        contradiction_groups("hybrid", [])
    with pytest.raises(ValueError, match="unknown profile"):
        consolidation_plan("hybrid", [], now_ms=0)

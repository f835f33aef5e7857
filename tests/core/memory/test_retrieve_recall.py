"""The default profile recalls more than the hmharness profile on the labelled set."""

from __future__ import annotations

from tests.core.memory.retrieval_golden import evaluate


def test_default_profile_beats_hmharness_on_the_labelled_set() -> None:
    hmh = evaluate("hmharness")
    dflt = evaluate("default")
    assert dflt["recall"] > hmh["recall"] + 0.3
    assert dflt["hit"] == 1.0
    assert dflt["mrr"] >= hmh["mrr"]

"""The lab's metrics against values computed by hand (binary relevance, log2 discount)."""

from __future__ import annotations

import math

import pytest
from hmdesk.core.memory.lab.metrics import mean, query_metrics, tie_groups

L2 = 1 / math.log2(3)  # the discount of position 2: 0.6309…
L3 = 1 / math.log2(4)  # position 3: 0.5


def single(*ids: str) -> list[list[str]]:
    return [[i] for i in ids]


def test_one_relevant_at_rank_three() -> None:
    m = query_metrics(single("a", "b", "c", "d", "e"), {"c"}, k=5)
    assert m.recall == 1.0
    assert m.reciprocal_rank == pytest.approx(1 / 3)
    assert m.ndcg == pytest.approx(L3)  # DCG 1/log2(4) = 0.5, IDCG 1
    assert m.first_rank_range == (3, 3)


def test_several_relevant_one_beyond_k() -> None:
    m = query_metrics(single("a", "b", "c", "d"), {"a", "d"}, k=3)
    assert m.recall == 0.5  # a in the top 3, d at 4
    assert m.reciprocal_rank == 1.0
    assert m.ndcg == pytest.approx(1 / (1 + L2))  # DCG 1; IDCG 1 + 1/log2(3) = 1.6309…
    assert m.ndcg == pytest.approx(0.613147, abs=1e-6)


def test_several_relevant_all_found_out_of_order() -> None:
    m = query_metrics(single("x", "a", "b"), {"a", "b"}, k=3)
    assert m.recall == 1.0
    assert m.reciprocal_rank == 0.5
    assert m.ndcg == pytest.approx((L2 + L3) / (1 + L2))


def test_no_relevant_found() -> None:
    m = query_metrics(single("a", "b"), {"z"}, k=5)
    assert (m.recall, m.reciprocal_rank, m.ndcg) == (0.0, 0.0, 0.0)
    assert m.first_rank_range is None
    empty = query_metrics([], {"z"}, k=5)
    assert (empty.recall, empty.reciprocal_rank, empty.ndcg) == (0.0, 0.0, 0.0)


def test_k_larger_than_the_results() -> None:
    m = query_metrics(single("x", "a"), {"a"}, k=10)
    assert m.recall == 1.0
    assert m.reciprocal_rank == 0.5
    assert m.ndcg == pytest.approx(L2)


def test_more_relevant_than_k_caps_the_ideal() -> None:
    # three relevant, k=2: the ideal DCG has two places only, so a perfect top 2 scores 1
    m = query_metrics(single("a", "b", "c"), {"a", "b", "c"}, k=2)
    assert m.ndcg == pytest.approx(1.0)
    assert m.recall == pytest.approx(2 / 3)


def test_tie_of_four_with_one_relevant_is_averaged() -> None:
    groups = [["a", "b", "c", "d"]]
    m = query_metrics(groups, {"a"}, k=2)
    assert m.recall == pytest.approx(0.5)  # in the top 2 for half the orders
    assert m.reciprocal_rank == pytest.approx((1 + 1 / 2 + 1 / 3 + 1 / 4) / 4)
    assert m.ndcg == pytest.approx((1 + L2) / 4)
    assert m.first_rank_range == (1, 4)


def test_tie_holding_two_relevant_after_a_miss() -> None:
    # positions 2-4 tie, two of the three are relevant: the first one is at 2 with probability
    # C(2,1)/C(3,2) = 2/3, at 3 with 1/3
    m = query_metrics([["x"], ["a", "b", "y"]], {"a", "b"}, k=2)
    assert m.reciprocal_rank == pytest.approx(2 / 3 * 1 / 2 + 1 / 3 * 1 / 3)
    assert m.recall == pytest.approx((2 / 3) / 2)
    assert m.ndcg == pytest.approx((2 / 3 * L2) / (1 + L2))
    assert m.first_rank_range == (2, 3)


def test_tie_groups_split_equal_scores_only() -> None:
    ids = ["a", "b", "c", "d"]
    scores = [0.9, 0.7, 0.7, 0.5]
    assert tie_groups(ids, scores) == [["a"], ["b", "c"], ["d"]]
    assert tie_groups(ids, scores, "as-ranked") == [["a"], ["b"], ["c"], ["d"]]
    # as ranked, the same tie counts the order it was listed in
    as_ranked = query_metrics(tie_groups(ids, scores, "as-ranked"), {"c"}, k=2)
    expected = query_metrics(tie_groups(ids, scores), {"c"}, k=2)
    assert as_ranked.recall == 0.0
    assert expected.recall == pytest.approx(0.5)
    assert expected.reciprocal_rank == pytest.approx((1 / 2 + 1 / 3) / 2)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="without relevant"):
        query_metrics(single("a"), set(), k=5)
    with pytest.raises(ValueError, match="k must"):
        query_metrics(single("a"), {"a"}, k=0)
    with pytest.raises(ValueError, match="differ"):
        tie_groups(["a"], [])


def test_mean_of_nothing_is_zero() -> None:
    assert mean([]) == 0.0
    assert mean([1.0, 0.0, 0.5]) == 0.5


def test_scores_a_few_ulps_apart_are_one_tie() -> None:
    # 0.8·0.4 + r·0.2 + 0.5·0.4 and 0.9·0.4 + r·0.2 + 0.4·0.4 differ only by float rounding
    r = 0.9999999384002057
    s1 = 0.8 * 0.4 + r * 0.2 + 0.5 * 0.4
    s2 = 0.9 * 0.4 + r * 0.2 + 0.4 * 0.4
    assert abs(s1 - s2) < 1e-12  # equal but for rounding: one group, whichever way it falls
    assert tie_groups(["a", "b", "c"], [s1, s2, s1 - 0.01]) == [["a", "b"], ["c"]]
    assert tie_groups(["a", "b"], [0.5, 0.5 - 1e-6]) == [["a"], ["b"]]

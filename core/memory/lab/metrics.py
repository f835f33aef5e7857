"""Ranking metrics of the recall lab: recall@k, reciprocal rank and nDCG@k, tie-aware.

Definitions (binary relevance: a memory is relevant to a query or it is not):

* The **ranking** is what the retriever returned for the query, best first, cut at the
  evaluation depth, as *tie groups*: consecutive results with equal scores form one group, since
  their order among themselves is only the store's insertion order. Scores within
  :data:`TIE_TOLERANCE` of the group's first count as equal: mathematically equal scores
  (confidence 0.9 with 2 of 5 terms, 0.8 with 3 of 6 …) come out of the float64 formula a few
  units in the last place apart, in an order that changes with the recency of the moment.
  Positions are 1-based.
* ``R`` is the set of relevant ids labelled for the query (ids the store does not hold are left
  out by the evaluator before the metrics see them). A query with an empty ``R`` is not scored.
* **recall@k** = |R ∩ top k| / |R|. Several relevant ids: each found one counts its share.
* **reciprocal rank** = 1 / (position of the first relevant result); 0 when no relevant id is in
  the ranking (none found). MRR is its mean over the scored queries.
* **nDCG@k** = DCG@k / IDCG@k with DCG@k = Σ_{i=1..k} rel_i / log2(i + 1) (rel_i is 1 or 0) and
  IDCG@k = Σ_{i=1..min(|R|, k)} 1 / log2(i + 1), the DCG of a ranking that puts every relevant id
  first. 0 when none is found. A ranking shorter than k (fewer matches) simply ends early.

**Ties.** ``ties="expected"`` (the default) gives each metric's expected value over every order
of each tie group (McSherry & Najork, "Computing information retrieval performance measures
efficiently in the presence of tied scores", ECIR 2008): a position inside a group of ``n``
results holding ``r`` relevant ones is relevant with probability ``r/n`` (recall and DCG are sums
over positions, so that is exact); the reciprocal rank averages over where the first relevant
result falls in its group. ``ties="as-ranked"`` takes the order as returned (each result its own
group). Expected values keep a change from being credited for an insertion-order accident.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

Ties = Literal["expected", "as-ranked"]
TIES: tuple[Ties, ...] = ("expected", "as-ranked")
TIE_TOLERANCE = 1e-9


def tie_groups(
    ids: Sequence[str], scores: Sequence[float], ties: Ties = "expected"
) -> list[list[str]]:
    """``ids`` (best first) split into groups of consecutive equal ``scores`` (within
    :data:`TIE_TOLERANCE` of the group's first); with ``ties="as-ranked"`` every id is its own
    group."""
    if len(ids) != len(scores):
        raise ValueError("ids and scores differ in length")
    groups: list[list[str]] = []
    head = 0.0
    for id_, score in zip(ids, scores, strict=True):
        if groups and ties == "expected" and abs(head - score) <= TIE_TOLERANCE:
            groups[-1].append(id_)
        else:
            groups.append([id_])
            head = score
    return groups


def _discount(position: int) -> float:
    return 1.0 / math.log2(position + 1)


@dataclass(frozen=True)
class QueryMetrics:
    """One query's metrics (expected values under ``ties="expected"``)."""

    recall: float
    reciprocal_rank: float
    ndcg: float
    # the positions the first relevant result can take over the tie orders (both equal when it
    # is not tied), None when no relevant id is in the ranking
    first_rank_range: tuple[int, int] | None


def query_metrics(
    groups: Sequence[Sequence[str]], relevant: Collection[str], k: int
) -> QueryMetrics:
    """The metrics of one ranking (tie groups, best first) against the relevant ids ``R``.

    ``R`` must not be empty (an unjudged query has no metrics); ``k`` is at least 1."""
    if k < 1:
        raise ValueError("k must be at least 1")
    rel = set(relevant)
    if not rel:
        raise ValueError("a query without relevant ids has no metrics")
    found_in_k = 0.0
    dcg = 0.0
    rr = 0.0
    first: tuple[int, int] | None = None
    start = 1
    for group in groups:
        n = len(group)
        if n == 0:
            continue
        r = sum(1 for id_ in group if id_ in rel)
        end = start + n - 1
        if r:
            p = r / n
            top = min(end, k)
            if top >= start:
                found_in_k += p * (top - start + 1)
                dcg += p * sum(_discount(i) for i in range(start, top + 1))
            if first is None:
                first = (start, start + n - r)
                rr = _expected_reciprocal_rank(start, n, r)
        start = end + 1
    ideal = sum(_discount(i) for i in range(1, min(len(rel), k) + 1))
    return QueryMetrics(
        recall=found_in_k / len(rel),
        reciprocal_rank=rr,
        ndcg=dcg / ideal,
        first_rank_range=first,
    )


def _expected_reciprocal_rank(start: int, n: int, r: int) -> float:
    """E[1 / rank of the first relevant] when ``r`` relevant results sit at random among the
    ``n`` places of a tie group starting at ``start``: the first is at offset ``j`` with
    probability C(n-1-j, r-1) / C(n, r)."""
    total = math.comb(n, r)
    return sum(math.comb(n - 1 - j, r - 1) / total / (start + j) for j in range(n - r + 1))


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean; 0.0 for no values (a set with no scored query)."""
    return sum(values) / len(values) if values else 0.0

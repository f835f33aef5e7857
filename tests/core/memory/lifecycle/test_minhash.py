"""MinHash candidates: similar sets are found, dissimilar ones are not, deterministically."""

from __future__ import annotations

import pytest
from hmdesk.core.memory.hmharness.rules import Cancelled
from hmdesk.core.memory.lifecycle.minhash import candidate_pairs, signatures


def _sets() -> list[frozenset[str]]:
    base = [f"w{i}" for i in range(10)]
    return [
        frozenset(base),
        frozenset([*base[:9], "x"]),  # Jaccard 9/11 with the first
        frozenset(f"z{i}" for i in range(10)),  # nothing in common
        frozenset(),
        frozenset(base),  # identical to the first
    ]


def test_similar_sets_are_candidates() -> None:
    pairs = candidate_pairs(_sets(), 100, 5, 0.45, 50)
    assert {(0, 1), (0, 4), (1, 4)} <= pairs
    assert not any(2 in p or 3 in p for p in pairs)
    assert pairs == candidate_pairs(_sets(), 100, 5, 0.45, 50)


def test_signatures_of_equal_sets_are_equal() -> None:
    sig = signatures(_sets(), 20, None)
    assert sig.shape == (5, 20)
    assert (sig[0] == sig[4]).all() and not (sig[0] == sig[2]).all()


def test_cancel() -> None:
    with pytest.raises(Cancelled):
        candidate_pairs(_sets(), 100, 5, 0.45, 50, cancel=lambda: True)

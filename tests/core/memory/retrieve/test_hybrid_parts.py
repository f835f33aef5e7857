"""The hybrid profile's sparse semantic part: membership by binary search, the candidates a
segment scores, and one position's cosine and score equal to the vectorised ones."""

from __future__ import annotations

import numpy as np
import pytest
from hmdesk.core.memory.retrieve.hybrid_parts import (
    DenseSemantic,
    NoSemantic,
    SparseSemantic,
    members,
)
from hypothesis import given
from hypothesis import strategies as st

positions = st.lists(st.integers(0, 60), max_size=30).map(
    lambda v: np.unique(np.array(v, np.int64))
)


@given(a=positions, b=st.lists(st.integers(0, 70), max_size=30))
def test_members_is_isin(a: np.ndarray, b: list[int]) -> None:
    values = np.array(b, dtype=np.int64)
    assert members(a, values).tolist() == np.isin(values, a).tolist()


@given(lexical=positions, recall=positions, keep_every=st.integers(1, 4))
def test_candidates_and_matched(lexical: np.ndarray, recall: np.ndarray, keep_every: int) -> None:
    keep = lexical[::keep_every]
    sp = NoSemantic(lexical, recall, keep)
    assert sp.candidates().tolist() == sorted(set(keep.tolist()) | set(recall.tolist()))
    assert sp.matched == len(set(lexical.tolist()) | set(recall.tolist()))
    assert sp.recall_only.tolist() == sorted(set(recall.tolist()) - set(lexical.tolist()))
    every = NoSemantic(lexical, recall, None).candidates()
    assert every.tolist() == sorted(set(lexical.tolist()) | set(recall.tolist()))


@pytest.mark.parametrize("span", [0.0, 0.37])
def test_sparse_scores_match_one_by_one(span: float) -> None:
    rng = np.random.default_rng(5)
    n_rows, size = 50, 40
    cos = rng.uniform(-0.2, 0.9, n_rows).astype(np.float32)
    done = rng.random(n_rows) < 0.6
    row_of = rng.permutation(n_rows)[:size].astype(np.int64)
    row_of[::7] = -1  # no embedding
    sp = SparseSemantic(
        np.zeros(0, np.int64), np.zeros(0, np.int64), None, (row_of, done, cos), 0.1, span
    )
    pos = np.arange(size, dtype=np.int64)
    scores = sp.scores(pos)
    for p in range(size):
        cosine, score = sp.at(p)
        row = int(row_of[p])
        if row < 0 or not done[row]:
            assert (cosine, score) == (None, 0.0) and scores[p] == 0.0
        else:
            assert cosine == float(cos[row])
            assert score == scores[p]  # the scalar arithmetic is the array's, bit for bit
            assert 0.0 <= score <= 1.0


def test_dense_semantic_reports_nan_as_no_cosine() -> None:
    cosine = np.array([0.5, np.nan, 0.25])
    score = np.array([1.0, 0.0, 0.0])
    sp = DenseSemantic(np.array([0, 2]), np.array([1]), cosine, score)
    assert sp.at(0) == (0.5, 1.0) and sp.at(1) == (None, 0.0)
    assert sp.scores(np.array([2, 0])).tolist() == [0.0, 1.0]
    assert sp.matched == 3

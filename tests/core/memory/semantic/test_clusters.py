"""Cluster lists: the reordered matrix keeps each memory's vector, the lists partition its rows,
and the lists nearest a query hold its nearest rows when they are clustered."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hmdesk.core.memory.semantic import clusters
from hmdesk.core.memory.semantic.cache import EmbeddingMatrix
from hmdesk.core.memory.semantic.clusters import ClusterLists
from hypothesis import given
from hypothesis import strategies as st


def _matrix(v: npt.NDArray[np.float32]) -> EmbeddingMatrix:
    seqs = np.arange(10, 10 + 3 * len(v), 3, dtype=np.int64)
    return EmbeddingMatrix(
        model="m",
        seqs=seqs,
        ids=[f"id{q}" for q in seqs.tolist()],
        vectors=v,
        row_of={int(q): i for i, q in enumerate(seqs.tolist())},
    )


def _unit(rng: np.random.Generator, n: int, dim: int) -> npt.NDArray[np.float32]:
    v = rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


@given(n=st.integers(1, 300), dim=st.integers(2, 24), seed=st.integers(0, 2**16))
def test_reordered_matrix_keeps_every_pairing_and_lists_partition_it(
    n: int, dim: int, seed: int
) -> None:
    clusters_per = 16
    v = _unit(np.random.default_rng(seed), n, dim)
    before = _matrix(v)
    old = clusters.ROWS_PER_LIST
    clusters.ROWS_PER_LIST = clusters_per
    try:
        after, lists = ClusterLists.of(before)
    finally:
        clusters.ROWS_PER_LIST = old
    assert len(lists) == max(1, n // clusters_per)
    assert lists.starts[0] == 0 and lists.starts[-1] == n and (np.diff(lists.starts) >= 0).all()
    assert sorted(after.seqs.tolist()) == before.seqs.tolist()
    for row, seq in enumerate(after.seqs.tolist()):
        assert after.row_of[seq] == row
        assert after.ids[row] == f"id{seq}"
        assert np.array_equal(after.vectors[row], v[before.row_of[seq]])
    assert not after.vectors.flags.writeable


@given(seed=st.integers(0, 2**16), rows=st.integers(1, 400), far=st.integers(0, 400))
def test_nearest_lists_hold_enough_rows_and_do_not_overlap(seed: int, rows: int, far: int) -> None:
    rng = np.random.default_rng(seed)
    old = clusters.ROWS_PER_LIST
    clusters.ROWS_PER_LIST = 20
    try:
        _, lists = ClusterLists.of(_matrix(_unit(rng, 300, 8)))
    finally:
        clusters.ROWS_PER_LIST = old
    near, farthest = lists.nearest_lists(_unit(rng, 1, 8)[0], rows, far)
    assert int(lists.sizes[near].sum()) >= min(rows, 300)
    assert not set(near.tolist()) & set(farthest.tolist())
    if far and len(near) < len(lists):
        assert len(farthest) >= 1
    assert list(near) == sorted(near) and list(farthest) == sorted(farthest)


def test_clustered_vectors_nearest_rows_are_in_the_nearest_lists() -> None:
    """Near-duplicates (the same claim in other words) share a list: the lists nearest a query
    hold every one of its nearest rows, whose order differs only in the third decimal."""
    rng = np.random.default_rng(7)
    centres = _unit(rng, 12, 32)
    v = centres[np.arange(600) % 12] + 0.02 * rng.standard_normal((600, 32)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    old = clusters.ROWS_PER_LIST
    clusters.ROWS_PER_LIST = 50
    try:
        matrix, lists = ClusterLists.of(_matrix(v))
    finally:
        clusters.ROWS_PER_LIST = old
    query = centres[3] + 0.05 * _unit(rng, 1, 32)[0]
    query /= np.linalg.norm(query)
    near, _ = lists.nearest_lists(query, 60, 0)
    probed = np.concatenate([np.arange(lists.starts[x], lists.starts[x + 1]) for x in near])
    cos = matrix.vectors @ query
    assert set(np.argsort(-cos)[:20].tolist()) <= set(probed.tolist())


def test_updated_keeps_every_pairing_and_refuses_when_drifted() -> None:
    rng = np.random.default_rng(11)
    old = clusters.ROWS_PER_LIST, clusters.MIN_SPARE
    clusters.ROWS_PER_LIST, clusters.MIN_SPARE = 20, 10  # 30 rows may change (10 % of 300)
    try:
        matrix, lists = ClusterLists.of(_matrix(_unit(rng, 300, 8)))
        new_v = _unit(rng, 4, 8)
        added = EmbeddingMatrix(
            model="m",
            seqs=np.array([5000, 5001, 5002, int(matrix.seqs[7])], dtype=np.int64),
            ids=["a", "b", "c", "changed"],
            vectors=new_v,
            row_of={},
        )
        removed = [int(matrix.seqs[3]), int(matrix.seqs[7])]  # deleted, changed
        grown, after = lists.updated(matrix, removed, added) or (None, None)
        assert grown is not None and after is not None
        assert lists.updated(matrix, [], _matrix(_unit(rng, 31, 8))) is None  # drifted
        assert after.updated(grown, [], _matrix(_unit(rng, 24, 8))) is not None
        assert after.updated(grown, [], _matrix(_unit(rng, 25, 8))) is None  # 6 + 25 > 30
    finally:
        clusters.ROWS_PER_LIST, clusters.MIN_SPARE = old
    assert after.centroids is lists.centroids and after.dead == 2 and len(after.tail_lists) == 4
    assert len(grown) == 304 and int((grown.seqs == -1).sum()) == 2
    assert int(matrix.seqs[3]) not in grown.row_of
    for i, seq in enumerate(added.seqs.tolist()):
        assert np.array_equal(grown.vectors[grown.row_of[seq]], new_v[i])
    assert np.array_equal(grown.vectors[:300], matrix.vectors)  # old rows untouched
    assert int(after.sizes.sum()) == 304 == int(after.starts[-1]) + len(after.tail_lists)
    assert not grown.vectors.flags.writeable


def _lists_of(v: npt.NDArray[np.float32], rows: int) -> tuple[EmbeddingMatrix, ClusterLists]:
    old = clusters.ROWS_PER_LIST
    clusters.ROWS_PER_LIST = rows
    try:
        return ClusterLists.of(_matrix(v))
    finally:
        clusters.ROWS_PER_LIST = old


def test_probe_gives_the_nearest_lists_rows_first_with_their_dot_products() -> None:
    rng = np.random.default_rng(5)
    matrix, lists = _lists_of(_unit(rng, 400, 16), 20)
    query = _unit(rng, 1, 16)[0]
    rows, values, near_count = lists.probe(matrix.vectors, query, 50, 30)
    near, farthest = lists.nearest_lists(query, 50, 30)
    want_near = np.concatenate([np.arange(lists.starts[x], lists.starts[x + 1]) for x in near])
    want_far = np.concatenate([np.arange(lists.starts[x], lists.starts[x + 1]) for x in farthest])
    assert near_count == len(want_near)
    assert rows[:near_count].tolist() == want_near.tolist()
    assert rows[near_count:].tolist() == want_far.tolist()
    np.testing.assert_allclose(values, matrix.vectors[rows] @ query, rtol=0, atol=1e-6)

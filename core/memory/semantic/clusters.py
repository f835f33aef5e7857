"""Cluster lists of cached vectors: the hybrid profile's first pass on a large store.

The vectors are grouped by k-means (on a sample, then every row assigned to its nearest
centroid) into :func:`list_count` lists, and the matrix is rewritten with each list's rows
next to each other (:meth:`ClusterLists.of` returns the reordered
:class:`~.cache.EmbeddingMatrix`: its rows are in list order, no longer in seq order; ``seqs``,
``ids`` and ``row_of`` follow them). A query then computes its exact cosines list by list, each
list one contiguous block of the matrix (a matrix-vector product over a slice: about 10× faster
than gathering as many scattered rows). Which lists: those whose centroid is nearest the query
(the semantic recall and the maximum) and farthest (the minimum, the normalisation's floor).

Why lists and not sign bits: memories that say almost the same (near-duplicates, which an agent
writes often) have almost the same vector; their order by cosine differs in the third decimal,
below what sign bits resolve, but they share a list, and a list is computed whole and exactly.
Built once per matrix (when the cached vectors are read), never per query.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt
from hmdesk.core.memory.semantic.cache import EmbeddingMatrix

ROWS_PER_LIST = 400
"""About this many rows a list (fewer lists: more rows computed per list probed; more lists:
a longer centroid product and assignment)."""
MAX_LISTS = 1024
SAMPLE = 8192
"""Rows the k-means iterations run on (every row is then assigned once)."""
ITERATIONS = 5
_BLOCK = 8192


def list_count(n: int) -> int:
    return int(min(MAX_LISTS, max(1, n // ROWS_PER_LIST)))


@dataclass(frozen=True)
class ClusterLists:
    """List ``l`` is rows ``starts[l]:starts[l + 1]`` of the reordered matrix; ``centroids[l]``
    is the mean of its rows (not of unit length)."""

    centroids: npt.NDArray[np.float32]
    starts: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.centroids)

    @property
    def sizes(self) -> npt.NDArray[np.int64]:
        got: npt.NDArray[np.int64] | None = self.__dict__.get("_sizes")
        if got is None:
            got = np.diff(self.starts)
            object.__setattr__(self, "_sizes", got)
        return got

    @property
    def list_of_row(self) -> npt.NDArray[np.int32]:
        """Each row's list (computed once)."""
        got: npt.NDArray[np.int32] | None = self.__dict__.get("_list_of_row")
        if got is None:
            got = np.repeat(np.arange(len(self), dtype=np.int32), self.sizes)
            object.__setattr__(self, "_list_of_row", got)
        return got

    @classmethod
    def of(cls, matrix: EmbeddingMatrix, seed: int = 0) -> tuple[EmbeddingMatrix, ClusterLists]:
        """(``matrix`` with its rows in list order, the lists). Deterministic for one matrix."""
        vectors = matrix.vectors
        n = len(vectors)
        count = list_count(n)
        if n == 0:
            return matrix, cls(np.zeros((0, matrix.dim), np.float32), np.zeros(1, np.int64))
        rng = np.random.default_rng(seed)
        sample = vectors[np.sort(rng.choice(n, min(SAMPLE, n), replace=False))]
        centroids = sample[np.sort(rng.choice(len(sample), min(count, len(sample)), False))]
        centroids = centroids.astype(np.float32, copy=True)
        for _ in range(ITERATIONS):
            centroids = _means(sample, _nearest(sample, centroids), centroids)
        labels = np.concatenate(
            [_nearest(vectors[s : s + _BLOCK], centroids) for s in range(0, n, _BLOCK)]
        )
        order = np.argsort(labels, kind="stable")  # within a list: seq order
        sizes = np.bincount(labels, minlength=len(centroids))
        starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
        out = np.empty_like(vectors)
        for s in range(0, n, _BLOCK):  # reordered in blocks: no second fancy-index temporary
            np.take(vectors, order[s : s + _BLOCK], axis=0, out=out[s : s + _BLOCK])
        out.flags.writeable = False
        centroids = _sums_to_means(out, sizes, centroids)
        seqs = matrix.seqs[order]
        reordered = replace(
            matrix,
            seqs=seqs,
            ids=[matrix.ids[i] for i in order.tolist()],
            vectors=out,
            row_of={int(q): i for i, q in enumerate(seqs.tolist())},
        )
        return reordered, cls(centroids, starts)

    def nearest_lists(
        self, vector: npt.NDArray[np.float32], rows: int, far: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(the lists nearest ``vector`` by centroid holding at least ``rows`` rows, the
        farthest holding at least ``far`` rows not among them), each sorted by start."""
        by = np.argsort(-(self.centroids @ vector), kind="stable")
        sizes = self.sizes[by]
        cum = np.cumsum(sizes)
        take = int(np.searchsorted(cum, rows)) + 1
        near = by[:take]
        rest = by[take:][::-1]
        back = int(np.searchsorted(np.cumsum(sizes[take:][::-1]), far)) + 1 if far > 0 else 0
        return np.sort(near), np.sort(rest[:back])


def _nearest(
    rows: npt.NDArray[np.float32], centroids: npt.NDArray[np.float32]
) -> npt.NDArray[np.int64]:
    """Each row's nearest centroid (smallest Euclidean distance)."""
    half = 0.5 * np.einsum("ij,ij->i", centroids, centroids)
    return np.asarray(np.argmax(rows @ centroids.T - half, axis=1), dtype=np.int64)


def _means(
    rows: npt.NDArray[np.float32],
    labels: npt.NDArray[np.int64],
    centroids: npt.NDArray[np.float32],
) -> npt.NDArray[np.float32]:
    """Each list's mean (an empty list keeps its centroid)."""
    order = np.argsort(labels, kind="stable")
    return _sums_to_means(rows[order], np.bincount(labels, minlength=len(centroids)), centroids)


def _sums_to_means(
    grouped: npt.NDArray[np.float32],
    sizes: npt.NDArray[np.int64],
    centroids: npt.NDArray[np.float32],
) -> npt.NDArray[np.float32]:
    """The mean of each list of ``grouped`` (rows in list order, ``sizes`` rows a list)."""
    starts = np.concatenate(([0], np.cumsum(sizes)))[:-1]
    nonempty = sizes > 0
    out = centroids.copy()
    if nonempty.any():
        sums = np.add.reduceat(grouped, starts[nonempty], axis=0, dtype=np.float64)
        out[nonempty] = (sums / sizes[nonempty, None]).astype(np.float32)
    return out

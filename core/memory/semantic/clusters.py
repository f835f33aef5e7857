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

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from hmdesk.core.memory.semantic import kernels
from hmdesk.core.memory.semantic.cache import EmbeddingMatrix

if TYPE_CHECKING:
    from hmdesk.core.db import Database

ROWS_PER_LIST = 200
"""About this many rows a list (fewer lists: more rows computed per list probed; more lists:
a longer centroid product and assignment)."""
MAX_LISTS = 1024
SAMPLE = 8192
"""Rows the k-means iterations run on (every row is then assigned once)."""
ITERATIONS = 5
_BLOCK = 8192
SPARE = 0.10
"""Rows added, changed or removed since the lists were built, as a share of the rows they were
built from (at least :data:`MIN_SPARE`), up to which a change is applied incrementally
(:meth:`ClusterLists.updated`); beyond it the lists are built again."""
MIN_SPARE = 1024
LIST_GROWTH = 2
"""A list holding more than this many times its built size (or :data:`ROWS_PER_LIST`, if
larger) after changes: the lists are built again."""


def spare(n: int) -> int:
    return max(MIN_SPARE, int(n * SPARE))


def list_count(n: int) -> int:
    return int(min(MAX_LISTS, max(1, n // ROWS_PER_LIST)))


@dataclass(frozen=True)
class ClusterLists:
    """List ``l`` is rows ``starts[l]:starts[l + 1]`` of the reordered matrix plus the rows
    after ``starts[-1]`` (added since the lists were built) whose ``tail_lists`` entry is ``l``;
    ``centroids[l]`` is the mean of its rows when built (not of unit length). ``storage``: the
    buffer the matrix's rows are a view of, with room for :func:`spare` more rows; ``dead``:
    rows dropped since (their seq is -1 in the matrix: they belong to no memory)."""

    centroids: npt.NDArray[np.float32]
    starts: npt.NDArray[np.int64]
    tail_lists: npt.NDArray[np.int32] = field(default_factory=lambda: np.zeros(0, np.int32))
    storage: npt.NDArray[np.float32] | None = field(default=None, repr=False)
    dead: int = 0

    def __len__(self) -> int:
        return len(self.centroids)

    @property
    def sizes(self) -> npt.NDArray[np.int64]:
        got: npt.NDArray[np.int64] | None = self.__dict__.get("_sizes")
        if got is None:
            got = np.diff(self.starts)
            if len(self.tail_lists):
                got = got + np.bincount(self.tail_lists, minlength=len(self))
            object.__setattr__(self, "_sizes", got)
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
        storage = np.empty((n + spare(n), matrix.dim), dtype=vectors.dtype)
        out = storage[:n]
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
        return reordered, cls(centroids, starts, storage=storage)

    def updated(
        self,
        matrix: EmbeddingMatrix,
        removed: list[int],
        added: EmbeddingMatrix,
    ) -> tuple[EmbeddingMatrix, ClusterLists] | None:
        """``matrix`` (rows in these lists' order) without the memories ``removed`` (seqs) and
        with the rows of ``added`` (a changed memory is removed and added), each added row
        joining the list of its nearest centroid: a few milliseconds, no k-means. ``None``
        when the lists have drifted too far (see :data:`SPARE`, :data:`LIST_GROWTH`): build
        them again. The rows of ``matrix`` are never written (a search may be reading them)."""
        n, k, built = len(matrix), len(added), int(self.starts[-1])
        gone = [matrix.row_of[q] for q in removed if q in matrix.row_of]
        dead = self.dead + len(gone)
        if self.storage is None or (n - built) + k + dead > spare(built) or added.dim != matrix.dim:
            return None
        labels = _nearest(added.vectors, self.centroids) if k else np.zeros(0, np.int64)
        tail = np.concatenate((self.tail_lists, labels.astype(np.int32)))
        if k:
            now = np.diff(self.starts) + np.bincount(tail, minlength=len(self))
            if (now > LIST_GROWTH * np.maximum(np.diff(self.starts), ROWS_PER_LIST)).any():
                return None
        self.storage[n : n + k] = added.vectors
        vectors = self.storage[: n + k]
        vectors.flags.writeable = False
        seqs = np.concatenate((matrix.seqs, added.seqs))
        seqs[gone] = -1
        row_of = dict(matrix.row_of)
        for q in removed:
            row_of.pop(q, None)
        row_of.update({int(q): n + i for i, q in enumerate(added.seqs.tolist())})
        grown = replace(
            matrix, seqs=seqs, ids=[*matrix.ids, *added.ids], vectors=vectors, row_of=row_of
        )
        return grown, replace(self, tail_lists=tail, dead=dead)

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

    def probe(
        self, vectors: npt.NDArray[np.float32], vector: npt.NDArray[np.float32], rows: int, far: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32], int]:
        """(every row of the lists nearest ``vector`` and of those farthest from it, see
        :meth:`nearest_lists`; those rows' dot products with ``vector``; how many of the rows
        are the nearest lists': they come first). ``vectors``: the matrix's rows, in these
        lists' order. Computed by the compiled kernels when there are (:mod:`.kernels`)."""
        compiled = kernels.probe(
            self.centroids, self.starts, self.sizes, self.tail_lists, vectors, vector, rows, far
        )
        if compiled is not None:
            return compiled
        near, farthest = self.nearest_lists(vector, rows, far)
        near_rows, near_values = self._rows_of(vectors, vector, near)
        if not len(farthest):
            return near_rows, near_values, len(near_rows)
        far_rows, far_values = self._rows_of(vectors, vector, farthest)
        return (
            np.concatenate((near_rows, far_rows)),
            np.concatenate((near_values, far_values)),
            len(near_rows),
        )

    def _rows_of(
        self,
        vectors: npt.NDArray[np.float32],
        vector: npt.NDArray[np.float32],
        which: npt.NDArray[np.int64],
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Every row of the lists ``which`` (sorted) and its dot product with ``vector``. Each
        list is a contiguous block (adjacent lists one block: a matrix-vector product over a
        slice) plus its rows added since they were built (gathered, after the blocks)."""
        starts, stops = self.starts[which], self.starts[which + 1]
        joined = np.flatnonzero(starts[1:] != stops[:-1]) + 1  # where a new block begins
        firsts = np.concatenate(([0], joined))
        lasts = np.concatenate((joined, [len(which)])) - 1
        spans = zip(starts[firsts].tolist(), stops[lasts].tolist(), strict=True)
        blocks = [(a, b) for a, b in spans if b > a]
        parts = [np.arange(a, b, dtype=np.int64) for a, b in blocks]
        values = [vectors[a:b] @ vector for a, b in blocks]
        if len(self.tail_lists):
            probed = np.zeros(len(self), dtype=bool)
            probed[which] = True
            tail = int(self.starts[-1]) + np.flatnonzero(probed[self.tail_lists])
            if len(tail):
                parts.append(tail)
                values.append(vectors[tail] @ vector)
        if len(parts) == 1:
            return parts[0], values[0]
        if not parts:
            return np.zeros(0, np.int64), np.zeros(0, np.float32)
        return np.concatenate(parts), np.concatenate(values)


def refreshed(
    db: Database,
    model: str,
    current: EmbeddingMatrix | None,
    lists: ClusterLists | None,
    known: dict[int, str],
    coarse_from: int,
) -> tuple[EmbeddingMatrix, ClusterLists | None, dict[int, str]]:
    """The cached vectors of ``model`` now, in lists from ``coarse_from`` rows, and each row's
    content hash. ``current``, ``lists``, ``known``: the same, read earlier; when they are in
    lists, only the vectors whose hash changed are read and applied with
    :meth:`ClusterLists.updated` (a scan of the hashes, no k-means): the first search after an
    edit no longer reads and clusters the whole matrix again. ``known`` may be updated."""
    from hmdesk.core.memory.semantic.cache import hashes, load, load_seqs

    if current is not None and lists is not None and current.model == model:
        scan = hashes(db, model, current.dim)
        changed = {q for q, _ in scan.items() ^ known.items()}  # new, changed or gone
        changed |= current.row_of.keys() - known.keys()  # (none unless read while changing)
        removed = [q for q in changed if q in current.row_of]
        added = [q for q in changed if q in scan]
        if not removed and not added:
            return current, lists, known
        if len(removed) + len(added) <= spare(int(lists.starts[-1])):
            new, new_hashes = load_seqs(db, model, current.dim, added)
            got = lists.updated(current, removed, new)
            if got is not None:
                for q in removed:
                    known.pop(q, None)
                known.update(zip(new.seqs.tolist(), new_hashes, strict=True))
                return got[0], got[1], known
    every = hashes(db, model)  # before the vectors: a hash never newer than its vector
    loaded = load(db, model)
    known = {q: every[q] for q in loaded.row_of if q in every}
    if len(loaded) < coarse_from:
        return loaded, None, known
    loaded, made = ClusterLists.of(loaded)  # rows reordered list by list (no second copy kept)
    kernels.kernels()  # compiled (or read from numba's cache) now, not by the first query
    return loaded, made, known


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

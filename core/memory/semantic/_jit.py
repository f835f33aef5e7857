"""The hybrid profile's hot loops, compiled by numba (imported only by :mod:`.kernels`, which
falls back to numpy when this module cannot be imported or compiled).

Every cosine of a hybrid query comes from :func:`_dot`, whatever computes it (the probed lists,
the rescored lexical candidates, every row of a small store): a row's value depends only on the
row and the query, never on which other rows are computed with it, so the large-store path and
the exact one agree to the last bit (numpy's products round differently: the two are never
mixed in one process). Only :func:`_dot` may reassociate its sum (so that it vectorises); every
other operation is IEEE as numpy does it, in numpy's order, so the scores here are numpy's.

:func:`rescore` is :func:`~hmdesk.core.memory.retrieve.hybrid._large`'s rounds for one
segment in one call; its docstring maps each step to the numpy code it replaces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Vectors = npt.NDArray[np.float32]


def _compiled(reassociate: bool = False) -> Callable[[F], F]:
    """numba's ``njit``, cached on disk, releasing the GIL; typed for mypy."""
    fastmath: Any = {"reassoc"} if reassociate else False
    return cast(Callable[[F], F], numba.njit(cache=True, nogil=True, fastmath=fastmath))


@_compiled(reassociate=True)
def _dot(matrix: Vectors, r: int, vector: Vectors) -> np.float32:
    s = np.float32(0.0)
    for k in range(matrix.shape[1]):
        s += matrix[r, k] * vector[k]
    return s


@_compiled()
def dots(matrix: Vectors, rows: Ints, vector: Vectors) -> Vectors:
    """The dot product of ``vector`` with each row ``rows`` of ``matrix``."""
    out = np.empty(len(rows), np.float32)
    for i in range(len(rows)):
        out[i] = _dot(matrix, rows[i], vector)
    return out


@_compiled()
def _choose(
    score: Vectors, sizes: Ints, chosen: Bools, skip: Bools, need: int, nearest: bool
) -> None:
    """Mark lists in ``chosen`` one at a time, among those neither ``chosen`` nor ``skip``:
    the highest ``score`` (ties: the lower number) when ``nearest``, else the lowest (ties: the
    higher number), until they hold ``need`` rows (at least one list) or none is left."""
    got = 0
    while True:
        pick = -1
        for c in range(len(score)):
            if chosen[c] or skip[c]:
                continue
            if pick < 0 or (score[c] > score[pick] if nearest else score[c] <= score[pick]):
                pick = c
        if pick < 0:
            return
        chosen[pick] = True
        got += sizes[pick]
        if got >= need:
            return


@_compiled()
def probe_rows(
    centroids: Vectors,
    starts: Ints,
    sizes: Ints,
    tail_lists: npt.NDArray[np.int32],
    vector: Vectors,
    rows: int,
    far: int,
) -> tuple[Ints, int]:
    """(the rows of :meth:`~.clusters.ClusterLists.probe`, in its order; how many are the
    nearest lists'): the lists by their centroid's dot product with ``vector``, chosen one at
    a time (a handful of a few hundred: no sort) as ``nearest_lists``' stable sort chooses
    them: ties to the lower list number among the nearest, to the higher among the
    farthest."""
    count = centroids.shape[0]
    if count == 0:
        return np.zeros(0, np.int64), 0
    near_of = np.zeros(count, np.bool_)
    far_of = np.zeros(count, np.bool_)
    score = np.empty(count, np.float32)
    for c in range(count):
        score[c] = _dot(centroids, c, vector)
    _choose(score, sizes, near_of, far_of, rows, True)
    if far > 0:
        _choose(score, sizes, far_of, near_of, far, False)
    total = 0
    for c in range(count):
        if near_of[c] or far_of[c]:
            total += sizes[c]
    out = np.empty(total, np.int64)
    at = 0
    near = 0
    built = starts[len(starts) - 1]
    for part in range(2):  # the nearest lists' rows, then the farthest's
        chosen = near_of if part == 0 else far_of
        for c in range(count):  # each list's block, in list order
            if chosen[c]:
                for r in range(starts[c], starts[c + 1]):
                    out[at] = r
                    at += 1
        for i in range(len(tail_lists)):  # then its rows added since the lists were built
            if chosen[tail_lists[i]]:
                out[at] = built + i
                at += 1
        if part == 0:
            near = at
    return out[:at], near


@_compiled()
def mark(
    rows: Ints,
    values: Vectors,
    done: Bools,
    cos: Vectors,
    inverse: Ints,
    mask: Bools,
    ok: Bools,
) -> None:
    """Record ``values`` as the cosines of ``rows`` (``done``, ``cos``) and set ``ok`` where a
    row's position in this segment (``inverse``) passes its filters (``mask``)."""
    for i in range(len(rows)):
        r = rows[i]
        done[r] = True
        cos[r] = values[i]
        p = inverse[r]
        if p >= 0 and mask[p]:
            ok[i] = True


@_compiled()
def _kth_largest(values: Floats, count: int, k: int) -> float:
    """The ``k``-th largest of ``values[:count]`` (``0 < k <= count``; ``k`` small: a heap of
    the ``k`` largest so far, one comparison for most values)."""
    heap = np.empty(k, np.float64)
    for i in range(k):  # heapify the first k (a min-heap)
        heap[i] = values[i]
        j = i
        while j > 0 and heap[(j - 1) // 2] > heap[j]:
            heap[(j - 1) // 2], heap[j] = heap[j], heap[(j - 1) // 2]
            j = (j - 1) // 2
    for i in range(k, count):
        v = values[i]
        if v <= heap[0]:
            continue
        heap[0] = v
        j = 0
        while True:  # sift down
            a, b, least = 2 * j + 1, 2 * j + 2, j
            if a < k and heap[a] < heap[least]:
                least = a
            if b < k and heap[b] < heap[least]:
                least = b
            if least == j:
                break
            heap[j], heap[least] = heap[least], heap[j]
            j = least
    return float(heap[0])


@_compiled()
def _base(conf: float, ts_ms: float, ts_ok: bool, now: float, lex: float) -> float:
    """``confidence*0.4 + recency*0.2 + lexical*0.2`` as the index computes it."""
    recency = 1 - ((now - ts_ms) / 86_400_000) / 90
    if not (recency > 0 and ts_ok):
        recency = 0.0
    return (conf * 0.4 + recency * 0.2) + lex * 0.2


@_compiled()
def _candidate_base(
    i: int,
    big: tuple[Ints, Bools, Ints, Ints, Floats, Floats, Floats, Floats, Bools],
    other: tuple[Ints, Floats, Floats, Floats, Floats, Bools],
    now: float,
    lex: float,
) -> float:
    """:func:`_base` of lexical candidate ``i`` (numbered as in :func:`rescore`)."""
    n0 = len(big[3])
    if i < n0:
        p = big[3][i]
        return _base(big[6][p], big[7][p], big[8][p], now, lex)
    j = i - n0
    return _base(other[3][j], other[4][j], other[5][j], now, lex)


@_compiled()
def _norm(c: float, low: float, span: float) -> float:
    if span <= 0:
        return 1.0
    x = (c - low) / span
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


@_compiled()
def _add(
    matrix: Vectors,
    vector: Vectors,
    rows: Ints,
    n: int,
    done: Bools,
    cos: Vectors,
    scale: Floats,
) -> None:
    """Compute the cosines of the lexical candidates' ``rows[:n]`` not done yet and widen
    ``scale`` (low, high) by them (a lexical candidate passes the filters)."""
    for i in range(n):
        r = rows[i]
        if done[r]:
            continue
        c = _dot(matrix, r, vector)
        done[r] = True
        cos[r] = c
        v = float(c)
        if v < scale[0]:
            scale[0] = v
        if v > scale[1]:
            scale[1] = v


@_compiled()
def rescore(
    matrix: Vectors,
    vector: Vectors,
    done: Bools,
    cos: Vectors,
    probed: Ints,
    ok: Bools,
    near: int,
    big: tuple[Ints, Bools, Ints, Ints, Floats, Floats, Floats, Floats, Bools],
    other: tuple[Ints, Floats, Floats, Floats, Floats, Bools],
    table: tuple[Ints, Bools, Floats],
    total: float,
    now: float,
    limit: int,
    first: int,
    extra: float,
    weight: float,
) -> tuple[int, float, float, Ints, Ints]:
    """``_large``'s rounds in one call. The lexical candidates are those of the largest
    segment, ``big`` = (inverse, mask, position_row, lex_pos, hits, static, conf, ts_ms, ts_ok:
    its arrays, ``hits`` the candidates' matched weights), then those of the other segments,
    ``other`` = (row, hits, static, conf, ts_ms, ts_ok: one entry per candidate). ``table``:
    the other segments' positions passing their filters, by matrix row (sorted rows, lexical
    or not, base). ``probed``: the probe's rows, already in ``done`` and ``cos``, the nearest
    lists' ``near`` first, ``ok`` where they pass the filters. ``first`` (``limit +
    FIRST_RESCORE``) is fewer than the candidates.

    Returns (1, low, high, the semantic recall's rows, the numbers of the candidates kept, in
    the order above), or (0, ...) when no row computed passes the filters.

    As in numpy: each candidate's reach is its bound (``static + lexical*0.2``) plus ``extra``;
    the ``first`` of highest reach (ties: the lower numbers; numpy's argpartition picks any)
    are rescored, then every one whose reach is at least the ``limit``-th best exact score so
    far (``kth``, over the rescored, those without a row and the recall), until none is left;
    the min-max scale is over the rows computed that pass the filters, the recall the
    ``limit`` best of the nearest lists' rows passing them."""
    inverse, mask, position_row, lex_pos, hits, static, conf, ts_ms, ts_ok = big
    o_row, o_hits, o_static = other[0], other[1], other[2]
    t_row, t_lexical, t_base = table
    n0 = len(lex_pos)
    n = n0 + len(o_row)
    reach = np.empty(n, np.float64)
    rows = np.empty(n, np.int64)
    lexv = np.empty(n, np.float64)
    for i in range(n):
        h = hits[i] if i < n0 else o_hits[i - n0]
        lexv[i] = h / total if total else 0.0
        st = static[lex_pos[i]] if i < n0 else o_static[i - n0]
        reach[i] = (st + lexv[i] * 0.2) + extra
        rows[i] = position_row[lex_pos[i]] if i < n0 else o_row[i - n0]
    # the probe's rows passing the filters: the scale, and the recall's threshold
    scale = np.empty(2, np.float64)  # low, high
    scale[0], scale[1] = np.inf, -np.inf
    near_ok = np.empty(near, np.float64)
    count = 0
    for i in range(len(probed)):
        if ok[i]:
            v = float(cos[probed[i]])
            scale[0] = min(scale[0], v)
            scale[1] = max(scale[1], v)
            if i < near:
                near_ok[count] = v
                count += 1
    # the first round: the ``first`` best reaches (their value ``kth``, then ties by number)
    kth = _kth_largest(reach, n, first)
    ties = first
    for i in range(n):
        if reach[i] > kth:
            ties -= 1
    scored = np.empty(n, np.int64)
    base = np.empty(n, np.float64)  # the exact bases of ``scored``
    m = 0
    fixed = np.empty(n, np.float64)  # those of the candidates without a row
    f = 0
    for i in range(n):
        r = reach[i]
        chosen = r > kth or (r == kth and ties > 0)
        if r == kth and chosen:
            ties -= 1
        if rows[i] < 0 or chosen:
            b = _candidate_base(i, big, other, now, lexv[i])
            if rows[i] < 0:
                fixed[f] = b
                f += 1
            else:
                scored[m] = i
                base[m] = b
                m += 1
    need_rows = np.empty(n, np.int64)
    for j in range(m):
        need_rows[j] = rows[scored[j]]
    _add(matrix, vector, need_rows, m, done, cos, scale)
    none = np.zeros(0, np.int64)
    if scale[0] > scale[1]:  # no row computed passes the filters
        return 0, 0.0, 0.0, none, none
    low, high = scale[0], scale[1]
    if count > limit > 0:
        threshold = _kth_largest(near_ok, count, limit)
    else:
        threshold = low if limit > 0 else np.inf
    recall = np.empty(count, np.int64)
    recall_base = np.empty(count, np.float64)  # of the recall without a lexical hit
    recall_cos = np.empty(count, np.float64)
    k = 0
    g = 0
    for i in range(near):
        row = probed[i]
        if not ok[i] or float(cos[row]) < threshold:
            continue
        recall[k] = row
        k += 1
        p = inverse[row]
        if p >= 0 and mask[p]:  # in the largest segment
            at = np.searchsorted(lex_pos, p)
            if at < n0 and lex_pos[at] == p:
                continue
            b = _base(conf[p], ts_ms[p], ts_ok[p], now, 0.0)
        else:
            at = np.searchsorted(t_row, row)
            if at >= len(t_row) or t_row[at] != row or t_lexical[at]:
                continue
            b = t_base[at]
        recall_base[g] = b
        recall_cos[g] = float(cos[row])
        g += 1
    recall = recall[:k]
    every = np.empty(n + g, np.float64)
    while True:
        span = high - low
        e = 0
        for j in range(m):
            every[e] = base[j] + weight * _norm(float(cos[rows[scored[j]]]), low, span)
            e += 1
        for j in range(f):
            every[e] = fixed[j]
            e += 1
        for j in range(g):
            every[e] = recall_base[j] + weight * _norm(recall_cos[j], low, span)
            e += 1
        kth = _kth_largest(every, e, limit) if e >= limit else -np.inf
        need = 0
        for i in range(n):
            if reach[i] >= kth and rows[i] >= 0 and not done[rows[i]]:
                scored[m + need] = i
                need_rows[need] = rows[i]
                need += 1
        if need == 0:
            kept = np.empty(n, np.int64)
            c = 0
            for i in range(n):
                if reach[i] >= kth or rows[i] < 0:
                    kept[c] = i
                    c += 1
            return 1, low, high, recall, kept[:c]
        _add(matrix, vector, need_rows, need, done, cos, scale)
        low, high = scale[0], scale[1]
        for j in range(m, m + need):
            base[j] = _candidate_base(scored[j], big, other, now, lexv[scored[j]])
        m += need

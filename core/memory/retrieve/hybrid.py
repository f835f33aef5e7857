"""The ``hybrid`` profile's semantic part: the query's embedding against the cached ones.

The hybrid profile ranks its text like ``default`` (same terms, filters and lexical value) and
fuses it with the cosine similarity between the query's embedding and each memory's cached
embedding (:mod:`hmdesk.core.memory.semantic`), the way hmharness's notes mix them — 50/50 inside
the lexical weight, each normalised to [0, 1]:

    score = confidence*0.4 + recency*0.2 + lexical*0.2 + semantic*0.2
    semantic = (cos - min cos) / (max cos - min cos)   over the filtered memories with an embedding

Min-max normalisation, not the raw cosine: an e5 model gives every pair a cosine of 0.7–0.9, so
the raw value would add an almost constant amount; normalised, the nearest memory of the pool
gets 1 and the farthest 0, on the same scale as lexical. (hmharness divides lexical by its maximum
and keeps ``max(cos, 0)``: measured on the lab set, see docs/ARCHITECTURE.md "Hybrid profile".)

The candidates are the lexical ones (at least one term) plus the semantic recall: the ``limit``
memories nearest the query among those passing the filters, so a memory that says the same in
other words (or another language) can be found without sharing a term. A memory without an
embedding yet keeps its lexical part (its semantic part is 0 and its similarity ``None``).

:class:`~.semantic_source.SemanticSource` gives a :class:`~.retriever.Retriever` what a hybrid
search needs: the embedder (chosen from the settings, see
:func:`hmdesk.core.memory.semantic.choice`), the query vectors of the last few queries, and the
cached matrix, re-read when the database changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from hmdesk.core.memory.retrieve.hybrid_parts import (
    DenseSemantic,
    NoSemantic,
    SegmentSemantic,
    SparseSemantic,
    members,
)
from hmdesk.core.memory.retrieve.postings import sorted_unique
from hmdesk.core.memory.semantic.kernels import frozen, kernels, products

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.semantic.cache import EmbeddingMatrix
    from hmdesk.core.memory.semantic.clusters import ClusterLists
    from hmdesk.core.memory.semantic.kernels import Kernels
    from numpy.typing import NDArray


@dataclass
class Mapped:
    """One segment against the matrix (kept with the matrix): ``rows`` the matrix row of each
    position that has one (``hit``), and ``inverse`` the position of each matrix row in this
    segment (-1: none)."""

    segment: object
    rows: NDArray[np.int64]
    hit: NDArray[np.bool_]
    inverse: NDArray[np.int64]
    position_row: NDArray[np.int64]  # each position's matrix row, -1 without one


@dataclass(frozen=True)
class SemanticQuery:
    """A query's unit vector and the cached vectors of the same model."""

    vector: NDArray[np.float32]
    matrix: EmbeddingMatrix
    # id(segment) → its mapping to the matrix's rows
    rows: dict[int, Mapped] = field(default_factory=dict, repr=False)
    lists: ClusterLists | None = None


COARSE_FROM = 20_000
"""From this many cached vectors a query does not read them all (memory-bound: 1,536 bytes a
memory at 384 dimensions): the matrix is kept in cluster lists (:class:`ClusterLists`) and a
query computes exact cosines for the lists whose centroids are nearest it (at least
:func:`shortlist_size` rows: the semantic recall and the maximum come from them), farthest from
it (:data:`FARTHEST` rows: the normalisation's floor) and for the lexical candidates that can
still reach the top ``limit``; the min-max normalisation runs over these exact values (the
other rows are never shown, so they need none)."""
SHORTLIST = 768
"""Rows of the nearest lists computed for the semantic recall: at least this many, or
:data:`SHORTLIST_PER_RESULT` per result asked for (see :func:`shortlist_size`)."""
SHORTLIST_PER_RESULT = 24


def shortlist_size(limit: int) -> int:
    return max(SHORTLIST, SHORTLIST_PER_RESULT * limit)


FARTHEST = 128
"""Rows of the lists farthest from the query computed for the normalisation's floor."""


def _mapped(sem: SemanticQuery, seg: MemoryIndex, n: int) -> Mapped:
    cached = sem.rows.get(id(seg))
    if cached is not None and cached.segment is seg:
        return cached
    matrix = sem.matrix
    sorter = np.argsort(matrix.seqs, kind="stable")  # a clustered matrix is in list order
    at = np.searchsorted(matrix.seqs, seg.order, sorter=sorter)
    if n:
        at[at >= n] = 0
        at = sorter[at]
        hit = matrix.seqs[at] == seg.order
    else:
        hit = np.zeros(seg.size, dtype=bool)
    rows = at[hit]
    inverse = np.full(n, -1, dtype=np.int64)
    inverse[rows] = np.flatnonzero(hit)
    position_row = np.where(hit, at, -1)
    made = sem.rows[id(seg)] = Mapped(seg, rows, hit, inverse, position_row)
    return made


def semantic_parts(
    segments: Sequence[MemoryIndex],
    masks: Sequence[NDArray[np.bool_]],
    sem: SemanticQuery,
    limit: int,
    lexical: Sequence[NDArray[np.int64]],
    base: Base | None = None,
    bound: Base | None = None,
) -> list[SegmentSemantic]:
    """Each segment's semantic part (segments' ``order`` is the memories' seq). ``masks``: the
    positions passing the filters; ``lexical``: each segment's lexical candidates (sorted
    positions, within ``masks``); ``base``: their scores without the semantic part (a large
    store then computes exact cosines only for those that can reach the top ``limit``;
    without it, for all of them); ``bound``: a cheap upper bound of ``base`` (default:
    ``base``), with which the candidates that cannot reach the top are told apart."""
    matrix = sem.matrix
    n = len(matrix) if matrix.dim == len(sem.vector) else 0  # another length: no semantic part
    mapped = [_mapped(sem, seg, n) for seg in segments]
    if n and sem.lists is not None and n >= COARSE_FROM:
        return _large(segments, masks, sem, limit, lexical, mapped, base, bound or base)
    every: NDArray[np.float32] = sem.vector[:0]
    if n:  # the kernels where a large path may compute some of these cosines too (never mixed)
        every = products(
            matrix.vectors, None, sem.vector, kernels() if sem.lists is not None else None
        )
    cosines_: list[NDArray[np.float64]] = []
    for seg, m in zip(segments, mapped, strict=True):
        cos = np.full(seg.size, np.nan, dtype=np.float64)
        if n and seg.size:
            cos[m.hit] = every[m.rows]
        cosines_.append(cos)
    pooled = np.concatenate(
        [c[m & ~np.isnan(c)] for c, m in zip(cosines_, masks, strict=True)] or [np.zeros(0)]
    )
    none = np.zeros(0, dtype=np.int64)
    if len(pooled) == 0:
        return [
            DenseSemantic(lex, none, cos, np.zeros(seg.size))
            for seg, cos, lex in zip(segments, cosines_, lexical, strict=True)
        ]
    low, high = float(pooled.min()), float(pooled.max())
    threshold = _threshold(pooled, limit, low)
    span = high - low
    out: list[SegmentSemantic] = []
    for cos, mask, lex in zip(cosines_, masks, lexical, strict=True):
        known = ~np.isnan(cos)
        score = np.zeros(len(cos), dtype=np.float64)
        score[known] = (cos[known] - low) / span if span > 0 else 1.0
        np.clip(score, 0.0, 1.0, out=score)
        recall = np.flatnonzero(mask & known & (np.where(known, cos, -np.inf) >= threshold))
        out.append(DenseSemantic(lex, recall, cos, score))
    return out


def _threshold(pooled: NDArray[np.float64], limit: int, low: float) -> float:
    """The cosine from which a memory is in the semantic recall (the ``limit`` best)."""
    if len(pooled) > limit > 0:
        return float(np.partition(pooled, len(pooled) - limit)[len(pooled) - limit])
    return low if limit > 0 else np.inf


Base = Callable[[int, "NDArray[np.int64]"], "NDArray[np.float64]"]
"""``base(segment number, positions)``: the positions' score without the semantic part
(``confidence*0.4 + recency*0.2 + lexical*0.2``; the index knows its lexical values)."""


@dataclass(frozen=True)
class Bound:
    """An upper bound of a :data:`Base`: ``static[si][pos] + lexical*0.2``, the lexical value
    being ``hits[si](pos) / total`` (0 when ``total`` is 0) and ``static`` the index's kept
    ``confidence*0.4 + recency*0.2`` (from an earlier or the same ``now``: recency only falls
    with time). The compiled kernels read its parts: ``values[si]``, each lexical candidate's
    matched weight, and the ``segments``' arrays at ``now`` (the :data:`Base` they bound)."""

    static: Sequence[NDArray[np.float64]]
    hits: Sequence[Callable[[NDArray[np.int64]], NDArray[np.float64]]]
    total: float
    values: Sequence[NDArray[np.float64]]
    segments: Sequence[MemoryIndex]
    now: int

    def __call__(self, si: int, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        lex = self.hits[si](pos) / self.total if self.total else 0.0
        out: NDArray[np.float64] = self.static[si][pos] + lex * 0.2
        return out


SEMANTIC_WEIGHT = 0.2
FIRST_RESCORE = 16
"""Lexical candidates rescored in the first round beyond the ``limit`` best by ``base``."""


class _Rescored:
    """The exact cosines computed so far for one query, by matrix row (each row once)."""

    def __init__(
        self, sem: SemanticQuery, mapped: list[Mapped], masks: Sequence[NDArray[np.bool_]]
    ) -> None:
        self.sem, self.mapped, self.masks = sem, mapped, masks
        self.jit = kernels()  # the compiled kernels, or None: numpy
        self.done = np.zeros(len(sem.matrix), dtype=bool)
        self.cos = np.empty(len(sem.matrix), dtype=np.float32)  # valid where ``done``
        self._rows: list[NDArray[np.int64]] = []
        self._values: list[NDArray[np.float64]] = []
        self._ok: list[NDArray[np.bool_]] = []
        self._last: NDArray[np.float64] = np.zeros(0)  # the last ``add``'s filtered cosines
        self.near = 0  # the first ``near`` rows computed are the nearest lists' (the probe's)

    def add(self, rows: NDArray[np.int64]) -> None:
        """Compute the cosines of ``rows`` (any order, repeats and rows done allowed)."""
        rows = sorted_unique(rows.copy())  # once each; the gather walks the matrix forward
        rows = rows[~self.done[rows]]
        if not len(rows):
            return
        self._keep(rows, products(self.sem.matrix.vectors, rows, self.sem.vector, self.jit))
        self._last = self._values[-1][self._ok[-1]]

    def _keep(self, rows: NDArray[np.int64], values: NDArray[Any]) -> None:
        """Record the cosines ``values`` of ``rows`` (each computed once) and which of them the
        filters keep in some segment."""
        ok = np.zeros(len(rows), dtype=bool)
        if self.jit is not None:
            rows, values = frozen(rows), frozen(values)
            for m, mask in zip(self.mapped, self.masks, strict=True):
                self.jit.mark(
                    rows, values, self.done, self.cos, frozen(m.inverse), frozen(mask), ok
                )
        else:
            for m, mask in zip(self.mapped, self.masks, strict=True):
                pos = m.inverse[rows]
                has = pos >= 0
                ok[has] |= mask[pos[has]]
            self.done[rows] = True
            self.cos[rows] = values
        self._rows.append(rows)
        self._values.append(values.astype(np.float64))
        self._ok.append(ok)

    def widened(self, scale: _Scale) -> _Scale:
        """``scale`` with the min and max over the rows of the last :meth:`add` too (the
        semantic recall does not change: it comes from the nearest lists, added first)."""
        last, self._last = self._last, np.zeros(0)
        if not len(last):
            return scale
        low, high = min(scale.low, float(last.min())), max(scale.high, float(last.max()))
        if low == scale.low and high == scale.high:
            return scale
        return _Scale(low, high - low, scale.extra_rows, high)

    def add_probe(self, lists: ClusterLists, limit: int) -> None:
        """Compute the cosines of every row of the lists nearest the query (at least
        :func:`shortlist_size` rows) and farthest from it (:data:`FARTHEST` rows), before any
        other (see :meth:`ClusterLists.probe`)."""
        assert not self._rows
        vectors, vector = self.sem.matrix.vectors, self.sem.vector
        rows, values, self.near = lists.probe(vectors, vector, shortlist_size(limit), FARTHEST)
        if len(rows):
            self._keep(rows, values)

    def state(self) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.bool_]]:
        """(rows, cosines, kept by the filters) of every row computed so far."""
        if len(self._rows) > 1:
            self._rows = [np.concatenate(self._rows)]
            self._values = [np.concatenate(self._values)]
            self._ok = [np.concatenate(self._ok)]
        if not self._rows:
            return np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0, dtype=bool)
        return self._rows[0], self._values[0], self._ok[0]


@dataclass(frozen=True)
class _Scale:
    """The normalisation and the semantic recall over the rows rescored so far."""

    low: float
    span: float
    extra_rows: NDArray[np.int64]  # the semantic recall's matrix rows
    high: float = 0.0

    def norm(self, cos: NDArray[np.float64]) -> NDArray[np.float64]:
        if self.span <= 0:
            return np.ones(len(cos))
        return np.clip((cos - self.low) / self.span, 0.0, 1.0)


def _scale(done: _Rescored, limit: int) -> _Scale | None:
    rows, cos, ok = done.state()
    pooled = cos[ok]
    if not len(pooled):
        return None
    low, high = float(pooled.min()), float(pooled.max())
    recallable = ok.copy()  # the semantic recall comes from the nearest lists only
    recallable[done.near :] = False
    threshold = _threshold(cos[recallable], limit, low)
    return _Scale(low, high - low, rows[recallable & (cos >= threshold)], high)


def _large(
    segments: Sequence[MemoryIndex],
    masks: Sequence[NDArray[np.bool_]],
    sem: SemanticQuery,
    limit: int,
    lex_pos: Sequence[NDArray[np.int64]],
    mapped: list[Mapped],
    base: Base | None,
    bound: Base | None,
) -> list[SegmentSemantic]:
    """:func:`semantic_parts` from :data:`COARSE_FROM` vectors (see :data:`COARSE_FROM`).

    The lexical candidates are rescored by their score without the semantic part (``base``):
    first the ``limit`` + :data:`FIRST_RESCORE` best, then every one whose ``base`` plus the
    largest semantic part (:data:`SEMANTIC_WEIGHT`) reaches the ``limit``-th exact score so far,
    until none is left — the others provably cannot reach the top ``limit``. ``bound`` (an upper
    bound of ``base``, cheaper: no recency computed per candidate) tells them apart; the exact
    ``base`` is computed only for those rescored.

    Computed once per query, not per round: the semantic recall (it comes from the nearest
    lists, all computed first; a lexical candidate rescored later is never in them), the
    recall's bases, and the min and max (updated as rows are added)."""
    lists = sem.lists
    assert lists is not None
    done = _Rescored(sem, mapped, masks)
    done.add_probe(lists, limit)
    if base is None or limit <= 0 or sum(map(len, lex_pos)) <= limit + FIRST_RESCORE:
        # every lexical candidate (with few, all are rescored in the first round anyway: no
        # bound tells any apart, and the index scores them all)
        flat_rows = _candidate_rows(mapped, lex_pos)
        done.add(flat_rows[flat_rows >= 0])
        return _sparse_parts(lex_pos, masks, mapped, done, _scale(done, limit))
    assert bound is not None
    jit = done.jit
    if jit is not None and isinstance(bound, Bound):
        return _large_compiled(jit, lex_pos, masks, mapped, done, bound, base, limit)
    flat_rows = _candidate_rows(mapped, lex_pos)
    embedded = flat_rows >= 0
    ubs = [bound(si, p) for si, p in enumerate(lex_pos)]
    # the best score each could reach: its bound plus the largest semantic part (1e-9: rounding)
    reach = ubs[0] if len(ubs) == 1 else np.concatenate(ubs)
    reach += SEMANTIC_WEIGHT + 1e-9
    offsets = np.cumsum([0, *map(len, lex_pos)]) if len(lex_pos) > 1 else np.zeros(2, np.int64)
    flat_base = np.empty(len(reach))  # exact where computed (see ``exact``)

    def exact(flat: NDArray[np.int64]) -> None:
        if len(offsets) == 2:  # one segment
            flat_base[flat] = base(0, lex_pos[0][flat])
            return
        seg_of = np.searchsorted(offsets, flat, side="right") - 1
        for si in np.unique(seg_of).tolist():
            at = flat[seg_of == si]
            flat_base[at] = base(si, lex_pos[si][at - offsets[si]])

    first = limit + FIRST_RESCORE  # fewer than the candidates (else the branch above)
    scored = np.argpartition(reach, len(reach) - first)[len(reach) - first :]  # no sort
    scored = scored[embedded[scored]]
    # without an embedding, a lexical candidate's score is its base: the ``limit`` best count
    no_vector = np.flatnonzero(~embedded)
    exact(np.concatenate([scored, no_vector]) if len(no_vector) else scored)
    fixed = flat_base[no_vector]
    if len(fixed) > limit:
        fixed = np.partition(fixed, len(fixed) - limit)[len(fixed) - limit :]
    done.add(flat_rows[scored])
    scale = _scale(done, limit)
    if scale is None:
        return _sparse_parts(lex_pos, masks, mapped, done, scale)
    recall = _recall_bases(mapped, masks, lex_pos, done, scale, base)
    scored_cos = done.cos[flat_rows[scored]].astype(np.float64)
    while True:
        kth = _kth_score((flat_base[scored], scored_cos, fixed), recall, scale, limit)
        can = reach >= kth
        need = np.flatnonzero(embedded & can)
        need = need[~done.done[flat_rows[need]]]
        if not len(need):  # the others score below ``kth``: never scored by the index
            keep = np.flatnonzero(can | ~embedded)
            if len(lex_pos) == 1:
                return _sparse_parts(lex_pos, masks, mapped, done, scale, [lex_pos[0][keep]])
            cut = np.searchsorted(keep, offsets)
            kept = [p[keep[cut[si] : cut[si + 1]] - offsets[si]] for si, p in enumerate(lex_pos)]
            return _sparse_parts(lex_pos, masks, mapped, done, scale, kept)
        done.add(flat_rows[need])
        exact(need)
        scored = np.concatenate([scored, need])
        scored_cos = np.concatenate([scored_cos, done.cos[flat_rows[need]].astype(np.float64)])
        scale = done.widened(scale)


def _candidate_rows(
    mapped: list[Mapped], lex_pos: Sequence[NDArray[np.int64]]
) -> NDArray[np.int64]:
    """Each lexical candidate's matrix row (-1: no embedding), segment after segment."""
    rows = [m.position_row[p] for m, p in zip(mapped, lex_pos, strict=True)]
    return rows[0] if len(rows) == 1 else np.concatenate(rows)


def _large_compiled(
    jit: Kernels,
    lex_pos: Sequence[NDArray[np.int64]],
    masks: Sequence[NDArray[np.bool_]],
    mapped: list[Mapped],
    done: _Rescored,
    bound: Bound,
    base: Base,
    limit: int,
) -> list[SegmentSemantic]:
    """:func:`_large`'s rounds in one compiled call (:func:`._jit.rescore`): the largest
    segment's arrays as they are, the other segments' (a few edited memories, usually)
    gathered here."""
    big = max(range(len(lex_pos)), key=lambda si: bound.segments[si].size)
    seg, m = bound.segments[big], mapped[big]
    mapping = (m.inverse, masks[big], m.position_row, lex_pos[big], bound.values[big])
    arrays = tuple(map(frozen, (*mapping, bound.static[big], seg.conf, seg.ts_ms, seg.ts_ok)))
    others = [si for si in range(len(lex_pos)) if si != big]
    other = tuple(map(frozen, _other_candidates(others, lex_pos, mapped, bound)))
    table = tuple(map(frozen, _other_table(others, masks, mapped, lex_pos, base)))
    probed, _, ok = done.state()
    sem = done.sem
    has, low, high, recall, kept = jit.rescore(
        frozen(sem.matrix.vectors), frozen(sem.vector), done.done, done.cos, frozen(probed),
        frozen(ok), done.near, arrays, other, table, float(bound.total), float(bound.now),
        limit, limit + FIRST_RESCORE, SEMANTIC_WEIGHT + 1e-9, SEMANTIC_WEIGHT,
    )  # fmt: skip
    scale = _Scale(low, high - low, recall, high) if has else None
    keep: list[NDArray[np.int64]] | None = None
    if has:  # the kept candidates' numbers: the largest segment's, then the others' in turn
        keep = [lex_pos[si][:0] for si in range(len(lex_pos))]
        start = len(lex_pos[big])
        keep[big] = lex_pos[big][kept[kept < start]]
        for si in others:
            stop = start + len(lex_pos[si])
            keep[si] = lex_pos[si][kept[(kept >= start) & (kept < stop)] - start]
            start = stop
    return _sparse_parts(lex_pos, masks, mapped, done, scale, keep)


_NO_INTS = np.zeros(0, np.int64)
_NO_FLOATS = np.zeros(0, np.float64)
_NO_BOOLS = np.zeros(0, np.bool_)


def _other_candidates(
    others: list[int], lex_pos: Sequence[NDArray[np.int64]], mapped: list[Mapped], bound: Bound
) -> tuple[NDArray[Any], ...]:
    """(row, matched weight, static part, confidence, timestamp, timestamp parsed) of each
    lexical candidate of the segments ``others``, one segment after another."""
    if not others:
        return (_NO_INTS, _NO_FLOATS, _NO_FLOATS, _NO_FLOATS, _NO_FLOATS, _NO_BOOLS)
    parts = []
    for si in others:
        p, seg = lex_pos[si], bound.segments[si]
        row, hits, static = mapped[si].position_row[p], bound.values[si], bound.static[si][p]
        parts.append((row, hits, static, seg.conf[p], seg.ts_ms[p], seg.ts_ok[p]))
    return tuple(np.concatenate(column) for column in zip(*parts, strict=True))


def _other_table(
    others: list[int],
    masks: Sequence[NDArray[np.bool_]],
    mapped: list[Mapped],
    lex_pos: Sequence[NDArray[np.int64]],
    base: Base,
) -> tuple[NDArray[Any], ...]:
    """(matrix rows, sorted; lexical or not; base) of the positions of the segments
    ``others`` that pass their filters and have a row: where the semantic recall finds the
    memories of those segments."""
    if not others:
        return (_NO_INTS, _NO_BOOLS, _NO_FLOATS)
    rows, lexical, bases = [], [], []
    for si in others:
        pos = np.flatnonzero(masks[si])
        row = mapped[si].position_row[pos]
        pos, row = pos[row >= 0], row[row >= 0]
        rows.append(row)
        lexical.append(members(lex_pos[si], pos))
        bases.append(base(si, pos))
    row = np.concatenate(rows)
    order = np.argsort(row, kind="stable")
    return row[order], np.concatenate(lexical)[order], np.concatenate(bases)[order]


def _recall_bases(
    mapped: list[Mapped],
    masks: Sequence[NDArray[np.bool_]],
    lex_pos: Sequence[NDArray[np.int64]],
    done: _Rescored,
    scale: _Scale,
    base: Base,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """(bases, cosines) of the semantic recall without a lexical hit (fixed for a query)."""
    bases: list[NDArray[np.float64]] = []
    cosines: list[NDArray[np.float64]] = []
    if len(scale.extra_rows):
        extra_cos = done.cos[scale.extra_rows].astype(np.float64)
        for si, (m, mask) in enumerate(zip(mapped, masks, strict=True)):
            pos = m.inverse[scale.extra_rows]
            keep = pos >= 0
            keep[keep] = mask[pos[keep]]
            keep[keep] = ~members(lex_pos[si], pos[keep])
            if keep.any():
                bases.append(base(si, pos[keep]))
                cosines.append(extra_cos[keep])
    if not bases:
        return np.zeros(0), np.zeros(0)
    if len(bases) == 1:
        return bases[0], cosines[0]
    return np.concatenate(bases), np.concatenate(cosines)


def _kth_score(
    known: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]],
    recall: tuple[NDArray[np.float64], NDArray[np.float64]],
    scale: _Scale,
    limit: int,
) -> float:
    """The ``limit``-th best exact score among some candidates whose score is known (a lower
    bound of the final one): ``known`` = (rescored lexical candidates' bases, their cosines,
    the best scores of those without an embedding), and the semantic recall's (bases,
    cosines)."""
    bases, cos, fixed = known
    recall_bases, recall_cos = recall
    every = np.concatenate(
        (
            bases + SEMANTIC_WEIGHT * scale.norm(cos),
            fixed,
            recall_bases + SEMANTIC_WEIGHT * scale.norm(recall_cos),
        )
    )
    if len(every) < limit:
        return -np.inf
    return float(np.partition(every, len(every) - limit)[len(every) - limit])


def _sparse_parts(
    lex_pos: Sequence[NDArray[np.int64]],
    masks: Sequence[NDArray[np.bool_]],
    mapped: list[Mapped],
    done: _Rescored,
    scale: _Scale | None,
    keep: list[NDArray[np.int64]] | None = None,
) -> list[SegmentSemantic]:
    """Each segment's semantic part from the rescored rows (the others: no cosine, score 0)."""
    out: list[SegmentSemantic] = []
    for si, (m, mask) in enumerate(zip(mapped, masks, strict=True)):
        kept = None if keep is None else keep[si]
        if scale is None:
            out.append(NoSemantic(lex_pos[si], np.zeros(0, dtype=np.int64), kept))
            continue
        recall = m.inverse[scale.extra_rows]
        recall = np.sort(recall[recall >= 0])
        recall = recall[mask[recall]]
        rows = (m.position_row, done.done, done.cos)
        out.append(SparseSemantic(lex_pos[si], recall, kept, rows, scale.low, scale.span))
    return out

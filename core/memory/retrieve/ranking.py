"""What a lexical search keeps per index between queries, and the pool it ranks.

:func:`~.profile.static_score` (confidence and recency) does not depend on the query:
:func:`static_part` keeps it for every position of an index at one ``now0`` and serves it for an
hour of query ``now``. A candidate's score is then ``kept[pos] + lexical·w``: the same float64
sums, in the same order, as :func:`~.profile.score` per query, so at ``now == now0`` the scores are exact. At a later
``now`` each kept value is an upper bound (recency only falls with time, and float rounding is
monotonic) at most :func:`static_drop` too high: :func:`exact_top` recomputes the exact score
of the candidates within that margin of the ``limit``-th and ranks only them, so ids, order and
scores are always those of the reference scan. Why: docs/decisions/0003-kept-static-score.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from hmdesk.core.memory.retrieve.profile import WEIGHTS, Profile, score, static_score
from hmdesk.core.memory.retrieve.scoring import DAY_MS, RECENCY_DAYS
from hmdesk.core.memory.workspace import workspace_tag

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.retrieve.results import Query
    from numpy.typing import NDArray

Part = tuple[int, "NDArray[np.int64]", "NDArray[np.float64]", "NDArray[np.float64]"]
"""A segment's candidates: segment id, positions, scores, lexical values."""

STATIC_FOR_MS = 3_600_000
"""How long (in query ``now``) the kept static part serves."""


def static_part(ix: MemoryIndex, now: int) -> tuple[int, NDArray[np.float64]]:
    """``(now0, static_score at now0)`` of every position of ``ix``, kept per index for
    ``now0 <= now <= now0 + STATIC_FOR_MS`` and the weights it was computed with (see the
    module doc)."""
    weights = (WEIGHTS["confidence"], WEIGHTS["recency"])
    kept: tuple[int, NDArray[np.float64], tuple[float, float]] | None = ix.__dict__.get(
        "_static_at"
    )
    if kept is None or kept[2] != weights or not (kept[0] <= now <= kept[0] + STATIC_FOR_MS):
        every = np.arange(ix.size, dtype=np.int64)
        kept = (now, static_score(ix.conf, ix._recency(every, now)), weights)
        ix.__dict__["_static_at"] = kept
    return kept[0], kept[1]


def static_drop(ix: MemoryIndex, now: int) -> float:
    """How far the kept values of :func:`static_part` may lie above the exact ones at ``now``
    (0.0: exact), with a margin for rounding."""
    now0 = static_part(ix, now)[0]
    return 0.0 if now0 == now else WEIGHTS["recency"] * (now - now0) / DAY_MS / RECENCY_DAYS + 1e-9


def exact_scores(
    ix: MemoryIndex,
    pos: NDArray[np.int64],
    lexical: NDArray[np.float64],
    now: int,
    profile: Profile,
) -> NDArray[np.float64]:
    """The scores of these positions at ``now``, computed as the reference scan does."""
    return score(profile, ix.conf[pos], ix._recency(pos, now), lexical)


def base_positions(
    ix: MemoryIndex, include_superseded: bool, mask: NDArray[np.bool_]
) -> NDArray[np.int64]:
    """``np.flatnonzero(mask)``, kept when ``mask`` is the index's shared unfiltered one."""
    if mask is not ix._base(include_superseded)[1]:
        return np.flatnonzero(mask)
    cache: dict[bool, NDArray[np.int64]] = ix.__dict__.setdefault("_base_pos", {})
    got = cache.get(include_superseded)
    if got is None:
        got = cache[include_superseded] = np.flatnonzero(mask)
    return got


def unparseable_in(ix: MemoryIndex, pos: NDArray[np.int64]) -> int:
    """How many of these positions have an unparseable timestamp."""
    bad = ix.__dict__.get("_bad_ts")
    if bad is None:
        bad = ix.__dict__["_bad_ts"] = bool(not ix.ts_ok.all())
    return int(np.count_nonzero(~ix.ts_ok[pos])) if bad else 0


def group_sums(weights: list[float]) -> NDArray[np.float64]:
    """For each set of matched groups (bit g: group g), the sum of their weights added in
    query order from 0.0: the float64 value a per-position accumulator would hold."""
    sets = np.arange(1 << len(weights))
    sums = np.zeros(len(sets), dtype=np.float64)
    for g, gw in enumerate(weights):  # adding 0.0 for an unmatched group changes no value
        sums += np.where(sets >> g & 1, gw, 0.0)
    return sums


_MARK_FROM = 8


def group_bits(
    ix: MemoryIndex, groups: Sequence[tuple[str, ...]], count: bool = True
) -> tuple[NDArray[np.uint8], NDArray[np.int64], list[int]]:
    """For at most 8 distinct term groups: each position's matched groups (bit g: ``groups[g]``),
    the live positions matching any (ascending) and each group's document frequency among the
    live positions (``count``; else none) — counted over the bits (vectorised passes), not from a
    sorted union of each group's postings."""
    n = ix.size
    bits = np.zeros(n, dtype=np.uint8)
    for g, group in enumerate(groups):
        docs = ix.docs_repeated(group)  # maybe repeated: a write or an OR does not mind
        if len(docs) * _MARK_FROM < n:
            bits[docs] |= 1 << g
        else:  # many: a plain write into a mask of its own beats a read-modify-write
            mark = np.zeros(n, dtype=bool)
            mark[docs] = True
            bits |= mark.view(np.uint8) << g
    live = None if ix._all_alive else ix.alive
    # a bool array: nonzero() on uint8 is several times slower
    hit = np.flatnonzero(bits != 0 if live is None else np.logical_and(bits, live))
    one = np.empty(n, dtype=np.uint8)
    dfs: list[int] = []
    for g in range(len(groups) if count else 0):
        np.bitwise_and(bits, 1 << g, out=one)
        dfs.append(int(np.count_nonzero(one if live is None else np.logical_and(one, live))))
    return bits, hit, dfs


def hard_filters(
    ix: MemoryIndex, query: Query, filtered: dict[str, int]
) -> tuple[int, NDArray[np.bool_], int]:
    """The hard filters: (pool, the mask of positions passing them, its count); adds what
    each removed to ``filtered``."""

    pool, mask = ix._base(query.include_superseded)  # shared: never changed in place
    n_mask = int(np.count_nonzero(mask))
    if not query.include_superseded:
        filtered["superseded"] += pool - n_mask

    def narrow(key: str, keep: NDArray[np.bool_]) -> None:
        nonlocal mask, n_mask
        mask = mask & keep
        kept = int(np.count_nonzero(mask))
        filtered[key] += n_mask - kept
        n_mask = kept

    def tagged(tags: Iterable[str]) -> NDArray[np.bool_]:
        out = np.zeros(ix.size, dtype=bool)
        for t in tags:
            docs = ix.tag_docs.get(t)
            if docs is not None:
                out[docs] = True
        return out

    if query.layer:
        narrow("layer", ix.layer == ix._layer_codes.get(query.layer, -1))
    if query.environment:
        narrow("environment", ix.env == ix._env_codes.get(query.environment, -1))
    if query.tags:
        narrow("tags", tagged(set(query.tags)))
    if query.workspace:  # hmdesk.core.memory.workspace
        narrow("tags", tagged([workspace_tag(query.workspace)]))
    return pool, mask, n_mask


def pooled(
    parts: list[Part],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """The segments' candidates as one pool: segment ids, positions, scores, lexical values."""
    if len(parts) == 1:  # the common case: no copies
        si, cand, scores, lexical = parts[0]
        return np.full(len(cand), si, dtype=np.int64), cand, scores, lexical
    return (
        np.concatenate([np.full(len(p[1]), p[0], dtype=np.int64) for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
        np.concatenate([p[3] for p in parts]),
    )


def exact_top(
    segments: Sequence[MemoryIndex],
    parts: list[Part],
    limit: int,
    now: int,
    profile: Profile,
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """:func:`pooled` with exact scores at ``now``: when a segment's kept part is from an earlier
    ``now``, only the candidates that can still reach the top ``limit`` are kept, rescored."""
    seg_ids, pos, scores, lexical = pooled(parts)
    drop = max(static_drop(seg, now) for seg in segments)
    if not drop:
        return seg_ids, pos, scores, lexical
    if len(scores) > limit:  # the others stay below at least ``limit`` candidates
        kth = len(scores) - limit
        near = np.flatnonzero(scores >= np.partition(scores, kth)[kth] - drop - 1e-9)
        seg_ids, pos, lexical = seg_ids[near], pos[near], lexical[near]
    scores = np.empty(len(pos), dtype=np.float64)
    for si in np.unique(seg_ids).tolist():
        at = np.flatnonzero(seg_ids == si)
        scores[at] = exact_scores(segments[si], pos[at], lexical[at], now, profile)
    return seg_ids, pos, scores, lexical

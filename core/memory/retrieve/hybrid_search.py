"""The hybrid profile's part of :func:`~.index.search_segments`: the filters, the lexical
candidates and the semantic part of each segment (:func:`prepare`), the candidates a segment
scores (:func:`candidates`) and the counts over all of them (:func:`counts`).

Apart from the filter mask, nothing is the size of the store when the query's terms are in few
memories: the lexical candidates and their matched term weight (:class:`Hits`) come from the
terms' postings (the sorted positions the weights were counted from), the semantic part is
sparse (:mod:`.hybrid_parts`). With many, the weight is
:meth:`~.index.MemoryIndex._hits`' accumulator. Scores, ids, order and explanations are those
of the definition in :mod:`.hybrid`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from hmdesk.core.memory.retrieve.hybrid import Bound, SemanticQuery, semantic_parts
from hmdesk.core.memory.retrieve.hybrid_parts import NoSemantic, members
from hmdesk.core.memory.retrieve.postings import sorted_unique
from hmdesk.core.memory.retrieve.profile import Profile, score
from hmdesk.core.memory.retrieve.ranking import group_sums, static_part, unparseable_in

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.hybrid_parts import SegmentSemantic
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.retrieve.results import Query
    from hmdesk.core.memory.retrieve.scoring import Groups, TermWeights
    from numpy.typing import NDArray

Filters = tuple[int, "NDArray[np.bool_]", int]
SPARSE_SHARE = 16
"""The terms' postings hold fewer than one position in this many: the lexical candidates are
their sorted union (else a mask the size of the store, as ``_hits``)."""


class Hits:
    """A segment's matched term weight (the sum of the matched groups' weights, added in query
    order: the float64 value of ``_hits``' accumulator) at the lexical candidates ``pos``
    (sorted, passing the filters, weight > 0); 0 at the other positions passing the filters
    (:meth:`at` is asked for no others). ``full``: every position's, when computed so."""

    def __init__(
        self,
        pos: NDArray[np.int64],
        values: NDArray[np.float64],
        full: NDArray[np.float64] | None = None,
    ) -> None:
        self.pos, self.values, self.full = pos, values, full

    def at(self, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        if pos is self.pos:
            return self.values
        if self.full is not None:
            return self.full[pos]
        out = np.zeros(len(pos), dtype=np.float64)
        if len(self.pos) and len(pos):
            at = np.searchsorted(self.pos, pos)
            at[at == len(self.pos)] = 0
            hit = self.pos[at] == pos
            out[hit] = self.values[at[hit]]
        return out


def prepare(
    segments: Sequence[MemoryIndex],
    query: Query,
    groups: Groups,
    weights: TermWeights,
    docs_of: Sequence[Callable[[tuple[str, ...]], NDArray[np.int64]]],
    now: int,
    filtered: dict[str, int],
    semantic: SemanticQuery,
    bits: Sequence[tuple[NDArray[np.uint8], NDArray[np.int64]] | None],
) -> tuple[list[Filters], list[Hits], list[SegmentSemantic]]:
    """Each segment's filters (as :meth:`~.index.MemoryIndex._filter`), matched term weight
    (:meth:`~.index.MemoryIndex._hits`) and semantic part; adds to ``filtered``. ``bits``:
    each segment's :func:`~.ranking.group_bits` (bits, live hits), where computed."""
    filters = [seg._filter(query, filtered) for seg in segments]
    dist = weights.distinct(groups)
    hits = [
        _bit_hits(f[1], dist, b)
        if b is not None
        else _sparse_hits(seg, f[1], dist, docs_of[si])
        or _full_hits(f[1], seg._hits(groups, weights, docs_of[si]))
        for si, (seg, f, b) in enumerate(zip(segments, filters, bits, strict=True))
    ]
    lex_pos = [h.pos for h in hits]
    total = weights.total  # lexical = matched weight / total, as the index divides

    def base(si: int, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        """The score without the semantic part (as :func:`candidates` computes it)."""
        seg, lex = segments[si], (hits[si].at(pos) / total if total else np.zeros(len(pos)))
        return score(query.profile, seg.conf[pos], seg._recency(pos, now), lex)

    masks = [f[1] for f in filters]
    if not any(f[2] for f in filters):  # nothing passes the filters: no cosine to compute
        none = np.zeros(0, dtype=np.int64)
        return filters, hits, [NoSemantic(none, none, None) for _ in segments]
    static = [static_part(seg, now)[1] for seg in segments]
    values = [h.values for h in hits]
    bound = Bound(static, [h.at for h in hits], total, values, segments, now)
    parts = semantic_parts(segments, masks, semantic, query.limit, lex_pos, base, bound)
    return filters, hits, parts


def _full_hits(mask: NDArray[np.bool_], hits: NDArray[np.float64]) -> Hits:
    """:class:`Hits` from every position's matched weight."""
    pos = np.flatnonzero(hits > 0)
    pos = pos[mask[pos]]
    return Hits(pos, hits[pos], hits)


def _bit_hits(
    mask: NDArray[np.bool_],
    dist: dict[tuple[str, ...], float],
    bits: tuple[NDArray[np.uint8], NDArray[np.int64]],
) -> Hits:
    """:class:`Hits` from a bit per distinct group (``group_bits``: each position's matched
    groups and the live positions matching any): ``group_sums`` of the weights, the float64
    values of the accumulator, read at those positions only."""
    set_of, hit = bits
    pos = hit[mask[hit]]
    values = group_sums(list(dist.values()))[set_of[pos]]
    if not (values > 0).all():  # a group weighing 0 matches nothing, as acc > 0
        keep = values > 0
        pos, values = pos[keep], values[keep]
    return Hits(pos, values)


def _sparse_hits(
    seg: MemoryIndex,
    mask: NDArray[np.bool_],
    dist: dict[tuple[str, ...], float],
    docs_of: Callable[[tuple[str, ...]], NDArray[np.int64]],
) -> Hits | None:
    """:class:`Hits` from the groups' postings (sorted positions), or ``None`` when they are
    too many (see :data:`SPARSE_SHARE`) or a weight is negative."""
    if any(gw < 0 for gw in dist.values()):
        return None
    found = [(docs_of(group), gw) for group, gw in dist.items()]
    if sum(len(d) for d, gw in found if gw > 0) * SPARSE_SHARE >= max(seg.size, 1):
        return None
    parts = [d for d, gw in found if gw > 0 and len(d)]
    if not parts:
        return Hits(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64))
    pos = sorted_unique(np.concatenate(parts) if len(parts) > 1 else parts[0].copy())
    pos = pos[mask[pos]]
    values = np.zeros(len(pos), dtype=np.float64)
    for docs, gw in found:  # query order; adding 0.0 where a group is absent changes nothing
        if gw > 0 and len(docs):
            values += np.where(members(docs, pos), gw, 0.0)
    return Hits(pos, values)


def candidates(
    seg: MemoryIndex,
    sp: SegmentSemantic,
    hits: Hits,
    total: float,
    now: int,
    profile: Profile,
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """The positions one segment scores (the kept lexical candidates and the semantic recall),
    their scores (``profile``'s) and lexical values."""
    cand = sp.candidates()
    lexical = hits.at(cand) / total if total else np.zeros(len(cand), dtype=np.float64)
    recency = seg._recency(cand, now)
    scores = score(profile, seg.conf[cand], recency, lexical, sp.scores(cand))
    return cand, scores, lexical


def counts(segments: Sequence[MemoryIndex], parts: Sequence[SegmentSemantic]) -> tuple[int, int]:
    """(matching memories, those of them with an unparseable timestamp) over every segment,
    scored or not."""
    matched = sum(sp.matched for sp in parts)
    bad = sum(
        unparseable_in(seg, sp.lexical) + unparseable_in(seg, sp.recall_only)
        for seg, sp in zip(segments, parts, strict=True)
    )
    return matched, bad

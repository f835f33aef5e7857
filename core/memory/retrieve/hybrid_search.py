"""The hybrid profile's part of :func:`~.index.search_segments`: the filters, the lexical
candidates and the semantic part of each segment (:func:`prepare`), the candidates a segment
scores (:func:`candidates`) and the counts over all of them (:func:`counts`).

Only the filter mask and the lexical accumulator (:meth:`~.index.MemoryIndex._hits`) are the
size of the store; everything after them works on positions: the lexical candidates once as
sorted positions, the semantic part sparse (:mod:`.hybrid_parts`). Scores, ids, order and
explanations are those of the definition in :mod:`.hybrid`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from hmdesk.core.memory.retrieve.hybrid import SemanticQuery, semantic_parts
from hmdesk.core.memory.retrieve.ranking import static_part, unparseable_in

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.hybrid_parts import SegmentSemantic
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.retrieve.results import Query
    from hmdesk.core.memory.retrieve.scoring import Groups, TermWeights
    from numpy.typing import NDArray

Filters = tuple[int, "NDArray[np.bool_]", int]


def prepare(
    segments: Sequence[MemoryIndex],
    query: Query,
    groups: Groups,
    weights: TermWeights,
    docs_of: Sequence[Callable[[tuple[str, ...]], NDArray[np.int64]]],
    now: int,
    filtered: dict[str, int],
    semantic: SemanticQuery,
) -> tuple[list[Filters], list[NDArray[np.float64]], list[SegmentSemantic]]:
    """Each segment's filters (as :meth:`~.index.MemoryIndex._filter`), matched term weight
    (:meth:`~.index.MemoryIndex._hits`) and semantic part; adds to ``filtered``."""
    filters = [seg._filter(query, filtered) for seg in segments]
    hits = [seg._hits(groups, weights, docs_of[si]) for si, seg in enumerate(segments)]
    lex_pos = [_lexical(f[1], h) for f, h in zip(filters, hits, strict=True)]
    total = weights.total  # lexical = matched weight / total, as the index divides

    def base(si: int, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        """The score without the semantic part (as :func:`candidates` computes it)."""
        seg, lex = segments[si], (hits[si][pos] / total if total else 0.0)
        return seg.conf[pos] * 0.4 + seg._recency(pos, now) * 0.2 + lex * 0.2

    def bound(si: int, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        """An upper bound of ``base``: the index's kept ``confidence*0.4 + recency*0.2``
        (from an earlier or the same ``now``: recency only falls with time)."""
        seg, lex = segments[si], (hits[si][pos] / total if total else 0.0)
        return static_part(seg, now)[1][pos] + lex * 0.2

    masks = [f[1] for f in filters]
    parts = semantic_parts(segments, masks, semantic, query.limit, lex_pos, base, bound)
    return filters, hits, parts


def _lexical(mask: NDArray[np.bool_], hits: NDArray[np.float64]) -> NDArray[np.int64]:
    """The positions passing the filters with at least one term, sorted."""
    pos = np.flatnonzero(hits > 0)
    return pos[mask[pos]]


def candidates(
    seg: MemoryIndex,
    sp: SegmentSemantic,
    hits: NDArray[np.float64],
    total: float,
    now: int,
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """The positions one segment scores (the kept lexical candidates and the semantic recall),
    their scores and lexical values: lexical and semantic weigh 0.2 each."""
    cand = sp.candidates()
    lexical = hits[cand] / total if total else np.zeros(len(cand), dtype=np.float64)
    recency = seg._recency(cand, now)
    scores = seg.conf[cand] * 0.4 + recency * 0.2 + lexical * 0.2 + sp.scores(cand) * 0.2
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

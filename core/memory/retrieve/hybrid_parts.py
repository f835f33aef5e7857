"""One segment's semantic part for a hybrid query, kept sparse: positions, never arrays the size
of the store.

:func:`~.hybrid.semantic_parts` makes one :class:`SegmentSemantic` per segment: which positions
are lexical candidates, which the semantic recall adds, which lexical candidates are scored, and
each position's cosine and normalised semantic score on demand (:meth:`SegmentSemantic.scores`,
:meth:`SegmentSemantic.at`). The small-store path computes every cosine
(:class:`DenseSemantic`); the large-store path only the rows it probed or rescored
(:class:`SparseSemantic`: the other positions have no cosine and score 0, and are never scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from hmdesk.core.memory.retrieve.postings import sorted_unique

if TYPE_CHECKING:
    from numpy.typing import NDArray


def members(sorted_: NDArray[np.int64], values: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Which of ``values`` are in ``sorted_`` (sorted, unique): a binary search, no full mask."""
    if not len(sorted_) or not len(values):
        return np.zeros(len(values), dtype=bool)
    at = np.searchsorted(sorted_, values)
    at[at == len(sorted_)] = 0
    return np.asarray(sorted_[at] == values)


class SegmentSemantic:
    """``lexical``: the positions passing the filters with at least one term (sorted);
    ``recall``: the semantic recall's positions passing the filters (sorted; some may be
    lexical too), ``recall_only`` those that are not; ``keep``: the lexical candidates that
    can still reach the top ``limit`` (``None``: every one — the index scores only these and
    the recall, and counts the others)."""

    def __init__(
        self,
        lexical: NDArray[np.int64],
        recall: NDArray[np.int64],
        keep: NDArray[np.int64] | None,
    ) -> None:
        self.lexical, self.recall, self.keep = lexical, recall, keep
        self.recall_only = recall[~members(lexical, recall)] if len(recall) else recall

    @property
    def matched(self) -> int:
        """How many positions pass the filters and match (a term, or the recall)."""
        return len(self.lexical) + len(self.recall_only)

    def candidates(self) -> NDArray[np.int64]:
        """The positions to score, sorted: the kept lexical candidates and the recall."""
        lex = self.lexical if self.keep is None else self.keep
        if not len(self.recall):
            return lex
        return sorted_unique(np.concatenate((lex, self.recall)))

    def scores(self, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        """The normalised semantic score of each position (0: no cosine)."""
        raise NotImplementedError

    def at(self, pos: int) -> tuple[float | None, float]:
        """(cosine or ``None`` without one, normalised score) of one position."""
        raise NotImplementedError


class DenseSemantic(SegmentSemantic):
    """Every position's cosine (NaN: none) and score, as arrays."""

    def __init__(
        self,
        lexical: NDArray[np.int64],
        recall: NDArray[np.int64],
        cosine: NDArray[np.float64],
        score: NDArray[np.float64],
    ) -> None:
        super().__init__(lexical, recall, None)
        self.cosine, self.score = cosine, score

    def scores(self, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        return self.score[pos]

    def at(self, pos: int) -> tuple[float | None, float]:
        cos = float(self.cosine[pos])
        return (None if cos != cos else cos), float(self.score[pos])  # NaN: none


class SparseSemantic(SegmentSemantic):
    """The cosines of the matrix rows computed for the query: ``row_of`` each position's row
    (-1: no embedding), ``done``/``cos`` per row (``cos`` valid where ``done``), normalised by
    ``low`` and ``span`` (``span`` ≤ 0: every score 1)."""

    def __init__(
        self,
        lexical: NDArray[np.int64],
        recall: NDArray[np.int64],
        keep: NDArray[np.int64] | None,
        rows: tuple[NDArray[np.int64], NDArray[np.bool_], NDArray[np.float32]],
        low: float,
        span: float,
    ) -> None:
        super().__init__(lexical, recall, keep)
        self.row_of, self.done, self.cos = rows
        self.low, self.span = low, span

    def _cosines(self, pos: NDArray[np.int64]) -> tuple[NDArray[np.bool_], NDArray[np.float64]]:
        rows = self.row_of[pos]
        has = rows >= 0
        has[has] = self.done[rows[has]]
        return has, self.cos[rows[has]].astype(np.float64)

    def scores(self, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        has, cos = self._cosines(pos)
        out = np.zeros(len(pos), dtype=np.float64)
        if self.span <= 0:
            out[has] = 1.0
        else:  # as _Scale.norm: the same float64 operations
            out[has] = np.clip((cos - self.low) / self.span, 0.0, 1.0)
        return out

    def at(self, pos: int) -> tuple[float | None, float]:
        row = int(self.row_of[pos])
        if row < 0 or not self.done[row]:
            return None, 0.0
        cos = float(self.cos[row])
        if self.span <= 0:
            return cos, 1.0
        return cos, min(max((cos - self.low) / self.span, 0.0), 1.0)  # IEEE: as the array's


class NoSemantic(SegmentSemantic):
    """No cosine for any position (no embedding passes the filters)."""

    def scores(self, pos: NDArray[np.int64]) -> NDArray[np.float64]:
        return np.zeros(len(pos), dtype=np.float64)

    def at(self, pos: int) -> tuple[float | None, float]:
        return None, 0.0

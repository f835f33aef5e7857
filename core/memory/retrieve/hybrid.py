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

:class:`SemanticSource` gives a :class:`~.retriever.Retriever` what a hybrid search needs: the
embedder (chosen from the settings, see :func:`hmdesk.core.memory.semantic.choice`), the query
vectors of the last few queries, and the cached matrix, re-read when the database changed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.semantic.cache import EmbeddingMatrix
    from hmdesk.core.memory.semantic.embedder import Embedder
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
    coarse: Coarse | None = None


@dataclass(frozen=True)
class Coarse:
    """Sign bits of every cached vector minus their mean (48 bytes a memory at 384
    dimensions), one contiguous array per 64-bit word: a large store compares these first
    (see :func:`shortlist`)."""

    center: NDArray[np.float32]
    words: NDArray[np.uint64]  # (bits / 64, n)

    @classmethod
    def of(cls, vectors: NDArray[np.float32]) -> Coarse:
        center = vectors.mean(axis=0).astype(np.float32)
        return cls(center, np.ascontiguousarray(_pack(vectors - center).T))

    def hamming(self, vector: NDArray[np.float32]) -> NDArray[np.uint16]:
        """Every row's Hamming distance to ``vector``'s sign bits (word by word: a popcount
        per row and word, no (n, words) temporary)."""
        code = _pack(vector - self.center)[0]
        ham = np.bitwise_count(self.words[0] ^ code[0]).astype(np.uint16)
        for w in range(1, len(code)):
            ham += np.bitwise_count(self.words[w] ^ code[w])
        return ham


def _pack(signs_of: NDArray[np.float32]) -> NDArray[np.uint64]:
    bits = np.packbits(np.atleast_2d(signs_of) > 0, axis=1)
    pad = (-bits.shape[1]) % 8
    if pad:
        bits = np.pad(bits, ((0, 0), (0, pad)))
    return np.ascontiguousarray(bits).view("<u8")


COARSE_FROM = 20_000
"""From this many cached vectors a query does not read them all (memory-bound: 1,536 bytes a
memory): it computes the exact cosine only for the rows that can be candidates — the lexical
ones and about :data:`SHORTLIST` nearest by Hamming distance of the sign bits — plus a spread
sample of :data:`SAMPLE` rows; the min-max normalisation runs over these exact values (the
other rows are never candidates, so they need none)."""
SHORTLIST = 1024
SAMPLE = 256


def shortlist(coarse: Coarse, vector: NDArray[np.float32], size: int) -> NDArray[np.int64]:
    """The rows nearest ``vector`` by Hamming distance: at least ``size`` (all rows tied at the
    cut-off distance too, up to twice ``size``), sorted. A histogram finds the cut-off (the
    distances are small integers), so no partition of the whole array is needed."""
    ham = coarse.hamming(vector)
    counts = np.cumsum(np.bincount(ham))
    cut = int(np.searchsorted(counts, min(size, len(ham))))
    rows = np.flatnonzero(ham <= cut)
    if len(rows) > 2 * size:  # many ties at the cut-off: the nearer ones and the first ties
        nearer = np.flatnonzero(ham < cut)
        tied = np.flatnonzero(ham == cut)[: 2 * size - len(nearer)]
        rows = np.union1d(nearer, tied)
    return rows


@dataclass(frozen=True)
class SegmentSemantic:
    """Per position of one segment: ``cosine`` (NaN: no embedding, or not computed — never a
    candidate then), ``score`` (normalised, 0 without an embedding), ``extra`` (in the
    semantic recall)."""

    cosine: NDArray[np.float64]
    score: NDArray[np.float64]
    extra: NDArray[np.bool_]


def _mapped(sem: SemanticQuery, seg: MemoryIndex, n: int) -> Mapped:
    cached = sem.rows.get(id(seg))
    if cached is not None and cached.segment is seg:
        return cached
    matrix = sem.matrix
    at = np.searchsorted(matrix.seqs, seg.order)
    if n:
        at[at >= n] = 0
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
    lexical: Sequence[NDArray[np.bool_]] | None = None,
    base: Base | None = None,
) -> list[SegmentSemantic]:
    """Each segment's semantic part (segments' ``order`` is the memories' seq). ``lexical``:
    each segment's lexical candidates; ``base``: their scores without the semantic part (a
    large store then computes exact cosines only for those that can reach the top ``limit``;
    without it, for all of them)."""
    matrix = sem.matrix
    n = len(matrix) if matrix.dim == len(sem.vector) else 0  # another length: no semantic part
    mapped = [_mapped(sem, seg, n) for seg in segments]
    if n and sem.coarse is not None and n >= COARSE_FROM:
        return _large(segments, masks, sem, limit, lexical, mapped, base)
    every: NDArray[np.float32] = sem.vector[:0]
    if n:
        every = matrix.vectors @ sem.vector
    cosines_: list[NDArray[np.float64]] = []
    for seg, m in zip(segments, mapped, strict=True):
        cos = np.full(seg.size, np.nan, dtype=np.float64)
        if n and seg.size:
            cos[m.hit] = every[m.rows]
        cosines_.append(cos)
    pooled = np.concatenate(
        [c[m & ~np.isnan(c)] for c, m in zip(cosines_, masks, strict=True)] or [np.zeros(0)]
    )
    out: list[SegmentSemantic] = []
    if len(pooled) == 0:
        for seg, cos in zip(segments, cosines_, strict=True):
            out.append(SegmentSemantic(cos, np.zeros(seg.size), np.zeros(seg.size, dtype=bool)))
        return out
    low, high = float(pooled.min()), float(pooled.max())
    threshold = _threshold(pooled, limit, low)
    span = high - low
    for cos, mask in zip(cosines_, masks, strict=True):
        known = ~np.isnan(cos)
        score = np.zeros(len(cos), dtype=np.float64)
        score[known] = (cos[known] - low) / span if span > 0 else 1.0
        np.clip(score, 0.0, 1.0, out=score)
        extra = mask & known & (np.where(known, cos, -np.inf) >= threshold)
        out.append(SegmentSemantic(cos, score, extra))
    return out


def _threshold(pooled: NDArray[np.float64], limit: int, low: float) -> float:
    """The cosine from which a memory is in the semantic recall (the ``limit`` best)."""
    if len(pooled) > limit > 0:
        return float(np.partition(pooled, len(pooled) - limit)[len(pooled) - limit])
    return low if limit > 0 else np.inf


Base = Callable[[int, "NDArray[np.int64]"], "NDArray[np.float64]"]
"""``base(segment number, positions)``: the positions' score without the semantic part
(``confidence*0.4 + recency*0.2 + lexical*0.2``; the index knows its lexical values)."""
SEMANTIC_WEIGHT = 0.2
RESCORE_STEP = 256


def _large(
    segments: Sequence[MemoryIndex],
    masks: Sequence[NDArray[np.bool_]],
    sem: SemanticQuery,
    limit: int,
    lexical: Sequence[NDArray[np.bool_]] | None,
    mapped: list[Mapped],
    base: Base | None,
) -> list[SegmentSemantic]:
    """:func:`semantic_parts` from :data:`COARSE_FROM` vectors (see :data:`COARSE_FROM`)."""
    assert sem.coarse is not None
    matrix = sem.matrix
    n = len(matrix)
    short = shortlist(sem.coarse, sem.vector, SHORTLIST)
    mark = np.zeros(n, dtype=bool)
    mark[short] = True
    mark[:: max(1, n // SAMPLE)] = True
    lex_pos = [np.flatnonzero(lex) for lex in lexical] if lexical is not None else []
    lex_rows = [m.position_row[p] for m, p in zip(mapped, lex_pos, strict=True)]
    if base is None or limit <= 0:
        for rows in lex_rows:
            mark[rows[rows >= 0]] = True
        return _exact(segments, masks, sem, limit, mapped, mark, short)
    # the lexical candidates by their score without the semantic part, best first: only those
    # that can still reach the top ``limit`` get an exact cosine (the others' semantic part is
    # at most SEMANTIC_WEIGHT, not enough to pass the ``limit``-th exact score)
    bases = [base(si, p) for si, p in enumerate(lex_pos)]
    flat_base = np.concatenate(bases) if bases else np.zeros(0)
    flat_rows = np.concatenate(lex_rows) if lex_rows else np.zeros(0, dtype=np.int64)
    total = len(flat_base)
    done = min(total, limit + RESCORE_STEP)
    if done < total:  # the best ``done`` first (no sort of them all unless needed)
        first = np.argpartition(-flat_base, done - 1)[:done]
        rest = np.setdiff1d(np.arange(total), first, assume_unique=True)
        order = np.concatenate([first, rest[np.argmax(flat_base[rest])][None]])
    else:
        order = np.arange(total)
    rows = flat_rows[order[:done]]
    mark[rows[rows >= 0]] = True
    while True:
        parts = _exact(segments, masks, sem, limit, mapped, mark, short)
        if done >= total:
            return parts
        kth = _kth_score(parts, lex_pos, bases, base, limit)
        # order[done] is the best of those left
        if flat_base[order[done]] + SEMANTIC_WEIGHT + 1e-9 < kth:  # 1e-9: rounding
            return parts
        if len(order) < total:  # the rest, best first
            left = np.setdiff1d(np.arange(total), order[:done], assume_unique=True)
            order = np.concatenate([order[:done], left[np.argsort(-flat_base[left])]])
        more = order[done : done + max(RESCORE_STEP, done)]
        done += len(more)
        rows = flat_rows[more]
        mark[rows[rows >= 0]] = True


def _kth_score(
    parts: list[SegmentSemantic],
    lex_pos: list[NDArray[np.int64]],
    bases: list[NDArray[np.float64]],
    base: Base,
    limit: int,
) -> float:
    """The ``limit``-th best exact score among the candidates scored so far."""
    scores: list[NDArray[np.float64]] = []
    for si, part in enumerate(parts):
        pos, b = lex_pos[si], bases[si]
        known = ~np.isnan(part.cosine[pos])
        scores.append(b[known] + SEMANTIC_WEIGHT * part.score[pos[known]])
        extra = np.flatnonzero(part.extra)
        if len(extra):
            scores.append(base(si, extra) + SEMANTIC_WEIGHT * part.score[extra])
    every = np.concatenate(scores) if scores else np.zeros(0)
    if len(every) < limit:
        return -np.inf
    return float(np.partition(every, len(every) - limit)[len(every) - limit])


def _exact(
    segments: Sequence[MemoryIndex],
    masks: Sequence[NDArray[np.bool_]],
    sem: SemanticQuery,
    limit: int,
    mapped: list[Mapped],
    mark: NDArray[np.bool_],
    short: NDArray[np.int64],
) -> list[SegmentSemantic]:
    """The semantic parts from the exact cosines of the ``mark``-ed rows (the others: NaN)."""
    matrix = sem.matrix
    idx = np.flatnonzero(mark)
    # einsum, not BLAS: a few thousand rows, and a threaded BLAS call stalls on a busy machine
    values = np.einsum("ij,j->i", matrix.vectors[idx], sem.vector).astype(np.float64)
    in_short = np.zeros(len(idx), dtype=bool)
    in_short[np.searchsorted(idx, short)] = True
    found: list[tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.bool_]]] = []
    pooled: list[NDArray[np.float64]] = []
    recall: list[NDArray[np.float64]] = []
    for m, mask in zip(mapped, masks, strict=True):
        pos = m.inverse[idx]
        here = pos >= 0
        pos, cos, short_here = pos[here], values[here], in_short[here]
        ok = mask[pos]
        found.append((pos, cos, ok & short_here))
        pooled.append(cos[ok])
        recall.append(cos[ok & short_here])  # the semantic recall from the shortlist only
    every = np.concatenate(pooled)
    out: list[SegmentSemantic] = []
    if len(every) == 0:
        for seg in segments:
            nan = np.full(seg.size, np.nan)
            out.append(SegmentSemantic(nan, np.zeros(seg.size), np.zeros(seg.size, dtype=bool)))
        return out
    low, high = float(every.min()), float(every.max())
    threshold = _threshold(np.concatenate(recall), limit, low)
    span = high - low
    for seg, (pos, cos, recallable) in zip(segments, found, strict=True):
        cosine = np.full(seg.size, np.nan, dtype=np.float64)
        cosine[pos] = cos
        score = np.zeros(seg.size, dtype=np.float64)
        score[pos] = np.clip((cos - low) / span, 0.0, 1.0) if span > 0 else 1.0
        extra = np.zeros(seg.size, dtype=bool)
        extra[pos[recallable & (cos >= threshold)]] = True
        out.append(SegmentSemantic(cosine, score, extra))
    return out


class SemanticSource:
    """The embedder, the last query vectors and the cached matrix of one database.

    ``embedder`` is an :class:`Embedder` or a function making one (called on first use);
    ``version()`` is a number that changes when the database changes (the store's
    ``data_version``): the matrix is re-read when it moved. Thread-safe."""

    QUERY_CACHE = 16

    def __init__(
        self,
        db: Database,
        embedder: Embedder | Callable[[], Embedder],
        version: Callable[[], int] | None = None,
    ) -> None:
        self.db = db
        self._make = embedder
        self._embedder: Embedder | None = None
        self._version = version
        self._lock = threading.Lock()
        self._queries: OrderedDict[str, NDArray[np.float32]] = OrderedDict()
        self._matrix: EmbeddingMatrix | None = None
        self._matrix_version: int | None = None
        self._rows: dict[int, Mapped] = {}
        self._coarse: Coarse | None = None
        self.query_embeddings = 0  # how many query texts were embedded (tests, diagnostics)

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                from hmdesk.core.memory.semantic.embedder import Embedder

                made = self._make if isinstance(self._make, Embedder) else self._make()
                self._embedder = made
            return self._embedder

    def query_vector(self, text: str) -> NDArray[np.float32]:
        """The query's vector, embedded once per text (the last :attr:`QUERY_CACHE` kept). Any
        failure of the embedder is an :class:`EmbedderError` (the search ranks lexically)."""
        embedder = self.embedder
        with self._lock:
            hit = self._queries.get(text)
            if hit is not None:
                self._queries.move_to_end(text)
                return hit
        from hmdesk.core.memory.semantic.embedder import EmbedderError

        try:
            vector = embedder.embed_query(text)
        except EmbedderError:
            raise
        except Exception as exc:  # a broken model (re-raised as EmbedderError): lexical only
            raise EmbedderError(f"{embedder.model_id} failed: {exc}") from exc
        with self._lock:
            self.query_embeddings += 1
            self._queries[text] = vector
            while len(self._queries) > self.QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def matrix(self) -> EmbeddingMatrix:
        """The cached vectors of the embedder's model, re-read when the database changed."""
        from hmdesk.core.memory.semantic.cache import load

        model = self.embedder.model_id
        version = self._version() if self._version is not None else None
        with self._lock:
            current = self._matrix
            if (
                current is not None
                and current.model == model
                and version is not None
                and version == self._matrix_version
            ):
                return current
        loaded = load(self.db, model)
        coarse = Coarse.of(loaded.vectors) if len(loaded) >= COARSE_FROM else None
        with self._lock:
            self._matrix, self._matrix_version = loaded, version
            self._coarse = coarse
            self._rows = {}
        return loaded

    def invalidate(self) -> None:
        """Re-read the matrix at the next search (after a fill in this process)."""
        with self._lock:
            self._matrix = None

    def prepare(self, text: str) -> SemanticQuery:
        """What a hybrid search of ``text`` needs (the query embedded unless cached)."""
        vector = self.query_vector(text)
        matrix = self.matrix()
        with self._lock:
            if len(self._rows) > 64:  # segments come and go with refreshes
                self._rows = {}
            return SemanticQuery(vector, matrix, self._rows, self._coarse)

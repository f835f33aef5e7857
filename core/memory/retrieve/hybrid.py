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


@dataclass(frozen=True)
class SemanticQuery:
    """A query's unit vector and the cached vectors of the same model."""

    vector: NDArray[np.float32]
    matrix: EmbeddingMatrix
    # id(segment) → (segment, matrix row of each position, has a row): kept with the matrix
    rows: dict[int, tuple[object, NDArray[np.int64], NDArray[np.bool_]]] = field(
        default_factory=dict, repr=False
    )
    coarse: Coarse | None = None


@dataclass(frozen=True)
class Coarse:
    """Sign bits of every cached vector minus their mean (48 bytes a memory at 384
    dimensions): a large store compares these first (see :func:`cosines`)."""

    center: NDArray[np.float32]
    codes: NDArray[np.uint64]

    @classmethod
    def of(cls, vectors: NDArray[np.float32]) -> Coarse:
        center = vectors.mean(axis=0).astype(np.float32)
        return cls(center, _pack(vectors - center))


def _pack(signs_of: NDArray[np.float32]) -> NDArray[np.uint64]:
    bits = np.packbits(np.atleast_2d(signs_of) > 0, axis=1)
    pad = (-bits.shape[1]) % 8
    if pad:
        bits = np.pad(bits, ((0, 0), (0, pad)))
    return np.ascontiguousarray(bits).view("<u8")


COARSE_FROM = 20_000
"""From this many cached vectors a query does not read them all (memory-bound: 1,536 bytes a
memory): it computes the exact cosine only for the rows that can be candidates — the lexical
ones and the :data:`SHORTLIST` nearest by Hamming distance of the sign bits — plus a spread
sample, and estimates the others (which only set the normalisation's minimum) from their
Hamming distance, fitted linearly to the exact values of the sample."""
SHORTLIST = 1024
SAMPLE = 256


def cosines(
    sem: SemanticQuery, need: NDArray[np.bool_] | None
) -> tuple[NDArray[np.float32] | NDArray[np.float64], NDArray[np.bool_] | None]:
    """Every cached row's cosine with the query, and which are exact (None: all). ``need``:
    rows whose cosine must be exact (the lexical candidates); the semantic recall is taken
    from the shortlist, which is always exact."""
    matrix, vector = sem.matrix, sem.vector
    n = len(matrix)
    if sem.coarse is None or n < COARSE_FROM:
        return matrix.vectors @ vector, None
    coarse = sem.coarse
    query_code = _pack(vector - coarse.center)
    ham = np.bitwise_count(coarse.codes ^ query_code).sum(axis=1, dtype=np.int32)
    exact = np.zeros(n, dtype=bool) if need is None else need.copy()
    exact[np.argpartition(ham, min(SHORTLIST, n - 1))[:SHORTLIST]] = True
    exact[:: max(1, n // SAMPLE)] = True
    idx = np.flatnonzero(exact)
    values = matrix.vectors[idx] @ vector
    bits = coarse.codes.shape[1] * 64
    estimate = np.cos(np.pi * ham / bits)
    slope, intercept = np.polyfit(estimate[idx], values, 1)
    out = (estimate * slope + intercept).astype(np.float32)
    out[idx] = values
    return out, exact


@dataclass(frozen=True)
class SegmentSemantic:
    """Per position of one segment: ``cosine`` (NaN: no embedding), ``score`` (normalised, 0
    without an embedding), ``extra`` (in the semantic recall)."""

    cosine: NDArray[np.float64]
    score: NDArray[np.float64]
    extra: NDArray[np.bool_]


def semantic_parts(
    segments: Sequence[MemoryIndex],
    masks: Sequence[NDArray[np.bool_]],
    sem: SemanticQuery,
    limit: int,
    lexical: Sequence[NDArray[np.bool_]] | None = None,
) -> list[SegmentSemantic]:
    """Each segment's semantic part (segments' ``order`` is the memories' seq). ``lexical``:
    each segment's lexical candidates (their cosines are always exact)."""
    matrix = sem.matrix
    n = len(matrix) if matrix.dim == len(sem.vector) else 0  # another length: no semantic part
    mapped: list[tuple[NDArray[np.int64], NDArray[np.bool_]]] = []
    for seg in segments:
        cached = sem.rows.get(id(seg))
        if cached is None or cached[0] is not seg:
            at = np.searchsorted(matrix.seqs, seg.order)
            if n:
                at[at >= n] = 0
                hit = matrix.seqs[at] == seg.order
            else:
                hit = np.zeros(seg.size, dtype=bool)
            cached = sem.rows[id(seg)] = (seg, at[hit], hit)
        mapped.append((cached[1], cached[2]))
    exact: NDArray[np.bool_] | None = None
    every: NDArray[np.float32] | NDArray[np.float64] = np.zeros(0, dtype=np.float64)
    if n:
        need = None
        if lexical is not None and sem.coarse is not None and n >= COARSE_FROM:
            need = np.zeros(n, dtype=bool)
            for (rows, hit), lex in zip(mapped, lexical, strict=True):
                need[rows[lex[hit]]] = True
        every, exact = cosines(sem, need)
    cosines_of: list[NDArray[np.float64]] = []
    shortlisted: list[NDArray[np.bool_] | None] = []
    for seg, (rows, hit) in zip(segments, mapped, strict=True):
        cos = np.full(seg.size, np.nan, dtype=np.float64)
        if n and seg.size:
            cos[hit] = every[rows]
        cosines_of.append(cos)
        if exact is None:
            shortlisted.append(None)
        else:
            ok = np.zeros(seg.size, dtype=bool)
            ok[hit] = exact[rows]
            shortlisted.append(ok)
    cosines_ = cosines_of
    pooled = np.concatenate(
        [c[m & ~np.isnan(c)] for c, m in zip(cosines_, masks, strict=True)] or [np.zeros(0)]
    )
    out: list[SegmentSemantic] = []
    if len(pooled) == 0:
        for seg, cos in zip(segments, cosines_, strict=True):
            out.append(SegmentSemantic(cos, np.zeros(seg.size), np.zeros(seg.size, dtype=bool)))
        return out
    low, high = float(pooled.min()), float(pooled.max())
    if exact is not None:  # the semantic recall from exact values only (the shortlist)
        pooled = np.concatenate(
            [
                c[m & ok]
                for c, m, ok in zip(cosines_, masks, shortlisted, strict=True)
                if ok is not None
            ]
            or [np.zeros(0)]
        )
    if len(pooled) > limit > 0:
        threshold = float(np.partition(pooled, len(pooled) - limit)[len(pooled) - limit])
    elif limit > 0:
        threshold = low
    else:
        threshold = np.inf
    span = high - low
    for cos, pool_mask, exact_here in zip(cosines_, masks, shortlisted, strict=True):
        known = ~np.isnan(cos)
        # an estimated cosine never makes a candidate
        mask = pool_mask if exact_here is None else pool_mask & exact_here
        score = np.zeros(len(cos), dtype=np.float64)
        score[known] = (cos[known] - low) / span if span > 0 else 1.0
        np.clip(score, 0.0, 1.0, out=score)
        extra = mask & known & (np.where(known, cos, -np.inf) >= threshold)
        out.append(SegmentSemantic(cos, score, extra))
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
        self._rows: dict[int, tuple[object, NDArray[np.int64], NDArray[np.bool_]]] = {}
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

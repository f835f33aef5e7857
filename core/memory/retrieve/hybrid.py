"""The ``hybrid`` profile: default's lexical ranking fused with the meaning of the text.

The hybrid profile ranks its text like ``default`` (same terms, filters and lexical value) and
adds the similarity between the query's embedding and each memory's cached embedding
(:mod:`hmdesk.core.memory.semantic`), 50/50 inside the lexical weight, each in [0, 1]:

    score = confidence·w_conf + recency·w_rec + lexical·w_lex·share + semantic·w_lex·(1 − share)

(the weights: :data:`.profile.WEIGHTS`; the hybrid profile's share is 0.5)

The candidates are the lexical ones (passing the filters, at least one term matched) and the
``k`` memories passing the filters nearest the query by meaning (``k``: the results asked for;
:meth:`~hmdesk.core.memory.semantic.cache.EmbeddingMatrix.nearest`), so a memory that says the
same in other words, or in another language, is found without sharing a term. A candidate's
semantic value is its cosine min-max normalised over the candidates, as mem0's
``score_and_rank`` normalises over the pool it ranks:

    semantic = (cos - min cos) / (max cos - min cos)   over the candidates with an embedding

(1 for every one when they are all equal). Normalised, not raw: an e5 model gives every pair a
cosine of 0.7–0.9, so the raw value would add an almost constant amount. A memory without an
embedding yet keeps its lexical score: semantic 0, similarity ``None``.

:class:`SemanticSource` gives a :class:`~.retriever.Retriever` what a hybrid search needs: the
embedder (chosen from the settings, :mod:`hmdesk.core.memory.semantic.choice`), the vectors of
the last few queries, and the cached matrix, read again when the database changed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import numpy as np
from hmdesk.core.memory.retrieve.profile import score

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.retrieve.profile import Profile
    from hmdesk.core.memory.retrieve.ranking import Part
    from hmdesk.core.memory.semantic.embedder import Embedder
    from numpy.typing import NDArray


class Vectors(Protocol):
    """The cached vectors of one model as a hybrid search reads them: in the process
    (:class:`~hmdesk.core.memory.semantic.cache.EmbeddingMatrix`) or on a PostgreSQL server with
    pgvector (:class:`~hmdesk.core.memory.semantic.server_vectors.ServerVectors`)."""

    @property
    def model(self) -> str: ...
    @property
    def seqs(self) -> NDArray[np.int64]: ...
    @property
    def dim(self) -> int: ...
    @property
    def live(self) -> int: ...
    def __len__(self) -> int: ...
    def nearest(
        self, vector: NDArray[np.float32], k: int, mask: NDArray[np.bool_]
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]: ...
    def similarity(
        self, vector: NDArray[np.float32], rows: NDArray[np.int64]
    ) -> NDArray[np.float32]: ...


@dataclass(frozen=True)
class Mapped:
    """One index segment against one matrix: each position's row (-1: no embedding) and each
    row's position in the segment (-1: none)."""

    segment: object
    matrix: object
    row: NDArray[np.int64]
    position: NDArray[np.int64]


@dataclass(frozen=True)
class SemanticQuery:
    """A query's unit vector and the cached vectors of the same model."""

    vector: NDArray[np.float32]
    matrix: Vectors
    # id(segment) → its mapping to the matrix's rows (kept with the matrix)
    maps: dict[int, Mapped] = field(default_factory=dict, repr=False)

    def mapped(self, seg: MemoryIndex) -> Mapped:
        """``seg`` against the matrix (its ``order`` is the memories' seq)."""
        kept = self.maps.get(id(seg))
        if kept is not None and kept.segment is seg and kept.matrix is self.matrix:
            return kept
        seqs, n = self.matrix.seqs, len(self.matrix)
        position = np.full(n, -1, dtype=np.int64)
        row = np.full(seg.size, -1, dtype=np.int64)
        if n:
            sorter = np.argsort(seqs, kind="stable")
            at = np.minimum(np.searchsorted(seqs, seg.order, sorter=sorter), n - 1)
            at = sorter[at]
            hit = seqs[at] == seg.order
            row[hit] = at[hit]
            position[at[hit]] = np.flatnonzero(hit)
        made = self.maps[id(seg)] = Mapped(seg, self.matrix, row, position)
        return made


@dataclass(frozen=True)
class Semantic:
    """One segment's semantic part, for the explanation: the candidates' positions (sorted),
    their cosines (NaN: no embedding) and semantic values."""

    positions: NDArray[np.int64]
    cosine: NDArray[np.float64]
    value: NDArray[np.float64]

    def at(self, pos: int) -> tuple[float | None, float]:
        """(cosine or ``None`` without an embedding, semantic value) of a candidate."""
        i = int(np.searchsorted(self.positions, pos))
        cos = float(self.cosine[i])
        return (None if cos != cos else cos), float(self.value[i])  # NaN: none


def fuse(
    segments: Sequence[MemoryIndex],
    masks: Sequence[NDArray[np.bool_]],
    lexical: Sequence[tuple[NDArray[np.int64], NDArray[np.float64]]],
    sem: SemanticQuery,
    k: int,
    now: int,
    filtered: dict[str, int],
    profile: Profile,
) -> tuple[list[Part], list[Semantic]]:
    """Each segment's hybrid candidates, exact scores and semantic part (see the module doc).

    ``masks``: each segment's positions passing the filters; ``lexical``: each segment's
    lexical candidates and their lexical values (a value of 0: no term matched, not a
    candidate). Returns a part per segment (segment number, positions sorted, scores,
    lexical values) and the semantic parts; ``filtered["no_match"]`` loses the candidates
    found by meaning alone (and counts the lexical ones without a match)."""
    matrix, vector = sem.matrix, sem.vector
    usable = len(matrix) > 0 and matrix.dim == len(vector)  # another length: another model
    maps = [sem.mapped(seg) for seg in segments] if usable else []
    near = np.zeros(0, dtype=np.int64)
    if usable and k > 0 and any(m.any() for m in masks):
        allowed = np.zeros(len(matrix), dtype=bool)
        for m, mask in zip(maps, masks, strict=True):
            has = m.position >= 0
            allowed[has] |= mask[m.position[has]]
        near = matrix.nearest(vector, k, allowed)[0]
    found: list[tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]] = []
    for si, (mask, (lex_pos, lex_val)) in enumerate(zip(masks, lexical, strict=True)):
        matched = lex_val > 0
        pos = lex_pos[matched]
        if len(near):
            by_meaning = maps[si].position[near]
            by_meaning = by_meaning[by_meaning >= 0]
            by_meaning = np.sort(by_meaning[mask[by_meaning]])
            if len(pos):  # merged in order (np.union1d hashes, far slower on sorted positions)
                at = np.searchsorted(pos, by_meaning)
                new = pos[np.minimum(at, len(pos) - 1)] != by_meaning
                pos = np.insert(pos, at[new], by_meaning[new])
            else:
                pos = by_meaning
        lex = np.zeros(len(pos), dtype=np.float64)
        lex[np.searchsorted(pos, lex_pos[matched])] = lex_val[matched]
        filtered["no_match"] += len(lex_pos) - len(pos)
        cosine = np.full(len(pos), np.nan, dtype=np.float64)
        if usable:
            rows = maps[si].row[pos]
            has = rows >= 0
            cosine[has] = matrix.similarity(vector, rows[has])
        found.append((pos, lex, cosine))
    every = np.concatenate([c for _, _, c in found] or [np.zeros(0)])
    every = every[~np.isnan(every)]
    low, high = (float(every.min()), float(every.max())) if len(every) else (0.0, 0.0)
    parts: list[Part] = []
    semantic: list[Semantic] = []
    for si, (pos, lex, cosine) in enumerate(found):
        known = ~np.isnan(cosine)
        sem_value = np.zeros(len(pos), dtype=np.float64)
        if high > low:
            sem_value[known] = np.clip((cosine[known] - low) / (high - low), 0.0, 1.0)
        else:
            sem_value[known] = 1.0
        seg = segments[si]
        scores = score(profile, seg.conf[pos], seg._recency(pos, now), lex, sem_value)
        parts.append((si, pos, scores, lex))
        semantic.append(Semantic(pos, cosine, sem_value))
    return parts, semantic


SERVER_DEFAULT = True
"""A team store with pgvector finds the nearest memories on the server by default (measured:
``python -m tests.bench pgvector``)."""


class SemanticSource:
    """The embedder, the last query vectors and the cached matrix of one database.

    ``embedder`` is an :class:`Embedder` or a function making one (called on first use);
    ``version()`` is a number that changes when the database changes (the store's
    ``data_version``): the matrix is read again when it moved. Thread-safe."""

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
        self._matrix: Vectors | None = None
        # where the nearest memories are found on a team store with pgvector (None: where
        # :data:`SERVER_DEFAULT` says); the client's matrix everywhere else
        self.on_server: bool | None = None
        self._server_ok: bool | None = None  # pgvector's column is here (asked once)
        self._matrix_version: int | None = None
        self._revision: tuple[int, ...] | None = None
        self._maps: dict[int, Mapped] = {}
        self._refresh = threading.Lock()
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

    def matrix(self) -> Vectors:
        """The cached vectors of the embedder's model, read again when the database changed
        in a way that changes them (:func:`~hmdesk.core.memory.semantic.cache.revision`): on
        a team store with pgvector only their seqs, the server finds the nearest
        (:mod:`~hmdesk.core.memory.semantic.server_vectors`)."""
        from hmdesk.core.memory.semantic import server_vectors
        from hmdesk.core.memory.semantic.cache import EmbeddingMatrix, load, revision

        model = self.embedder.model_id
        version = self._version() if self._version is not None else None
        with self._refresh:  # one read at a time; searches meanwhile wait for it
            server = self.on_server if self.on_server is not None else SERVER_DEFAULT
            if server and self._server_ok is None:
                self._server_ok = server_vectors.available(self.db)
            server = server and bool(self._server_ok)
            with self._lock:
                current = self._matrix
                if current is not None and (
                    current.model != model
                    or isinstance(current, server_vectors.ServerVectors) != server
                ):
                    current = None
                if current is not None and version is not None and version == self._matrix_version:
                    return current
            now = revision(self.db, model)  # before the read: a change during it is seen next
            loaded: Vectors
            if current is not None and now == self._revision:
                loaded = current
            elif server:
                loaded = server_vectors.load_seqs(self.db, model)
            else:  # the rows that changed read, the others kept
                previous = current if isinstance(current, EmbeddingMatrix) else None
                loaded = load(self.db, model, previous)
            with self._lock:
                if loaded is not current:
                    self._maps = {}
                self._matrix, self._matrix_version, self._revision = loaded, version, now
            return loaded

    def invalidate(self) -> None:
        """Read the matrix again at the next search (after a fill in this process)."""
        with self._lock:
            self._matrix_version = self._revision = None

    def prepare(self, text: str) -> SemanticQuery:
        """What a hybrid search of ``text`` needs (the query embedded unless cached)."""
        vector = self.query_vector(text)
        matrix = self.matrix()
        with self._lock:
            if len(self._maps) > 64:  # segments come and go with refreshes
                self._maps = {}
            return SemanticQuery(vector, matrix, self._maps)

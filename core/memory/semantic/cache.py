"""The embedding cache: one vector per memory and model, in the ``memory_embeddings`` table.

A vector is kept with the hash of the text it was computed from (:func:`content_hash` of
:func:`passage_text`). A memory needs a (new) vector for a model when it has none, or when its
text no longer has that hash (edited: a trigger of revision 0005 also drops the row when the
content changes). :func:`save` checks each hash again inside its write transaction, so a memory
edited while its vector was being computed is not given the old text's vector. Deleted memories
(``deleted_at``) get no vectors and are left out of :func:`load`; superseded ones are kept (a
search can ask for them). Vectors of different models never mix: each call names its model.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import sqlalchemy as sa
from hmdesk.core.db import Database
from sqlalchemy.orm import Session

_LIVE = "deleted_at IS NULL"


def passage_text(content: str) -> str:
    """The text of a memory that is embedded (its content)."""
    return content


def content_hash(text: str) -> str:
    """The hash a cached vector is kept with: sha256 of the UTF-8 text, 32 hex digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Pending:
    """A memory that needs a vector: its seq and id, the text to embed and that text's hash."""

    seq: int
    id: str
    text: str
    content_hash: str


class _Buffer:
    """The rows of one or more matrices, each read from the one before: rows are only ever
    added after the last used one, so a row a matrix shows never changes (``lock``: one adder
    at a time)."""

    def __init__(self, rows: npt.NDArray[np.float32], used: int) -> None:
        self.rows, self.used, self.lock = rows, used, threading.Lock()


@dataclass(frozen=True)
class EmbeddingMatrix:
    """Every cached vector of one model: row i of ``vectors`` is the memory ``seqs[i]`` (-1: a
    row no longer in use, its vector dropped or replaced since the buffer was read; the live
    rows in seq order but for those added since). ``vectors`` is ``(n, dim)`` float32, rows of
    unit length, read-only, a view of one buffer (1,536 bytes a memory at 384 dimensions);
    ``event``: the last memory event when it was read (:func:`load` with it as ``previous``
    reads only what changed since)."""

    model: str
    seqs: npt.NDArray[np.int64]
    vectors: npt.NDArray[np.float32]
    event: int = 0
    _buffer: _Buffer | None = field(default=None, repr=False, compare=False)
    _product: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = field(
        repr=False, compare=False, default_factory=list
    )

    @property
    def dim(self) -> int:
        return int(self.vectors.shape[1])

    @property
    def live(self) -> int:
        """How many memories have a row (the rows not in use left out)."""
        return int(np.count_nonzero(self.seqs >= 0))

    def __len__(self) -> int:
        return len(self.seqs)

    def nearest(
        self, vector: npt.NDArray[np.float32], k: int, mask: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """The ``k`` rows among ``mask`` (a bool per row) most similar to the unit ``vector``
        and their cosines, most similar first (equal cosines: the lower seq first); fewer
        when fewer rows are in ``mask``. Exact: one matrix product. An approximate index (an
        ANN library) could answer here instead; the ranking only reads what this returns."""
        cos = self._cosines(vector)
        allowed = np.flatnonzero(mask)
        if k <= 0 or not len(allowed):
            return allowed[:0], cos[:0]
        if len(allowed) > k:
            part = cos[allowed]
            allowed = allowed[np.argpartition(-part, k - 1)[:k]]
            # ties at the k-th cosine: the lower seqs, as a full sort would keep
            kth = cos[allowed].min()
            allowed = np.flatnonzero(mask & (cos >= kth))
        order = np.lexsort((self.seqs[allowed], -cos[allowed]))[:k]
        rows = allowed[order]
        return rows, cos[rows]

    def similarity(
        self, vector: npt.NDArray[np.float32], rows: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """The cosines of the unit ``vector`` with these rows."""
        return self._cosines(vector)[rows]

    def _cosines(self, vector: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Every row's cosine with ``vector``: one matrix product, kept for the last vector
        (:meth:`nearest` and :meth:`similarity` of one query read the same product)."""
        kept = self._product[-1] if self._product else None
        if kept is not None and kept[0] is vector:
            return kept[1]
        # einsum, not ``@``: BLAS's threads wait on each other on a busy machine
        # (docs/decisions/0008-hybrid-one-product.md)
        made = np.einsum("ij,j->i", self.vectors, vector)
        self._product[:] = [(vector, made)]
        return made


@dataclass(frozen=True)
class Status:
    """How far the cache of one model is: ``embedded`` of ``total`` live memories have a current
    vector; ``stale`` have one of an older text; ``missing`` have none."""

    model: str
    total: int
    embedded: int
    stale: int
    missing: int

    @property
    def pending(self) -> int:
        return self.stale + self.missing


def _usable(dialect: str) -> str:
    """SQL true for a cached row (alias ``e``) that can be used: a positive dimension, a vector
    of exactly that many float32s, not all zero. Such a row, written by an earlier hmdesk or by
    hand, is left out of the matrix and recomputed by the next ``embed``."""
    zeros = (
        "zeroblob(length(e.vector))"
        if dialect == "sqlite"
        else "decode(repeat('00', length(e.vector)), 'hex')"
    )
    return f"(e.dim > 0 AND length(e.vector) = 4 * e.dim AND e.vector <> {zeros})"


def _scan(db: Database, model: str) -> tuple[list[Pending], int, int]:
    """(memories needing a vector, how many had a stale or unusable one, live total)."""
    sql = sa.text(
        f"SELECT m.seq, m.id, m.content, e.content_hash, {_usable(db.dialect)} FROM memories m "
        "LEFT JOIN memory_embeddings e ON e.memory_seq = m.seq AND e.model = :model "
        f"WHERE m.{_LIVE} ORDER BY m.seq"
    )
    out: list[Pending] = []
    stale = total = 0
    with db.read() as s:
        for seq, mid, content, cached, usable in s.execute(sql, {"model": model}):
            total += 1
            text = passage_text(content)
            digest = content_hash(text)
            if cached == digest and usable:
                continue
            stale += cached is not None
            out.append(Pending(int(seq), str(mid), text, digest))
    return out, stale, total


def pending(db: Database, model: str) -> list[Pending]:
    """The live memories without a current vector for ``model`` (none yet, or their text
    changed), in seq order."""
    return _scan(db, model)[0]


def status(db: Database, model: str) -> Status:
    todo, stale, total = _scan(db, model)
    return Status(model, total, total - len(todo), stale, len(todo) - stale)


def save(db: Database, model: str, items: Sequence[Pending], vectors: npt.ArrayLike) -> int:
    """Store ``vectors[i]`` as ``items[i]``'s vector for ``model``, in one transaction; returns
    how many were stored. A memory whose text changed (or that was deleted) since ``items``
    were read is skipped: its vector would be of another text."""
    matrix = np.asarray(vectors, dtype="<f4")
    if matrix.ndim != 2 or matrix.shape[0] != len(items):
        raise ValueError(f"{len(items)} items but vectors of shape {matrix.shape}")
    if not items:
        return 0
    dim = int(matrix.shape[1])
    wanted = {item.seq: item for item in items}
    with db.write() as s:
        current: dict[int, str] = {}
        seqs = list(wanted)
        for start in range(0, len(seqs), 500):
            chunk = seqs[start : start + 500]
            marks = ",".join(str(int(q)) for q in chunk)
            rows = s.execute(
                sa.text(f"SELECT seq, content FROM memories WHERE {_LIVE} AND seq IN ({marks})")
            )
            current.update({int(q): content_hash(passage_text(c)) for q, c in rows})
        kept = [i for i, item in enumerate(items) if current.get(item.seq) == item.content_hash]
        params = [
            {
                "seq": item.seq,
                "model": model,
                "hash": item.content_hash,
                "dim": dim,
                "vector": matrix[i].tobytes(),
            }
            for i in kept
            for item in (items[i],)
        ]
        # revision 0013 with pgvector: the server's copy too, in the same row (NULL for a
        # vector the server must not rank: all zero)
        schema = None
        if db.dialect == "postgresql":
            from hmdesk.core.memory.semantic import server_vectors as sv

            schema = sv.vector_schema(s)
            if schema is not None:
                for i, p in zip(kept, params, strict=True):
                    p["v"] = sv.vector_text(matrix[i]) if sv.usable(matrix[i]) else None
        extra = (
            ("", "", "")
            if schema is None
            else (
                ", embedding",
                f", CAST(:v AS {schema}.vector)",
                ", embedding = excluded.embedding",
            )
        )
        if params:
            s.execute(
                sa.text(
                    "INSERT INTO memory_embeddings "
                    f"(memory_seq, model, content_hash, dim, vector{extra[0]}) "
                    f"VALUES (:seq, :model, :hash, :dim, :vector{extra[1]}) "
                    # an upsert both SQLite and PostgreSQL (the team store) understand
                    "ON CONFLICT (model, memory_seq) DO UPDATE SET "
                    "content_hash = excluded.content_hash, dim = excluded.dim, "
                    f"vector = excluded.vector{extra[2]}"
                ),
                params,
            )
    return len(params)


def load(db: Database, model: str, previous: EmbeddingMatrix | None = None) -> EmbeddingMatrix:
    """Every live memory's vector for ``model`` as one matrix (see :class:`EmbeddingMatrix`).
    Vectors of another length than the first (a model id reused for another model) are left
    out.

    With ``previous`` (an earlier matrix of the same model) only the vectors it lacks are read,
    added after its rows in its buffer, and its rows of memories deleted or changed since are
    no longer used: the same seqs and vectors as a read of every vector, without reading or
    copying 1.5 KB a memory after an edit (docs/decisions/0009-hybrid-matrix-revision.md). It
    lacks the vectors of memories it has no row for and of those changed since it was read
    (:attr:`EmbeddingMatrix.event`): a vector is only ever replaced after its memory's text
    changed, which drops it (the trigger of revision 0005) and writes an event. When the rows
    not in use would pass a quarter of the live ones, or the buffer is full, every vector is
    read again."""
    buffer = previous._buffer if previous is not None else None
    if previous is None or buffer is None or previous.model != model or not previous.live:
        return _load_all(db, model)
    with db.read() as s, buffer.lock:
        event = _last_event(s)
        # the seqs with a vector, ascending (the key's own index: no vector is read), less
        # those of deleted memories; the memories changed since ``previous`` was read
        listed = _seqs(s, _listing(db.dialect), {"model": model})
        live = listed[~np.isin(listed, _seqs(s, _DELETED, {}))]
        changed = _seqs(s, _CHANGED, {"after": previous.event})
        kept = np.isin(previous.seqs, live) & ~np.isin(previous.seqs, changed)
        # the rows another matrix of this buffer added meanwhile are not in use here
        seqs = np.full(buffer.used, -1, dtype=np.int64)
        seqs[: len(previous)][kept] = previous.seqs[kept]
        todo = live[~np.isin(live, seqs)]
        unused = len(seqs) + len(todo) - len(live)
        if 4 * unused > len(live) or buffer.used + len(todo) > len(buffer.rows):
            return _load_all(db, model)
        rows = np.arange(buffer.used, buffer.used + len(todo))
        if not _read_rows(s, model, todo, buffer.rows, rows):
            # a vector of another length (or gone between the reads): the whole way
            return _load_all(db, model)
        buffer.used += len(todo)
    seqs = np.concatenate((seqs, todo))
    vectors = buffer.rows[: len(seqs)]  # a view: the rows it shows never change
    vectors.flags.writeable = False
    return EmbeddingMatrix(model, seqs, vectors, event, buffer)


def _listing(dialect: str) -> sa.TextClause:
    return sa.text(
        f"SELECT e.memory_seq FROM memory_embeddings e WHERE e.model = :model "
        f"AND {_usable(dialect)} ORDER BY e.memory_seq"
    )


_DELETED = sa.text("SELECT seq FROM memories WHERE deleted_at IS NOT NULL")
_CHANGED = sa.text(
    "SELECT DISTINCT m.seq FROM memory_events ev JOIN memories m ON m.id = ev.memory_id "
    "WHERE ev.id > :after"
)


def _seqs(s: Session, sql: sa.TextClause, params: dict[str, object]) -> npt.NDArray[np.int64]:
    return np.array(s.execute(sql, params).scalars().all(), dtype=np.int64)


def _last_event(s: Session) -> int:
    return int(s.execute(sa.text("SELECT max(id) FROM memory_events")).scalar() or 0)


def _read_rows(
    s: Session,
    model: str,
    seqs: npt.NDArray[np.int64],
    out: npt.NDArray[np.float32],
    rows: npt.NDArray[np.int64],
) -> bool:
    """Read the vectors of ``seqs`` into ``out[rows]``; False when one is gone or of another
    length."""
    want = {seq: i for i, seq in enumerate(seqs.tolist())}
    size = out.itemsize * out.shape[1]
    found = 0
    for start in range(0, len(want), 500):
        marks = ",".join(str(q) for q in seqs[start : start + 500].tolist())
        result = s.execute(
            sa.text(
                "SELECT memory_seq, vector FROM memory_embeddings "
                f"WHERE model = :model AND memory_seq IN ({marks})"
            ),
            {"model": model},
        )
        for seq, vector in result:
            if len(vector) != size:
                return False
            out[rows[want[seq]]] = np.frombuffer(vector, dtype="<f4")
            found += 1
    return found == len(want)


def _load_all(db: Database, model: str) -> EmbeddingMatrix:
    """:func:`load` reading every vector, in one statement."""
    sql = sa.text(
        "SELECT e.memory_seq, e.dim, e.vector FROM memory_embeddings e "
        "JOIN memories m ON m.seq = e.memory_seq "
        f"WHERE e.model = :model AND m.{_LIVE} AND {_usable(db.dialect)} ORDER BY e.memory_seq"
    )
    with db.read() as s:
        event = _last_event(s)
        rows = s.execute(sql, {"model": model}).all()
    dim = int(rows[0][1]) if rows else 0
    keep = [r for r in rows if r[1] == dim and len(r[2]) == 4 * dim]
    seqs = np.fromiter((r[0] for r in keep), dtype=np.int64, count=len(keep))
    # numpy's own buffer, filled in blocks (no second copy of the whole matrix), with room
    # for the vectors of later fills and edits (:func:`load` with ``previous``)
    room = np.empty((len(keep) + max(1024, len(keep) // 32), dim), dtype="<f4")
    step = 4096
    for start in range(0, len(keep), step):
        part = keep[start : start + step]
        block = b"".join(r[2] for r in part)
        room[start : start + len(part)] = np.frombuffer(block, dtype="<f4").reshape(-1, dim)
    vectors = room[: len(keep)]
    vectors.flags.writeable = False
    return EmbeddingMatrix(model, seqs, vectors, event, _Buffer(room, len(keep)))


def revision(db: Database, model: str) -> tuple[int, ...]:
    """What :func:`load` would read for ``model``, in four numbers that change when it does:
    the last memory event (an edit or a delete is one) and the count, largest and sum of the
    seqs with a vector (a fill adds rows; an edit's trigger drops one). A few milliseconds at
    100,000 memories where :func:`load` takes a second: a write that touched no vector (the
    window's access log after each query) does not make the matrix read again (see
    docs/decisions/0009-hybrid-matrix-revision.md)."""
    with db.read() as s:
        event = s.execute(sa.text("SELECT max(id) FROM memory_events")).scalar()
        count, top, total = s.execute(
            sa.text(
                "SELECT count(*), max(memory_seq), sum(memory_seq) FROM memory_embeddings "
                "WHERE model = :model"
            ),
            {"model": model},
        ).one()
    return (int(event or 0), int(count), int(top or 0), int(total or 0))


def models(db: Database) -> dict[str, int]:
    """Each model with cached vectors and how many it has."""
    with db.read() as s:
        rows = s.execute(
            sa.text("SELECT model, count(*) FROM memory_embeddings GROUP BY model ORDER BY model")
        )
        return {str(m): int(n) for m, n in rows}


def forget(db: Database, model: str) -> int:
    """Drop every cached vector of ``model``; returns how many."""
    with db.write() as s:
        result = s.execute(
            sa.text("DELETE FROM memory_embeddings WHERE model = :model"), {"model": model}
        )
        return int(getattr(result, "rowcount", 0) or 0)

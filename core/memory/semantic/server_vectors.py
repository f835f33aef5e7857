"""The nearest memories found by the PostgreSQL server (``pgvector``), not by the client.

On a team store whose database has the ``vector`` extension, revision 0013 keeps each cached
vector twice in ``memory_embeddings``: ``vector`` (little-endian float32 bytes, as everywhere)
and ``embedding``, the same floats as a pgvector ``vector`` (written by :func:`..cache.save`,
printed with 9 significant digits, which pgvector reads back to the same float32). Without the
extension the column does not exist and the client reads the whole matrix as today
(:class:`~.cache.EmbeddingMatrix`).

:class:`ServerVectors` answers what a hybrid search asks of the vectors (the one seam,
:func:`~hmdesk.core.memory.retrieve.hybrid.fuse`): :meth:`~ServerVectors.nearest` orders the
rows by ``embedding <=> query`` on the server (an exact scan: no approximate index, so the same
memories as the client's product), the filters' mask sent as the seqs it keeps when they are few
and applied to the server's nearest otherwise, and takes a bounded number of candidates,
:data:`CANDIDATE_MARGIN` past ``k``; their cosines are then computed in the process from their
float32 bytes by the same product as the client's, and ranked the same way (the most similar
first, equal cosines by seq). So the ids and scores are the client's: pgvector sums in float32
and could order two near-equal cosines the other way, the margin keeps both among the
candidates. :meth:`~ServerVectors.similarity` reads only the candidates' vectors. Nothing of
size "every memory" but the seqs (8 bytes a memory) comes to the process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import sqlalchemy as sa

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from sqlalchemy.orm import Session

CANDIDATE_MARGIN = 32
"""How many candidates past ``k`` the server returns for the exact ranking in process."""

LISTED = 4096
"""A mask keeping at most this many rows is sent to the server as their seqs; a wider one is
applied in the process to the server's nearest (see :meth:`ServerVectors.nearest`)."""


def vector_text(row: npt.NDArray[np.float32]) -> str:
    """A float32 vector as pgvector's text input: 9 significant digits read back exactly."""
    return "[" + ",".join(f"{x:.9g}" for x in row.astype(np.float64).tolist()) + "]"


EXTENSION_SCHEMA = (
    "SELECT quote_ident(n.nspname) FROM pg_extension e "
    "JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'"
)
"""The schema pgvector is created in (quoted; no row: not created)."""


def vector_schema(s: Session) -> str | None:
    """The schema of pgvector's type when ``memory_embeddings.embedding`` (revision 0013 with
    pgvector) is here, else None. The type, its cast and ``<=>`` are named with it: the
    extension is created once per database, each store's schema uses it."""
    found = s.execute(
        sa.text(
            "SELECT quote_ident(tn.nspname) FROM pg_attribute a "
            "JOIN pg_type t ON t.oid = a.atttypid JOIN pg_namespace tn ON tn.oid = t.typnamespace "
            "WHERE a.attrelid = to_regclass('memory_embeddings') AND a.attname = 'embedding' "
            "AND NOT a.attisdropped AND t.typname = 'vector'"
        )
    ).scalar()
    return None if found is None else str(found)


def available(db: Database) -> bool:
    """True when the server can find the nearest memories (a team store with pgvector)."""
    if db.dialect != "postgresql":
        return False
    with db.read() as s:
        return vector_schema(s) is not None


def usable(row: npt.NDArray[np.float32]) -> bool:
    """True for a vector the server is given (finite, not all zero; as :func:`..cache._usable`
    keeps rows in the client's matrix): only those have an ``embedding``."""
    return bool(np.isfinite(row).all() and row.any())


def load_seqs(db: Database, model: str) -> ServerVectors:
    """The seqs of the live memories with a usable vector of ``model`` (ascending; of the first
    one's dimension, as the client's matrix keeps), read from the partial index of revision
    0013 without a vector."""
    with db.read() as s:
        first = s.execute(
            sa.text(
                "SELECT dim FROM memory_embeddings WHERE model = :model "
                "AND embedding IS NOT NULL ORDER BY memory_seq LIMIT 1"
            ),
            {"model": model},
        ).scalar()
        dim = int(first or 0)
        seqs = np.array(
            s.execute(
                sa.text(
                    "SELECT memory_seq FROM memory_embeddings WHERE model = :model "
                    "AND dim = :dim AND embedding IS NOT NULL ORDER BY memory_seq"
                ),
                {"model": model, "dim": dim},
            )
            .scalars()
            .all(),
            dtype=np.int64,
        )
        deleted = s.execute(sa.text("SELECT seq FROM memories WHERE deleted_at IS NOT NULL"))
        gone = np.array(deleted.scalars().all(), dtype=np.int64)
        schema = vector_schema(s) or "public"
    return ServerVectors(db, model, seqs[~np.isin(seqs, gone)], dim, schema)


@dataclass(frozen=True)
class ServerVectors:
    """The vectors of one model as the server holds them: ``seqs`` (row i is the memory
    ``seqs[i]``, ascending), ``dim``; the vectors stay on the server."""

    db: Database = field(repr=False)
    model: str
    seqs: npt.NDArray[np.int64]
    dim: int
    schema: str = "public"  # pgvector's (quoted)
    # the last query's cosines read so far: (vector, {seq: cosine})
    _known: list[tuple[npt.NDArray[np.float32], dict[int, float]]] = field(
        repr=False, compare=False, default_factory=list
    )

    @property
    def live(self) -> int:
        return len(self.seqs)

    def __len__(self) -> int:
        return len(self.seqs)

    def nearest(
        self, vector: npt.NDArray[np.float32], k: int, mask: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """As :meth:`~.cache.EmbeddingMatrix.nearest`, the candidates found by the server.

        ``want`` = ``k`` + :data:`CANDIDATE_MARGIN` candidates passing ``mask``. A mask of at
        most :data:`LISTED` rows is sent as their seqs; a wider one is applied here to the
        server's nearest seqs, as many as the share it keeps makes ``want`` likely to pass
        (twice that), more asked while fewer passed. Then the candidates' vectors are read
        and their exact cosines ranked as the client ranks them."""
        allowed = np.flatnonzero(mask)
        if k <= 0 or not len(allowed):
            return allowed[:0], np.zeros(0, dtype=np.float32)
        want = min(len(allowed), k + CANDIDATE_MARGIN)
        order = (
            f"ORDER BY e.embedding OPERATOR({self.schema}.<=>) CAST(:q AS {self.schema}.vector), "
            "e.memory_seq LIMIT :n"
        )
        where = "e.model = :model AND e.dim = :dim AND e.embedding IS NOT NULL"
        params: dict[str, object] = {"model": self.model, "dim": self.dim, "q": vector_text(vector)}
        with self.db.read() as s:
            if len(allowed) <= LISTED and len(allowed) < len(self):
                params.update(n=want, seqs=self.seqs[allowed].tolist())
                sql = f"SELECT e.memory_seq FROM memory_embeddings e WHERE {where} "
                sql += f"AND e.memory_seq = ANY(:seqs) {order}"
                picked = [int(q) for q in s.execute(sa.text(sql), params).scalars()]
            else:
                n = min(len(self), -(-2 * want * len(self) // len(allowed)))
                sql = f"SELECT e.memory_seq FROM memory_embeddings e WHERE {where} {order}"
                while True:
                    got = np.array(s.execute(sa.text(sql), {**params, "n": n}).scalars().all())
                    at = np.minimum(np.searchsorted(self.seqs, got), len(self) - 1)
                    ok = self.seqs[at] == got  # written since the seqs were read: not a row
                    ok[ok] = mask[at[ok]]
                    if np.count_nonzero(ok) >= want or len(got) < n:
                        break
                    n *= 4
                picked = got[ok][:want].tolist()
            found = s.execute(
                sa.text(
                    "SELECT memory_seq, vector FROM memory_embeddings "
                    "WHERE model = :model AND memory_seq = ANY(:seqs)"
                ),
                {"model": self.model, "seqs": picked},
            ).all()
        cos = self._cosines(vector, found)
        seqs = np.array([r[0] for r in found], dtype=np.int64)
        at = np.minimum(np.searchsorted(self.seqs, seqs), len(self) - 1)
        ok = self.seqs[at] == seqs
        ok[ok] = mask[at[ok]]
        rows, cos = at[ok], cos[ok]
        ranked = np.lexsort((self.seqs[rows], -cos))[:k]
        return rows[ranked], cos[ranked]

    def similarity(
        self, vector: npt.NDArray[np.float32], rows: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """The cosines of ``vector`` with these rows, their vectors read from the server (NaN:
        a vector gone since, its memory edited or deleted)."""
        known = self._known[-1][1] if self._known and self._known[-1][0] is vector else {}
        wanted = [int(q) for q in self.seqs[rows].tolist() if int(q) not in known]
        for start in range(0, len(wanted), 5000):
            with self.db.read() as s:
                found = s.execute(
                    sa.text(
                        "SELECT memory_seq, vector FROM memory_embeddings "
                        "WHERE model = :model AND dim = :dim AND memory_seq = ANY(:seqs)"
                    ),
                    {"model": self.model, "dim": self.dim, "seqs": wanted[start : start + 5000]},
                ).all()
            self._cosines(vector, found)
        known = self._known[-1][1]
        return np.array(
            [known.get(int(q), np.nan) for q in self.seqs[rows].tolist()], dtype=np.float32
        )

    def _cosines(
        self, vector: npt.NDArray[np.float32], found: Sequence[Any]
    ) -> npt.NDArray[np.float32]:
        """The cosines of ``vector`` with these (seq, bytes) rows by the client's product,
        remembered for :meth:`similarity` of the same query."""
        if not self._known or self._known[-1][0] is not vector:
            self._known[:] = [(vector, {})]
        known = self._known[-1][1]
        if not found:
            return np.zeros(0, dtype=np.float32)
        block = np.frombuffer(b"".join(bytes(r[1]) for r in found), dtype="<f4")
        made: npt.NDArray[np.float32] = np.einsum("ij,j->i", block.reshape(-1, self.dim), vector)
        for r, c in zip(found, made.tolist(), strict=True):
            known[int(r[0])] = c
        return made

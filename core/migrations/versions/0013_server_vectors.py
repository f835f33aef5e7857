"""server vectors: the cached vectors as pgvector ``vector`` values too (PostgreSQL with pgvector)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 21:30:00.000000

On a team store whose server has the ``vector`` extension (pgvector; Debian:
``postgresql-NN-pgvector``) the extension is created in ``public`` when the migrating user may (a
superuser, or a DBA ran ``CREATE EXTENSION vector SCHEMA public`` first; once per database, as
``pg_trgm``) and ``memory_embeddings`` gets a column
``embedding vector``, filled from the stored bytes: the server then finds a hybrid search's
nearest memories (:mod:`hmdesk.core.memory.semantic.server_vectors`). Without the extension
nothing changes and the client ranks the vectors as before. No vector index: an exact scan gives
the same memories as the client (an approximate HNSW index would not); a partial B-tree index
``memory_embeddings_server`` lists the seqs with an ``embedding`` (NULL for an all-zero or
damaged vector, which the client's matrix leaves out too). An SQLite file is not changed.
"""

from __future__ import annotations

import numpy as np
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

INDEX = "memory_embeddings_server"


def _vector_schema(bind: sa.Connection) -> str | None:
    """The schema of pgvector's type (quoted), the extension created in ``public`` when it is
    offered and the migrating user may; None without it (the client ranks)."""
    from hmdesk.core.memory.semantic.server_vectors import EXTENSION_SCHEMA

    found = bind.execute(sa.text(EXTENSION_SCHEMA)).scalar()
    if found is not None:
        return str(found)
    offered = bind.execute(
        sa.text("SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")
    ).scalar()
    if not offered:
        return None
    try:
        with bind.begin_nested():  # refused (not a superuser): the upgrade goes on without it
            bind.execute(sa.text("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public"))
    except sa.exc.DBAPIError:
        return None
    return "public"


def upgrade() -> None:
    bind = op.get_bind()
    schema = _vector_schema(bind) if bind.dialect.name == "postgresql" else None
    if schema is None:
        return
    from hmdesk.core.memory.semantic.server_vectors import usable, vector_text

    op.execute(f"ALTER TABLE memory_embeddings ADD COLUMN embedding {schema}.vector")
    # the seqs a search maps its rows by, read from this index alone (no vector read)
    op.execute(
        f"CREATE INDEX {INDEX} ON memory_embeddings (model, dim, memory_seq) "
        "WHERE embedding IS NOT NULL"
    )
    after = ("", -1)  # in blocks by key: bounded memory at any size
    while True:
        rows = bind.execute(
            sa.text(
                "SELECT model, memory_seq, dim, vector FROM memory_embeddings "
                "WHERE (model, memory_seq) > (:model, :seq) ORDER BY model, memory_seq LIMIT 2000"
            ),
            {"model": after[0], "seq": after[1]},
        ).all()
        if not rows:
            return
        after = (rows[-1][0], rows[-1][1])
        # the rows the client's matrix keeps too: as long as their dimension says, not all zero
        whole = [(m, q, bytes(v)) for m, q, dim, v in rows if dim > 0 and len(v) == 4 * dim]
        vectors = [(m, q, np.frombuffer(v, dtype="<f4")) for m, q, v in whole]
        params = [{"model": m, "seq": q, "v": vector_text(v)} for m, q, v in vectors if usable(v)]
        if params:
            bind.execute(
                sa.text(
                    f"UPDATE memory_embeddings SET embedding = CAST(:v AS {schema}.vector) "
                    "WHERE model = :model AND memory_seq = :seq"
                ),
                params,
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP INDEX IF EXISTS {INDEX}")
        op.execute("ALTER TABLE memory_embeddings DROP COLUMN IF EXISTS embedding")

"""server vectors: the cached vectors as pgvector ``vector`` values too (PostgreSQL with pgvector)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 21:30:00.000000

On a team store whose server has the ``vector`` extension (pgvector; Debian:
``postgresql-NN-pgvector``) the extension is created when the migrating user may (a superuser,
or a DBA ran ``CREATE EXTENSION vector`` first) and ``memory_embeddings`` gets a column
``embedding vector``, filled from the stored bytes: the server then finds a hybrid search's
nearest memories (:mod:`hmdesk.core.memory.semantic.server_vectors`). Without the extension
nothing changes and the client ranks the vectors as before. No index: an exact scan gives the
same memories as the client (an approximate HNSW index would not). An SQLite file is not changed.
"""

from __future__ import annotations

import numpy as np
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def _vector_type(bind: sa.Connection) -> bool:
    """True when the ``vector`` type is usable here, the extension created if it may be."""
    if bind.execute(sa.text("SELECT to_regtype('vector') IS NOT NULL")).scalar():
        return True
    offered = bind.execute(
        sa.text("SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")
    ).scalar()
    if not offered:
        return False
    try:
        with bind.begin_nested():  # not allowed to (not a superuser): the client ranks
            bind.execute(sa.text("CREATE EXTENSION IF NOT EXISTS vector"))
    except sa.exc.DBAPIError:
        return False
    return bool(bind.execute(sa.text("SELECT to_regtype('vector') IS NOT NULL")).scalar())


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql" or not _vector_type(bind):
        return
    from hmdesk.core.memory.semantic.server_vectors import vector_text

    op.execute("ALTER TABLE memory_embeddings ADD COLUMN embedding vector")
    after = ("", -1)  # in blocks by key: bounded memory at any size
    while True:
        rows = bind.execute(
            sa.text(
                "SELECT model, memory_seq, vector FROM memory_embeddings "
                "WHERE (model, memory_seq) > (:model, :seq) ORDER BY model, memory_seq LIMIT 2000"
            ),
            {"model": after[0], "seq": after[1]},
        ).all()
        if not rows:
            return
        after = (rows[-1][0], rows[-1][1])
        params = [
            {"model": m, "seq": q, "v": vector_text(np.frombuffer(bytes(v), dtype="<f4"))}
            for m, q, v in rows
            if len(v) and len(v) % 4 == 0
        ]
        if params:
            bind.execute(
                sa.text(
                    "UPDATE memory_embeddings SET embedding = CAST(:v AS vector) "
                    "WHERE model = :model AND memory_seq = :seq"
                ),
                params,
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE memory_embeddings DROP COLUMN IF EXISTS embedding")

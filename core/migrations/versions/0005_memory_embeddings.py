"""memory_embeddings: cached vectors per memory and embedding model

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 14:00:00.000000

Creates the table, empty: vectors are computed in the background (``hmdesk-cli embed``,
``hmdesk.core.memory.semantic.fill``), never by a migration. A trigger drops a memory's vectors
when its content changes (the cached ``content_hash`` would say so too); deleting a memory row
drops them through the foreign key.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TRIGGER = "memory_embeddings_stale"


def upgrade() -> None:
    op.create_table(
        "memory_embeddings",
        sa.Column("memory_seq", sa.Integer(), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("content_hash", sa.String(), nullable=False),
        sa.Column("dim", sa.Integer(), nullable=False),
        sa.Column("vector", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["memory_seq"], ["memories.seq"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("model", "memory_seq"),
    )
    # the trigger's and the foreign key's lookups by memory (the key starts with the model)
    op.create_index("ix_memory_embeddings_memory_seq", "memory_embeddings", ["memory_seq"])
    if op.get_bind().dialect.name == "postgresql":  # the same trigger in PL/pgSQL
        op.execute(
            f"CREATE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "DELETE FROM memory_embeddings WHERE memory_seq = NEW.seq; RETURN NULL; END $$"
        )
        op.execute(
            f"CREATE TRIGGER {TRIGGER} AFTER UPDATE OF content ON memories FOR EACH ROW "
            f"WHEN (OLD.content IS DISTINCT FROM NEW.content) EXECUTE FUNCTION {TRIGGER}()"
        )
        return
    op.execute(
        f"CREATE TRIGGER {TRIGGER} AFTER UPDATE OF content ON memories "
        "WHEN OLD.content IS NOT NEW.content BEGIN "
        "DELETE FROM memory_embeddings WHERE memory_seq = NEW.seq; END"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP TRIGGER IF EXISTS {TRIGGER} ON memories")
        op.execute(f"DROP FUNCTION IF EXISTS {TRIGGER}()")
    else:
        op.execute(f"DROP TRIGGER IF EXISTS {TRIGGER}")
    op.drop_index("ix_memory_embeddings_memory_seq", table_name="memory_embeddings")
    op.drop_table("memory_embeddings")

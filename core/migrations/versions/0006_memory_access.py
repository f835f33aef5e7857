"""memory_access: the access log (each recall of a memory, with its context)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 16:00:00.000000

One row per memory shown for a settled query in the window (``kind`` ``query``, with the
query's text and the memory's rank), recalled on a failure card (``run``, with the run id) or
marked "This helped" (``feedback``, ``helped`` true). Read by the detail pane and by the
promotion and decay policy (``core/memory/access/``). An append-only log of reads: it is not a
change to a memory, so it is not in ``memory_events`` and never undone. A new table: the search
index's triggers on ``memories`` are not involved.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "memory_access",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("memory_id", sa.String(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("query_text", sa.Text(), nullable=True),
        sa.Column("run_id", sa.Integer(), nullable=True),
        sa.Column("rank", sa.Integer(), nullable=True),
        sa.Column("helped", sa.Boolean(), nullable=True),
        sa.ForeignKeyConstraint(["memory_id"], ["memories.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_memory_access_memory_id", "memory_access", ["memory_id", "at"])
    op.create_index("ix_memory_access_at", "memory_access", ["at"])


def downgrade() -> None:
    op.drop_index("ix_memory_access_at", table_name="memory_access")
    op.drop_index("ix_memory_access_memory_id", table_name="memory_access")
    op.drop_table("memory_access")

"""sync_conflicts: memories a push or pull found changed on both sides

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 17:20:00.000000

``push``/``pull`` never overwrite a memory that the other store holds with different content
(``core/team/sync.py``); they record it here, in the personal store that ran them, for the
Review area and ``hmdesk-cli conflicts`` to show side by side and resolve (take the other
side's version as an edit, or keep this one). One open row per (memory, other store); a
later sync of the same pair replaces it. A new table: the search index's triggers on
``memories`` are not involved.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sync_conflicts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("memory_id", sa.String(), nullable=False),
        sa.Column("other", sa.String(), nullable=False),
        sa.Column("direction", sa.String(), nullable=False),
        sa.Column("fields", sa.Text(), nullable=False),
        sa.Column("mine", sa.Text(), nullable=False),
        sa.Column("theirs", sa.Text(), nullable=False),
        sa.Column("found_at", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["memory_id"], ["memories.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("memory_id", "other", name="uq_sync_conflicts_memory_other"),
    )


def downgrade() -> None:
    op.drop_table("sync_conflicts")

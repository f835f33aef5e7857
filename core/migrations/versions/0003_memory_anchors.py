"""memory_anchors: memories tied to code symbols

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 20:45:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "memory_anchors",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("memory_id", sa.String(), nullable=False),
        sa.Column("project", sa.String(), nullable=False),
        sa.Column("path", sa.String(), nullable=False),
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.Column("stale", sa.Boolean(), nullable=False),
        sa.Column("last_seen", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(["memory_id"], ["memories.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("memory_anchors", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_memory_anchors_memory_id"), ["memory_id"], unique=False
        )
        batch_op.create_index("ix_memory_anchors_project_path", ["project", "path"], unique=False)
        batch_op.create_index(batch_op.f("ix_memory_anchors_symbol"), ["symbol"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("memory_anchors", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_memory_anchors_symbol"))
        batch_op.drop_index("ix_memory_anchors_project_path")
        batch_op.drop_index(batch_op.f("ix_memory_anchors_memory_id"))
    op.drop_table("memory_anchors")

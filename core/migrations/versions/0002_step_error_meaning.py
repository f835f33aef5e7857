"""run_steps.error_meaning: what a step's error code means

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 20:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("run_steps", schema=None) as batch_op:
        batch_op.add_column(sa.Column("error_meaning", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("run_steps", schema=None) as batch_op:
        batch_op.drop_column("error_meaning")

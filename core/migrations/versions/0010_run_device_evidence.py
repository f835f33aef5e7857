"""run_artifacts and run_samples: what a run saw on the device (issue 33)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 12:30:00.000000

``run_artifacts``: files a run kept from the device — the screenshot taken after a successful
launch, layout dumps — by path on this computer, with what the device said of them.
``run_samples``: the app's memory (PSS, kB) and CPU (%) sampled while it ran, with the marks
the chart shows (the process exited, restarted, did not answer, crashed). New tables only.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "run_artifacts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("path", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_run_artifacts_run_id", "run_artifacts", ["run_id"])
    op.create_table(
        "run_samples",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=True),
        sa.Column("pss_kb", sa.Integer(), nullable=True),
        sa.Column("cpu_percent", sa.Float(), nullable=True),
        sa.Column("mark", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_run_samples_run_id", "run_samples", ["run_id"])


def downgrade() -> None:
    op.drop_index("ix_run_samples_run_id", table_name="run_samples")
    op.drop_table("run_samples")
    op.drop_index("ix_run_artifacts_run_id", table_name="run_artifacts")
    op.drop_table("run_artifacts")

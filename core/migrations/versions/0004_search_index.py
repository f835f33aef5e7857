"""search index: search_meta, search_dirty and search_snapshot, kept by triggers

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 10:45:00.000000

Creates the tables and the triggers and marks every memory pending. The snapshot itself is built
by the first writer that opens the database (``search_index.ensure_current``, with progress in
the window), not here: a migration has no way to show progress.
"""

from __future__ import annotations

from alembic import op
from hmdesk.core.memory.search_index.schema import DROP_V1, SCHEMA_V1

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for stmt in SCHEMA_V1:
        op.execute(stmt)
    op.execute("INSERT OR IGNORE INTO search_dirty (seq) SELECT seq FROM memories")


def downgrade() -> None:
    for stmt in DROP_V1:
        op.execute(stmt)

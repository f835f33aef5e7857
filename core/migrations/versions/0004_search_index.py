"""search index: search_meta, search_dirty and search_snapshot, kept by triggers

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 10:45:00.000000

Creates the tables and the triggers and marks every memory pending. The snapshot itself is built
by the first writer that opens the database (``search_index.ensure_current``, with progress in
the window), not here: a migration has no way to show progress.

On PostgreSQL there is no stored snapshot (a client builds its index in process from the rows,
and the one-shot path that reads the snapshot with plain ``sqlite3`` has no PostgreSQL
counterpart): this revision creates the change notification instead (a ``NOTIFY`` trigger on
``memory_events``, :mod:`hmdesk.core.team.notify_sql`), which is what a running client needs to
learn about other clients' writes.
"""

from __future__ import annotations

from alembic import op
from hmdesk.core.memory.search_index.schema import DROP_V1, SCHEMA_V1

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        from hmdesk.core.team.notify_sql import CREATE

        for stmt in CREATE:
            op.execute(stmt)
        return
    for stmt in SCHEMA_V1:
        op.execute(stmt)
    op.execute("INSERT OR IGNORE INTO search_dirty (seq) SELECT seq FROM memories")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        from hmdesk.core.team.notify_sql import DROP

        for stmt in DROP:
            op.execute(stmt)
        return
    for stmt in DROP_V1:
        op.execute(stmt)

"""memories.recall_count: the count of the access log's recall rows

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 12:30:00.000000

Until now ``recall_count`` counted "This helped" (a ``recall`` event each), while the access
log (revision 0006) counted the memory's ``query`` and ``run`` rows: the window's Recalls
column, the detail pane's access log and ``hmdesk-cli show --json`` said different numbers. A
recall is now a ``query`` or ``run`` row of ``memory_access`` and nothing else; the access log
keeps ``recall_count`` and ``last_recalled_at`` equal to them from now on, and this revision
counts the rows written before (``last_recalled_at`` is kept where a memory has none: the
policy reads it as a sign of life). "This helped" stays in the log as ``feedback`` rows, and the
old ``recall`` events stay in the history. ``recall_count`` is not a column the search index's
triggers watch: the index is not marked.
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "UPDATE memories SET "
        "recall_count = (SELECT count(*) FROM memory_access a WHERE a.memory_id = memories.id "
        "AND a.kind IN ('query', 'run')), "
        "last_recalled_at = coalesce((SELECT max(a.at) FROM memory_access a "
        "WHERE a.memory_id = memories.id AND a.kind IN ('query', 'run')), last_recalled_at)"
    )


def downgrade() -> None:
    """The counts of "This helped" are not brought back (the ``recall`` events still hold
    them); the access log's counts stay."""

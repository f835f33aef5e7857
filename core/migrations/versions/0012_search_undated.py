"""server search: an index of the memories with an unparseable timestamp (PostgreSQL)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05 19:00:00.000000

A search of a team store without terms (a query of negated words only, a filter alone) says how
many of its candidates have an unparseable timestamp: a partial index on ``search_docs`` finds
those few instead of a scan of every row (:mod:`hmdesk.core.memory.search_index.
postgres_search`). An SQLite file is not changed.
"""

from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    from hmdesk.core.memory.search_index.postgres_index import UNDATED_INDEX

    op.execute(UNDATED_INDEX)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS search_docs_undated")

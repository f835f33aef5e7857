"""server search order: the indexes a search without terms walks (PostgreSQL)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05 19:00:00.000000

A search of a team store without terms (negated words only, a filter alone: every memory that
passes the filters is a candidate) reads its top rows along an index of
``confidence·w_c + timestamp·w_r/90 days`` (the order of their scores while the recency is above
0) and stops once no other memory can score higher; an index on the confidence bounds the rest;
the first index also counts the unparseable timestamps (:mod:`hmdesk.core.memory.search_index.
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
    from hmdesk.core.memory.search_index.postgres_index import order_indexes

    for stmt in order_indexes():
        op.execute(stmt)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS search_docs_static")
        op.execute("DROP INDEX IF EXISTS search_docs_conf")

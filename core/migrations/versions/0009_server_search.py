"""server search: search_docs, search_pending and search_counts on a PostgreSQL store

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05 12:45:00.000000

A PostgreSQL store answers searches on the server (:mod:`hmdesk.core.memory.search_index.
postgres_index`): the tables, the triggers that keep them in the writing transaction, and, when
the ``pg_trgm`` extension is there (or may be created by this user), the trigram index on the
haystacks. Every existing memory is moved into ``search_docs`` here, in batches (the haystacks
are lowered by Python, as the in-process index lowers them). An SQLite file keeps its stored
snapshot (revision 0004): nothing changes there.
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    from hmdesk.core.memory.search_index.postgres_index import create, fill

    conn = bind.connection.dbapi_connection
    assert conn is not None  # a migration runs on an open connection
    create(conn.execute)
    fill(conn)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    from hmdesk.core.memory.search_index.postgres_index import DROP

    for stmt in DROP:
        op.execute(stmt)

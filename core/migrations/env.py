"""Alembic environment. hmdesk runs migrations itself on open (core/db.py), passing the
connection in ``config.attributes["connection"]``; ``render_as_batch`` keeps ALTERs SQLite-safe.

The same revisions run on SQLite and on PostgreSQL (the team store). A revision writes portable
operations (``op.create_table``, ``op.add_column`` in a batch, SQLAlchemy types); raw SQL that only
one dialect understands (triggers, ``INSERT OR …``, PRAGMAs) is branched on
``op.get_bind().dialect.name`` with an equivalent for the other (see 0004, 0005)."""

from __future__ import annotations

from alembic import context
from hmdesk.core.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only for `alembic revision --autogenerate`
    from hmdesk.core.db import make_engine

    url = config.get_main_option("sqlalchemy.url") or "sqlite:///autogen.db"
    connection = make_engine(url.removeprefix("sqlite:///")).connect()

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()

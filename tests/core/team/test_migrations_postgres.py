"""The Alembic chain on PostgreSQL: a new store is created at head with the notification and
embedding triggers, every revision downgrades and upgrades again, and a store of a newer
hmdesk or of another application is refused untouched."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from hmdesk.core.db import Database, DatabaseError, alembic_config
from hmdesk.core.dbfile import SCHEMA_HEAD

from tests.fixtures.postgres import pg_url  # noqa: F401 - the fixture


def _triggers(db: Database) -> set[str]:
    with db.read() as s:
        rows = s.execute(sa.text("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")).scalars()
        return set(rows)


def test_down_to_base_and_up_again(pg_url: str) -> None:  # noqa: F811
    from alembic import command

    db = Database(pg_url)
    try:
        assert {"hmdesk_events_notify", "memory_embeddings_stale"} <= _triggers(db)
        with db.engine.connect() as conn:
            conn.begin()
            command.downgrade(alembic_config(conn), "base")
            conn.commit()
            assert set(sa.inspect(conn).get_table_names()) <= {"alembic_version"}
            conn.rollback()
            conn.begin()
            command.upgrade(alembic_config(conn), "head")
            conn.commit()
        assert {"hmdesk_events_notify", "memory_embeddings_stale"} <= _triggers(db)
        with db.read() as s:
            assert (
                s.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
                == SCHEMA_HEAD
            )
    finally:
        db.close()


def test_a_newer_or_foreign_store_is_refused(pg_url: str) -> None:  # noqa: F811
    db = Database(pg_url)
    with db.write() as s:
        s.execute(sa.text("UPDATE alembic_version SET version_num = 'ffff'"))
    db.close()
    with pytest.raises(DatabaseError, match="newer version of hmdesk"):
        Database(pg_url)
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE alembic_version"))
    engine.dispose()
    with pytest.raises(DatabaseError, match="not an hmdesk one"):
        Database(pg_url)

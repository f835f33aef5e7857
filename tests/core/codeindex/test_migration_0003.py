"""Revision 0003 (memory_anchors): a 0002 database upgrades on open keeping its rows; the
downgrade drops the table again."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from hmdesk.core.db import Database, make_engine, migrate_to
from hmdesk.core.memory.store import MemoryStore


def _state(path: Path) -> tuple[str, list[str]]:
    engine = make_engine(path)
    try:
        with engine.connect() as conn:
            version = str(conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar())
        return version, sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()


def test_a_0002_database_upgrades_and_keeps_its_memories(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0002")
    version, tables = _state(path)
    assert version == "0002" and "memory_anchors" not in tables
    engine = make_engine(path)
    with engine.connect() as conn:
        conn.begin()
        conn.exec_driver_sql(
            "INSERT INTO memories (id, layer, content, payload, source, provenance, confidence, "
            "timestamp, environment, session, superseded_by, tags, created_at, updated_at, "
            "recall_count, last_recalled_at, superseded_at, supersede_reason, deleted_at, extra, "
            "hmh_raw, origin) VALUES ('mem-old', 'semantic', 'kept across 0003', NULL, 'hmdesk', "
            "'manual', 0.8, '2026-11-29T19:00:00.000Z', 'harmonyos', 'hmdesk', NULL, '[\"a\"]', "
            "'2026-11-29T19:00:00.000Z', '2026-11-29T19:00:00.000Z', 2, NULL, NULL, NULL, NULL, "
            "'{}', NULL, 'hmdesk')"
        )
        conn.exec_driver_sql(
            "INSERT INTO memory_events (memory_id, at, actor, kind, field, old, new, reason, "
            "group_id, reverts_event_id) VALUES ('mem-old', '2026-11-29T19:00:00.000Z', 'user', "
            "'add', NULL, NULL, NULL, NULL, 'g1', NULL)"
        )
        conn.commit()
    engine.dispose()

    db = Database(path)  # opening applies 0003 (and what came after)
    try:
        version, tables = _state(path)
        assert version >= "0003" and "memory_anchors" in tables  # and any later revision
        store = MemoryStore(db)
        m = store.get("mem-old")
        # (0009 counts the recall rows of the access log: none were written before it)
        assert (m.content, m.tags, m.recall_count) == ("kept across 0003", ("a",), 0)
        assert [e.kind for e in store.history("mem-old")] == ["add"]
        store.close()
    finally:
        db.close()


def test_downgrade_drops_the_table(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Database(path).close()
    assert "memory_anchors" in _state(path)[1]
    migrate_to(path, "0002", down=True)
    assert _state(path)[0] == "0002" and "memory_anchors" not in _state(path)[1]
    Database(path).close()
    assert "memory_anchors" in _state(path)[1]

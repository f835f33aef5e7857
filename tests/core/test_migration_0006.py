"""Revision 0006 (memory_access): a 0005 database upgrades on open with its memories kept and an
empty access log; the downgrade drops the table again."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from hmdesk.core.db import Database, make_engine, migrate_to
from hmdesk.core.memory.access import AccessLog
from hmdesk.core.memory.store import MemoryStore


def _tables(path: Path) -> set[str]:
    engine = make_engine(path)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_a_0005_database_upgrades_and_keeps_its_memories(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0005")
    assert "memory_access" not in _tables(path)
    engine = make_engine(path)
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO memories (id, layer, content, source, provenance, confidence, timestamp,"
            " environment, session, tags, created_at, updated_at, recall_count, extra, origin)"
            " VALUES ('mem-old', 'semantic', 'hvigor build fails', 's', 'p', 0.7,"
            " '2026-11-01T00:00:00.000Z', 'harmonyos', 's', '[]', '2026-11-01T00:00:00.000Z',"
            " '2026-11-01T00:00:00.000Z', 0, '{}', 'hmdesk')"
        )
    engine.dispose()
    db = Database(path)
    try:
        assert "memory_access" in _tables(path)
        store = MemoryStore(db)
        assert store.get("mem-old").content == "hvigor build fails"
        log = AccessLog(db)
        assert log.count() == 0
        assert log.record_query("hvigor", ["mem-old", "mem-gone"]) == 1  # unknown ids left out
        assert [a.kind for a in log.for_memory("mem-old")] == ["query"]
        store.close()
    finally:
        db.close()


def test_downgrade_drops_the_table(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Database(path).close()
    assert "memory_access" in _tables(path)
    migrate_to(path, "0005", down=True)
    assert "memory_access" not in _tables(path)
    Database(path).close()
    assert "memory_access" in _tables(path)

"""Revision 0007 (sync_conflicts): a 0006 database upgrades on open with its memories kept and no
open conflict; the downgrade drops the table again."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from hmdesk.core.db import Database, make_engine, migrate_to
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team.conflicts import open_conflicts


def _tables(path: Path) -> set[str]:
    engine = make_engine(path)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_a_0006_database_upgrades_and_the_downgrade_drops_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0006")
    assert "sync_conflicts" not in _tables(path)
    db = Database(path)
    try:
        store = MemoryStore(db)
        mid = store.add("hvigor build fails").id
        assert "sync_conflicts" in _tables(path) and open_conflicts(store) == []
        store.close()
    finally:
        db.close()
    migrate_to(path, "0006", down=True)
    assert "sync_conflicts" not in _tables(path)
    db = Database(path)  # and up again, the memory kept
    try:
        assert MemoryStore(db).get(mid).content == "hvigor build fails"
    finally:
        db.close()

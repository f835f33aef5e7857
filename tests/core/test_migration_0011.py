"""Revision 0011: ``recall_count`` becomes the count of the access log's recall rows (query and
run), as the access log keeps it from then on; "This helped" (feedback rows) is not counted."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.db import Database, make_engine, migrate_to
from hmdesk.core.memory.store import MemoryStore

_MEMORY = (
    "INSERT INTO memories (id, layer, content, source, provenance, confidence, timestamp,"
    " environment, session, tags, created_at, updated_at, recall_count, last_recalled_at, extra,"
    " origin) VALUES ('{id}', 'semantic', 'hvigor build fails', 's', 'p', 0.7,"
    " '2026-11-01T00:00:00.000Z', 'harmonyos', 's', '[]', '2026-11-01T00:00:00.000Z',"
    " '2026-11-01T00:00:00.000Z', {count}, {last}, '{{}}', 'hmdesk')"
)
_ACCESS = "INSERT INTO memory_access (memory_id, at, kind, run_id, helped) VALUES (?, ?, ?, ?, ?)"


def test_a_0010_database_counts_its_recall_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0010")
    engine = make_engine(path)
    with engine.begin() as conn:
        # "This helped" three times (the old count), two recalls in the log, one feedback row
        conn.exec_driver_sql(_MEMORY.format(id="m1", count=3, last="'2026-11-20T00:00:00.000Z'"))
        # helped once before the access log began: no rows, its last recall is kept
        conn.exec_driver_sql(_MEMORY.format(id="m2", count=1, last="'2026-11-02T00:00:00.000Z'"))
        rows = [
            ("m1", "2026-11-10T00:00:00.000Z", "query", None, None),
            ("m1", "2026-11-11T00:00:00.000Z", "run", 4, None),
            ("m1", "2026-11-12T00:00:00.000Z", "feedback", 4, True),
        ]
        conn.exec_driver_sql(_ACCESS, rows[0])
        for row in rows[1:]:
            conn.exec_driver_sql(_ACCESS, row)
    engine.dispose()
    db = Database(path)
    try:
        store = MemoryStore(db)
        m1, m2 = store.get("m1"), store.get("m2")
        assert (m1.recall_count, m1.last_recalled_at) == (2, "2026-11-11T00:00:00.000Z")
        assert (m2.recall_count, m2.last_recalled_at) == (0, "2026-11-02T00:00:00.000Z")
        store.close()
    finally:
        db.close()

"""The access log: rows with their context, newest first; unknown ids left out; stats."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.access import AccessLog
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "a.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def test_each_kind_is_recorded_with_its_context(store: MemoryStore) -> None:
    a = store.add("hvigor build fails on spaces").id
    b = store.add("hdc install 9568320 means re-sign").id
    log = AccessLog(store.db)
    assert log.record_query("  hvigor  ", [a, b], at="2026-11-01T00:00:00.000Z") == 2
    assert log.record_run(7, [b], at="2026-11-02T00:00:00.000Z") == 1
    assert log.record_feedback(b, run_id=7, at="2026-11-03T00:00:00.000Z") == 1
    got = log.for_memory(b)
    assert [(x.kind, x.query_text, x.run_id, x.rank, x.helped) for x in got] == [
        ("feedback", None, 7, None, True),
        ("run", None, 7, 1, None),
        ("query", "hvigor", None, 2, None),
    ]
    assert [x.context() for x in got] == [
        "helped on run 7",
        "failure card of run 7",
        "query “hvigor” (#2)",
    ]
    stats = log.stats()
    assert (stats[b].recalls, stats[b].helped, stats[b].last_at) == (
        2,
        1,
        "2026-11-03T00:00:00.000Z",
    )
    assert stats[a].helped == 0 and a in stats


def test_unknown_ids_and_empty_batches_write_nothing(store: MemoryStore) -> None:
    log = AccessLog(store.db)
    assert log.record_query("x", []) == 0
    assert log.record_run(1, ["mem-none"]) == 0
    assert log.count() == 0 and log.for_memory("mem-none") == []


def test_a_hard_deleted_memory_takes_its_log_with_it(store: MemoryStore) -> None:
    a = store.add("temporary").id
    log = AccessLog(store.db)
    log.record_feedback(a)
    with store.db.write() as s:
        s.connection().exec_driver_sql("DELETE FROM memory_events WHERE memory_id = ?", (a,))
        s.connection().exec_driver_sql("DELETE FROM memories WHERE id = ?", (a,))
    assert log.count() == 0


def test_long_query_text_is_cut(store: MemoryStore) -> None:
    a = store.add("anything").id
    log = AccessLog(store.db)
    log.record_query("x" * 2000, [a])
    (row,) = log.for_memory(a)
    assert row.query_text is not None and len(row.query_text) == 500

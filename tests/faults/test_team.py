"""Team-store faults (issue 31 item 4): push/pull when one side deleted a memory.

A personal SQLite store and a PostgreSQL team store (skipped with a one-line reason when
``HMDESK_TEST_PG_URL`` names no server).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team.sync import copy_memories

from tests.fixtures.postgres import fresh_url


@pytest.fixture
def personal(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "me.db")
    s = MemoryStore(db, actor="alice")
    yield s
    s.close()
    db.close()


@pytest.fixture
def team() -> Iterator[MemoryStore]:
    with fresh_url() as url:
        db = Database(url)
        s = MemoryStore(db, actor="bob")
        yield s
        s.close()
        db.close()


@pytest.mark.hostile("deleted-on-one-side")
@pytest.mark.parametrize("deleted_on", ["team", "personal"])
def test_a_memory_deleted_on_one_side_is_a_conflict_not_unchanged(
    personal: MemoryStore, team: MemoryStore, deleted_on: str
) -> None:
    """Item 4: push/pull called such a memory "unchanged": a silent divergence."""
    m = personal.add("hdc file send needs an absolute path")
    assert copy_memories(personal, team, [m.id]).copied == [m.id]
    (team if deleted_on == "team" else personal).delete(m.id, reason="wrong")
    for source, target in ((personal, team), (team, personal)):
        report = copy_memories(source, target, [m.id])
        assert report.unchanged == [] and report.copied == []
        assert [(c.id, c.fields) for c in report.conflicts] == [(m.id, ["deleted_at"])]
    assert team.get(m.id).is_deleted == (deleted_on == "team")  # nothing was overwritten
    assert personal.get(m.id).is_deleted == (deleted_on == "personal")

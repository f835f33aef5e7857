"""The number of memories each user action changed, by kind, for the history."""

from __future__ import annotations

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.event_groups import group_sizes
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path):
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def test_group_sizes_count_the_memories_of_one_action(store):
    a, b, c = (store.add(f"hdc pitfall {i}") for i in range(3))
    store.delete_many([a.id, b.id, c.id], reason="cleanup")
    deleted = next(e for e in store.history(a.id) if e.kind == "delete")
    added = store.history(a.id)[0]
    sizes = group_sizes(
        store.db, [(deleted.group_id, "delete"), (added.group_id, "add"), (None, "x")]
    )
    assert sizes == {(deleted.group_id, "delete"): 3, (added.group_id, "add"): 1}
    assert group_sizes(store.db, []) == {}

"""``MemoryStore.list()`` builds its records without the dataclass ``__init__``: the records are
the same as the ones ``get_many`` builds the plain way (every field, equality, immutability)."""

from __future__ import annotations

import dataclasses

import pytest
from hmdesk.core.memory.access import AccessLog
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.store import MemoryStore


def test_list_records_equal_the_plainly_built_ones(store: MemoryStore) -> None:
    a = store.add("hvigor 构建失败", tags=["build", "构建"], payload={"k": [1, 2]}, confidence=0.8)
    b = store.add("no tags, no payload")
    store.supersede(a.id, content="hvigor: run --stop-daemon", reason="better")
    AccessLog(store.db).record_run(1, [b.id])
    store.delete(b.id)
    listed = store.list(include_deleted=True)
    plain = store.get_many([r.id for r in listed])
    assert listed == plain
    for got, want in zip(listed, plain, strict=True):
        assert type(got) is MemoryRecord
        for f in dataclasses.fields(MemoryRecord):
            assert getattr(got, f.name) == getattr(want, f.name), f.name
            assert type(getattr(got, f.name)) is type(getattr(want, f.name)), f.name
        with pytest.raises(dataclasses.FrozenInstanceError):
            got.content = "x"  # type: ignore[misc]
        assert dataclasses.replace(got, content="y").content == "y"
    assert any(r.supersedes for r in listed) and any(r.payload for r in listed)

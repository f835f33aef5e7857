"""Sync conflicts: memories a ``push`` or ``pull`` found changed on both sides, kept for review.

:func:`~hmdesk.core.team.sync.copy_memories` never overwrites a memory the other store holds
with different content. The personal store that ran the sync records each such memory here
(table ``sync_conflicts``, revision 0007: one open row per memory and other store, replaced by
a later sync of the same pair), so the Review area and ``hmdesk-cli conflicts`` show both sides.
Resolving is the user's choice and changes only this store:

* **take theirs** — this store's memory takes the other side's values of the differing fields,
  as ordinary edit / confidence events with a reason naming the other store, in one
  transaction (one undo step); a difference in ``superseded_by`` is not taken over (supersede
  the memory yourself: a link needs both memories here), nor one in ``deleted_at`` (deleted on
  one side only: delete or restore it yourself);
* **keep mine** — the row is closed; the next push sends this version, which the other store
  again reports as a conflict until someone there takes it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import iso
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.memory.store.rows import live_memory_row
from hmdesk.core.models import SyncConflict, table_of
from hmdesk.core.team.sync import Conflict

TAKEN = ("content", "tags", "layer", "environment", "confidence")
"""The fields "take theirs" changes (``superseded_by`` needs a supersede done by hand)."""


@dataclass(frozen=True)
class OpenConflict:
    """A recorded conflict: ``mine`` is this store's side, ``theirs`` the other store's."""

    id: int
    memory_id: str
    other: str
    direction: str
    fields: tuple[str, ...]
    mine: dict[str, Any]
    theirs: dict[str, Any]
    found_at: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "memory_id": self.memory_id,
            "other": self.other,
            "direction": self.direction,
            "fields": list(self.fields),
            "mine": self.mine,
            "theirs": self.theirs,
            "found_at": self.found_at,
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value


def record(store: MemoryStore, conflicts: Sequence[Conflict], *, other: str, direction: str) -> int:
    """Keep ``conflicts`` of a sync with ``other`` in ``store`` (the personal one). For a pull
    this store is the target (``mine`` = the conflict's target side), for a push the source."""
    if not conflicts:
        return 0
    at = iso()
    table = table_of(SyncConflict)
    with store.db.write() as s:
        for c in conflicts:
            mine, theirs = (c.target, c.source) if direction == "pull" else (c.source, c.target)
            s.execute(sa.delete(table).where(table.c.memory_id == c.id, table.c.other == other))
            s.execute(
                sa.insert(table).values(
                    memory_id=c.id,
                    other=other,
                    direction=direction,
                    fields=json.dumps(list(c.fields)),
                    mine=json.dumps({k: _jsonable(v) for k, v in mine.items()}, default=str),
                    theirs=json.dumps({k: _jsonable(v) for k, v in theirs.items()}, default=str),
                    found_at=at,
                )
            )
    return len(conflicts)


def _open(row: Any) -> OpenConflict:
    return OpenConflict(
        id=row.id,
        memory_id=row.memory_id,
        other=row.other,
        direction=row.direction,
        fields=tuple(json.loads(row.fields)),
        mine=json.loads(row.mine),
        theirs=json.loads(row.theirs),
        found_at=row.found_at,
    )


def open_conflicts(store: MemoryStore) -> list[OpenConflict]:
    """Every recorded conflict, oldest first."""
    table = table_of(SyncConflict)
    with store.db.read() as s:
        rows = s.execute(sa.select(table).order_by(table.c.id)).all()
    return [_open(r) for r in rows]


def get(store: MemoryStore, conflict_id: int) -> OpenConflict:
    table = table_of(SyncConflict)
    with store.db.read() as s:
        row = s.execute(sa.select(table).where(table.c.id == conflict_id)).first()
    if row is None:
        raise StoreError(f"no open sync conflict {conflict_id} (resolved already?)")
    return _open(row)


def keep_mine(store: MemoryStore, conflict_id: int) -> OpenConflict:
    """Close the conflict, this store's memory unchanged."""
    conflict = get(store, conflict_id)
    table = table_of(SyncConflict)
    with store.db.write() as s:
        s.execute(sa.delete(table).where(table.c.id == conflict_id))
    return conflict


def take_theirs(store: MemoryStore, conflict_id: int, *, actor: str | None = None) -> list[str]:
    """This store's memory takes the other side's values (see the module doc), in one
    transaction with closing the conflict. The fields changed."""
    conflict = get(store, conflict_id)
    reason = f"sync: took the version of {conflict.other}"
    changed: list[str] = []
    table = table_of(SyncConflict)
    with store._transaction(actor) as tx:
        row = live_memory_row(tx.session, conflict.memory_id, "take the other version")
        for name in _taken(conflict.fields):
            new = conflict.theirs.get(name)
            if name == "tags":
                new = list(new or [])
            old = getattr(row, name)
            if old == new or (name == "tags" and list(old or []) == new):
                continue
            setattr(row, name, new)
            kind = "confidence" if name == "confidence" else "edit"
            tx.event(row.id, kind, name, old, new, reason)
            changed.append(name)
        if changed:
            tx.touch(row)
        tx.session.execute(sa.delete(table).where(table.c.id == conflict_id))
    return changed


def _taken(fields: Iterable[str]) -> list[str]:
    return [f for f in fields if f in TAKEN]

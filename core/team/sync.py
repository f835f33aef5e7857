"""``push`` and ``pull``: copying memories between a personal store and a team store.

A memory keeps its id across stores. Copying one that the target lacks inserts it whole (every
column but the row number) with an ``add`` event whose actor is the memory's author in the source
(so "mine" stays true in both stores) and whose reason says where it came from. One the target
already has with the same content is left alone (``unchanged``); one it has with different
content is a **conflict**: never overwritten, returned as data (:class:`Conflict`: both sides'
values of every field that differs) for the review flow to show. A deleted memory is not copied;
one deleted on one side only is a conflict on ``deleted_at`` (never "unchanged": the two stores
would differ without a word).

Everything is written in one transaction of the target store (on PostgreSQL under the store's
write lock, see :mod:`hmdesk.core.db`), so a copy run twice, or by two clients at once, inserts
each memory once.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import sqlalchemy as sa
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.models import Memory, table_of
from hmdesk.core.models import MemoryEvent as EventRow

COMPARED = ("content", "layer", "tags", "environment", "confidence", "superseded_by")
"""The fields whose difference makes a conflict (bookkeeping such as recall counts does not)."""

AUTHOR_KINDS = ("add", "import")


@dataclass
class Conflict:
    """One memory both stores hold with different content: what each side says."""

    id: str
    fields: list[str]
    source: dict[str, Any]
    target: dict[str, Any]


@dataclass
class SyncReport:
    source: str  # where from (redacted)
    target: str  # where to (redacted)
    copied: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # asked for, not in the source (or deleted)
    conflicts: list[Conflict] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def authors(store: MemoryStore, ids: list[str] | None = None) -> dict[str, str]:
    """Who wrote each memory: the actor of its first ``add``/``import`` event."""
    stmt = (
        sa.select(EventRow.memory_id, EventRow.actor)
        .where(EventRow.kind.in_(AUTHOR_KINDS))
        .order_by(EventRow.id.desc())
    )
    if ids is not None:
        stmt = stmt.where(EventRow.memory_id.in_(ids))
    with store.db.read() as s:
        return {str(mid): str(actor) for mid, actor in s.execute(stmt)}  # the first one wins


def written_by(store: MemoryStore, actor: str) -> set[str]:
    """The ids of the memories ``actor`` wrote (the "mine" filter for ``actor`` = the user)."""
    return {mid for mid, who in authors(store).items() if who == actor}


def _rows(store: MemoryStore, ids: list[str]) -> dict[str, dict[str, Any]]:
    table = table_of(Memory)
    out: dict[str, dict[str, Any]] = {}
    with store.db.read() as s:
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            for row in s.execute(sa.select(table).where(table.c.id.in_(chunk))).mappings():
                out[str(row["id"])] = dict(row)
    return out


def _differs(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    out = []
    if (a.get("deleted_at") is None) != (b.get("deleted_at") is None):
        out.append("deleted_at")
    for name in COMPARED:
        x, y = a.get(name), b.get(name)
        if name == "confidence" and x is not None and y is not None:
            if abs(float(x) - float(y)) > 1e-9:
                out.append(name)
        elif x != y:
            out.append(name)
    return out


def copy_memories(
    source: MemoryStore, target: MemoryStore, ids: list[str], *, verb: str = "copied"
) -> SyncReport:
    """Copy the memories ``ids`` from ``source`` to ``target`` (see the module doc)."""
    report = SyncReport(source=source.db.where, target=target.db.where)
    wanted = list(dict.fromkeys(ids))
    rows = _rows(source, wanted)
    who = authors(source, wanted)
    table = table_of(Memory)
    with target._transaction() as tx:
        s = tx.session
        for mid in wanted:
            row = rows.get(mid)
            there = s.execute(sa.select(table).where(table.c.id == mid)).mappings().first()
            if row is None or (row.get("deleted_at") is not None and there is None):
                report.missing.append(mid)
                continue
            if there is not None:
                diff = _differs(row, dict(there))
                if not diff:
                    report.unchanged.append(mid)
                else:
                    report.conflicts.append(
                        Conflict(
                            mid,
                            diff,
                            {k: row.get(k) for k in diff},
                            {k: there.get(k) for k in diff},
                        )
                    )
                continue
            values = {k: v for k, v in row.items() if k != "seq"}
            values.update(created_at=tx.at, updated_at=tx.at, recall_count=0)
            s.execute(sa.insert(table), values)
            snapshot = {
                k: row[k] for k in ("content", "layer", "tags", "confidence", "environment")
            }
            tx.event(
                mid,
                "add",
                new=snapshot,
                reason=f"{verb} from {source.db.where}",
                actor=who.get(mid) or tx.actor,
            )
            report.copied.append(mid)
    return report

"""The event writer of one store transaction.

A :class:`Transaction` lives for one ``BEGIN IMMEDIATE`` transaction
(``MemoryStore._transaction``): every change a writer makes to a memory row is logged with
:meth:`Transaction.event`, and the events are inserted together, with one ``group_id`` and one
time, just before the commit (:meth:`Transaction.flush_events`). The ids it names are what the
store's listeners hear about after the commit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from hmdesk.core.memory.record import MemoryEvent
from hmdesk.core.memory.safe_text import clean_optional
from hmdesk.core.memory.store.rows import event_from_row
from hmdesk.core.models import Memory, table_of
from hmdesk.core.models import MemoryEvent as EventRow
from sqlalchemy.orm import Session


@dataclass
class Transaction:
    """One write: its session, who and when, the events to insert and the memories changed."""

    session: Session
    actor: str
    group: str
    at: str
    changed: set[str] = field(default_factory=set)
    events: list[dict[str, Any]] = field(default_factory=list)
    created: list[MemoryEvent] = field(default_factory=list)
    # fill ``created`` (RETURNING, one statement per row on SQLite): only reverts need it
    want_created: bool = False

    def event(
        self,
        memory_id: str,
        kind: str,
        field: str | None = None,
        old: Any = None,
        new: Any = None,
        reason: str | None = None,
        reverts: int | None = None,
        actor: str | None = None,
    ) -> None:
        """Log one event of this transaction (inserted by :meth:`flush_events`)."""
        self.changed.add(memory_id)
        self.events.append(
            {
                "memory_id": memory_id,
                "at": self.at,
                "actor": actor or self.actor,
                "kind": kind,
                "field": field,
                "old": old,
                "new": new,
                "reason": clean_optional(reason),
                "group_id": self.group,
                "reverts_event_id": reverts,
            }
        )

    def touch(self, row: Memory) -> None:
        """Mark ``row`` as updated now."""
        row.updated_at = self.at

    def flush_events(self) -> None:
        """Insert the events logged so far (after flushing the session's row changes)."""
        if not self.events:
            return
        self.session.flush()
        table = table_of(EventRow)
        if not self.want_created:
            self.session.execute(sa.insert(table), self.events)
            self.events.clear()
            return
        stmt = sa.insert(table).returning(*table.c, sort_by_parameter_order=True)
        rows = self.session.execute(stmt, self.events).all()
        self.created.extend(event_from_row(r) for r in rows)
        self.events.clear()

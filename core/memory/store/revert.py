"""Revert: the inverse of one event, written inside a store transaction.

:func:`revert_in` undoes one event (its field goes back to the event's ``old`` value; an ``add``
or ``import`` is undone by a soft delete; a ``supersedes`` back-link is undone through its
``superseded_by`` partner of the same group). It writes ``revert`` events that name the event
they undo (``reverts_event_id``). ``MemoryStore.revert`` runs it in a transaction; undo and redo
(:mod:`hmdesk.core.memory.store.undo`) are built on it.

Reverting many events of one group (undoing a 20,000-merge consolidation) goes through a
:class:`RevertCache`: the group's back-link events are indexed once and the memory rows are read
in batches, so each revert costs no query of its own (reading the back-links once per merge made
the undo quadratic: docs/decisions/0022-revert-cache.md).

A link is never restored to a memory deleted since: the revert is refused, so that the memory
does not end up hidden behind a successor no query finds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.record import DECAY_SENTINEL
from hmdesk.core.memory.store.links import check_link, set_link
from hmdesk.core.memory.store.rows import deleted_states, memory_row, memory_rows
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.memory.validation import validate_confidence, validate_content, validate_layer
from hmdesk.core.models import Memory
from hmdesk.core.models import MemoryEvent as EventRow
from sqlalchemy.orm import Session

# Fields a revert may set directly (superseded_by and deleted_at have their own handling).
REVERTIBLE_FIELDS = frozenset(
    {
        "content",
        "tags",
        "layer",
        "environment",
        "confidence",
        "payload",
        "source",
        "provenance",
        "timestamp",
        "session",
        "extra",
    }
)


class NothingToRevert(StoreError):
    """The event cannot be reverted, or its change is undone already."""


class RevertCache:
    """What reverting many events of one group reads once: the group's ``supersedes`` back-links
    (by the memory they name), the rows of the memories the events are on, and of the memories
    they link to only whether each exists and is deleted (:meth:`load`, in batches: a whole row
    costs its JSON columns decoded, twice the undo of a consolidation for nothing)."""

    def __init__(self, back: dict[str, dict[str, int]]) -> None:
        self.back = back
        self.rows: dict[str, Memory] = {}
        self.linked: dict[str, Any] = {}  # id → deleted_at, of the memories linked to
        self.known: set[str] = set()  # the ids of both: memories that exist

    @staticmethod
    def back_links(events: Iterable[EventRow]) -> dict[str, dict[str, int]]:
        """The ``supersedes`` events among ``events``, by the memory they link: {linked id:
        {id of the memory the event is on: event id}}."""
        back: dict[str, dict[str, int]] = {}
        for b in events:
            if b.field != "supersedes":
                continue
            for linked in (b.old, b.new):
                if isinstance(linked, str):
                    back.setdefault(linked, {})[b.memory_id] = b.id
        return back

    def load(self, s: Session, events: Sequence[Any]) -> None:
        """Read, in one query per 500, the rows the reverts of ``events`` change, and the state
        of the memories they link to."""
        self.rows = memory_rows(s, {e.memory_id for e in events})
        linked = {v for e in events for v in (e.old, e.new) if isinstance(v, str)}
        self.linked = deleted_states(s, linked - self.rows.keys())
        self.known = self.rows.keys() | self.linked.keys()

    def deleted_at(self, s: Session, memory_id: str) -> Any:
        """The ``deleted_at`` of ``memory_id`` as it is now (the row's, when it was read whole,
        with the changes of this transaction); :class:`NotFound` when there is no such memory."""
        row = self.rows.get(memory_id)
        if row is not None:
            return row.deleted_at
        if memory_id in self.linked:
            return self.linked[memory_id]
        return memory_row(s, memory_id).deleted_at


def _link_reason(s: Session, e: Any, target: str | None) -> str | None:
    """The reason ``superseded_by`` was first set to ``target``: a revert (an undo) of a
    supersede is reverted in turn by a redo, which brings the supersede back with its reason,
    not "revert of event N". Walks the chain of reverted events back to the first change that
    set it; None when there is none (the revert of an un-supersede)."""
    seen: set[int] = set()
    ev: Any = e
    while target is not None and ev is not None and ev.id not in seen:
        seen.add(ev.id)
        if ev.kind != "revert" and ev.field == "superseded_by" and ev.new == target:
            return ev.reason
        ev = s.get(EventRow, ev.reverts_event_id) if ev.reverts_event_id is not None else None
    return None


def revert_in(tx: Transaction, e: Any, cache: RevertCache | None = None) -> None:
    """Write the inverse of event ``e`` in ``tx``; :class:`NothingToRevert` if there is none.
    ``cache``: the group's back-links and rows, read once for many reverts of one group."""
    s = tx.session
    why = f"revert of event {e.id}"
    if e.kind == "recall":
        raise NothingToRevert(f"event {e.id} is a recall; recalls cannot be reverted")
    if e.field == "supersedes":
        partner_id = e.new if e.new is not None else e.old
        partner = s.scalars(
            sa.select(EventRow).where(
                EventRow.group_id == e.group_id,
                EventRow.memory_id == partner_id,
                EventRow.field == "superseded_by",
            )
        ).first()
        if partner is None:
            raise NothingToRevert(
                f"event {e.id} is the back-link of a supersede that cannot be found; "
                f"revert the superseded_by event of {partner_id} instead"
            )
        e = partner
    row = cache.rows.get(e.memory_id) if cache is not None else None
    row = row if row is not None else memory_row(s, e.memory_id)
    if e.field is None:  # add / import: undo by soft delete
        if row.deleted_at is not None:
            raise NothingToRevert(f"event {e.id}: memory {row.id} is already deleted")
        row.deleted_at = tx.at
        tx.touch(row)
        tx.event(row.id, "revert", "deleted_at", None, tx.at, why, e.id)
        return
    target = e.old
    if e.field == "superseded_by":
        if row.superseded_by == target:
            raise NothingToRevert(f"event {e.id}: {row.id} is already superseded_by {target!r}")
        if target not in (None, DECAY_SENTINEL):
            if cache is not None:
                deleted = cache.deleted_at(s, target)
            else:
                deleted = memory_row(s, target).deleted_at
            if deleted is not None:
                raise NothingToRevert(
                    f"event {e.id}: {row.id} would be superseded by {target}, which was deleted "
                    f"since; restore {target} first"
                )
            check_link(s, row.id, target)
        # the back-link events this revert undoes, for their reverts_event_id
        if cache is not None:
            back = cache.back.get(row.id, {})
        else:
            back = RevertCache.back_links(
                s.scalars(
                    sa.select(EventRow).where(
                        EventRow.group_id == e.group_id, EventRow.field == "supersedes"
                    )
                )
            ).get(row.id, {})
        set_link(
            tx,
            row,
            target,
            why,
            kind="revert",
            back_kind="revert",
            reverts=e.id,
            back_reverts=back,
            known=cache.known if cache is not None else None,
            link_reason=_link_reason(s, e, target),
        )
        return
    if e.field == "deleted_at":
        if row.deleted_at == target:
            raise NothingToRevert(f"event {e.id}: deleted_at is already {target!r}")
        tx.event(row.id, "revert", "deleted_at", row.deleted_at, target, why, e.id)
        row.deleted_at = target
        tx.touch(row)
        return
    if e.field not in REVERTIBLE_FIELDS:
        raise NothingToRevert(f"event {e.id} ({e.kind} of {e.field}) cannot be reverted")
    current = getattr(row, e.field)
    if current == target:
        raise NothingToRevert(f"event {e.id}: {e.field} is already {target!r}")
    if e.field == "content":
        validate_content(target)
    elif e.field == "layer":
        validate_layer(target)
    elif e.field == "confidence":
        validate_confidence(target)
    tx.event(row.id, "revert", e.field, current, target, why, e.id)
    setattr(row, e.field, target)
    tx.touch(row)

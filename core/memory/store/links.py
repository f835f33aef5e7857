"""Supersede links: ``superseded_by`` on the old memory, logged on both ends of the link.

Used by ``MemoryStore.supersede`` / ``bulk_supersede`` and by reverts of a supersede
(:mod:`hmdesk.core.memory.store.revert`). A link never makes a cycle, and the hmharness decay
sentinel (``consolidation:stale``) is a mark, not a link to another memory.
"""

from __future__ import annotations

from collections.abc import Container

import sqlalchemy as sa
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.record import DECAY_SENTINEL
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.models import Memory
from hmdesk.core.models import MemoryEvent as EventRow
from sqlalchemy.orm import Session

MAX_CHAIN = 10_000
"""The longest supersede chain followed when checking for a cycle."""


def successor_confidence(session: Session, row: Memory) -> float:
    """The confidence a memory that supersedes ``row`` with new text starts at: the highest
    ``row`` held, i.e. its confidence before anyone lowered it. A memory is usually lowered
    because it was found wrong, then superseded by the correction; the correction does not
    inherit that distrust."""
    held = session.scalars(
        sa.select(EventRow.old).where(EventRow.memory_id == row.id, EventRow.field == "confidence")
    ).all()
    numbers = [float(v) for v in held if isinstance(v, int | float) and 0.0 <= v <= 1.0]
    return max([row.confidence, *numbers])


def check_link(session: Session, old_id: str, new_id: str) -> None:
    """:class:`StoreError` if ``old_id`` → superseded by ``new_id`` would make a cycle."""
    if old_id == new_id:
        raise StoreError(f"memory {old_id} cannot supersede itself")
    seen = {new_id}
    cur: str | None = new_id
    for _ in range(MAX_CHAIN):
        nxt = session.execute(
            sa.select(Memory.superseded_by).where(Memory.id == cur)
        ).scalar_one_or_none()
        if nxt is None or nxt == DECAY_SENTINEL:
            return
        if nxt == old_id:
            raise StoreError(
                f"superseding {old_id} by {new_id} would make a cycle "
                f"({new_id} is already superseded, through a chain, by {old_id})"
            )
        if nxt in seen:
            return
        seen.add(nxt)
        cur = nxt


def supersede_in(tx: Transaction, old: Memory, new: Memory, why: str) -> None:
    """Mark ``old`` superseded by ``new`` (``superseded_by`` + ``supersede`` events)."""
    if old.superseded_by == new.id:
        raise StoreError(f"memory {old.id} is already superseded by {new.id}")
    if old.superseded_by not in (None, DECAY_SENTINEL):
        raise StoreError(
            f"memory {old.id} is already superseded by {old.superseded_by}; "
            "revert that supersede first"
        )
    check_link(tx.session, old.id, new.id)
    set_link(tx, old, new.id, why, kind="superseded_by", back_kind="supersede")


def set_link(
    tx: Transaction,
    row: Memory,
    target: str | None,
    why: str | None,
    *,
    kind: str,
    back_kind: str,
    reverts: int | None = None,
    back_reverts: dict[str, int] | None = None,
    known: Container[str] | None = None,
    link_reason: str | None = None,
) -> None:
    """Point ``row.superseded_by`` at ``target`` and log it on both ends of the link
    (``known``: rows read already, which need no query to know they exist). The memory's
    supersede reason is ``link_reason`` when given (a redo brings the link's own reason back),
    else ``why``."""
    prev = row.superseded_by
    row.superseded_by = target
    row.superseded_at = tx.at if target is not None else None
    row.supersede_reason = (link_reason or why) if target is not None else None
    tx.touch(row)
    tx.event(row.id, kind, "superseded_by", prev, target, why, reverts)
    back_reverts = back_reverts or {}
    for other, old_v, new_v in ((prev, row.id, None), (target, None, row.id)):
        if other is None or other == DECAY_SENTINEL:
            continue
        exists = (known is not None and other in known) or tx.session.execute(
            sa.select(Memory.seq).where(Memory.id == other)
        ).first()
        if exists:
            tx.event(other, back_kind, "supersedes", old_v, new_v, why, back_reverts.get(other))

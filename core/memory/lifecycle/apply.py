"""Applying a consolidation plan through the store: history events, one group, one undo step.

A merge is a supersede (``superseded_by`` on the duplicate, the ``supersedes`` back-link on the
winner); a decay sets ``superseded_by`` to hmharness's ``consolidation:stale`` mark. Every event
carries the reason the plan gives (``consolidate: exact duplicate of <id>``, ``consolidate: stale
episodic, confidence < 0.5, not updated for 60 days``). Nothing is deleted, and an export to
hmharness afterwards writes the same ``supersededBy`` values hmharness's consolidate would.

The plan was computed from a snapshot; if a memory it names changed since (superseded, deleted),
nothing is applied and :class:`~hmdesk.core.memory.errors.StoreError` says which one.
"""

from __future__ import annotations

from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.hmharness.rules import ConsolidationPlan
from hmdesk.core.memory.record import DECAY_SENTINEL
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.memory.store.links import set_link, supersede_in
from hmdesk.core.memory.store.rows import live_memory_row
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.models import Memory


def _active_row(tx: Transaction, id: str, what: str) -> Memory:
    row = live_memory_row(tx.session, id, what)
    if row.superseded_by is not None:
        raise StoreError(
            f"memory {id} changed since the plan (now superseded by {row.superseded_by}); "
            "nothing was applied, run consolidate again"
        )
    return row


def apply_plan(store: MemoryStore, plan: ConsolidationPlan, *, actor: str | None = None) -> str:
    """Apply ``plan`` in one transaction; returns its group id ("" when the plan is empty)."""
    if plan.empty:
        return ""
    # the store's own transaction: one group id, so ``undo`` takes the whole consolidation back
    with store._transaction(actor) as tx:
        for m in plan.merged:
            old = _active_row(tx, m.id, "consolidate it")
            new = live_memory_row(tx.session, m.into, "consolidate into it")
            why = plan.reasons.get(m.id) or f"consolidate: exact duplicate of {m.into}"
            supersede_in(tx, old, new, why)
        for id in plan.decayed:
            row = _active_row(tx, id, "decay it")
            why = plan.reasons.get(id) or "consolidate: stale episodic"
            set_link(tx, row, DECAY_SENTINEL, why, kind="superseded_by", back_kind="supersede")
        return tx.group

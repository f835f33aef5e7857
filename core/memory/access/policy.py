"""Promotion and decay, proposed from the access log (:mod:`~.log`), applied only when asked.

The policy's constants live here and nowhere else:

* :data:`PROMOTE_MIN_HELPED` = 2 — a memory marked "This helped" at least twice (since its last
  promotion) is proposed for promotion. Once can be luck; twice, on two occasions, is evidence
  the lesson transfers.
* Promotion of an ``episodic`` memory (one thing that happened) is ``episodic → semantic`` (a
  lesson that holds): its confidence is left alone, the layer says what changed. Any other
  layer's promotion is confidence + :data:`PROMOTE_STEP` (0.1), capped at :data:`PROMOTE_CAP`
  (0.95: certainty stays a person's call, made by hand).
* :data:`DECAY_AFTER_DAYS` = 90 — a memory with no sign of life for 90 days (no recall in the
  log, no recall counted, not created, edited or promoted) is proposed for decay. hmharness's
  recency already fades over 30 days; 90 is three of its windows, long enough for a rare
  failure (a yearly signing certificate renewal excepted) to have come back.
* Decay is confidence − :data:`DECAY_STEP` (0.1), never below :data:`DECAY_FLOOR` (0.1), not
  ``superseded_by: consolidation:stale``. Why: stale-superseding hides a memory from every
  search, and a lesson nobody needed for three months is usually about a rare failure, not a
  wrong one; a lower confidence lets it sink in the ranking yet still be found when that failure
  comes back, and a recall or "This helped" later can promote it again. Removing contradicted or
  duplicated memories is consolidation's job (hmharness's stale rule), not this one.

A proposal is never applied silently: :func:`proposals` lists them (``hmdesk-cli proposals``,
the Review area), :func:`apply_proposals` applies the chosen ones as ONE history group (one undo
step) whose events carry a reason naming the rule (``policy:promote-helped …``,
``policy:decay-unused …``). An applied proposal is not proposed again: a promoted memory's
"helped" count starts again after its promotion, a decayed memory's 90 days start again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from hmdesk.core.db import iso
from hmdesk.core.memory.access.log import AccessLog
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.memory.store.rows import live_memory_row

PROMOTE_MIN_HELPED = 2
PROMOTE_STEP = 0.1
PROMOTE_CAP = 0.95
DECAY_AFTER_DAYS = 90
DECAY_STEP = 0.1
DECAY_FLOOR = 0.1
REASON_PREFIX = "policy:"

Rule = Literal["promote-helped", "decay-unused"]


@dataclass(frozen=True)
class Proposal:
    """One proposed change of one memory (plain data: the CLI prints it, the Review area lists
    it). ``id`` is stable while the memory and its log do not change: ``rule:memory id``."""

    id: str
    rule: Rule
    memory_id: str
    content: str
    field: Literal["layer", "confidence"]
    old: Any
    new: Any
    why: str  # the evidence in words
    evidence: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The history event's reason: the rule's name, then the evidence."""
        return f"{REASON_PREFIX}{self.rule}: {self.why}"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rule": self.rule,
            "memory_id": self.memory_id,
            "content": self.content,
            "field": self.field,
            "old": self.old,
            "new": self.new,
            "why": self.why,
            "evidence": dict(self.evidence),
        }


def _round(x: float) -> float:
    return round(x, 2)


def _last_policy_events(store: MemoryStore) -> dict[str, str]:
    """Per memory, when the policy last changed it (its events' reason starts with the prefix)."""
    with store.db.read() as s:
        cur = s.connection().connection.cursor()
        try:
            rows = cur.execute(
                f"SELECT memory_id, max(at) FROM memory_events WHERE reason LIKE {store.db.mark} "
                "GROUP BY memory_id",
                (REASON_PREFIX + "%",),
            ).fetchall()
        finally:
            cur.close()
    return {r[0]: r[1] for r in rows}


def proposals(store: MemoryStore, *, now: datetime | None = None) -> list[Proposal]:
    """Every proposal of the policy, promotions first, each group in store order."""
    now = now or datetime.now(UTC)
    policy_at = _last_policy_events(store)
    stats = AccessLog(store.db).stats(helped_since=policy_at)
    cutoff = iso(now - timedelta(days=DECAY_AFTER_DAYS))
    promote: list[Proposal] = []
    decay: list[Proposal] = []
    for m in store.list(include_superseded=False):
        st = stats.get(m.id)
        helped = st.helped if st else 0
        if helped >= PROMOTE_MIN_HELPED:
            why = f"helped {helped} times (rule: at least {PROMOTE_MIN_HELPED})"
            change: tuple[Literal["layer", "confidence"], Any, Any] | None = None
            if m.layer == "episodic":
                change = ("layer", "episodic", "semantic")
            elif m.confidence < PROMOTE_CAP:
                new = _round(min(PROMOTE_CAP, m.confidence + PROMOTE_STEP))
                change = ("confidence", m.confidence, new)
            if change is not None:
                kind: Rule = "promote-helped"
                promote.append(
                    Proposal(
                        f"{kind}:{m.id}", kind, m.id, m.content, *change, why, {"helped": helped}
                    )
                )
            continue
        signs = [m.created_at, m.updated_at, m.last_recalled_at, policy_at.get(m.id)]
        if st is not None:
            signs.append(st.last_at)
        last = max((s for s in signs if s), default="")
        if last and last < cutoff and m.confidence > DECAY_FLOOR:
            new = _round(max(DECAY_FLOOR, m.confidence - DECAY_STEP))
            if new >= m.confidence:
                continue
            why = f"not recalled since {last[:10]} (rule: none for {DECAY_AFTER_DAYS} days)"
            decay.append(
                Proposal(
                    f"decay-unused:{m.id}",
                    "decay-unused",
                    m.id,
                    m.content,
                    "confidence",
                    m.confidence,
                    new,
                    why,
                    {"last": last},
                )
            )
    return promote + decay


def apply_proposals(
    store: MemoryStore,
    ids: Iterable[str],
    *,
    now: datetime | None = None,
    actor: str | None = None,
) -> tuple[str, list[Proposal]]:
    """Apply the proposals ``ids`` (as :func:`proposals` lists them now) in ONE transaction:
    one history group, one undo step. Returns ``(group id, applied)``. An unknown or no longer
    proposed id is a :class:`StoreError` naming it, and nothing is applied."""
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        raise StoreError("no proposal given; see `hmdesk-cli proposals`")
    current = {p.id: p for p in proposals(store, now=now)}
    unknown = [i for i in wanted if i not in current]
    if unknown:
        raise StoreError(
            f"not a current proposal: {', '.join(unknown[:5])}; see `hmdesk-cli proposals`"
        )
    chosen = [current[i] for i in wanted]
    with store._transaction(actor) as tx:
        for p in chosen:
            row = live_memory_row(tx.session, p.memory_id, "apply a proposal to it")
            if p.field == "confidence":
                store._set_confidence_in(tx, row, float(p.new), p.reason)
            else:
                tx.event(row.id, "edit", "layer", row.layer, p.new, p.reason)
                row.layer = str(p.new)
                tx.touch(row)
        group = tx.group
    return group, chosen

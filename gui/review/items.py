"""What the Review area lists, remembers and writes (no widgets).

* :class:`ReviewItem`: a contradiction or duplicate group (:mod:`hmdesk.core.memory.lifecycle`)
  or a promotion / decay proposal (:mod:`hmdesk.core.memory.access.policy`), with the
  fingerprint a dismissal is remembered by.
* :class:`Dismissals`: the dismissed fingerprints, kept in the window's QSettings
  (``review/dismissed``, a JSON list). A group's fingerprint changes when one of its members'
  id, content, confidence or supersede state does, a proposal's when its memory or the proposed
  change does: a dismissed item comes back only then.
* :func:`merge_into_new`: a new memory that supersedes every member, in ONE store transaction
  (one history group, so one undo step).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

if TYPE_CHECKING:
    from hmdesk.core.memory.access.policy import Proposal
    from hmdesk.core.memory.lifecycle.grouping import Group
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.store import MemoryStore

DISMISSED_KEY = "review/dismissed"
MAX_DISMISSED = 5000  # the oldest are forgotten beyond this (they only come back to review)
KIND_LABELS = {
    "contradiction": "Contradiction",
    "duplicate": "Duplicate",
    "promote-helped": "Promotion",
    "decay-unused": "Decay",
}


@dataclass(frozen=True)
class ReviewItem:
    kind: str  # "contradiction" | "duplicate" | "promote-helped" | "decay-unused"
    key: str
    ids: tuple[str, ...]
    fingerprint: str
    group: Group | None = None
    proposal: Proposal | None = None

    @property
    def is_proposal(self) -> bool:
        return self.proposal is not None

    @property
    def label(self) -> str:
        kind = KIND_LABELS.get(self.kind, self.kind)
        if self.proposal is not None:
            p = self.proposal
            text = " ".join(p.content.split())
            short = text if len(text) <= 60 else text[:59] + "…"
            return f"{kind}: {p.field} {_value(p.old)} → {_value(p.new)} · {short}"
        return f"{kind} · {self.key} · {len(self.ids)} memories"


def _value(v: object) -> str:
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def group_item(group: Group) -> ReviewItem:
    return ReviewItem(group.kind, group.key, group.ids, group.fingerprint, group=group)


def proposal_item(p: Proposal, record: MemoryRecord | None = None) -> ReviewItem:
    h = hashlib.sha256(p.id.encode())
    parts = [p.field, repr(p.old), repr(p.new), p.content]
    if record is not None:
        parts += [record.layer, repr(float(record.confidence)), record.superseded_by or ""]
    for part in parts:
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return ReviewItem(p.rule, p.memory_id, (p.memory_id,), "p:" + h.hexdigest()[:20], proposal=p)


class Dismissals:
    """Fingerprints dismissed in the Review area, remembered in ``settings``."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self._items: list[str] = self._load()

    def _load(self) -> list[str]:
        raw = self.settings.value(DISMISSED_KEY, "")
        try:
            data = json.loads(str(raw)) if raw else []
        except ValueError:  # a hand-edited or corrupt value: start again, nothing else is lost
            return []
        return [str(x) for x in data] if isinstance(data, list) else []

    def __contains__(self, fingerprint: object) -> bool:
        return fingerprint in self._items

    def add(self, fingerprint: str) -> None:
        if fingerprint in self._items:
            return
        self._items.append(fingerprint)
        del self._items[:-MAX_DISMISSED]
        self.settings.setValue(DISMISSED_KEY, json.dumps(self._items))
        self.settings.sync()


def merge_into_new(
    store: MemoryStore, members: Sequence[MemoryRecord], content: str, reason: str
) -> MemoryRecord:
    """A new memory with ``content`` that supersedes every member, in one transaction (one undo
    step). Its layer and environment are the first member's, its tags the union, its confidence
    the highest of the members'."""
    from hmdesk.core.memory.errors import StoreError
    from hmdesk.core.memory.store.adding import check_input, insert_memory
    from hmdesk.core.memory.store.links import supersede_in
    from hmdesk.core.memory.store.rows import live_memory_row, record_of

    if len(members) < 2:
        raise StoreError("a merge needs at least two memories")
    first = members[0]
    tags = list(dict.fromkeys(t for m in members for t in m.tags))
    check_input(content, tags, first.layer, first.environment)
    with store._transaction(None) as tx:  # the store's own: one group id, one undo step
        new = insert_memory(
            tx,
            content,
            layer=first.layer,
            tags=tags,
            confidence=max(m.confidence for m in members),
            environment=first.environment,
            reason=reason,
        )
        for m in members:
            old = live_memory_row(tx.session, m.id, "merge it")
            supersede_in(tx, old, new, reason)
        return record_of(tx.session, new)

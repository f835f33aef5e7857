"""What ``hmdesk-cli undo`` (and ``revert``) changed, in words: per memory, each field's value
before → after (content, tags, confidence, status, and any other field the undo set back).

Built from the ``revert`` events the store wrote and the events they undid (read from the
memory's event log), never by changing the store.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryEvent, MemoryRecord
    from hmdesk.core.memory.store import MemoryStore

STATUS_FIELDS = ("deleted_at", "superseded_by")
"""Event fields shown together as the memory's status (active, deleted, superseded by …)."""
HIDDEN_FIELDS = ("supersedes",)
"""The back-link of a supersede: its undo shows as the other memory's status."""
FIELD_ORDER = ("status", "content", "tags", "confidence", "layer", "environment")

KIND_WORDS = {
    "add": "adding",
    "import": "importing",
    "edit": "editing",
    "confidence": "the confidence change of",
    "superseded_by": "superseding",
    "supersede": "superseding",
    "delete": "deleting",
    "restore": "restoring",
    "sync": "the sync of",
    "revert": "the revert of",
}
ELIDED_FIELDS = frozenset({"content", "tags", "payload", "extra"})
"""Free text, elided to the terminal's width; every other value (ids, times, status) is whole."""
MAX_SHOWN = 20
"""Memories listed on a terminal; the rest are counted (``--json`` lists all)."""


@dataclass(frozen=True)
class Change:
    field: str
    before: Any
    after: Any


@dataclass
class MemoryChanges:
    memory_id: str
    changes: list[Change] = field(default_factory=list)


@dataclass
class UndoReport:
    """The undo as a user reads it. ``undid`` holds the events that were undone."""

    events: list[MemoryEvent]
    undid: dict[int, MemoryEvent]
    memories: list[MemoryChanges]

    @property
    def summary(self) -> str:
        """One sentence: what was undone, when and by whom (local time)."""
        if not self.events:
            return "Nothing to undo."
        originals = list(self.undid.values())
        kinds = [KIND_WORDS.get(e.kind, e.kind) for e in originals]
        what: str = next((k for k in ("superseding", "adding") if k in kinds), "")
        if not what:
            what = max(set(kinds), key=kinds.count) if kinds else "the change of"
        n = len(self.memories)
        text = f"Undid {what} {n:,} memor{'y' if n == 1 else 'ies'}"
        if originals:
            first = min(originals, key=lambda e: e.id)
            text += f", made {local_time(first.at)} by {first.actor}"
            reasons = sorted({e.reason for e in originals if e.reason})
            if len(reasons) == 1:
                text += f" (reason: {reasons[0]})"
        return text + "."

    def to_json(self) -> list[dict[str, Any]]:
        """The ``revert`` events written, each with ``change`` (``field``, ``before``,
        ``after`` as printed: ``status`` for deleted_at/superseded_by) and ``undoes`` (the event
        it undid)."""
        from dataclasses import asdict

        by_memory = {m.memory_id: m for m in self.memories}
        out = []
        for e in self.events:
            d = asdict(e)
            shown = "status" if e.field in STATUS_FIELDS else e.field
            m = by_memory.get(e.memory_id)
            change = next((c for c in m.changes if c.field == shown), None) if m else None
            d["change"] = (
                {"field": change.field, "before": change.before, "after": change.after}
                if change
                else None
            )
            undone = self.undid.get(e.reverts_event_id or -1)
            d["undoes"] = asdict(undone) if undone is not None else None
            out.append(d)
        return out


def local_time(at: str) -> str:
    """An event's UTC ISO time as local time, e.g. ``2026-12-01 14:02 (local time)``."""
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return at
    if when.tzinfo is None:
        return at
    return when.astimezone().strftime("%Y-%m-%d %H:%M") + " (local time)"


def status_of(deleted_at: str | None, superseded_by: str | None) -> str:
    from hmdesk.core.memory.record import DECAY_SENTINEL

    if deleted_at:
        return "deleted"
    if superseded_by == DECAY_SENTINEL:
        return "decayed"
    if superseded_by:
        return f"superseded by {superseded_by}"
    return "active"


def _events_by_id(store: MemoryStore, ids: Iterable[int]) -> dict[int, MemoryEvent]:
    """The events with these ids (read-only, in batches)."""
    import sqlalchemy as sa
    from hmdesk.core.memory.store import event_from_row
    from hmdesk.core.models import MemoryEvent as EventRow

    wanted = sorted(set(ids))
    found: dict[int, MemoryEvent] = {}
    with store.db.read() as s:
        for i in range(0, len(wanted), 500):
            rows = s.scalars(sa.select(EventRow).where(EventRow.id.in_(wanted[i : i + 500])))
            found.update((r.id, event_from_row(r)) for r in rows)
    return found


def undo_report(store: MemoryStore, events: list[MemoryEvent]) -> UndoReport:
    """The report of the ``revert`` events ``events`` (what ``undo_last``/``revert`` returned)."""
    undid = _events_by_id(store, (e.reverts_event_id for e in events if e.reverts_event_id))
    records: dict[str, MemoryRecord] = {
        r.id: r for r in store.get_many(dict.fromkeys(e.memory_id for e in events))
    }
    per_memory: dict[str, list[MemoryEvent]] = {}
    for e in events:
        per_memory.setdefault(e.memory_id, []).append(e)
    memories = []
    for memory_id, evs in per_memory.items():
        m = MemoryChanges(memory_id)
        status_events = {e.field: e for e in evs if e.field in STATUS_FIELDS}
        record = records.get(memory_id)
        if status_events and record is not None:
            after = status_of(record.deleted_at, record.superseded_by)
            before_deleted = status_events["deleted_at"].old if "deleted_at" in status_events else record.deleted_at  # fmt: skip
            before_link = status_events["superseded_by"].old if "superseded_by" in status_events else record.superseded_by  # fmt: skip
            m.changes.append(Change("status", status_of(before_deleted, before_link), after))
        for e in evs:
            if e.field is None or e.field in STATUS_FIELDS or e.field in HIDDEN_FIELDS:
                continue
            m.changes.append(Change(e.field, e.old, e.new))
        m.changes.sort(key=lambda c: FIELD_ORDER.index(c.field) if c.field in FIELD_ORDER else 99)
        if m.changes:
            memories.append(m)
    return UndoReport(list(events), undid, memories)


def value_text(field_name: str, value: Any) -> str:
    """A field's value as the report prints it."""
    if value is None:
        return "(none)"
    if field_name == "tags" and isinstance(value, list):
        return ", ".join(str(t) for t in value) if value else "(no tags)"
    if field_name == "confidence" and isinstance(value, int | float):
        return f"{value:g}"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def print_report(report: UndoReport, columns: int | None) -> None:
    """The report as text; values elided to the terminal's width (whole when ``columns`` is
    None, output that is not a terminal)."""
    from hmdesk.core.cli.table import free_width, pad, text_width

    print(report.summary)
    label_width = max((len(c.field) for m in report.memories for c in m.changes), default=0)
    shown = report.memories if columns is None else report.memories[:MAX_SHOWN]
    for m in shown:
        print(f"  {m.memory_id}")
        for c in m.changes:
            before, after = value_text(c.field, c.before), value_text(c.field, c.after)
            room = free_width(columns, 4 + label_width + 2 + 3)
            before_width = after_width = None
            if room is not None and c.field in ELIDED_FIELDS:
                whole_before = text_width(_shown(c, before, None))
                whole_after = text_width(_shown(c, after, None))
                before_width = min(whole_before, max(room // 2, room - whole_after))
                after_width = max(room - before_width, 1)
            print(
                f"    {pad(c.field, label_width)}  "
                f"{_shown(c, before, before_width)} → {_shown(c, after, after_width)}"
            )
    hidden = len(report.memories) - len(shown)
    if hidden:
        print(f"  … and {hidden} more memories (--json lists them all)")


def _shown(change: Change, text: str, width: int | None) -> str:
    """``text`` elided to ``width``; content in quotes (inside the width), so that where one
    value ends and the next begins is plain."""
    from hmdesk.core.cli.table import elide

    if change.field != "content" or text == "(none)":
        return elide(text, width)
    return f'"{elide(text, None if width is None else max(width - 2, 1))}"'

"""Time travel: the store as it was at a moment, rebuilt from the event log, and searched.

Every change to a memory is an event of ``memory_events`` with the field it changed and the value
before and after (see :mod:`hmdesk.core.memory.store.memory_store`). So the store at a moment
``T`` is today's rows with every event after ``T`` taken back, newest first: a field's value
becomes the event's ``old``; an ``add`` or ``import`` after ``T`` means the memory did not exist
yet (so does a ``created_at`` after ``T``, for rows written without an event); the back-link
events (``supersedes``), anchors and other non-column fields are derived or elsewhere and
skipped. Reverts, undos and redos are events like the others, so they are taken back the same
way. Superseded-by links are rebuilt with the rest, and the ``supersedes`` back-links are
computed again from them.

:func:`records_as_of` returns the records; :func:`search_as_of` searches them with the in-memory
index (the same scoring and explanation as every other search), recency measured at ``T`` unless
the query says otherwise. Read-only: nothing is written.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from hmdesk.core.db import iso
from hmdesk.core.memory.record import DECAY_SENTINEL, MemoryRecord
from hmdesk.core.memory.store import MemoryStore, event_from_row
from hmdesk.core.models import MemoryEvent as EventRow

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import Query, QueryResult

_FIELDS = frozenset(f.name for f in dataclasses.fields(MemoryRecord)) - {"id", "seq", "supersedes"}
_SKIPPED = frozenset({"supersedes", "anchor", "hmh_raw"})


def moment(value: datetime) -> str:
    """``value`` as the event log writes times (ISO UTC, milliseconds, ``Z``); naive = UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return iso(value)


def records_as_of(store: MemoryStore, at: datetime) -> list[MemoryRecord]:
    """Every memory that existed at ``at`` (deleted ones included, with ``deleted_at`` as it was
    then), as it was then, in store (``seq``) order."""
    when = moment(at)
    now_records = store.list(include_superseded=True, include_deleted=True)
    with store.db.read() as s:
        rows = s.scalars(sa.select(EventRow).where(EventRow.at > when).order_by(EventRow.id.desc()))
        later = [event_from_row(r) for r in rows]
    state: dict[str, dict[str, Any]] = {}
    absent: set[str] = set()
    by_id = {r.id: r for r in now_records}
    for e in later:
        rec = by_id.get(e.memory_id)
        if rec is None:
            continue
        if e.field is None:
            if e.kind in ("add", "import"):
                absent.add(e.memory_id)
            continue
        if e.field in _SKIPPED or e.field not in _FIELDS:
            continue
        fields = state.setdefault(e.memory_id, {})
        fields[e.field] = e.old
        if e.field == "superseded_by" and e.old is None:
            fields["superseded_at"] = None
            fields["supersede_reason"] = None
        if e.field == "recall_count" and not e.old:
            fields["last_recalled_at"] = None
    out: list[MemoryRecord] = []
    for r in now_records:
        if r.id in absent or r.created_at > when:
            continue
        change = state.get(r.id)
        if change:
            if "tags" in change:
                change["tags"] = tuple(change["tags"] or ())
            if "extra" in change:
                change["extra"] = dict(change["extra"] or {})
            change.setdefault("updated_at", min(r.updated_at, when))
            r = dataclasses.replace(r, **change)
        out.append(r)
    back: dict[str, list[str]] = {}
    for r in out:
        if r.superseded_by and r.superseded_by != DECAY_SENTINEL and r.deleted_at is None:
            back.setdefault(r.superseded_by, []).append(r.id)
    return [
        dataclasses.replace(r, supersedes=tuple(back.get(r.id, ())))
        if back.get(r.id) or r.supersedes
        else r
        for r in out
    ]


def search_as_of(store: MemoryStore, query: Query, at: datetime) -> QueryResult:
    """``query`` answered by the store as it was at ``at`` (recency at ``at`` unless
    ``query.now`` is set), with the usual explanation."""
    from hmdesk.core.memory.retrieve.index import MemoryIndex

    if query.now is None:
        query = dataclasses.replace(query, now=at if at.tzinfo else at.replace(tzinfo=UTC))
    records = [r for r in records_as_of(store, at) if r.deleted_at is None]
    result = MemoryIndex(records, order=[r.seq for r in records]).search(query)
    note = f"as of {moment(at)}: the store rebuilt from its history, read-only"
    result.note = f"{result.note}; {note}" if result.note else note
    return result

"""Database rows → records: the store's reads of ``memories`` and ``memory_events``.

* :func:`record_from_row` / :func:`event_from_row` turn an ORM row (or a Core row with the same
  column names) into the immutable :class:`~hmdesk.core.memory.record.MemoryRecord` /
  :class:`~hmdesk.core.memory.record.MemoryEvent` the rest of hmdesk sees.
* :func:`read_records` reads many memories as raw DBAPI tuples (no ORM, no ``Row`` objects) and
  builds their records with a generated constructor: the fast path behind ``MemoryStore.list``.
* :func:`memory_row`, :func:`live_memory_row`, :func:`supersedes_of` and :func:`record_of` are the
  session-level lookups the writers share.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa
from hmdesk.core import gc_policy
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import NotFound, StoreError
from hmdesk.core.memory.raw_records import RAW_COLUMNS, records_from_raw
from hmdesk.core.memory.record import MemoryEvent, MemoryRecord
from hmdesk.core.models import Memory
from sqlalchemy.orm import Session

MEMORY_COLUMNS = [c for c in Memory.__table__.columns if c.name != "hmh_raw"]
"""The ``memories`` columns a record is built from (the raw hmharness line aside)."""


# --------------------------------------------------------------------------------------
# one row


def record_from_row(row: Any, supersedes: Sequence[str] = ()) -> MemoryRecord:
    """A :class:`MemoryRecord` from an ORM ``Memory`` or a Core row with the same names."""
    return MemoryRecord(
        id=row.id,
        layer=row.layer,
        content=row.content,
        source=row.source,
        provenance=row.provenance,
        confidence=row.confidence,
        timestamp=row.timestamp,
        environment=row.environment,
        session=row.session,
        tags=tuple(row.tags or ()),
        payload=row.payload,
        superseded_by=row.superseded_by,
        seq=row.seq,
        created_at=row.created_at,
        updated_at=row.updated_at,
        recall_count=row.recall_count,
        last_recalled_at=row.last_recalled_at,
        superseded_at=row.superseded_at,
        supersede_reason=row.supersede_reason,
        deleted_at=row.deleted_at,
        origin=row.origin,
        extra=dict(row.extra or {}),
        supersedes=tuple(supersedes),
    )


def event_from_row(row: Any) -> MemoryEvent:
    """A :class:`MemoryEvent` from an ORM ``MemoryEvent`` or a Core row with the same names."""
    return MemoryEvent(
        id=row.id,
        memory_id=row.memory_id,
        at=row.at,
        actor=row.actor,
        kind=row.kind,
        field=row.field,
        old=row.old,
        new=row.new,
        reason=row.reason,
        group_id=row.group_id,
        reverts_event_id=row.reverts_event_id,
    )


# --------------------------------------------------------------------------------------
# session lookups


def memory_row(session: Session, id: str) -> Memory:
    """The ORM row of memory ``id`` (deleted ones too); :class:`NotFound` if there is none."""
    row = session.scalars(sa.select(Memory).where(Memory.id == id)).one_or_none()
    if row is None:
        raise NotFound(f"no memory with id {id!r}")
    return row


def memory_rows(session: Session, ids: Iterable[str]) -> dict[str, Memory]:
    """The ORM rows of the memories ``ids`` that exist, by id (one query per 500 ids)."""
    wanted = sorted(set(ids))
    found: dict[str, Memory] = {}
    for i in range(0, len(wanted), 500):
        rows = session.scalars(sa.select(Memory).where(Memory.id.in_(wanted[i : i + 500])))
        found.update((r.id, r) for r in rows)
    return found


def deleted_states(session: Session, ids: Iterable[str]) -> dict[str, Any]:
    """``deleted_at`` of the memories ``ids`` that exist, by id (one query per 500 ids): what a
    link needs to know of the memory it points to, without reading its row."""
    wanted = sorted(set(ids))
    found: dict[str, Any] = {}
    for i in range(0, len(wanted), 500):
        stmt = sa.select(Memory.id, Memory.deleted_at).where(Memory.id.in_(wanted[i : i + 500]))
        found.update((mid, deleted) for mid, deleted in session.execute(stmt))
    return found


def live_memory_row(session: Session, id: str, what: str) -> Memory:
    """The row of a memory that is not deleted (``what`` completes "restore it before you …")."""
    row = memory_row(session, id)
    if row.deleted_at is not None:
        raise StoreError(f"memory {id} is deleted; restore it before you {what}")
    return row


def supersedes_of(session: Session, ids: Iterable[str]) -> dict[str, list[str]]:
    """For each of ``ids``, the live memories it supersedes (oldest first); absent when none."""
    ids = list(ids)
    out: dict[str, list[str]] = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        # deleted rows are left out here, not in SQL: with "deleted_at IS NULL" SQLite walks
        # the deleted_at index (every live row) instead of superseded_by's
        # (docs/decisions/0019-counts-without-reading-rows.md)
        rows = session.execute(
            sa.select(Memory.id, Memory.superseded_by, Memory.deleted_at)
            .where(Memory.superseded_by.in_(chunk))
            .order_by(Memory.seq)
        )
        for old_id, new_id, deleted_at in rows:
            if new_id is not None and deleted_at is None:
                out.setdefault(new_id, []).append(old_id)
    return out


def record_of(session: Session, row: Memory) -> MemoryRecord:
    """The record of ``row`` with its back-links (``supersedes``)."""
    return record_from_row(row, supersedes_of(session, [row.id]).get(row.id, ()))


def records_by_id(session: Session, ids: Sequence[str]) -> list[MemoryRecord]:
    """The memories that exist among ``ids``, in the order given (unknown ids are left out)."""
    found: dict[str, Any] = {}
    for i in range(0, len(ids), 500):
        cols = sa.select(*MEMORY_COLUMNS).where(Memory.id.in_(ids[i : i + 500]))
        for r in session.execute(cols):
            found[r.id] = r
    back = supersedes_of(session, found)
    return [record_from_row(found[i], back.get(i, ())) for i in ids if i in found]


# --------------------------------------------------------------------------------------
# many rows, fast


def read_records(
    db: Database, *, include_superseded: bool, include_deleted: bool
) -> list[MemoryRecord]:
    """Memories in insertion (``seq``) order, read as raw rows, no ORM
    (docs/decisions/0018-records-from-raw-rows.md)."""
    where = []
    if not include_superseded:
        where.append("superseded_by IS NULL")
    if not include_deleted:
        where.append("deleted_at IS NULL")
    columns = RAW_COLUMNS
    if db.dialect == "postgresql":  # the JSON columns as text, as SQLite hands them back
        columns = ", ".join(
            f"{c}::text" if c in ("payload", "tags", "extra") else c
            for c in RAW_COLUMNS.split(", ")
        )
    sql = f"SELECT {columns} FROM memories"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY seq"
    # 100k rows and records would set off several full GC passes over the heap: pause it
    with gc_policy.paused():
        with db.read() as s:
            # the DBAPI cursor directly: plain tuples, no Row objects (a third of the time)
            dbapi = s.connection().connection.dbapi_connection
            assert dbapi is not None  # a checked-out connection has its DBAPI connection
            cur = dbapi.cursor()
            try:
                rows = cur.execute(sql).fetchall()
                back: dict[str, list[str]] = {}
                links = cur.execute(
                    "SELECT id, superseded_by FROM memories WHERE superseded_by IS NOT NULL "
                    "AND deleted_at IS NULL ORDER BY seq"
                )
                for old_id, new_id in links:
                    back.setdefault(new_id, []).append(old_id)
            finally:
                cur.close()
        return records_from_raw(rows, back)

"""The memory store: add, edit, supersede, revert and read memories, with a full event log.

Every write runs in one ``BEGIN IMMEDIATE`` transaction (:meth:`Database.write`) and appends
:class:`~hmdesk.core.models.MemoryEvent` rows: who, when, what kind, which field, old value,
new value, why. The events of one user action share a ``group_id``, so a bulk edit is undone
as one (:meth:`MemoryStore.undo_last`).

Event kinds and what they record (``field``: ``old`` → ``new``):

==============  ==========================================================================
``add``         a memory was created in hmdesk (``field`` None, ``new`` = its fields)
``import``      a memory was created by an hmharness import (``field`` None)
``edit``        ``content`` / ``tags`` / ``layer`` / ``environment``: old → new (one per field)
``confidence``  ``confidence``: old → new, ``reason`` required
``superseded_by`` on the OLD memory: ``superseded_by``: previous value → id of the new one
``supersede``   on the NEW memory: ``supersedes``: None → old id (the back-link)
``delete``      ``deleted_at``: None → time (soft delete)
``restore``     ``deleted_at``: time → None
``sync``        an hmharness re-import changed ``field``: old → new (actor ``hmharness``)
``recall``      ``recall_count``: n → n + 1 (written by older versions; not revertible — a
                recall is now a row of the access log, :mod:`hmdesk.core.memory.access.log`)
``revert``      the inverse of event ``reverts_event_id``: ``field``: value before → value after
                (a revert, an undo or a redo: the group id says which, see :mod:`~.undo`)
``anchor``      a code anchor was added (core/codeindex/anchors.py; ``field`` ``anchor``)
``unanchor``    a code anchor was removed (neither is undone by undo nor revertible)
==============  ==========================================================================

Reverting an event sets its field back to the event's ``old`` value; reverting an ``add`` or
``import`` soft-deletes the memory; reverting a revert re-applies the original change. A
``supersedes`` back-link event is reverted through its ``superseded_by`` partner (same group).

This module holds :class:`MemoryStore`, the one entry point; the work is done in its neighbours:
:mod:`~hmdesk.core.memory.store.transaction` (the event writer), :mod:`~.rows` (rows → records),
:mod:`~.adding` (new memories and the input rules), :mod:`~.links` (supersede links),
:mod:`~.revert` (revert and undo) and :mod:`~.changes` (listeners and the data version).
"""

from __future__ import annotations

import builtins
import logging
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import Database, DatabaseError, iso
from hmdesk.core.memory.errors import NotFound, StoreError
from hmdesk.core.memory.record import MemoryEvent, MemoryRecord
from hmdesk.core.memory.safe_text import clean_text
from hmdesk.core.memory.store.adding import check_input, insert_memory
from hmdesk.core.memory.store.changes import ChangeNotifier, Listener
from hmdesk.core.memory.store.links import successor_confidence, supersede_in
from hmdesk.core.memory.store.revert import NothingToRevert, revert_in
from hmdesk.core.memory.store.rows import (
    event_from_row,
    live_memory_row,
    memory_row,
    read_records,
    record_from_row,
    record_of,
    records_by_id,
)
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.memory.store.undo import REVERT_PREFIX, UndoRedo, describe_group
from hmdesk.core.memory.validation import (
    validate_confidence,
    validate_content,
    validate_layer,
    validate_tags,
)
from hmdesk.core.models import Memory
from hmdesk.core.models import MemoryEvent as EventRow
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)

EDITABLE_FIELDS = ("content", "tags", "layer", "environment")
"""Fields :meth:`MemoryStore.edit` changes."""

HMH_FIELDS = (
    "layer",
    "content",
    "payload",
    "source",
    "provenance",
    "confidence",
    "timestamp",
    "environment",
    "session",
    "superseded_by",
    "tags",
)
"""hmharness's record fields as column names (``id`` aside)."""


def _reason(reason: object, what: str) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise StoreError(f"a reason is required to {what}; pass reason= (CLI: --reason TEXT)")
    return clean_text(reason.strip())


class MemoryStore(UndoRedo):
    """CRUD, edit, supersede, revert and history over one :class:`Database`. Thread-safe."""

    def __init__(self, db: Database, actor: str = "user", *, keep_index: bool = True) -> None:
        self.db = db
        self.actor = actor
        # after a write, store a new search-index snapshot when one is due (a few seconds per
        # 100k memories, every 5 % of changes); an app that does it in the background says False
        self.keep_index = keep_index
        self._changes = ChangeNotifier(
            db.path, db.read_only_uri, url=db.url if db.dialect == "postgresql" else None
        )

    # ---------------------------------------------------------------- infrastructure

    @contextmanager
    def _transaction(
        self,
        actor: str | None = None,
        *,
        want_created: bool = False,
        prefix: str = "",
        group: str | None = None,
        index: bool = True,
    ) -> Iterator[Transaction]:
        with self.db.write() as session:
            tx = Transaction(
                session=session,
                actor=actor or self.actor,
                group=group or prefix + uuid.uuid4().hex,
                at=iso(),
                want_created=want_created,
            )
            yield tx
            tx.flush_events()
            if tx.changed and self.db.dialect == "postgresql":
                # the server's search index, in this transaction (search_index.postgres_index)
                from hmdesk.core.memory.search_index.postgres_index import fill_session

                fill_session(session)
            # whether the stored search index is due for a refresh, asked in this transaction
            # (two small reads; a second session per write would cost more than the write)
            due = (
                bool(tx.changed)
                and index
                and self.keep_index
                and self.db.dialect == "sqlite"  # PostgreSQL keeps no stored snapshot
                and self._index_due(session)
            )
        if tx.changed:
            self._changes.committed(tx.changed)
            if due:
                self._keep_index()

    @staticmethod
    def _index_due(session: Session) -> bool:
        from hmdesk.core.memory.search_index.maintain import dbapi_of, index_due

        try:
            return index_due(dbapi_of(session))
        except (sqlite3.Error, ValueError):
            return True  # the refresh finds out what is wrong (and rebuilds)

    def _keep_index(self) -> None:
        from hmdesk.core.memory.search_index.maintain import maybe_refresh
        from hmdesk.core.memory.search_index.schema import SnapshotError

        try:
            maybe_refresh(self.db)
        except (
            SnapshotError,
            DatabaseError,
            sa.exc.SQLAlchemyError,
            sqlite3.Error,
            ValueError,
        ) as exc:
            # the write is committed; the stored index is only behind (searches read the
            # pending rows, the next write tries again)
            log.warning("the search index was not refreshed: %s", exc)

    def add_listener(self, cb: Listener) -> Callable[[], None]:
        """``cb(changed ids)`` after each commit, on the writing thread. Returns unsubscribe."""
        return self._changes.add_listener(cb)

    def data_version(self) -> int:
        """A number that grows on every committed change, by this store or any other connection
        or process (SQLite ``PRAGMA data_version`` on a private connection + a local counter)."""
        return self._changes.data_version()

    def close(self) -> None:
        """Close the private connection used by :meth:`data_version` (the Database stays open)."""
        self._changes.close()

    # ---------------------------------------------------------------- reading

    def get(self, id: str) -> MemoryRecord:
        """The memory ``id`` (deleted ones too). :class:`NotFound` if there is none."""
        with self.db.read() as s:
            return record_of(s, memory_row(s, id))

    def get_many(self, ids: Iterable[str]) -> builtins.list[MemoryRecord]:
        """The memories that exist among ``ids``, in the order given (unknown ids are left out)."""
        ids = builtins.list(ids)
        with self.db.read() as s:
            return records_by_id(s, ids)

    def list(
        self, *, include_superseded: bool = True, include_deleted: bool = False
    ) -> builtins.list[MemoryRecord]:
        """Memories in insertion (``seq``) order. Reads raw rows, no ORM
        (docs/decisions/0018-records-from-raw-rows.md)."""
        return read_records(
            self.db, include_superseded=include_superseded, include_deleted=include_deleted
        )

    def count(self) -> int:
        """Memories not deleted (superseded ones included)."""
        with self.db.read() as s:
            stmt = sa.select(sa.func.count()).select_from(Memory).where(Memory.deleted_at.is_(None))
            return int(s.execute(stmt).scalar_one())

    def all_tags(self) -> builtins.list[str]:
        """Every tag of a memory that is not deleted, sorted."""
        if self.db.dialect == "postgresql":  # sorted here: SQLite's order (code points)
            sql = (
                "SELECT DISTINCT j.value #>> '{}' FROM memories, "
                "json_array_elements(memories.tags) AS j "
                "WHERE memories.deleted_at IS NULL AND json_typeof(j.value) = 'string'"
            )
            with self.db.read() as s:
                return sorted(str(r[0]) for r in s.execute(sa.text(sql)))
        with self.db.read() as s:
            rows = s.execute(
                sa.text(
                    "SELECT DISTINCT j.value FROM memories, json_each(memories.tags) AS j "
                    "WHERE memories.deleted_at IS NULL AND j.type = 'text' ORDER BY j.value"
                )
            )
            return [r[0] for r in rows]

    def environments(self) -> builtins.list[str]:
        with self.db.read() as s:
            stmt = (
                sa.select(Memory.environment)
                .where(Memory.deleted_at.is_(None))
                .distinct()
                .order_by(Memory.environment)
            )
            return builtins.list(s.scalars(stmt))

    def recall_counts(self, ids: Iterable[str]) -> dict[str, tuple[int, str | None]]:
        """``{id: (recall_count, last_recalled_at)}`` as stored now (the access log keeps them:
        :mod:`hmdesk.core.memory.access.log`), for memories whose record was read earlier."""
        ids = builtins.list(dict.fromkeys(ids))
        out: dict[str, tuple[int, str | None]] = {}
        with self.db.read() as s:
            for i in range(0, len(ids), 500):
                q = sa.select(Memory.id, Memory.recall_count, Memory.last_recalled_at)
                for mid, n, last in s.execute(q.where(Memory.id.in_(ids[i : i + 500]))):
                    out[mid] = (int(n or 0), last)
        return out

    def successor_confidence(self, id: str) -> float:
        """What a memory that supersedes ``id`` with new text starts at (its highest)."""
        with self.db.read() as s:
            return successor_confidence(s, memory_row(s, id))

    def history(self, id: str) -> builtins.list[MemoryEvent]:
        """Every event of memory ``id``, oldest first."""
        with self.db.read() as s:
            memory_row(s, id)
            rows = s.scalars(
                sa.select(EventRow).where(EventRow.memory_id == id).order_by(EventRow.id)
            )
            return [event_from_row(r) for r in rows]

    def describe_change(self, events: Iterable[MemoryEvent]) -> str:
        """What the change made of ``events`` did, in words ("revert of edit of “…” (tags)"),
        as undo and redo say it; ``""`` for no events."""
        ids = [e.id for e in events]
        if not ids:
            return ""
        with self.db.read() as s:
            rows = builtins.list(s.scalars(sa.select(EventRow).where(EventRow.id.in_(ids))))
            return describe_group(s, rows) if rows else ""

    def events(self, *, limit: int = 100) -> builtins.list[MemoryEvent]:
        """The newest events of all memories, newest first."""
        with self.db.read() as s:
            rows = s.scalars(sa.select(EventRow).order_by(EventRow.id.desc()).limit(limit))
            return [event_from_row(r) for r in rows]

    def event(self, event_id: int) -> MemoryEvent:
        with self.db.read() as s:
            row = s.get(EventRow, event_id)
            if row is None:
                raise NotFound(f"no event with id {event_id}")
            return event_from_row(row)

    def last_event_id(self) -> int:
        """The id of the newest event (0 when there is none). Event ids grow in commit order
        (one writer at a time), whichever connection or process wrote them."""
        with self.db.read() as s:
            return int(s.execute(sa.select(sa.func.max(EventRow.id))).scalar() or 0)

    def changed_since(self, event_id: int) -> tuple[int, set[str]]:
        """``(newest event id, ids of the memories named by the events after event_id)``.

        Sees the writes of every connection and process on the database file (each write
        through a ``MemoryStore`` logs its events in its own transaction). Pass the returned id
        to the next call to get the changes after it; with no newer events it is ``event_id``."""
        with self.db.read() as s:
            rows = s.execute(
                sa.select(EventRow.id, EventRow.memory_id).where(EventRow.id > event_id)
            ).all()
        last = max((int(r[0]) for r in rows), default=event_id)
        return max(last, event_id), {r[1] for r in rows}

    # ---------------------------------------------------------------- adding

    def add(
        self,
        content: str,
        *,
        layer: str = "semantic",
        tags: Iterable[str] = (),
        confidence: float = 0.7,
        source: str = "hmdesk",
        provenance: str = "manual",
        environment: str = "harmonyos",
        session: str = "hmdesk",
        payload: Any = None,
        id: str | None = None,
        timestamp: str | None = None,
        actor: str | None = None,
        reason: str | None = None,
    ) -> MemoryRecord:
        """Create a memory (one ``add`` event). Content, tags, layer and environment must pass
        :func:`~hmdesk.core.memory.validation.memory_input_problem` (the editor's rules)."""
        check_input(content, tags, layer, environment)
        with self._transaction(actor) as tx:
            row = insert_memory(
                tx,
                content,
                layer=layer,
                tags=tags,
                confidence=confidence,
                source=source,
                provenance=provenance,
                environment=environment,
                session=session,
                payload=payload,
                id=id,
                timestamp=timestamp,
                reason=reason,
            )
            return record_from_row(row)

    # ---------------------------------------------------------------- editing

    def edit(
        self,
        id: str,
        *,
        content: str | None = None,
        tags: Iterable[str] | None = None,
        layer: str | None = None,
        environment: str | None = None,
        reason: str | None = None,
        actor: str | None = None,
    ) -> MemoryRecord:
        """Change content, tags, layer and/or environment: one ``edit`` event per changed field.
        Nothing changed → no event. The memory after the edit must pass
        :func:`~hmdesk.core.memory.validation.memory_input_problem` (the editor's rules)."""
        new: dict[str, Any] = {}
        if content is not None:
            new["content"] = validate_content(content)
        if tags is not None:
            new["tags"] = validate_tags(tags)
        if layer is not None:
            new["layer"] = validate_layer(layer)
        if environment is not None:
            if not isinstance(environment, str):
                raise StoreError(f"environment must be text, got {environment!r}")
            new["environment"] = clean_text(environment)
        with self._transaction(actor) as tx:
            row = live_memory_row(tx.session, id, "edit it")
            if "tags" not in new and row.tags and any(" " in t for t in row.tags):
                new["tags"] = validate_tags(row.tags)  # a workspace tag with spaces, repaired
            if any(getattr(row, name) != value for name, value in new.items()):
                check_input(
                    new.get("content", row.content),
                    new.get("tags", row.tags or ()),
                    new.get("layer", row.layer),
                    new.get("environment", row.environment),
                )
            for name, value in new.items():
                old = getattr(row, name)
                if old == value:
                    continue
                setattr(row, name, value)
                tx.event(id, "edit", name, old, value, reason)
            if tx.events:
                tx.touch(row)
            return record_of(tx.session, row)

    def set_confidence(
        self, id: str, value: float, *, reason: str, actor: str | None = None
    ) -> MemoryRecord:
        """Set the confidence (0..1); a reason is required."""
        conf = validate_confidence(value)
        why = _reason(reason, "change a confidence")
        with self._transaction(actor) as tx:
            row = live_memory_row(tx.session, id, "change its confidence")
            self._set_confidence_in(tx, row, conf, why)
            return record_of(tx.session, row)

    def _set_confidence_in(self, tx: Transaction, row: Memory, conf: float, why: str) -> None:
        if row.confidence == conf:
            return
        tx.event(row.id, "confidence", "confidence", row.confidence, conf, why)
        row.confidence = conf
        tx.touch(row)

    # ---------------------------------------------------------------- supersede

    def supersede(
        self,
        old_id: str,
        *,
        by: str | None = None,
        content: str | None = None,
        reason: str,
        actor: str | None = None,
        confidence: float | None = None,
        **new_fields: Any,
    ) -> MemoryRecord:
        """Mark ``old_id`` superseded by the memory ``by``, or by a new memory with ``content``
        (created in the same transaction; ``new_fields`` are passed to :meth:`add`, and layer,
        environment and tags default to the old memory's, confidence to the highest it held:
        :func:`~.links.successor_confidence`). Returns the NEW memory."""
        if (by is None) == (content is None):
            raise StoreError("supersede needs exactly one of by= (an existing id) or content=")
        if confidence is not None:
            new_fields["confidence"] = confidence
        if by is not None and new_fields:
            raise StoreError(f"{', '.join(new_fields)} only apply with content=")
        why = _reason(reason, "supersede a memory")
        with self._transaction(actor) as tx:
            old = live_memory_row(tx.session, old_id, "supersede it")
            if by is None:
                assert content is not None
                fields: dict[str, Any] = {
                    "layer": old.layer,
                    "environment": old.environment,
                    "tags": builtins.list(old.tags or ()),
                    "confidence": successor_confidence(tx.session, old),
                }
                fields.update(new_fields)
                try:
                    new = insert_memory(tx, content, reason=why, **fields)
                except TypeError as exc:
                    raise StoreError(f"bad field for the new memory: {exc}") from exc
            else:
                new = live_memory_row(tx.session, by, "supersede with it")
            supersede_in(tx, old, new, why)
            return record_of(tx.session, new)

    # ---------------------------------------------------------------- delete / restore

    def delete(
        self, id: str, *, reason: str | None = None, actor: str | None = None
    ) -> MemoryRecord:
        """Soft delete: the memory stays, hidden from lists and retrieval, and can be restored."""
        return self.delete_many([id], reason=reason, actor=actor)[0]

    def delete_many(
        self, ids: Iterable[str], *, reason: str | None = None, actor: str | None = None
    ) -> builtins.list[MemoryRecord]:
        """Soft-delete several memories in one transaction: one undo step, all or nothing."""
        return self._set_deleted(ids, True, reason, actor)

    def restore(self, id: str, *, actor: str | None = None) -> MemoryRecord:
        return self.restore_many([id], actor=actor)[0]

    def restore_many(
        self, ids: Iterable[str], *, actor: str | None = None
    ) -> builtins.list[MemoryRecord]:
        """Restore several soft-deleted memories in one transaction: one undo step."""
        return self._set_deleted(ids, False, None, actor)

    def _set_deleted(
        self, ids: Iterable[str], deleted: bool, reason: str | None, actor: str | None
    ) -> builtins.list[MemoryRecord]:
        ids = builtins.list(dict.fromkeys(ids))
        if not ids:
            raise StoreError("no memories selected")
        with self._transaction(actor) as tx:
            out = []
            for id in ids:
                row = memory_row(tx.session, id)
                if deleted and row.deleted_at is not None:
                    raise StoreError(f"memory {id} is already deleted (at {row.deleted_at})")
                if not deleted and row.deleted_at is None:
                    raise StoreError(f"memory {id} is not deleted; nothing to restore")
                old, new = row.deleted_at, (tx.at if deleted else None)
                tx.event(id, "delete" if deleted else "restore", "deleted_at", old, new, reason)
                row.deleted_at = new
                tx.touch(row)
                out.append(record_of(tx.session, row))
            return out

    # ---------------------------------------------------------------- bulk

    def _rows(self, session: Session, ids: Iterable[str], what: str) -> builtins.list[Memory]:
        ids = builtins.list(dict.fromkeys(ids))
        if not ids:
            raise StoreError("no memories selected")
        return [live_memory_row(session, i, what) for i in ids]

    def bulk_set_confidence(
        self, ids: Iterable[str], value: float, *, reason: str, actor: str | None = None
    ) -> str:
        """Set one confidence on many memories in one transaction. Returns the group id."""
        conf = validate_confidence(value)
        why = _reason(reason, "change a confidence")
        with self._transaction(actor) as tx:
            for row in self._rows(tx.session, ids, "change its confidence"):
                self._set_confidence_in(tx, row, conf, why)
            return tx.group

    def bulk_add_tag(self, ids: Iterable[str], tag: str, *, actor: str | None = None) -> str:
        (tag,) = validate_tags([tag]) or [""]
        if not tag:
            raise StoreError("the tag is empty")
        with self._transaction(actor) as tx:
            for row in self._rows(tx.session, ids, "tag it"):
                old = builtins.list(row.tags or ())
                if tag not in old:
                    row.tags = [*old, tag]
                    tx.touch(row)
                    tx.event(row.id, "edit", "tags", old, row.tags)
            return tx.group

    def bulk_remove_tag(self, ids: Iterable[str], tag: str, *, actor: str | None = None) -> str:
        with self._transaction(actor) as tx:
            for row in self._rows(tx.session, ids, "untag it"):
                old = builtins.list(row.tags or ())
                if tag in old:
                    row.tags = [t for t in old if t != tag]
                    tx.touch(row)
                    tx.event(row.id, "edit", "tags", old, row.tags)
            return tx.group

    def bulk_supersede(
        self, ids: Iterable[str], *, by: str, reason: str, actor: str | None = None
    ) -> str:
        why = _reason(reason, "supersede a memory")
        with self._transaction(actor) as tx:
            new = live_memory_row(tx.session, by, "supersede with it")
            for row in self._rows(tx.session, ids, "supersede it"):
                supersede_in(tx, row, new, why)
            return tx.group

    # ---------------------------------------------------------------- revert / undo

    def revert(self, event_id: int, *, actor: str | None = None) -> builtins.list[MemoryEvent]:
        """Undo one event: set its field back to the old value (see the module doc).
        Returns the ``revert`` events written. A revert is a change of its own: undo undoes it."""
        with self._transaction(actor, want_created=True, prefix=REVERT_PREFIX) as tx:
            event = tx.session.get(EventRow, event_id)
            if event is None:
                raise NotFound(f"no event with id {event_id}; see `hmdesk-cli history ID`")
            try:
                revert_in(tx, event)
            except NothingToRevert as exc:
                raise StoreError(str(exc)) from exc
        return tx.created

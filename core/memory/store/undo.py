"""Undo and redo: the user's changes as a stack, read back from the event log.

Every write is one group of events (``group_id``). The groups this module writes are named by a
prefix, so the log itself says what each group was:

* ``undo-…`` — an undo: ``revert`` events that undo the events of an earlier group;
* ``redo-…`` — a redo: ``revert`` events that undo an undo (the change is back);
* ``revert-…`` — a revert the user asked for (History, ``hmdesk-cli revert``): a user action like
  an edit, so Ctrl+Z undoes it (the change it reverted comes back);
* anything else — a user action (add, edit, confidence, supersede, delete, restore). A ``revert``
  group without a prefix was written by an older hmdesk's undo and is read as an undo.

:func:`undo_newest_group` walks the log back, newest group first: an undo marks the events it
undid, and the first user action (or redo) with events left to revert is reverted, in an
``undo-`` group. :func:`redo_newest_undo` walks back the same way: a redo marks the undo it
redid, and the newest undo not redone yet is reverted, in a ``redo-`` group — unless a user
action came after it (a new change ends what can be redone, as in any editor). Recalls,
imports, hmharness syncs and code anchors are never undone and never end a redo.

:func:`describe_group` says in words what a group did ("edit of “Use hdc -t …” (content)"), for
"Undid: …" / "Redid: …" in the window's status bar and the CLI.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import sqlalchemy as sa
from hmdesk.core.memory.record import MemoryEvent
from hmdesk.core.memory.store.revert import NothingToRevert, revert_in
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.models import Memory
from hmdesk.core.models import MemoryEvent as EventRow
from sqlalchemy.orm import Session

UNDO_PREFIX = "undo-"
REDO_PREFIX = "redo-"
REVERT_PREFIX = "revert-"
NOT_UNDOABLE_KINDS = ("recall", "import", "sync", "anchor", "unanchor")
"""Event kinds undo and redo leave alone (and walk past)."""

TITLE_CHARS = 40


@dataclass(frozen=True)
class UndoStep:
    """What one undo or redo did: the ``revert`` events written and, in words, the change
    undone or redone (``""`` when there was nothing to undo or redo)."""

    events: list[MemoryEvent] = field(default_factory=list)
    what: str = ""


def is_undo_group(group_id: str, events: Sequence[EventRow]) -> bool:
    """An undo's group (or, without a prefix, an older hmdesk's undo)."""
    if group_id.startswith(UNDO_PREFIX):
        return True
    if group_id.startswith((REDO_PREFIX, REVERT_PREFIX)):
        return False
    return bool(events) and all(e.kind == "revert" for e in events)


def _groups_newest_first(s: Session) -> Iterator[tuple[str, list[EventRow]]]:
    """Each group of user-facing events, newest first, with its events newest first."""
    checked: set[str] = set()
    before: int | None = None
    while True:
        stmt = sa.select(EventRow.id, EventRow.group_id).where(
            EventRow.kind.not_in(NOT_UNDOABLE_KINDS), EventRow.group_id.is_not(None)
        )
        if before is not None:
            stmt = stmt.where(EventRow.id < before)
        batch = s.execute(stmt.order_by(EventRow.id.desc()).limit(200)).all()
        if not batch:
            return
        for event_id, group_id in batch:
            before = event_id
            if group_id is None or group_id in checked:
                continue
            checked.add(group_id)
            events = s.scalars(
                sa.select(EventRow)
                .where(EventRow.group_id == group_id)
                .order_by(EventRow.id.desc())
            ).all()
            yield group_id, list(events)


def _revert_all(tx: Transaction, events: Sequence[EventRow], skip: set[int]) -> bool:
    """Revert the events not in ``skip`` (back-links go with their partner); True if any was."""
    before = len(tx.events)
    for e in events:
        if e.field == "supersedes" or e.kind in NOT_UNDOABLE_KINDS or e.id in skip:
            continue
        try:
            revert_in(tx, e)
        except NothingToRevert:
            continue
    return len(tx.events) > before


def undo_newest_group(tx: Transaction) -> str:
    """Revert, in ``tx`` (whose group must be an ``undo-`` one), the newest user action or redo
    not undone yet. Returns what was undone in words; ``""`` (nothing written) if nothing is
    left to undo."""
    s = tx.session
    undone: set[int] = set()
    for group_id, events in _groups_newest_first(s):
        if is_undo_group(group_id, events):
            # an undo that was itself undone (an older hmdesk's revert of a revert) undid nothing
            undone.update(
                e.reverts_event_id
                for e in events
                if e.reverts_event_id is not None and e.id not in undone
            )
            continue
        if _revert_all(tx, events, undone):
            return describe_group(s, events)
    return ""


def redo_newest_undo(tx: Transaction) -> str:
    """Revert, in ``tx`` (whose group must be a ``redo-`` one), the newest undo not redone yet,
    when no user action came after it. Returns what was redone in words; ``""`` (nothing
    written) if there is nothing to redo."""
    s = tx.session
    redone: set[int] = set()
    for group_id, events in _groups_newest_first(s):
        if group_id.startswith(REDO_PREFIX):
            redone.update(e.reverts_event_id for e in events if e.reverts_event_id is not None)
            continue
        if not group_id.startswith(UNDO_PREFIX):
            return ""  # a change after the last undo: nothing to redo
        if _revert_all(tx, events, redone):
            return describe_group(s, events)
    return ""


# ---------------------------------------------------------------------------- in words

_NOUNS = {
    "add": "new memory",
    "edit": "edit",
    "confidence": "confidence change",
    "superseded_by": "supersede",
    "supersede": "supersede",
    "delete": "delete",
    "restore": "restore",
}
_PRIORITY = ("superseded_by", "add", "delete", "restore", "confidence", "edit")


def _origin(s: Session, e: EventRow) -> EventRow:
    """The user's event behind an undo's or redo's ``revert`` event."""
    for _ in range(1000):
        if e.kind != "revert" or e.reverts_event_id is None:
            return e
        group = e.group_id or ""
        if not (group.startswith((UNDO_PREFIX, REDO_PREFIX)) or is_undo_group(group, [e])):
            return e
        target = s.get(EventRow, e.reverts_event_id)
        if target is None:
            return e
        e = target
    return e


def _title(s: Session, memory_id: str) -> str:
    content = s.execute(sa.select(Memory.content).where(Memory.id == memory_id)).scalar()
    text = " ".join(str(content or "").split())
    if not text:
        return "a memory"
    if len(text) > TITLE_CHARS:
        cut = text[:TITLE_CHARS].rsplit(" ", 1)[0] if " " in text[:TITLE_CHARS] else ""
        text = (cut or text[:TITLE_CHARS]) + " …"
    return f"“{text}”"


def describe_group(s: Session, events: Sequence[EventRow]) -> str:
    """What the group of ``events`` did, in words: "edit of “…” (content, tags)", "delete of 3
    memories", "revert of confidence change of “…”"; an undo's or redo's events are described
    by the change behind them."""
    main = [_origin(s, e) for e in events if e.field != "supersedes"] or list(events)
    if all(e.kind == "revert" for e in main):  # a revert the user asked for
        behind = [s.get(EventRow, e.reverts_event_id) for e in main if e.reverts_event_id]
        inner = [b for b in behind if b is not None]
        if inner and all(b.kind != "revert" for b in inner):
            return "revert of " + describe_group(s, inner)
        return f"revert of {_subject(s, main)}"
    kinds = {e.kind for e in main}
    kind = next((k for k in _PRIORITY if k in kinds), main[0].kind)
    if kind == "superseded_by":
        main = [e for e in main if e.kind == "superseded_by"]
    elif kind == "add":
        main = [e for e in main if e.kind == "add"]
    text = f"{_NOUNS.get(kind, kind)} of {_subject(s, main)}"
    if kind == "add":
        text = f"new memory {_subject(s, main)}"
    if kind == "edit":
        fields = sorted({str(e.field) for e in main if e.field})
        text += f" ({', '.join(fields)})"
    elif kind == "confidence" and len(main) == 1:
        old, new = main[0].old, main[0].new
        if isinstance(old, int | float) and isinstance(new, int | float):
            text += f" ({old:.2f} → {new:.2f})"
    return text


def _subject(s: Session, events: Sequence[EventRow]) -> str:
    ids = list(dict.fromkeys(e.memory_id for e in events))
    if len(ids) == 1:
        return _title(s, ids[0])
    return f"{len(ids)} memories"

"""Undo and redo: the user's changes as a stack, read back from the event log.

Every write is one group of events (``group_id``). The groups this module writes are named by a
prefix, so the log itself says what each group was:

* ``undo-…`` — an undo: ``revert`` events that undo the events of an earlier group;
* ``redo-…`` — a redo: ``revert`` events that undo an undo (the change is back);
* ``revert-…`` — a revert the user asked for (History, ``hmdesk-cli revert``): a user action like
  an edit, so Ctrl+Z undoes it (the change it reverted comes back);
* anything else — a user action (add, edit, confidence, supersede, delete, restore). A ``revert``
  group without a prefix was written by an older hmdesk's undo and is read as an undo.

Undo is per actor: the walk reads only the groups of one actor (the current user), so Alice's
undo never takes back Bob's edit on a team store. :func:`plan_undo` walks the log back, newest
group first: an undo marks the events it undid, and the first user action (or redo) with events
left to revert is the one to undo. :func:`plan_redo` walks back the same way: a redo marks the
undo it redid, and the newest undo not redone yet is the one to redo — unless a user action came
after it (a new change ends what can be redone, as in any editor). Recalls, imports, hmharness
syncs and code anchors are never undone and never end a redo. The plan is read without the write
lock; :func:`revert_step` then writes it in short transactions of one ``undo-``/``redo-`` group.

A long step can be stopped (``cancelled()``, asked where progress is reported: after each
committed transaction, never inside one). What is committed stays: each memory is reverted whole
or not at all. The next undo (redo) of the same user finds the events left and writes them into
the stopped step's group when that step is still the user's newest (:attr:`StepPlan.resume`), so
the finished step is one group: one redo brings all of it back.

:func:`describe_group` says in words what a group did ("edit of “Use hdc -t …” (content)"), for
"Undid: …" / "Redid: …" in the window's status bar and the CLI.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import Database
from hmdesk.core.memory.record import MemoryEvent
from hmdesk.core.memory.store.revert import NothingToRevert, RevertCache, revert_in
from hmdesk.core.memory.store.rows import event_from_row
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
    actor: str = ""  # whose change it was
    done: int = 0  # the changes (events of the plan) taken back by this step …
    total: int = 0  # … of those the plan had left; done < total: the step was stopped

    @property
    def stopped(self) -> bool:
        """Stopped before the end (``cancelled``): the rest is left for the next step."""
        return self.done < self.total

    def stopped_text(self, verb: str, again: str) -> str:
        """What a stopped step left, in words, for the status bar and the CLI (``verb``: "undo"
        or "redo"; ``again``: what the user does to finish it, "Ctrl+Z")."""
        past = "undone" if verb == "undo" else "redone"
        left = self.total - self.done
        state = "unchanged" if verb == "undo" else "still undone"
        return (
            f"{verb.capitalize()} stopped: {self.done:,} of {self.total:,} changes {past} "
            f"({self.what}); the other {left:,} are {state}. {again} finishes it."
        )


def is_undo_group(group_id: str, events: Sequence[EventRow]) -> bool:
    """An undo's group (or, without a prefix, an older hmdesk's undo)."""
    if group_id.startswith(UNDO_PREFIX):
        return True
    if group_id.startswith((REDO_PREFIX, REVERT_PREFIX)):
        return False
    return bool(events) and all(e.kind == "revert" for e in events)


_EVENT_COLUMNS = tuple(EventRow.__table__.c)


def _groups_newest_first(s: Session, actor: str | None) -> Iterator[tuple[str, list[Any]]]:
    """Each group of user-facing events of ``actor`` (None: of anyone), newest first, with its
    events newest first."""
    checked: set[str] = set()
    before: int | None = None
    while True:
        stmt = sa.select(EventRow.id, EventRow.group_id).where(
            EventRow.kind.not_in(NOT_UNDOABLE_KINDS), EventRow.group_id.is_not(None)
        )
        if actor is not None:
            stmt = stmt.where(EventRow.actor == actor)
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
            # Core rows with the ORM's names (read-only here): a consolidation's group holds
            # 40,000 events, and ORM objects cost three times as much to make
            events = s.execute(
                sa.select(*_EVENT_COLUMNS)
                .where(EventRow.group_id == group_id)
                .order_by(EventRow.id.desc())
            ).all()
            yield group_id, list(events)


@dataclass(frozen=True)
class StepPlan:
    """The group an undo or redo would take back: whose it is, what it did in words, and the
    ids of the events to revert (newest first)."""

    group_id: str
    actor: str
    what: str
    event_ids: list[int]
    back_links: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    resume: str | None = None  # the group of a stopped step of this one, to write the rest into


def _plan(
    group_id: str,
    events: Sequence[EventRow],
    skip: set[int],
    s: Session,
    newest: tuple[str, Sequence[EventRow]] | None,
    prefix: str,
) -> StepPlan:
    todo = [
        e.id
        for e in events
        if e.field != "supersedes" and e.kind not in NOT_UNDOABLE_KINDS and e.id not in skip
    ]
    back = RevertCache.back_links(events)
    resume = None
    if todo and newest is not None and newest[0].startswith(prefix):
        # the user's newest group is an undo (redo) of part of this one: a stopped step
        ids = {e.id for e in events}
        if all(e.reverts_event_id in ids for e in newest[1]):
            resume = newest[0]
    return StepPlan(group_id, events[0].actor, describe_group(s, events), todo, back, resume)


def plan_undo(s: Session, actor: str | None, passed: Collection[str] = ()) -> StepPlan | None:
    """The newest user action (or redo) of ``actor`` (None: of anyone) with events not undone
    yet, leaving out the groups ``passed``; None if nothing is left to undo."""
    undone: set[int] = set()
    newest: tuple[str, Sequence[EventRow]] | None = None
    for group_id, events in _groups_newest_first(s, actor):
        newest = newest or (group_id, events)
        if is_undo_group(group_id, events):
            # an undo that was itself undone (an older hmdesk's revert of a revert) undid nothing
            undone.update(
                e.reverts_event_id
                for e in events
                if e.reverts_event_id is not None and e.id not in undone
            )
            continue
        plan = _plan(group_id, events, undone, s, newest, UNDO_PREFIX)
        if plan.event_ids and group_id not in passed:
            return plan
    return None


def plan_redo(s: Session, actor: str | None, passed: Collection[str] = ()) -> StepPlan | None:
    """The newest undo of ``actor`` not redone yet, when no action of theirs came after it;
    None if there is nothing to redo."""
    redone: set[int] = set()
    newest: tuple[str, Sequence[EventRow]] | None = None
    for group_id, events in _groups_newest_first(s, actor):
        newest = newest or (group_id, events)
        if group_id.startswith(REDO_PREFIX):
            redone.update(e.reverts_event_id for e in events if e.reverts_event_id is not None)
            continue
        if not group_id.startswith(UNDO_PREFIX):
            return None  # a change after the last undo: nothing to redo
        plan = _plan(group_id, events, redone, s, newest, REDO_PREFIX)
        if plan.event_ids and group_id not in passed:
            return plan
    return None


LOCK_SECONDS = 0.25
"""How long one transaction of a long undo or redo holds the write lock before it commits
and lets other writers in (requirement: never more than a second at a time). The batch under
way and the read-back of the events written come on top, and a process waiting for a core
holds it longer: at 0.5 s a transaction of the 20,000-merge undo of bench_undo held it 0.6 s
(load 6 on 2 cores) and up to 1.01 s (load 8); at 0.25 s, 0.3 s (load 8)."""

BATCH = 200
"""Events read and reverted together (one query for their rows)."""

Progress = Callable[[int, int], None]
"""``progress(events done, events in all)``, after each committed transaction."""

Cancelled = Callable[[], bool]
"""``cancelled()``: asked right after each ``progress`` (between transactions); True stops the
step there (``threading.Event().is_set`` from a window's Cancel, a flag set by Ctrl+C)."""


TITLED = 20
"""Up to this many events, what a step did is said after it (a memory's title is its content
after the undo); a larger step names "N memories", said from the plan."""

Planner = Callable[[Session, str | None, Collection[str]], StepPlan | None]
""":func:`plan_undo` or :func:`plan_redo`."""


def take_step(
    read: Callable[[], AbstractContextManager[Session]],
    transaction: Callable[[str], AbstractContextManager[Transaction]],
    planner: Planner,
    group: str,
    who: str,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> UndoStep:
    """One undo or redo (``planner``) of ``who``'s changes, written as group ``group`` (or into
    the group of the stopped step it finishes): the plan is read in ``read()`` sessions, written
    by :func:`revert_step`; a change whose every event was undone since is passed for the one
    before it. ``cancelled()`` stops it between two transactions (:attr:`UndoStep.stopped`)."""
    passed: set[str] = set()
    while True:
        with read() as s:
            plan = planner(s, who, passed)
        if plan is None:
            return UndoStep()
        created, done = revert_step(transaction, plan, plan.resume or group, progress, cancelled)
        total = len(plan.event_ids)
        if done < total or (created and total > TITLED):  # stopped, or large: said from the plan
            return UndoStep(created, plan.what, plan.actor, done, total)
        if created:  # said again after the step: a title is the memory's content now
            with read() as s:
                events = s.scalars(
                    sa.select(EventRow)
                    .where(EventRow.group_id == plan.group_id)
                    .order_by(EventRow.id.desc())
                ).all()
                return UndoStep(created, describe_group(s, events), plan.actor, done, total)
        passed.add(plan.group_id)


def revert_step(
    transaction: Callable[[str], AbstractContextManager[Transaction]],
    plan: StepPlan,
    group: str,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> tuple[list[MemoryEvent], int]:
    """Revert the events of ``plan`` in transactions of group ``group`` (``transaction(group)``
    opens one), each holding the write lock about :data:`LOCK_SECONDS`: a 20,000-merge undo never
    stops other writers for long. Each transaction commits whole; if the process dies between
    two, or ``cancelled()`` says stop after one, the next undo finds the events reverted so far
    marked by this group and takes back the rest. Returns the ``revert`` events written and how
    many of the plan's events were taken back (all of them unless stopped)."""
    created: list[MemoryEvent] = []
    todo = plan.event_ids
    done = 0
    cache = RevertCache(plan.back_links)
    last: int | None = None  # the newest event of ``group`` read back (a resumed group has some)
    while done < len(todo):
        with transaction(group) as tx:
            s = tx.session
            deadline = time.monotonic() + LOCK_SECONDS
            if last is None:
                last = (
                    s.scalar(sa.select(sa.func.max(EventRow.id)).where(EventRow.group_id == group))
                    if plan.resume == group
                    else 0
                ) or 0
            while done < len(todo):  # one batch at least, more while the time allows
                ids = todo[done : done + BATCH]
                by_id = {
                    e.id: e
                    for e in s.execute(sa.select(*_EVENT_COLUMNS).where(EventRow.id.in_(ids)))
                }
                events = [by_id[i] for i in ids if i in by_id]
                cache.load(s, events)
                for e in events:
                    try:
                        revert_in(tx, e, cache)
                    except NothingToRevert:
                        continue
                tx.flush_events()
                done += len(ids)
                if time.monotonic() >= deadline:
                    break
            # the events written, read back at once (RETURNING costs one statement per row)
            written = sa.select(*_EVENT_COLUMNS).where(
                EventRow.group_id == group, EventRow.id > last
            )
            created.extend(event_from_row(r) for r in s.execute(written.order_by(EventRow.id)))
            if created:
                last = created[-1].id
        if progress is not None:
            progress(done, len(todo))
        if cancelled is not None and done < len(todo) and cancelled():
            break
    return created, done


class UndoRedo:
    """Undo and redo of a :class:`~hmdesk.core.memory.store.MemoryStore` (its base class):
    :meth:`undo_step` / :meth:`redo_step` and :meth:`next_undo`, which says whose change is
    the newest (the window asks before undoing a teammate's)."""

    actor: str
    db: Database
    keep_index: bool

    def _transaction(
        self, actor: str | None = None, *, group: str | None = None, index: bool = True
    ) -> AbstractContextManager[Transaction]:
        raise NotImplementedError

    def _keep_index(self) -> None:
        raise NotImplementedError

    @staticmethod
    def _index_due(session: Session) -> bool:
        raise NotImplementedError

    def undo_last(self, *, actor: str | None = None) -> list[MemoryEvent]:
        """Revert every event of the newest user change not undone yet (a revert from history
        included; recalls, imports and syncs are not undone by this). [] if there is none."""
        return self.undo_step(actor=actor).events

    def redo_last(self, *, actor: str | None = None) -> list[MemoryEvent]:
        """Re-apply the newest undone change, if no change came after its undo. [] if none."""
        return self.redo_step(actor=actor).events

    def undo_step(
        self,
        *,
        actor: str | None = None,
        of: str | None = None,
        progress: Progress | None = None,
        cancelled: Cancelled | None = None,
    ) -> UndoStep:
        """:meth:`undo_last`, with what was undone in words. Only the changes of ``actor``
        (this store's user) are undone, unless ``of`` names another actor (after asking:
        :meth:`next_undo`). ``progress(done, total)`` after each short transaction, then
        ``cancelled()``: True stops the undo there (:attr:`UndoStep.stopped`; the next undo
        finishes it)."""
        return self._step(plan_undo, UNDO_PREFIX, actor, of, progress, cancelled)

    def redo_step(
        self,
        *,
        actor: str | None = None,
        of: str | None = None,
        progress: Progress | None = None,
        cancelled: Cancelled | None = None,
    ) -> UndoStep:
        """:meth:`redo_last`, with what was redone in words (stopped as :meth:`undo_step`)."""
        return self._step(plan_redo, REDO_PREFIX, actor, of, progress, cancelled)

    def next_undo(self, *, anyone: bool = True) -> StepPlan | None:
        """The change an undo would take back — the newest of anyone (``anyone``) or of this
        store's user — with whose it is (``actor``) and what it did (``what``); None if none."""
        with self.db.read() as s:
            return plan_undo(s, None if anyone else self.actor)

    def _step(
        self,
        planner: Planner,
        prefix: str,
        actor: str | None,
        of: str | None,
        progress: Progress | None,
        cancelled: Cancelled | None = None,
    ) -> UndoStep:
        who = actor or self.actor

        def tx(group: str) -> AbstractContextManager[Transaction]:
            return self._transaction(who, group=group, index=False)

        group = prefix + uuid.uuid4().hex
        step = take_step(self.db.read, tx, planner, group, of or who, progress, cancelled)
        if step.events and self.keep_index and self.db.dialect == "sqlite":
            with self.db.read() as s:  # one index refresh after the whole step, not per part
                due = self._index_due(s)
            if due:
                self._keep_index()
        return step


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
    return f"{len(ids):,} memories"

"""Undo and redo (core/memory/store/undo.py): the user's changes as a stack, said in words."""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa
from hmdesk.core.db import iso
from hmdesk.core.models import MemoryEvent as EventRow
from hmdesk.core.models import table_of

from tests.fixtures.consolidation import consolidated


def test_undo_after_a_revert_from_history_undoes_the_revert(store):
    """Issue 11 item 6: Ctrl+Z after a History revert soft-deleted the replacement."""
    old = store.add("hdc shell accepts -t after shell", confidence=0.95)
    new = store.supersede(old.id, content="-t goes before shell", reason="wrong order")
    link = next(e for e in store.history(old.id) if e.field == "superseded_by")
    store.revert(link.id)  # from History: the supersede is undone
    assert store.get(old.id).superseded_by is None
    step = store.undo_step()
    assert step.what.startswith("revert of supersede of “hdc shell accepts")
    assert store.get(old.id).superseded_by == new.id  # the revert is undone: linked again
    assert not store.get(new.id).is_deleted  # and the replacement is still there
    step = store.redo_step()
    assert step.what.startswith("revert of supersede")
    assert store.get(old.id).superseded_by is None


def test_redo_reapplies_what_undo_undid_in_order(store):
    m = store.add("one")
    store.edit(m.id, content="two", tags=["t"])
    store.set_confidence(m.id, 0.3, reason="r")
    assert store.undo_step().what == "confidence change of “two” (0.70 → 0.30)"
    assert store.undo_step().what == "edit of “one” (content, tags)"
    assert (store.get(m.id).content, store.get(m.id).confidence) == ("one", 0.7)
    assert store.redo_step().what == "edit of “two” (content, tags)"
    assert store.get(m.id).content == "two" and store.get(m.id).confidence == 0.7
    redo = store.redo_step()
    assert redo.what.startswith("confidence change") and store.get(m.id).confidence == 0.3
    assert store.redo_step().events == []  # nothing left to redo
    # undo after redo undoes the redone change again
    assert store.undo_step().what.startswith("confidence change")
    assert store.get(m.id).confidence == 0.7
    assert store.undo_step().what.startswith("edit of")
    assert store.get(m.id).content == "one"


def test_a_new_change_ends_redo(store):
    m = store.add("one")
    store.edit(m.id, content="two")
    store.undo_last()
    store.edit(m.id, tags=["x"])
    assert store.redo_last() == []
    assert store.get(m.id).content == "one"


def test_recalls_do_not_end_redo_and_are_not_undone(store):
    m = store.add("one")
    store.edit(m.id, content="two")
    store.undo_last()
    from hmdesk.core.memory.access import AccessLog

    AccessLog(store.db).record_run(1, [m.id])
    assert store.redo_last() and store.get(m.id).content == "two"
    assert store.get(m.id).recall_count == 1


def test_undo_and_redo_of_a_bulk_change_and_of_an_add(store):
    ids = [store.add(f"m{i}").id for i in range(3)]
    store.delete_many(ids)
    step = store.undo_step()
    assert step.what == "delete of 3 memories" and len(step.events) == 3
    assert not any(store.get(i).is_deleted for i in ids)
    assert store.redo_step().what == "delete of 3 memories"
    assert all(store.get(i).is_deleted for i in ids)
    store.undo_last()
    store.undo_last()  # the third add
    assert store.get(ids[2]).is_deleted and not store.get(ids[1]).is_deleted
    assert store.redo_step().what == "new memory “m2”"
    assert not store.get(ids[2]).is_deleted


def test_an_older_undo_without_a_prefix_is_still_read_as_an_undo(store):
    """Databases written before undo groups had a prefix: their undo is not undone again."""
    a = store.add("a")
    store.edit(a.id, content="b")
    edit = store.history(a.id)[-1]
    with store.db.write() as s:  # what an older hmdesk's undo wrote: a plain revert group
        s.execute(
            sa.insert(table_of(EventRow)),
            [
                {
                    "memory_id": a.id,
                    "at": iso(),
                    "actor": "user",
                    "kind": "revert",
                    "field": "content",
                    "old": "b",
                    "new": "a",
                    "reason": f"revert of event {edit.id}",
                    "group_id": uuid.uuid4().hex,
                    "reverts_event_id": edit.id,
                }
            ],
        )
        s.execute(sa.text("UPDATE memories SET content = 'a' WHERE id = :id"), {"id": a.id})
    step = store.undo_step()  # the add, not the old undo
    assert step.what == "new memory “a”" and store.get(a.id).is_deleted


def test_nothing_to_undo_or_redo(store):
    assert store.undo_step().what == "" and store.undo_step().events == []
    assert store.redo_step().what == ""


def test_redo_of_a_supersede_brings_back_its_own_reason(store):
    """Issue 32: a redo of a supersede replaced its reason with "revert of event N"."""
    old = store.add("hdc shell accepts -t after shell")
    new = store.add("-t goes before shell")
    store.supersede(old.id, by=new.id, reason="wrong order")
    store.undo_step()
    assert store.get(old.id).superseded_by is None and store.get(old.id).supersede_reason is None
    store.redo_step()
    back = store.get(old.id)
    assert (back.superseded_by, back.supersede_reason) == (new.id, "wrong order")
    # and again after a second undo and redo (the chain of reverts is walked back)
    store.undo_step()
    store.redo_step()
    assert store.get(old.id).supersede_reason == "wrong order"
    # undoing a History revert of the supersede (the link comes back) keeps the reason too
    link = next(e for e in store.history(old.id) if e.field == "superseded_by")
    store.revert(link.id)
    store.undo_step()
    assert store.get(old.id).supersede_reason == "wrong order"


def assert_whole_links(store, pairs) -> set[str]:
    """Every pair is merged or not as a whole: the duplicate's link, its time and reason, and
    the kept memory's back-link agree. Returns the duplicates still merged."""
    merged = set()
    for dup, kept in pairs:
        d, k = store.get(dup), store.get(kept)
        if d.superseded_by is None:
            assert (d.superseded_at, d.supersede_reason) == (None, None), dup
            assert dup not in k.supersedes, (dup, k.supersedes)
        else:
            assert d.superseded_by == kept and d.superseded_at and d.supersede_reason, dup
            assert dup in k.supersedes, (dup, k.supersedes)
            merged.add(dup)
    return merged


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_stopped_undo_leaves_whole_memories_and_the_next_undo_finishes_it(store, monkeypatch):
    """A long undo stopped after its first transaction (the window's Cancel, Ctrl+C in the
    CLI): the merges of that transaction are undone, each with its back-link, the others are
    untouched; the next undo finds the rest and writes it into the same group, so one redo
    brings back the whole consolidation."""
    from hmdesk.core.memory.store import undo as undo_module

    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)  # one batch (200 events) per commit
    pairs = consolidated(store, 250)
    asked: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        asked.append((done, total))

    step = store.undo_step(progress=progress, cancelled=lambda: True)
    assert asked == [(200, 250)]  # stopped after the first commit, never inside one
    assert step.stopped and (step.done, step.total) == (200, 250)
    assert step.what == "supersede of 250 memories"
    assert step.stopped_text("undo", "Ctrl+Z") == (
        "Undo stopped: 200 of 250 changes undone (supersede of 250 memories); "
        "the other 50 are unchanged. Ctrl+Z finishes it."
    )
    still = assert_whole_links(store, pairs)
    assert len(still) == 50
    undone = {e.memory_id for e in step.events if e.field == "superseded_by"}
    assert undone == {d for d, _ in pairs} - still  # the events say which memories

    rest = store.undo_step()  # the next Ctrl+Z finishes it
    assert not rest.stopped and (rest.done, rest.total) == (50, 50)
    assert {e.memory_id for e in rest.events if e.field == "superseded_by"} == still
    assert {e.group_id for e in step.events + rest.events} == {step.events[0].group_id}
    assert assert_whole_links(store, pairs) == set()

    redo = store.redo_step()  # one redo: the whole consolidation is back
    assert (redo.done, redo.total) == (250, 250)
    assert assert_whole_links(store, pairs) == {d for d, _ in pairs}
    assert store.redo_step().events == []


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_redo_after_a_stopped_undo_brings_back_the_part_undone(store, monkeypatch):
    """Redo right after a stopped undo re-links what the stopped part undid; the store is
    whole again, and undo then takes back the redo, then the rest of the consolidation."""
    from hmdesk.core.memory.store import undo as undo_module

    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)
    pairs = consolidated(store, 250)
    assert store.undo_step(cancelled=lambda: True).done == 200
    redo = store.redo_step()
    assert (redo.done, redo.total) == (200, 200) and not redo.stopped
    assert assert_whole_links(store, pairs) == {d for d, _ in pairs}
    assert store.undo_step().done == 200  # the redo, taken back
    assert store.undo_step().done == 50  # then what the stopped undo had left
    assert assert_whole_links(store, pairs) == set()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_stopped_redo_is_finished_by_the_next_redo(store, monkeypatch):
    from hmdesk.core.memory.store import undo as undo_module

    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)
    pairs = consolidated(store, 250)
    store.undo_step()
    step = store.redo_step(cancelled=lambda: True)
    assert (step.done, step.total) == (200, 250)
    assert step.stopped_text("redo", "Ctrl+Shift+Z") == (
        "Redo stopped: 200 of 250 changes redone (supersede of 250 memories); "
        "the other 50 are still undone. Ctrl+Shift+Z finishes it."
    )
    assert len(assert_whole_links(store, pairs)) == 200
    assert store.redo_step().done == 50
    assert assert_whole_links(store, pairs) == {d for d, _ in pairs}
    assert store.undo_step().done == 250  # the finished redo is one step
    assert assert_whole_links(store, pairs) == set()

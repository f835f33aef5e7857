"""Undo and redo (core/memory/store/undo.py): the user's changes as a stack, said in words."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from hmdesk.core.db import iso
from hmdesk.core.models import MemoryEvent as EventRow
from hmdesk.core.models import table_of


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

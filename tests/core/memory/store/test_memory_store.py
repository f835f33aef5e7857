"""MemoryStore: operations, history, revert/undo, bulk, validation, listeners, data_version."""

from __future__ import annotations

import math
import subprocess
import sys
import threading

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.record import DECAY_SENTINEL
from hmdesk.core.memory.store import MemoryStore, NotFound, StoreError

from tests.fixtures.waiting import poll_until


def kinds(events):
    return [(e.kind, e.field) for e in events]


# ------------------------------------------------------------------ add / get / list


def test_add_get_and_list_in_insertion_order(store):
    a = store.add("hvigor fails when the path has spaces", tags=["build", "windows", "build"])
    b = store.add("hdc shell accepts -t", layer="world", confidence=0.9, environment="terminal")
    assert a.id.startswith("mem-") and len(a.id) == 16
    assert a.tags == ("build", "windows")  # deduplicated
    got = store.get(a.id)
    assert got == a
    assert got.created_at == got.updated_at == got.timestamp
    assert [m.id for m in store.list()] == [a.id, b.id]
    assert store.get_many([b.id, "nope", a.id]) == [b, a]
    assert store.count() == 2
    assert store.all_tags() == ["build", "windows"]
    assert store.environments() == ["harmonyos", "terminal"]
    assert kinds(store.history(a.id)) == [("add", None)]


def test_list_matches_get_field_for_field(store):
    a = store.add("x", payload={"k": [1, 2]}, tags=["t"])
    b = store.supersede(a.id, content="y", reason="newer")
    store.delete(store.add("gone").id)
    listed = {m.id: m for m in store.list(include_deleted=True)}
    assert len(listed) == 3
    for mid, rec in listed.items():
        assert rec == store.get(mid)
    assert listed[b.id].supersedes == (a.id,)
    assert [m.id for m in store.list(include_superseded=False)] == [b.id]


def test_caller_supplied_id_and_duplicates(store):
    store.add("x", id="mem-custom", timestamp="2026-01-01T00:00:00.000Z")
    assert store.get("mem-custom").timestamp == "2026-01-01T00:00:00.000Z"
    with pytest.raises(StoreError, match="already exists"):
        store.add("y", id="mem-custom")


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize("content", ["", "   \n\t"])
def test_empty_content_is_refused(store, content):
    with pytest.raises(StoreError, match="empty"):
        store.add(content)


@pytest.mark.parametrize("value", [-0.01, 1.01, math.nan, math.inf, "high", True])
def test_confidence_out_of_range_is_refused(store, value):
    with pytest.raises(StoreError, match="confidence"):
        store.add("x", confidence=value)
    m = store.add("y")
    with pytest.raises(StoreError, match="confidence"):
        store.set_confidence(m.id, value, reason="r")


def test_layers(store):
    with pytest.raises(StoreError, match="runtime-only"):
        store.add("x", layer="working")
    with pytest.raises(StoreError, match="unknown layer"):
        store.add("x", layer="nope")
    m = store.add("x", layer="episodic")
    with pytest.raises(StoreError, match="runtime-only"):
        store.edit(m.id, layer="working")


def test_reason_required(store):
    m = store.add("x")
    other = store.add("y")
    for reason in ("", "  ", None):
        with pytest.raises(StoreError, match="reason"):
            store.set_confidence(m.id, 0.5, reason=reason)
        with pytest.raises(StoreError, match="reason"):
            store.supersede(m.id, by=other.id, reason=reason)
    assert store.history(m.id)[-1].kind == "add"


def test_unknown_ids(store):
    with pytest.raises(NotFound, match="nope"):
        store.get("nope")
    with pytest.raises(NotFound):
        store.edit("nope", content="x")
    with pytest.raises(NotFound):
        store.history("nope")
    with pytest.raises(NotFound):
        store.revert(12345)
    m = store.add("x")
    with pytest.raises(NotFound):
        store.supersede(m.id, by="nope", reason="r")
    with pytest.raises(NotFound):
        store.bulk_set_confidence([m.id, "nope"], 0.1, reason="r")
    assert store.get(m.id).confidence == 0.7  # nothing half-done


def test_supersede_self_and_cycles_are_refused(store):
    a, b, c = (store.add(t) for t in "abc")
    with pytest.raises(StoreError, match="itself"):
        store.supersede(a.id, by=a.id, reason="r")
    store.supersede(a.id, by=b.id, reason="r")
    store.supersede(b.id, by=c.id, reason="r")
    with pytest.raises(StoreError, match="cycle"):
        store.supersede(c.id, by=a.id, reason="r")
    with pytest.raises(StoreError, match="already superseded"):
        store.supersede(a.id, by=c.id, reason="r")
    with pytest.raises(StoreError, match="exactly one"):
        store.supersede(c.id, reason="r")


def test_deleted_memories_cannot_be_edited(store):
    m = store.add("x")
    store.delete(m.id)
    with pytest.raises(StoreError, match="restore"):
        store.edit(m.id, content="y")
    with pytest.raises(StoreError, match="already deleted"):
        store.delete(m.id)
    assert store.get(m.id).is_deleted  # get returns deleted ones
    store.restore(m.id)
    with pytest.raises(StoreError, match="not deleted"):
        store.restore(m.id)


# ------------------------------------------------------------------ edit / history


def test_edit_writes_one_event_per_changed_field(store):
    m = store.add("old text", tags=["a"], environment="terminal")
    r = store.edit(
        m.id,
        content="new text",
        tags=["a"],
        layer="procedural",
        environment="terminal",
        reason="fix",
    )
    assert (r.content, r.layer) == ("new text", "procedural")
    hist = store.history(m.id)
    assert kinds(hist) == [("add", None), ("edit", "content"), ("edit", "layer")]
    edit = hist[1]
    assert (edit.old, edit.new, edit.reason, edit.actor) == ("old text", "new text", "fix", "user")
    assert hist[1].group_id == hist[2].group_id != hist[0].group_id
    assert r.updated_at >= m.updated_at
    # no change: no event
    store.edit(m.id, content="new text")
    assert len(store.history(m.id)) == 3


def test_confidence_event_and_actor(store):
    m = store.add("x")
    store.set_confidence(m.id, 0.2, reason="it failed twice", actor="agent")
    e = store.history(m.id)[-1]
    assert (e.kind, e.field, e.old, e.new, e.reason, e.actor) == (
        "confidence",
        "confidence",
        0.7,
        0.2,
        "it failed twice",
        "agent",
    )


def test_supersede_by_existing_links_both_ways(store):
    old = store.add("hdc shell accepts -t")
    new = store.add("hdc -t KEY shell: -t goes before shell")
    ret = store.supersede(old.id, by=new.id, reason="wrong order")
    assert ret.id == new.id and ret.supersedes == (old.id,)
    o = store.get(old.id)
    assert o.superseded_by == new.id and o.supersede_reason == "wrong order" and o.superseded_at
    assert o.is_superseded and not o.is_decayed
    assert kinds(store.history(old.id))[-1] == ("superseded_by", "superseded_by")
    back = store.history(new.id)[-1]
    assert (back.kind, back.field, back.new) == ("supersede", "supersedes", old.id)


def test_supersede_by_content_is_one_transaction(store):
    old = store.add("a", layer="procedural", tags=["x"], environment="terminal")
    new = store.supersede(old.id, content="b", reason="r", confidence=0.9)
    assert (new.layer, new.tags, new.environment, new.confidence) == (
        "procedural",
        ("x",),
        "terminal",
        0.9,
    )
    assert store.get(old.id).superseded_by == new.id
    # one group: add + superseded_by + supersede
    groups = {e.group_id for e in store.history(new.id) + store.history(old.id)[1:]}
    assert len(groups) == 1
    # a failure in the new memory leaves nothing behind
    with pytest.raises(StoreError, match="confidence"):
        store.supersede(new.id, content="c", reason="r", confidence=2)
    assert store.count() == 2 and store.get(new.id).superseded_by is None


def test_supersede_by_content_keeps_the_old_confidence_unless_given(store):
    old = store.add("hdc install fails: sign the HAP", confidence=0.95)
    kept = store.supersede(old.id, content="hdc install fails: add signingConfigs", reason="r")
    assert kept.confidence == 0.95  # not lowered to the default 0.7
    given = store.supersede(kept.id, content="sign the HAP in DevEco", reason="r", confidence=0.6)
    assert given.confidence == 0.6
    with pytest.raises(StoreError, match="between 0 and 1"):
        store.supersede(given.id, content="x y", reason="r", confidence=1.5)
    assert store.get(given.id).superseded_by is None
    other = store.add("sign the HAP")
    with pytest.raises(StoreError, match="only apply with content"):
        store.supersede(given.id, by=other.id, reason="r", confidence=0.5)


def test_decayed_memory_can_be_superseded(store):
    from hmdesk.core.memory.hmharness.jsonl import import_bytes

    line = (
        '{"id":"mem-old","layer":"episodic","content":"c","source":"s","provenance":"p",'
        '"confidence":0.3,"timestamp":"2026-01-01T00:00:00.000Z","environment":"e",'
        '"session":"s","supersededBy":"consolidation:stale"}\n'
    )
    import_bytes(store, line.encode(), store.db.path)
    assert store.get("mem-old").is_decayed
    new = store.supersede("mem-old", content="fresh", reason="r")
    assert store.get("mem-old").superseded_by == new.id
    store.undo_last()
    assert store.get("mem-old").superseded_by == DECAY_SENTINEL


# ------------------------------------------------------------------ revert / undo


def test_revert_edit_and_revert_the_revert(store):
    m = store.add("one")
    store.edit(m.id, content="two")
    edit = store.history(m.id)[-1]
    (rev,) = store.revert(edit.id)
    assert store.get(m.id).content == "one"
    assert (rev.kind, rev.field, rev.old, rev.new, rev.reverts_event_id) == (
        "revert",
        "content",
        "two",
        "one",
        edit.id,
    )
    store.revert(rev.id)  # re-apply
    assert store.get(m.id).content == "two"
    with pytest.raises(StoreError, match="already"):
        store.revert(rev.id)


def test_revert_confidence_add_delete_restore(store):
    m = store.add("x")
    store.set_confidence(m.id, 0.1, reason="r")
    store.revert(store.history(m.id)[-1].id)
    assert store.get(m.id).confidence == 0.7
    store.revert(store.history(m.id)[0].id)  # the add → soft delete
    assert store.get(m.id).is_deleted
    store.restore(m.id)
    store.delete(m.id)
    store.revert(store.history(m.id)[-1].id)  # the delete → restored
    assert not store.get(m.id).is_deleted
    restore_event = next(e for e in store.history(m.id) if e.kind == "restore")
    store.revert(restore_event.id)  # the restore → deleted again
    assert store.get(m.id).is_deleted


def test_revert_supersede_from_either_side(store):
    a, b = store.add("a"), store.add("b")
    store.supersede(a.id, by=b.id, reason="r")
    back = store.history(b.id)[-1]
    assert back.field == "supersedes"
    events = store.revert(back.id)
    assert store.get(a.id).superseded_by is None and store.get(b.id).supersedes == ()
    assert {e.memory_id for e in events} == {a.id, b.id}
    assert all(e.kind == "revert" for e in events)
    # revert the revert: linked again
    store.revert(events[0].id)
    assert store.get(a.id).superseded_by == b.id


def test_a_recall_is_a_row_of_the_access_log_and_counted_on_the_memory(store):
    """Issue 32: the Recalls column, the access log and `show --json` said three numbers. A
    recall is a query or run row of the access log; the memory's count is kept equal to them,
    without an event (nothing to undo, no re-run of the window's query)."""
    from hmdesk.core.memory.access import AccessLog

    m = store.add("x")
    events = len(store.history(m.id))
    log = AccessLog(store.db)
    log.record_query("hdc", [m.id, "unknown"], at="2026-12-01T10:00:00.000Z")
    log.record_run(3, [m.id], at="2026-12-02T10:00:00.000Z")
    log.record_feedback(m.id, helped=True, run_id=3)  # "This helped" is not a recall
    r = store.get(m.id)
    assert (r.recall_count, r.last_recalled_at) == (2, "2026-12-02T10:00:00.000Z")
    assert log.stats()[m.id].recalls == 2 == log.recalls_of(m.id)[0]
    assert store.recall_counts([m.id]) == {m.id: (2, "2026-12-02T10:00:00.000Z")}
    assert len(store.history(m.id)) == events


def test_undo_last_walks_back_groups(store):
    m = store.add("one")
    store.edit(m.id, content="two", tags=["t"])
    store.set_confidence(m.id, 0.3, reason="r")
    store.undo_last()
    assert store.get(m.id).confidence == 0.7
    store.undo_last()  # both fields of the edit group
    r = store.get(m.id)
    assert (r.content, r.tags) == ("one", ())
    store.undo_last()  # the add
    assert store.get(m.id).is_deleted
    assert store.undo_last() == []


def test_undo_last_ignores_recalls_and_reverts(store):
    from hmdesk.core.memory.access import AccessLog

    m = store.add("one")
    store.edit(m.id, content="two")
    AccessLog(store.db).record_run(1, [m.id])
    store.undo_last()
    assert store.get(m.id).content == "one"
    assert not store.get(m.id).is_deleted


# ------------------------------------------------------------------ bulk


def test_bulk_ops_are_one_group_and_undo_as_one(store):
    ids = [store.add(f"m{i}", tags=["old"]).id for i in range(5)]
    g1 = store.bulk_set_confidence(ids, 0.2, reason="noisy")
    assert {e.group_id for i in ids for e in store.history(i) if e.kind == "confidence"} == {g1}
    g2 = store.bulk_add_tag(ids, "flaky")
    g3 = store.bulk_remove_tag(ids, "old")
    assert len({g1, g2, g3}) == 3
    assert all(store.get(i).tags == ("flaky",) for i in ids)
    store.undo_last()
    assert all(store.get(i).tags == ("old", "flaky") for i in ids)
    store.undo_last()
    assert all(store.get(i).tags == ("old",) for i in ids)
    store.undo_last()
    assert all(store.get(i).confidence == 0.7 for i in ids)


def test_bulk_supersede(store):
    ids = [store.add(f"m{i}").id for i in range(3)]
    new = store.add("summary")
    store.bulk_supersede(ids, by=new.id, reason="merged")
    assert store.get(new.id).supersedes == tuple(ids)
    with pytest.raises(StoreError, match="itself"):
        store.bulk_supersede([new.id], by=new.id, reason="r")
    store.undo_last()
    assert all(store.get(i).superseded_by is None for i in ids)
    assert store.get(new.id).supersedes == ()


def test_bulk_is_all_or_nothing(store):
    a = store.add("a")
    b = store.add("b")
    store.delete(b.id)
    with pytest.raises(StoreError, match="deleted"):
        store.bulk_add_tag([a.id, b.id], "x")
    assert store.get(a.id).tags == ()


def test_delete_many_is_one_transaction(store):
    ids = [store.add(f"m{i}").id for i in range(3)]
    store.delete(ids[2])
    before = [store.get(i) for i in ids]
    events_before = store.events()
    with pytest.raises(StoreError, match="already deleted"):
        store.delete_many(ids, reason="cleanup")  # the last one fails: nothing changes
    assert [store.get(i) for i in ids] == before
    assert store.events() == events_before
    with pytest.raises(NotFound):
        store.delete_many([ids[0], "mem-unknown"])
    assert store.get(ids[0]).deleted_at is None


def test_delete_many_undoes_as_one_step(store):
    keep = store.add("keep").id
    ids = [store.add(f"m{i}").id for i in range(4)]
    deleted = store.delete_many(ids, reason="cleanup")
    assert [r.id for r in deleted] == ids and all(r.is_deleted for r in deleted)
    assert len({e.group_id for i in ids for e in store.history(i) if e.kind == "delete"}) == 1
    assert store.count() == 1
    reverts = store.undo_last()
    assert sorted(e.memory_id for e in reverts) == sorted(ids)  # all four, in one step
    assert store.count() == 5 and not store.get(keep).is_deleted
    assert all(store.get(i).deleted_at is None for i in ids)


def test_restore_many_is_one_transaction_and_one_step(store):
    ids = [store.add(f"m{i}").id for i in range(3)]
    store.delete_many(ids[:2])
    with pytest.raises(StoreError, match="not deleted"):
        store.restore_many(ids)  # the third is not deleted: nothing is restored
    assert all(store.get(i).is_deleted for i in ids[:2])
    restored = store.restore_many(ids[:2])
    assert [r.id for r in restored] == ids[:2] and not any(r.is_deleted for r in restored)
    assert store.undo_last() and all(store.get(i).is_deleted for i in ids[:2])
    with pytest.raises(StoreError, match="no memories selected"):
        store.restore_many([])


# ------------------------------------------------------------------ changes for readers


def test_changed_since_names_the_memories_of_newer_events(store):
    assert store.last_event_id() == 0
    assert store.changed_since(0) == (0, set())
    a = store.add("a")
    start = store.last_event_id()
    assert start > 0
    b = store.add("b")
    store.edit(a.id, content="a2")
    last, changed = store.changed_since(start)
    assert changed == {a.id, b.id}
    assert last == store.last_event_id() > start
    assert store.changed_since(last) == (last, set())  # nothing newer


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_changed_since_sees_another_process(store):
    start = store.last_event_id()
    code = (
        "import sys; from hmdesk.core.db import Database; "
        "from hmdesk.core.memory.store import MemoryStore; "
        "print(MemoryStore(Database(sys.argv[1])).add('from another process').id)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(store.db.url or store.db.path)],
        check=True,
        capture_output=True,
        text=True,
    )
    last, changed = store.changed_since(start)
    assert changed == {out.stdout.strip()} and last > start


# ------------------------------------------------------------------ listeners, data_version


def test_listeners_after_commit(store):
    seen: list[set[str]] = []
    unsubscribe = store.add_listener(seen.append)
    m = store.add("x")
    store.edit(m.id, content="y")
    with pytest.raises(StoreError):
        store.add("")
    assert seen == [{m.id}, {m.id}]
    unsubscribe()
    store.edit(m.id, content="z")
    assert len(seen) == 2


def test_listener_runs_on_the_writing_thread(store):
    threads = []
    store.add_listener(lambda ids: threads.append(threading.get_ident()))
    t = threading.Thread(target=lambda: store.add("x"))
    t.start()
    t.join()
    assert threads == [t.ident]


def test_data_version_grows_on_local_writes(store):
    v0 = store.data_version()
    store.add("x")
    v1 = store.data_version()
    assert v1 > v0
    assert store.data_version() == v1  # stable without writes


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_data_version_sees_another_process(store):
    v0 = store.data_version()
    code = (
        "import sys; from hmdesk.core.db import Database; "
        "from hmdesk.core.memory.store import MemoryStore; "
        "MemoryStore(Database(sys.argv[1])).add('from another process')"
    )
    subprocess.run([sys.executable, "-c", code, str(store.db.url or store.db.path)], check=True)
    # PostgreSQL's NOTIFY reaches the listening thread a moment after the commit
    assert poll_until(lambda: store.data_version() > v0)
    assert store.count() == 1


def test_data_version_sees_another_connection_in_process(store):
    other = MemoryStore(Database(store.db.url or store.db.path))
    try:
        v0 = store.data_version()
        other.add("x")
        assert poll_until(lambda: store.data_version() > v0)
    finally:
        other.close()
        other.db.close()


def test_a_failing_listener_does_not_fail_the_write(store, caplog):
    seen = []

    def bad(ids):
        raise RuntimeError("boom")

    store.add_listener(bad)
    store.add_listener(seen.append)
    m = store.add("x")
    assert seen == [{m.id}]
    assert "boom" in caplog.text

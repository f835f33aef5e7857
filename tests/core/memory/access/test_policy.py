"""The promotion/decay policy: proposals from the access log, applied as one undoable group."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.access import (
    DECAY_AFTER_DAYS,
    DECAY_FLOOR,
    PROMOTE_CAP,
    AccessLog,
    apply_proposals,
    proposals,
)
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "p.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def test_helped_twice_is_proposed_for_promotion(store: MemoryStore) -> None:
    epi = store.add("ran hdc kill-server and it worked", layer="episodic", confidence=0.5).id
    sem = store.add("sign the hap before install", confidence=0.6).id
    top = store.add("already certain", confidence=PROMOTE_CAP).id
    once = store.add("helped once", confidence=0.5).id
    log = AccessLog(store.db)
    for mid in (epi, sem, top, epi, sem, top, once):
        log.record_feedback(mid)
    got = {p.memory_id: p for p in proposals(store)}
    assert set(got) == {epi, sem}  # at the cap: nothing to promote; once is not enough
    assert (got[epi].field, got[epi].old, got[epi].new) == ("layer", "episodic", "semantic")
    assert (got[sem].field, got[sem].old, got[sem].new) == ("confidence", 0.6, 0.7)
    assert got[sem].reason.startswith("policy:promote-helped: helped 2 times")


def test_applying_is_one_group_with_the_rule_as_reason_and_undoes(store: MemoryStore) -> None:
    epi = store.add("worked once", layer="episodic").id
    sem = store.add("a lesson", confidence=0.6).id
    log = AccessLog(store.db)
    for mid in (epi, sem, epi, sem):
        log.record_feedback(mid)
    ids = [p.id for p in proposals(store)]
    group, applied = apply_proposals(store, ids)
    assert len(applied) == 2
    assert store.get(epi).layer == "semantic" and store.get(sem).confidence == 0.7
    events = [e for m in (epi, sem) for e in store.history(m) if e.group_id == group]
    assert len(events) == 2 and all(
        e.reason and e.reason.startswith("policy:promote-helped") for e in events
    )
    assert proposals(store) == []  # the helped count starts again after a promotion
    store.undo_last()
    assert store.get(epi).layer == "episodic" and store.get(sem).confidence == 0.6


def test_unused_for_n_days_is_proposed_for_decay(store: MemoryStore) -> None:
    old = store.add("nobody needs this", confidence=0.5).id
    floor = store.add("already low", confidence=DECAY_FLOOR).id
    used = store.add("recalled lately", confidence=0.5).id
    later = datetime.now(UTC) + timedelta(days=DECAY_AFTER_DAYS + 1)
    AccessLog(store.db).record_query("x", [used], at=(later - timedelta(days=1)).isoformat())
    got = proposals(store, now=later)
    assert [(p.rule, p.memory_id, p.old, p.new) for p in got] == [("decay-unused", old, 0.5, 0.4)]
    assert floor not in {p.memory_id for p in got}
    assert proposals(store, now=later - timedelta(days=2)) == []  # not yet N days
    apply_proposals(store, [got[0].id], now=later)
    assert store.get(old).confidence == 0.4
    # the decay itself is a sign of life: the N days start again from it
    (again,) = [
        p
        for p in proposals(store, now=later + timedelta(days=DECAY_AFTER_DAYS))
        if p.memory_id == old
    ]
    assert again.evidence["last"] > got[0].evidence["last"] and again.new == 0.3


def test_unknown_ids_apply_nothing(store: MemoryStore) -> None:
    a = store.add("a", confidence=0.5).id
    log = AccessLog(store.db)
    log.record_feedback(a)
    log.record_feedback(a)
    (p,) = proposals(store)
    with pytest.raises(StoreError, match="not a current proposal: nope"):
        apply_proposals(store, [p.id, "nope"])
    assert store.get(a).confidence == 0.5
    with pytest.raises(StoreError, match="no proposal given"):
        apply_proposals(store, [])
    assert p.to_json()["rule"] == "promote-helped"

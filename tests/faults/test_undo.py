"""Undo faults (issue 31 items 1–3): a consolidation of many merges, teammates on one store, a
revert of a revert after the successor was deleted.

Each runs on an SQLite file and on a PostgreSQL team store (skipped with a one-line reason when
``HMDESK_TEST_PG_URL`` names no server).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.memory.store import undo as undo_module

from tests.fixtures.consolidation import consolidated
from tests.fixtures.postgres import fresh_url


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    if request.param == "sqlite":
        yield tmp_path / "m.db"
        return
    with fresh_url() as url:
        yield url


@pytest.fixture
def opened() -> Iterator[list[MemoryStore]]:
    """The stores a test opened, closed after it."""
    stores: list[MemoryStore] = []
    yield stores
    for s in stores:
        s.close()
        s.db.close()


@pytest.fixture
def open_store(target: Path | str, opened: list[MemoryStore]) -> Callable[[str], MemoryStore]:
    """``open_store(actor)``: a store of that user on the test's database."""

    def make(actor: str) -> MemoryStore:
        opened.append(MemoryStore(Database(target), actor=actor, keep_index=False))
        return opened[-1]

    return make


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("undo-of-a-large-consolidation")
def test_undoing_a_consolidation_costs_no_query_per_merge(
    open_store: Callable[[str], MemoryStore],
) -> None:
    """Item 1: the undo read every back-link event of the group once per merge (quadratic:
    111 s at 8,000 merges). Counted in statements, not seconds: a few per batch of events."""
    store = open_store("alice")
    pairs = consolidated(store, 300)
    statements = 0

    def count(*_args: object) -> None:
        nonlocal statements
        statements += 1

    sa.event.listen(store.db.engine, "before_cursor_execute", count)
    step = store.undo_step()
    sa.event.remove(store.db.engine, "before_cursor_execute", count)
    assert step.what == "supersede of 300 memories"
    assert all(r.superseded_by is None for r in store.get_many(d for d, _ in pairs))
    assert statements < 60, statements  # 300 merges: was > 1,200


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("writer-during-a-long-undo")
def test_another_writer_gets_in_while_a_long_undo_runs(
    open_store: Callable[[str], MemoryStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 1 / requirement 2: the undo held the write lock for the whole consolidation, and
    every other writer failed "database is locked". Now it commits in parts and says how far it
    is; between two parts another writer's change goes in (and is not undone)."""
    store = open_store("alice")
    pairs = consolidated(store, 450)
    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)  # one batch per transaction
    bob = open_store("bob")
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        bob.set_confidence(pairs[0][1], 0.25 + len(seen) / 100, reason="bob, meanwhile")

    step = store.undo_step(progress=progress)
    assert [t for _, t in seen] == [450] * 3 and seen[-1][0] == 450
    assert all(r.superseded_by is None for r in store.get_many(d for d, _ in pairs))
    assert len({e.memory_id for e in step.events if e.field == "superseded_by"}) == 450
    assert store.get(pairs[0][1]).confidence == pytest.approx(0.28)  # bob's last write stays


@pytest.mark.hostile("teammate-change-on-top")
def test_undo_takes_back_only_the_current_users_changes(
    open_store: Callable[[str], MemoryStore],
) -> None:
    """Item 2: Alice's undo reverted Bob's edit, then soft-deleted Bob's memory."""
    alice, bob = open_store("alice"), open_store("bob")
    mine = alice.add("ArkTS forbids any and unknown")
    theirs = bob.add("hvigor needs the sdk path in local.properties")
    bob.edit(theirs.id, content="hvigor reads the sdk path from local.properties")
    newest = alice.next_undo()
    assert newest is not None and newest.actor == "bob"  # what the window asks about
    step = alice.undo_step()
    assert (step.actor, step.what) == ("alice", "new memory “ArkTS forbids any and unknown”")
    assert alice.get(mine.id).is_deleted
    kept = alice.get(theirs.id)
    assert not kept.is_deleted
    assert kept.content == "hvigor reads the sdk path from local.properties"
    assert alice.undo_step().events == []  # nothing of Alice's left
    assert not alice.get(theirs.id).is_deleted
    assert bob.redo_step().events == []  # Alice's undo is not Bob's to redo
    step = alice.undo_step(of="bob")  # asked, and Alice said yes: Bob's edit
    assert step.actor == "bob"
    assert alice.get(theirs.id).content == "hvigor needs the sdk path in local.properties"


@pytest.mark.hostile("successor-deleted-since")
def test_a_revert_never_relinks_to_a_successor_deleted_since(
    open_store: Callable[[str], MemoryStore],
) -> None:
    """Item 3: reverting a revert re-linked a memory to a successor deleted since; then neither
    was found by any query."""
    store = open_store("alice")
    old = store.add("hdc shell accepts -t after shell")
    new = store.supersede(old.id, content="-t goes before shell", reason="wrong order")
    link = next(e for e in store.history(old.id) if e.field == "superseded_by")
    unlink = store.revert(link.id)[0]
    store.delete(new.id, reason="wrong too")
    with pytest.raises(StoreError, match=rf"{new.id}, which was deleted since; restore"):
        store.revert(unlink.id)
    assert store.get(old.id).superseded_by is None  # still found
    store.restore(new.id)
    store.revert(unlink.id)  # once the successor is back, the link may come back
    assert store.get(old.id).superseded_by == new.id

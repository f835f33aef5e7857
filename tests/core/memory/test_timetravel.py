"""Time travel: the store rebuilt at several moments of a history of edits, supersedes,
deletes, reverts and undos equals the store as it was at those moments; searches as of a moment
equal a search of that store."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hmdesk.core.db import Database, iso
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.memory.timetravel import records_as_of, search_as_of

START = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryStore]:
    """A store whose clock moves one second per write (events of two steps never share a
    time)."""
    ticks = iter(range(10_000))

    def clock(dt: datetime | None = None) -> str:
        return iso(dt) if dt is not None else iso(START + timedelta(seconds=next(ticks)))

    for module in ("memory_store", "adding"):
        monkeypatch.setattr(f"hmdesk.core.memory.store.{module}.iso", clock)
    db = Database(tmp_path / "t.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def view(records: list[MemoryRecord]) -> list[tuple[object, ...]]:
    """What a reader sees of each memory (times of the change itself aside)."""
    return [
        (r.id, r.content, r.layer, r.confidence, r.tags, r.superseded_by, r.supersedes,
         r.deleted_at is not None, r.environment)
        for r in records
    ]  # fmt: skip


def test_several_moments_of_a_history_are_rebuilt(store: MemoryStore) -> None:
    moments: list[tuple[datetime, list[MemoryRecord]]] = []

    def mark() -> None:
        # a moment between this write and the next one
        last = store.events(limit=1)[0].at
        at = datetime.fromisoformat(last.replace("Z", "+00:00")) + timedelta(milliseconds=500)
        moments.append((at, store.list(include_superseded=True, include_deleted=True)))

    a = store.add("hvigor build fails with spaces in the path", tags=["build"]).id
    b = store.add("hdc install 9568320 after a signing change", confidence=0.5).id
    mark()
    store.edit(a, content="hvigor build fails: quote the path", tags=["build", "path"])
    store.set_confidence(b, 0.9, reason="seen again")
    mark()
    c = store.supersede(b, content="hdc install 9568320: re-sign the hap", reason="better").id
    mark()
    store.delete(a)
    mark()
    store.undo_last()  # the delete undone
    store.edit(c, layer="procedural")
    mark()
    history = store.history(b)
    store.revert(next(e.id for e in history if e.kind == "superseded_by"))
    mark()
    store.bulk_add_tag([a, b, c], "reviewed")
    store.undo_last()
    store.redo_last()
    mark()

    before_all = START - timedelta(days=1)
    assert records_as_of(store, before_all) == []
    for at, then in moments:
        assert view(records_as_of(store, at)) == view(then), at
    assert view(records_as_of(store, datetime.now(UTC))) == view(
        store.list(include_superseded=True, include_deleted=True)
    )
    # the supersede moment: b superseded by c, c's back-link rebuilt
    at, then = moments[2]
    got = {r.id: r for r in records_as_of(store, at)}
    assert (
        got[b].superseded_by == c
        and got[c].supersedes == (b,)
        and c not in {r.id for r in moments[1][1]}
    )


def test_a_search_as_of_a_moment_equals_a_search_of_that_store(store: MemoryStore) -> None:
    a = store.add("hvigor build fails with spaces", tags=["build"], confidence=0.4).id
    store.add("hvigor daemon hangs", confidence=0.6)
    at = datetime.fromisoformat(store.events(limit=1)[0].at.replace("Z", "+00:00"))
    then = [r for r in store.list(include_superseded=True) if r.deleted_at is None]
    store.set_confidence(a, 1.0, reason="certain now")
    store.add("hvigor cache must be cleaned", confidence=0.9)
    q = Query("hvigor", now=at)
    want = MemoryIndex(then, order=[r.seq for r in then]).search(q)
    got = search_as_of(store, q, at)
    assert [(r.memory.id, r.score, r.components) for r in got.results] == [
        (r.memory.id, r.score, r.components) for r in want.results
    ]
    assert got.note is not None and "as of" in got.note
    # without a query time, recency is measured at the moment itself
    again = search_as_of(store, Query("hvigor"), at)
    assert [r.score for r in again.results] == [r.score for r in got.results]

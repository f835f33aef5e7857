"""LISTEN/NOTIFY: another client's commit reaches a running client's data version and index
without a query over the whole table."""

from __future__ import annotations

from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team.notify import ChangeListener

from tests.fixtures.postgres import pg_url  # noqa: F401 - the fixture
from tests.fixtures.waiting import wait_until


def test_a_commit_elsewhere_is_notified_with_its_event_and_ids(pg_url) -> None:  # noqa: F811
    db = Database(pg_url)
    seen: list[tuple[int, set[str]]] = []
    listener = ChangeListener(pg_url, on_change=lambda e, ids: seen.append((e, ids)))
    other_db = Database(pg_url)
    other = MemoryStore(other_db, actor="bob")
    try:
        rec = other.add("arkts: use @State for local state")
        wait_until(lambda: len(seen) == 1)
        event_id, ids = seen[0]
        assert ids == {rec.id} and event_id == other.last_event_id()
        assert listener.version == 1 and listener.last_event == event_id
    finally:
        listener.close()
        other.close()
        other_db.close()
        db.close()


def test_a_running_index_learns_another_clients_write(pg_url) -> None:  # noqa: F811
    db, other_db = Database(pg_url), Database(pg_url)
    mine, theirs = MemoryStore(db), MemoryStore(other_db, actor="bob")
    retriever = Retriever(mine)
    query = Query(text="signing")
    try:
        assert retriever.search(query).results == []
        rec = theirs.add("signing fails without the release profile")
        wait_until(lambda: [r.memory.id for r in retriever.search(query).results] == [rec.id])
        assert retriever.rebuilds == 0  # the server answers: no memory was read into the process
    finally:
        retriever.close()
        mine.close()
        theirs.close()
        db.close()
        other_db.close()

"""Retriever over a real MemoryStore: the index follows every write (this process or another)."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_scan
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore, StoreError

from tests.fixtures.postgres import pg_url  # noqa: F401 - the fixture

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "r.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def ids(retriever: Retriever, text: str, **kw: object) -> list[str]:
    q = Query(text=text, now=NOW, **kw)  # type: ignore[arg-type]
    return [r.memory.id for r in retriever.search(q).results]


def assert_matches_scan(retriever: Retriever, store: MemoryStore, text: str, **kw: object) -> None:
    for profile in ("default", "hmharness"):
        q = Query(text=text, now=NOW, profile=PROFILES[profile], limit=50, **kw)  # type: ignore[arg-type]
        # the ranking as scored (random memories may be near-duplicates: test_diversity folds)
        got = [(r.memory.id, r.score) for r in retriever.search_ranked(q).results]
        want = [(m.id, s) for m, s in retrieve_scan(store.list(), q)]
        assert got == want, (text, profile)


def test_retriever_follows_writes_incrementally(store: MemoryStore) -> None:
    a = store.add("hvigor 构建在 Windows 路径含空格时失败", tags=["build"], confidence=0.8)
    b = store.add(
        "build doctor classifies seven failure signatures", tags=["build"], confidence=0.6
    )
    r = Retriever(store)
    assert ids(r, "hvigor构建失败") == [a.id, b.id]  # b: build … failure (glossary)
    assert r.rebuilds == 1

    c = store.add("hvigor daemon crashed: delete the .hvigor cache", confidence=0.9)
    assert ids(r, "hvigor") == [c.id, a.id]
    store.edit(a.id, content="ohpm install behind a proxy")
    assert ids(r, "hvigor") == [c.id]
    assert ids(r, "ohpm") == [a.id]
    store.set_confidence(b.id, 0.1, reason="noisy")
    assert r.search(Query("doctor", now=NOW)).results[0].memory.confidence == 0.1
    new = store.supersede(
        c.id, content="hvigor daemon: run hvigorw --stop-daemon", reason="better fix"
    )
    assert ids(r, "hvigor daemon") == [new.id]
    assert c.id in ids(r, "hvigor daemon", include_superseded=True)
    store.delete(b.id)
    assert ids(r, "doctor") == []
    store.restore(b.id)
    assert ids(r, "doctor") == [b.id]
    store.bulk_add_tag([a.id, b.id], "zzz-tag")
    assert sorted(ids(r, "", tags=["zzz-tag"])) == sorted([a.id, b.id])
    assert_matches_scan(r, store, "hvigor build ohpm")
    assert r.rebuilds == 1  # everything above was incremental
    r.close()


def test_retriever_sees_another_connections_writes(store: MemoryStore, tmp_path: Path) -> None:
    store.add("first memory about hdc", confidence=0.5)
    r = Retriever(store)
    assert len(ids(r, "hdc")) == 1
    other_db = Database(tmp_path / "r.db")  # as another process would
    other = MemoryStore(other_db)
    m = other.add("second memory about hdc install 9568320", confidence=0.9)
    other.edit(m.id, content="second memory about hdc install code 9568320")
    assert ids(r, "hdc") == [m.id, store.list()[0].id]
    assert ids(r, "9568320") == [m.id]
    assert_matches_scan(r, store, "hdc install")
    other.close()
    other_db.close()
    r.close()


OTHER_PROCESS_EDIT = """
import sys
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
store = MemoryStore(Database(sys.argv[1]), actor="other")
store.edit(sys.argv[2], content="signing fails with 9568320 after an ohpm update")
print(store.add("hdc file send needs a trailing slash").id)
"""


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_retriever_sees_another_process_after_refresh(store: MemoryStore) -> None:
    a = store.add("hvigor build fails on paths with spaces", confidence=0.8)
    r = Retriever(store)
    assert ids(r, "hvigor") == [a.id]
    assert ids(r, "9568320") == []
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS_EDIT, str(store.db.path), a.id],
        check=True,
        capture_output=True,
        text=True,
    )
    added = done.stdout.strip()
    r.refresh()
    # an edit leaves the count as it was: only the store's change feed can name it
    assert ids(r, "hvigor") == []
    assert ids(r, "9568320") == [a.id]
    assert ids(r, "hdc") == [added]
    assert r.rebuilds == 1  # followed incrementally, through MemoryStore.changed_since
    assert_matches_scan(r, store, "signing hdc hvigor")
    r.close()


def test_retriever_random_operations_match_scan(store: MemoryStore) -> None:
    rng = random.Random(7)
    words = [
        "hvigor",
        "build",
        "构建",
        "失败",
        "hdc",
        "install",
        "签名",
        "signing",
        "9568320",
        "roses",
    ]
    r = Retriever(store)
    made: list[str] = []
    for step in range(60):
        op = rng.random()
        try:
            if op < 0.45 or not made:
                text = " ".join(rng.sample(words, 3)) + ("构建失败" if rng.random() < 0.3 else "")
                tags = rng.sample(["build", "hdc", "misc"], 1)
                made.append(store.add(text, tags=tags, confidence=round(rng.random(), 2)).id)
            elif op < 0.6:
                store.edit(rng.choice(made), content=" ".join(rng.sample(words, 2)))
            elif op < 0.7:
                store.set_confidence(rng.choice(made), round(rng.random(), 2), reason="test")
            elif op < 0.8:
                live = [m.id for m in store.list() if not m.superseded_by]
                if len(live) > 1:
                    old = rng.choice(live)
                    others = [x for x in live if x != old]
                    store.supersede(old, by=rng.choice(others), reason="test")
            elif op < 0.85:
                store.delete(rng.choice(made))
            elif op < 0.9:
                store.restore(rng.choice(made))
            else:
                store.undo_last()
        except StoreError:
            pass  # e.g. editing a deleted memory: refused, nothing changed
        if step % 5 == 0:
            assert_matches_scan(r, store, " ".join(rng.sample(words, 2)))
    assert_matches_scan(r, store, "hvigor构建失败 install")
    r.close()


def test_search_while_writing_from_another_thread(store: MemoryStore) -> None:
    for i in range(50):
        store.add(f"seed memory {i} about hvigor", confidence=0.5)
    r = Retriever(store)
    errors: list[BaseException] = []
    stop = threading.Event()

    def reader() -> None:
        try:
            while not stop.is_set():
                res = r.search(Query("hvigor", now=NOW, limit=5))
                assert len(res.results) == 5
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread, which fails
            errors.append(exc)

    t = threading.Thread(target=reader)
    t.start()
    try:
        for i in range(40):
            store.add(f"concurrent memory {i} about hvigor", confidence=0.6)
    finally:
        stop.set()
        t.join(10)
    assert not errors
    assert_matches_scan(r, store, "hvigor concurrent")
    r.close()


def test_refresh_after_bulk_import_rereads_only_what_changed(
    store: MemoryStore, tmp_path: Path
) -> None:
    import json

    from hmdesk.core.memory.hmharness.jsonl import import_file

    path = tmp_path / "memory.jsonl"
    lines = [
        {
            "id": f"h{i:03d}", "layer": "semantic", "content": f"imported note {i} about hdc",
            "source": "t", "provenance": "t", "confidence": 0.5,
            "timestamp": "2026-11-29T00:00:00.000Z", "environment": "harmonyos", "session": "s",
        }
        for i in range(300)
    ]  # fmt: skip
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    import_file(store, path)  # 300 import events before the index is built
    r = Retriever(store)
    assert len(ids(r, "imported", limit=500)) == 300
    asked: list[int] = []
    real_get_many = store.get_many

    def spy(ids_: list[str]):  # type: ignore[no-untyped-def]
        asked.append(len(list(ids_)))
        return real_get_many(ids_)

    store.get_many = spy  # type: ignore[method-assign]
    store.edit("h007", content="edited note about hvigor")
    assert ids(r, "hvigor") == ["h007"]
    assert asked and max(asked) <= 1
    assert r.rebuilds == 1
    r.close()


def test_many_changes_at_once_rebuild(store: MemoryStore) -> None:
    for i in range(30):
        store.add(f"note {i} about hdc", confidence=0.5)
    r = Retriever(store)
    r.MAX_DEAD = 5  # type: ignore[misc]
    assert len(ids(r, "hdc", limit=100)) == 30
    store.bulk_set_confidence([m.id for m in store.list()], 0.9, reason="all good")
    res = r.search(Query("hdc", now=NOW, limit=100))
    assert {m.memory.confidence for m in res.results} == {0.9}
    assert r.rebuilds == 2
    r.close()


def test_search_without_text_leaves_the_postings_for_warm(store: MemoryStore) -> None:
    """An in-memory index skips the term postings (most of a full build) for a search without
    text and warm() builds them; a Retriever loads them with the stored index. Results are the
    same before and after."""
    for i in range(30):
        store.add(f"hvigor build {i} fails on device {i % 7}", tags=[f"t{i % 3}"])
    records = store.list(include_superseded=True)
    idx = MemoryIndex(records, order=[m.seq for m in records])
    assert not idx.warmed
    first = [(x.memory.id, x.score) for x in idx.search(Query("", now=NOW, limit=50)).results]
    assert not idx.warmed
    idx.warm()
    assert idx.warmed
    r = Retriever(store)
    before = [(x.memory.id, x.score) for x in r.search(Query("", now=NOW, limit=50)).results]
    assert before == first
    r.warm()
    assert r.warmed and r.rebuilds == 1
    after = [(x.memory.id, x.score) for x in r.search(Query("", now=NOW, limit=50)).results]
    assert after == before
    assert_matches_scan(r, store, "hvigor device 3")
    r2 = Retriever(store)
    assert_matches_scan(r2, store, "fails 1")
    assert r2.warmed
    store.edit(store.list()[0].id, content="edited: ohpm")
    assert_matches_scan(r2, store, "ohpm")
    assert r2.warmed


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_warm_while_searching_from_other_threads(store: MemoryStore) -> None:
    for i in range(200):
        store.add(f"hilog {i} device {i % 11} 构建失败", confidence=0.3 + (i % 5) / 10)
    r = Retriever(store)
    r.search(Query("", now=NOW))
    errors: list[BaseException] = []

    def run(text: str) -> None:
        try:
            assert_matches_scan(r, store, text)
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread, which fails
            errors.append(exc)

    threads = [threading.Thread(target=r.warm)]
    threads += [threading.Thread(target=run, args=(t,)) for t in ("device 3", "构建", "hilog 1")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert r.warmed and r.rebuilds == 1


def test_a_write_to_another_table_does_not_make_the_retriever_count_the_memories(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The access log (or an agent's record) moves the data version but no memory row: the next
    search must not count every memory (25 ms at 100,000) nor rebuild; a memory row written
    behind the store's back still is noticed (the search index's triggers)."""
    import sqlite3

    from hmdesk.core.memory.access import AccessLog

    first = store.add("hvigor build needs NODE_HOME", tags=["hvigor"])
    retriever = Retriever(store)
    assert ids(retriever, "hvigor") == [first.id]
    rebuilds = retriever.rebuilds
    AccessLog(store.db).record_query("hvigor", [first.id])  # another connection's commit
    counted: list[int] = []
    real_count = store.count
    monkeypatch.setattr(store, "count", lambda: counted.append(1) or real_count())
    assert ids(retriever, "hvigor") == [first.id]
    assert counted == [] and retriever.rebuilds == rebuilds
    conn = sqlite3.connect(store.db.path)
    with conn:  # behind the store's back: no event, but the triggers mark the row
        conn.execute(
            "UPDATE memories SET deleted_at = '2026-12-01T00:00:00Z' WHERE id = ?", (first.id,)
        )
    conn.close()
    assert ids(retriever, "hvigor") == []
    assert counted  # the live count was checked, and disagreed
    retriever.close()


def test_a_team_store_is_answered_by_the_server_until_warm_loads_an_index(pg_url) -> None:  # noqa: F811
    """On PostgreSQL the first searches read nothing into the process (the server answers);
    warm() then loads the index for a window's warm searches: the same answers either way."""
    db = Database(pg_url)
    store = MemoryStore(db)
    retriever = Retriever(store)
    try:
        for text in ("hvigor build fails on a path with spaces", "hdc install 9568320", "签名失败"):
            store.add(text, tags=["build"] if "build" in text else [])
        now = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
        queries = [Query(text=t, now=now) for t in ("build", "hdc 9568320", "签名", "")]
        served = [retriever.search(q) for q in queries]
        assert retriever.rebuilds == 0 and not retriever.warmed
        retriever.warm()
        assert retriever.rebuilds == 1 and retriever.warmed
        local = [retriever.search(q) for q in queries]
        assert [[(r.memory.id, r.score, r.terms) for r in a.results] for a in served] == [
            [(r.memory.id, r.score, r.terms) for r in b.results] for b in local
        ]
        assert all(a.results for a in served[:3])
        added = store.add("build cache corrupted: delete .hvigor")
        assert added.id in [r.memory.id for r in retriever.search(queries[0]).results]
    finally:
        retriever.close()
        store.close()
        db.close()

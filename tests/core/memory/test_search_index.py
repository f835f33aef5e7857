"""The persistent search index (snapshot + pending rows) answers exactly what a scan answers:
through ``load_segments`` + ``search_segments``, the one-shot ``search_file`` and the
``Retriever``; after writes from this or another process, writes that bypass the store, damage,
an old schema revision, local-time timestamps and a read-only file."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database, make_engine, migrate_to
from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_scan
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.search_index.file_search import search_file, search_stored
from hmdesk.core.memory.search_index.maintain import (
    dbapi_of,
    ensure_current,
    index_state,
    load_segments,
    refresh,
)
from hmdesk.core.memory.search_index.schema import SnapshotError
from hmdesk.core.memory.store import MemoryStore

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
TEXTS = [
    "",
    "hvigor",
    "hvigor构建失败",
    "build failure",
    "hdc install 9568320",
    "签名",
    "ohpm proxy",
    "🚀 deploy",
    "nothing-matches-this",
    "no file profile not",
    "ArkTS versionCode HAP crashed",
    "install signing failed",
    "ws:hm-app hvigor",  # the workspace key in the text (default profile)
]
FILTERS: list[dict[str, object]] = [
    {},
    {"layer": "episodic"},
    {"environment": "terminal"},
    {"tags": ["build"]},
    {"include_superseded": True},
    {"limit": 2},
    {"workspace": "hm-app"},  # the ws: filter (notes of hmharness's memory.md)
    {"workspace": "hm-app", "tags": ["build", "note"]},
    {"workspace": "nowhere"},
]


def queries() -> Iterator[Query]:
    for profile in ("default", "hmharness"):
        for text in TEXTS:
            for kw in FILTERS:
                kw = {"limit": 50, **kw}
                yield Query(text=text, now=NOW, profile=PROFILES[profile], **kw)  # type: ignore[arg-type]


def explain(result: QueryResult) -> tuple[object, ...]:
    """Everything a result says, but the time it took."""
    return (
        result.terms,
        [(r.memory, r.score, r.components, r.terms) for r in result.results],
        result.filtered,
        result.pool,
        result.matched,
        result.note,
    )


def fill(store: MemoryStore) -> dict[str, str]:
    """Varied memories: layers, environments, tags, timestamps (local ones too), confidences."""
    ids = {}
    ids["a"] = store.add(
        "hvigor 构建在 Windows 路径含空格时失败，需引号包裹", tags=["build"], confidence=0.8
    ).id
    ids["b"] = store.add(
        "build doctor classifies seven failure signatures",
        tags=["build", "tooling"],
        confidence=0.6,
        layer="episodic",
    ).id
    ids["c"] = store.add(
        "hdc install fails with 9568320 after a signing change",
        tags=["hdc", "签名"],
        environment="terminal",
        timestamp="2026-11-20T10:00:00",
    ).id
    ids["d"] = store.add(
        "ohpm install behind a proxy needs the registry setting",
        confidence=0.3,
        timestamp="2026-08-01T00:00:00.000Z",
    ).id
    ids["e"] = store.add("🚀 deploy with hvigorw assembleHap", tags=["a_b"], confidence=1 / 3).id
    ids["f"] = store.add("unrelated gardening note about roses", timestamp="not a date").id
    ids["g"] = store.add("hvigor sync note", tags=["note", "ws:hm-app"], layer="episodic").id
    ids["h"] = store.add("hvigor in another workspace", tags=["ws:other", "build"]).id
    return ids


def change(store: MemoryStore, ids: dict[str, str]) -> None:
    """Edits, a delete, a restore, a supersede and a confidence change."""
    store.edit(ids["a"], content="hvigor 构建失败：清理 .hvigor 缓存后重试")
    store.set_confidence(ids["b"], 0.1, reason="noisy")
    store.delete(ids["d"])
    store.delete(ids["f"])
    store.restore(ids["f"])
    store.supersede(ids["c"], content="hdc install 9568320: re-sign the hap", reason="better")
    store.add("a new build failure with hvigor", tags=["build"], layer="episodic")
    store.add("hvigor note added later", tags=["build", "ws:hm-app"], layer="episodic")
    store.edit(ids["h"], tags=["ws:hm-app"])


def reference(store: MemoryStore, q: Query) -> QueryResult:
    records = store.list(include_superseded=True, include_deleted=False)
    return MemoryIndex(records, order=[r.seq for r in records]).search(q)


def assert_all_ways_equal(store: MemoryStore, retriever: Retriever | None = None) -> None:
    path = store.db.path
    records = store.list(include_superseded=True, include_deleted=False)
    conn = sqlite3.connect(path)
    try:
        segments = load_segments(conn).segments
        for q in queries():
            want = reference(store, q)
            assert [(r.memory.id, r.score) for r in want.results] == [
                (m.id, s) for m, s in retrieve_scan(records, q)
            ], q
            assert explain(search_segments(segments, q)) == explain(want), q
            assert explain(search_file(path, q)) == explain(want), q
            stored = search_stored(path, q)  # what search_file answers when it can
            assert stored is not None and explain(stored) == explain(want), q
            if retriever is not None:
                assert explain(retriever.search(q)) == explain(want), q
    finally:
        conn.close()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "s.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def pending(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return index_state(conn).pending
    finally:
        conn.close()


# ------------------------------------------------------------------ equivalence


@pytest.mark.slow  # the whole query sweep through every search path: seconds
def test_every_way_equals_the_scan_before_and_after_changes(store: MemoryStore) -> None:
    ids = fill(store)
    assert pending(store.db.path) > 0 or ensure_current(store.db) == "current"
    retriever = Retriever(store)
    assert_all_ways_equal(store, retriever)
    change(store, ids)
    assert pending(store.db.path) > 0  # the changes are pending rows, not in the snapshot
    assert_all_ways_equal(store, retriever)
    refresh(store.db)
    assert pending(store.db.path) == 0
    assert_all_ways_equal(store, Retriever(store))
    assert_all_ways_equal(store, retriever)
    retriever.close()


def test_pending_rows_are_read_whole(store: MemoryStore) -> None:
    ids = fill(store)
    refresh(store.db)
    store.edit(ids["b"], content="nothing about the old words")
    conn = sqlite3.connect(store.db.path)
    try:
        loaded = load_segments(conn)
        assert loaded.pending == 1 and len(loaded.segments) == 2
        q = Query("doctor", now=NOW)
        assert search_segments(loaded.segments, q).results == []
    finally:
        conn.close()


# ------------------------------------------------------------------ other writers

OTHER_PROCESS = """
import sys
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
store = MemoryStore(Database(sys.argv[1]), actor="other")
store.edit(sys.argv[2], content="signing fails with 9568320 after an ohpm update")
print(store.add("hdc file send needs a trailing slash", tags=["hdc"]).id)
"""


@pytest.mark.slow  # the whole query sweep through every search path: seconds
def test_another_process_is_seen_by_search_file_and_a_running_retriever(
    store: MemoryStore,
) -> None:
    ids = fill(store)
    retriever = Retriever(store)
    q = Query("trailing slash", now=NOW, limit=50)
    assert search_file(store.db.path, q).results == []
    assert retriever.search(q).results == []
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, str(store.db.path), ids["a"]],
        check=True,
        capture_output=True,
        text=True,
    )
    added = done.stdout.strip()
    assert [r.memory.id for r in search_file(store.db.path, q).results] == [added]
    assert [r.memory.id for r in retriever.search(q).results] == [added]
    assert_all_ways_equal(store, retriever)
    retriever.close()


@pytest.mark.slow  # the whole query sweep through every search path: seconds
def test_writes_bypassing_the_store_are_found(store: MemoryStore) -> None:
    ids = fill(store)
    refresh(store.db)
    conn = sqlite3.connect(store.db.path)
    with conn:
        conn.execute(
            "UPDATE memories SET content = 'zebra crossing in the hvigor log' WHERE id = ?",
            (ids["f"],),
        )
        conn.execute(
            "INSERT INTO memories (id, layer, content, payload, source, provenance, confidence, "
            "timestamp, environment, session, superseded_by, tags, created_at, updated_at, "
            "recall_count, last_recalled_at, superseded_at, supersede_reason, deleted_at, extra, "
            "hmh_raw, origin) SELECT 'raw-1', layer, 'zebra stripes raw insert', payload, source, "
            "provenance, 0.95, timestamp, environment, session, NULL, tags, created_at, "
            "updated_at, 0, NULL, NULL, NULL, NULL, extra, NULL, origin FROM memories WHERE id = ?",
            (ids["b"],),
        )
    conn.close()
    assert pending(store.db.path) == 2  # the updated row and the inserted one (triggers)
    q = Query("zebra", now=NOW, limit=50)
    assert [r.memory.id for r in search_file(store.db.path, q).results] == ["raw-1", ids["f"]]
    assert_all_ways_equal(store, Retriever(store))


# ------------------------------------------------------------------ damage


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damage_blob(conn: sqlite3.Connection) -> None:
    part, chunk, data = conn.execute(
        "SELECT part, chunk, data FROM search_snapshot WHERE part = 'conf'"
    ).fetchone()
    data = bytearray(data)
    data[0] ^= 0xFF
    conn.execute(
        "UPDATE search_snapshot SET data = ? WHERE part = ? AND chunk = ?",
        (bytes(data), part, chunk),
    )


def delete_rows(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM search_snapshot WHERE part = 'vocab'")


def bad_header(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE search_meta SET value = '{\"format\": 1, \"tick\"' WHERE key = 'snapshot'")


def wrong_size(conn: sqlite3.Connection) -> None:
    conn.execute(
        "UPDATE search_meta SET value = json_set(value, '$.size', 99) WHERE key = 'snapshot'"
    )


def lost_deletion(conn: sqlite3.Connection) -> None:
    """A memory deleted (soft) and its pending row lost: the snapshot is out of step."""
    conn.execute(
        "UPDATE memories SET deleted_at = '2026-11-30T00:00:00.000Z' "
        "WHERE seq = (SELECT min(seq) FROM memories WHERE deleted_at IS NULL)"
    )
    conn.execute("DELETE FROM search_dirty")


def lost_removal(conn: sqlite3.Connection) -> None:
    """A row removed outright and its pending row lost."""
    conn.execute("DELETE FROM memories WHERE seq = (SELECT max(seq) FROM memories)")
    conn.execute("DELETE FROM search_dirty")


@pytest.mark.slow  # the whole query sweep through every search path: seconds
@pytest.mark.parametrize(
    "damage", [damage_blob, delete_rows, bad_header, wrong_size, lost_deletion, lost_removal]
)
def test_damage_is_never_trusted_and_is_rebuilt(
    tmp_path: Path, damage: object, store: MemoryStore
) -> None:
    fill(store)
    refresh(store.db)
    path = store.db.path
    store.close()
    store.db.close()
    conn = sqlite3.connect(path)
    with conn:
        damage(conn)  # type: ignore[operator]
    conn.close()
    conn = sqlite3.connect(path)
    with pytest.raises(SnapshotError):
        load_segments(conn)
    conn.close()
    before = digest(path)
    db = Database(path)
    other = MemoryStore(db)
    try:
        for q in queries():
            assert explain(search_file(path, q)) == explain(reference(other, q)), q
        assert digest(path) == before  # a search never writes
        did = ensure_current(db)
        assert did.startswith("rebuilt: "), did
        assert ensure_current(db) == "current"
        assert_all_ways_equal(other, Retriever(other))
    finally:
        other.close()
        db.close()


# ------------------------------------------------------------------ migration

RAW_INSERT = (
    "INSERT INTO memories (id, layer, content, payload, source, provenance, confidence, "
    "timestamp, environment, session, superseded_by, tags, created_at, updated_at, "
    "recall_count, last_recalled_at, superseded_at, supersede_reason, deleted_at, extra, "
    "hmh_raw, origin) VALUES (?, 'semantic', ?, NULL, 'hmdesk', 'manual', ?, "
    "'2026-11-29T19:00:00.000Z', 'harmonyos', 'hmdesk', NULL, ?, "
    "'2026-11-29T19:00:00.000Z', '2026-11-29T19:00:00.000Z', 0, NULL, NULL, NULL, NULL, "
    "'{}', NULL, 'hmdesk')"
)


def schema_names(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    finally:
        conn.close()


@pytest.mark.slow  # the whole query sweep through every search path: seconds
def test_a_0003_database_searches_exactly_then_gets_its_index(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0003")
    assert "search_snapshot" not in schema_names(path)
    engine = make_engine(path)
    with engine.connect() as conn:
        conn.begin()
        for i, (text, tags) in enumerate(
            [("hvigor build fails", '["build"]'), ("hdc install 9568320", '["hdc"]')]
        ):
            conn.exec_driver_sql(RAW_INSERT, (f"old-{i}", text, 0.5 + i / 10, tags))
        conn.commit()
    engine.dispose()
    db = Database(path)  # applies 0004: the tables, no snapshot yet
    store = MemoryStore(db)
    try:
        assert "search_snapshot" in schema_names(path)
        assert index_state(sqlite3.connect(path)).problem is not None
        for q in queries():
            assert explain(search_file(path, q)) == explain(reference(store, q)), q
        retriever = Retriever(store)
        q = Query("hvigor", now=NOW)
        assert [r.memory.id for r in retriever.search(q).results] == ["old-0"]
        assert ensure_current(db).startswith("rebuilt: ")
        assert index_state(sqlite3.connect(path)).problem is None
        assert_all_ways_equal(store, Retriever(store))
    finally:
        store.close()
        db.close()
    migrate_to(path, "0003", down=True)
    names = schema_names(path)
    assert not names & {
        "search_meta",
        "search_dirty",
        "search_snapshot",
        "search_memories_ai",
        "search_memories_au",
        "search_memories_ad",
    }, names


# ------------------------------------------------------------------ local time

LOCAL_SEARCH = """
import json, sys
from datetime import datetime, UTC
from pathlib import Path
from hmdesk.core.memory.search_index.file_search import search_file
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
q = Query("", now=datetime(2026, 11, 20, 12, 0, tzinfo=UTC), limit=50)
got = search_file(Path(sys.argv[1]), q)
store = MemoryStore(Database(sys.argv[1]))
recs = store.list(include_superseded=True, include_deleted=False)
want = MemoryIndex(recs, order=[r.seq for r in recs]).search(q)
def pairs(res):
    return [(r.memory.id, r.score, r.components["recency"].raw) for r in res.results]
print(json.dumps([pairs(got), pairs(want)]))
"""


@pytest.mark.slow  # the whole query sweep through every search path: seconds
def test_local_timestamps_are_read_in_the_readers_time_zone(store: MemoryStore) -> None:
    import json

    ids = fill(store)
    env = {**os.environ, "TZ": "UTC"}
    ensure_current(store.db)
    refresh(store.db)
    assert pending(store.db.path) == 0
    runs = {}
    for tz in ("UTC", "Asia/Shanghai"):
        env["TZ"] = tz
        done = subprocess.run(
            [sys.executable, "-c", LOCAL_SEARCH, str(store.db.path)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        )
        got, want = json.loads(done.stdout)
        assert got == want, tz
        runs[tz] = {i: rec for i, _, rec in got}
    # "2026-11-20T10:00:00" is 10:00 UTC in one and 02:00 UTC in the other
    assert runs["UTC"][ids["c"]] != runs["Asia/Shanghai"][ids["c"]]
    assert runs["UTC"][ids["a"]] == runs["Asia/Shanghai"][ids["a"]]


# ------------------------------------------------------------------ read-only


def lock_file(path: Path) -> None:
    """Make ``path`` read-only for this process (chmod; root: the immutable attribute)."""
    path.chmod(0o444)
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if done.returncode != 0:
            path.chmod(0o644)
            pytest.skip(f"running as root and chattr +i is not available: {done.stderr!r}")


def unlock_file(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)
    path.chmod(0o644)


@pytest.mark.slow  # the whole query sweep through every search path: seconds
@pytest.mark.parametrize("damaged", [False, True])
def test_read_only_file_answers_and_writes_nothing(store: MemoryStore, damaged: bool) -> None:
    ids = fill(store)
    refresh(store.db)
    store.edit(ids["b"], content="read only pending row about zebras")
    if damaged:  # no snapshot to trust: every memory is read
        with store.db.write() as s:
            damage_blob(dbapi_of(s))
        with store.db.read() as s, pytest.raises(SnapshotError):
            load_segments(dbapi_of(s))
    want = [explain(reference(store, q)) for q in queries()]
    path = store.db.path
    store.close()
    store.db.close()
    lock_file(path)
    try:
        with pytest.raises(OSError):
            path.open("r+b").close()  # the lock holds
        before = (digest(path), sorted(p.name for p in path.parent.iterdir()))
        q = Query("zebras", now=NOW, limit=50)
        assert [r.memory.id for r in search_file(path, q).results] == [ids["b"]]
        assert [explain(search_file(path, q)) for q in queries()] == want
        assert (digest(path), sorted(p.name for p in path.parent.iterdir())) == before
    finally:
        unlock_file(path)


def test_a_one_shot_query_imports_neither_the_orm_nor_the_semantic_part(store: MemoryStore) -> None:
    fill(store)
    ensure_current(store.db, force=True)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "hmdesk.core.cli", "--db", str(store.db.path),
         "query", "hvigor build", "--profile", "hmharness", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert '"id"' in done.stdout
    loaded = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    heavy = {m for m in loaded if m.split(".")[0] in ("sqlalchemy", "alembic")}
    heavy |= {m for m in loaded if m.startswith("hmdesk.core.memory.semantic")}
    assert not heavy, sorted(heavy)[:10]

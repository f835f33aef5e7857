"""A team store under queries and writes at once: a search in progress holds no lock a write
waits for, and a connection the server ends mid-search (a restart ends every one) is, for the
one-shot CLI, one line saying so, never a traceback.

The search in progress is what :func:`~hmdesk.core.memory.search_index.postgres_search.
search_server` opens: a ``REPEATABLE READ READ ONLY`` transaction that has read the index tables.
The writer's session has ``lock_timeout`` set, so a write that waited for that search would fail
the test with ``LockNotAvailable`` instead of hanging it."""

from __future__ import annotations

import subprocess
import sys
import time

import psycopg
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

from tests.fixtures.postgres import pg_url  # noqa: F401 - the fixture

READS = ["search_docs", "search_pending", "search_counts", "memories", "memory_embeddings"]


def test_a_search_in_progress_never_blocks_a_write(pg_url: str) -> None:  # noqa: F811
    store = MemoryStore(Database(pg_url))
    first = store.add("hvigor build fails on a path with spaces")
    impatient = pg_url.replace("options=", "options=-clock_timeout%3D5000%20", 1)
    assert impatient != pg_url
    writer = MemoryStore(Database(impatient))
    try:
        with psycopg.connect(pg_url, autocommit=True) as search:
            search.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            for table in READS:
                search.execute(f"SELECT count(*) FROM {table}").fetchone()
            added = writer.add("hvigor build fails again after a clean")  # while it reads
            writer.supersede(first.id, content="hvigor: quote the path", reason="fix")
            seen = search.execute("SELECT count(*) FROM memories").fetchone()
            assert seen is not None and seen[0] == 1  # its snapshot, as it began
            search.execute("ROLLBACK")
        fresh = Retriever(store)
        found = {r.memory.id for r in fresh.search(Query(text="hvigor")).results}
        fresh.close()
        assert added.id in found
    finally:
        for s in (writer, store):
            s.close()
            s.db.close()


def test_a_connection_ended_mid_search_is_one_line_in_the_cli(pg_url: str) -> None:  # noqa: F811
    """The server ends the CLI's session while its search waits on the index (an administrator
    holds a lock, then terminates the waiting backend as a restart would)."""
    store = MemoryStore(Database(pg_url))
    store.add("arkts: @State for local state")
    store.close()
    store.db.close()
    with psycopg.connect(pg_url) as admin:
        admin.execute("LOCK TABLE search_docs IN ACCESS EXCLUSIVE MODE")
        cli = subprocess.Popen(
            [sys.executable, "-m", "hmdesk.core.cli", "--db", pg_url, "query", "arkts"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        with psycopg.connect(pg_url, autocommit=True) as watch:
            waiting: list[int] = []
            deadline = time.monotonic() + 60
            while not waiting and cli.poll() is None and time.monotonic() < deadline:
                rows = watch.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
                ).fetchall()
                waiting = [r[0] for r in rows]
                time.sleep(0.05)  # sleep-ok: waiting for the CLI to reach the locked table
            assert waiting, "the CLI never waited on the index"
            for pid in waiting:
                watch.execute("SELECT pg_terminate_backend(%s)", (pid,))
        out, err = cli.communicate(timeout=60)
        admin.rollback()
    assert cli.returncode == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("hmdesk-cli: error: the connection to the team store")
    assert "was lost" in err and "run it again once the server is back" in err

"""PostgreSQL team store vs SQLite (issue 15, requirement 5): one run, side by side.

With ``HMDESK_TEST_PG_URL`` (``.ci/run`` starts a throwaway server; without it the bench says so
in one line and skips) and ``HMDESK_BENCH_PG_SIZE`` memories (default 100,000, the generated
memories of ``bench_retrieval``) imported into an SQLite file and into an empty PostgreSQL schema
with ``hmdesk-cli import-hmharness``, it measures for each backend:

* import: wall time of the CLI process;
* open: the first search of a new in-process ``Retriever`` (SQLite loads its stored snapshot,
  PostgreSQL reads every live memory: it keeps none);
* warm query: the median over the ``bench_retrieval`` queries (each run 3 times) of a search on
  the running index; goal: PostgreSQL ≤ 1.5× SQLite (the index is in process either way);
* one-shot CLI query: ``hmdesk-cli --db X query TEXT --json``, median of 3 runs × 2 queries;
* change latency: another process adds a memory and notes the time right after its commit; the
  running index is searched in a tight loop until the memory shows up. SQLite notices by
  ``PRAGMA data_version`` on each search (the window polls it every second); PostgreSQL by
  ``LISTEN/NOTIFY``. Median of 5; goal: PostgreSQL within 1 s.

``python -m tests.bench postgres``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import quote

from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

from tests.bench.bench_coldpath import _cli_next_to_python, run_measured
from tests.bench.bench_retrieval import NOW, iter_records, make_queries, write_hmharness_jsonl

GOAL_WARM_RATIO = 1.5
GOAL_NOTIFY_S = 1.0
N_QUERIES = 40

WRITER = r"""
import sys, time
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
store = MemoryStore(Database(sys.argv[1]), actor="bench-writer")
print("ready", flush=True)
for line in sys.stdin:
    rec = store.add(line.strip())
    print(f"{rec.id} {time.time():.6f}", flush=True)
"""


def _schema_url(base: str) -> tuple[str, str]:
    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options={quote(f'-csearch_path={schema}')}", schema


def _drop(base: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def _warm(retriever: Retriever, queries: list[Query]) -> tuple[float, float]:
    t0 = time.perf_counter()
    retriever.search(queries[0])
    opened = time.perf_counter() - t0
    times = []
    for q in queries:
        for _ in range(3):
            t = time.perf_counter()
            retriever.search(q)
            times.append(time.perf_counter() - t)
    return opened, statistics.median(times)


def _latency(target: str, retriever: Retriever, rounds: int = 5) -> float:
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, target],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        assert proc.stdout.readline().strip() == "ready"
        samples = []
        for i in range(rounds):
            word = f"zqxlatency{i}w{uuid.uuid4().hex[:6]}"
            proc.stdin.write(f"{word} appears\n")
            proc.stdin.flush()
            mid, committed = proc.stdout.readline().split()
            q = Query(text=word, limit=1, now=NOW)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if [r.memory.id for r in retriever.search(q).results] == [mid]:
                    break
                time.sleep(0.005)
            samples.append(time.time() - float(committed))
        return statistics.median(samples)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def _oneshot(cli: str, target: str, texts: list[str]) -> float:
    walls = []
    for _ in range(3):
        for text in texts:
            wall, _peak, _ = run_measured(
                [cli, "--db", target, "query", text, "--now", "2026-11-29T12:00:00Z", "--json"]
            )
            walls.append(wall)
    return statistics.median(walls)


def main() -> bool:
    base = os.environ.get("HMDESK_TEST_PG_URL")
    if not base:
        print("skipped: no PostgreSQL server (HMDESK_TEST_PG_URL is not set; .ci/run starts one)")
        return True
    n = int(os.environ.get("HMDESK_BENCH_PG_SIZE", "100000"))
    cli = str(_cli_next_to_python())
    queries = [q for q in make_queries() if q.text][:N_QUERIES]
    queries = [Query(text=q.text, limit=10, profile=q.profile, now=NOW) for q in queries]
    texts = [queries[0].text, queries[1].text]
    url, schema = _schema_url(base)
    figures: dict[str, dict[str, float]] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            jsonl = Path(tmp) / "memory.jsonl"
            write_hmharness_jsonl(iter_records(n), jsonl)
            targets = {"sqlite": str(Path(tmp) / "bench.db"), "postgresql": url}
            for name, target in targets.items():
                wall, _peak, _ = run_measured([cli, "--db", target, "import-hmharness", str(jsonl)])
                db = Database(target)
                store = MemoryStore(db)
                retriever = Retriever(store)
                try:
                    opened, warm = _warm(retriever, queries)
                    latency = _latency(target, retriever)
                finally:
                    retriever.close()
                    store.close()
                    db.close()
                figures[name] = {
                    "import": wall,
                    "open": opened,
                    "warm": warm,
                    "oneshot": _oneshot(cli, target, texts),
                    "latency": latency,
                }
    finally:
        _drop(base, schema)
    s, p = figures["sqlite"], figures["postgresql"]
    print(f"{n:,} memories            {'SQLite':>12} {'PostgreSQL':>12} {'ratio':>7}")
    rows = [
        ("import (CLI, s)", "import", 1.0),
        ("open: first search (ms)", "open", 1000.0),
        ("warm query median (ms)", "warm", 1000.0),
        ("one-shot CLI query (ms)", "oneshot", 1000.0),
        ("another client's write seen (ms)", "latency", 1000.0),
    ]
    for label, key, scale in rows:
        ratio = p[key] / s[key] if s[key] else float("nan")
        print(f"{label:<34} {s[key] * scale:>10.1f} {p[key] * scale:>12.1f} {ratio:>6.2f}x")
    ratio = p["warm"] / s["warm"]
    goals = [
        (
            f"warm query PostgreSQL/SQLite {ratio:.2f}x <= {GOAL_WARM_RATIO}x",
            ratio <= GOAL_WARM_RATIO,
        ),
        (
            f"another client's write reaches the index in {p['latency'] * 1000:.0f} ms <= "
            f"{GOAL_NOTIFY_S * 1000:.0f} ms",
            p["latency"] <= GOAL_NOTIFY_S,
        ),
    ]
    for text, ok in goals:
        print(f"{'ok  ' if ok else 'MISS'} {text}")
    return all(ok for _, ok in goals)


if __name__ == "__main__":
    sys.exit(0 if main() else 1)

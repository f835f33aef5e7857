"""PostgreSQL team store vs SQLite (issue 30, requirement 5): one run, side by side.

``make bench`` starts a throwaway PostgreSQL server for it (:mod:`tests.bench.pg_server`; or
takes ``HMDESK_TEST_PG_URL``; without the server binaries it says so in one line and skips). For
each size of ``HMDESK_BENCH_PG_SIZES`` (default ``10000,100000``; ``1000000`` too for the scale
figures, as ``make bench-scale`` runs it; ``HMDESK_BENCH_CACHE=DIR`` keeps the generated files
as :func:`~tests.bench.bench_coldpath.write_generated` does) the generated memories of
``bench_retrieval`` are imported into an SQLite file and into
an empty PostgreSQL schema with ``hmdesk-cli import-hmharness``, and for each backend it measures:

* import: wall time and peak memory of the CLI process;
* one-shot CLI query: ``hmdesk-cli --db X query TEXT --json``, 2 queries × 3 runs: the slower
  query's median wall,
  largest peak RSS (the process's whole life);
* first results: a new ``Database``, ``MemoryStore`` and ``Retriever`` in this process and its
  first search (what the window does once it has painted: SQLite loads its stored snapshot,
  PostgreSQL asks the server);
* warm query: the median over the ``bench_retrieval`` queries (each run 3 times) on that retriever;
* change latency: another process adds a memory and notes the time right after its commit; the
  retriever is searched in a tight loop until the memory shows up (SQLite: ``PRAGMA
  data_version``; PostgreSQL: the server's index is current at the commit). Median of 5.

``HMDESK_BENCH_CLI=/path/to/hmdesk-cli`` adds a "before" column: that CLI imports into a schema
of its own and runs the same one-shot queries on PostgreSQL (the same run, the same server).
Goals at 100,000: PostgreSQL one-shot ≤ 2× SQLite's and ≤ 150 MiB, first results ≤ 1 s, warm
query ≤ 2× SQLite's, another client's write seen within 1 s; at 1,000,000: one-shot ≤ 1.5 s and
≤ 300 MiB. ``python -m tests.bench postgres``.
"""

from __future__ import annotations

import json
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
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

from tests.bench.bench_coldpath import _cli_next_to_python, run_measured, write_generated
from tests.bench.bench_retrieval import NOW, make_queries

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


def _warm(retriever: Retriever, queries: list[Query]) -> tuple[float, float, float]:
    """(first search, warm() as the window runs it after the first result, warm median)."""
    t0 = time.perf_counter()
    retriever.search(queries[0])
    opened = time.perf_counter() - t0
    t0 = time.perf_counter()
    retriever.warm()
    warmed = time.perf_counter() - t0
    times = []
    for q in queries:
        for _ in range(3):
            t = time.perf_counter()
            retriever.search(q)
            times.append(time.perf_counter() - t)
    return opened, warmed, statistics.median(times)


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


def _oneshot(cli: str, target: str, texts: list[str]) -> tuple[float, float]:
    """(the slowest query's median wall, the largest peak): a goal holds for every query."""
    walls: dict[str, list[float]] = {text: [] for text in texts}
    peaks = []
    for _ in range(3):
        for text in texts:
            wall, peak, _ = run_measured(
                [cli, "--db", target, "query", text, "--now", "2026-11-29T12:00:00Z", "--json"]
            )
            walls[text].append(wall)
            peaks.append(peak or 0.0)
    return max(statistics.median(w) for w in walls.values()), max(peaks)


def _in_process(target: str) -> dict[str, float]:
    """What a window does on ``target``: first results of a new database, store and retriever,
    warm() as it runs it, the warm queries, another client's write (and on PostgreSQL the warm
    queries answered by the server). Run in a process of its own (:func:`_measure`): the bench
    process stays small, so the peak memory of the CLI processes it starts is theirs alone
    (Linux counts a child's peak from the parent's size at ``fork``)."""
    queries = _queries()
    t0 = time.perf_counter()
    db = Database(target)
    store = MemoryStore(db)
    retriever = Retriever(store)
    built = time.perf_counter() - t0
    try:
        opened, warmed, warm = _warm(retriever, queries)  # opened: its first search
        out = {"first": built + opened, "warmed": warmed, "warm": warm}
        out["latency"] = _latency(target, retriever)
        if db.dialect == "postgresql":  # the warm queries answered by the server, for scale
            if not retriever._server_only:  # past LOCAL_INDEX_MAX the server answered them
                retriever._server_only, retriever._segments = True, None
                warm = _warm(retriever, queries)[2]
            out["warm_server"] = warm
    finally:
        retriever.close()
        store.close()
        db.close()
    return out


def _queries() -> list[Query]:
    queries = [q for q in make_queries() if q.text][:N_QUERIES]
    return [Query(text=q.text, limit=10, profile=q.profile, now=NOW) for q in queries]


def _measure(cli: str, target: str, jsonl: Path, texts: list[str]) -> dict[str, float]:
    wall, peak, _ = run_measured([cli, "--db", target, "import-hmharness", str(jsonl)])
    oneshot, oneshot_peak = _oneshot(cli, target, texts)
    child = [sys.executable, "-m", "tests.bench.bench_postgres", "--in-process", target]
    inner = json.loads(subprocess.run(child, check=True, capture_output=True, text=True).stdout)
    return {
        "import": wall,
        "import_peak": peak or 0.0,
        "oneshot": oneshot,
        "oneshot_peak": oneshot_peak,
        **inner,
    }


ROWS = [
    ("import (CLI, s)", "import", 1.0),
    ("import peak (MiB)", "import_peak", 1.0),
    ("one-shot CLI query (ms)", "oneshot", 1000.0),
    ("one-shot CLI peak (MiB)", "oneshot_peak", 1.0),
    ("first results, new process (ms)", "first", 1000.0),
    ("index in process: warm() (s)", "warmed", 1.0),
    ("warm query median (ms)", "warm", 1000.0),
    ("another client's write seen (ms)", "latency", 1000.0),
]


def _goals(n: int, s: dict[str, float], p: dict[str, float]) -> list[tuple[str, bool]]:
    if n >= 1_000_000:
        return [
            (f"1M one-shot {p['oneshot']:.2f} s <= 1.5 s", p["oneshot"] <= 1.5),
            (f"1M one-shot peak {p['oneshot_peak']:.0f} MiB <= 300", p["oneshot_peak"] <= 300),
        ]
    if n < 100_000:
        return []
    return [
        (
            f"one-shot PostgreSQL/SQLite {p['oneshot'] / s['oneshot']:.2f}x <= 2x",
            p["oneshot"] <= 2 * s["oneshot"],
        ),
        (f"one-shot peak {p['oneshot_peak']:.0f} MiB <= 150", p["oneshot_peak"] <= 150),
        (f"first results {p['first'] * 1000:.0f} ms <= 1000 ms", p["first"] <= 1.0),
        (f"warm PostgreSQL/SQLite {p['warm'] / s['warm']:.2f}x <= 2x", p["warm"] <= 2 * s["warm"]),
        (
            f"another client's write seen in {p['latency'] * 1000:.0f} ms <= "
            f"{GOAL_NOTIFY_S * 1000:.0f} ms",
            p["latency"] <= GOAL_NOTIFY_S,
        ),
    ]


def main() -> bool:
    from tests.bench.pg_server import pg_server

    sizes = [
        int(x)
        for x in os.environ.get(
            "HMDESK_BENCH_PG_SIZES", os.environ.get("HMDESK_BENCH_PG_SIZE", "10000,100000")
        ).split(",")
    ]
    before = os.environ.get("HMDESK_BENCH_CLI")
    cli = str(_cli_next_to_python())
    queries = _queries()
    texts = [queries[0].text, queries[1].text]
    ok = True
    with pg_server() as base:
        if base is None:
            print("skipped: no PostgreSQL server binaries here (Debian: apt install postgresql)")
            return True
        print(f"queries: {texts[0]!r}, {texts[1]!r} ({N_QUERIES} for the warm median)")
        for n in sizes:
            url, schema = _schema_url(base)
            old_url, old_schema = _schema_url(base) if before else (None, None)
            try:
                with tempfile.TemporaryDirectory() as tmp:
                    jsonl = Path(tmp) / "memory.jsonl"
                    write_generated(n, jsonl)
                    s = _measure(cli, str(Path(tmp) / "bench.db"), jsonl, texts)
                    p = _measure(cli, url, jsonl, texts)
                    b: dict[str, float] = {}
                    if before and old_url:
                        wall, peak, _ = run_measured(
                            [before, "--db", old_url, "import-hmharness", str(jsonl)]
                        )
                        b["import"], b["import_peak"] = wall, peak or 0.0
                        b["oneshot"], b["oneshot_peak"] = _oneshot(before, old_url, texts)
            finally:
                _drop(base, schema)
                if old_schema:
                    _drop(base, old_schema)
            head = f"{n:,} memories"
            extra = f" {'PG before':>10}" if before else ""
            print(f"\n{head:<34} {'SQLite':>10} {'PostgreSQL':>12} {'ratio':>7}{extra}")
            rows = [*ROWS, ("warm, the server answering (ms)", "warm_server", 1000.0)]
            for label, key, scale in rows:
                old = f" {b[key] * scale:>10.1f}" if key in b else (" " * 11 if before else "")
                if key not in s:  # SQLite has no server
                    print(f"{label:<34} {'—':>10} {p[key] * scale:>12.1f} {'':>7}{old}")
                    continue
                ratio = p[key] / s[key] if s[key] else float("nan")
                print(
                    f"{label:<34} {s[key] * scale:>10.1f} {p[key] * scale:>12.1f} "
                    f"{ratio:>6.2f}x{old}"
                )
            for text, good in _goals(n, s, p):
                print(f"{'ok  ' if good else 'MISS'} {text}")
                ok = ok and good
    return ok


if __name__ == "__main__":
    if sys.argv[1:2] == ["--in-process"]:
        print(json.dumps(_in_process(sys.argv[2])))
        sys.exit(0)
    sys.exit(0 if main() else 1)

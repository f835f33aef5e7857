"""Hybrid on a team store: the nearest memories found by the server (pgvector) vs by the client's
matrix (issue 30, requirement 3), one run, side by side, on the same PostgreSQL schema.

``python -m tests.bench pgvector`` starts a throwaway server (:mod:`tests.bench.pg_server`, or
takes ``HMDESK_TEST_PG_URL``); without pgvector on it (Debian: ``postgresql-NN-pgvector``) it says
so in one line and skips. For each size of ``HMDESK_BENCH_PGVECTOR_SIZES`` (default
``10000,100000``) the generated memories of ``bench_retrieval`` are imported with
``hmdesk-cli import-hmharness`` and given 384-dimension vectors of the deterministic n-gram
embedder (the size of the multilingual e5 model's), then a process of its own per path measures:

* vectors read: the client's matrix (every vector, 1,536 bytes a memory) vs the seqs alone;
* nearest (k = 10): median over the queries, every memory allowed and half of them (a filter);
* first hybrid search of a new retriever (the lexical index is built in process on both paths:
  the same cost on both) and the warm hybrid query median;
* the process's peak memory; and whether both paths ranked the same ids with the same scores.

Then the one-shot a person or an agent runs, ``hmdesk-cli query TEXT --profile hybrid --json``
(:data:`ONESHOT`: the CLI's ``main`` with the fake embedder at the bench's 384 dimensions), for
:data:`ONESHOT_TEXTS`, :data:`ONESHOT_RUNS` times each, on the pgvector store (the server finds
the nearest), on the same store with the client's vectors (``SERVER_DEFAULT`` off: every vector
read) and on an SQLite file of the same memories and vectors, and on the store both ways with the lexical
candidates from an index built in process (``Retriever.SERVER_HYBRID`` off, as before): the
median wall and peak of each,
their ratios to SQLite's, the load average before and after, and whether the three answered the
same ids (and the two PostgreSQL ways the same scores).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from tests.bench.bench_coldpath import _cli_next_to_python, run_measured
from tests.bench.bench_postgres import _drop, _queries, _schema_url
from tests.bench.bench_retrieval import iter_records, write_hmharness_jsonl

DIM = 384
ONESHOT_TEXTS = ("构建 失败", "not daemon", "@ohos.hilog use")
ONESHOT_RUNS = 3
ONESHOT = (
    "import sys\n"
    "from hmdesk.core.memory.retrieve import hybrid\n"
    "from hmdesk.core.memory.semantic import fake\n"
    "from hmdesk.core.memory.retrieve.retriever import Retriever\n"
    "hybrid.SERVER_DEFAULT = sys.argv[1] == 'server'\n"
    "Retriever.SERVER_HYBRID = sys.argv[2] == 'on'  # the lexical candidates from the server\n"
    f"fake.FakeEmbedder.__init__.__defaults__ = ({DIM}, 8)  # the bench's vectors\n"
    "from hmdesk.core.cli.main import main\n"
    "sys.exit(main(sys.argv[3:]))\n"
)
"""``hmdesk-cli`` as its console script runs it, the nearest found by the server or not, the
fake embedder of the bench's vectors (``HMDESK_EMBED_PROVIDER=fake``)."""


def _child(url: str, server: bool) -> dict[str, object]:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.profile import PROFILES
    from hmdesk.core.memory.retrieve.results import Query, result_to_json
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.semantic import FakeEmbedder
    from hmdesk.core.memory.store import MemoryStore

    queries = [
        Query(text=q.text, profile=PROFILES["hybrid"], now=q.now, limit=10) for q in _queries()
    ]
    db = Database(url)
    store = MemoryStore(db)
    emb = FakeEmbedder(dim=DIM)
    r = Retriever(store, embedder=emb)
    r.semantic.on_server = server
    try:
        t0 = time.perf_counter()
        vectors = r.semantic.matrix()
        read = time.perf_counter() - t0
        n = len(vectors)
        rng = np.random.default_rng(30)
        half = rng.random(n) < 0.5
        every = np.ones(n, dtype=bool)
        near: dict[str, list[float]] = {"all": [], "half": []}
        for q in queries[:20]:
            v = r.semantic.query_vector(q.text or "")
            for name, mask in (("all", every), ("half", half)):
                v = v.copy()  # another object: the client's kept product is not reused
                t = time.perf_counter()
                vectors.nearest(v, 10, mask)
                near[name].append(time.perf_counter() - t)
        t0 = time.perf_counter()
        first = result_to_json(r.search(queries[0]))
        first_s = time.perf_counter() - t0
        times, ranked = [], []
        for q in queries:
            for _ in range(3):
                t = time.perf_counter()
                res = r.search(q)
                times.append(time.perf_counter() - t)
            ranked.append([(x.memory.id, round(x.score, 12)) for x in res.results])
        first.pop("elapsed_ms")
        return {
            "read": read,
            "near_all": statistics.median(near["all"]),
            "near_half": statistics.median(near["half"]),
            "first": first_s,
            "warm": statistics.median(times),
            "ranked": ranked,
            "kind": type(vectors).__name__,
        }
    finally:
        r.close()
        store.close()
        db.close()


def _fill(url: str) -> float:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.semantic import FakeEmbedder
    from hmdesk.core.memory.semantic.fill import fill_embeddings

    db = Database(url)
    try:
        t0 = time.perf_counter()
        fill_embeddings(db, FakeEmbedder(dim=DIM), batch_size=2000)
        return time.perf_counter() - t0
    finally:
        db.close()


def _disk(url: str) -> tuple[int, int, int]:
    """Bytes: ``memory_embeddings`` with its indexes and TOAST, its pgvector column, the
    partial index of revision 0013."""
    from hmdesk.core.db import Database
    from sqlalchemy import text

    db = Database(url)
    try:
        with db.read() as s:
            row = s.execute(
                text(
                    "SELECT pg_total_relation_size('memory_embeddings'), "
                    "(SELECT sum(pg_column_size(embedding)) FROM memory_embeddings), "
                    "pg_relation_size('memory_embeddings_server')"
                )
            ).one()
        return int(row[0]), int(row[1] or 0), int(row[2])
    finally:
        db.close()


def _oneshots(target: str, way: str, lexical: str = "on") -> tuple[float, float, list[object]]:
    """(median wall over every text and run, largest peak, each text's ranked ids and scores)
    of the hybrid one-shot on ``target`` (``way``: the nearest by ``server`` or ``client``;
    ``lexical``: ``on``, the lexical candidates from the server, ``off`` from an index built in
    process, as before)."""
    env = {**os.environ, "HMDESK_EMBED_PROVIDER": "fake"}
    walls, peaks, ranked = [], [], []
    for text in ONESHOT_TEXTS:
        argv = [sys.executable, "-c", ONESHOT, way, lexical, "--db", target, "query", text]
        argv += ["--profile", "hybrid", "--now", "2026-11-29T12:00:00Z", "--json"]
        for i in range(ONESHOT_RUNS):
            wall, peak, out = run_measured(argv, env=env)
            walls.append(wall)
            peaks.append(peak or 0.0)
            if i == 0:
                found = json.loads(out)["results"]
                ranked.append([(x["id"], x["score"]) for x in found])
    return statistics.median(walls), max(peaks), ranked


def _sqlite_file(folder: Path, jsonl: Path, cli: str) -> str:
    """An SQLite file of the same memories and vectors."""
    target = str(folder / "memory.db")
    run_measured([cli, "--db", target, "import-hmharness", str(jsonl)])
    _fill(target)
    return target


def _print_oneshots(figures: dict[str, tuple[float, float, list[object]]]) -> bool:
    """The one-shot table; True when the three ways ranked the same ids (the two PostgreSQL
    ways the same scores too)."""
    base_wall, base_peak, base_ranked = figures["SQLite file"]
    print(
        f"\none-shot `hmdesk-cli query TEXT --profile hybrid --json`, {len(ONESHOT_TEXTS)} texts "
        f"x {ONESHOT_RUNS} runs, median wall and largest peak"
    )
    print(f"{'':<36} {'wall (s)':>9} {'/SQLite':>8} {'peak (MiB)':>11} {'/SQLite':>8}")
    for name, (wall, peak, _) in figures.items():
        print(
            f"{name:<36} {wall:>9.2f} {wall / base_wall:>7.2f}x {peak:>11.0f} "
            f"{peak / base_peak if base_peak else 0:>7.2f}x"
        )
    server = figures["PostgreSQL, pgvector (server)"][2]
    ids = [[i for i, _ in q] for q in server]
    same = all(f[2] == server for n, f in figures.items() if n != "SQLite file")
    same = same and ids == [[i for i, _ in q] for q in base_ranked]
    print(f"same ids on all, same scores on every PostgreSQL way: {'yes' if same else 'NO'}")
    return same


def _measure(url: str, server: bool) -> dict[str, object]:
    argv = [sys.executable, "-m", "tests.bench.bench_pgvector", "--child", url]
    _, peak, out = run_measured([*argv, "server" if server else "client"])
    found: dict[str, object] = json.loads(out)
    found["peak"] = peak or 0.0
    return found


ROWS = [
    ("vectors read by a new process (ms)", "read", 1000.0),
    ("nearest k=10, every memory (ms)", "near_all", 1000.0),
    ("nearest k=10, half allowed (ms)", "near_half", 1000.0),
    ("first hybrid search (ms)", "first", 1000.0),
    ("warm hybrid query median (ms)", "warm", 1000.0),
    ("process peak (MiB)", "peak", 1.0),
]


def main() -> bool:
    from tests.bench.pg_server import pg_server

    sizes = [
        int(x) for x in os.environ.get("HMDESK_BENCH_PGVECTOR_SIZES", "10000,100000").split(",")
    ]
    cli = str(_cli_next_to_python())
    ok = True
    print(f"load average at the start: {_load()}")
    with pg_server(pgvector=True) as base:
        if base is None:
            print("skipped: no PostgreSQL server binaries here (Debian: apt install postgresql)")
            return True
        for n in sizes:
            url, schema = _schema_url(base)
            oneshots: dict[str, tuple[float, float, list[object]]] = {}
            try:
                with tempfile.TemporaryDirectory() as tmp:
                    jsonl = Path(tmp) / "memory.jsonl"
                    write_hmharness_jsonl(iter_records(n), jsonl)
                    run_measured([cli, "--db", url, "import-hmharness", str(jsonl)])
                    from hmdesk.core.db import Database
                    from hmdesk.core.memory.semantic import server_vectors

                    db = Database(url)
                    has = server_vectors.available(db)
                    db.close()
                    if not has:
                        print("skipped: the server has no pgvector (pip install pgserver)")
                        return True
                    filled = _fill(url)
                    c = _measure(url, server=False)
                    s = _measure(url, server=True)
                    disk = _disk(url)
                    oneshots["PostgreSQL, pgvector (server)"] = _oneshots(url, "server")
                    oneshots["PostgreSQL, client"] = _oneshots(url, "client")
                    oneshots["pgvector, lexical in process"] = _oneshots(url, "server", "off")
                    oneshots["client, lexical in process"] = _oneshots(url, "client", "off")
                    sqlite = _sqlite_file(Path(tmp), jsonl, cli)
                    oneshots["SQLite file"] = _oneshots(sqlite, "client")
            finally:
                _drop(base, schema)
            same = c["ranked"] == s["ranked"]
            ok = ok and same and c["kind"] == "EmbeddingMatrix" and s["kind"] == "ServerVectors"
            print(f"\n{n:,} memories, {DIM} dimensions (vectors written in {filled:.1f} s)")
            print(f"{'':<36} {'client':>10} {'server':>10} {'server/client':>14}")
            for label, key, scale in ROWS:
                a, b = float(c[key]) * scale, float(s[key]) * scale  # type: ignore[arg-type]
                print(f"{label:<36} {a:>10.1f} {b:>10.1f} {b / a if a else 0:>13.2f}x")
            print(f"same ids and scores on both paths: {'yes' if same else 'NO'}")
            print(
                f"disk: memory_embeddings {disk[0] / 2**20:.0f} MiB with its indexes, of which "
                f"the pgvector column {disk[1] / 2**20:.0f} MiB and memory_embeddings_server "
                f"{disk[2] / 2**20:.1f} MiB (pg_total_relation_size, pg_column_size)"
            )
            ok = _print_oneshots(oneshots) and ok
            print(f"load average: {_load()}")
    return ok


def _load() -> str:
    """The load average (1, 5, 15 minutes) and the cores: the machine is shared."""
    if not hasattr(os, "getloadavg"):
        return "unknown"
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(_child(sys.argv[2], sys.argv[3] == "server")))
    else:
        raise SystemExit(0 if main() else 1)

"""Eight clients at once on one team store, each querying and writing (issue 30, requirement 4).

``python -m tests.bench many_clients`` starts a throwaway PostgreSQL server
(:mod:`tests.bench.pg_server`, or takes ``HMDESK_TEST_PG_URL``). Each of 8 processes opens the
store as the window does (its index in process, ``warm()``, kept up to date by LISTEN/NOTIFY),
then, in turn, adds a memory with a word of its own and searches for every client's words,
:data:`ROUNDS` times, and goes on searching until it has seen every write or 10 s passed. It
notes the wall clock right after each commit and the first time each word showed up in its
results (one machine, one clock). Printed: writes lost (the store's count against the writes
made), the lag from another client's commit to its first sight (median, max; goal ≤ 1 s), and the
writes' and searches' own time while the others query and write (median, max: a query never
waits for a write's lock, nor a write for a query).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

from tests.bench.bench_postgres import _drop, _schema_url

CLIENTS = 8
ROUNDS = 20
GOAL_S = 1.0

CLIENT = r"""
import json, sys, time
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.profile import HMHARNESS
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore
url, n, rounds, clients = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
store = MemoryStore(Database(url), actor=f"client{n}")
r = Retriever(store)
q = Query(text="zqmany", limit=100000, profile=HMHARNESS)
r.search(q)
r.warm()
print("ready", flush=True)
assert sys.stdin.readline().strip() == "go"
commits, seen, writes, queries = {}, {}, [], []
def look():
    t = time.perf_counter()
    found = r.search(q).results
    queries.append(time.perf_counter() - t)
    now = time.time()
    for x in found:
        seen.setdefault(x.memory.content, now)
for j in range(rounds):
    t = time.perf_counter()
    store.add(f"zqmany client{n} round{j}")
    writes.append(time.perf_counter() - t)
    commits[f"zqmany client{n} round{j}"] = time.time()
    look()
    time.sleep(0.03)  # sleep-ok: a client's pace between its writes
deadline = time.monotonic() + 10
while len(seen) < rounds * clients and time.monotonic() < deadline:
    look()
    time.sleep(0.005)  # sleep-ok: polling its own index, kept by NOTIFY
print(json.dumps({"commits": commits, "seen": seen, "writes": writes, "queries": queries}))
"""


def main() -> bool:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    from tests.bench.pg_server import pg_server

    with pg_server() as base:
        if base is None:
            print("skipped: no PostgreSQL server binaries here (Debian: apt install postgresql)")
            return True
        url, schema = _schema_url(base)
        try:
            Database(url).close()  # migrated once, before the clients open it
            procs = [
                subprocess.Popen(
                    [sys.executable, "-c", CLIENT, url, str(n), str(ROUNDS), str(CLIENTS)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
                for n in range(CLIENTS)
            ]
            for p in procs:
                assert p.stdout is not None and p.stdout.readline().strip() == "ready"
            for p in procs:
                assert p.stdin is not None
                p.stdin.write("go\n")
                p.stdin.flush()
            out = [json.loads(p.communicate(timeout=300)[0]) for p in procs]
            store = MemoryStore(Database(url))
            stored = store.count()
            store.close()
        finally:
            _drop(base, schema)
    commits = {k: v for o in out for k, v in o["commits"].items()}
    lags, unseen = [], 0
    for i, o in enumerate(out):
        for word, t in commits.items():
            if word.startswith(f"zqmany client{i} "):
                continue  # its own write
            if word in o["seen"]:
                lags.append(max(0.0, o["seen"][word] - t))
            else:
                unseen += 1
    writes = [w for o in out for w in o["writes"]]
    queries = [w for o in out for w in o["queries"]]
    made = CLIENTS * ROUNDS
    print(f"{CLIENTS} clients x {ROUNDS} writes, each searching after each write")
    print(f"writes made {made}, stored {stored}, lost {made - stored}")
    print(
        f"another client's write first seen: median {statistics.median(lags) * 1000:.0f} ms, "
        f"max {max(lags) * 1000:.0f} ms over {len(lags)} sightings; never seen {unseen}"
    )
    print(
        f"a write (add, committed): median {statistics.median(writes) * 1000:.1f} ms, "
        f"max {max(writes) * 1000:.1f} ms"
    )
    print(
        f"a search: median {statistics.median(queries) * 1000:.1f} ms, "
        f"max {max(queries) * 1000:.1f} ms over {len(queries)}"
    )
    ok = stored == made and unseen == 0 and max(lags) <= GOAL_S
    print(f"goal: nothing lost, every write seen by every other client within {GOAL_S:.0f} s")
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

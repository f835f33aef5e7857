"""One of the writers of tests/core/team/test_concurrency.py (run as a process of its own).

argv: URL, writer number, rounds, the hmharness file every writer imports. Reads ``go`` from
stdin, then adds, supersedes and imports at once with the others; prints ``done`` and the ids it
created, waits for ``check`` (every writer done), then waits until its own running index (kept by
LISTEN/NOTIFY) answers exactly like a fresh rebuild and prints the comparison as JSON."""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.importer import import_path
from hmdesk.core.memory.retrieve.profile import HMHARNESS
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

NOW = datetime(2027, 1, 1, tzinfo=UTC)


def answer(retriever: Retriever) -> list[tuple[str, float]]:
    # the hmharness profile: every match listed (the default profile folds near-duplicates such
    # as "concur writer 1 note 11" and "… fix 11", which is not what this test is about)
    q = Query(text="concur", limit=1_000_000, include_superseded=True, now=NOW, profile=HMHARNESS)
    return [(r.memory.id, round(r.score, 9)) for r in retriever.search(q).results]


def main() -> int:
    url, n, rounds, jsonl = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
    db = Database(url)
    store = MemoryStore(db, actor=f"writer{n}")
    running = Retriever(store)
    answer(running)  # the index is built before the others write
    print("ready", flush=True)
    assert sys.stdin.readline().strip() == "go"
    created: list[str] = []
    for j in range(rounds):
        rec = store.add(f"concur writer {n} note {j}", tags=[f"w{n}"])
        created.append(rec.id)
        if j % 3 == 2:
            new = store.supersede(
                created[-2], content=f"concur writer {n} fix {j}", reason="newer fix"
            )
            created.append(new.id)
        if j == rounds // 2:
            import_path(store, jsonl)
        if j % 4 == 0:
            answer(running)  # the running index follows along while everyone writes
    print("done " + " ".join(created), flush=True)
    assert sys.stdin.readline().strip() == "check"
    fresh_store = MemoryStore(Database(url))
    fresh = answer(Retriever(fresh_store))
    deadline = time.monotonic() + 30
    mine = answer(running)
    while mine != fresh and time.monotonic() < deadline:
        time.sleep(0.05)  # sleep-ok: waiting for NOTIFY to reach this process's listener
        mine = answer(running)
    print(json.dumps({"equal": mine == fresh, "size": len(fresh)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

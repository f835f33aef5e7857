"""Undo benchmark (issue 31, requirement 2): undoing a consolidation of 20,000 merges.

A store of 40,000 memories (20,000 pairs, imported in bulk) has every pair merged by one
consolidation (``apply_plan``: one group of 20,000 ``superseded_by`` events and their back-links).
Then ``undo_step`` takes it back, with a progress callback: it prints the wall time of the undo,
the transactions it committed and the longest time the write lock was held (from a transaction's
first statement to its commit, measured on the engine's events).

Goals: the undo under 10 s; no transaction holding the write lock more than 1 s. The CPU time
is printed beside the wall time: on a shared machine the wall time is mostly waiting for a core.
``python -m tests.bench undo`` (``UNDO_MERGES=N`` to change the size).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.jsonl import import_bytes
from hmdesk.core.memory.hmharness.rules import ConsolidationPlan, Merge
from hmdesk.core.memory.lifecycle.apply import apply_plan
from hmdesk.core.memory.store import MemoryStore

MERGES = int(os.environ.get("UNDO_MERGES", "20000"))
GOAL_S = 10.0
LOCK_GOAL_S = 1.0


def _line(mid: str, text: str) -> bytes:
    return json.dumps(
        {
            "id": mid,
            "layer": "semantic",
            "content": text,
            "source": "bench",
            "provenance": "bench",
            "confidence": 0.7,
            "timestamp": "2026-11-01T10:00:00.000Z",
            "environment": "harmonyos",
            "session": "bench",
            "tags": ["hdc"],
        }
    ).encode()


def main() -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "undo.db")
        store = MemoryStore(db, actor="alice")
        lines = []
        for i in range(MERGES):
            lines.append(_line(f"mem-k{i:08d}", f"hdc install needs a signed hap, variant {i}"))
            lines.append(_line(f"mem-d{i:08d}", f"hdc install needs a signed hap again, {i}"))
        import_bytes(store, b"\n".join(lines), Path("bench.jsonl"))
        merges = tuple(Merge(f"mem-d{i:08d}", f"mem-k{i:08d}") for i in range(MERGES))
        started = time.perf_counter()
        apply_plan(store, ConsolidationPlan(merged=merges))
        consolidated = time.perf_counter() - started

        held: list[float] = []
        began: list[float] = []

        def on_begin(_conn: object) -> None:
            began.append(time.perf_counter())

        def on_commit(_conn: object) -> None:
            if began:
                held.append(time.perf_counter() - began.pop())

        sa.event.listen(db.engine, "begin", on_begin)
        sa.event.listen(db.engine, "commit", on_commit)
        calls: list[tuple[int, int]] = []
        started, cpu = time.perf_counter(), time.process_time()
        step = store.undo_step(progress=lambda d, t: calls.append((d, t)))
        undo_s, undo_cpu = time.perf_counter() - started, time.process_time() - cpu
        sa.event.remove(db.engine, "begin", on_begin)
        sa.event.remove(db.engine, "commit", on_commit)
        undone = sum(1 for r in store.list(include_superseded=True) if r.superseded_by)
        store.close()
        db.close()
    longest = max(held) if held else 0.0
    print(f"merges                         {MERGES:>10,}")
    print(f"consolidation (apply_plan)     {consolidated:>10.2f} s")
    print(f"undo                           {undo_s:>10.2f} s   goal < {GOAL_S:.0f} s")
    print(f"  CPU time of the undo         {undo_cpu:>10.2f} s   (the wall time on a busy machine)")
    print(f"  what                         {step.what}")
    print(f"  progress calls               {len(calls):>10,}")
    print(f"  transactions (all, reads too){len(held):>10,}")
    print(f"  longest transaction          {longest:>10.2f} s   goal < {LOCK_GOAL_S:.0f} s")
    print(f"  memories still superseded    {undone:>10,}")
    return undo_s < GOAL_S and longest < LOCK_GOAL_S and undone == 0


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

"""Lifecycle benchmark (issue 13, requirement 8): contradiction and duplicate detection at 100,000.

The 100,000 generated memories of ``bench_retrieval`` (every layer, English, Chinese with and
without spaces, code, 5 % superseded), plus the labelled duplicate and contradiction pairs of
``resources/lifecycle/pairs.json`` planted at random places (semantic, both texts of a pair). It
times, in this process, over the records in memory (reading them from a store is the store's own
figure, ``MemoryStore.list``: about 1 s per 100k):

* ``hmharness``: ``detectContradictions()`` + ``consolidate()`` exactly as hmharness;
* ``default``: :func:`find_groups` (duplicates and contradictions; the MinHash path above 3,000),
  with a progress callback counting its calls;

and prints the wall time, the number of groups, the progress calls, the process's peak memory and
how many planted pairs ended up in one group of their labelled kind.

Goal: each detection under 10 s of CPU time (wall time printed too). ``python -m tests.bench lifecycle``.
"""

from __future__ import annotations

import dataclasses
import os
import random
import resource
import sys
import time

from hmdesk.core.memory.hmharness.rules import consolidate, detect_contradictions
from hmdesk.core.memory.jsdate import datetime_ms
from hmdesk.core.memory.lifecycle.evaluate import load_pairs
from hmdesk.core.memory.lifecycle.grouping import find_groups
from hmdesk.core.memory.record import MemoryRecord

from tests.bench.bench_retrieval import NOW, SEED, generate

N = 100_000
GOAL_S = 10.0


def _peak_mib() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def planted(records: list[MemoryRecord]) -> tuple[list[MemoryRecord], list[tuple[str, str, str]]]:
    """``records`` with the labelled pairs inserted, and ``(kind, id a, id b)`` for each pair."""
    rng = random.Random(SEED + 13)
    out = list(records)
    wanted: list[tuple[str, str, str]] = []
    template = records[0]
    for n, p in enumerate(load_pairs()):
        if p.label == "unrelated":
            continue
        ids = (f"plant-{n}-a", f"plant-{n}-b")
        for id, text in zip(ids, (p.a, p.b), strict=True):
            rec = dataclasses.replace(
                template, id=id, content=text, layer="semantic", superseded_by=None
            )
            out.insert(rng.randrange(len(out) + 1), rec)
        wanted.append((p.label, *ids))
    return out, wanted


def main() -> bool:
    t0 = time.perf_counter()
    records, wanted = planted(generate(N))
    print(
        f"{len(records):,} memories generated in {time.perf_counter() - t0:.1f} s "
        f"({len(wanted)} labelled pairs planted)"
    )
    now = datetime_ms(NOW)

    t0, c0 = time.perf_counter(), time.process_time()
    contra = detect_contradictions(records)
    plan = consolidate(records, now_ms=now)
    hmh_s, hmh_cpu = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"hmharness: {hmh_s:6.2f} s wall, {hmh_cpu:6.2f} s CPU  {len(contra):,} contradiction groups, "
        f"{len(plan.merged):,} merges, {len(plan.decayed):,} decays  peak {_peak_mib():.0f} MiB"
    )

    calls = 0

    def progress(done: int, total: int) -> None:
        nonlocal calls
        calls += 1

    t0, c0 = time.perf_counter(), time.process_time()
    groups = find_groups(records, progress=progress)
    default_s, default_cpu = time.perf_counter() - t0, time.process_time() - c0
    kinds = {k: sum(1 for g in groups if g.kind == k) for k in ("duplicate", "contradiction")}
    print(
        f"default:   {default_s:6.2f} s wall, {default_cpu:6.2f} s CPU  {kinds['duplicate']:,} duplicate groups, "
        f"{kinds['contradiction']:,} contradiction groups, {calls} progress calls  "
        f"peak {_peak_mib():.0f} MiB"
    )

    where = {(g.kind, i): n for n, g in enumerate(groups) for i in g.ids}
    found = {k: 0 for k in ("duplicate", "contradiction")}
    total = {k: 0 for k in ("duplicate", "contradiction")}
    for kind, a, b in wanted:
        total[kind] += 1
        if (kind, a) in where and where.get((kind, a)) == where.get((kind, b)):
            found[kind] += 1
    for kind in total:
        print(f"planted {kind} pairs grouped: {found[kind]}/{total[kind]}")

    # the goal is on CPU time: on a shared machine the wall time says more about the other
    # processes than about this code (both are printed); numpy runs single-threaded here
    ok = hmh_cpu < GOAL_S and default_cpu < GOAL_S and calls >= 10
    print(
        f"goal: each detection < {GOAL_S:.0f} s of CPU, with progress: {'met' if ok else 'MISSED'}"
        f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)"
    )
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

"""One-shot ``hmdesk-cli query`` on team stores already imported, old and new CLI side by side.

Importing 1,000,000 memories into PostgreSQL takes minutes (``bench_postgres`` does it, then
drops the schema): this bench takes stores that exist, ``HMDESK_BENCH_PG_STORES=URL,URL…``
(e.g. schemas imported once with ``hmdesk-cli import-hmharness`` from the files
``HMDESK_BENCH_CACHE`` keeps), and ``HMDESK_BENCH_CLI`` for a "before" CLI (another checkout's).
For each store and each of ``bench_postgres``'s two queries it runs the CLIs in turn,
``HMDESK_BENCH_RUNS`` rounds (default 5), and prints the median wall and the largest peak RSS of
each, the load average before and after, and whether both printed the same results (ids,
scores, explanations). Without stores it says so in one line. Goal at 1,000,000: one-shot
<= 1.5 s and <= 300 MiB. ``python -m tests.bench pg_oneshot``.
"""

from __future__ import annotations

import json
import os
import statistics

from tests.bench.bench_coldpath import _cli_next_to_python, run_measured
from tests.bench.bench_postgres import _queries

NOW_ARG = "2026-11-29T12:00:00Z"


def _size(url: str) -> int:
    from hmdesk.core.memory.search_index.postgres_search import connect

    conn = connect(url)
    try:
        row = conn.execute("SELECT live FROM search_counts").fetchone()
        return int(row[0])
    finally:
        conn.close()


def _answer(stdout: str) -> list[object]:
    out = json.loads(stdout)
    return [out.get("results"), out.get("filtered"), out.get("pool"), out.get("note")]


def main() -> bool:
    stores = [u for u in os.environ.get("HMDESK_BENCH_PG_STORES", "").split(",") if u]
    if not stores:
        print("skipped: set HMDESK_BENCH_PG_STORES to the URLs of imported team stores")
        return True
    runs = int(os.environ.get("HMDESK_BENCH_RUNS", "5"))
    clis = {"now": str(_cli_next_to_python())}
    if os.environ.get("HMDESK_BENCH_CLI"):
        clis = {"before": os.environ["HMDESK_BENCH_CLI"], **clis}
    texts = [q.text for q in _queries()[:2]]
    ok = True
    for url in stores:
        n = _size(url)
        load0 = os.getloadavg()
        walls: dict[tuple[str, str], list[float]] = {(c, t): [] for c in clis for t in texts}
        peaks: dict[str, float] = dict.fromkeys(clis, 0.0)
        answers: dict[tuple[str, str], list[object]] = {}
        for _ in range(runs):
            for text in texts:
                for name, cli in clis.items():
                    wall, peak, stdout = run_measured(
                        [cli, "--db", url, "query", text, "--now", NOW_ARG, "--json"]
                    )
                    walls[name, text].append(wall)
                    peaks[name] = max(peaks[name], peak or 0.0)
                    answers[name, text] = _answer(stdout)
        load1 = os.getloadavg()
        print(f"\n{n:,} memories, {runs} runs, load {load0[0]:.2f} -> {load1[0]:.2f}")
        for text in texts:
            cells = "  ".join(
                f"{name} {statistics.median(walls[name, text]) * 1000:7.0f} ms "
                f"(min {min(walls[name, text]) * 1000:.0f})"
                for name in clis
            )
            same = len({json.dumps(answers[c, text], sort_keys=True) for c in clis}) == 1
            print(f"  {text!r:<14} {cells}  {'same answers' if same else 'ANSWERS DIFFER'}")
            ok = ok and same
        print("  peak " + "  ".join(f"{name} {peaks[name]:.0f} MiB" for name in clis))
        if n >= 1_000_000:
            worst = max(statistics.median(walls["now", t]) for t in texts)
            good = worst <= 1.5 and peaks["now"] <= 300
            print(
                f"{'ok  ' if good else 'MISS'} 1M one-shot {worst:.2f} s <= 1.5 s, "
                f"peak {peaks['now']:.0f} MiB <= 300"
            )
            ok = ok and good
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

"""Pipeline overhead per step, with tools that answer at once (the fake hdc / hvigorw).

Side by side in one process: the whole pipeline (device check, then build → install → stop →
launch, each step persisted, streamed, classified) against bare ``subprocess.run`` of exactly the
same argv lists, ``hdc list targets -v`` included (same fakes, same cwd). The difference is what
the pipeline itself costs.
Goal: ≤ 50 ms median overhead per step.

Then a flood: a run whose install step prints 500 MB (the fake hdc writes its debug log lines as
fast as it can before ``install bundle successfully.``), in a child process so that its peak
memory (``ru_maxrss``) is the pipeline's alone. Goals: the install passes (the verdict needs the
last line) and the peak stays under 200 MB.

    python -m tests.bench pipeline
    HMDESK_BENCH_FLOOD_MB=50 python -m tests.bench pipeline   # a smaller flood
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hmdesk.core.db import Database
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.runs import PipelineEvent

from tests.fixtures.fake_tools import FAKE_HDC_KEY, make_fake_tools

RUNS = 25
GOAL_MS = 50.0
FLOOD_MB = int(os.environ.get("HMDESK_BENCH_FLOOD_MB", "500"))
GOAL_PEAK_MB = 200.0

# Runs in a child process: one pipeline run whose install prints FLOOD_MB, then its own peak RSS.
_FLOOD_CHILD = """
import json, resource, sys, time
from pathlib import Path
from hmdesk.core.db import Database
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.runs import PipelineOptions
lines = 0
def on_event(ev):
    global lines
    if ev.kind == "line":
        lines += 1
opts = PipelineOptions()
opts.timeouts["install"] = 3600.0
db = Database(Path(sys.argv[1]))
t0 = time.perf_counter()
result = Pipeline(db, Path(sys.argv[2]), sys.argv[3], on_event=on_event, options=opts).run()
elapsed = time.perf_counter() - t0
install = next(s for s in result.steps if s.name == "install")
db.close()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
peak_mb = peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
print(json.dumps({"status": result.status, "install": install.verdict,
                  "message": install.message, "lines": lines, "log_chars": len(install.log),
                  "log_dropped": install.log_dropped, "peak_mb": peak_mb, "seconds": elapsed}))
"""


def main() -> bool:
    saved = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="hmdesk-bench-") as tmp:
        base = Path(tmp)
        tools = make_fake_tools(base)
        os.environ.update(tools.env)
        os.environ.pop("FAKE_TOOLS_LOG", None)  # no call log: measure the tools as they are
        project = tools.project("hello").resolve()
        db = Database(base / "bench.db")
        try:
            ok = _bench(db, project)
        finally:
            db.close()
        try:
            return _bench_flood(base, project) and ok
        finally:
            os.environ.clear()
            os.environ.update(saved)


def _bench_flood(base: Path, project: Path) -> bool:
    """One run whose install prints FLOOD_MB; the verdict and the child's peak memory."""
    env = {
        **os.environ,
        "FAKE_HDC_SCENARIO": "install-flood",
        "FAKE_HDC_FLOOD_BYTES": str(FLOOD_MB * 1024 * 1024),
    }
    proc = subprocess.run(
        [sys.executable, "-c", _FLOOD_CHILD, str(base / "flood.db"), str(project), FAKE_HDC_KEY],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        print(f"flood run crashed (exit {proc.returncode}): {proc.stderr[-2000:]}")
        return False
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    verdict_ok = r["status"] == "success" and r["install"] == "passed"
    memory_ok = r["peak_mb"] <= GOAL_PEAK_MB
    print(
        f"\nflood: install printed {FLOOD_MB} MB ({r['lines']:,} lines) in {r['seconds']:.1f} s: "
        f"install {r['install']} ({r['message']}), run {r['status']} "
        f"{'(correct)' if verdict_ok else '(WRONG: it printed install bundle successfully.)'}"
    )
    print(
        f"stored log {r['log_chars']:,} chars, {r['log_dropped']:,} lines left out; "
        f"peak memory (ru_maxrss of the run's process) {r['peak_mb']:.1f} MB "
        f"(goal ≤ {GOAL_PEAK_MB:.0f} MB){'' if memory_ok else ' — GOAL MISSED'}"
    )
    return verdict_ok and memory_ok


def _bench(db: Database, project: Path) -> bool:
    names = ["build", "install", "stop", "launch"]
    pipe_step: dict[str, list[float]] = {n: [] for n in names}
    bare_step: dict[str, list[float]] = {n: [] for n in names}
    pipe_total: list[float] = []
    bare_total: list[float] = []

    # warm-up (imports, first DB writes, page cache)
    Pipeline(db, project, FAKE_HDC_KEY).run()

    for _ in range(RUNS):
        marks: dict[str, float] = {}

        def on_event(ev: PipelineEvent, marks: dict[str, float] = marks) -> None:
            if ev.kind in ("step-started", "step-finished"):
                marks[f"{ev.kind}:{ev.step}"] = time.perf_counter()

        t0 = time.perf_counter()
        result = Pipeline(db, project, FAKE_HDC_KEY, on_event=on_event).run()
        pipe_total.append(time.perf_counter() - t0)
        if result.status != "success":
            print(f"pipeline run failed: {result.to_json()}")
            return False
        for n in names:
            pipe_step[n].append(marks[f"step-finished:{n}"] - marks[f"step-started:{n}"])

        # the pipeline checks the device (`hdc list targets -v`) before building: so does the
        # bare side, so the difference stays what the pipeline itself costs
        t = time.perf_counter()
        subprocess.run(
            [result.steps[1].argv[0], "list", "targets", "-v"], capture_output=True, check=False
        )
        total = time.perf_counter() - t
        for step in result.steps:
            t = time.perf_counter()
            subprocess.run(
                step.argv,
                cwd=project if step.name == "build" else None,
                capture_output=True,
                check=False,
            )
            d = time.perf_counter() - t
            bare_step[step.name].append(d)
            total += d
        bare_total.append(total)

    def ms(v: float) -> str:
        return f"{v * 1000:8.1f}"

    print(f"{RUNS} runs of 4 steps; medians in ms (fake tools answer at once)")
    print(f"{'step':<10}{'pipeline':>10}{'bare run':>10}{'overhead':>10}{'ratio':>8}")
    overheads: list[float] = []
    for n in names:
        p = statistics.median(pipe_step[n])
        b = statistics.median(bare_step[n])
        overheads.append(p - b)
        print(f"{n:<10}{ms(p):>10}{ms(b):>10}{ms(p - b):>10}{p / b:>8.2f}")
    pt = statistics.median(pipe_total)
    bt = statistics.median(bare_total)
    per_step = (pt - bt) / len(names)
    print(f"{'whole run':<10}{ms(pt):>10}{ms(bt):>10}{ms(pt - bt):>10}{pt / bt:>8.2f}")
    print(
        f"overhead per step: median of steps {statistics.median(overheads) * 1000:.1f} ms, "
        f"whole run incl. run bookkeeping {per_step * 1000:.1f} ms/step (goal ≤ {GOAL_MS:.0f} ms)"
    )
    return max(statistics.median(overheads), per_step) * 1000 <= GOAL_MS


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

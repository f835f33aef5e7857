"""GUI start-up and typing latency with a 100,000-memory store.

1. Time from process start to the first painted window: ``hmdesk`` (the real entry point,
   ``hmdesk.gui.app.main``) side by side with a bare ``QApplication`` + ``QMainWindow``, each in
   its own subprocess, interleaved, several repetitions; medians and the ratio (goal ≤ 2×).
   Also reported: the time until the first query result is on screen, and that time after
   the first paint (goal ≤ 0.6 s, issue 26).
   And the longest event-loop stall while the window opens: from its first paint until the
   Memories area is searchable (its first result applied), the gaps of a 2 ms heartbeat
   (goal ≤ 50 ms), with their 99th percentile.
2. The longest event-loop stall while typing a 20-character query into the query bar, one key
   at a time with short pauses (goal ≤ 50 ms). A 2 ms heartbeat timer measures the gaps
   between event-loop iterations; searches run off the GUI thread.

    python -m tests.bench gui_startup

``HMDESK_BENCH_GUI_N`` sets the store's size (default 100,000; e.g. ``1000000`` for the 1M
window figures of issue 10), ``HMDESK_BENCH_GUI_DB=PATH`` keeps the generated store at ``PATH``
and reuses it when it is already there (generating 1M memories takes minutes; the first run
on a new store also builds its search index, in the warm-up run, which is not counted), and
``HMDESK_BENCH_GUI_REPS`` the number of app runs (default 5)::

    HMDESK_BENCH_GUI_N=1000000 HMDESK_BENCH_GUI_DB=/tmp/1m.db HMDESK_BENCH_GUI_REPS=3 \
        python -m tests.bench gui_startup

Besides the stall while opening it reports the longest stall in the ``SETTLE_MS`` after the
first result (the other areas are built then, or when their tab is first opened) and the app's
peak memory (``ru_maxrss`` at the end of that, Linux and macOS).

``HMDESK_BENCH_SAMPLE=1`` also samples the threads' stacks and prints, for every gap over
30 ms, what the GUI thread was doing (:mod:`tests.bench.stall_sampler`); the sampler costs
time itself, so the figures of such a run are not the ones to report.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

N_MEMORIES = int(os.environ.get("HMDESK_BENCH_GUI_N", "100000"))
REPS = int(os.environ.get("HMDESK_BENCH_GUI_REPS", "5"))
STORE_PATH = os.environ.get("HMDESK_BENCH_GUI_DB")  # keep / reuse the generated store there
SETTLE_MS = 4000  # after the first result: the later areas' time (main_window.LATER_AREAS_MS)
PEAK_GOAL_MIB = 1536.0
QUERY = "hdc install fails 95"  # 20 characters
RATIO_GOAL = 2.0
STALL_GOAL_MS = 50.0
RESULTS_GOAL_MS = 600.0  # first results on screen after the window's first paint
SAMPLE = os.environ.get("HMDESK_BENCH_SAMPLE") == "1"

BARE_CHILD = r"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

class First(QObject):
    done = False
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint and not self.done:
            self.done = True
            print("PAINTED", flush=True)
            QTimer.singleShot(0, app.quit)
        return False

app = QApplication(sys.argv)
f = First()
app.installEventFilter(f)
w = QMainWindow()
w.setWindowTitle("bare")
w.resize(1280, 800)
w.show()
app.exec()
"""

APP_CHILD = r"""
import os, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from hmdesk.gui import app as hmapp
from tests.bench.stall_sampler import StallProbe

probe = []

def peak_mib():
    try:
        import resource
    except ImportError:  # Windows: no figure
        return 0.0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 2**20 if sys.platform == "darwin" else rss / 1024

def on_window(w):
    def painted():
        # the heartbeat from the first paint until the area is searchable: the opening stall
        p = StallProbe(sample=os.environ.get("HMDESK_BENCH_SAMPLE") == "1")
        p.start()
        probe.append(p)
        print("PAINTED", flush=True)

    w.first_painted.connect(painted)
    # results on screen: the first look from the stored index, or the area's own result
    w.first_results.connect(lambda: print("RESULTS", flush=True))

    def ready():
        area = w.memories
        def first_result(_r):
            if probe:
                probe[0].stop()
                longest, p99, ticks = probe[0].summary()
                print(f"OPENSTALL {longest:.2f} {p99:.2f} {ticks}", flush=True)
            print("AREA", flush=True)  # the Memories area, searchable, with its result
            # then a while with nothing typed: what the window does after its first result
            settle = StallProbe(sample=os.environ.get("HMDESK_BENCH_SAMPLE") == "1")
            settle.start()
            def done():
                settle.stop()
                longest, p99, ticks = settle.summary(skip_first=False)
                print(f"SETTLESTALL {longest:.2f} {p99:.2f} {ticks}", flush=True)
                print(f"PEAK {peak_mib():.1f}", flush=True)
                QApplication.instance().quit()
            QTimer.singleShot(int(sys.argv[2]), done)
        if area.result is not None:
            first_result(area.result)
        else:
            area.result_applied.connect(first_result)

    w.context_ready.connect(ready)

sys.exit(hmapp.main(["hmdesk", "--db", sys.argv[1]], on_window=on_window))
"""

WORDS = [
    "hdc",
    "install",
    "hilog",
    "hvigor",
    "build",
    "signing",
    "profile",
    "device",
    "bundle",
    "ability",
    "module",
    "sdk",
    "ohpm",
    "arkts",
    "compile",
    "error",
    "fails",
    "timeout",
    "crash",
    "permission",
    "udid",
    "certificate",
    "version",
    "deploy",
    "launch",
    "force-stop",
    "targets",
    "server",
    "port",
    "emulator",
    "storage",
    "native",
    "abi",
    "release",
    "debug",
    "构建",
    "失败",
    "签名",
    "安装",
    "日志",
    "设备",
    "权限",
    "证书",
]
LAYERS = ("semantic", "episodic", "procedural", "world")


def make_store(path: Path, n: int = N_MEMORIES) -> float:
    """An hmdesk database with ``n`` memories (schema via Database, rows by bulk SQL)."""
    from hmdesk.core.db import Database, iso
    from hmdesk.core.memory.starter import starter_entries

    start = time.perf_counter()
    Database(path).close()
    rng = random.Random(4)
    starters = starter_entries()
    now = datetime.now(UTC)
    rows = []
    for i in range(n):
        base = starters[i % len(starters)]
        extra = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14)))
        content = f"{base['content'][: rng.randint(60, 260)]} {extra} #{i}"
        ts = iso(now - timedelta(minutes=rng.randint(0, 200 * 24 * 60)))
        tags = json.dumps(sorted({*base["tags"][:3], rng.choice(WORDS)}), ensure_ascii=False)
        rows.append(
            (
                f"mem-{i:012x}",
                LAYERS[i % 4] if i % 5 == 0 else "semantic",
                content,
                "agent-run",
                f"trajectory:trj-{i}",
                round(rng.uniform(0.3, 0.95), 2),
                ts,
                "harmonyos" if i % 7 else "terminal",
                f"s{i % 97}",
                tags,
                ts,
                ts,
                rng.randint(0, 5),
                "{}",
                "hmharness",
            )
        )
    con = sqlite3.connect(path)
    with con:
        con.executemany(
            "INSERT INTO memories (id, layer, content, source, provenance, confidence, timestamp,"
            " environment, session, tags, created_at, updated_at, recall_count, extra, origin)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )
    con.close()
    return time.perf_counter() - start


def _child_env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["XDG_CONFIG_HOME"] = str(tmp / "config")  # throw-away QSettings
    env["HMDESK_LOG_DIR"] = str(tmp / "logs")
    env["HMH_HOME"] = str(tmp / "hmh")
    env.pop("HMDESK_DB", None)
    return env


def _run_child(argv: list[str], env: dict[str, str], marks: tuple[str, ...]) -> dict[str, float]:
    """The time of each mark the child printed (ms from its start); ``OPENSTALL longest p99
    ticks`` lines become ``open_max`` and ``open_p99``."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=None if SAMPLE else subprocess.DEVNULL,
        env=env,
        text=True,
        cwd=Path(__file__).resolve().parents[2],  # tests.bench.stall_sampler importable
    )
    seen: dict[str, float] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        word = line.strip()
        if word.startswith(("OPENSTALL ", "SETTLESTALL ")):
            tag, longest, p99, _ticks = word.split()
            key = "open" if tag == "OPENSTALL" else "settle"
            seen[f"{key}_max"], seen[f"{key}_p99"] = float(longest), float(p99)
        elif word.startswith("PEAK "):
            seen["peak_mib"] = float(word.split()[1])
        elif word in marks and word not in seen:
            seen[word] = (time.perf_counter() - start) * 1000
    proc.wait(timeout=300)
    missing = [m for m in marks if m not in seen]
    if missing:
        raise RuntimeError(f"{argv[:3]} never printed {missing} (exit {proc.returncode})")
    return seen


APP_MARKS = ("PAINTED", "RESULTS", "AREA", "settle_max", "peak_mib")


def startup(
    db: Path, tmp: Path
) -> tuple[list[float], list[float], list[float], list[float], list[tuple[float, float]], dict]:
    env = _child_env(tmp)
    bare, app, results, area, stalls = [], [], [], [], []
    extra: dict[str, list[float]] = {"settle_max": [], "peak_mib": []}
    app_child = [sys.executable, "-c", APP_CHILD, str(db), str(SETTLE_MS)]
    # one warm-up of each (file cache; a new store's search index is built here), not counted
    _run_child([sys.executable, "-c", BARE_CHILD], env, ("PAINTED",))
    _run_child(app_child, env, APP_MARKS)
    for _ in range(REPS):
        bare.append(_run_child([sys.executable, "-c", BARE_CHILD], env, ("PAINTED",))["PAINTED"])
        marks = _run_child(app_child, env, APP_MARKS)
        app.append(marks["PAINTED"])
        results.append(marks["RESULTS"])
        area.append(marks["AREA"])
        stalls.append((marks["open_max"], marks["open_p99"]))
        for key, values in extra.items():
            values.append(marks[key])
    return bare, app, results, area, stalls, extra


def typing_stall(db: Path, tmp: Path) -> dict[str, float]:
    """Runs in this process; puts back what it changes (the benchmarks share a process)."""
    import gc

    saved_env = {k: os.environ.get(k) for k in ("QT_QPA_PLATFORM", "HMH_HOME")}
    saved_switch = sys.getswitchinterval()
    try:
        return _typing_stall(db, tmp)
    finally:
        sys.setswitchinterval(saved_switch)
        gc.unfreeze()
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _typing_stall(db: Path, tmp: Path) -> dict[str, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["HMH_HOME"] = str(tmp / "hmh")
    from PySide6.QtCore import QEventLoop, QSettings, QThreadPool, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    from hmdesk.gui.app import configure_runtime
    from hmdesk.gui.context import build_context
    from hmdesk.gui.main_window import MainWindow

    configure_runtime()  # what hmdesk.gui.app.main() does before opening the window
    t0 = time.perf_counter()
    ctx = build_context(db, QSettings(str(tmp / "bench.ini"), QSettings.Format.IniFormat))
    window = MainWindow(ctx)
    window.resize(1280, 800)
    window.show()
    area = window.memories
    assert area is not None

    def spin(ms: int) -> None:
        """Run the real event loop for ``ms`` (QTest.qWait would sleep between iterations)."""
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def wait_for(pred, timeout_s: float = 120.0) -> None:
        end = time.perf_counter() + timeout_s
        while not pred():
            spin(5)
            if time.perf_counter() > end:
                raise RuntimeError("timed out")

    wait_for(lambda: area.result is not None and not area.is_searching())
    first_result_ms = (time.perf_counter() - t0) * 1000
    spin(300)

    from tests.bench.stall_sampler import StallProbe

    probe = StallProbe(sample=SAMPLE)
    area.query_bar.text.setFocus()
    searches = []
    area.result_applied.connect(lambda r: searches.append(r.query.text))
    probe.start()
    typing_start = time.perf_counter()
    for i, ch in enumerate(QUERY):
        QTest.keyClicks(area.query_bar.text, ch)
        spin(220 if i % 4 == 3 else 70)  # some pauses let the debounce fire mid-typing
    wait_for(
        lambda: (
            area.result is not None and area.result.query.text == QUERY and not area.is_searching()
        )
    )
    final_ms = (time.perf_counter() - typing_start) * 1000
    spin(300)
    probe.stop()
    window.close()
    QThreadPool.globalInstance().waitForDone(30_000)
    window.deleteLater()
    ctx.retriever.close()
    ctx.store.close()
    ctx.db.close()
    longest, p99, ticks = probe.summary()
    return {
        "first_result_ms": first_result_ms,
        "max_stall_ms": longest,
        "p99_gap_ms": p99,
        "ticks": ticks,
        "searches": len(searches),
        "typing_ms": final_ms,
        "results": len(area.result.results),
    }


def _store(tmp: Path) -> Path:
    """The bench's store: generated in ``tmp``, or at ``HMDESK_BENCH_GUI_DB`` (reused when it
    is there already and holds ``N_MEMORIES`` memories)."""
    db = Path(STORE_PATH) if STORE_PATH else tmp / "bench.db"
    if db.exists():
        con = sqlite3.connect(db)
        try:
            (count,) = con.execute("SELECT count(*) FROM memories").fetchone()
        finally:
            con.close()
        if count != N_MEMORIES:
            raise SystemExit(f"{db} holds {count:,} memories, not {N_MEMORIES:,}")
        print(f"store: {count:,} memories reused from {db} ({db.stat().st_size // 2**20} MiB)")
        return db
    gen = make_store(db, N_MEMORIES)
    print(
        f"store: {N_MEMORIES:,} memories generated in {gen:.1f} s ({db.stat().st_size // 2**20} MiB)"
    )
    return db


def main() -> bool:
    with tempfile.TemporaryDirectory(prefix="hmdesk-bench-gui-") as tmpname:
        tmp = Path(tmpname)
        db = _store(tmp)
        size = f"{N_MEMORIES // 1000}k" if N_MEMORIES < 1_000_000 else f"{N_MEMORIES / 1e6:g}M"
        bare, app, results, area, stalls, extra = startup(db, tmp)
        mb, ma, mr = statistics.median(bare), statistics.median(app), statistics.median(results)
        ratio = ma / mb
        print()
        print(f"start-up to first painted window, {REPS} runs each (ms)")
        print(f"{'':28}{'median':>8}{'min':>8}{'max':>8}")
        print(f"{'bare QApplication+QMainWindow':28}{mb:8.0f}{min(bare):8.0f}{max(bare):8.0f}")
        print(f"{f'hmdesk ({size} memories)':28}{ma:8.0f}{min(app):8.0f}{max(app):8.0f}")
        print(f"{'ratio hmdesk / bare':28}{ratio:8.2f}   goal <= {RATIO_GOAL:.1f}")
        print(
            f"{'hmdesk first results shown':28}{mr:8.0f}{min(results):8.0f}{max(results):8.0f}   (no goal)"
        )
        after = [r - a for r, a in zip(results, app, strict=True)]
        ma_after = statistics.median(after)
        # the issue sets this goal at 100k; a 1M store's first look reads ten times as much
        results_goal = RESULTS_GOAL_MS if N_MEMORIES <= 100_000 else float("inf")
        print(
            f"{'  results after first paint':28}{ma_after:8.0f}{min(after):8.0f}{max(after):8.0f}"
            + (
                f"   goal <= {results_goal:.0f}"
                if results_goal < float("inf")
                else "   (goal at 100k)"
            )
        )
        area_after = [r - a for r, a in zip(area, app, strict=True)]
        print(
            f"{'  searchable area after paint':28}{statistics.median(area_after):8.0f}"
            f"{min(area_after):8.0f}{max(area_after):8.0f}   (no goal)"
        )
        open_max = statistics.median(m for m, _p in stalls)
        open_p99 = statistics.median(p for _m, p in stalls)
        print(
            f"{'  longest stall while opening':28}{open_max:8.1f}"
            f"{min(m for m, _p in stalls):8.1f}{max(m for m, _p in stalls):8.1f}"
            f"   goal <= {STALL_GOAL_MS:.0f} (first paint -> searchable)"
        )
        print(
            f"{'  99th pct gap while opening':28}{open_p99:8.1f}"
            f"{min(p for _m, p in stalls):8.1f}{max(p for _m, p in stalls):8.1f}"
        )
        settle = extra["settle_max"]
        print(
            f"{'  longest stall, next 4 s':28}{statistics.median(settle):8.1f}{min(settle):8.1f}"
            f"{max(settle):8.1f}   goal <= {STALL_GOAL_MS:.0f} (after the first result)"
        )
        peaks = extra["peak_mib"]
        peak = max(peaks)
        print(
            f"{'  app peak memory (MiB)':28}{statistics.median(peaks):8.0f}{min(peaks):8.0f}"
            f"{peak:8.0f}   goal <= {PEAK_GOAL_MIB:.0f}"
        )
        t = typing_stall(db, tmp)
        print()
        print(f"typing {QUERY!r} ({len(QUERY)} chars) into the query bar, {size} memories")
        print(
            f"  longest event-loop stall : {t['max_stall_ms']:6.1f} ms   goal <= {STALL_GOAL_MS:.0f}"
        )
        print(
            f"  99th percentile gap      : {t['p99_gap_ms']:6.1f} ms   ({t['ticks']} heartbeats of 2 ms)"
        )
        print(
            f"  searches delivered       : {t['searches']:6d}      final result: {t['results']} rows"
        )
        print(
            f"  in-process first result  : {t['first_result_ms']:6.0f} ms (store open, index load)"
        )
        ok = (
            ratio <= RATIO_GOAL
            and t["max_stall_ms"] <= STALL_GOAL_MS
            and ma_after <= results_goal
            and open_max <= STALL_GOAL_MS
            and max(settle) <= STALL_GOAL_MS
            and peak <= PEAK_GOAL_MIB
        )
        return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

"""Review scan benchmark (issue 13, requirement 8): 100,000 memories, in the window, no stall.

A 100,000-memory SQLite store (the generated memories of ``bench_retrieval`` with the labelled
pairs of ``bench_lifecycle`` planted, written by bulk SQL), opened as the window opens it (the
1 ms switch interval of ``configure_runtime``, the segmenter loaded, ``gc.freeze()`` as the
Memories area does after its first result). Then the real Review area
(:class:`hmdesk.gui.review.area.ReviewArea`) is shown in a QApplication, which starts its scan,
and a 10 ms heartbeat timer measures the event loop while the scan runs, in the same run:

* **control**: the heartbeat alone, no scan (what this machine's event loop does anyway);
* **thread**: the scan on a worker thread of this process (the fallback path);
* **process**: the scan in a child process (the default path).

For each: the scan's wall time (start → result on the GUI thread), the time until the list is
filled, the progress signals seen, the longest event-loop stall and the 99th percentile of the
heartbeat's lateness, the GUI-thread time spent filling the list (``_fill``, all its slices) and
the longest stall while it was filled.

Goals (the process path): scan < 10 s with progress, longest stall ≤ 50 ms during the scan and
during the fill. ``python -m tests.bench review_scan``.
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

N = 100_000
SCAN_GOAL_S = 10.0
STALL_GOAL_MS = 50.0
CONTROL_S = 3.0


def build_store(path: Path, n: int = N) -> tuple[int, float]:
    """An hmdesk database with ``n`` generated memories plus the planted pairs; (count, seconds)."""
    from hmdesk.core.db import Database

    from tests.bench.bench_lifecycle import planted
    from tests.bench.bench_retrieval import generate

    t0 = time.perf_counter()
    Database(path).close()
    records, _wanted = planted(generate(n))
    rows = [
        (
            r.id,
            r.layer,
            r.content,
            r.source,
            r.provenance,
            r.confidence,
            r.timestamp,
            r.environment,
            r.session,
            json.dumps(list(r.tags), ensure_ascii=False),
            r.superseded_by,
            r.timestamp,
            r.timestamp,
            0,
            "{}",
            "hmharness",
        )
        for r in records
    ]
    count = len(rows)
    del records
    con = sqlite3.connect(path)
    with con:
        con.executemany(
            "INSERT INTO memories (id, layer, content, source, provenance, confidence, timestamp,"
            " environment, session, tags, superseded_by, created_at, updated_at, recall_count,"
            " extra, origin) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )
    con.close()
    return count, time.perf_counter() - t0


class Heartbeat:
    """A 10 ms precise timer; each gap minus 10 ms is how late the event loop was."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._beat)
        self.late: list[tuple[float, float]] = []  # (at, ms late)

    def start(self) -> None:
        self.late = []
        self.clock.start()
        self.timer.start()

    def _beat(self) -> None:
        gap = self.clock.nsecsElapsed() / 1e6
        self.clock.restart()
        self.late.append((time.perf_counter(), max(0.0, gap - 10.0)))

    def stop(self) -> None:
        self.timer.stop()

    def between(self, t0: float, t1: float) -> tuple[float, float, int]:
        """Worst and p99 lateness (ms) of the beats in ``[t0, t1]`` (a beat at t covers the gap
        that ended at t), and how many beats."""
        xs = sorted((ms for at, ms in self.late if t0 <= at <= t1 + 0.5), reverse=True)
        # the beat right after t1 still tells about the gap that contained t1
        if not xs:
            return 0.0, 0.0, 0
        return xs[0], xs[len(xs) // 100], len(xs)


def _spin(ms: int) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _wait(pred: Any, timeout_s: float) -> bool:
    end = time.perf_counter() + timeout_s
    while not pred():
        _spin(5)
        if time.perf_counter() > end:
            return False
    return True


def _warm_fonts() -> None:
    from PySide6.QtWidgets import QTextBrowser

    w = QTextBrowser()
    w.setHtml("<p>hvigor 构建失败 <span style='background-color:#fdd'>真机调试</span> 9568320</p>")
    w.show()
    _spin(50)
    w.close()


def control(beat: Heartbeat) -> dict[str, float]:
    beat.start()
    t0 = time.perf_counter()
    _spin(int(CONTROL_S * 1000))
    t1 = time.perf_counter()
    beat.stop()
    worst, p99, n = beat.between(t0, t1)
    return {"worst": worst, "p99": p99, "beats": n}


def run_area(ctx: Any, beat: Heartbeat, mode: str) -> dict[str, Any]:
    """Show a Review area (its scan starts), wait until its list is filled."""
    from hmdesk.gui.review.area import ReviewArea

    area = ReviewArea(ctx)
    area.scan.use_process = mode == "process"
    area.resize(1100, 700)
    marks: dict[str, float] = {}
    progress: list[tuple[int, int]] = []
    fills: list[float] = []
    area.scan.progress.connect(lambda d, t: progress.append((d, t)))
    area.scan.finished.connect(lambda _r: marks.setdefault("found", time.perf_counter()))
    area.scan.failed.connect(lambda m: marks.setdefault("failed", time.perf_counter()) or print(m))
    area.scanned.connect(lambda: marks.setdefault("filled", time.perf_counter()))
    real_fill = area._fill

    inside = [False]

    def timed_fill(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        marks.setdefault("fill_start", t)
        inside[0] = True
        try:
            return real_fill(*args, **kwargs)
        finally:
            inside[0] = False
            fills.append(time.perf_counter() - t)

    area._fill = timed_fill  # type: ignore[method-assign]
    filler = getattr(area, "filler", None)
    for name in ("_slice", "_first"):  # a list filled in steps: time each step too
        step = getattr(filler, name, None)
        if step is None:
            continue

        def timed_step(*args: Any, _step: Any = step, **kwargs: Any) -> Any:
            if inside[0]:  # the first slice, inside _fill: timed with it
                return _step(*args, **kwargs)
            t = time.perf_counter()
            try:
                return _step(*args, **kwargs)
            finally:
                fills.append(time.perf_counter() - t)

        setattr(filler, name, timed_step)
    show_later = getattr(area, "_show_later", None)
    if show_later is not None:  # the first item shown a turn after the first rows

        def timed_show(_step: Any = show_later) -> Any:
            t = time.perf_counter()
            try:
                return _step()
            finally:
                fills.append(time.perf_counter() - t)

        area._show_later = timed_show  # type: ignore[method-assign]
    beat.start()
    _spin(200)
    t0 = time.perf_counter()
    area.show()  # a large store: the first look at the tab starts the scan
    ok = _wait(lambda: "filled" in marks or "failed" in marks, 180)
    _spin(300)
    beat.stop()
    status = getattr(area, "scan_note", "")
    items = len(area.items)
    area.shutdown()
    area.close()
    area.deleteLater()
    _spin(50)
    if not ok or "failed" in marks:
        return {
            "skipped": f"the scan did not finish ({'failed' if 'failed' in marks else 'timeout'})"
        }
    found, filled = marks["found"], marks["filled"]
    scan_worst, scan_p99, n = beat.between(t0, found)
    fill_worst, _p, _n = beat.between(marks.get("fill_start", found), filled)
    return {
        "scan_s": found - t0,
        "filled_s": filled - t0,
        "progress": len(progress),
        "progress_last": progress[-1] if progress else (0, 0),
        "worst": scan_worst,
        "p99": scan_p99,
        "beats": n,
        "fill_ms": sum(fills) * 1000,
        "fill_slice_ms": max(fills) * 1000 if fills else 0.0,
        "fill_worst": fill_worst,
        "fill_steps": [round(f * 1000) for f in fills],
        "items": items,
        "note": status,
    }


def main() -> bool:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    saved_switch = sys.getswitchinterval()
    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp) / "review.db"
        count, build_s = build_store(db_path)
        print(f"{count:,} memories written in {build_s:.1f} s")
        try:
            return _measure(db_path, Path(tmp))
        finally:
            sys.setswitchinterval(saved_switch)
            gc.unfreeze()


def _measure(db_path: Path, tmp: Path) -> bool:
    from PySide6.QtCore import QSettings, QThreadPool
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.memory.terms import load_segmenter
    from hmdesk.gui.app import configure_runtime
    from hmdesk.gui.context import AppContext

    configure_runtime()
    load_segmenter()  # as open_core does: the window has rjieba loaded
    db = Database(db_path)
    store = MemoryStore(db, keep_index=False)
    settings = QSettings(str(tmp / "bench.ini"), QSettings.Format.IniFormat)
    ctx = AppContext(db=db, store=store, retriever=None, settings=settings)  # type: ignore[arg-type]
    store.get_many([store.list()[0].id])  # the ORM's first use (the window's other areas did it)
    _warm_fonts()  # the Memories list has drawn Chinese text by the time Review opens
    gc.collect()
    gc.freeze()  # what the Memories area does once its first result is in
    beat = Heartbeat()
    results: dict[str, dict[str, Any]] = {"control": control(beat)}
    for mode in ("thread", "process"):
        results[mode] = run_area(ctx, beat, mode)
        gc.collect()
    QThreadPool.globalInstance().waitForDone(30_000)
    store.close()
    db.close()

    c = results["control"]
    print(
        f"control (heartbeat only, {CONTROL_S:.0f} s): longest stall {c['worst']:.0f} ms, "
        f"p99 {c['p99']:.0f} ms ({c['beats']} beats)"
    )
    print(
        f"{'':10} {'scan s':>7} {'list s':>7} {'progress':>9} {'stall ms':>9} {'p99 ms':>7} "
        f"{'fill ms':>8} {'slice ms':>9} {'fill stall':>11} {'items':>7}"
    )
    for mode in ("thread", "process"):
        r = results[mode]
        if "skipped" in r:
            print(f"{mode:10} skipped: {r['skipped']}")
            continue
        print(
            f"{mode:10} {r['scan_s']:7.2f} {r['filled_s']:7.2f} {r['progress']:9d} "
            f"{r['worst']:9.0f} {r['p99']:7.0f} {r['fill_ms']:8.0f} {r['fill_slice_ms']:9.0f} "
            f"{r['fill_worst']:11.0f} {r['items']:7,}" + (f"  ({r['note']})" if r["note"] else "")
        )
    for mode in ("thread", "process"):
        if "fill_steps" in results[mode]:
            print(f"{mode} fill steps (ms, in order): {results[mode]['fill_steps']}")
    p = results["process"]
    ok = (
        "skipped" not in p
        and p["scan_s"] < SCAN_GOAL_S
        and p["progress"] >= 5
        and p["worst"] <= STALL_GOAL_MS
        and p["fill_worst"] <= STALL_GOAL_MS
    )
    print(
        f"goal (process path): scan < {SCAN_GOAL_S:.0f} s with progress, longest stall ≤ "
        f"{STALL_GOAL_MS:.0f} ms during the scan and the fill: {'met' if ok else 'MISSED'}  "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)"
    )
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

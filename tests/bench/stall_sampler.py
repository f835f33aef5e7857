"""Where an event-loop stall goes: a heartbeat on the GUI thread and a sampling thread.

:class:`StallProbe` runs a 2 ms ``QTimer`` heartbeat on the GUI thread (the gaps between its
ticks are the stalls) and, when ``sample=True``, a Python thread that every ~2.5 ms records the
stacks of every thread (``sys._current_frames()``) and the GUI thread's CPU time (Linux:
``/proc/self/task/<tid>/schedstat``; elsewhere none). For every gap over ``report_ms`` it
tells what the GUI thread was doing in it:

* ``python``: running Python code of ours (its innermost frame is not the event loop's);
* ``qt``: inside Qt (the innermost frame is the event loop) and on the CPU: painting, layout;
* ``waiting``: inside Qt and *off* the CPU: waiting for the interpreter lock, which a worker
  holds (the worker stacks of the same samples say which), or for I/O.

The sampler itself takes the interpreter lock ~400 times a second; use it to find causes, and
the heartbeat alone (``sample=False``) for the figures. A bench helper, not a benchmark.
"""

from __future__ import annotations

import collections
import itertools
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TextIO

LOOP_FUNCS = frozenset(
    {"exec", "exec_", "spin", "wait_for", "main", "processEvents", "qWait", "_typing_stall"}
)


def _cpu_ns(tid: int) -> int | None:
    try:
        return int(Path(f"/proc/self/task/{tid}/schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _where(frame: FrameType | None, depth: int = 6) -> tuple[str, ...]:
    out = []
    while frame is not None and len(out) < depth:
        code = frame.f_code
        name = code.co_filename
        short = "/".join(Path(name).parts[-2:])
        out.append(f"{short}:{frame.f_lineno} {code.co_name}")
        frame = frame.f_back
    return tuple(out)


@dataclass
class Sample:
    t: float
    gui: tuple[str, ...]
    gui_in_loop: bool
    gui_cpu: int | None
    workers: list[tuple[str, ...]] = field(default_factory=list)


class StallProbe:
    def __init__(
        self, *, sample: bool = False, report_ms: float = 30.0, out: TextIO | None = None
    ) -> None:
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.gaps: list[float] = []
        self.ends: list[float] = []  # perf_counter at the end of each gap
        self.report_ms = report_ms
        self.out = out if out is not None else sys.stderr
        self._gui_ident = threading.get_ident()
        self._gui_tid = threading.get_native_id()
        self._samples: collections.deque[Sample] = collections.deque(maxlen=20000)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sample = sample
        self._clock = QElapsedTimer()
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(2)
        self._timer.timeout.connect(self._beat)
        self._last = 0.0

    def start(self) -> None:
        self._clock.start()
        self._last = time.perf_counter()
        self._timer.start()
        if self._sample:
            self._thread = threading.Thread(target=self._run, name="stall-sampler", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._timer.stop()
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)

    def _beat(self) -> None:
        gap = self._clock.nsecsElapsed() / 1e6
        self._clock.restart()
        now = time.perf_counter()
        self.gaps.append(gap)
        self.ends.append(now)
        if self._sample and gap > self.report_ms:
            self._report(self._last, now, gap)
        self._last = now

    def _run(self) -> None:
        me = threading.get_ident()
        while not self._stop.is_set():
            frames = sys._current_frames()
            gui = frames.get(self._gui_ident)
            stack = _where(gui)
            in_loop = not stack or stack[0].rsplit(" ", 1)[-1] in LOOP_FUNCS
            workers = [
                _where(f, 4)
                for ident, f in frames.items()
                if ident not in (me, self._gui_ident)
                and not _where(f, 1)[0].endswith((" wait", " _wait_for_tstate_lock", " select"))
            ]
            self._samples.append(
                Sample(time.perf_counter(), stack, in_loop, _cpu_ns(self._gui_tid), workers)
            )
            del frames, gui
            time.sleep(0.0025)

    def _report(self, start: float, end: float, gap: float) -> None:
        samples = list(self._samples)
        inside = [s for s in samples if start <= s.t <= end]
        if len(inside) < 2:
            # No sample inside: the sampler could not get the interpreter lock either, so one
            # thread held it all along (a long C call: a big decode, sort, pickle, GC pass).
            # The samples on either side of the gap say which.
            before = [s for s in samples if s.t < start][-1:]
            after = [s for s in samples if s.t > end][:1]
            print(
                f"STALL {gap:6.1f} ms  samples {len(inside)}  (lock held throughout)", file=self.out
            )
            for label, around in (("before", before), ("after", after)):
                for s in around:
                    print(f"    {label} gui  {' < '.join(s.gui[:3])}", file=self.out)
                    for w in s.workers:
                        print(f"    {label} wkr  {' < '.join(w[:4])}", file=self.out)
            return
        kinds: collections.Counter[str] = collections.Counter()
        gui_where: collections.Counter[str] = collections.Counter()
        worker_where: collections.Counter[str] = collections.Counter()
        for prev, s in itertools.pairwise(inside):
            if not s.gui_in_loop:
                kind = "python"
                gui_where[" < ".join(s.gui[:4])] += 1
            elif s.gui_cpu is not None and prev.gui_cpu is not None:
                busy = (s.gui_cpu - prev.gui_cpu) / 1e9 / max(1e-6, s.t - prev.t)
                kind = "qt" if busy > 0.5 else "waiting"
            else:
                kind = "qt?"
            kinds[kind] += 1
            if kind != "qt":
                for w in s.workers:
                    worker_where[" < ".join(w[:3])] += 1
        print(
            f"STALL {gap:6.1f} ms  samples {len(inside)}  "
            + "  ".join(f"{k} {v}" for k, v in kinds.most_common()),
            file=self.out,
        )
        for where, n in gui_where.most_common(4):
            print(f"    gui {n:3d}  {where}", file=self.out)
        for where, n in worker_where.most_common(3):
            print(f"    wkr {n:3d}  {where}", file=self.out)

    def summary(self, skip_first: bool = True) -> tuple[float, float, int]:
        """(longest gap, 99th-percentile gap, ticks) in ms."""
        gaps = sorted(self.gaps[1:] if skip_first else self.gaps, reverse=True)
        if not gaps:
            return 0.0, 0.0, 0
        return gaps[0], gaps[max(0, len(gaps) // 100 - 1)], len(gaps)

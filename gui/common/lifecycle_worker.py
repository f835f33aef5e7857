"""Contradiction and duplicate detection off the GUI thread, with progress and cancel.

:class:`LifecycleScan` is what the Review area starts: it reads the memories and runs
:func:`hmdesk.core.memory.lifecycle.plans.contradiction_groups` (and the dry-run consolidation
plan) on a worker of the global thread pool, passing the core a progress callback and a cancel
flag. Progress reaches the GUI thread as queued signals, at most one every
:data:`PROGRESS_INTERVAL_S` (the core calls back a few dozen times per 100k memories anyway).
One scan at a time: :meth:`start` while one runs cancels it and starts the new one after it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from hmdesk.core.memory.lifecycle.grouping import Group
    from hmdesk.core.memory.lifecycle.hmharness_rules import ConsolidationPlan
    from hmdesk.core.memory.store import MemoryStore

PROGRESS_INTERVAL_S = 0.05


@dataclass(frozen=True)
class ScanResult:
    """What one scan found, and the data version it was computed from (stale when it moved)."""

    profile: str
    groups: list[Group]
    plan: ConsolidationPlan | None
    data_version: int
    worker_thread: int = 0  # the thread the work ran on (never the GUI thread)
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)


class _Cancel:
    def __init__(self) -> None:
        self.event = threading.Event()

    def __call__(self) -> bool:
        return self.event.is_set()


class LifecycleScan(QObject):
    """Signals:
    progress(int done, int total): the scan moved (GUI thread, throttled).
    finished(object): a :class:`ScanResult`.
    failed(str): one line saying what went wrong.
    cancelled(): the scan was cancelled; nothing was found.
    """

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, store: MemoryStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._cancel: _Cancel | None = None
        self._next: tuple[str, tuple[str, ...], bool] | None = None

    @property
    def running(self) -> bool:
        return self._cancel is not None

    def start(
        self,
        profile: str = "default",
        kinds: tuple[str, ...] = ("duplicate", "contradiction"),
        *,
        with_plan: bool = True,
    ) -> None:
        if self._cancel is not None:
            self._next = (profile, kinds, with_plan)
            self._cancel.event.set()
            return
        cancel = self._cancel = _Cancel()
        store = self.store
        last = [0.0]

        def report(done: int, total: int) -> None:  # worker thread
            now = time.monotonic()
            if done >= total or now - last[0] >= PROGRESS_INTERVAL_S:
                last[0] = now
                self.progress.emit(done, total)

        def work() -> ScanResult:  # worker thread
            from hmdesk.core.memory.jsdate import now_ms
            from hmdesk.core.memory.lifecycle.plans import consolidation_plan, contradiction_groups

            t0 = time.perf_counter()
            version = store.data_version()
            records = store.list()
            groups = contradiction_groups(
                profile, records, kinds=kinds, progress=report, cancel=cancel
            )
            plan = (
                consolidation_plan(profile, records, now_ms=now_ms(), cancel=cancel)
                if with_plan
                else None
            )
            counts = {k: sum(1 for g in groups if g.kind == k) for k in kinds}
            return ScanResult(
                profile,
                groups,
                plan,
                version,
                threading.get_ident(),
                time.perf_counter() - t0,
                counts,
            )

        def done(result: ScanResult) -> None:
            self._cancel = None
            if cancel():
                self._after_cancel()
            else:
                self.finished.emit(result)
                self._start_next()

        def error(exc: BaseException) -> None:
            from hmdesk.core.memory.lifecycle.hmharness_rules import Cancelled

            self._cancel = None
            if isinstance(exc, Cancelled):
                self._after_cancel()
            else:
                self.failed.emit(f"the scan failed: {exc}")
                self._start_next()

        run_in_thread(work, on_done=done, on_error=error)

    def cancel(self) -> None:
        """Stop the running scan (it reports ``cancelled``); a queued one is dropped."""
        self._next = None
        if self._cancel is not None:
            self._cancel.event.set()

    def _after_cancel(self) -> None:
        if self._next is None:
            self.cancelled.emit()
        self._start_next()

    def _start_next(self) -> None:
        if self._next is not None:
            profile, kinds, with_plan = self._next
            self._next = None
            self.start(profile, kinds, with_plan=with_plan)

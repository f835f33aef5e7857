"""Contradiction and duplicate detection off the GUI thread, with progress and cancel.

:class:`LifecycleScan` is what the Review area starts. By default the scan runs in a child
process (:class:`hmdesk.core.memory.lifecycle.review_scan.ScanProcess`): the child opens the
store itself (its file, or its PostgreSQL URL), computes the groups (and, when asked, the
dry-run consolidation plan and the access policy's proposals) and streams progress and the
result back over a pipe. A worker of the global thread pool only reads that pipe, which costs
the window next to nothing: the seconds of pure-Python work and the numpy steps that hold the
interpreter lock happen on the other core, so the event loop does not stall. Cancel kills the
child.

When the child cannot start (a frozen build has no Python to start; the interpreter is gone)
the same :func:`~hmdesk.core.memory.lifecycle.review_scan.scan_store` runs on the worker thread
instead, with a cancel flag, and :attr:`ScanResult.note` says so (the Review area shows it).
:data:`USE_PROCESS` (module-wide) or ``use_process=`` (per scan object) turn the child off.

Progress reaches the GUI thread as queued signals, at most one every
:data:`PROGRESS_INTERVAL_S`. One scan at a time: :meth:`start` while one runs cancels it and
starts the new one after it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan
    from hmdesk.core.memory.lifecycle.grouping import Group
    from hmdesk.core.memory.lifecycle.review_scan import ProposalRow, ScanProcess
    from hmdesk.core.memory.store import MemoryStore

USE_PROCESS = True
"""Scan in a child process (the default); False: on a worker thread of this process."""
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
    # the access policy's proposals, as rows of text (None: not asked for)
    proposals: list[ProposalRow] | None = None
    where: str = "thread"  # "process": in the child; "thread": on a worker of this process
    note: str = ""  # why a scan meant for the child ran in this process


class _Cancel:
    def __init__(self) -> None:
        self.event = threading.Event()
        self.child: ScanProcess | None = None

    def __call__(self) -> bool:
        return self.event.is_set()

    def set(self) -> None:
        self.event.set()
        child = self.child
        if child is not None:
            child.kill()


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

    def __init__(
        self,
        store: MemoryStore,
        parent: QObject | None = None,
        *,
        use_process: bool | None = None,
        command: Sequence[str] | None = None,
    ) -> None:
        """``use_process``: None follows :data:`USE_PROCESS`. ``command``: the child's argv
        (tests; default ``python -c`` running ``review_scan.serve``)."""
        super().__init__(parent)
        self.store = store
        self.use_process = use_process
        self.command = list(command) if command is not None else None
        self._cancel: _Cancel | None = None
        self._next: tuple[str, tuple[str, ...], bool, bool] | None = None

    @property
    def running(self) -> bool:
        return self._cancel is not None

    @property
    def child_pid(self) -> int | None:
        """The running scan's child process id (None: none is running)."""
        child = self._cancel.child if self._cancel is not None else None
        return child.pid if child is not None else None

    def start(
        self,
        profile: str = "default",
        kinds: tuple[str, ...] = ("duplicate", "contradiction"),
        *,
        with_plan: bool = True,
        proposals: bool = False,
    ) -> None:
        """Scan for ``kinds`` under ``profile``; ``with_plan``: the dry-run consolidation plan
        too; ``proposals``: the access policy's promotion and decay proposals too."""
        if self._cancel is not None:
            self._next = (profile, kinds, with_plan, proposals)
            self._cancel.set()
            return
        cancel = self._cancel = _Cancel()
        store = self.store
        in_child = USE_PROCESS if self.use_process is None else self.use_process
        command = self.command
        last = [0.0]

        def report(done: int, total: int) -> None:  # worker thread
            now = time.monotonic()
            if done >= total or now - last[0] >= PROGRESS_INTERVAL_S:
                last[0] = now
                self.progress.emit(done, total)

        def work() -> ScanResult:  # worker thread
            from hmdesk.core.memory.lifecycle.review_scan import (
                ScanOutput,
                ScanProcess,
                ScanRequest,
                ScanUnavailable,
                scan_store,
                store_location,
            )

            t0 = time.perf_counter()
            version = store.data_version()
            request = ScanRequest(
                store_location(store), profile, kinds, with_plan=with_plan, proposals=proposals
            )
            out: ScanOutput | None = None
            where, note = "thread", ""
            if in_child:
                try:
                    cancel.child = ScanProcess(request, command)
                except ScanUnavailable as exc:
                    note = f"scanned in the window's process: {exc}"
                else:
                    if cancel():  # cancelled while the child started
                        cancel.child.kill()
                    out = cancel.child.read(report)
                    where = "process"
            if out is None:
                out = scan_store(store, request, progress=report, cancel=cancel)
            counts = {k: sum(1 for g in out.groups if g.kind == k) for k in kinds}
            return ScanResult(
                profile,
                out.groups,
                out.plan,
                version,
                threading.get_ident(),
                time.perf_counter() - t0,
                counts,
                out.proposals,
                where,
                note,
            )

        def done(result: ScanResult) -> None:
            self._cancel = None
            if cancel():
                self._after_cancel()
            else:
                self.finished.emit(result)
                self._start_next()

        def error(exc: BaseException) -> None:
            from hmdesk.core.memory.hmharness.rules import Cancelled
            from hmdesk.core.memory.lifecycle.review_scan import ScanFailed

            self._cancel = None
            if isinstance(exc, Cancelled) or cancel():
                self._after_cancel()
            else:
                text = str(exc) if isinstance(exc, ScanFailed) else f"the scan failed: {exc}"
                self.failed.emit(text)
                self._start_next()

        run_in_thread(work, on_done=done, on_error=error)

    def cancel(self) -> None:
        """Stop the running scan (it reports ``cancelled``; a child process is killed); a queued
        one is dropped."""
        self._next = None
        if self._cancel is not None:
            self._cancel.set()

    def _after_cancel(self) -> None:
        if self._next is None:
            self.cancelled.emit()
        self._start_next()

    def _start_next(self) -> None:
        if self._next is not None:
            profile, kinds, with_plan, proposals = self._next
            self._next = None
            self.start(profile, kinds, with_plan=with_plan, proposals=proposals)

"""Contradiction and duplicate detection off the GUI thread, with progress and cancel.

:class:`LifecycleScan` is what the Review area starts. The scan runs as a job in a child process
(:func:`hmdesk.core.memory.lifecycle.review_scan.scan_child`, through
:class:`hmdesk.core.child_process.ChildJob`): the child opens the store itself, computes the
groups (and, when asked, the dry-run consolidation plan and the access policy's proposals) and
streams progress and the result back over a pipe that a worker of the global thread pool reads.
Cancel kills the child. Where no child can start (a frozen build) the same job runs on that
worker, and :attr:`ScanResult.note` says why (the Review area shows it). ``use_process=False``
runs it there on purpose (tests, the bench).

Progress reaches the GUI thread as queued signals (throttled by the job's output). One scan at a
time: :meth:`start` while one runs cancels it and starts the new one after it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import shiboken6
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from hmdesk.core.child_process import ChildJob
    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan
    from hmdesk.core.memory.lifecycle.grouping import Group
    from hmdesk.core.memory.lifecycle.review_scan import ProposalRow
    from hmdesk.core.memory.store import MemoryStore


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
        self.child: ChildJob | None = None

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
        """``use_process``: False runs the job on the worker thread (None: in a child where one
        can start). ``command``: the child's argv (tests)."""
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
        in_process = None if self.use_process is None else not self.use_process
        command = self.command

        def work() -> ScanResult:  # worker thread
            from hmdesk.core.memory.lifecycle.review_scan import (
                ScanRequest,
                run_scan,
                scan_child,
                store_location,
            )

            t0 = time.perf_counter()
            version = store.data_version()
            request = ScanRequest(
                store_location(store), profile, kinds, with_plan=with_plan, proposals=proposals
            )
            child = scan_child(request, command=command, in_process=in_process)
            cancel.child = child
            if cancel():  # cancelled before it started
                child.kill()
            out = run_scan(child, self.progress.emit)
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
                child.where,
                child.note and f"scanned in the window's process: {child.note}",
            )

        def done(result: ScanResult) -> None:
            if not shiboken6.isValid(self):  # deleted with its area meanwhile
                return
            self._cancel = None
            if cancel():
                self._after_cancel()
            else:
                self.finished.emit(result)
                self._start_next()

        def error(exc: BaseException) -> None:
            from hmdesk.core.child_process import JobCancelled, JobFailed

            if not shiboken6.isValid(self):
                return
            self._cancel = None
            if isinstance(exc, JobCancelled) or cancel():
                self._after_cancel()
            else:
                text = str(exc) if isinstance(exc, JobFailed) else f"the scan failed: {exc}"
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

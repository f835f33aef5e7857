"""Drives the core ``Pipeline`` off the GUI thread and turns its events into batched signals.

The pipeline calls ``on_event`` with a :class:`~hmdesk.core.toolchain.runs.PipelineEvent` on its
worker thread; events go into a :class:`Batcher`, which hands them to the GUI thread every 75 ms.
Log lines of one step arriving in one tick become one ``step_lines`` emission (one edit block in
the log view). When the pipeline returns, its :class:`~hmdesk.core.toolchain.runs.RunResult` is
the ``run_finished`` payload; when it raises, a :class:`RunCrashed` is.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Literal, TypeAlias

from hmdesk.core.db import Database
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.runs import PipelineEvent, PipelineOptions, RunResult
from hmdesk.gui.common.workers import Batcher
from PySide6.QtCore import QObject, Signal


@dataclass(frozen=True)
class RunCrashed:
    """The pipeline raised instead of returning a result (the run is stored as failed)."""

    run_id: int | None
    message: str
    status: Literal["failed"] = "failed"


# what ``RunController.run_finished`` carries
RunOutcome: TypeAlias = RunResult | RunCrashed
BatchItem: TypeAlias = PipelineEvent | RunResult | RunCrashed


class RunController(QObject):
    """One run at a time: start, cancel, and live signals on the GUI thread.

    Signals:
        run_started(int): the run id.
        step_started(str, list[str]): step name, argv.
        step_lines(str, list[str]): step name, new log lines.
        step_progress(str, int, int, str): step, done, total, task.
        step_finished(str, str, str, str): step, verdict (``StepVerdict``), message, what its
            error code means ("" when nothing failed or the code is unknown).
        run_finished(RunOutcome): the ``RunResult``, or ``RunCrashed``.
    """

    run_started = Signal(int)
    step_started = Signal(str, list)
    step_lines = Signal(str, list)
    step_progress = Signal(str, int, int, str)
    step_finished = Signal(str, str, str, str)
    run_finished = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pipeline: Pipeline | None = None
        self.worker: threading.Thread | None = None
        self.run_id: int | None = None
        self._batcher = Batcher(self._flush, 75, self)

    @property
    def running(self) -> bool:
        return self.worker is not None and self.worker.is_alive()

    def start(
        self,
        db: Database,
        project_dir: str,
        device_key: str | None,
        *,
        rerun_of: int | None = None,
        options: PipelineOptions | None = None,
    ) -> None:
        if self.running:
            raise RuntimeError("a run is already in progress")
        self.run_id = None
        pipeline = self.pipeline = Pipeline(
            db,
            project_dir,
            device_key or None,
            on_event=self._batcher.put,
            options=options,
            rerun_of=rerun_of,
        )
        self.worker = threading.Thread(
            target=self._work, args=(pipeline,), name="hmdesk-run", daemon=True
        )
        self.worker.start()

    def _work(self, pipeline: Pipeline) -> None:
        try:
            result = pipeline.run()
        except BaseException as exc:  # noqa: BLE001 - reported as a run failure, never lost
            self._batcher.put(RunCrashed(pipeline.run_id, f"{type(exc).__name__}: {exc}"))
            return
        self._batcher.put(result)

    def cancel(self) -> None:
        if self.pipeline is not None and self.running:
            self.pipeline.cancel()

    def wait(self, timeout: float = 30.0) -> bool:
        if self.worker is not None:
            self.worker.join(timeout)
        self._batcher.flush_now()
        return not self.running

    # --- GUI thread ---------------------------------------------------------------------------
    def _flush(self, items: list[BatchItem]) -> None:
        pending_lines: dict[str, list[str]] = {}
        order: list[str] = []

        def flush_lines() -> None:
            for name in order:
                if pending_lines.get(name):
                    self.step_lines.emit(name, pending_lines[name])
            pending_lines.clear()
            order.clear()

        for item in items:
            if isinstance(item, PipelineEvent) and item.kind == "line":
                name = item.step or ""
                if name not in pending_lines:
                    pending_lines[name] = []
                    order.append(name)
                pending_lines[name].append(item.text or "")
                continue
            flush_lines()
            if isinstance(item, PipelineEvent):
                self._event(item)
            else:
                self.run_id = item.run_id if item.run_id is not None else self.run_id
                self.run_finished.emit(item)
        flush_lines()

    def _event(self, ev: PipelineEvent) -> None:
        match ev.kind:
            case "run-started":
                self.run_id = ev.run_id
                self.run_started.emit(ev.run_id)
            case "step-started":
                argv = ev.data.get("argv") or []
                self.step_started.emit(ev.step or "", [str(a) for a in argv])
            case "progress":
                self.step_progress.emit(
                    ev.step or "build", ev.done or 0, ev.total or 0, ev.task or ""
                )
            case "step-finished":
                self.step_finished.emit(
                    ev.step or "",
                    ev.verdict or "passed",
                    str(ev.data.get("message") or ""),
                    str(ev.data.get("error_meaning") or ""),
                )
            case "warning":
                pass  # the same text is in the step's log and in its final message
            case "line":
                pass  # batched by _flush
            case "run-finished":
                pass  # the RunResult the pipeline returns right after is the payload

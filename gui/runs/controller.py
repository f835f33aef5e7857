"""Drives the core ``Pipeline`` off the GUI thread and turns its events into batched signals.

The pipeline calls ``on_event`` on its worker thread; events go into a :class:`Batcher`, which
hands them to the GUI thread every 75 ms. Log lines of one step arriving in one tick become one
``step_lines`` emission (one edit block in the log view).

Event shapes are normalised by :func:`event_dict` so that the GUI depends only on the event
*names* (step started / line / progress / step finished / run finished) and their fields.
"""

from __future__ import annotations

import dataclasses
import re
import threading
from typing import Any

from hmdesk.gui.common.workers import Batcher
from PySide6.QtCore import QObject, Signal

_NORM = re.compile(r"[^a-z]")


def event_dict(ev: Any) -> dict[str, Any]:
    """A pipeline event as a dict with a normalised ``kind`` (letters only, lower case)."""
    if isinstance(ev, dict):
        d = dict(ev)
    elif dataclasses.is_dataclass(ev) and not isinstance(ev, type):
        d = {f.name: getattr(ev, f.name) for f in dataclasses.fields(ev)}
    elif hasattr(ev, "_asdict"):
        d = dict(ev._asdict())
    else:
        d = {k: v for k, v in vars(ev).items() if not k.startswith("_")}
    kind = d.get("kind") or d.get("type") or d.get("event") or type(ev).__name__
    d["kind"] = _NORM.sub("", str(kind).lower())
    return d


def _step_name(d: dict[str, Any]) -> str:
    step = d.get("step") or d.get("name") or d.get("step_name") or ""
    return str(getattr(step, "name", step))


class RunController(QObject):
    """One run at a time: start, cancel, and live signals on the GUI thread.

    Signals:
        run_started(object): the run id (or None if the core gives none at start).
        step_started(str, list): step name, argv.
        step_lines(str, list): step name, new log lines.
        step_progress(str, int, int, str): step, done, total, task.
        step_finished(str, str, str): step, verdict, message.
        run_finished(object): dict with run_id, status, step, finding, message.
    """

    run_started = Signal(object)
    step_started = Signal(str, list)
    step_lines = Signal(str, list)
    step_progress = Signal(str, int, int, str)
    step_finished = Signal(str, str, str)
    run_finished = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pipeline: Any = None
        self.thread: threading.Thread | None = None
        self.run_id: Any = None
        self._finished_sent = False
        self._batcher = Batcher(self._flush, 75, self)

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(
        self,
        db: Any,
        project_dir: str,
        device_key: str,
        *,
        rerun_of: int | None = None,
        **options: Any,
    ) -> None:
        if self.running:
            raise RuntimeError("a run is already in progress")
        from hmdesk.core.toolchain.pipeline import Pipeline

        kwargs: dict[str, Any] = dict(options)
        if rerun_of is not None:
            kwargs["rerun_of"] = rerun_of
        self.run_id = None
        self._finished_sent = False
        self.pipeline = Pipeline(
            db, project_dir, device_key or None, on_event=self._batcher.put, **kwargs
        )
        self.thread = threading.Thread(target=self._work, name="hmdesk-run", daemon=True)
        self.thread.start()

    def _work(self) -> None:
        try:
            result = self.pipeline.run()
        except BaseException as exc:  # reported as a run failure, never lost
            self._batcher.put({"kind": "crashed", "error": f"{type(exc).__name__}: {exc}"})
            return
        self._batcher.put({"kind": "returned", "result": result})

    def cancel(self) -> None:
        if self.pipeline is not None and self.running:
            self.pipeline.cancel()

    def wait(self, timeout: float = 30.0) -> bool:
        if self.thread is not None:
            self.thread.join(timeout)
        self._batcher.flush_now()
        return not self.running

    # --- GUI thread ---------------------------------------------------------------------------
    def _flush(self, events: list[Any]) -> None:
        pending_lines: dict[str, list[str]] = {}
        order: list[str] = []

        def flush_lines() -> None:
            for name in order:
                if pending_lines.get(name):
                    self.step_lines.emit(name, pending_lines[name])
            pending_lines.clear()
            order.clear()

        for ev in events:
            d = event_dict(ev)
            data = d.pop("data", None)
            if isinstance(data, dict):
                for k, v in data.items():
                    d.setdefault(k, v)
                    if d.get(k) is None:
                        d[k] = v
            kind = d["kind"]
            if kind in ("line", "steplines", "lines", "stepline", "log"):
                name = _step_name(d)
                text = d.get("text", d.get("line"))
                texts = d.get("lines") if text is None else [text]
                if name not in pending_lines:
                    pending_lines[name] = []
                    order.append(name)
                pending_lines[name].extend(str(t) for t in texts or ())
                continue
            flush_lines()
            if kind in ("runstarted", "started"):
                self.run_id = d.get("run_id", self.run_id)
                self.run_started.emit(self.run_id)
            elif kind in ("stepstarted", "stepstart"):
                self.run_id = d.get("run_id", self.run_id)
                self.step_started.emit(_step_name(d), [str(a) for a in d.get("argv") or []])
            elif kind in ("progress", "stepprogress"):
                self.step_progress.emit(
                    _step_name(d) or "build",
                    int(d.get("done") or 0),
                    int(d.get("total") or 0),
                    str(d.get("task") or ""),
                )
            elif kind in ("stepfinished", "stepend", "stepdone"):
                self.step_finished.emit(
                    _step_name(d),
                    str(d.get("verdict") or d.get("status") or "passed"),
                    str(d.get("message") or ""),
                )
            elif kind in ("runfinished", "finished", "rundone"):
                self._send_finished(d)
            elif kind == "returned":
                if not self._finished_sent:
                    self._send_finished(_result_dict(d.get("result"), self.run_id))
            elif kind == "crashed" and not self._finished_sent:
                self._send_finished(
                    {"run_id": self.run_id, "status": "failed", "message": d["error"]}
                )
        flush_lines()

    def _send_finished(self, d: dict[str, Any]) -> None:
        self._finished_sent = True
        self.run_id = d.get("run_id", self.run_id)
        self.run_finished.emit(
            {
                "run_id": self.run_id,
                "status": str(d.get("status") or "failed"),
                "step": d.get("step") or d.get("failed_step"),
                "finding": d.get("finding", d.get("doctor")),
                "message": d.get("message"),
            }
        )


def _result_dict(result: Any, run_id: Any) -> dict[str, Any]:
    if result is None:
        return {"run_id": run_id, "status": "failed", "message": "the run returned nothing"}
    if isinstance(result, int):
        return {"run_id": result, "status": "unknown"}
    d = event_dict(result)
    d.setdefault("run_id", d.get("id", run_id))
    return d

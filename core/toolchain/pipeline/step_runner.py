"""What every pipeline step shares: running its process, recording its verdict, sending events.

:class:`StepRunner` holds a run's state (database, project, device, options, cancel token) and
the steps' common machinery: ``_begin``/``_end`` store the step row and send ``step-started`` /
``step-finished``, ``_exec`` runs the step's command with its output streamed as ``line`` events
into a :class:`BoundedLog`, ``_stopped`` turns a start error, cancel or timeout into the step's
verdict. The build step (:mod:`.build_step`) and the device steps (:mod:`.device_steps`) build on
it; :class:`~hmdesk.core.toolchain.pipeline.orchestrator.Pipeline` runs them in order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hmdesk.core.db import Database, iso
from hmdesk.core.toolchain import hvigor
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import Finding, known
from hmdesk.core.toolchain.hdc.outcomes import is_decisive
from hmdesk.core.toolchain.pipeline.bounded_log import BoundedLog, VerdictText
from hmdesk.core.toolchain.pipeline.recorder import RunRecorder
from hmdesk.core.toolchain.process import CancelToken, ProcessResult, Stream, run_streaming
from hmdesk.core.toolchain.project import Module, Project
from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.project_reader import read_project
from hmdesk.core.toolchain.redact import project_secrets, redact
from hmdesk.core.toolchain.runs import (
    EventCallback,
    EventKind,
    PipelineEvent,
    PipelineOptions,
    RunStatus,
    StepName,
    StepResult,
    StepVerdict,
)
from hmdesk.core.toolchain.tools import ToolLocation, ToolName, find_tool


class StepRunner:
    device_key: str | None  # None: the only connected device, chosen by the device check
    run_id: int | None  # set when the run is stored
    project: Project | None  # read by the first step that needs it
    hap: Path | None  # built (or found) by the build step, installed by install

    def __init__(
        self,
        db: Database,
        project_dir: str | os.PathLike[str],
        device_key: str | None,
        *,
        on_event: EventCallback | None,
        options: PipelineOptions,
        hdc: str | None,
        hvigorw: str | None,
        env: Mapping[str, str] | None,
    ) -> None:
        self.db = db
        self.recorder = RunRecorder(db)
        self.project_dir = Path(project_dir).expanduser()
        self.device_key = device_key
        self.on_event = on_event
        self.options = options
        self._hdc = hdc
        self._hvigorw = hvigorw
        self.env = env
        self.cancel_token = CancelToken()
        self.run_id: int | None = None
        self.project: Project | None = None
        self.hap: Path | None = None

    @property
    def cancelled(self) -> bool:
        return self.cancel_token.cancelled

    # ----------------------------------------------------------------- events & persistence

    def _emit(
        self,
        kind: EventKind,
        *,
        step: StepName | None = None,
        stream: Stream | None = None,
        text: str | None = None,
        done: int | None = None,
        total: int | None = None,
        task: str | None = None,
        verdict: StepVerdict | None = None,
        status: RunStatus | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        if self.on_event is None or self.run_id is None:
            return
        self.on_event(
            PipelineEvent(
                kind,
                self.run_id,
                step=step,
                stream=stream,
                text=text,
                done=done,
                total=total,
                task=task,
                verdict=verdict,
                status=status,
                data=data if data is not None else {},
            )
        )

    def _save_step(self, step: StepResult) -> None:
        if self.run_id is not None:
            self.recorder.save_step(self.run_id, step)

    # ----------------------------------------------------------------- a step's life

    def _begin(self, step: StepResult, argv: list[str] | None = None) -> None:
        step.verdict = "running"
        step.started_at = iso()
        if argv is not None:
            step.argv = argv
        self._save_step(step)
        self._emit(
            "step-started",
            step=step.name,
            data={"argv": list(step.argv), "position": step.position},
        )

    def _end(
        self,
        step: StepResult,
        verdict: StepVerdict,
        message: str,
        *,
        log: BoundedLog | None = None,
        exit_code: int | None = None,
        error_code: str | None = None,
        error_meaning: str | None = None,
        finding: Finding | None = None,
    ) -> bool:
        """Record the step's verdict (with the doctor's finding for a failure); True if passed."""
        if step.started_at is None:
            step.started_at = iso()
        step.verdict = verdict
        step.ended_at = iso()
        step.message = message
        step.exit_code = exit_code
        step.error_code = error_code
        if log is not None:
            step.log = log.text()
            step.log_dropped = log.dropped_lines
        if verdict != "passed" and finding is None and verdict != "cancelled":
            finding = diagnose(step.log) if step.log else None
        step.doctor = finding
        if (
            error_meaning is None
            and verdict != "passed"
            and finding is not None
            and finding.meaning
            and (error_code is None or finding.code in (None, error_code))
        ):
            error_meaning = finding.meaning
        step.error_meaning = error_meaning
        self._save_step(step)
        self._emit(
            "step-finished",
            step=step.name,
            verdict=verdict,
            data={
                "exit_code": exit_code,
                "error_code": error_code,
                "error_meaning": error_meaning,
                "message": message,
                "doctor": finding.to_dict() if finding else None,
            },
        )
        return verdict == "passed"

    def _fail_early(self, step: StepResult, message: str, finding: Finding) -> bool:
        """Fail a step before its command runs (bad set-up: no tool, no device, bad config)."""
        self._begin(step)
        return self._end(step, "failed", message, error_code=finding.code, finding=finding)

    def _cancel_step(self, step: StepResult) -> bool:
        self._begin(step)
        return self._end(step, "cancelled", "cancelled by the user")

    def _exec(
        self,
        step: StepResult,
        argv: list[str],
        *,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        on_text: Callable[[str], None] | None = None,
    ) -> tuple[ProcessResult, BoundedLog, str]:
        """Run the step's command: (result, its bounded log, the text its classifier reads).

        Both are bounded whatever the tool prints: the log keeps its head and tail (the middle
        counted), the classifier's text keeps head, tail and every decisive line (build: none,
        hvigor's parser reads every line as it comes)."""
        log = BoundedLog(self.options.max_log_chars)
        verdict_text = VerdictText(is_decisive) if step.name != "build" else None
        secrets = project_secrets(self.project_dir)  # mask secrets before the log and display

        def on_line(stream: Stream, text: str) -> None:
            text = redact(text, secrets)
            log.append(hvigor.strip_ansi(text) if "\x1b" in text else text)
            if verdict_text is not None:
                verdict_text.append(text)
            self._emit("line", step=step.name, stream=stream, text=text)
            if on_text is not None:
                on_text(text)

        self._begin(step, argv)
        res = run_streaming(
            argv,
            cwd=cwd,
            env=env if env is not None else self.env,
            timeout=self.options.timeouts.get(step.name),
            on_line=on_line,
            cancel=self.cancel_token,
        )
        return res, log, verdict_text.text() if verdict_text is not None else ""

    def _stopped(self, step: StepResult, res: ProcessResult, log: BoundedLog) -> bool | None:
        """Handle start errors, cancel and timeout; None when the process ran to its end."""
        if res.error:
            finding = Finding(
                kind="tool", evidence=res.argv[0], fix=res.error, query_terms=["tool", step.name]
            )
            return self._end(step, "failed", res.error, log=log, finding=finding)
        if res.cancelled:
            return self._end(
                step, "cancelled", "cancelled by the user", log=log, exit_code=res.exit_code
            )
        if res.timed_out:
            t = self.options.timeouts.get(step.name)
            finding = known(diagnose(log.text(), by_words=False)) or Finding(
                kind="timeout",
                evidence=f"{step.name} did not finish within {t:g} s",
                fix=(
                    "The tool hung: check the device connection (`hdc list targets -v`), run "
                    "`hdc kill` then `hdc start` if hdc is wedged, or raise the step timeout for "
                    "slow builds."
                ),
                query_terms=["timeout", step.name, "超时"],
            )
            return self._end(
                step,
                "timeout",
                f"timed out after {t:g} s (process group killed)",
                log=log,
                exit_code=res.exit_code,
                finding=finding,
            )
        return None

    # ----------------------------------------------------------------- what the steps need

    def _use_device(self, key: str) -> str:
        """Run on device ``key`` (the only connected one) and store it on the run."""
        self.device_key = key
        if self.run_id is not None:
            self.recorder.set_device(self.run_id, key)
        return key

    def _use_hap(self, hap: Path) -> None:
        """Install ``hap`` (the one the build produced, or the newest one found)."""
        self.hap = hap

    def _tool(self, name: ToolName, explicit: str | None) -> ToolLocation:
        if explicit:
            return ToolLocation(name, Path(explicit), "explicit")
        return find_tool(name, self.db, env=self.env)

    def _read_project(self, step: StepResult) -> Project | None:
        """The project (read once); a broken project file fails ``step``."""
        if self.project is not None:
            return self.project
        try:
            self.project = read_project(self.project_dir)
        except ProjectError as exc:
            self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="config",
                    evidence=str(exc)[:200],
                    fix="Fix the project file named above (JSON5), or choose the project root folder.",
                    query_terms=["config", Path(exc.file).name, "配置"],
                    location=f"{exc.file}:{exc.line}" if exc.line else exc.file,
                ),
            )
            return None
        if self.run_id is not None:
            self.recorder.set_bundle(self.run_id, self.project.bundle_name)
        for w in self.project.warnings:
            self._emit("warning", step=step.name, text=w)
        return self.project

    def _module(self, project: Project) -> Module:
        """The module the options name, else the project's entry module."""
        if self.options.module:
            mod = project.module(self.options.module)
            if mod is None:
                raise ProjectError(
                    project.root / "build-profile.json5",
                    None,
                    f"no module named {self.options.module!r} in the project.",
                )
            return mod
        mod = project.entry_module
        if mod is None:
            raise ProjectError(
                project.root / "build-profile.json5", None, "the project has no modules."
            )
        return mod

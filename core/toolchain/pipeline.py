"""Build → install → launch, with every run and step stored in the database.

``Pipeline(db, project_dir, device_key, on_event=cb).run()`` runs, on the calling thread:

1. ``build``  — ``hvigorw assembleHap`` in the project root (``clean`` first when asked); passes
   only on ``BUILD SUCCESSFUL`` + exit 0; then the newest ``*-signed.hap`` under the module's
   ``build/`` (an unsigned one only with a warning: the device will refuse it with 9568320);
2. ``install`` — ``hdc -t KEY install -r HAP``; passes only on ``install bundle successfully``;
3. ``stop``    — ``hdc -t KEY shell aa force-stop BUNDLE``;
4. ``launch``  — ``hdc -t KEY shell aa start -a ABILITY -b BUNDLE -m MODULE``; passes only on
   ``start ability successfully.``.

A step that fails stops the run (later steps are ``skipped``). The device is checked before the
build starts (``hdc list targets -v``): without a device key the only connected device is chosen;
a given key must be listed and ``Connected``. When that fails (no device, several, an unknown or
Offline/Unauthorized key, hdc unreachable) the ``install`` step fails at once with the guidance
and the build is ``skipped``. Options (product, target, module, build mode) are validated when the
pipeline is made and again when it runs: :class:`InvalidOptions` (a ``ValueError``) before anything
is stored or started. Each step row holds the argv,
start/end, exit code, verdict (passed | failed | timeout | cancelled | skipped), the error code and
its meaning (``error_meaning``: the install / ``aa start`` / hdc ``E0xxxxx`` / hvigor code's
meaning from the classifiers), a bounded log (head + tail, ``log_dropped`` = lines left out) and the doctor's
finding; the run row holds project, bundle, device, status (running → success | failed |
cancelled), options and the finding of the failed step.

Events go to ``on_event(PipelineEvent)`` on the running thread: ``run-started``,
``step-started``, ``line``, ``progress`` (hvigor task lines: done, total — the task count of this
project's last successful build, None the first time — and the task), ``warning``,
``step-finished`` and ``run-finished``. ``line`` events carry the text as the tool printed it
(ANSI colours included); the stored log has the colours stripped. ``cancel()`` (any thread) stops the running step by killing
its process group. ``Pipeline.rerun(db, run_id)`` runs a stored run again.
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import Database, iso
from hmdesk.core.models import Run, RunStep
from hmdesk.core.toolchain import hdc as hdcmod
from hmdesk.core.toolchain import hvigor
from hmdesk.core.toolchain.devices import list_devices
from hmdesk.core.toolchain.doctor import Finding, diagnose
from hmdesk.core.toolchain.process import CancelToken, ProcessResult, Stream, run_streaming
from hmdesk.core.toolchain.project import Module, Project, ProjectError, read_project
from hmdesk.core.toolchain.runs import (
    STEP_NAMES,
    EventCallback,
    InvalidOptions,
    PipelineError,
    PipelineEvent,
    PipelineOptions,
    RunResult,
    StepResult,
)
from hmdesk.core.toolchain.tools import ToolLocation, ToolNotFound, find_tool, hvigor_env

SKIP_DIRS = {"node_modules", "oh_modules", ".hvigor", ".preview", "src", ".git", ".idea"}


class BoundedLog:
    """Keeps the first ``head`` characters and the last ``max_chars - head``; counts the lines
    left out in between."""

    def __init__(self, max_chars: int = 256 * 1024, head_fraction: float = 0.125) -> None:
        self.max_chars = max_chars
        self.head_limit = int(max_chars * head_fraction)
        self.tail_limit = max_chars - self.head_limit
        self._head: list[str] = []
        self._head_len = 0
        self._tail: deque[str] = deque()
        self._tail_len = 0
        self.dropped_lines = 0

    def append(self, line: str) -> None:
        n = len(line) + 1
        if self._head_len + n <= self.head_limit and not self._tail:
            self._head.append(line)
            self._head_len += n
            return
        if n > self.tail_limit:
            line = line[: max(0, self.tail_limit - 1)]
            n = len(line) + 1
        self._tail.append(line)
        self._tail_len += n
        while self._tail_len > self.tail_limit and self._tail:
            old = self._tail.popleft()
            self._tail_len -= len(old) + 1
            self.dropped_lines += 1

    def text(self) -> str:
        parts = list(self._head)
        if self.dropped_lines:
            parts.append(f"… {self.dropped_lines} lines left out …")
        parts.extend(self._tail)
        return "\n".join(parts)


def validate_options(options: PipelineOptions) -> PipelineOptions:
    """Check the names that go into hvigor's argv (``-p product=``, ``-p module=M@T``)."""
    try:
        hvigor.assemble_hap_argv(
            "hvigorw",
            module=options.module or "entry",
            target=options.target,
            product=options.product,
            build_mode=options.build_mode,
        )
    except (hdcmod.InvalidName, TypeError) as exc:
        raise InvalidOptions(str(exc)) from exc
    return options


class Pipeline:
    def __init__(
        self,
        db: Database,
        project_dir: str | os.PathLike[str],
        device_key: str | None = None,
        *,
        on_event: EventCallback | None = None,
        options: PipelineOptions | None = None,
        hdc: str | None = None,
        hvigorw: str | None = None,
        env: Mapping[str, str] | None = None,
        rerun_of: int | None = None,
    ) -> None:
        self.db = db
        self.project_dir = Path(project_dir).expanduser()
        self.device_key = device_key
        self.on_event = on_event
        self.options = validate_options(options or PipelineOptions())
        self._hdc = hdc
        self._hvigorw = hvigorw
        self.env = env
        self.rerun_of = rerun_of
        self.cancel_token = CancelToken()
        self.run_id: int | None = None
        self.project: Project | None = None
        self.hap: Path | None = None

    # ----------------------------------------------------------------- public API

    @classmethod
    def rerun(
        cls, db: Database, run_id: int, *, on_event: EventCallback | None = None, **kwargs: Any
    ) -> Pipeline:
        """A pipeline that repeats stored run ``run_id`` (same project, device and options)."""
        with db.read() as session:
            run = session.get(Run, run_id)
            if run is None:
                raise PipelineError(f"run {run_id} does not exist; `hmdesk-cli runs` lists them.")
            project, device, options = run.project, run.device, dict(run.options or {})
        return cls(
            db,
            project,
            device,
            on_event=on_event,
            options=PipelineOptions.from_dict(options),
            rerun_of=run_id,
            **kwargs,
        )

    def cancel(self) -> None:
        self.cancel_token.cancel()

    @property
    def cancelled(self) -> bool:
        return self.cancel_token.cancelled

    def run(self) -> RunResult:
        opts = validate_options(self.options)  # may have been changed since __init__
        plan = (["clean"] if opts.clean else []) + list(STEP_NAMES)
        self.run_id = self._create_run(plan)
        run_id = self.run_id
        steps = [StepResult(name, i) for i, name in enumerate(plan)]
        self._emit(
            "run-started",
            data={"project": str(self.project_dir), "device": self.device_key, "steps": plan},
        )
        status = "success"
        finding: Finding | None = None
        try:
            failed = self._preflight(steps)
            if failed is not None:
                status = "cancelled" if failed.verdict == "cancelled" else "failed"
                finding = failed.doctor
                steps_to_run: list[StepResult] = []
            else:
                steps_to_run = steps
            for step in steps_to_run:
                if self.cancelled:
                    status = "cancelled"
                    break
                ok = self._run_step(step)
                if not ok:
                    status = "cancelled" if step.verdict == "cancelled" else "failed"
                    finding = step.doctor
                    break
        except BaseException as exc:
            status = "failed"
            for step in steps:
                if step.verdict == "running":  # interrupted by an error outside the tool
                    step.verdict = "failed"
                    step.ended_at = iso()
                    step.message = f"interrupted: {type(exc).__name__}: {exc}"
                    self._save_step(step)
            raise
        finally:
            for step in steps:
                if step.verdict in ("pending", "running"):
                    step.verdict = "skipped"
                    self._save_step(step)
            ended = iso()
            self._finish_run(status, finding, ended)
            self._emit(
                "run-finished",
                status=status,
                data={"doctor": finding.to_dict() if finding else None},
            )
        return RunResult(
            run_id=run_id,
            status=status,
            project=str(self.project_dir),
            device=self.device_key,
            bundle=self.project.bundle_name if self.project else None,
            started_at=self._started_at,
            ended_at=ended,
            steps=steps,
            doctor=finding,
            options=opts.to_dict(),
            rerun_of=self.rerun_of,
            hap=str(self.hap) if self.hap else None,
        )

    # ----------------------------------------------------------------- events & persistence

    def _emit(self, kind: str, **fields: Any) -> None:
        if self.on_event is None or self.run_id is None:
            return
        self.on_event(PipelineEvent(kind, self.run_id, **fields))

    def _create_run(self, plan: list[str]) -> int:
        self._started_at = iso()
        with self.db.write() as session:
            run = Run(
                project=str(self.project_dir),
                bundle=None,
                device=self.device_key,
                status="running",
                started_at=self._started_at,
                options=self.options.to_dict(),
                rerun_of=self.rerun_of,
            )
            session.add(run)
            session.flush()
            for i, name in enumerate(plan):
                session.add(
                    RunStep(run_id=run.id, position=i, name=name, argv=[], verdict="pending")
                )
            return int(run.id)

    def _save_step(self, step: StepResult) -> None:
        with self.db.write() as session:
            row = session.scalars(
                sa.select(RunStep).where(
                    RunStep.run_id == self.run_id, RunStep.position == step.position
                )
            ).one()
            row.argv = list(step.argv)
            row.started_at = step.started_at
            row.ended_at = step.ended_at
            row.exit_code = step.exit_code
            row.verdict = step.verdict
            row.error_code = step.error_code
            row.error_meaning = step.error_meaning
            row.message = step.message
            row.log = step.log
            row.log_dropped = step.log_dropped
            row.doctor = step.doctor.to_dict() if step.doctor else None

    def _update_run(self, **values: Any) -> None:
        with self.db.write() as session:
            run = session.get(Run, self.run_id)
            if run is None:
                return
            for k, v in values.items():
                setattr(run, k, v)

    def _finish_run(self, status: str, finding: Finding | None, ended: str) -> None:
        with self.db.write() as session:
            run = session.get(Run, self.run_id)
            if run is None:
                return
            run.status = status
            run.ended_at = ended
            run.doctor = finding.to_dict() if finding else None
            if self.project is not None:
                run.bundle = self.project.bundle_name
            if self.device_key:
                run.device = self.device_key

    # ----------------------------------------------------------------- steps

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
        verdict: str,
        message: str,
        *,
        log: BoundedLog | None = None,
        exit_code: int | None = None,
        error_code: str | None = None,
        error_meaning: str | None = None,
        finding: Finding | None = None,
    ) -> bool:
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
        self._begin(step)
        return self._end(step, "failed", message, error_code=finding.code, finding=finding)

    def _exec(
        self,
        step: StepResult,
        argv: list[str],
        *,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        on_text: Callable[[str], None] | None = None,
    ) -> tuple[ProcessResult, BoundedLog, str]:
        log = BoundedLog(self.options.max_log_chars)
        full: list[str] = []  # for the classifiers of short hdc outputs
        keep_full = step.name != "build"

        def on_line(stream: Stream, text: str) -> None:
            log.append(hvigor.strip_ansi(text) if "\x1b" in text else text)
            if keep_full and len(full) < 10_000:
                full.append(text)
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
        return res, log, "\n".join(full)

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
            finding = diagnose(log.text()) or Finding(
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

    def _tool(self, name: str, explicit: str | None) -> ToolLocation:
        if explicit:
            return ToolLocation(name, Path(explicit), "explicit")
        return find_tool(name, self.db, env=self.env)

    def _run_step(self, step: StepResult) -> bool:
        if step.name in ("clean", "build"):
            return self._build_step(step)
        return self._device_step(step)

    def _read_project(self, step: StepResult) -> Project | None:
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
        self._update_run(bundle=self.project.bundle_name)
        for w in self.project.warnings:
            self._emit("warning", step=step.name, text=w)
        return self.project

    def _module(self, project: Project) -> Module:
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

    def _build_step(self, step: StepResult) -> bool:
        project = self._read_project(step)
        if project is None:
            return False
        try:
            tool = self._tool("hvigorw", self._hvigorw)
        except ToolNotFound as exc:
            return self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="tool",
                    evidence="hvigorw not found",
                    fix=str(exc),
                    query_terms=["hvigorw", "tool"],
                ),
            )
        try:
            module = self._module(project)
            if step.name == "clean":
                argv = hvigor.clean_argv(str(tool.path), daemon=self.options.daemon)
            else:
                argv = hvigor.assemble_hap_argv(
                    str(tool.path),
                    module=module.name,
                    target=self.options.target,
                    product=self.options.product,
                    build_mode=self.options.build_mode,
                    daemon=self.options.daemon,
                )
        except (ProjectError, hdcmod.InvalidName) as exc:
            return self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="config", evidence=str(exc)[:200], fix=str(exc), query_terms=["config"]
                ),
            )
        env = hvigor_env(tool, self.env)
        parser = hvigor.HvigorLogParser()
        total = self._expected_tasks() if step.name == "build" else None
        done = 0

        def on_text(text: str) -> None:
            nonlocal done
            task = parser.feed(text)
            if task is not None and step.name == "build":
                done += 1
                self._emit(
                    "progress",
                    step=step.name,
                    done=done,
                    total=max(total, done) if total else None,
                    task=task.path,
                )
            if "Will skip sign" in text:
                self._emit("warning", step=step.name, text=text)

        res, log, _ = self._exec(step, argv, cwd=project.root, env=env, on_text=on_text)
        stopped = self._stopped(step, res, log)
        if stopped is not None:
            return stopped
        parsed = parser.result()
        outcome = hvigor.classify_build(parsed, res.exit_code)
        if not outcome.ok:
            finding = diagnose(log.text())
            if finding is not None and outcome.location and not finding.location:
                finding = replace(finding, location=outcome.location)
            return self._end(
                step,
                "failed",
                outcome.message,
                log=log,
                exit_code=res.exit_code,
                error_code=outcome.code or (finding.code if finding else None),
                error_meaning=_build_meaning(outcome, finding),
                finding=finding,
            )
        if step.name == "clean":
            return self._end(step, "passed", outcome.message, log=log, exit_code=res.exit_code)
        hap, unsigned = find_hap(project.root, module.src_path, self.options.product)
        if hap is None:
            finding = Finding(
                kind="no-hap",
                evidence=f"no .hap under {module.src_path / 'build'}",
                fix="hvigor reported success but produced no HAP: check the module/product names and run a clean build.",
                query_terms=["hap", "build", "构建产物"],
            )
            return self._end(
                step,
                "failed",
                "build succeeded but no HAP was found",
                log=log,
                exit_code=res.exit_code,
                finding=finding,
            )
        self.hap = hap
        message = f"{outcome.message}; HAP {hap}"
        if unsigned:
            warn = (
                f"only an unsigned HAP was built ({hap.name}): the device will refuse it with install "
                "error 9568320. " + (project.signing_problem(self.options.product) or "")
            ).strip()
            self._emit("warning", step=step.name, text=warn)
            message += f" (WARNING: {warn})"
        self._record_task_count(len(parsed.tasks))
        return self._end(step, "passed", message, log=log, exit_code=res.exit_code)

    def _resolve_device(self, step: StepResult, hdc: str) -> str | None:
        if self.device_key:
            try:
                return hdcmod.validate_device_key(self.device_key)
            except hdcmod.InvalidName as exc:
                self._fail_early(
                    step,
                    str(exc),
                    Finding(
                        kind="device",
                        evidence=self.device_key,
                        fix=str(exc),
                        query_terms=["device"],
                    ),
                )
                return None
        result = list_devices(hdc, cancel=self.cancel_token)
        if self.cancelled:
            self._begin(step)
            self._end(step, "cancelled", "cancelled by the user")
            return None
        connected = [d for d in result.devices if d.usable]
        if len(connected) == 1:
            self.device_key = connected[0].key
            self._update_run(device=self.device_key)
            return self.device_key
        if result.status not in ("ok", "empty"):
            msg = result.message
            fix = result.fix or "Check hdc and the device connection."
            meaning = result.message
        elif not connected:
            others = [f"{d.key} is {d.state}: {d.guidance}" for d in result.devices if d.guidance]
            msg = "no connected device" + (f" ({'; '.join(others)})" if others else "")
            fix = hdcmod.NO_DEVICE_FIX
            meaning = "no connected device"
        else:
            msg = f"{len(connected)} devices are connected ({', '.join(d.key for d in connected)}); choose one"
            fix = "Pick the device in the device list, or pass --device KEY."
            meaning = "several devices and none chosen"
        self._fail_early(step, msg, self._device_finding(msg, fix, meaning))
        return None

    def _hdc_path(self, step: StepResult) -> str | None:
        try:
            return str(self._tool("hdc", self._hdc).path)
        except ToolNotFound as exc:
            self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="tool", evidence="hdc not found", fix=str(exc), query_terms=["hdc", "tool"]
                ),
            )
            return None

    def _preflight(self, steps: list[StepResult]) -> StepResult | None:
        """Check the device *before* building, so that a missing device is reported at once
        rather than after a long build: without a key pick the only connected device, with one
        check that ``hdc list targets -v`` lists it as Connected. Returns the failed step
        (``install``), or None."""
        install = next((s for s in steps if s.name == "install"), None)
        if install is None or self.cancelled:  # cancelled before it started: all skipped
            return None
        hdc = self._hdc_path(install)
        if hdc is None:
            return install
        if self.device_key is None:
            return install if self._resolve_device(install, hdc) is None else None
        return None if self._check_device(install, hdc) else install

    def _device_finding(self, msg: str, fix: str, meaning: str | None = None) -> Finding:
        return Finding(
            kind="device",
            evidence=msg[:200],
            fix=fix,
            query_terms=["device", "hdc", "设备"],
            meaning=meaning,
        )

    def _check_device(self, step: StepResult, hdc: str) -> bool:
        """A given device key must be valid, listed and Connected (list targets -v)."""
        key = self.device_key
        assert key is not None
        try:
            hdcmod.validate_device_key(key)
        except hdcmod.InvalidName:
            return self._resolve_device(step, hdc) is not None  # fails with the key's message
        result = list_devices(hdc, cancel=self.cancel_token)
        if self.cancelled:
            self._begin(step)
            return self._end(step, "cancelled", "cancelled by the user")
        if result.status not in ("ok", "empty"):
            msg = f"cannot check device {key}: {result.message}"
            fix = result.fix or "Check hdc and the device connection."
            return self._fail_early(step, msg, self._device_finding(msg, fix, result.message))
        device = next((d for d in result.devices if d.key == key), None)
        if device is not None and device.usable:
            return True
        if device is None:
            listed = ", ".join(f"{d.key} ({d.state})" for d in result.devices) or "none"
            msg = f"device {key} is not connected (hdc lists: {listed})"
            fix = (
                "Pick a device from the device list (`hmdesk-cli devices`, `hdc list targets -v`); "
                "the key may have changed after a reconnect. " + hdcmod.NO_DEVICE_FIX
            )
            meaning = "no device has this connect key"
        else:
            guidance = device.guidance or "Only Connected devices accept commands."
            msg = f"device {key} is {device.state}: {guidance}"
            fix = guidance
            meaning = f"the device is {device.state}, not Connected"
        return self._fail_early(step, msg, self._device_finding(msg, fix, meaning))

    def _device_step(self, step: StepResult) -> bool:
        project = self._read_project(step)
        if project is None:
            return False
        hdc = self._hdc_path(step)
        if hdc is None:
            return False
        key = self._resolve_device(step, hdc)
        if key is None:
            return False
        try:
            module = self._module(project)
            if step.name == "install":
                if self.hap is None:
                    hap, _unsigned = find_hap(project.root, module.src_path, self.options.product)
                    if hap is None:
                        return self._fail_early(
                            step,
                            "no HAP to install: build first",
                            Finding(
                                kind="no-hap",
                                evidence="no .hap found",
                                fix="Run the build step first.",
                                query_terms=["hap"],
                            ),
                        )
                    self.hap = hap
                argv = hdcmod.install_argv(hdc, key, str(self.hap))
                classify = hdcmod.classify_install
            elif step.name == "stop":
                argv = hdcmod.force_stop_argv(hdc, key, project.bundle_name)
                classify = hdcmod.classify_force_stop
            else:
                ability = module.launcher_ability
                if not ability:
                    raise ProjectError(
                        module.file,
                        None,
                        "no ability to launch: set mainElement or add an ability with entity.system.home.",
                    )
                argv = hdcmod.aa_start_argv(
                    hdc, key, ability=ability, bundle=project.bundle_name, module=module.name
                )
                classify = hdcmod.classify_aa_start
        except (ProjectError, hdcmod.InvalidName) as exc:
            return self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="config", evidence=str(exc)[:200], fix=str(exc), query_terms=["config"]
                ),
            )
        res, log, text = self._exec(step, argv)
        stopped = self._stopped(step, res, log)
        if stopped is not None:
            return stopped
        outcome = classify(text, res.exit_code)
        if outcome.ok:
            return self._end(step, "passed", outcome.message, log=log, exit_code=res.exit_code)
        finding = diagnose(log.text())
        if finding is None or (outcome.code and finding.code != outcome.code):
            finding = Finding(
                kind=outcome.kind or step.name,
                evidence=(outcome.evidence or outcome.message)[:200],
                fix=outcome.fix or "Read the tool output above.",
                code=outcome.code,
                query_terms=[t for t in (outcome.kind or step.name, outcome.code, step.name) if t],
                meaning=outcome.meaning,
            )
        message = outcome.message
        if res.exit_code == 0:
            message += " (hdc exited 0)"
        return self._end(
            step,
            "failed",
            message,
            log=log,
            exit_code=res.exit_code,
            error_code=outcome.code,
            error_meaning=outcome.meaning,
            finding=finding,
        )

    # ----------------------------------------------------------------- progress estimate

    def _expected_tasks(self) -> int | None:
        with self.db.read() as session:
            rows = session.scalars(
                sa.select(Run.options)
                .where(Run.project == str(self.project_dir), Run.status == "success")
                .order_by(Run.id.desc())
                .limit(5)
            ).all()
        for opts in rows:
            n = (opts or {}).get("_stats", {}).get("build_tasks")
            if isinstance(n, int) and n > 0:
                return n
        return None

    def _record_task_count(self, n: int) -> None:
        with self.db.write() as session:
            run = session.get(Run, self.run_id)
            if run is not None:
                opts = dict(run.options or {})
                opts["_stats"] = {"build_tasks": n}
                run.options = opts


def _build_meaning(outcome: hvigor.BuildOutcome, finding: Finding | None) -> str | None:
    """The meaning of a failed build's hvigor code: the doctor's (``Invalid value of
    DEVECO_SDK_HOME``) when it names the same code, else hvigor's own title
    (``Configuration Error``); None without a code (the doctor's meaning is used then)."""
    code = outcome.code or (finding.code if finding else None)
    if code is None:
        return None
    if finding is not None and finding.code == code and finding.meaning:
        return finding.meaning
    return outcome.meaning


def find_hap(
    root: Path, module_dir: Path | None = None, product: str = "default"
) -> tuple[Path | None, bool]:
    """The newest ``*-signed.hap`` (under ``<module>/build/<product>/outputs`` first, then anywhere
    in the project outside sources and dependency folders). Falls back to the newest unsigned
    HAP: returns ``(path, unsigned)``."""

    def walk(base: Path) -> list[Path]:
        found: list[Path] = []
        if not base.is_dir():
            return found
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for f in filenames:
                if f.endswith(".hap"):
                    found.append(Path(dirpath) / f)
        return found

    def newest(paths: list[Path]) -> Path | None:
        best: tuple[float, Path] | None = None
        for p in paths:
            with contextlib.suppress(OSError):
                m = p.stat().st_mtime
                if best is None or m > best[0]:
                    best = (m, p)
        return best[1] if best else None

    bases = []
    if module_dir is not None:
        bases.append(module_dir / "build" / product / "outputs")
        bases.append(module_dir / "build")
    bases.append(root)
    unsigned: list[Path] = []
    for base in bases:
        haps = walk(base)
        signed = [h for h in haps if h.name.endswith("-signed.hap")]
        if signed:
            return newest(signed), False
        unsigned += [h for h in haps if h.name.endswith("-unsigned.hap")]
    if unsigned:
        return newest(unsigned), True
    return None, False


# --------------------------------------------------------------------------- repository

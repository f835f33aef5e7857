"""The pipeline: a run's steps in order, its row from ``running`` to its status, its events.

:class:`Pipeline` checks the device (:mod:`.device_steps`), then runs ``clean`` (when asked),
``build`` (:mod:`.build_step`), ``install``, ``stop`` and ``launch``; a step that fails stops the
run (later steps are ``skipped``). ``options.scope`` narrows the plan to the build alone (no
device needed) or to the install of the HAP built last. :func:`validate_options` refuses bad names before anything is
stored or started.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from hmdesk.core.db import Database, iso
from hmdesk.core.toolchain import hvigor
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.hdc import InvalidName
from hmdesk.core.toolchain.pipeline.build_step import BuildStep
from hmdesk.core.toolchain.pipeline.device_steps import DeviceSteps
from hmdesk.core.toolchain.pipeline.recorder import RunRecorder, storable
from hmdesk.core.toolchain.runs import (
    RUN_SCOPES,
    EventCallback,
    InvalidOptions,
    PipelineOptions,
    RunResult,
    RunStatus,
    StepName,
    StepResult,
)


def validate_options(options: PipelineOptions) -> PipelineOptions:
    """Check the names that go into hvigor's argv (``-p product=``, ``-p module=M@T``)."""
    if options.scope not in RUN_SCOPES:
        raise InvalidOptions(f"scope {options.scope!r} must be one of {', '.join(RUN_SCOPES)}.")
    try:
        hvigor.assemble_hap_argv(
            "hvigorw",
            module=options.module or "entry",
            target=options.target,
            product=options.product,
            build_mode=options.build_mode,
        )
    except (InvalidName, TypeError) as exc:
        raise InvalidOptions(str(exc)) from exc
    return options


class Pipeline(BuildStep, DeviceSteps):
    """``Pipeline(db, project_dir, device_key, on_event=cb).run()`` runs on the calling thread;
    ``cancel()`` (any thread) stops the running step by killing its process group."""

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
        super().__init__(
            db,
            project_dir,
            device_key,
            on_event=on_event,
            options=validate_options(options or PipelineOptions()),
            hdc=hdc,
            hvigorw=hvigorw,
            env=env,
        )
        self.rerun_of = rerun_of
        self._started_at = ""

    # ----------------------------------------------------------------- public API

    @classmethod
    def rerun(
        cls,
        db: Database,
        run_id: int,
        *,
        on_event: EventCallback | None = None,
        hdc: str | None = None,
        hvigorw: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> Pipeline:
        """A pipeline that repeats stored run ``run_id`` (same project, device and options)."""
        stored = RunRecorder(db).stored_run(run_id)
        return cls(
            db,
            stored.project,
            stored.device,
            on_event=on_event,
            options=stored.options,
            hdc=hdc,
            hvigorw=hvigorw,
            env=env,
            rerun_of=run_id,
        )

    def cancel(self) -> None:
        self.cancel_token.cancel()

    def run(self) -> RunResult:
        opts = validate_options(self.options)  # may have been changed since __init__
        plan: list[StepName] = opts.steps
        self.recorder.close_interrupted()  # runs left `running` by a process that is gone
        run_id, self._started_at = self.recorder.create_run(
            project=str(self.project_dir),
            device=self.device_key,
            options=opts.to_dict(),
            rerun_of=self.rerun_of,
            plan=plan,
        )
        self.run_id = run_id
        steps = [StepResult(name, i) for i, name in enumerate(plan)]
        self._emit(
            "run-started",
            data={"project": str(self.project_dir), "device": self.device_key, "steps": plan},
        )
        status: RunStatus = "success"
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
            hap=storable(str(self.hap)) if self.hap else None,
        )

    # ----------------------------------------------------------------- internals

    def _run_step(self, step: StepResult) -> bool:
        if step.name in ("clean", "build"):
            return self._build_step(step)
        return self._device_step(step)

    def _finish_run(self, status: RunStatus, finding: Finding | None, ended: str) -> None:
        if self.run_id is None:
            return
        self.recorder.finish_run(
            self.run_id,
            status,
            finding,
            ended,
            bundle=self.project.bundle_name if self.project is not None else None,
            device=self.device_key,
        )

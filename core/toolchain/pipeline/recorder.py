"""Writing a run as it happens: the run row, its step rows, and the build's task count.

:class:`RunRecorder` is the pipeline's one writer of ``runs`` and ``run_steps``; reading them
back is :class:`~hmdesk.core.toolchain.runs.RunRepository`'s job.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import Database, iso
from hmdesk.core.models import Run, RunStep
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.runs import (
    PipelineError,
    PipelineOptions,
    RunStatus,
    StepResult,
    owner_gone,
    owner_info,
)

INTERRUPTED_MESSAGE = "interrupted: the process that ran it ended without closing the run"


def storable(value: Any) -> Any:
    """``value`` with every string made UTF-8-encodable: a file name whose bytes are not UTF-8
    (a HAP or project path, read as ``surrogateescape``) is kept readable with its odd bytes as
    ``\\xe9`` escapes, so the run's rows can always be written and its run closed."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            try:
                raw = value.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:  # a lone surrogate that stands for no byte
                return value.encode("utf-8", "backslashreplace").decode("ascii")
            return raw.decode("utf-8", "backslashreplace")
        return value
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [storable(v) for v in value]
    return value


@dataclass(frozen=True)
class StoredRun:
    """What a re-run repeats: a stored run's project, device and options."""

    project: str
    device: str | None
    options: PipelineOptions


class RunRecorder:
    """The run and step rows of one database, written one short transaction at a time."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_run(
        self,
        *,
        project: str,
        device: str | None,
        options: dict[str, Any],
        rerun_of: int | None,
        plan: Sequence[str],
    ) -> tuple[int, str]:
        """A ``running`` run with a ``pending`` row per step of ``plan``: (run id, started at)."""
        started_at = iso()
        with self.db.write() as session:
            run = Run(
                project=storable(project),
                bundle=None,
                device=device,
                status="running",
                started_at=started_at,
                options=storable({**options, "_owner": owner_info()}),
                rerun_of=rerun_of,
            )
            session.add(run)
            session.flush()
            for i, name in enumerate(plan):
                session.add(
                    RunStep(run_id=run.id, position=i, name=name, argv=[], verdict="pending")
                )
            return int(run.id), started_at

    def save_step(self, run_id: int, step: StepResult) -> None:
        with self.db.write() as session:
            row = session.scalars(
                sa.select(RunStep).where(
                    RunStep.run_id == run_id, RunStep.position == step.position
                )
            ).one()
            row.argv = storable(list(step.argv))
            row.started_at = step.started_at
            row.ended_at = step.ended_at
            row.exit_code = step.exit_code
            row.verdict = step.verdict
            row.error_code = step.error_code
            row.error_meaning = storable(step.error_meaning)
            row.message = storable(step.message)
            row.log = storable(step.log)
            row.log_dropped = step.log_dropped
            row.doctor = storable(step.doctor.to_dict()) if step.doctor else None

    def set_bundle(self, run_id: int, bundle: str) -> None:
        with self.db.write() as session:
            run = session.get(Run, run_id)
            if run is not None:
                run.bundle = bundle

    def set_device(self, run_id: int, device: str) -> None:
        with self.db.write() as session:
            run = session.get(Run, run_id)
            if run is not None:
                run.device = device

    def finish_run(
        self,
        run_id: int,
        status: RunStatus,
        finding: Finding | None,
        ended: str,
        *,
        bundle: str | None,
        device: str | None,
    ) -> None:
        with self.db.write() as session:
            run = session.get(Run, run_id)
            if run is None:
                return
            run.status = status
            run.ended_at = ended
            run.doctor = storable(finding.to_dict()) if finding else None
            if bundle is not None:
                run.bundle = bundle
            if device:
                run.device = device

    def close_interrupted(self) -> list[int]:
        """Close as ``interrupted`` every ``running`` run whose owner process is gone (killed,
        power cut): its running step becomes ``cancelled``, its pending steps ``skipped``.
        Returns the ids closed."""
        with self.db.read() as session:
            rows = session.execute(
                sa.select(Run.id, Run.options).where(Run.status == "running")
            ).all()
        gone = [rid for rid, opts in rows if owner_gone((opts or {}).get("_owner"))]
        if not gone:
            return []
        ended = iso()
        with self.db.write() as session:
            for run in session.scalars(sa.select(Run).where(Run.id.in_(gone))):
                if run.status != "running":
                    continue
                run.status = "interrupted"
                run.ended_at = ended
                for step in session.scalars(sa.select(RunStep).where(RunStep.run_id == run.id)):
                    if step.verdict == "running":
                        step.verdict = "cancelled"
                        step.ended_at = ended
                        step.message = INTERRUPTED_MESSAGE
                    elif step.verdict == "pending":
                        step.verdict = "skipped"
        return gone

    def stored_run(self, run_id: int) -> StoredRun:
        """The project, device and options of run ``run_id`` (for a re-run)."""
        with self.db.read() as session:
            run = session.get(Run, run_id)
            if run is None:
                raise PipelineError(f"run {run_id} does not exist; `hmdesk-cli runs` lists them.")
            return StoredRun(
                run.project, run.device, PipelineOptions.from_dict(dict(run.options or {}))
            )

    # ----------------------------------------------------------------- progress estimate

    def expected_tasks(self, project: str) -> int | None:
        """The task count of one of the project's last successful builds (None: none known)."""
        with self.db.read() as session:
            rows = session.scalars(
                sa.select(Run.options)
                .where(Run.project == project, Run.status == "success")
                .order_by(Run.id.desc())
                .limit(5)
            ).all()
        for opts in rows:
            n = (opts or {}).get("_stats", {}).get("build_tasks")
            if isinstance(n, int) and n > 0:
                return n
        return None

    def record_task_count(self, run_id: int, n: int) -> None:
        with self.db.write() as session:
            run = session.get(Run, run_id)
            if run is not None:
                opts = dict(run.options or {})
                opts["_stats"] = {"build_tasks": n}
                run.options = opts

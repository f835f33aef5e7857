"""A run and its steps as stored and reported, the pipeline's events, and the run history.

The records the pipeline produces (:class:`RunResult`, :class:`StepResult`), the events it sends
while it runs (:class:`PipelineEvent`), its options, and :class:`RunRepository`, the one way to
read past runs (the CLI's ``runs`` and the GUI's run history both use it). Kinds, verdicts and
statuses are ``Literal`` types, so a misspelt one is a type error.
"""

from __future__ import annotations

import builtins
import os
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard, get_args

import sqlalchemy as sa
from hmdesk.core.db import Database, DatabaseError
from hmdesk.core.models import Run, RunStep
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.process import Stream

StepName = Literal["clean", "build", "install", "stop", "launch"]
StepVerdict = Literal["pending", "running", "passed", "failed", "timeout", "cancelled", "skipped"]
RunStatus = Literal["running", "success", "failed", "cancelled", "interrupted"]
"""``interrupted``: the process that ran it ended without closing it (killed, power cut); set by
a later process that finds it ``running`` with its owner gone (:func:`owner_gone`)."""
EventKind = Literal[
    "run-started", "step-started", "line", "progress", "warning", "step-finished", "run-finished"
]

STEP_NAMES: tuple[StepName, ...] = ("build", "install", "stop", "launch")
"""The steps of every run; ``clean`` goes first when asked for."""

_STEP_NAMES: frozenset[str] = frozenset(get_args(StepName))
_VERDICTS: frozenset[str] = frozenset(get_args(StepVerdict))
_STATUSES: frozenset[str] = frozenset(get_args(RunStatus))
RUN_STATUSES: tuple[RunStatus, ...] = get_args(RunStatus)


# --------------------------------------------------------------------------- a run's owner


def _boot_id() -> str:
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as fh:
            return fh.read().strip()
    except OSError:
        return ""


def _start_ticks(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot; Linux), None when unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rpartition(b")")[2].split()
        return int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def owner_info(pid: int | None = None) -> dict[str, Any]:
    """Who runs a run: pid, host, boot id and start time (stored in the run's ``_owner``)."""
    pid = os.getpid() if pid is None else pid
    return {
        "pid": pid,
        "host": socket.gethostname(),
        "boot": _boot_id(),
        "start": _start_ticks(pid),
    }


def owner_gone(owner: Mapping[str, Any] | None) -> bool:
    """True only when the owner is surely gone: same host and a new boot, or its pid is dead or
    now another process. Unknown owners (older runs, another host) are not judged."""
    if not owner or owner.get("host") != socket.gethostname():
        return False
    pid = owner.get("pid")
    if not isinstance(pid, int):
        return False
    boot = _boot_id()
    if boot and owner.get("boot") and owner.get("boot") != boot:
        return True
    if not _alive(pid):
        return True
    start = owner.get("start")
    now = _start_ticks(pid)
    return start is not None and now is not None and start != now


def is_step_name(value: str) -> TypeGuard[StepName]:
    return value in _STEP_NAMES


def is_step_verdict(value: str) -> TypeGuard[StepVerdict]:
    return value in _VERDICTS


def is_run_status(value: str) -> TypeGuard[RunStatus]:
    return value in _STATUSES


RunScope = Literal["all", "build", "install"]
"""What a run does: ``all`` build → install → stop → launch; ``build`` only builds (no device);
``install`` only installs the HAP built last (no build, no launch)."""
RUN_SCOPES: tuple[RunScope, ...] = get_args(RunScope)


def plan_steps(clean: bool, scope: str) -> list[StepName]:
    """The steps of a run, in order (``clean`` first when asked for, never for install only)."""
    if scope == "build":
        return ["clean", "build"] if clean else ["build"]
    if scope == "install":
        return ["install"]
    return ["clean", *STEP_NAMES] if clean else list(STEP_NAMES)


@dataclass
class PipelineOptions:
    product: str = "default"
    build_mode: str = "debug"
    module: str | None = None  # default: the project's entry module
    target: str = "default"
    daemon: bool = False
    clean: bool = False
    stacktrace: bool = False  # hvigorw --stacktrace (a failed build's stack trace)
    scope: RunScope = "all"
    timeouts: dict[str, float] = field(
        default_factory=lambda: {
            "clean": 300.0,
            "build": 900.0,
            "install": 120.0,
            "stop": 30.0,
            "launch": 30.0,
        }
    )
    max_log_chars: int = 256 * 1024
    screenshot: bool = True  # after a successful launch, keep a screenshot with the run
    # seconds to wait before it: `aa start` answers before the first frame is drawn
    # (HMDESK_SCREENSHOT_SETTLE changes it; the fake tools set 0)
    screenshot_settle: float = field(
        default_factory=lambda: float(os.environ.get("HMDESK_SCREENSHOT_SETTLE", "1.5") or 1.5)
    )

    def to_dict(self) -> dict[str, Any]:
        return {
            "product": self.product,
            "build_mode": self.build_mode,
            "module": self.module,
            "target": self.target,
            "daemon": self.daemon,
            "clean": self.clean,
            "stacktrace": self.stacktrace,
            "scope": self.scope,
            "screenshot": self.screenshot,
        }

    @property
    def steps(self) -> list[StepName]:
        """The steps a run with these options takes."""
        return plan_steps(self.clean, self.scope)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PipelineOptions:
        opts = cls()
        for key in (
            "product",
            "build_mode",
            "module",
            "target",
            "daemon",
            "clean",
            "stacktrace",
            "screenshot",
        ):
            if key in data:
                setattr(opts, key, data[key])
        scope = data.get("scope")
        if isinstance(scope, str) and scope in RUN_SCOPES:
            opts.scope = scope
        return opts


@dataclass(frozen=True)
class PipelineEvent:
    kind: EventKind
    run_id: int
    step: StepName | None = None
    stream: Stream | None = None
    text: str | None = None
    done: int | None = None
    total: int | None = None
    task: str | None = None
    verdict: StepVerdict | None = None
    status: RunStatus | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class StepResult:
    name: StepName
    position: int
    argv: list[str] = field(default_factory=list)
    verdict: StepVerdict = "pending"
    exit_code: int | None = None
    error_code: str | None = None
    message: str | None = None
    error_meaning: str | None = None
    started_at: str | None = None
    ended_at: str | None = None
    doctor: Finding | None = None
    log: str = ""
    log_dropped: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "verdict": self.verdict,
            "exit_code": self.exit_code,
            "error_code": self.error_code,
            "error_meaning": self.error_meaning,
            "message": self.message,
        }


@dataclass
class RunResult:
    run_id: int
    status: RunStatus
    project: str
    device: str | None
    bundle: str | None
    started_at: str
    ended_at: str | None
    steps: list[StepResult]
    doctor: Finding | None
    options: dict[str, Any] = field(default_factory=dict)
    rerun_of: int | None = None
    hap: str | None = None

    def failure(self) -> tuple[Finding | None, StepResult | None]:
        """The finding a failure card shows and the failed step: the run's own finding first,
        else the failed step's; a failed step the doctor could not classify still gets a finding
        built from its verdict, message and error code (the window and ``hmdesk-cli run`` recall
        pitfalls with it)."""
        finding = self.doctor
        failed = next((s for s in self.steps if s.verdict in ("failed", "timeout")), None)
        if failed is None:
            return finding, None
        finding = finding or failed.doctor
        if finding is None:
            finding = Finding(
                kind="timeout" if failed.verdict == "timeout" else "failed",
                evidence=failed.message or "",
                fix="",
                code=failed.error_code,
                query_terms=[t for t in (failed.name, failed.error_code) if t],
            )
        return finding, failed

    def to_json(self) -> dict[str, Any]:
        """The ``hmdesk-cli run --json`` output: run id, status, each step's verdict and codes, the
        doctor's finding (README, Command line)."""
        return {
            "run_id": self.run_id,
            "status": self.status,
            "steps": [s.to_dict() for s in self.steps],
            "doctor": (
                {"kind": self.doctor.kind, "evidence": self.doctor.evidence, "fix": self.doctor.fix}
                if self.doctor
                else None
            ),
        }


class PipelineError(Exception):
    """Bad input before anything ran (unknown run id for a re-run, ...)."""


class InvalidOptions(ValueError):
    """A product, target, module or build mode that does not fit its documented format; raised
    before anything is stored or run. The message is one line saying what is wrong."""


class RunNotFound(PipelineError):
    pass


def _stored(run_id: int, what: str, value: str, known: frozenset[str]) -> DatabaseError:
    return DatabaseError(
        f"run {run_id} has the {what} {value!r} in the database, which this version of hmdesk "
        f"does not know (known: {', '.join(sorted(known))})."
    )


class RunRepository:
    """Reading stored runs (newest first).

    The one place where the ``str`` columns of the run tables become the ``Literal`` types of the
    records: a name, verdict or status that is none of them raises :class:`DatabaseError`.
    """

    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    def _step(row: RunStep, with_log: bool) -> StepResult:
        if not is_step_name(row.name):
            raise _stored(row.run_id, "step name", row.name, _STEP_NAMES)
        if not is_step_verdict(row.verdict):
            raise _stored(row.run_id, "step verdict", row.verdict, _VERDICTS)
        return StepResult(
            name=row.name,
            position=row.position,
            argv=list(row.argv or []),
            verdict=row.verdict,
            exit_code=row.exit_code,
            error_code=row.error_code,
            error_meaning=row.error_meaning,
            message=row.message,
            started_at=row.started_at,
            ended_at=row.ended_at,
            doctor=Finding.from_dict(row.doctor) if row.doctor else None,
            log=row.log if with_log else "",
            log_dropped=row.log_dropped,
        )

    def _result(self, run: Run, steps: list[RunStep], with_log: bool) -> RunResult:
        if not is_run_status(run.status):
            raise _stored(run.id, "status", run.status, _STATUSES)
        return RunResult(
            run_id=run.id,
            status=run.status,
            project=run.project,
            device=run.device,
            bundle=run.bundle,
            started_at=run.started_at,
            ended_at=run.ended_at,
            steps=[self._step(s, with_log) for s in steps],
            doctor=Finding.from_dict(run.doctor) if run.doctor else None,
            options={k: v for k, v in (run.options or {}).items() if not k.startswith("_")},
            rerun_of=run.rerun_of,
        )

    def list(
        self,
        *,
        status: str | None = None,
        device: str | None = None,
        project: str | None = None,
        limit: int = 200,
        offset: int = 0,
    ) -> builtins.list[RunResult]:
        """Runs newest first, with their steps (without logs)."""
        with self.db.read() as session:
            q = sa.select(Run)
            if status:
                q = q.where(Run.status == status)
            if device:
                q = q.where(Run.device == device)
            if project:
                q = q.where(Run.project == project)
            runs = session.scalars(q.order_by(Run.id.desc()).limit(limit).offset(offset)).all()
            ids = [r.id for r in runs]
            steps: dict[int, list[RunStep]] = {i: [] for i in ids}
            if ids:
                for s in session.scalars(
                    sa.select(RunStep)
                    .where(RunStep.run_id.in_(ids))
                    .order_by(RunStep.run_id, RunStep.position)
                ):
                    steps[s.run_id].append(s)
            return [self._result(r, steps[r.id], with_log=False) for r in runs]

    def get(self, run_id: int) -> RunResult:
        with self.db.read() as session:
            run = session.get(Run, run_id)
            if run is None:
                raise RunNotFound(f"run {run_id} does not exist; `hmdesk-cli runs` lists them.")
            steps = session.scalars(
                sa.select(RunStep).where(RunStep.run_id == run_id).order_by(RunStep.position)
            ).all()
            return self._result(run, list(steps), with_log=True)

    def count(self) -> int:
        with self.db.read() as session:
            return int(session.scalar(sa.select(sa.func.count()).select_from(Run)) or 0)

    def projects(self) -> builtins.list[str]:
        with self.db.read() as session:
            return list(session.scalars(sa.select(Run.project).distinct().order_by(Run.project)))

    def devices(self) -> builtins.list[str]:
        with self.db.read() as session:
            return [
                d
                for d in session.scalars(sa.select(Run.device).distinct().order_by(Run.device))
                if d
            ]


EventCallback = Callable[[PipelineEvent], None]

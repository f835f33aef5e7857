"""What a run saw on the device, kept with the run: files (screenshots, layout dumps) in a
folder per run and rows in ``run_artifacts``; the app's memory and CPU samples in
``run_samples`` (revision 0009).

The folder is ``HMDESK_EVIDENCE_DIR`` when set, else ``evidence`` in hmdesk's user data folder,
then ``run-<id>``. A file is only recorded once it is complete (the device modules write it
under a temporary name first).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import Database
from hmdesk.core.dbfile import default_data_dir, iso
from hmdesk.core.models import RunArtifact, RunSample
from hmdesk.core.toolchain.device.stats import Sample


def evidence_root() -> Path:
    env = os.environ.get("HMDESK_EVIDENCE_DIR", "").strip()
    return Path(env).expanduser() if env else default_data_dir() / "evidence"


def run_folder(run_id: int) -> Path:
    return evidence_root() / f"run-{int(run_id)}"


@dataclass(frozen=True)
class Artifact:
    id: int
    run_id: int
    kind: str
    path: str
    created_at: str
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def present(self) -> bool:
        return Path(self.path).is_file()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "run_id": self.run_id,
            "kind": self.kind,
            "path": self.path,
            "created_at": self.created_at,
            "meta": self.meta,
            "present": self.present,
        }


class Evidence:
    """Reads and adds a run's artifacts and samples."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add_artifact(
        self,
        run_id: int,
        kind: str,
        path: str | os.PathLike[str],
        meta: dict[str, Any] | None = None,
    ) -> Artifact:
        created = iso()
        with self.db.write() as s:
            row = RunArtifact(
                run_id=run_id,
                kind=kind,
                path=os.fspath(path),
                created_at=created,
                meta=dict(meta or {}),
            )
            s.add(row)
            s.flush()
            return _artifact(row)

    def artifacts(self, run_id: int, kind: str | None = None) -> list[Artifact]:
        stmt = sa.select(RunArtifact).where(RunArtifact.run_id == run_id)
        if kind is not None:
            stmt = stmt.where(RunArtifact.kind == kind)
        with self.db.read() as s:
            return [_artifact(r) for r in s.scalars(stmt.order_by(RunArtifact.id))]

    def latest(self, run_id: int, kind: str) -> Artifact | None:
        found = self.artifacts(run_id, kind)
        return found[-1] if found else None

    def add_samples(self, run_id: int, samples: Iterable[Sample]) -> int:
        rows = [
            RunSample(
                run_id=run_id,
                at=x.at,
                pid=x.pid,
                pss_kb=x.pss_kb,
                cpu_percent=x.cpu_percent,
                mark=x.mark,
            )
            for x in samples
        ]
        if not rows:
            return 0
        with self.db.write() as s:
            s.add_all(rows)
        return len(rows)

    def mark(self, run_id: int, at: str, mark: str) -> None:
        """A mark without a measurement (a crash seen in the log at ``at``)."""
        self.add_samples(run_id, [Sample(at, None, None, None, mark)])

    def samples(self, run_id: int, *, limit: int = 10_000) -> list[Sample]:
        stmt = (
            sa.select(RunSample)
            .where(RunSample.run_id == run_id)
            .order_by(RunSample.at, RunSample.id)
            .limit(limit)
        )
        with self.db.read() as s:
            return [Sample(r.at, r.pid, r.pss_kb, r.cpu_percent, r.mark) for r in s.scalars(stmt)]


def _artifact(row: RunArtifact) -> Artifact:
    return Artifact(
        int(row.id), int(row.run_id), row.kind, row.path, row.created_at, dict(row.meta or {})
    )

"""Run records and the run history (:class:`RunRepository`), with runs made by the pipeline."""

from __future__ import annotations

import pytest
from hmdesk.core.db import Database, DatabaseError
from hmdesk.core.models import Run, RunStep
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.runs import (
    PipelineError,
    PipelineOptions,
    RunRepository,
    is_run_status,
    is_step_verdict,
)

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FAKE_HDC_KEY_TCP, FakeTools


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_repository_list_filters_and_get(fake_tools: FakeTools, db: Database) -> None:
    project = fake_tools.project("hello")
    ok = Pipeline(db, project, FAKE_HDC_KEY).run()
    fake_tools.hdc_scenario("two-devices", "install-9568320")
    bad = Pipeline(db, project, FAKE_HDC_KEY_TCP).run()
    repo = RunRepository(db)
    assert [r.run_id for r in repo.list()] == [bad.run_id, ok.run_id]
    assert [r.run_id for r in repo.list(status="failed")] == [bad.run_id]
    assert [r.run_id for r in repo.list(device=FAKE_HDC_KEY)] == [ok.run_id]
    assert len(repo.list(project=str(project.resolve()))) == 2
    assert repo.list(project="/elsewhere") == []
    assert repo.count() == 2 and repo.devices() == sorted([FAKE_HDC_KEY, FAKE_HDC_KEY_TCP])
    listed = repo.list()[0]
    assert listed.steps[1].log == ""  # lists leave logs out
    full = repo.get(bad.run_id)
    assert "code:9568320" in full.steps[1].log
    assert full.to_json()["steps"][1] == {
        "name": "install",
        "verdict": "failed",
        "exit_code": 0,
        "error_code": "9568320",
        "error_meaning": "no signature file",
        "message": "install failed: no signature file (code 9568320) (hdc exited 0)",
    }
    with pytest.raises(PipelineError):
        repo.get(12345)


def test_clean_steps_are_read_back(fake_tools: FakeTools, db: Database) -> None:
    result = Pipeline(
        db, fake_tools.project("hello"), FAKE_HDC_KEY, options=PipelineOptions(clean=True)
    ).run()
    stored = RunRepository(db).get(result.run_id)
    assert [s.name for s in stored.steps] == ["clean", "build", "install", "stop", "launch"]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_unknown_stored_values_are_refused_in_one_place(
    fake_tools: FakeTools, db: Database
) -> None:
    result = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY).run()
    repo = RunRepository(db)
    with db.write() as session:
        session.query(RunStep).filter_by(run_id=result.run_id, position=0).update(
            {"verdict": "exploded"}
        )
    with pytest.raises(DatabaseError, match=r"step verdict 'exploded'"):
        repo.get(result.run_id)
    with db.write() as session:
        session.query(RunStep).filter_by(run_id=result.run_id, position=0).update(
            {"verdict": "passed"}
        )
        session.query(Run).filter_by(id=result.run_id).update({"status": "half-done"})
    with pytest.raises(DatabaseError, match=r"status 'half-done'"):
        repo.list()


def test_literal_guards() -> None:
    assert is_step_verdict("timeout") and not is_step_verdict("Timeout")
    assert is_run_status("cancelled") and not is_run_status("pending")


def test_owner_gone_judges_only_what_it_can_know() -> None:
    import os
    import subprocess
    import sys

    from hmdesk.core.toolchain.runs import owner_gone, owner_info

    me = owner_info()
    assert not owner_gone(me)  # this process is alive
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    assert owner_gone(owner_info(dead.pid))
    assert owner_gone({**me, "boot": "another-boot"}) == bool(me["boot"])
    if me["start"] is not None:
        assert owner_gone({**me, "start": me["start"] + 1})  # the pid now names another process
    assert not owner_gone({**me, "host": "another-host", "pid": dead.pid})  # cannot know
    assert not owner_gone(None) and not owner_gone({"pid": "x"})
    assert me["pid"] == os.getpid()


def test_pipeline_run_closes_orphaned_runs_and_keeps_its_own_owner(
    fake_tools: FakeTools, db: Database
) -> None:
    from hmdesk.core.toolchain.pipeline.recorder import RunRecorder

    recorder = RunRecorder(db)
    orphan, _ = recorder.create_run(
        project="/p", device=None, options={}, rerun_of=None, plan=["build"]
    )
    with db.write() as session:
        run = session.get(Run, orphan)
        assert run is not None
        run.options = {**run.options, "_owner": {**run.options["_owner"], "boot": "old-boot"}}
    result = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY).run()
    repo = RunRepository(db)
    from hmdesk.core.toolchain.runs import owner_info

    # owned by this very pid, but from a boot that is over: its process is gone
    expected = "interrupted" if owner_info()["boot"] else "running"  # no boot id off Linux
    assert repo.get(orphan).status == expected
    assert repo.get(result.run_id).status == "success"
    assert "_owner" not in repo.get(result.run_id).options  # internal, not shown
    with db.read() as session:
        stored = session.get(Run, result.run_id)
        assert stored is not None and stored.options["_owner"]["pid"] > 0

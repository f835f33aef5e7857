"""core/child_process.py: a job in a child process answering in JSON lines (progress, items,
done, error), cancel by kill, a crash with its exit code and last stderr line, and the same job
in process where no child can start (a frozen build)."""

from __future__ import annotations

import io
import json
import sys
import threading
from pathlib import Path

import pytest
from hmdesk.core.child_process import ChildJob, JobCancelled, JobFailed, serve

from tests.fixtures.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
JOBS = "tests.fixtures.child_jobs"


@pytest.fixture(autouse=True)
def _jobs_importable_in_the_child(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def _run(job: ChildJob) -> tuple[object, list[tuple[int, int]], list[object]]:
    steps: list[tuple[int, int]] = []
    items: list[object] = []
    done = job.run(lambda d, t: steps.append((d, t)), items.append)
    return done, steps, items


@pytest.mark.parametrize("in_process", [False, True])
def test_progress_items_and_done(in_process: bool) -> None:
    job = ChildJob(f"{JOBS}:count", {"n": 5}, in_process=in_process)
    done, steps, items = _run(job)
    assert done == {"total": 5}
    assert items == [{"i": i, "square": i * i} for i in range(5)]
    assert steps[0] == (1, 5) and steps[-1] == (5, 5)  # throttled between the two
    assert job.where == ("thread" if in_process else "process")
    assert (job.pid is None) == in_process


def test_the_child_writes_one_json_line_per_message() -> None:
    out = io.BytesIO()
    serve(f"{JOBS}:count", "count", io.BytesIO(b'{"n": 2}\n'), out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert lines[0] == {"progress": [1, 2]}
    assert [m for m in lines if "item" in m] == [
        {"item": {"i": 0, "square": 0}},
        {"item": {"i": 1, "square": 1}},
    ]
    assert {"progress": [2, 2]} in lines and lines[-1] == {"done": {"total": 2}}


@pytest.mark.parametrize("in_process", [False, True])
def test_a_job_error_is_one_line(in_process: bool) -> None:
    job = ChildJob(f"{JOBS}:refuse", {"db": "/gone.db"}, name="scan", in_process=in_process)
    with pytest.raises(JobFailed, match=r"^the database /gone.db is not there any more$"):
        job.run()


def test_an_unexpected_exception_in_the_child_names_the_job() -> None:
    job = ChildJob(f"{JOBS}:breaks", {}, name="scan")
    items: list[object] = []
    with pytest.raises(JobFailed, match=r"^the scan failed: KeyError: 'seq'$") as info:
        job.run(on_item=items.append)
    assert items == [{"i": 0}] and info.value.exit_code == 0


def test_a_crash_carries_the_exit_code_and_the_last_stderr_line() -> None:
    job = ChildJob(f"{JOBS}:dies", {}, name="scan")
    with pytest.raises(JobFailed) as info:
        job.run()
    assert str(info.value) == (
        "the scan process ended before its result (exit 3): MemoryError: out of memory"
    )
    assert (info.value.exit_code, info.value.stderr_line) == (3, "MemoryError: out of memory")


def test_a_line_that_is_not_the_protocol_is_a_clear_error() -> None:
    job = ChildJob("x:y", {}, name="scan", command=[sys.executable, "-c", "print('hello')"])
    with pytest.raises(JobFailed, match=r"the scan process wrote 'hello', not a line"):
        job.run()


@pytest.mark.parametrize("in_process", [False, True])
def test_kill_cancels(in_process: bool) -> None:
    job = ChildJob(f"{JOBS}:blocks", {}, in_process=in_process)
    steps: list[tuple[int, int]] = []
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            job.run(lambda d, t: steps.append((d, t)))
        except BaseException as exc:  # noqa: BLE001 - the test looks at what it was
            outcome.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    wait_until(lambda: steps == [(1, 10)])
    job.kill()
    runner.join(10)
    assert not runner.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], JobCancelled)
    assert steps == [(1, 10)]
    if not in_process:
        assert job._proc is not None and job._proc.poll() is not None  # the child is gone


def test_killed_before_it_starts() -> None:
    job = ChildJob(f"{JOBS}:blocks", {})
    job.kill()
    with pytest.raises(JobCancelled):
        job.run()


def test_a_frozen_build_runs_the_job_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    job = ChildJob(f"{JOBS}:count", {"n": 3}, name="scan")
    done, _steps, items = _run(job)
    assert done == {"total": 3} and len(items) == 3
    assert job.where == "thread" and job.pid is None
    assert job.note == "a bundled build has no Python to start the scan process"


def test_no_interpreter_runs_the_job_in_process(tmp_path: Path) -> None:
    job = ChildJob(f"{JOBS}:count", {"n": 2}, name="scan", command=[str(tmp_path / "no-python")])
    done, _steps, items = _run(job)
    assert done == {"total": 2} and len(items) == 2
    assert job.where == "thread" and job.note.startswith("cannot start the scan process: ")


def test_the_child_runs_without_the_cyclic_collector() -> None:
    assert ChildJob(f"{JOBS}:collector", {}).run() is False  # gc_policy.short_lived_process

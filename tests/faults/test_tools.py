"""Tool faults: hdc/hvigorw that hang, flood, ignore SIGTERM, die mid-line or print invalid UTF-8,
and signals (SIGTERM, SIGHUP) at every step of ``hmdesk-cli run``.

Each fault asserts what the user gets (the step's verdict and message, the CLI's exit code) and
that nothing is lost or left behind (the run is stored and closed, no tool process survives).
The fakes print what the real tools print (``tests/fixtures/fakes``); timeouts are short and the
flood is a few MB with the log bound made small through ``PipelineOptions.max_log_chars``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hmdesk.core.cli.main import main
from hmdesk.core.db import Database
from hmdesk.core.models import Run
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.pipeline.recorder import INTERRUPTED_MESSAGE, RunRecorder
from hmdesk.core.toolchain.process import _group_alive
from hmdesk.core.toolchain.runs import (
    PipelineEvent,
    PipelineOptions,
    RunRepository,
    StepResult,
    owner_info,
)

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools
from tests.fixtures.waiting import poll_until, wait_until

linux_only = pytest.mark.skipif(
    not os.path.isdir("/proc/self"), reason="reads process groups from /proc"
)
CLI = [sys.executable, "-m", "hmdesk.core.cli"]


@pytest.fixture
def db(tmp_path: Path) -> Database:
    d = Database(tmp_path / "runs.db")
    yield d  # type: ignore[misc]
    d.close()


def _run(db: Database, fake_tools: FakeTools, opts: PipelineOptions | None = None, **kw: object):  # type: ignore[no-untyped-def]
    events: list[PipelineEvent] = []
    pipe = Pipeline(
        db, fake_tools.project("hello"), FAKE_HDC_KEY, on_event=events.append, options=opts
    )
    for name, value in kw.items():
        setattr(pipe, name, value)
    return pipe, events


def _step(db: Database, run_id: int, name: str):  # type: ignore[no-untyped-def]
    return next(s for s in RunRepository(db).get(run_id).steps if s.name == name)


# --------------------------------------------------------------------------- tools


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("tool-that-hangs")
def test_a_hung_install_times_out_and_its_group_is_killed(
    fake_tools: FakeTools, db: Database
) -> None:
    fake_tools.hdc_scenario("hang-install")
    opts = PipelineOptions()
    opts.timeouts["install"] = 0.5
    pipe, _ = _run(db, fake_tools, opts)
    result = pipe.run()
    assert result.status == "failed"
    install = _step(db, result.run_id, "install")
    assert install.verdict == "timeout" and install.message.startswith("timed out after 0.5 s")
    assert install.doctor is not None and install.doctor.kind == "timeout"
    assert RunRepository(db).get(result.run_id).status == "failed"


@pytest.mark.hostile("tool-flooding-its-output")
@pytest.mark.slow  # megabytes through a real child
def test_a_flooding_install_is_judged_by_its_last_line_within_bounded_memory(
    fake_tools: FakeTools, db: Database
) -> None:
    flood = 4 * 1024 * 1024
    fake_tools.hdc_scenario("install-flood")
    fake_tools.set("FAKE_HDC_FLOOD_BYTES", str(flood))
    opts = PipelineOptions()
    opts.max_log_chars = 16 * 1024
    pipe, _ = _run(db, fake_tools, opts, on_event=None)
    tracemalloc.start()
    try:
        result = pipe.run()
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.status == "success"
    install = _step(db, result.run_id, "install")
    assert install.verdict == "passed" and install.message == "installed"
    assert len(install.log) < 17 * 1024 and install.log_dropped > 20_000
    assert install.log.rstrip().endswith("AppMod finish")
    # held: the bounded log and a few reads not yet handled (~1.5 MB), not the 4 MB printed
    assert peak < 3 * 1024 * 1024, peak


@pytest.mark.hostile("tool-ignoring-sigterm")
@pytest.mark.slow  # waits out the grace period before the kill
@linux_only
def test_an_install_that_ignores_sigterm_is_killed_on_cancel(
    fake_tools: FakeTools, db: Database
) -> None:
    fake_tools.hdc_scenario("install-ignore-term")
    pids: list[int] = []
    pipe, events = _run(db, fake_tools)

    def watch(ev: PipelineEvent) -> None:
        events.append(ev)
        if ev.kind == "line" and ev.step == "install" and ev.text == "[Info]waiting":
            pids.extend(_children_of(os.getpid(), "install"))
            pipe.cancel()

    pipe.on_event = watch
    result = pipe.run()
    assert result.status == "cancelled" and pids
    install = _step(db, result.run_id, "install")
    assert install.verdict == "cancelled" and install.exit_code == -signal.SIGKILL
    assert all(poll_until(lambda p=p: not _group_alive(p), timeout=5) for p in pids)


@pytest.mark.hostile("tool-killed-mid-line")
def test_an_install_that_dies_mid_line_fails_and_keeps_the_half_line(
    fake_tools: FakeTools, db: Database
) -> None:
    fake_tools.hdc_scenario("install-die-midline")
    pipe, _ = _run(db, fake_tools)
    result = pipe.run()
    assert result.status == "failed"
    install = _step(db, result.run_id, "install")
    assert install.verdict == "failed" and install.exit_code == -signal.SIGKILL
    assert install.message == f"install did not report success (exit code {-signal.SIGKILL})"
    assert install.log.endswith("msg:install bun")  # the unterminated line is kept, not lost


@pytest.mark.hostile("invalid-utf8-from-a-tool")
@pytest.mark.parametrize("tool", ["hdc", "hvigorw"])
def test_invalid_utf8_from_a_tool_is_replaced_and_the_run_passes(
    fake_tools: FakeTools, db: Database, tool: str
) -> None:
    if tool == "hdc":
        fake_tools.hdc_scenario("non-utf8")
    else:
        fake_tools.hvigor_scenario("non-utf8")
    pipe, _ = _run(db, fake_tools)
    result = pipe.run()
    assert result.status == "success"
    step = _step(db, result.run_id, "install" if tool == "hdc" else "build")
    assert "\ufffd" in step.log


@pytest.mark.hostile("hap-file-name-not-utf8")
@linux_only  # a file name of arbitrary bytes (macOS and Windows file systems refuse them)
def test_a_hap_whose_name_is_not_utf8_is_installed_and_the_run_closed(
    fake_tools: FakeTools, db: Database
) -> None:
    fake_tools.hvigor_scenario("no-hap")  # the build succeeds; the HAP is the one placed here
    project = fake_tools.project("hello")
    outputs = os.fsencode(Path(project) / "entry" / "build" / "default" / "outputs" / "default")
    os.makedirs(outputs)
    raw_name = os.path.join(outputs, b"entry-caf\xe9-signed.hap")  # Latin-1 bytes, not UTF-8
    with open(raw_name, "wb") as fh:
        fh.write(b"PK\x03\x04")
    result = Pipeline(db, project, FAKE_HDC_KEY).run()
    assert result.status == "success"
    stored = RunRepository(db).get(result.run_id)
    assert stored.status == "success" and stored.ended_at
    build = _step(db, result.run_id, "build")
    assert build.message is not None and build.message.endswith("entry-caf\\xe9-signed.hap")
    installed = [c["argv"] for c in fake_tools.calls() if "install" in c["argv"]]
    assert [os.fsencode(a[-1]) for a in installed] == [raw_name]  # the real file, byte for byte


@pytest.mark.hostile("run-left-open-by-a-dead-process")
def test_a_run_left_running_by_a_dead_process_is_closed_as_interrupted(
    db: Database, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    recorder = RunRecorder(db)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    orphan, _ = recorder.create_run(
        project="/p", device=None, options={}, rerun_of=None, plan=["build", "install"]
    )
    mine, _ = recorder.create_run(
        project="/p", device=None, options={}, rerun_of=None, plan=["build"]
    )
    with db.write() as session:
        run = session.get(Run, orphan)
        assert run is not None
        run.options = {**run.options, "_owner": owner_info(dead.pid)}
    recorder.save_step(orphan, StepResult("build", 0, verdict="running"))
    # a later `hmdesk-cli runs` (another process) closes it; the live run of this process stays
    monkeypatch.setenv("HMDESK_DB", str(db.path))
    assert main(["runs", "--json"]) == 0
    status = {r["run_id"]: r["status"] for r in json.loads(capsys.readouterr().out)}
    assert status == {orphan: "interrupted", mine: "running"}
    closed = RunRepository(db).get(orphan)
    assert [(s.name, s.verdict) for s in closed.steps] == [
        ("build", "cancelled"),
        ("install", "skipped"),
    ]
    assert closed.steps[0].message == INTERRUPTED_MESSAGE and closed.ended_at
    assert main(["runs", "--status", "interrupted"]) == 0
    listed = capsys.readouterr().out
    assert f"{orphan:>5}" in listed and "interrupted" in listed and f"{mine:>5}" not in listed


# --------------------------------------------------------------------------- signals


def _children_of(ppid: int, word: str) -> list[int]:
    """Pids of ``ppid``'s children whose command line contains ``word``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes().rpartition(b")")[2].split()
            cmd = (
                Path(f"/proc/{entry}/cmdline")
                .read_bytes()
                .replace(b"\0", b" ")
                .decode(errors="replace")
            )
        except OSError:
            continue
        if int(stat[1]) == ppid and word in cmd:
            found.append(int(entry))
    return found


def _group_size(pgid: int) -> int:
    n = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_bytes().rpartition(b")")[2].split()
            except OSError:
                continue
            if int(stat[2]) == pgid and stat[0] not in (b"Z", b"X"):
                n += 1
    return n


@pytest.mark.slow  # a real `hmdesk-cli run` and its tools, stopped by a signal
@linux_only
@pytest.mark.parametrize(
    ("sig", "step", "scenario", "word"),
    [
        (signal.SIGTERM, "build", ("hvigor", "hang"), "assembleHap"),
        (signal.SIGHUP, "install", ("hdc", "hang-install"), "install"),
        (signal.SIGTERM, "launch", ("hdc", "hang-start"), "start"),
    ],
)
@pytest.mark.hostile("sigterm-during-a-run", "sighup-during-a-run")
def test_a_signal_during_a_step_cancels_the_run_and_leaves_no_tool(
    fake_tools: FakeTools,
    tmp_path: Path,
    sig: signal.Signals,
    step: str,
    scenario: tuple[str, str],
    word: str,
) -> None:
    tool, token = scenario
    if tool == "hdc":
        fake_tools.hdc_scenario(token)
    else:
        fake_tools.hvigor_scenario(token)
    fake_tools.spawn_child_pidfile()  # every tool starts a grandchild in its process group
    dbfile = tmp_path / "cli.db"
    env = {**os.environ, "HMDESK_DB": str(dbfile)}
    argv = [*CLI, "run", "--project", str(fake_tools.project("hello"))]
    proc = subprocess.Popen(
        [*argv, "--device", FAKE_HDC_KEY, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        tools: list[int] = []

        def step_tool_running() -> bool:
            tools[:] = _children_of(proc.pid, word)
            return bool(tools) and _group_size(tools[0]) >= 2  # the tool and its grandchild

        wait_until(step_tool_running, timeout=30)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + sig, err
    assert f"stopped by {signal.Signals(sig).name}" in err
    data = json.loads(out)
    assert data["status"] == "cancelled"
    verdicts = {s["name"]: s["verdict"] for s in data["steps"]}
    assert verdicts[step] == "cancelled"
    assert poll_until(lambda: not _group_alive(tools[0]), timeout=5)  # nothing left running
    db = Database(dbfile)
    try:
        stored = RunRepository(db).get(data["run_id"])
    finally:
        db.close()
    assert stored.status == "cancelled" and stored.ended_at
    assert {s.name: s.verdict for s in stored.steps}[step] == "cancelled"

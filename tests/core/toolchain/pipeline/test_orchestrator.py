"""The build → install → stop → launch pipeline end to end, with fake hdc/hvigorw processes."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.models import Run, RunStep
from hmdesk.core.toolchain.device.evidence import Evidence
from hmdesk.core.toolchain.hdc import AA_CODES, HDC_FAIL_CODES, INSTALL_CODES
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.runs import (
    InvalidOptions,
    PipelineError,
    PipelineEvent,
    PipelineOptions,
    RunRepository,
)

from tests.core.toolchain.test_process import wait_gone
from tests.fixtures.fake_tools import FAKE_HDC_KEY, FAKE_HDC_KEY_TCP, FakeTools
from tests.fixtures.waiting import poll_until


def run(
    db: Database, project: Path, device: str | None = None, **kw: object
) -> tuple[object, list[PipelineEvent]]:
    events: list[PipelineEvent] = []
    result = Pipeline(db, project, device, on_event=events.append, **kw).run()  # type: ignore[arg-type]
    return result, events


def cancel_when_listing(pipe: Pipeline, fake_tools: FakeTools) -> threading.Thread:
    """Cancel ``pipe`` (from another thread) once hdc was asked to list the devices."""

    def listing() -> bool:
        return any(c["argv"][:2] == ["list", "targets"] for c in fake_tools.calls("hdc"))

    def cancel() -> None:
        if poll_until(listing, timeout=15):
            pipe.cancel()

    thread = threading.Thread(target=cancel, daemon=True)
    thread.start()
    return thread


def verdicts(result: object) -> list[tuple[str, str]]:
    return [(s.name, s.verdict) for s in result.steps]  # type: ignore[attr-defined]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_success_end_to_end(fake_tools: FakeTools, db: Database) -> None:
    project = fake_tools.project("hello")
    result, events = run(db, project)
    assert result.status == "success"  # type: ignore[attr-defined]
    assert verdicts(result) == [
        ("build", "passed"),
        ("install", "passed"),
        ("stop", "passed"),
        ("launch", "passed"),
    ]
    hap = project / "entry/build/default/outputs/default/entry-default-signed.hap"
    assert result.hap == str(hap)  # type: ignore[attr-defined]
    calls = fake_tools.calls()
    # the run ends with a screenshot of the launched app: snapshot_display, then file recv
    assert [c["tool"] for c in calls] == ["hdc", "hvigorw", "hdc", "hdc", "hdc", "hdc", "hdc"]
    assert calls[0]["argv"] == ["list", "targets", "-v"]  # the only device, chosen before building
    assert calls[1]["cwd"] == str(project.resolve())
    assert calls[1]["argv"][:2] == ["assembleHap", "--mode"]
    assert calls[2]["argv"] == ["-t", FAKE_HDC_KEY, "install", "-r", str(hap)]
    assert calls[3]["argv"] == [
        "-t",
        FAKE_HDC_KEY,
        "shell",
        "aa",
        "force-stop",
        "com.example.hello",
    ]
    assert calls[4]["argv"] == [
        "-t", FAKE_HDC_KEY, "shell", "aa", "start", "-a", "EntryAbility", "-b", "com.example.hello", "-m", "entry",
    ]  # fmt: skip
    assert calls[5]["argv"][3:6] == ["snapshot_display", "-f", "/data/local/tmp/hmdesk_screen.jpeg"]
    assert calls[6]["argv"][2:4] == ["file", "recv"] and calls[6]["argv"][-1].endswith(".jpeg.part")
    shots = Evidence(db).artifacts(result.run_id, "screenshot")  # type: ignore[attr-defined]
    assert len(shots) == 1 and shots[0].present and shots[0].path.endswith(".jpeg")
    assert shots[0].meta["width"] == 1260 and shots[0].meta["method"] == "snapshot_display"
    assert Path(shots[0].path).read_bytes()[:3] == b"\xff\xd8\xff"  # the JPEG the device sent
    kinds = [e.kind for e in events]
    assert kinds[0] == "run-started" and kinds[-1] == "run-finished"
    assert kinds.count("step-started") == 4 and kinds.count("step-finished") == 4
    progress = [e for e in events if e.kind == "progress"]
    assert progress and progress[0].done == 1 and progress[-1].task == "entry:assembleHap"
    assert progress[0].total is None  # no earlier successful build to estimate from
    # persisted
    with db.read() as s:
        row = s.get(Run, result.run_id)  # type: ignore[attr-defined]
        assert row is not None
        assert (row.status, row.device, row.bundle, row.project) == (
            "success", FAKE_HDC_KEY, "com.example.hello", str(project.resolve()),
        )  # fmt: skip
        steps = s.query(RunStep).filter_by(run_id=row.id).order_by(RunStep.position).all()
        assert [st.verdict for st in steps] == ["passed"] * 4
        assert (
            steps[0].log.endswith("BUILD SUCCESSFUL in 12 s 247 ms") and "\x1b" not in steps[0].log
        )
        assert steps[2].argv[-2:] == ["force-stop", "com.example.hello"]
        assert all(st.started_at and st.ended_at and st.exit_code == 0 for st in steps)
    # second run: progress has a total from the first
    _r2, ev2 = run(db, project, FAKE_HDC_KEY)
    prog2 = [e for e in ev2 if e.kind == "progress"]
    assert prog2[-1].total == len(progress) and prog2[-1].done == len(progress)


def test_unsigned_project_warns_and_install_fails_9568320(
    fake_tools: FakeTools, db: Database
) -> None:
    result, events = run(db, fake_tools.project("hello-unsigned"), FAKE_HDC_KEY)
    assert result.status == "failed"  # type: ignore[attr-defined]
    assert verdicts(result) == [
        ("build", "passed"),
        ("install", "failed"),
        ("stop", "skipped"),
        ("launch", "skipped"),
    ]
    warnings = [e.text or "" for e in events if e.kind == "warning"]
    assert any("9568320" in w and "unsigned" in w for w in warnings)
    install = result.steps[1]  # type: ignore[attr-defined]
    assert install.exit_code == 0 and install.error_code == "9568320"
    assert "no signature file" in install.message
    doctor = result.doctor  # type: ignore[attr-defined]
    assert doctor is not None and doctor.code == "9568320" and doctor.kind == "signing"
    assert result.to_json()["doctor"]["kind"] == "signing"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("hdc", "hvigor", "failed_step", "error_code", "doctor_kind"),
    [
        ("one-device", "arkts-error", "build", "10505001", "arkts-source"),
        ("one-device", "arkts-error-old", "build", None, "arkts-source"),
        ("one-device", "sdk-home", "build", "00303217", "sdk-home"),
        ("one-device", "exit0-failed,arkts-error", "build", "10505001", "arkts-source"),
        ("one-device", "no-hap", "build", None, "no-hap"),
        ("install-9568332", "success", "install", "9568332", "install"),
        ("install-no-hap", "success", "install", "E006001", "hdc"),
        ("aa-start-10104001", "success", "launch", "10104001", "launch"),
        ("force-stop-fail", "success", "stop", None, "stop"),
        ("no-device", "success", "install", None, "device"),
        ("two-devices", "success", "install", None, "device"),
        ("unauthorized", "success", "install", None, "device"),
        ("connect-server-failed", "success", "install", None, "device"),
        ("daemon-broken", "success", "install", "E002106", "hdc"),
    ],
)
def test_each_failure(
    fake_tools: FakeTools,
    db: Database,
    hdc: str,
    hvigor: str,
    failed_step: str,
    error_code: str | None,
    doctor_kind: str,
) -> None:
    fake_tools.hdc_scenario(hdc)
    fake_tools.hvigor_scenario(*hvigor.split(","))
    device = FAKE_HDC_KEY if hdc == "daemon-broken" else None
    result, events = run(db, fake_tools.project("hello"), device)
    assert result.status == "failed"  # type: ignore[attr-defined]
    steps = {s.name: s for s in result.steps}  # type: ignore[attr-defined]
    if (
        failed_step == "install"
        and device is None
        and hdc.startswith(("no-", "two-", "unauth", "connect"))
    ):
        assert steps["build"].verdict == "skipped"  # no device: no build is wasted
    failed = steps[failed_step]
    assert failed.verdict == "failed"
    assert failed.error_code == error_code
    assert failed.doctor is not None and failed.doctor.kind == doctor_kind
    assert failed.doctor.fix
    assert result.doctor == failed.doctor  # type: ignore[attr-defined]
    after = [s for s in result.steps if s.position > failed.position]  # type: ignore[attr-defined]
    assert all(s.verdict == "skipped" for s in after)
    fin = [e for e in events if e.kind == "step-finished" and e.step == failed_step]
    assert fin and fin[0].verdict == "failed" and fin[0].data["doctor"]["kind"] == doctor_kind
    stored = RunRepository(db).get(result.run_id)  # type: ignore[attr-defined]
    assert stored.status == "failed" and stored.doctor == failed.doctor


def test_build_error_location_is_stored(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hvigor_scenario("arkts-error")
    project = fake_tools.project("hello")
    result, _ = run(db, project)
    doc = result.doctor  # type: ignore[attr-defined]
    assert doc.location == f"{project.resolve()}/entry/src/main/ets/pages/Index.ets:18:34"
    assert result.steps[0].message.startswith("build failed: 10505001 ArkTS Compiler Error")  # type: ignore[attr-defined]
    assert result.steps[0].exit_code == 1  # type: ignore[attr-defined]


def test_two_devices_with_a_key_works(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hdc_scenario("two-devices")
    result, _ = run(db, fake_tools.project("hello"), FAKE_HDC_KEY_TCP)
    assert result.status == "success"  # type: ignore[attr-defined]
    calls = [c["argv"] for c in fake_tools.calls("hdc")]
    assert calls[0] == ["list", "targets", "-v"]  # the key is checked before building
    assert all(argv[:2] == ["-t", FAKE_HDC_KEY_TCP] for argv in calls[1:])


def test_device_message_includes_guidance(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hdc_scenario("offline")
    result, _ = run(db, fake_tools.project("hello"))
    msg = result.steps[1].message  # type: ignore[attr-defined]
    assert "no connected device" in msg and "Offline" in msg and "replug" in msg


@pytest.mark.slow  # waits for the step's timeout
def test_step_timeout_kills_the_group(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hdc_scenario("hang-install")
    pidfile = fake_tools.spawn_child_pidfile()
    opts = PipelineOptions()
    opts.timeouts["install"] = 1.0
    start = time.monotonic()
    result, _ = run(db, fake_tools.project("hello"), FAKE_HDC_KEY, options=opts)
    assert time.monotonic() - start < 10  # hang guard: without the kill it blocks for minutes
    assert result.status == "failed"  # type: ignore[attr-defined]
    install = result.steps[1]  # type: ignore[attr-defined]
    assert install.verdict == "timeout" and "timed out after 1 s" in install.message
    assert install.doctor is not None and install.doctor.kind == "timeout"
    assert wait_gone(int(pidfile.read_text()))


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_cancel_mid_build_kills_everything(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hvigor_scenario("hang-after-tasks")
    pidfile = fake_tools.spawn_child_pidfile()
    events: list[PipelineEvent] = []
    pipe = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY, on_event=events.append)

    def watch(ev: PipelineEvent) -> None:
        events.append(ev)
        if ev.kind == "progress" and ev.done == 3:
            pipe.cancel()  # from the pipeline's thread, while hvigor runs

    pipe.on_event = watch
    start = time.monotonic()
    result = pipe.run()
    assert time.monotonic() - start < 8  # hang guard: without the kill it blocks for minutes
    assert result.status == "cancelled"
    assert verdicts(result) == [
        ("build", "cancelled"),
        ("install", "skipped"),
        ("stop", "skipped"),
        ("launch", "skipped"),
    ]
    assert wait_gone(int(pidfile.read_text()))
    assert RunRepository(db).get(result.run_id).status == "cancelled"
    assert events[-1].kind == "run-finished" and events[-1].status == "cancelled"


def test_cancel_while_choosing_the_device(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hdc_scenario("hang-list")
    pipe = Pipeline(db, fake_tools.project("hello"))
    cancel_when_listing(pipe, fake_tools)
    result = pipe.run()
    assert result.status == "cancelled"
    assert verdicts(result) == [
        ("build", "skipped"),
        ("install", "cancelled"),
        ("stop", "skipped"),
        ("launch", "skipped"),
    ]


def test_cancel_before_run_and_between_steps(fake_tools: FakeTools, db: Database) -> None:
    pipe = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY)
    pipe.cancel()
    result = pipe.run()
    assert result.status == "cancelled"
    assert all(s.verdict == "skipped" for s in result.steps)

    events: list[PipelineEvent] = []
    pipe2 = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY)

    def on_event(ev: PipelineEvent) -> None:
        events.append(ev)
        if ev.kind == "step-finished" and ev.step == "install":
            pipe2.cancel()

    pipe2.on_event = on_event
    r2 = pipe2.run()
    assert r2.status == "cancelled"
    assert verdicts(r2) == [
        ("build", "passed"),
        ("install", "passed"),
        ("stop", "skipped"),
        ("launch", "skipped"),
    ]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_rerun_repeats_project_device_and_options(fake_tools: FakeTools, db: Database) -> None:
    opts = PipelineOptions(build_mode="release", clean=True)
    first, _ = run(db, fake_tools.project("hello"), FAKE_HDC_KEY, options=opts)
    assert [s.name for s in first.steps] == ["clean", "build", "install", "stop", "launch"]  # type: ignore[attr-defined]
    assert first.status == "success"  # type: ignore[attr-defined]
    again = Pipeline.rerun(db, first.run_id).run()  # type: ignore[attr-defined]
    assert again.status == "success" and again.rerun_of == first.run_id  # type: ignore[attr-defined]
    assert again.device == FAKE_HDC_KEY and again.options["build_mode"] == "release"
    builds = [c["argv"] for c in fake_tools.calls("hvigorw") if "assembleHap" in c["argv"]]
    assert all("buildMode=release" in argv for argv in builds) and len(builds) == 2
    with pytest.raises(PipelineError, match="does not exist"):
        Pipeline.rerun(db, 999)


def test_project_error_and_missing_tool(
    fake_tools: FakeTools, db: Database, tmp_path: Path
) -> None:
    project = fake_tools.project("hello")
    (project / "AppScope" / "app.json5").write_text("{ app: { bundleName: 'com.example.hello', }")
    result, _ = run(db, project)
    assert result.status == "failed"  # type: ignore[attr-defined]
    build = result.steps[0]  # type: ignore[attr-defined]
    assert (
        build.verdict == "failed" and "app.json5" in build.message and build.doctor.kind == "config"
    )
    fake_tools.set("HMDESK_HVIGORW", str(tmp_path / "nope"))
    result2, _ = run(db, fake_tools.project("hello"))
    b2 = result2.steps[0]  # type: ignore[attr-defined]
    assert b2.verdict == "failed" and "HMDESK_HVIGORW" in b2.message and b2.doctor.kind == "tool"


def test_ugly_outputs_are_survived(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hdc_scenario("one-device", "non-utf8", "huge-line")
    fake_tools.hvigor_scenario("success", "non-utf8", "huge-line")
    result, events = run(db, fake_tools.project("hello"), FAKE_HDC_KEY)
    assert result.status == "success"  # type: ignore[attr-defined]
    stored = RunRepository(db).get(result.run_id)  # type: ignore[attr-defined]
    assert "caf\ufffd" in stored.steps[0].log
    assert len(stored.steps[0].log) <= PipelineOptions().max_log_chars + 200
    assert max(len(e.text or "") for e in events if e.kind == "line") == 64 * 1024


def test_a_failing_listener_fails_the_run_and_is_stored(
    fake_tools: FakeTools, db: Database
) -> None:
    def on_event(ev: PipelineEvent) -> None:
        if ev.kind == "line" and ev.step == "install":
            raise RuntimeError("listener broke")

    pipe = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY, on_event=on_event)
    with pytest.raises(RuntimeError, match="listener broke"):
        pipe.run()
    assert pipe.run_id is not None
    stored = RunRepository(db).get(pipe.run_id)
    assert stored.status == "failed"
    assert [(s.name, s.verdict) for s in stored.steps] == [
        ("build", "passed"),
        ("install", "failed"),
        ("stop", "skipped"),
        ("launch", "skipped"),
    ]
    assert "listener broke" in (stored.steps[1].message or "")


# --- a given device key is checked before building (no build wasted) -----------------------


@pytest.mark.parametrize(
    ("rows", "scenario", "expect"),
    [
        # valid-looking key that hdc does not list
        ([(FAKE_HDC_KEY, "USB", "Connected")], None, ["025DEK236V035771 is not connected", f"{FAKE_HDC_KEY} (Connected)"]),
        ([], None, ["025DEK236V035771 is not connected", "hdc lists: none"]),
        # listed but not Connected: the state's guidance
        ([("025DEK236V035771", "USB", "Offline")], None, ["is Offline", "replug"]),
        ([("025DEK236V035771", "USB", "Unauthorized")], None, ["is Unauthorized", "Allow USB debugging"]),
        # hdc itself unreachable
        (None, "connect-server-failed", ["cannot check device 025DEK236V035771", "could not connect"]),
    ],
)  # fmt: skip
def test_given_key_not_connected_fails_before_building(
    fake_tools: FakeTools,
    db: Database,
    rows: list[tuple[str, str, str]] | None,
    scenario: str | None,
    expect: list[str],
) -> None:
    if rows is not None:
        fake_tools.devices_file(rows)
    if scenario:
        fake_tools.hdc_scenario(scenario)
    result, events = run(db, fake_tools.project("hello"), "025DEK236V035771")
    assert result.status == "failed"  # type: ignore[attr-defined]
    assert verdicts(result) == [
        ("build", "skipped"),
        ("install", "failed"),
        ("stop", "skipped"),
        ("launch", "skipped"),
    ]
    assert fake_tools.calls("hvigorw") == []  # no build wasted
    assert [c["argv"] for c in fake_tools.calls("hdc")] == [["list", "targets", "-v"]]
    install = result.steps[1]  # type: ignore[attr-defined]
    for text in expect:
        assert text in install.message
    assert install.doctor is not None and install.doctor.kind == "device" and install.doctor.fix
    assert install.error_meaning
    assert not any(e.kind == "step-started" and e.step == "build" for e in events)
    stored = RunRepository(db).get(result.run_id)  # type: ignore[attr-defined]
    assert stored.device == "025DEK236V035771" and stored.steps[1].message == install.message


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_given_key_that_is_connected_builds(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.devices_file(
        [("025DEK236V035771", "USB", "Connected"), (FAKE_HDC_KEY, "USB", "Offline")]
    )
    result, _ = run(db, fake_tools.project("hello"), "025DEK236V035771")
    assert result.status == "success"  # type: ignore[attr-defined]


def test_cancel_while_checking_the_given_key(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.hdc_scenario("hang-list")
    pipe = Pipeline(db, fake_tools.project("hello"), FAKE_HDC_KEY)
    cancel_when_listing(pipe, fake_tools)
    result = pipe.run()
    assert result.status == "cancelled"
    assert verdicts(result)[:2] == [("build", "skipped"), ("install", "cancelled")]
    assert fake_tools.calls("hvigorw") == []


# --- options are validated before anything runs --------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "text"),
    [
        ("product", "x y", "product 'x y' is not valid"),
        ("product", "", "product '' is not valid"),
        ("module", "bad;x", "module name 'bad;x' is not valid"),
        ("target", "a/b", "target 'a/b' is not valid"),
        ("build_mode", "fast", "buildMode 'fast'"),
    ],
)
def test_invalid_options_raise_before_anything_runs(
    fake_tools: FakeTools, db: Database, field: str, value: str, text: str
) -> None:
    project = fake_tools.project("hello")
    opts = PipelineOptions(**{field: value})  # type: ignore[arg-type]
    with pytest.raises(InvalidOptions, match=re.escape(text)) as info:
        Pipeline(db, project, FAKE_HDC_KEY, options=opts)
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)
    # changed after the pipeline was made: run() refuses before storing anything
    pipe = Pipeline(db, project, FAKE_HDC_KEY)
    setattr(pipe.options, field, value)
    with pytest.raises(InvalidOptions):
        pipe.run()
    assert pipe.run_id is None and RunRepository(db).count() == 0
    assert fake_tools.calls() == []


# --- error code *and* meaning are stored ---------------------------------------------------


@pytest.mark.parametrize(
    ("hdc", "hvigor", "step", "code", "meaning"),
    [
        ("install-9568332", "success", "install", "9568332", INSTALL_CODES["9568332"][0]),
        ("aa-start-10104001", "success", "launch", "10104001", AA_CODES["10104001"][0]),
        ("daemon-broken", "success", "install", "E002106", HDC_FAIL_CODES["E002106"][1]),
        ("install-no-hap", "success", "install", "E006001", HDC_FAIL_CODES["E006001"][1]),
        ("one-device", "arkts-error", "build", "10505001", "ArkTS Compiler Error"),
        ("one-device", "sdk-home", "build", "00303217", "Invalid value of DEVECO_SDK_HOME"),
        ("one-device", "sign-failed", "build", None, "signing the HAP failed (SignHap)"),
        ("one-device", "sign-expired", "build", None, "signing the HAP failed (SignHap)"),
    ],
)
def test_error_meaning_is_stored(
    fake_tools: FakeTools,
    db: Database,
    hdc: str,
    hvigor: str,
    step: str,
    code: str | None,
    meaning: str,
) -> None:
    fake_tools.hdc_scenario(hdc)
    fake_tools.hvigor_scenario(hvigor)
    result, events = run(db, fake_tools.project("hello"), FAKE_HDC_KEY)
    failed = next(s for s in result.steps if s.name == step)  # type: ignore[attr-defined]
    assert (failed.verdict, failed.error_code, failed.error_meaning) == ("failed", code, meaning)
    if hvigor.startswith("sign-"):
        assert failed.doctor.kind == "signing" and "SignHap" not in failed.doctor.evidence
    fin = next(e for e in events if e.kind == "step-finished" and e.step == step)
    assert fin.data["error_meaning"] == meaning
    with db.read() as s:
        row = s.query(RunStep).filter_by(run_id=result.run_id, name=step).one()  # type: ignore[attr-defined]
        assert (row.error_code, row.error_meaning) == (code, meaning)
    stored = RunRepository(db).get(result.run_id)  # type: ignore[attr-defined]
    step_json = next(d for d in stored.to_json()["steps"] if d["name"] == step)
    assert step_json["error_meaning"] == meaning and step_json["message"] == failed.message
    listed = RunRepository(db).list()[0]
    assert next(s for s in listed.steps if s.name == step).error_meaning == meaning
    passed = [s for s in stored.steps if s.verdict == "passed"]
    assert all(s.error_meaning is None for s in passed)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_install_that_prints_more_than_10000_lines_passes_and_its_log_is_bounded(
    fake_tools: FakeTools, db: Database
) -> None:
    fake_tools.hdc_scenario("install-flood")
    fake_tools.set("FAKE_HDC_FLOOD_BYTES", str(1_500_000))  # ~15,000 lines before the verdict
    opts = PipelineOptions()
    opts.max_log_chars = 8_000
    result, _ = run(db, fake_tools.project("hello"), FAKE_HDC_KEY, options=opts)
    assert verdicts(result)[1] == ("install", "passed")
    assert result.status == "success"  # type: ignore[attr-defined]
    install = RunRepository(db).get(result.run_id).steps[1]  # type: ignore[attr-defined]
    assert len(install.log) <= 8_000 + 100  # + the "… N lines left out …" line
    assert install.log_dropped > 10_000
    assert "install bundle successfully." in install.log


def test_build_only_with_product_mode_module_target_and_stacktrace(
    fake_tools: FakeTools, db: Database
) -> None:
    project = fake_tools.project("hello-flavors")
    opts = PipelineOptions(
        product="paid",
        build_mode="release",
        module="entry",
        target="premium",
        scope="build",
        clean=True,
        stacktrace=True,
    )
    result, _events = run(db, project, options=opts)
    assert result.status == "success"  # type: ignore[attr-defined]
    assert verdicts(result) == [("clean", "passed"), ("build", "passed")]
    calls = fake_tools.calls()
    assert [c["tool"] for c in calls] == ["hvigorw", "hvigorw"]  # no device is needed
    assert calls[0]["argv"] == ["clean", "--no-daemon"]
    assert calls[1]["argv"] == [
        "assembleHap", "--mode", "module", "-p", "module=entry@premium", "-p", "product=paid",
        "-p", "buildMode=release", "--no-daemon", "--stacktrace",
    ]  # fmt: skip
    hap = project / "entry/build/paid/outputs/premium/entry-premium-signed.hap"
    assert result.hap == str(hap)  # type: ignore[attr-defined]
    stored = PipelineOptions.from_dict(result.options)  # type: ignore[attr-defined]
    assert (stored.scope, stored.stacktrace, stored.target) == ("build", True, "premium")


def test_install_only_installs_the_hap_built_last(fake_tools: FakeTools, db: Database) -> None:
    project = fake_tools.project("hello")
    first, _ = run(db, project, options=PipelineOptions(scope="build"))
    assert first.status == "success"  # type: ignore[attr-defined]
    result, _ = run(db, project, options=PipelineOptions(scope="install"))
    assert result.status == "success" and verdicts(result) == [("install", "passed")]  # type: ignore[attr-defined]
    hdc = [c["argv"] for c in fake_tools.calls("hdc")]
    assert hdc[-1][-3:] == ["install", "-r", first.hap]  # type: ignore[attr-defined]
    assert not any("start" in argv for argv in hdc)  # nothing launched
    assert len(fake_tools.calls("hvigorw")) == 1  # not built again

"""hmdesk-cli devices / run / doctor / runs / tools, in-process and as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli import main

from tests.core.toolchain.test_process import pid_exists, wait_gone
from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools
from tests.fixtures.waiting import wait_until


@pytest.fixture
def dbfile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cli.db"
    monkeypatch.setenv("HMDESK_DB", str(path))
    return path


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_devices_json_and_text(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "devices", "--json")
    assert code == 0
    assert json.loads(out) == [
        {"key": FAKE_HDC_KEY, "connection": "USB", "state": "Connected", "name": "localhost"}
    ]
    fake_tools.hdc_scenario("unauthorized")
    code, out, _ = cli(capsys, "devices")
    assert code == 0 and "Unauthorized" in out and "Allow USB debugging" in out
    fake_tools.hdc_scenario("no-device")
    code, out, _ = cli(capsys, "devices", "--json")
    assert code == 0 and json.loads(out) == []
    code, out, _ = cli(capsys, "devices")
    assert "No device connected" in out
    fake_tools.hdc_scenario("connect-server-failed")
    code, out, err = cli(capsys, "devices", "--json")
    assert code == 1 and json.loads(out) == [] and "server" in err
    fake_tools.set("HMDESK_HDC", "/nonexistent/hdc")
    code, out, err = cli(capsys, "devices")
    assert code == 2 and err.startswith("hmdesk-cli: error: HMDESK_HDC")
    assert not dbfile.exists()  # listing devices does not create a database


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_run_json_success_and_failure(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = fake_tools.project("hello")
    code, out, err = cli(capsys, "run", "--project", str(project), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"run_id", "status", "steps", "doctor"}
    assert data["status"] == "success" and data["doctor"] is None
    assert [s["name"] for s in data["steps"]] == ["build", "install", "stop", "launch"]
    assert set(data["steps"][0]) == {
        "name", "verdict", "exit_code", "error_code", "error_meaning", "message",
    }  # fmt: skip
    assert "BUILD SUCCESSFUL" in err  # live output went to stderr
    fake_tools.hdc_scenario("aa-start-10104001")
    code, out, err = cli(
        capsys, "run", "--project", str(project), "--device", FAKE_HDC_KEY, "--json"
    )
    assert code == 1
    data = json.loads(out)
    assert data["status"] == "failed"
    assert data["steps"][3] == {
        "name": "launch",
        "verdict": "failed",
        "exit_code": 0,
        "error_code": "10104001",
        "error_meaning": "the specified ability does not exist",
        "message": "launch failed: the specified ability does not exist (Error Code 10104001) (hdc exited 0)",
        "recalled": [],  # the failed step carries what was recalled for it
    }
    assert data["doctor"]["kind"] == "launch" and set(data["doctor"]) == {"kind", "evidence", "fix"}


def test_run_text_output_is_live(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.hvigor_scenario("arkts-error")
    code, out, _ = cli(capsys, "run", "--project", str(fake_tools.project("hello")))
    assert code == 1
    assert "== build: " in out and "Error Message: Expression expected." in out
    assert "-- build: failed" in out and "doctor: arkts-source" in out and "at: " in out


def test_run_usage_errors(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "run")
    assert code == 2 and "--project" in err
    code, _, err = cli(capsys, "run", "--project", str(fake_tools.work / "missing"))
    assert code == 2 and "not a folder" in err
    code, _, err = cli(capsys, "run", "--rerun", "77")
    assert code == 2 and "run 77 does not exist" in err
    code, _, err = cli(
        capsys, "run", "--project", str(fake_tools.project("hello")), "--device", "bad key;rm"
    )
    assert code == 2 and "device key 'bad key;rm' is not valid" in err
    assert fake_tools.calls() == []  # refused before anything ran


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_runs_and_rerun(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "runs")
    assert code == 0 and "No runs" in out
    project = fake_tools.project("hello")
    cli(capsys, "run", "--project", str(project), "--quiet")
    fake_tools.hdc_scenario("install-9568320")
    cli(capsys, "run", "--project", str(project), "--quiet")
    code, out, _ = cli(capsys, "runs", "--json")
    runs = json.loads(out)
    assert [r["status"] for r in runs] == ["failed", "success"]
    assert runs[0]["steps"][1]["error_code"] == "9568320" and runs[0]["device"] == FAKE_HDC_KEY
    code, out, _ = cli(capsys, "runs", "--status", "success", "--json")
    assert len(json.loads(out)) == 1
    code, out, _ = cli(capsys, "runs", "--show", str(runs[0]["run_id"]), "--json")
    shown = json.loads(out)
    assert "code:9568320" in shown["steps"][1]["log"] and shown["doctor"]["code"] == "9568320"
    code, out, _ = cli(capsys, "runs")
    assert "install failed" in out
    fake_tools.hdc_scenario("one-device")
    code, out, _ = cli(capsys, "run", "--rerun", str(runs[0]["run_id"]), "--json")
    assert code == 0 and json.loads(out)["status"] == "success"
    code, out, _ = cli(capsys, "runs", "--json")
    assert json.loads(out)[0]["rerun_of"] == runs[0]["run_id"]


def test_doctor_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(
        b"> hvigor ERROR: 00303217 Configuration Error\n"
        b"Error Message: Invalid value of 'DEVECO_SDK_HOME' in the system environment path. \xff\n"
        b"> hvigor ERROR: BUILD FAILED in 345 ms\n"
    )
    code, out, _ = cli(capsys, "doctor", str(log), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "sdk-home" and data["code"] == "00303217" and data["fix"]
    code, out, _ = cli(capsys, "doctor", str(log))
    assert code == 0 and out.startswith("kind: sdk-home")
    log.write_text("all fine\n")
    code, out, _ = cli(capsys, "doctor", str(log), "--json")
    assert code == 1 and json.loads(out) is None
    code, _, err = cli(capsys, "doctor", str(tmp_path / "none.log"))
    assert code == 2 and "cannot read" in err


INSTALL_9568320_LOG = (
    "[Info]App install path:/p/entry-default.hap msg:error: failed to install bundle.\n"
    "code:9568320\n"
    "error: no signature file.\n"
)


def test_doctor_recall_lists_the_pitfalls_of_the_recall_floor(
    tmp_path: Path, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    db = Database(dbfile)
    store = MemoryStore(db)
    match = store.add(
        "Install error 9568320: the HAP is unsigned.\nAdd a signingConfig and rebuild.",
        tags=["signing"],
    )
    generic = store.add("No file here, nothing else in common.")
    store.close()
    db.close()
    log = tmp_path / "install.log"
    log.write_text(INSTALL_9568320_LOG)

    code, plain, _ = cli(capsys, "doctor", str(log))
    assert code == 0 and "Recalled" not in plain  # without --recall: as before
    code, out, _ = cli(capsys, "doctor", str(log), "--recall")
    assert code == 0 and out.startswith(plain.rstrip("\n"))
    recalled = out[len(plain) :].strip().splitlines()
    assert recalled[0] == "Recalled pitfalls (1):"
    ident, score, first = recalled[1].split(maxsplit=2)
    assert ident == match.id and float(score) > 0
    assert first == "Install error 9568320: the HAP is unsigned."
    assert generic.id not in out  # only generic words in common: below the floor
    assert "1 weak match hidden" in recalled[-1]

    code, out, _ = cli(capsys, "doctor", str(log), "--json", "--recall")
    data = json.loads(out)
    assert code == 0 and [r["id"] for r in data["recalled"]] == [match.id]
    assert data["recalled"][0]["first_line"] == first
    code, out, _ = cli(capsys, "doctor", str(log), "--json")
    assert "recalled" not in json.loads(out)


def test_doctor_recall_without_a_database_creates_none(
    tmp_path: Path, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "install.log"
    log.write_text(INSTALL_9568320_LOG)
    code, out, _ = cli(capsys, "doctor", str(log), "--recall")
    assert code == 0 and out.rstrip().endswith("Recalled pitfalls: none")
    code, out, _ = cli(capsys, "doctor", str(log), "--recall", "--json")
    assert json.loads(out)["recalled"] == []
    assert not dbfile.exists()


def test_tools_command(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "tools", "--json")
    assert code == 0
    assert [(t["name"], t["source"]) for t in json.loads(out)] == [
        ("hdc", "env HMDESK_HDC"),
        ("hvigorw", "env HMDESK_HVIGORW"),
    ]
    fake_tools.set("HMDESK_HVIGORW", "/nonexistent/hvigorw")
    code, out, _ = cli(capsys, "tools")
    assert code == 1 and "hvigorw  NOT FOUND" in out


@pytest.mark.slow  # a real `hmdesk-cli run` stopped by Ctrl+C
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery")
def test_ctrl_c_cancels_a_run_cleanly(fake_tools: FakeTools, dbfile: Path) -> None:
    import signal

    fake_tools.hvigor_scenario("hang")
    pidfile = fake_tools.spawn_child_pidfile()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hmdesk.core.cli",
            "run",
            "--project",
            str(fake_tools.project("hello")),
            "--device",
            FAKE_HDC_KEY,
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ.copy(),
        text=True,
    )
    # wait until the (hanging) build has started: the device check before it spawns a
    # grandchild too, so the pid file alone does not say the build is running
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if "Starting build without daemon" in line:
            break
    # the fake hvigorw wrote its grandchild's pid before printing that line
    wait_until(lambda: pid_exists(int(pidfile.read_text() or 0)))
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    err = "".join(seen) + err
    assert proc.returncode == 1, err
    data = json.loads(out)
    assert data["status"] == "cancelled" and data["steps"][0]["verdict"] == "cancelled"
    assert wait_gone(int(pidfile.read_text()))


@pytest.mark.parametrize(
    ("option", "value", "text"),
    [
        ("--product", "x y", "product 'x y' is not valid"),
        ("--module", "bad;x", "module name 'bad;x' is not valid"),
    ],
)
def test_run_refuses_invalid_names_up_front(
    fake_tools: FakeTools,
    dbfile: Path,
    capsys: pytest.CaptureFixture[str],
    option: str,
    value: str,
    text: str,
) -> None:
    project = str(fake_tools.project("hello"))
    code, out, err = cli(capsys, "run", "--project", project, option, value, "--json")
    assert code == 2 and out == ""
    assert err.startswith(f"hmdesk-cli: error: {text}") and err.count("\n") == 1
    assert fake_tools.calls() == []  # nothing ran
    assert not dbfile.exists()  # and no failed run was recorded


def test_run_with_an_unknown_device_fails_before_building(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = str(fake_tools.project("hello"))
    code, out, err = cli(
        capsys, "run", "--project", project, "--device", "025DEK236V035771", "--json"
    )
    assert code == 1
    data = json.loads(out)
    assert [(s["name"], s["verdict"]) for s in data["steps"]] == [
        ("build", "skipped"), ("install", "failed"), ("stop", "skipped"), ("launch", "skipped"),
    ]  # fmt: skip
    install = data["steps"][1]
    assert "025DEK236V035771 is not connected" in install["message"]
    assert install["error_meaning"] == "no device has this connect key"
    assert data["doctor"]["kind"] == "device" and "hdc list targets -v" in data["doctor"]["fix"]
    assert fake_tools.calls("hvigorw") == []
    assert "doctor: device" in err


@pytest.mark.slow  # real CLI runs of the fake tools
def test_run_strips_colours_when_not_a_tty(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.hvigor_scenario("no-signing")
    project = str(fake_tools.project("hello"))
    code, out, _ = cli(capsys, "run", "--project", project)  # capsys: not a terminal
    assert code == 1  # unsigned: install fails with 9568320
    assert "> hvigor BUILD SUCCESSFUL in 12 s 247 ms" in out and "Will skip sign" in out
    assert "\x1b" not in out
    code, _, err = cli(capsys, "run", "--project", project, "--json", "--quiet")
    assert "\x1b" not in err  # the warning line too
    code, out, _ = cli(capsys, "run", "--project", project, "--color", "always")
    assert "\x1b[32m> hvigor " in out
    code, out, _ = cli(capsys, "run", "--project", project, "--color", "never")
    assert "\x1b" not in out


def test_printer_keeps_colours_on_a_terminal() -> None:
    import io

    from hmdesk.core.cli.runner import _Printer
    from hmdesk.core.toolchain.runs import PipelineEvent

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    line = PipelineEvent("line", 1, step="build", text="\x1b[32m> hvigor \x1b[39mBUILD SUCCESSFUL")
    tty, pipe = Tty(), io.StringIO()
    _Printer(tty, quiet=False)(line)
    _Printer(pipe, quiet=False)(line)
    assert tty.getvalue() == "\x1b[32m> hvigor \x1b[39mBUILD SUCCESSFUL\n"
    assert pipe.getvalue() == "> hvigor BUILD SUCCESSFUL\n"
    never = Tty()
    _Printer(never, quiet=False, color="never")(line)
    assert "\x1b" not in never.getvalue()


def test_printer_stops_printing_when_the_terminal_is_gone() -> None:
    import io

    from hmdesk.core.cli.runner import _Printer
    from hmdesk.core.toolchain.runs import PipelineEvent

    class Gone(io.StringIO):
        def write(self, _s: str) -> int:
            raise OSError(5, "Input/output error")  # what a closed terminal gives after SIGHUP

    printer = _Printer(Gone(), quiet=False)
    printer(PipelineEvent("line", 1, step="build", stream="stdout", text="x"))  # no raise
    printer(PipelineEvent("run-finished", 1, status="cancelled"))
    assert printer.broken


@pytest.mark.slow  # real CLI runs of the fake tools
def test_run_prints_the_pitfalls_the_failure_card_recalls(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    db = Database(dbfile)
    store = MemoryStore(db)
    match = store.add(
        "aa start failed 10104001: the ability does not exist, check mainElement",
        tags=["launch", "10104001"],
    )
    store.close()
    db.close()
    project = str(fake_tools.project("hello"))
    code, out, _ = cli(capsys, "run", "--project", project)
    assert code == 0 and "Recalled" not in out  # a run that succeeds recalls nothing
    fake_tools.hdc_scenario("aa-start-10104001")
    code, out, _ = cli(capsys, "run", "--project", project)
    assert code == 1
    tail = out[out.index("Recalled pitfalls") :].splitlines()
    assert tail[0] == "Recalled pitfalls (1):"
    assert tail[1].split(maxsplit=2)[0] == match.id
    assert tail[1].endswith(
        "aa start failed 10104001: the ability does not exist, check mainElement"
    )
    code, out, _ = cli(capsys, "run", "--project", project, "--json")
    data = json.loads(out)
    assert code == 1 and [r["id"] for r in data["recalled"]] == [match.id]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_run_build_choices(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = str(fake_tools.project("hello-flavors"))
    code, out, _ = cli(
        capsys, "run", "--project", project, "--product", "paid", "--build-mode", "release",
        "--module", "entry", "--target", "premium", "--clean", "--stacktrace", "--build-only",
        "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and [s["name"] for s in data["steps"]] == ["clean", "build"]
    build = fake_tools.calls("hvigorw")[-1]["argv"]
    assert build == [
        "assembleHap", "--mode", "module", "-p", "module=entry@premium", "-p", "product=paid",
        "-p", "buildMode=release", "--no-daemon", "--stacktrace",
    ]  # fmt: skip
    assert not fake_tools.calls("hdc")  # build only: no device
    code, out, _ = cli(
        capsys, "run", "--project", project, "--product", "paid", "--target", "premium",
        "--install-only", "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and [s["name"] for s in data["steps"]] == ["install"]
    assert fake_tools.calls("hdc")[-1]["argv"][-1].endswith("entry-premium-signed.hap")
    with pytest.raises(SystemExit):  # one or the other
        main(["run", "--project", project, "--build-only", "--install-only"])
    code, _, err = cli(capsys, "run", "--project", project, "--target", "bad target")
    assert code == 2 and "target" in err
    # the run again, with hvigor's stack trace
    code, out, _ = cli(capsys, "runs", "--json")
    first = json.loads(out)[-1]["run_id"]
    code, out, _ = cli(capsys, "run", "--rerun", str(first), "--stacktrace", "--json")
    assert fake_tools.calls("hvigorw")[-1]["argv"][-1] == "--stacktrace"


ANCHORED_INDEX_ETS = """\
@Entry
@Component
struct Index {
  @State message: string = 'Hello World';

  build() {
    Column() {
      Text(this.label())
    }
  }

  label(): string {
    return this.format(this.message)
  }

  format(s: string): string {
    const t = s.trim()
    return t + (t.length > 0 ? '!' : '')
  }
}
"""


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_run_json_recalls_anchored_memories_first(
    fake_tools: FakeTools, dbfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The compile error is at Index.ets:18:34, inside ``Index.format``: the memory anchored
    to it comes first, then the one on its caller, then the text matches."""
    from hmdesk.core.codeindex.anchors import AnchorStore
    from hmdesk.core.codeindex.index import CodeIndex
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    project = fake_tools.project("hello")
    (project / "entry/src/main/ets/pages/Index.ets").write_text(ANCHORED_INDEX_ETS)
    index = CodeIndex(project)
    index.scan()
    db = Database(dbfile)
    store = MemoryStore(db)
    on_entity = store.add("format() trims: keep the template literal closed", tags=["arkui"])
    on_caller = store.add("label() is called from build on every render", tags=["arkui"])
    text = store.add("ArkTS Compiler Error 10505001: Expression expected, check a bracket")
    AnchorStore(db).add(on_entity.id, project, index.find("Index.format")[0])
    AnchorStore(db).add(on_caller.id, project, index.find("Index.label")[0])
    store.close()
    db.close()
    fake_tools.hvigor_scenario("arkts-error")
    code, out, _ = cli(capsys, "run", "--project", str(project), "--json")
    data = json.loads(out)
    assert code == 1
    got = [(r["id"], r["via"]) for r in data["recalled"]]
    assert got[:2] == [(on_entity.id, "anchor"), (on_caller.id, "anchor")]
    assert (text.id, "text") in got[2:]
    assert set(data["recalled"][0]) == {"id", "score", "via", "first_line"}
    assert data["steps"][0]["name"] == "build" and data["steps"][0]["recalled"] == data["recalled"]
    code, out, _ = cli(capsys, "run", "--project", str(project))
    assert code == 1 and "(anchored to Index.format)" in out
    assert "(anchored to a caller: Index.label)" in out

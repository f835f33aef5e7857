"""hmdesk-cli devices / run / doctor / runs / tools, in-process and as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli import main

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


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
    assert set(data["steps"][0]) == {"name", "verdict", "exit_code", "error_code", "message"}
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
        "message": "launch failed: the specified ability does not exist (Error Code 10104001) (hdc exited 0)",
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


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery")
def test_ctrl_c_cancels_a_run_cleanly(fake_tools: FakeTools, dbfile: Path) -> None:
    import signal
    import time

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
    deadline = time.monotonic() + 20
    while not pidfile.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 1, err
    data = json.loads(out)
    assert data["status"] == "cancelled" and data["steps"][0]["verdict"] == "cancelled"
    from tests.core.toolchain.test_process import wait_gone

    assert wait_gone(int(pidfile.read_text()))

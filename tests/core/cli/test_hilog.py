"""``hmdesk-cli logs``: dump and stream a device's hilog through the query language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli import main as cli_main

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def test_cli_logs_dump_prints_lines_exactly(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = (
        b"04-19 17:02:14.735  5394  5394 I A03200/ArkUI: keep me   \n"
        b"04-19 17:02:14.736  5394  5394 W A03200/ArkUI: heartbeat\n"
        b"04-19 17:02:14.737  5394  5394 E A03200/ArkUI: Error message: x\n"
        b"04-19 17:02:14.737  5394  5394 E A03200/ArkUI:     at f (a.ets:1:2)\n"
        b"04-19 17:02:14.738  5394  5394 E A03200/Other: caf\xe9\n"
        b"odd raw line\n"
    )
    src = tmp_path / "hilog.txt"
    src.write_bytes(raw)
    fake_tools.set("FAKE_HILOG_FILE", str(src))
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump"]) == 0
    out = capsys.readouterr().out
    assert out == raw.decode("utf-8", errors="replace")
    assert (
        cli_main(
            [
                "logs",
                "--device",
                FAKE_HDC_KEY,
                "--dump",
                "--query",
                "tag:ArkUI level:W -message:heartbeat",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "04-19 17:02:14.737  5394  5394 E A03200/ArkUI: Error message: x",
        "04-19 17:02:14.737  5394  5394 E A03200/ArkUI:     at f (a.ets:1:2)",
    ]
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump", "--json", "-q", "tag=:Other"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(rows) == 1 and rows[0]["tag"] == "Other" and rows[0]["message"] == "caf\ufffd"


def test_cli_logs_fallback_note_goes_to_stderr(
    fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.set("FAKE_HILOG_LINES", "11")
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump", "--query", "tag~:("]) == 0
    cap = capsys.readouterr()
    assert cap.out == ""
    assert "plain text" in cap.err and "bad regex" in cap.err


def test_cli_logs_errors(fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["logs", "--device", "NOSUCHKEY", "--dump"]) == 1
    err = capsys.readouterr().err
    assert "Not match target" in err and "hdc list targets" in err
    assert cli_main(["logs", "--device", "bad key;reboot", "--dump"]) == 2
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump", "--tail", "0"]) == 2


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_cli_logs_streams_until_interrupted(fake_tools: FakeTools) -> None:
    env = dict(os.environ)
    env["FAKE_HILOG_LINES"] = "11"
    env["FAKE_HILOG_INTERVAL"] = "0.01"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hmdesk.core.cli",
            "logs",
            "--device",
            FAKE_HDC_KEY,
            "-q",
            "is:dropped",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        second = proc.stdout.readline()
        assert "LOGLIMIT" in first and "LOGLIMIT" in second
        proc.send_signal(2)  # Ctrl+C
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert "connected" in err
    assert all("LOGLIMIT" in line for line in out.splitlines())


@pytest.mark.parametrize("content", [b"this is not a database", None])
def test_cli_logs_finds_hdc_on_path_without_a_usable_database(
    fake_tools: FakeTools,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    content: bytes | None,
) -> None:
    monkeypatch.delenv("HMDESK_HDC")  # hdc comes from PATH (the fake bin dir)
    fake_tools.set("FAKE_HILOG_LINES", "3")
    dbfile = tmp_path / "settings.db"
    if content is not None:
        dbfile.write_bytes(content)
    assert cli_main(["logs", "--db", str(dbfile), "--device", FAKE_HDC_KEY, "--dump"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    if content is None:
        assert not dbfile.exists()  # never created just to read a setting
    else:
        assert dbfile.read_bytes() == content  # left untouched

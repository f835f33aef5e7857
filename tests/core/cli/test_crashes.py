"""``hmdesk-cli logs --crashes``: each type from the fake device, JSON shape, grouping."""

from __future__ import annotations

import json

import pytest
from hmdesk.core.cli import main as cli_main

from tests.fixtures.fake_tools import FAKE_HDC_KEY, PROJECTS, FakeTools

KEYS = ["type", "bundle", "pid", "time", "reason", "name", "message", "frames", "count"]


def _json(capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict]:
    assert (
        cli_main(["logs", "--device", FAKE_HDC_KEY, "--crashes", "--dump", "--json", *extra]) == 0
    )
    return json.loads(capsys.readouterr().out)["crashes"]


def test_each_type_with_fault_logs_merged(
    fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.hdc_scenario("crash-js-twice", "crash-cpp", "crash-freeze")
    fake_tools.set("FAKE_HILOG_LINES", "300")  # the crash lines sit inside a flood
    crashes = _json(capsys, "--project", str(PROJECTS / "hello"))
    by_type = {c["type"]: c for c in crashes}
    assert sorted(by_type) == ["appfreeze", "cppcrash", "jscrash"]
    for c in crashes:
        assert list(c)[: len(KEYS)] == KEYS
        for f in c["frames"]:
            assert {"symbol", "file", "line", "column"} <= set(f)
    js = by_type["jscrash"]
    assert js["count"] == 2 and js["pid"] == 5501 and js["name"] == "TypeError"
    assert js["frames"][0]["entity"] == "Index.build" and js["frames"][0]["line"] == 8
    cpp = by_type["cppcrash"]
    assert cpp["name"] == "SIGSEGV" and "NULL pointer" in cpp["reason"]
    assert cpp["frames"][0]["file"].endswith("libentry.so") and cpp["frames"][0]["line"] is None
    fr = by_type["appfreeze"]
    assert fr["reason"] == "THREAD_BLOCK_6S" and fr["frames"][-1]["entity"] == "Index.build"


def test_without_fault_logs_and_denied(
    fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.hdc_scenario("crash-cpp", "faultlog-denied")
    (c,) = _json(capsys)
    assert c["type"] == "cppcrash" and c["frames"] == [] and c["count"] == 1
    fake_tools.hdc_scenario("crash-cpp")

    def recvs() -> int:
        return sum("recv" in call["argv"] for call in fake_tools.calls("hdc"))

    before = recvs()
    (c,) = _json(capsys, "--no-faultlogs")
    assert c["frames"] == [] and recvs() == before


def test_text_output_and_no_crashes(
    fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.hdc_scenario("crash-js", "faultlog-truncated")
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--crashes", "--dump"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("JS crash  com.example.hello  pid 5394")
    assert "TypeError: Cannot read property message of undefined" in out
    assert "at build  entry/src/main/ets/pages/Index.ets:8:12" in out
    fake_tools.hdc_scenario("one-device")
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--crashes", "--dump"]) == 0
    assert capsys.readouterr().out.strip() == "no crashes or freezes found"


def test_bad_project_folder_is_a_usage_error(
    fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_main(
        ["logs", "--device", FAKE_HDC_KEY, "--crashes", "--dump", "--project", "/nonexistent/x"]
    )
    assert code != 0 and "no such folder" in capsys.readouterr().err

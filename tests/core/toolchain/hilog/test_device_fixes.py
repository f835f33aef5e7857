"""The fixes for lines lost on the device and ``pidof``, through the fake hdc: judged by the
success line hilog prints (hdc exits 0 whatever happened)."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain import hdc as hdc_mod
from hmdesk.core.toolchain.hilog import device_fixes as fixes

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def test_a_larger_buffer(fake_tools: FakeTools) -> None:
    ok = fixes.set_buffer_size(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert ok.ok and ok.message == "hilog buffer set to 16.0M (4 log types)"
    assert any(c["argv"][-3:] == ["hilog", "-G", "16M"] for c in fake_tools.calls("hdc"))
    fake_tools.hdc_scenario("daemon-broken")
    bad = fixes.set_buffer_size(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert not bad.ok and bad.message
    with pytest.raises(hdc_mod.InvalidName):
        fixes.buffer_size_argv("hdc", FAKE_HDC_KEY, "16M; reboot")


def test_flow_control_off(fake_tools: FakeTools) -> None:
    ok = fixes.flow_control_off(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert ok.ok and "flow control is off" in ok.message
    bad = fixes.flow_control_off(str(fake_tools.hdc), "NOSUCHKEY")  # hdc exits 0 here too
    assert not bad.ok and bad.kind == "no-device"


def test_output_without_the_success_line_is_a_failure() -> None:
    assert not fixes.classify_buffer_size("").ok
    weird = fixes.classify_flow_control_off("Unknown option -Q\n")
    assert not weird.ok and weird.evidence == "Unknown option -Q" and weird.fix


def test_pidof(fake_tools: FakeTools) -> None:
    assert fixes.pidof(str(fake_tools.hdc), FAKE_HDC_KEY, "com.example.hello") == []
    fake_tools.set("FAKE_HDC_PIDS", "4120 4133")
    assert fixes.pidof(str(fake_tools.hdc), FAKE_HDC_KEY, "com.example.hello") == [4120, 4133]
    assert fixes.parse_pidof("[Fail]ExecuteCommand need connect-key?\n") == []
    assert fixes.parse_pidof("/bin/sh: pidof: inaccessible or not found\n") == []
    with pytest.raises(hdc_mod.InvalidName):
        fixes.pidof_argv("hdc", FAKE_HDC_KEY, "com.x; rm -rf /")

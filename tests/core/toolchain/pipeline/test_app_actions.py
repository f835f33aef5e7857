"""Uninstall and clear-data on the device, with the fake hdc."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.hdc import InvalidName
from hmdesk.core.toolchain.pipeline.app_actions import classify_clear_data, run_app_action

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def test_uninstall_and_clear_data(fake_tools: FakeTools) -> None:
    hdc = str(fake_tools.hdc)
    res = run_app_action("uninstall", hdc, FAKE_HDC_KEY, "com.example.hello")
    assert res.ok and res.message == f"Uninstalled com.example.hello from {FAKE_HDC_KEY}."
    res = run_app_action("clear-data", hdc, FAKE_HDC_KEY, "com.example.hello")
    assert res.ok and res.message.startswith("Cleared the data of com.example.hello")
    argv = [c["argv"] for c in fake_tools.calls("hdc")]
    assert argv == [
        ["-t", FAKE_HDC_KEY, "uninstall", "com.example.hello"],
        ["-t", FAKE_HDC_KEY, "shell", "bm", "clean", "-n", "com.example.hello", "-d"],
    ]


def test_failures_say_what_happened(fake_tools: FakeTools) -> None:
    hdc = str(fake_tools.hdc)
    fake_tools.hdc_scenario("one-device", "clean-fail")
    res = run_app_action("clear-data", hdc, FAKE_HDC_KEY, "com.example.hello")
    assert not res.ok and "error: failed to clean bundle data files." in res.message
    fake_tools.hdc_scenario("no-device")
    res = run_app_action("uninstall", hdc, FAKE_HDC_KEY, "com.example.hello")
    assert not res.ok and "failed" in res.message
    with pytest.raises(InvalidName):
        run_app_action("clear-data", hdc, FAKE_HDC_KEY, "-rf")
    # hdc exits 0 on failures: only the positive line passes
    assert not classify_clear_data("", 0).ok
    assert classify_clear_data("clean bundle data files successfully.\n", 0).ok

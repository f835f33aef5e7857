"""Device listing and the poller, against the fake hdc (real child processes)."""

from __future__ import annotations

import threading
import time

import pytest
from hmdesk.core.toolchain.devices import DeviceChange, DevicePoller, diff_devices, list_devices
from hmdesk.core.toolchain.hdc import Device

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools
from tests.fixtures.waiting import poll_until, wait_until


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_list_devices_scenarios(fake_tools: FakeTools) -> None:
    hdc = str(fake_tools.hdc)
    res = list_devices(hdc)
    assert res.status == "ok" and [d.key for d in res.devices] == [FAKE_HDC_KEY]
    fake_tools.hdc_scenario("no-device")
    assert list_devices(hdc).status == "empty"
    fake_tools.hdc_scenario("two-devices")
    assert [d.connection for d in list_devices(hdc).devices] == ["USB", "TCP"]
    fake_tools.hdc_scenario("unauthorized")
    dev = list_devices(hdc).devices[0]
    assert dev.state == "Unauthorized" and dev.guidance
    fake_tools.hdc_scenario("connect-server-failed")
    res = list_devices(hdc)
    assert res.status == "server-failed" and res.fix
    fake_tools.hdc_scenario("hang")
    res = list_devices(hdc, timeout=0.5)
    assert res.status == "timeout"


def test_diff_devices() -> None:
    a = Device("A", "USB", "Unauthorized", "x")
    a2 = Device("A", "USB", "Connected", "x")
    b = Device("B", "TCP", "Offline", "y")
    ev = diff_devices([a, b], [a2])
    assert [(e.kind, e.device.key, e.old_state) for e in ev] == [
        ("state", "A", "Unauthorized"),
        ("disconnected", "B", None),
    ]
    assert "Unauthorized → Connected" in ev[0].describe()
    conn = diff_devices([], [b])[0]
    assert conn.kind == "connected" and conn.guidance and "offline" in conn.describe().lower()


def test_poll_once_reports_only_changes(fake_tools: FakeTools) -> None:
    devices = fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Unauthorized")])
    poller = DevicePoller(lambda c: None)
    first = poller.poll_once()
    assert first is not None and first.status == "ok"
    assert [(e.kind, e.device.state) for e in first.events] == [("connected", "Unauthorized")]
    assert poller.poll_once() is None  # nothing changed
    devices.write_text(
        f"{FAKE_HDC_KEY} USB Connected localhost\n127.0.0.1:5555 TCP Offline localhost\n"
    )
    change = poller.poll_once()
    assert change is not None
    assert sorted((e.kind, e.device.key) for e in change.events) == [
        ("connected", "127.0.0.1:5555"),
        ("state", FAKE_HDC_KEY),
    ]
    devices.write_text("")
    gone = poller.poll_once()
    assert gone is not None and gone.status == "empty"
    assert sorted(e.kind for e in gone.events) == ["disconnected", "disconnected"]


def test_poller_missing_tool_then_server_failure(
    fake_tools: FakeTools, monkeypatch: object
) -> None:
    fake_tools.set("HMDESK_HDC", str(fake_tools.work / "no-hdc"))
    poller = DevicePoller(lambda c: None)
    change = poller.poll_once()
    assert change is not None and change.status == "no-tool" and "HMDESK_HDC" in change.message
    fake_tools.set("HMDESK_HDC", str(fake_tools.hdc))
    fake_tools.hdc_scenario("connect-server-failed")
    change = poller.poll_once()
    assert change is not None and change.status == "server-failed" and change.status_changed


def test_poller_thread_reports_plug_and_unplug(fake_tools: FakeTools) -> None:
    devices = fake_tools.devices_file([])
    changes: list[DeviceChange] = []
    got = threading.Event()

    def on_change(c: DeviceChange) -> None:
        changes.append(c)
        got.set()

    poller = DevicePoller(on_change, interval=0.1).start()
    try:
        assert got.wait(5)
        got.clear()
        devices.write_text(f"{FAKE_HDC_KEY} USB Connected localhost\n")
        poll_until(lambda: any(e.kind == "connected" for c in changes for e in c.events), 5)
        devices.write_text("")
        poll_until(lambda: any(e.kind == "disconnected" for c in changes for e in c.events), 5)
    finally:
        poller.stop()
    kinds = [e.kind for c in changes for e in c.events]
    assert "connected" in kinds and "disconnected" in kinds
    assert not poller.running


def test_stop_interrupts_a_hanging_hdc(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("hang")
    poller = DevicePoller(lambda c: None, interval=0.1).start()
    wait_until(lambda: bool(fake_tools.calls("hdc")))  # the poller is inside the hanging hdc
    start = time.monotonic()
    poller.stop()
    assert time.monotonic() - start < 4  # hang guard: without the kill it blocks for minutes
    assert not poller.running

"""DeviceLogLink: the Runs area's hilog view on a real (fake) ``hdc shell hilog`` stream — device
lost mid-stream, clearing the device buffer, switching device and closing without waiting."""

from __future__ import annotations

import os

import pytest
from hmdesk.gui.common.device_hub import TARGET_KEY
from hmdesk.gui.context import build_context
from hmdesk.gui.runs.area import RunsArea
from hmdesk.gui.runs.hilog import feed as hilog_feed
from hmdesk.gui.runs.hilog.device_link import stream_note
from PySide6.QtCore import QCoreApplication, QSettings, Qt

from tests.fixtures.fake_tools import FAKE_HDC_KEY

OTHER_KEY = "025DEK236V035771"
TCP_KEY = "192.168.3.7:5555"
GONE_KEY = "127.0.0.1:5555"


@pytest.fixture
def area(qtbot, tmp_path, qapp, fake_tools):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    ctx = build_context(tmp_path / "hmdesk.db", settings)
    a = RunsArea(ctx)
    qtbot.addWidget(a)
    a.show()
    yield a
    a.shutdown()
    ctx.db.close()


@pytest.mark.slow  # waits for the stream's restart
def test_device_lost_mid_stream_restarts_and_says_so(qtbot, area, fake_tools):
    devices = fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.01")
    view = area.hilog
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.feed is not None, timeout=15_000)
    qtbot.waitUntil(lambda: view.model.shown >= 40, timeout=15_000)
    qtbot.waitUntil(lambda: "streaming" in view.stats.text(), timeout=10_000)
    # unplug: the stream ends, the view says the device is gone and keeps its lines
    devices.write_text("", encoding="utf-8")
    qtbot.waitUntil(lambda: "disconnected" in view.stats.text(), timeout=20_000)
    kept = view.model.shown
    assert kept >= 40
    # plug it back: the stream restarts by itself and says so
    devices.write_text(f"{FAKE_HDC_KEY} USB Connected localhost\n", encoding="utf-8")
    qtbot.waitUntil(lambda: "restarted" in view.stats.text(), timeout=20_000)
    qtbot.waitUntil(lambda: view.model.shown > kept, timeout=15_000)
    assert area.feed is not None and area.feed.stream.restarts >= 1


def test_clear_device_buffer(qtbot, area, fake_tools):
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    qtbot.waitUntil(lambda: area.hilog.model.shown > 0, timeout=15_000)
    with qtbot.waitSignal(area.ctx.bus.info, timeout=15_000) as sig:
        area.hilog.clear_device_button.click()
    assert "Cleared" in sig.args[0]
    assert any(c["argv"][-2:] == ["hilog", "-r"] for c in fake_tools.calls("hdc"))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead for our purpose
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except OSError:
        return False


def _hdc_pid(feed) -> int:
    proc = feed.stream._proc
    assert proc is not None and proc.pid is not None
    return proc.pid


@pytest.mark.slow  # waits out a stubborn hdc
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="checks processes through /proc")
def test_switching_device_and_closing_never_wait_for_a_stubborn_hdc(qtbot, area, fake_tools):
    # hdc ignores SIGTERM: stopping it takes the whole kill grace (2 s) — off the GUI thread
    fake_tools.hdc_scenario("hilog-ignore-sigterm")
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected"), (OTHER_KEY, "USB", "Connected")])
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.02")
    view = area.hilog
    area.hub.refresh()
    qtbot.waitUntil(lambda: len(area.hub.devices) == 2, timeout=15_000)
    area.hub.set_target(FAKE_HDC_KEY)
    qtbot.waitUntil(
        lambda: area.feed is not None and area.feed.stream.status.state == "connected",
        timeout=15_000,
    )
    old = area.feed
    old_pid = _hdc_pid(old)
    qtbot.waitUntil(lambda: view.model.shown >= 40, timeout=15_000)
    # the fake's LOGLIMIT lines: what the device lost is counted and shown while it streams
    qtbot.waitUntil(
        lambda: (
            view.device_dropped >= 12
            and f"{view.device_dropped:,} lines lost on the device" in view.stats.text()
        ),
        timeout=5_000,
    )

    area.hub.set_target(OTHER_KEY)
    new = area.feed
    assert new is not None and new is not old and new.device_key == OTHER_KEY
    assert view.feed is new and old.closed
    # set_target returned while the old hdc is still alive (it ignores SIGTERM and is killed only
    # after a grace period): the switch did not wait for it on the GUI thread
    assert _alive(old_pid)
    # the old stream's late words are ignored: lines and status alike
    old._on_lines(["a late line of the old stream"])
    assert old.drain() == []
    old.status.emit("error", "late words of the old stream", 0)
    QCoreApplication.processEvents()  # delivered now if it were queued
    assert "late words" not in view.stats.text()
    # the new stream streams meanwhile; the old hdc is killed after the grace
    qtbot.waitUntil(lambda: new.stream.status.state == "connected", timeout=15_000)
    qtbot.waitUntil(lambda: not _alive(old_pid), timeout=15_000)
    shown = view.model.shown
    qtbot.waitUntil(lambda: view.model.shown > shown, timeout=15_000)

    # closing: shutdown() returns with the stop still pending (it did not wait for hdc on the GUI
    # thread), and the quit hook leaves no hdc behind
    new_pid = _hdc_pid(new)
    area.shutdown()
    assert area.feed is None and hilog_feed.stops_pending() >= 1
    assert hilog_feed.wait_for_stops(15)
    assert not _alive(new_pid)
    qtbot.waitUntil(lambda: hilog_feed.stops_pending() == 0, timeout=5_000)


def test_stream_note_words():
    assert stream_note("connected", "", 0) == "streaming"
    assert stream_note("connected", "", 2) == "stream restarted (2×) after a disconnect"
    assert stream_note("device-gone", "FMR0 gone", 0).endswith(": FMR0 gone")
    assert stream_note("something-new", "x", 0) == "something-new"


@pytest.fixture
def remembered(tmp_path):
    """Settings that remember a device from an earlier session (it is not plugged in now)."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(TARGET_KEY, GONE_KEY)
    settings.sync()
    return settings


@pytest.fixture
def area_remembering(qtbot, tmp_path, qapp, fake_tools, remembered):
    ctx = build_context(tmp_path / "hmdesk.db", remembered)
    a = RunsArea(ctx)
    qtbot.addWidget(a)
    a.show()
    yield a
    a.shutdown()
    ctx.db.close()


def test_a_gone_remembered_device_gives_way_to_the_only_connected_one(
    qtbot, area_remembering, fake_tools
):
    area = area_remembering
    area.tabs.setCurrentWidget(area.hilog)
    notices: list[str] = []
    area.ctx.bus.info.connect(notices.append)
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.02")
    area.hub.refresh()
    # the Runs area targets the connected device, says so, and its log streams
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    assert area.device_box.currentData() == FAKE_HDC_KEY
    assert any(GONE_KEY in n and FAKE_HDC_KEY in n for n in notices)
    qtbot.waitUntil(lambda: area.feed is not None and area.feed.device_key == FAKE_HDC_KEY)
    qtbot.waitUntil(lambda: area.hilog.model.shown > 0, timeout=15_000)
    assert not area.hilog.hint.isVisible()
    # now it is unplugged and two other devices are connected: none chosen, the user is asked
    fake_tools.devices_file([(OTHER_KEY, "USB", "Connected"), (TCP_KEY, "TCP", "Connected")])
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.hub.target == "", timeout=15_000)
    assert area.device_box.currentText().startswith("Choose a device")
    assert area.device_box.currentData() == ""
    assert area.feed is None  # nothing streams from a gone device
    qtbot.waitUntil(area.hilog.hint.isVisible)
    assert area.hilog.hint.text().startswith("Choose a device")
    assert any("choose one" in n for n in notices)
    # the user picks one in the Runs area (keyboard: Down from "Choose a device…"): it streams
    area.device_box.setFocus()
    qtbot.keyClick(area.device_box, Qt.Key.Key_Down)
    assert area.hub.target == OTHER_KEY
    qtbot.waitUntil(lambda: area.feed is not None and area.feed.device_key == OTHER_KEY)
    qtbot.waitUntil(lambda: not area.hilog.hint.isVisible(), timeout=15_000)


def test_the_device_log_says_no_device_or_gone_instead_of_staying_blank(qtbot, area, fake_tools):
    area.tabs.setCurrentWidget(area.hilog)
    fake_tools.devices_file([])
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.hilog.hint.isVisible(), timeout=15_000)
    assert area.hilog.hint.text().startswith("No device connected")
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.feed is not None, timeout=15_000)
    qtbot.waitUntil(lambda: not area.hilog.hint.isVisible())
    fake_tools.devices_file([])  # unplugged, nothing else connected: the target stays, gone
    area.hub.refresh()
    qtbot.waitUntil(lambda: "is gone" in area.hilog.hint.text(), timeout=15_000)
    assert area.hilog.hint.isVisible() and FAKE_HDC_KEY in area.hilog.hint.text()
    assert area.hub.target == FAKE_HDC_KEY


def test_the_lost_lines_fixes_run_on_the_device(qtbot, area, fake_tools):
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    with qtbot.waitSignal(area.ctx.bus.info, timeout=15_000) as sig:
        area.hilog.log_fix_requested.emit("buffer")
    assert "hilog buffer set to 16.0M" in sig.args[0]
    with qtbot.waitSignal(area.ctx.bus.info, timeout=15_000) as sig:
        area.hilog.fix_flow_action.trigger()
    assert "flow control is off" in sig.args[0]
    argvs = [c["argv"][-3:] for c in fake_tools.calls("hdc")]
    assert ["hilog", "-G", "16M"] in argvs and ["hilog", "-Q", "pidoff"] in argvs
    fake_tools.hdc_scenario("daemon-broken")
    with qtbot.waitSignal(area.ctx.bus.error, timeout=15_000) as sig:
        area.hilog.log_fix_requested.emit("flow")
    assert "Could not turn off flow control" in sig.args[0]


def test_a_launch_makes_the_log_follow_the_new_pid(qtbot, area, fake_tools):
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    fake_tools.set("FAKE_HDC_PIDS", "4120")
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    with qtbot.waitSignal(area.project_loaded, timeout=15_000):
        area.open_project(str(fake_tools.project("hello")))
    bundle = area.project.bundle_name
    assert area.hilog.bundle == bundle
    area.controller.step_finished.emit("launch", "passed", "started", "")
    qtbot.waitUntil(
        lambda: area.hilog.follower is not None and 4120 in area.hilog.follower.pids,
        timeout=15_000,
    )
    assert any(c["argv"][-2:] == ["pidof", bundle] for c in fake_tools.calls("hdc"))

"""DevicesArea: the live list via the core poller and the fake hdc, advice, remembered target."""

from __future__ import annotations

import pytest
from hmdesk.gui.common.device_hub import TARGET_KEY, DeviceHub
from hmdesk.gui.devices.area import DevicesArea
from hmdesk.gui.devices.model import COL_API, COL_MODEL, COL_OS, COL_TODO
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tests.gui.contrast import palettes, rendered_contrast

USB = "FMR0224109025576"
TCP = "127.0.0.1:5555"
UNAUTH = "025DEK236V035771"


def make_area(qtbot, ctx):
    area = DevicesArea(ctx)
    qtbot.addWidget(area)
    area.show()
    return area


def cell(area, row, col):
    return area.model.data(area.model.index(row, col))


def test_live_list_with_advice_and_remembered_target(qtbot, ctx, fake_tools, qtmodeltester):
    devices = fake_tools.devices_file(
        [(USB, "USB", "Connected"), (TCP, "TCP", "Offline"), (UNAUTH, "USB", "Unauthorized")]
    )
    area = make_area(qtbot, ctx)
    qtbot.waitUntil(lambda: area.model.rowCount() == 3, timeout=15_000)
    qtmodeltester.check(area.model)
    rows = {cell(area, r, 1): r for r in range(3)}
    assert cell(area, rows[USB], 3) == "Connected" and cell(area, rows[USB], COL_TODO) == ""
    assert "offline" in cell(area, rows[TCP], COL_TODO).lower()
    assert "debugging" in cell(area, rows[UNAUTH], COL_TODO).lower()
    # the only usable device became the target and is remembered
    qtbot.waitUntil(lambda: area.hub.target == USB)
    assert ctx.settings.value(TARGET_KEY) == USB
    assert cell(area, rows[USB], 0) == "●"
    area.table.selectRow(rows[TCP])
    area.use_button.click()
    assert ctx.settings.value(TARGET_KEY) == TCP
    assert "Offline" in area.target_label.text()
    # picked while Offline: it stays the target while it is listed
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.hub.devices and area.hub.target == TCP, timeout=15_000)
    area.shutdown()
    assert not DeviceHub._hubs
    # the TCP device is unplugged; a new area (the app restarted) starts with the remembered
    # target, which is gone (issue 11: never kept silently): the only connected device takes
    # over and the status bar says so
    devices.write_text(f"{USB} USB Connected localhost\n", encoding="utf-8")
    with qtbot.waitSignal(ctx.bus.info, timeout=15_000) as sig:
        again = make_area(qtbot, ctx)
        assert again.hub.target == TCP
    assert TCP in sig.args[0] and USB in sig.args[0]
    qtbot.waitUntil(lambda: again.hub.target == USB, timeout=15_000)
    assert USB in again.target_label.text() and "not connected" not in again.target_label.text()
    again.shutdown()


def test_no_device_and_server_failure_say_what_to_do(qtbot, ctx, fake_tools):
    fake_tools.hdc_scenario("no-device")
    area = make_area(qtbot, ctx)
    qtbot.waitUntil(lambda: area.empty_label.isVisible(), timeout=15_000)
    assert "USB debugging" in area.empty_label.text()
    fake_tools.hdc_scenario("connect-server-failed")
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.error_label.isVisible(), timeout=15_000)
    assert area.error_label.text()
    area.shutdown()


@pytest.mark.parametrize("name", ["light", "dark"])
def test_error_label_is_readable_under_both_palettes(qtbot, ctx, name):
    area = make_area(qtbot, ctx)
    area.setPalette(palettes()[name])
    area.hub.inject([], "hdc could not connect to its server — run `hdc kill -r`")
    qtbot.waitUntil(area.error_label.isVisible)
    assert rendered_contrast(area.error_label) >= 4.5, name
    area.shutdown()


def test_model_os_and_api_are_read_once_per_device_off_the_gui_thread(qtbot, ctx, fake_tools):
    devices = fake_tools.devices_file([(USB, "USB", "Connected"), (UNAUTH, "USB", "Unauthorized")])
    area = make_area(qtbot, ctx)
    qtbot.waitUntil(lambda: area.model.rowCount() == 2, timeout=15_000)
    rows = {cell(area, r, 1): r for r in range(2)}
    qtbot.waitUntil(lambda: cell(area, rows[USB], COL_MODEL) == "ALN-AL00", timeout=15_000)
    assert cell(area, rows[USB], COL_OS) == "ALN-AL00 5.0.0.102(SP8C00E73R4P17)"
    assert cell(area, rows[USB], COL_API) == "12"
    tip = area.model.data(area.model.index(rows[USB], COL_OS), Qt.ItemDataRole.ToolTipRole)
    assert "OpenHarmony-5.0.0.102" in tip
    assert cell(area, rows[UNAUTH], COL_MODEL) == "—"  # hdc cannot run commands on it yet
    qtbot.waitUntil(lambda: "ALN-AL00, API 12" in area.target_label.text())
    params = [c for c in fake_tools.calls("hdc") if "param" in c["argv"]]
    assert len(params) == 4 and all(c["argv"][1] == USB for c in params)
    # the list changes (a device is plugged): the first device is not read again
    devices.write_text(
        f"{USB} USB Connected localhost\n{TCP} TCP Connected localhost\n", encoding="utf-8"
    )
    area.hub.refresh()
    qtbot.waitUntil(lambda: TCP in area.info.info, timeout=15_000)
    params = [c for c in fake_tools.calls("hdc") if "param" in c["argv"]]
    assert area.info.info[TCP].model == "ALN-AL00"
    assert len(params) == 8 and sum(c["argv"][1] == USB for c in params) == 4
    area.shutdown()


def test_connect_over_the_network_checks_the_address_and_connects(qtbot, ctx, fake_tools):
    fake_tools.devices_file([(USB, "USB", "Connected")])
    area = make_area(qtbot, ctx)
    qtbot.waitUntil(lambda: area.model.rowCount() == 1, timeout=15_000)
    area.connect_button.setFocus()
    qtbot.keyClick(area.connect_button, Qt.Key.Key_Space)  # keyboard: the button is reachable
    dialog = area.connect_dialog
    assert dialog is not None and dialog.isVisible()
    assert not dialog.connect_button.isEnabled() and dialog.problem.text() == ""
    qtbot.keyClicks(dialog.address, "192.168.3.300:5555")
    assert not dialog.connect_button.isEnabled()
    assert "not an IP address" in dialog.problem.text()
    dialog.address.clear()
    qtbot.keyClicks(dialog.address, "192.168.3.7")
    assert "no port" in dialog.problem.text() and not dialog.connect_button.isEnabled()
    qtbot.keyClicks(dialog.address, ":5555")
    assert dialog.connect_button.isEnabled() and dialog.problem.text() == ""
    with qtbot.waitSignal(ctx.bus.info, timeout=15_000) as sig:
        qtbot.keyClick(dialog.address, Qt.Key.Key_Return)
    assert sig.args == ["Connected to 192.168.3.7:5555."]
    qtbot.waitUntil(lambda: area.model.rowCount() == 2, timeout=15_000)
    assert "192.168.3.7:5555" in [cell(area, r, 1) for r in range(2)]
    tconn = [c["argv"] for c in fake_tools.calls("hdc") if "tconn" in c["argv"]]
    assert tconn == [["tconn", "192.168.3.7:5555"]]
    # a device that does not answer: the real failure, with what to do
    fake_tools.hdc_scenario("tconn-fail")
    dialog = area.open_connect_dialog()
    qtbot.keyClicks(dialog.address, "192.168.3.8:5555")
    with qtbot.waitSignal(ctx.bus.error, timeout=15_000) as sig:
        dialog.connect_button.click()
    assert sig.args[0] == "Could not connect to 192.168.3.8:5555."
    assert "Wireless debugging" in sig.args[1]
    assert "Could not connect" in area.action_label.text() and area.action_label.isVisible()
    area.shutdown()


def test_screenshot_is_shown_and_can_be_saved_and_copied(qtbot, ctx, fake_tools, tmp_path):
    fake_tools.devices_file([(USB, "USB", "Connected")])
    area = make_area(qtbot, ctx)
    area.resize(1280, 700)
    qtbot.waitUntil(lambda: area.hub.target == USB, timeout=15_000)
    assert not area.screenshot.isVisible()
    area.shot_button.setFocus()
    qtbot.keyClick(area.shot_button, Qt.Key.Key_Space)
    qtbot.waitUntil(area.screenshot.isVisible, timeout=15_000)
    panel = area.screenshot
    assert area.splitter.sizes()[1] > 200  # shown beside the list, not squeezed to nothing
    assert panel.picture.image.size().toTuple() == (36, 72)
    assert not panel.picture.pixmap().isNull()
    assert USB in panel.title.text() and "local time" in panel.title.text()
    assert "1260×2720" in panel.title.text()
    argvs = [c["argv"] for c in fake_tools.calls("hdc")]
    assert ["-t", USB, "shell", "snapshot_display", "-f", "/data/local/tmp/hmdesk_snap.jpeg"] in (
        argvs
    )
    # Copy and Save as… from the keyboard (the panel has the focus)
    with qtbot.waitActive(area):
        area.activateWindow()
    panel.setFocus()
    with qtbot.waitSignal(panel.copied):
        qtbot.keyClick(panel, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().image().size().toTuple() == (36, 72)
    target = tmp_path / "phone.jpeg"
    panel.ask_save_path = lambda: str(target)
    with qtbot.waitSignal(ctx.bus.info, timeout=10_000) as sig:
        qtbot.keyClick(panel, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert str(target) in sig.args[0]
    assert target.read_bytes()[:3] == b"\xff\xd8\xff"
    qtbot.keyClick(panel, Qt.Key.Key_Escape)
    assert not panel.isVisible()
    area.shutdown()


def test_screenshot_failure_says_what_happened(qtbot, ctx, fake_tools):
    fake_tools.devices_file([(USB, "USB", "Connected")])
    fake_tools.hdc_scenario("snapshot-fail")
    area = make_area(qtbot, ctx)
    qtbot.waitUntil(lambda: area.hub.target == USB, timeout=15_000)
    with qtbot.waitSignal(ctx.bus.error, timeout=15_000) as sig:
        area.shot_button.click()
    assert "could not take the screenshot" in sig.args[0] and "Unlock" in sig.args[1]
    assert not area.screenshot.isVisible() and area.shot_button.isEnabled()
    assert "Could not take a screenshot" in area.action_label.text()
    area.shutdown()


def test_a_gone_target_with_several_connected_asks_to_choose(qtbot, ctx, fake_tools):
    ctx.settings.setValue(TARGET_KEY, UNAUTH)  # remembered, not plugged in now
    fake_tools.devices_file([(USB, "USB", "Connected"), (TCP, "TCP", "Connected")])
    area = make_area(qtbot, ctx)
    qtbot.waitUntil(lambda: area.model.rowCount() == 2, timeout=15_000)
    assert area.hub.target == ""
    assert "Choose a device" in area.target_label.text()
    assert all(cell(area, r, 0) == "" for r in range(2))  # no row pretends to be the target
    with qtbot.waitActive(area):
        area.activateWindow()
    area.table.setFocus()
    area.table.selectRow([cell(area, r, 1) for r in range(2)].index(TCP))
    qtbot.keyClick(area.table, Qt.Key.Key_Return)  # Enter uses the selected row
    assert area.hub.target == TCP and "Choose" not in area.target_label.text()
    area.shutdown()


def test_without_hdc_one_calm_line_and_a_way_to_set_its_path(
    qtbot, ctx, fake_tools, monkeypatch, tmp_path
):
    """Issue 32: the Devices tab without hdc was a three-line red wall of paths."""
    from hmdesk.core import config
    from hmdesk.core.toolchain.tools import ToolNotFound, find_tool
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.delenv("HMDESK_HDC", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # nowhere to find it
    monkeypatch.setenv("HOME", str(tmp_path))
    try:
        find_tool("hdc", None)
        pytest.skip("this machine has an hdc in a standard place")
    except ToolNotFound as exc:
        real = str(exc)  # what the core says, paths and all
    area = make_area(qtbot, ctx)
    area.hub.inject([], real)
    qtbot.waitUntil(area.no_hdc.isVisible)
    assert not area.error_label.isVisible()
    assert area.no_hdc_label.text() == "hdc was not found, so no device can be listed."
    assert "/" not in area.no_hdc_label.text() and "PATH" in area.no_hdc_label.toolTip()
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(fake_tools.hdc), ""))
    )
    area.set_hdc_button.click()
    assert config.load().get("hdc") == str(fake_tools.hdc)
    area.hub.inject([], "")
    assert not area.no_hdc.isVisible()
    area.shutdown()

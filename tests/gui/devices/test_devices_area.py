"""DevicesArea: the live list via the core poller and the fake hdc, advice, remembered target."""

from __future__ import annotations

import pytest
from hmdesk.gui.context import build_context
from hmdesk.gui.devices.area import DevicesArea
from hmdesk.gui.common.device_hub import TARGET_KEY, DeviceHub
from hmdesk.gui.devices.model import DevicesModel
from PySide6.QtCore import QSettings

from tests.fixtures.fake_tools import fake_tools

__all__ = ["fake_tools"]

USB = "FMR0224109025576"
TCP = "127.0.0.1:5555"
UNAUTH = "025DEK236V035771"


@pytest.fixture
def ctx(tmp_path, qapp):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    c = build_context(tmp_path / "hmdesk.db", settings)
    yield c
    c.db.close()


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
    assert cell(area, rows[USB], 3) == "Connected" and cell(area, rows[USB], 5) == ""
    assert "offline" in cell(area, rows[TCP], 5).lower()
    assert "debugging" in cell(area, rows[UNAUTH], 5).lower()
    # the only usable device became the target and is remembered
    qtbot.waitUntil(lambda: area.hub.target == USB)
    assert ctx.settings.value(TARGET_KEY) == USB
    assert cell(area, rows[USB], 0) == "●"
    area.table.selectRow(rows[TCP])
    area.use_button.click()
    assert ctx.settings.value(TARGET_KEY) == TCP
    assert "Offline" in area.target_label.text()
    # unplug the TCP device: the list follows, the target stays remembered
    devices.write_text(f"{USB} USB Connected localhost\n", encoding="utf-8")
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.model.rowCount() == 1, timeout=15_000)
    assert "not connected" in area.target_label.text()
    area.shutdown()
    assert not DeviceHub._hubs
    # a new area (the app restarted) starts with the remembered target
    again = make_area(qtbot, ctx)
    assert again.hub.target == TCP
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


def test_model_with_plain_dicts(qtmodeltester):
    model = DevicesModel()
    model.set_devices(
        [
            {"key": USB, "connection": "USB", "state": "Connected", "name": "phone"},
            {"key": TCP, "connection": "TCP", "state": "Offline", "name": ""},
        ]
    )
    model.set_target(USB)
    qtmodeltester.check(model)
    assert model.data(model.index(1, 5))


def test_poller_callback_is_marshalled_to_the_gui_thread(qtbot, ctx):
    import threading

    from hmdesk.core.toolchain.devices import DeviceChange
    from hmdesk.core.toolchain.hdc import Device

    hub = DeviceHub(ctx.settings, ctx.db)
    seen = []
    hub.devices_changed.connect(lambda devs: seen.append((threading.get_ident(), devs)))
    change = DeviceChange(
        devices=[Device(USB, "USB", "Connected", "phone")],
        events=[],
        status="ok",
        message="",
        fix=None,
        status_changed=True,
    )
    worker = threading.Thread(target=hub._on_change_thread, args=(change,))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0][0] == threading.main_thread().ident
    assert hub.target == USB  # the only usable device is chosen
    hub._on_change_thread(
        DeviceChange(
            devices=[],
            events=[],
            status="server-failed",
            message="Connect server failed",
            fix="hdc kill -r",
            status_changed=True,
        )
    )
    qtbot.waitUntil(lambda: bool(hub.error))
    assert "Connect server failed" in hub.error and "hdc kill -r" in hub.error

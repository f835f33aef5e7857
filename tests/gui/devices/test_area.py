"""DevicesArea: the live list via the core poller and the fake hdc, advice, remembered target."""

from __future__ import annotations

import pytest
from hmdesk.gui.common.device_hub import TARGET_KEY, DeviceHub
from hmdesk.gui.devices.area import DevicesArea

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

"""The Runs area's hilog view on a real (fake) ``hdc shell hilog`` stream: device lost mid-stream."""

from __future__ import annotations

import pytest
from hmdesk.gui.context import build_context
from hmdesk.gui.runs.area import RunsArea
from PySide6.QtCore import QSettings

from tests.fixtures.fake_tools import FAKE_HDC_KEY, fake_tools

__all__ = ["fake_tools"]


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

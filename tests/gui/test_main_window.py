"""The main window's own parts: the areas it builds from a context, the error banner's colours
under both palettes, the log file location, stopping the areas on close.

(Menus, shortcuts, remembered state and the banner's behaviour with a full Memories area are in
``tests/gui/memories/test_window.py``.)
"""

from __future__ import annotations

import logging

import pytest
from hmdesk.gui.common.logs import log_file_path
from hmdesk.gui.common.theme import DARK, LIGHT, theme_for
from hmdesk.gui.context import AppContext
from hmdesk.gui.devices.area import DevicesArea
from hmdesk.gui.main_window import ErrorBanner, MainWindow
from hmdesk.gui.memories.area import MemoriesArea
from hmdesk.gui.runs.area import RunsArea
from PySide6.QtCore import QThreadPool
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.contrast import colour_counts, palettes, rendered_contrast


def _banner_in(qtbot: QtBot, palette_name: str) -> tuple[QWidget, ErrorBanner]:
    holder = QWidget()
    qtbot.addWidget(holder)
    holder.setPalette(palettes()[palette_name])
    lay = QVBoxLayout(holder)
    banner = ErrorBanner(holder)
    lay.addWidget(banner)
    holder.resize(640, 90)
    banner.show_error("Could not write /x.csv: Permission denied", "Pick another folder.")
    holder.show()
    qtbot.waitExposed(holder)
    return holder, banner


def _background(banner: ErrorBanner) -> str:
    counts = colour_counts(banner.grab().toImage())
    return QColor.fromRgb(counts.most_common(1)[0][0]).name()


@pytest.mark.parametrize("palette_name", ["light", "dark"])
def test_the_error_banner_is_readable_under_both_palettes(qtbot, palette_name):
    _holder, banner = _banner_in(qtbot, palette_name)
    theme = DARK if palette_name == "dark" else LIGHT
    assert theme_for(banner) is theme
    assert _background(banner) == theme.error_bg
    assert rendered_contrast(banner, part=banner.label) >= 4.5


def test_the_error_banner_follows_a_palette_change(qtbot):
    holder, banner = _banner_in(qtbot, "light")
    assert banner.theme is LIGHT
    holder.setPalette(palettes()["dark"])
    qtbot.waitUntil(lambda: banner.theme is DARK)
    assert _background(banner) == DARK.error_bg
    assert banner.label.palette().color(QPalette.ColorRole.WindowText).name() == DARK.error_text
    assert rendered_contrast(banner, part=banner.label) >= 4.5
    holder.setPalette(palettes()["light"])
    qtbot.waitUntil(lambda: banner.theme is LIGHT)
    assert _background(banner) == LIGHT.error_bg
    assert rendered_contrast(banner, part=banner.label) >= 4.5


def _window(ctx: AppContext, qtbot: QtBot) -> MainWindow:
    w = MainWindow(None, settings=ctx.settings)
    qtbot.addWidget(w)
    w.show()
    with qtbot.waitSignal(w.context_ready):
        w.set_context(ctx)
    return w


def _close(w: MainWindow) -> None:
    w.close()
    QThreadPool.globalInstance().waitForDone(10_000)


def test_set_context_builds_the_three_areas(ctx, qtbot):
    w = _window(ctx, qtbot)
    assert isinstance(w.memories, MemoriesArea)
    assert isinstance(w.runs, RunsArea)
    assert isinstance(w.devices, DevicesArea)
    assert [w.tabs.widget(i) for i in range(w.tabs.count())] == [w.memories, w.runs, w.devices]
    assert w.ctx is ctx
    _close(w)


def test_the_help_menu_shows_the_log_file(ctx, qtbot):
    w = _window(ctx, qtbot)
    w.log_action.trigger()
    assert str(log_file_path()) in w.statusBar().currentMessage()
    _close(w)


def test_bus_info_reaches_the_status_bar(ctx, qtbot):
    w = _window(ctx, qtbot)
    ctx.bus.show_info("Exported 3 memories")
    assert w.statusBar().currentMessage() == "Exported 3 memories"
    _close(w)


def test_close_stops_every_area_even_when_one_fails(ctx, qtbot, monkeypatch, caplog):
    w = _window(ctx, qtbot)
    stopped: list[str] = []
    for name in ("memories", "runs", "devices"):
        area = getattr(w, name)
        real = area.shutdown

        def shutdown(name: str = name, real=real) -> None:
            stopped.append(name)
            real()
            if name == "runs":
                raise RuntimeError("runs would not stop")

        monkeypatch.setattr(area, "shutdown", shutdown)
    with caplog.at_level(logging.ERROR, logger="hmdesk.gui.main_window"):
        _close(w)
    assert stopped == ["memories", "runs", "devices"]
    assert "runs would not stop" in caplog.text

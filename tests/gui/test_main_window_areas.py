"""App start: the Runs, Devices, Code and Review areas are built when their tab is first opened
(building one is a 50-150 ms event-loop turn), the Review area early for a small store (its
count in the tab title), and the Runs shortcuts work before the Runs area exists."""

from __future__ import annotations

import time

import pytest
from hmdesk.gui import main_window
from hmdesk.gui.code.area import CodeArea
from hmdesk.gui.common.shortcuts import shortcut_rows
from hmdesk.gui.context import AppContext
from hmdesk.gui.devices.area import DevicesArea
from hmdesk.gui.main_window import MainWindow
from hmdesk.gui.review.area import ReviewArea
from hmdesk.gui.runs.area import RunsArea
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot


def _start(ctx: AppContext, qtbot: QtBot) -> MainWindow:
    """The window as app start makes it: the Memories area first, the others later."""
    w = MainWindow(None, settings=ctx.settings)
    qtbot.addWidget(w)
    w.show()
    w.set_context(ctx, later_areas=True)
    assert w.memories is not None
    return w


def _close(w: MainWindow) -> None:
    w.close()
    QThreadPool.globalInstance().waitForDone(10_000)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_small_store_gets_its_review_area_after_the_first_result_the_others_wait(ctx, qtbot):
    w = _start(ctx, qtbot)
    assert w.runs is None and w.devices is None and w.code is None and w.review is None
    assert w.tabs.count() == 5 and w.tabs.currentIndex() == 0
    qtbot.waitUntil(lambda: w.review is not None, timeout=10_000)
    assert isinstance(w.review, ReviewArea) and w.tabs.widget(4) is w.review
    assert w.tabs.tabText(4).startswith("Review")
    assert w.runs is None and w.devices is None and w.code is None  # not until opened
    for index, attr, kind in (
        (1, "runs", RunsArea),
        (2, "devices", DevicesArea),
        (3, "code", CodeArea),
    ):
        w.tabs.setCurrentIndex(index)
        area = getattr(w, attr)
        assert isinstance(area, kind)
        assert w.tabs.currentWidget() is area and w.tabs.indexOf(area) == index
    assert [w.tabs.tabText(i) for i in range(4)] == ["Memories", "Runs", "Devices", "Code"]
    _close(w)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_large_store_builds_no_area_before_its_tab(ctx, qtbot, monkeypatch):
    """Over EARLY_REVIEW_MAX memories the Review area too waits for its tab (its scan would
    only start when the tab is shown anyway); opened, it scans."""
    monkeypatch.setattr(main_window, "EARLY_REVIEW_MAX", -1)
    w = _start(ctx, qtbot)
    qtbot.waitUntil(lambda: w.memories is not None and w.memories.result is not None)
    w._build_when_idle()  # what the first result leads to, once idle
    assert w.review is None and w.runs is None
    w.tabs.setCurrentIndex(4)
    assert isinstance(w.review, ReviewArea) and w.tabs.currentWidget() is w.review
    qtbot.waitUntil(
        lambda: w.review is not None and w.review.scanned_at is not None, timeout=20_000
    )
    _close(w)


def test_the_review_area_waits_while_the_user_types(ctx, qtbot, monkeypatch):
    monkeypatch.setattr(main_window, "IDLE_BEFORE_AREAS_S", 0.2)
    w = _start(ctx, qtbot)
    qtbot.waitUntil(lambda: w.memories is not None and w.memories.result is not None)
    warming = w.memories.searcher.warming
    warming.busy_until = time.monotonic() + 3600  # typing, as far as the window can tell
    w._build_when_idle()
    assert w.review is None
    warming.busy_until = 0.0  # stopped typing long ago
    w._build_when_idle()
    assert isinstance(w.review, ReviewArea) and w.runs is None
    _close(w)


def test_the_window_reopens_on_its_last_tab_with_that_area_built(ctx, qtbot):
    ctx.settings.setValue("window/tab", 2)
    w = _start(ctx, qtbot)
    assert isinstance(w.devices, DevicesArea) and w.tabs.currentWidget() is w.devices
    assert w.runs is None
    _close(w)


def test_the_runs_actions_are_the_window_s_before_the_runs_area_exists(ctx, qtbot):
    w = _start(ctx, qtbot)
    assert w.runs is None
    actions = dict(w.run_actions.by_name)
    assert all(a in w.actions() for a in actions.values())
    rows = {r.what: r.keys for r in shortcut_rows(w)}  # listed already
    assert rows["Build & Run"] == "Ctrl+R" and rows["Build only"] == "Ctrl+B"
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w.memories.table, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(w.runs, RunsArea)
    assert w.tabs.currentWidget() is w.runs  # brought up, as the area's own shortcut does
    assert "Open a project first" in w.runs.banner.text()  # and asked to build: no project
    # the same actions, now acting on the area, and no others
    assert w.runs.run_actions is w.run_actions and w.run_actions.by_name == actions
    assert w.runs.run_action is actions["run"]
    assert sum(a.shortcut().toString() == "Ctrl+B" for a in w.actions()) == 1
    assert all(a in w.runs.choices.more_menu.actions() for a in w.run_actions.menu_groups()[0])
    _close(w)


def test_a_fault_log_opened_in_the_devices_tab_shows_as_the_runs_crash_card(ctx, qtbot, tmp_path):
    """The Files view's fault log (``crash_opened``) brings up the Runs tab (built then) with
    its crash card open in the feed (real log: tests/data/real_logs/cppcrash, OpenHarmony)."""
    from pathlib import Path

    from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog

    ctx.settings.setValue("window/tab", 2)
    w = _start(ctx, qtbot)
    assert isinstance(w.devices, DevicesArea) and w.runs is None
    src = Path(__file__).resolve().parents[1] / "data/real_logs/cppcrash/crasher-segv-accerr.log"
    crash = read_faultlog(src)
    w.devices.files.crash_opened.emit(crash)
    assert isinstance(w.runs, RunsArea) and w.tabs.currentWidget() is w.runs
    page = w.runs.run_page
    assert w.runs.tabs.currentWidget() is page
    qtbot.waitUntil(lambda: page.feed.open_key is not None and page.feed.open_key[0] == "crash")
    assert page.crashes.card.crash is not None
    assert page.crashes.card.title.text().startswith("C++ crash")
    _close(w)

"""Clear errors in the Runs area (missing tool, unreadable project), the device box, GC freeze."""

from __future__ import annotations

import gc

import pytest
from hmdesk.gui.context import build_context
from hmdesk.gui.runs import hilog_feed
from hmdesk.gui.runs.area import RunsArea
from hmdesk.gui.runs.hilog_view import HilogView
from PySide6.QtCore import QSettings

from tests.fixtures.fake_tools import FAKE_HDC_KEY, fake_tools

__all__ = ["fake_tools"]


@pytest.fixture
def area(qtbot, tmp_path, qapp, fake_tools):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    ctx = build_context(tmp_path / "hmdesk.db", settings)
    a = RunsArea(ctx)
    qtbot.addWidget(a)
    a.resize(1300, 850)
    a.show()
    yield a
    a.shutdown()
    ctx.db.close()


def test_missing_hvigorw_fails_with_a_card_that_says_what_to_do(qtbot, area, fake_tools):
    fake_tools.set("HMDESK_HVIGORW", str(fake_tools.work / "no-such-hvigorw"))
    with qtbot.waitSignal(area.project_loaded, timeout=10_000):
        area.open_project(str(fake_tools.project("hello")))
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    with qtbot.waitSignal(area.run_done, timeout=60_000) as sig:
        assert area.build_and_run()
    assert sig.args[0]["status"] == "failed"
    qtbot.waitUntil(lambda: area.card_scroll.isVisible(), timeout=10_000)
    assert area.card.finding["kind"] == "tool"
    assert "hvigorw" in area.card.evidence.text()
    assert "HMDESK_HVIGORW" in area.card.fix.text()
    assert area.run_button.isEnabled()


@pytest.mark.parametrize("broken", ["empty-folder", "bad-json5"])
def test_unreadable_project_says_why_and_what_to_open(qtbot, area, tmp_path, broken):
    folder = tmp_path / broken
    folder.mkdir()
    if broken == "bad-json5":
        (folder / "AppScope").mkdir()
        (folder / "AppScope" / "app.json5").write_text("{ app: { bundleName: ", encoding="utf-8")
        (folder / "build-profile.json5").write_text("{}", encoding="utf-8")
    with qtbot.waitSignal(area.project_loaded, timeout=10_000) as sig:
        area.open_project(str(folder))
    assert "error" in sig.args[0]
    text = area.project_label.text()
    assert "Not a HarmonyOS project" in text and "AppScope/app.json5" in text
    assert area.project is None
    assert area.build_and_run() is False  # and it says to open a project first
    assert "Open a project first" in area.banner.text()


def test_device_box_shows_the_whole_device_and_state(qtbot, area, fake_tools):
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    box = area.device_box
    text = box.currentText()
    assert FAKE_HDC_KEY in text and "Connected" in text
    # the closed combo is wide enough for its text (it used to cut "Connected" off)
    assert box.width() >= box.fontMetrics().horizontalAdvance(text) + 20


def test_query_note_does_not_call_an_ignored_term_a_fallback(qtbot):
    view = HilogView(capacity=100)
    qtbot.addWidget(view)
    view.show()
    view.query.setText("tag:")  # parses; the empty term is ignored
    view.apply_query()
    assert view.note.isVisible()
    assert "ignored" in view.note.text() and "plain text" not in view.note.text()
    view.query.setText('tag:"unbalanced')  # does not parse: plain-text fallback
    view.apply_query()
    assert "plain text" in view.note.text()
    view.shutdown()


def test_streams_freeze_the_heap_once_per_process(qtbot, monkeypatch):
    frozen: list[int] = []
    monkeypatch.setattr(gc, "get_freeze_count", lambda: len(frozen))
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(1))
    feeds = [hilog_feed.HilogFeed("/nonexistent/hdc", FAKE_HDC_KEY) for _ in range(3)]
    for feed in feeds:
        monkeypatch.setattr(feed.stream, "start", lambda: None)
        feed.start()  # a new target, a reconnect: never another freeze
    assert frozen == [1]
    for feed in feeds:
        feed.deleteLater()


def test_export_builds_the_lines_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    from hmdesk.core.toolchain.hilog.parse import parse_line

    view = HilogView(capacity=1000)
    qtbot.addWidget(view)
    raw = [
        f"11-29 20:00:01.{i:03d}  5394  5394 {'E' if i % 2 else 'I'} A03200/com.x/T: line {i}"
        for i in range(1200)
    ]
    view.push_lines([parse_line(r) for r in raw])
    qtbot.waitUntil(lambda: view.model.received == 1200)

    def on_gui_thread(*_a: object) -> list:
        raise AssertionError("re-wrapping 200k rows here stalls the GUI for 300+ ms")

    monkeypatch.setattr(view.model, "all_lines", on_gui_thread)
    monkeypatch.setattr(view.model, "visible_lines", on_gui_thread)
    with qtbot.waitSignal(view.export_done, timeout=10_000) as sig:
        view.export(tmp_path / "all.log", filtered=False)
    assert sig.args[1] == 1000
    assert (tmp_path / "all.log").read_text().splitlines() == raw[200:]
    view.query.setText("level:E")
    view.apply_query()
    qtbot.waitUntil(lambda: view.model.caught_up)
    with qtbot.waitSignal(view.export_done, timeout=10_000) as sig:
        view.export(tmp_path / "errors.log", filtered=True)
    assert (tmp_path / "errors.log").read_text().splitlines() == raw[201::2]
    view.shutdown()


def test_ctrl_r_works_from_another_tab_and_brings_the_runs_area_up(qtbot, area):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLineEdit, QTabWidget

    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    other = QLineEdit()
    tabs.addTab(other, "Memories")
    tabs.addTab(area, "Runs")
    tabs.setCurrentIndex(0)
    tabs.show()
    with qtbot.waitActive(tabs):
        tabs.activateWindow()
    other.setFocus()
    qtbot.keyClick(other, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: tabs.currentWidget() is area)
    assert "Open a project first" in area.banner.text()
    tabs.removeTab(tabs.indexOf(area))  # the fixture shuts the area down; tabs must not own it
    area.setParent(None)


def test_export_is_a_menu_button_with_all_and_filtered(qtbot):
    from PySide6.QtWidgets import QPushButton

    view = HilogView(capacity=10)
    qtbot.addWidget(view)
    assert isinstance(view.export_button, QPushButton)  # its arrow no longer overlaps the text
    actions = view.export_button.menu().actions()
    assert view.export_all_action in actions and view.export_filtered_action in actions
    view.shutdown()


def test_missing_hdc_is_said_on_the_runs_tab_too(qtbot, area, fake_tools):
    fake_tools.set("HMDESK_HDC", str(fake_tools.work / "no-such-hdc"))
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.device_error.isVisible(), timeout=15_000)
    assert "HMDESK_HDC" in area.device_error.text()
    fake_tools.set("HMDESK_HDC", str(fake_tools.hdc))
    area.hub.refresh()
    qtbot.waitUntil(lambda: not area.device_error.isVisible(), timeout=15_000)


def test_history_filters_by_device_and_project(qtbot, tmp_path, qapp):
    from hmdesk.core.db import iso
    from hmdesk.core.models import Run
    from hmdesk.gui.runs.history import RunHistory

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    ctx = build_context(tmp_path / "h.db", settings)
    with ctx.db.write() as s:
        for project, device, status in (
            ("/p/a", "DEV1", "success"),
            ("/p/a", "DEV2", "failed"),
            ("/p/b", "DEV1", "failed"),
        ):
            s.add(Run(project=project, device=device, status=status, started_at=iso(), options={}))
    h = RunHistory(ctx.db)
    qtbot.addWidget(h)
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.reload()
    assert h.model.rowCount() == 3
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.device_box.setCurrentText("DEV1")
    assert sorted(h.model.run_at(r)["project"] for r in range(h.model.rowCount())) == [
        "/p/a",
        "/p/b",
    ]
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.project_box.setCurrentText("/p/b")
    assert h.model.rowCount() == 1 and h.model.run_at(0)["device"] == "DEV1"
    ctx.db.close()

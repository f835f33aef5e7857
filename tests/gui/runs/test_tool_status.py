"""The missing-tools line and the way to the Preferences."""

from __future__ import annotations

from hmdesk.gui.runs.tool_status import ToolStatus, find_preferences_action, reason_text
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow


def test_reason_says_what_is_off_and_what_to_do():
    assert reason_text([]) == ""
    both = reason_text(["hdc", "hvigorw"])
    assert both.startswith("Build & Run, Build only, Install only, Uninstall and Clear app data")
    assert "hdc and hvigorw were not found" in both and "Preferences (Ctrl+,)" in both


def test_finds_the_window_preferences_action_by_its_shortcut(qtbot):
    win = QMainWindow()
    qtbot.addWidget(win)
    assert find_preferences_action(win) is None
    action = QAction("Preferences…", win)
    action.setShortcut(QKeySequence("Ctrl+,"))
    assert find_preferences_action(win) is action


def test_line_shows_only_when_a_tool_is_missing(qtbot, ctx, fake_tools):
    status = ToolStatus(ctx.db)
    qtbot.addWidget(status)
    status.show()
    with qtbot.waitSignal(status.checked, timeout=10_000):
        status.refresh()
    assert status.missing == [] and not status.isVisible()
    fake_tools.set("HMDESK_HVIGORW", "/nonexistent/hvigorw")
    with qtbot.waitSignal(status.checked, timeout=10_000):
        status.refresh()
    assert status.missing_for(["hdc", "hvigorw"]) == ["hvigorw"] and status.isVisible()
    assert "HMDESK_HVIGORW" in status.why(["hvigorw"])

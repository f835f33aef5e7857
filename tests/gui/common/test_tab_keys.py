"""Switching tabs from the keyboard: Ctrl+Tab / Ctrl+Shift+Tab, Ctrl+PgDown / PgUp, Alt+n."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui.windows import close_window, make_window

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_tabs_switch_from_the_keyboard_wherever_the_focus_is(ctx, qtbot):
    """Issue 32, missing: no keyboard way to switch tabs."""
    w = make_window(ctx, qtbot)
    w.build_other_areas()
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    table = w.memories.table
    table.setFocus()
    assert w.tabs.currentIndex() == 0
    qtbot.keyClick(table, Qt.Key.Key_Tab, CTRL)
    assert w.tabs.currentIndex() == 1
    qtbot.keyClick(w, Qt.Key.Key_PageDown, CTRL)
    assert w.tabs.currentIndex() == 2
    qtbot.keyClick(w, Qt.Key.Key_PageUp, CTRL)
    assert w.tabs.currentIndex() == 1
    qtbot.keyClick(w, Qt.Key.Key_Backtab, CTRL | SHIFT)
    assert w.tabs.currentIndex() == 0
    qtbot.keyClick(w, Qt.Key.Key_Backtab, CTRL | SHIFT)  # wraps around
    assert w.tabs.currentIndex() == 4
    qtbot.keyClick(w, Qt.Key.Key_4, Qt.KeyboardModifier.AltModifier)
    assert w.tabs.currentWidget() is w.code
    assert w.code.isAncestorOf(QApplication.focusWidget())  # its keys work at once
    qtbot.keyClick(w, Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is w.review.list  # J/K and the arrows move in it
    w.tabs.setCurrentIndex(0)
    w.memories.query_bar.focus_text()  # a text field does not keep the keys
    qtbot.keyClick(w.memories.query_bar.text, Qt.Key.Key_Tab, CTRL)
    assert w.tabs.currentIndex() == 1
    names = [a.text() for a in w.view_menu.actions()]
    assert "&Next tab" in names and "Go to the Review tab" in names
    close_window(w)


def test_a_tabs_own_keys_win_on_that_tab(ctx, qtbot):
    """The Code tab's Ctrl+F (its filter) and F5 (re-index) were ambiguous with the Memories
    area's window-wide Ctrl+F and F5: Qt ran neither. On the Code tab its own keys work; on the
    Memories tab the Memories' keys are back."""
    w = make_window(ctx, qtbot)
    w.build_other_areas()
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w.memories.table, Qt.Key.Key_4, Qt.KeyboardModifier.AltModifier)
    assert w.tabs.currentWidget() is w.code
    w.code.tree.setFocus()
    qtbot.keyClick(w.code.tree, Qt.Key.Key_F, CTRL)
    assert w.code.focusWidget() is w.code.filter
    assert w.memories.actions_by_name["focus_query"].shortcuts() == []
    w.tabs.setCurrentWidget(w.memories)
    assert w.memories.actions_by_name["focus_query"].shortcut().toString() == "Ctrl+F"
    close_window(w)

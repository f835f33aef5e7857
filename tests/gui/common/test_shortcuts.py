"""The keyboard shortcuts list: built from a window's actions when it opens."""

from __future__ import annotations

from hmdesk.gui.common.shortcuts import (
    KEYS_WITHOUT_ACTIONS,
    ShortcutsDialog,
    plain_text,
    shortcut_rows,
    window_actions,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLineEdit, QMainWindow, QMenu, QPushButton, QWidget


def _window(qtbot) -> QMainWindow:
    w = QMainWindow()
    qtbot.addWidget(w)
    edit = w.menuBar().addMenu("&Edit")
    undo = QAction("&Undo last change", w)
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    edit.addAction(undo)
    edit.addSeparator()
    edit.addAction(QAction("Restore &deleted…", w))  # in a menu, no key: not listed
    central = QWidget(w)
    w.setCentralWidget(central)
    line = QLineEdit(central)
    line.setClearButtonEnabled(True)  # Qt's own action: never listed
    button = QPushButton("Export", central)
    button.setMenu(QMenu(button))  # the menu's own action opens it: not a command
    run = QAction("Build && Run", central)
    run.setShortcuts([QKeySequence("Ctrl+R"), QKeySequence("F9")])
    central.addAction(run)
    return w


def test_rows_come_from_the_actions_with_their_menu_and_keys(qtbot):
    w = _window(qtbot)
    rows = shortcut_rows(w)
    listed = [(r.where, r.what, r.keys) for r in rows[: -len(KEYS_WITHOUT_ACTIONS)]]
    assert listed == [
        ("Edit", "Undo last change", "Ctrl+Z"),
        ("Anywhere", "Build & Run", "Ctrl+R, F9"),
    ]
    assert [r.what for r in rows[-len(KEYS_WITHOUT_ACTIONS) :]] == [
        k[1] for k in KEYS_WITHOUT_ACTIONS
    ]
    assert sorted(plain_text(a.text()) for a in window_actions(w)) == [
        "Build & Run",
        "Restore deleted",
        "Undo last change",
    ]


def test_the_dialog_filters_and_reads_the_actions_when_it_opens(qtbot):
    w = _window(qtbot)
    late = QAction("Take a screenshot", w)
    late.setShortcut(QKeySequence("Ctrl+Shift+P"))
    w.addAction(late)
    dialog = ShortcutsDialog(w)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.table.rowCount() == 3 + len(KEYS_WITHOUT_ACTIONS)
    assert dialog.table.item(2, 1).text() == "Take a screenshot"
    qtbot.keyClicks(dialog.filter, "ctrl+r")
    assert [r.what for r in dialog.visible_rows()] == ["Build & Run"]
    dialog.filter.clear()
    assert len(dialog.visible_rows()) == dialog.table.rowCount()


def test_the_window_list_has_no_empty_row_and_no_window_group(ctx, qtbot):
    """Issue 32, ugly: the list had an empty row (the screenshot panel's unnamed actions) and a
    "Window" group though there is no Window menu; a tab's actions are grouped by their tab."""
    from hmdesk.gui.common.shortcuts import ANYWHERE

    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    w.build_other_areas()
    rows = shortcut_rows(w)
    assert all(r.what.strip() for r in rows)
    assert "Window" not in {r.where for r in rows}
    groups = {r.where for r in rows}
    assert {"Review", "Devices", "Edit", "View", ANYWHERE} <= groups
    by_name = {(r.where, r.what): r.keys for r in rows}
    assert by_name[("Devices", "Save the screenshot as")] == "Ctrl+S"
    assert by_name[("Edit", "Preferences")] == "Ctrl+,"
    assert [r.where for r in rows[: -len(KEYS_WITHOUT_ACTIONS)]][-1] == ANYWHERE  # last
    close_window(w)


def test_every_command_is_shown_whole_when_the_list_opens(ctx, qtbot):
    """Seen under X: the Command column got ~125 of 560 px ("Anchor a memory…", "Copy the
    screens…") while Keys took the rest for its longest row."""
    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    w.resize(1024, 700)
    w.build_other_areas()
    dialog = w.show_shortcuts()
    qtbot.waitExposed(dialog)
    table = dialog.table
    metrics = table.fontMetrics()
    column = table.horizontalHeader().sectionSize(1)
    cut = [
        table.item(r, 1).text()
        for r in range(table.rowCount())
        if metrics.horizontalAdvance(table.item(r, 1).text()) + 8 > column
    ]
    assert not cut, (column, cut)
    assert dialog.width() <= w.width()
    dialog.close()
    close_window(w)

"""The command palette: every action of the window, fuzzy-filtered, Enter runs, Esc closes."""

from __future__ import annotations

from hmdesk.gui.common.command_palette import CommandPalette, commands, fuzzy_score
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow

from tests.gui.windows import close_window, make_window


def test_fuzzy_score_takes_letters_in_order_and_prefers_word_starts():
    assert fuzzy_score("bdrn", "Build & Run") is not None
    assert fuzzy_score("nrdb", "Build & Run") is None
    assert fuzzy_score("undo", "Undo last change") == 0
    # the text as typed, whole, before letters found apart
    assert fuzzy_score("tab", "Next tab") < fuzzy_score("tab", "Next pair: B becomes the next")
    assert fuzzy_score("uc", "Undo last change") < fuzzy_score("uc", "Pull the cache")


def _window(qtbot) -> tuple[QMainWindow, list[str]]:
    w = QMainWindow()
    qtbot.addWidget(w)
    ran: list[str] = []
    edit = w.menuBar().addMenu("&Edit")
    for text, keys in (("&Undo last change", "Ctrl+Z"), ("Restore &deleted…", "")):
        a = QAction(text, w)
        if keys:
            a.setShortcut(QKeySequence(keys))
        a.triggered.connect(lambda _c=False, t=text: ran.append(t))
        edit.addAction(a)
    off = QAction("Stop", w)
    off.setEnabled(False)
    w.addAction(off)
    return w, ran


def test_lists_every_named_action_with_where_and_keys(qtbot):
    w, _ran = _window(qtbot)
    listed = {(c.what, c.where, c.keys) for c in commands(w)}
    assert listed == {
        ("Undo last change", "Edit", "Ctrl+Z"),
        ("Restore deleted", "Edit", ""),
        ("Stop", "Anywhere", ""),
    }


def test_typing_filters_enter_runs_and_esc_closes(qtbot):
    w, ran = _window(qtbot)
    w.show()
    palette = CommandPalette(w)
    palette.show()
    qtbot.keyClicks(palette.filter, "rsdl")
    assert len(palette.shown()) == 1 and palette.shown()[0].startswith("Restore deleted")
    qtbot.keyClick(palette.filter, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ran == ["Restore &deleted…"])
    assert not palette.isVisible()

    again = CommandPalette(w)
    again.show()
    qtbot.keyClicks(again.filter, "stop")  # disabled: listed, never run
    assert again.shown() and again.list.currentIndex().row() == -1
    qtbot.keyClick(again.filter, Qt.Key.Key_Return)
    assert again.isVisible()
    qtbot.keyClick(again.filter, Qt.Key.Key_Escape)
    assert not again.isVisible()


def test_ctrl_shift_p_opens_it_over_the_whole_window(ctx, qtbot):
    """Issue 32, requirement 4: Ctrl+Shift+P, over every action with its shortcut."""
    w = make_window(ctx, qtbot)
    w.build_other_areas()
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    mods = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(w.memories.table, Qt.Key.Key_P, mods)
    qtbot.waitUntil(lambda: w.palette_dialog is not None and w.palette_dialog.isVisible())
    palette = w.palette_dialog
    labels = palette.shown()
    assert any(label.startswith("Build & Run") and "Ctrl+R" in label for label in labels)
    assert any(label.startswith("Merge") and "Review" in label for label in labels)
    assert any(label.startswith("Next tab") for label in labels)
    qtbot.keyClicks(palette.filter, "go to the code tab")
    assert palette.shown()[0].startswith("Go to the Code tab")
    qtbot.keyClick(palette.filter, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.tabs.currentWidget() is w.code)
    close_window(w)

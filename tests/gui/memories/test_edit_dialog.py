"""The edit dialog: the core's input rules as you type, and an outside change never overwritten."""

from __future__ import annotations

from dataclasses import replace

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.gui.memories.edit_dialog import MemoryEditDialog, edit_view
from PySide6.QtWidgets import QDialogButtonBox

SAVE = QDialogButtonBox.StandardButton.Save


def test_new_memory_is_validated_with_the_core_rules(qtbot):
    d = MemoryEditDialog()
    qtbot.addWidget(d)
    assert not d.buttons.button(SAVE).isEnabled() and "empty" in d.error.text()
    d.content.setPlainText("  ohpm needs a proxy  ")
    d.tags.setText("ohpm, proxy")
    assert d.buttons.button(SAVE).isEnabled()
    v = d.values()
    assert (v.content, v.tags, v.layer, v.environment, v.reason) == (
        "ohpm needs a proxy",
        ("ohpm", "proxy"),
        "semantic",
        "harmonyos",
        None,
    )


def test_outside_change_blocks_save_until_loaded(qtbot):
    mine = MemoryRecord("m", "semantic", "old text", "s", "p", 0.5, "t", "harmonyos", "s", ("a",))
    d = MemoryEditDialog(mine)
    qtbot.addWidget(d)
    theirs = replace(mine, content="their text")
    assert edit_view(theirs) != edit_view(mine)
    assert edit_view(replace(mine, confidence=0.9)) == edit_view(mine)  # not a conflict
    d.outside_change(theirs)
    assert "Changed outside" in d.problem() and not d.buttons.button(SAVE).isEnabled()
    d.load_theirs.click()
    assert d.content.toPlainText() == "their text" and d.problem() is None


def test_enter_on_a_row_opens_the_editor_typing_into_the_content(loaded, qtbot):
    """Issue 32, broken 3: the editor opened with the focus on Save (the hidden "Load their
    version" button first in the tab order): typed letters went nowhere."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    loaded.window().activateWindow()
    loaded.table.setFocus()
    loaded.select_ids([loaded.model.ids()[0]], loaded.model.ids()[0])
    qtbot.keyClick(loaded.table, Qt.Key.Key_Return)
    dialog = loaded.editing.edit_dialog
    assert isinstance(dialog, MemoryEditDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert dialog.focusWidget() is dialog.content
    before = dialog.content.toPlainText()
    qtbot.keyClicks(dialog.focusWidget(), "x")
    assert dialog.content.toPlainText() != before
    dialog.reject()


def test_tab_order_puts_the_hidden_button_last(qtbot):
    from PySide6.QtCore import Qt

    d = MemoryEditDialog()
    qtbot.addWidget(d)
    chain, w = [], d.content
    for _ in range(40):  # the widgets that take Tab focus, in the order Tab visits them
        if w.focusPolicy() & Qt.FocusPolicy.TabFocus:
            chain.append(w)
        w = w.nextInFocusChain()
    cancel = d.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert chain[1] is d.tags
    assert chain.index(d.load_theirs) > max(
        chain.index(d.buttons.button(SAVE)), chain.index(cancel)
    )
    assert not d.load_theirs.autoDefault()


def test_tab_leaves_the_content_and_ctrl_enter_saves(qtbot):
    """Issue 32, missing: Tab in the content inserted a tab; Ctrl+Enter did not save."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    d = MemoryEditDialog()
    qtbot.addWidget(d)
    d.show()
    d.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)  # a shortcut needs its window active
    d.content.setFocus()
    qtbot.keyClicks(d.content, "ohpm needs a proxy")
    qtbot.keyClick(d.content, Qt.Key.Key_Tab)
    assert "\t" not in d.content.toPlainText()
    assert d.focusWidget() is d.tags
    d.content.setFocus()
    with qtbot.waitSignal(d.accepted, timeout=2000):
        qtbot.keyClick(d.content, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert d.values().content == "ohpm needs a proxy"

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

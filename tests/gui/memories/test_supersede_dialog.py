"""The supersede dialog's rules and values."""

from __future__ import annotations

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.gui.memories.supersede_dialog import SupersedeDialog, SupersedeInput
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from .conftest import search, wait_idle

PRIVATE = "starter-hilog-private"


def rec(id_: str, content: str) -> MemoryRecord:
    return MemoryRecord(id_, "semantic", content, "s", "p", 0.5, "t", "h", "s")


def test_supersede_by_new_text_and_by_an_existing_memory(qtbot):
    old, other = rec("old", "hdc install fails"), rec("new", "sign the HAP")
    known = {"new": other}
    d = SupersedeDialog([old], known.get, [old, other])
    qtbot.addWidget(d)
    assert d.problem() == "The replacement is the same as the old text."
    d.new_text.setPlainText("hdc install fails: sign the HAP")
    assert d.problem() == "Give a reason."
    d.reason.setText("more precise")
    assert d.problem() is None
    assert d.values() == SupersedeInput(
        reason="more precise", content="hdc install fails: sign the HAP", confidence=0.5
    )
    d.by_existing.setChecked(True)
    d.existing.setEditText("nope")
    assert d.problem() == "No memory with id “nope”."
    d.existing.setEditText("new")
    assert d.problem() is None and d.values() == SupersedeInput(reason="more precise", by="new")


def open_supersede(area, qtbot, memory_id: str) -> SupersedeDialog:
    assert area.select_id(memory_id)
    area.actions_by_name["supersede"].trigger()
    dialog = area.dialog
    assert isinstance(dialog, SupersedeDialog)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def press_supersede(area, qtbot, dialog: SupersedeDialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert button.isEnabled(), dialog.problem()
    with qtbot.waitSignal(area.result_applied, timeout=5000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_idle(qtbot, area)


def test_superseding_by_new_text_keeps_the_old_confidence(loaded, qtbot):
    loaded.store.set_confidence(PRIVATE, 0.95, reason="verified")
    search(qtbot, loaded, "hilog")
    dialog = open_supersede(loaded, qtbot, PRIVATE)
    assert dialog.confidence.isVisible() and dialog.confidence.text() == "0.95"
    qtbot.keyClicks(dialog.new_text, " (numbers too)")
    qtbot.keyClicks(dialog.reason, "numbers need it too")
    press_supersede(loaded, qtbot, dialog)
    new_id = loaded.store.get(PRIVATE).superseded_by
    assert new_id is not None and loaded.store.get(new_id).confidence == 0.95


def test_superseding_a_memory_lowered_as_wrong_starts_at_its_confidence_before(loaded, qtbot):
    """Issue 32: supersede copied a lowered confidence to the correction."""
    loaded.store.set_confidence(PRIVATE, 0.9, reason="verified")
    loaded.store.set_confidence(PRIVATE, 0.2, reason="this is wrong on retail devices")
    search(qtbot, loaded, "hilog")
    dialog = open_supersede(loaded, qtbot, PRIVATE)
    assert dialog.confidence.text() == "0.90"
    qtbot.keyClicks(dialog.new_text, " (numbers too)")
    qtbot.keyClicks(dialog.reason, "the corrected text")
    press_supersede(loaded, qtbot, dialog)
    new_id = loaded.store.get(PRIVATE).superseded_by
    assert loaded.store.get(new_id).confidence == 0.9
    # the store's own default (the CLI's `supersede --content`) is the same
    other = loaded.store.add("hdc file send needs the full remote path", confidence=0.8)
    loaded.store.set_confidence(other.id, 0.3, reason="wrong")
    assert loaded.store.supersede(other.id, content="x y z", reason="fixed").confidence == 0.8


def test_superseding_by_new_text_saves_the_confidence_typed(loaded, qtbot):
    search(qtbot, loaded, "hilog")
    dialog = open_supersede(loaded, qtbot, PRIVATE)
    qtbot.keyClicks(dialog.new_text, " (numbers too)")
    qtbot.keyClicks(dialog.reason, "numbers need it too")
    dialog.confidence.setFocus()
    qtbot.keyClick(dialog.confidence, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.confidence, "1.5")
    assert dialog.confidence.text() == "1.5" and "out of range" not in dialog.error.text()
    qtbot.keyClick(dialog.confidence, Qt.Key.Key_Tab)  # commit by leaving the field
    assert "out of range" in dialog.error.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    qtbot.keyClick(dialog.confidence, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.confidence, "0.85")
    assert dialog.confidence.text() == "0.85" and dialog.error.text() == ""
    press_supersede(loaded, qtbot, dialog)
    new_id = loaded.store.get(PRIVATE).superseded_by
    assert loaded.store.get(new_id).confidence == 0.85


def test_superseding_by_an_existing_memory_has_no_confidence_field(qtbot):
    old, other = rec("old", "hdc install fails"), rec("new", "sign the HAP")
    d = SupersedeDialog([old], {"new": other}.get, [other])
    qtbot.addWidget(d)
    d.show()
    assert d.confidence.isVisible()
    d.by_existing.setChecked(True)
    assert not d.confidence.isVisible()  # the existing memory keeps its own confidence
    d.existing.setEditText("new")
    d.reason.setText("dup")
    assert d.values() == SupersedeInput(reason="dup", by="new")

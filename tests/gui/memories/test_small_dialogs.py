"""The small dialogs: confidence needs a reason, a tag has no spaces, the import report, restore."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.memory.hmharness.jsonl import ImportReport, SkippedLine
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.gui.memories.small_dialogs import (
    ConfidenceDialog,
    ImportReportDialog,
    RestoreDialog,
    TagDialog,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QWidget

OK = QDialogButtonBox.StandardButton.Ok


def rec(id_: str, conf: float = 0.5, deleted: str | None = None) -> MemoryRecord:
    return MemoryRecord(
        id_, "semantic", f"text of {id_}", "s", "p", conf, "t", "h", "s", deleted_at=deleted
    )


def test_confidence_dialog_needs_a_reason_and_starts_at_the_mean(qtbot):
    d = ConfidenceDialog([rec("a", 0.2), rec("b", 0.6)])
    qtbot.addWidget(d)
    assert d.value() == 0.4 and "2 memories" in d.windowTitle()
    assert not d.buttons.button(OK).isEnabled()
    d.reason.setText("checked")
    assert d.buttons.button(OK).isEnabled() and d.reason_text() == "checked"


def test_tag_dialog_refuses_spaces(qtbot):
    d = TagDialog(True, 3, ["hdc"])
    qtbot.addWidget(d)
    d.tag.setText("two words")
    assert not d.buttons.button(OK).isEnabled()
    d.tag.setText(" signing ")
    assert d.buttons.button(OK).isEnabled() and d.value() == "signing"


def test_import_report_lists_skipped_lines(qtbot):
    report = ImportReport(
        Path("/x/memory.jsonl"), imported=2, skipped=[SkippedLine(3, "bad <json>")]
    )
    d = ImportReportDialog(report)
    qtbot.addWidget(d)
    assert "line 3" in d.skipped.toPlainText() and "bad <json>" in d.skipped.toPlainText()


def test_restore_dialog_says_when_in_local_time(qtbot, shanghai):
    d = RestoreDialog([rec("a", deleted="2026-01-01T10:00:00.000Z")])
    qtbot.addWidget(d)
    assert "(deleted 2026-01-01 18:00:00 CST (UTC+08:00))" in d.list.item(0).text()


def test_restore_dialog_counts_in_the_singular_for_one(qtbot):
    from PySide6.QtWidgets import QLabel

    one = RestoreDialog([rec("a", deleted="2026-01-01")])
    two = RestoreDialog([rec("a", deleted="2026-01-01"), rec("b", deleted="2026-01-02")])
    for d in (one, two):
        qtbot.addWidget(d)
    texts = [[w.text() for w in d.findChildren(QLabel)] for d in (one, two)]
    assert any(t.startswith("1 deleted memory.") for t in texts[0])
    assert any(t.startswith("2 deleted memories.") for t in texts[1])


def test_restore_dialog_hands_back_the_picked_ids(qtbot):
    d = RestoreDialog([rec("a", deleted="2026-01-01"), rec("b", deleted="2026-01-02")])
    qtbot.addWidget(d)
    assert d.ids() == []
    d.list.item(1).setSelected(True)
    assert d.ids() == ["b"]


# --------------------------------------------------------------------- typing a confidence


def open_confidence_dialog(area, qtbot, memory_id: str) -> ConfidenceDialog:
    assert area.select_id(memory_id)
    area.actions_by_name["confidence"].trigger()
    dialog = area.dialog
    assert isinstance(dialog, ConfidenceDialog)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()  # as the window manager does: keys go to the dialog
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.spin.hasFocus()  # ready to type
    return dialog


def type_into(qtbot, widget, text: str) -> list[str]:
    """Select all and type ``text`` one key at a time; the text shown after each key."""
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    seen = []
    for ch in text:
        qtbot.keyClick(widget, ch)
        seen.append(widget.text())
    return seen


@pytest.mark.parametrize("typed", ["0.45", "0.6", "0.05", "1", ".3"])
def test_typed_confidence_is_kept_as_typed_and_saved(loaded, qtbot, typed):
    memory_id = loaded.model.ids()[0]
    dialog = open_confidence_dialog(loaded, qtbot, memory_id)
    seen = type_into(qtbot, dialog.spin, typed)
    # nothing rewrites the text while it is typed: after each key it is what was typed so far
    assert seen == [typed[: i + 1] for i in range(len(typed))]
    # fast typing (all keys at once) ends the same way
    qtbot.keyClick(dialog.spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.spin, typed)
    assert dialog.spin.text() == typed
    assert dialog.slider.value() == round(float(typed) * 100)  # the slider follows
    qtbot.keyClicks(dialog.reason, "checked on a device")
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        qtbot.mouseClick(dialog.buttons.button(OK), Qt.MouseButton.LeftButton)
    assert loaded.store.get(memory_id).confidence == float(typed)


@pytest.mark.parametrize(
    ("typed", "message"),
    [("1.5", "out of range"), ("0.455", "more than two decimals"), ("", "Enter a confidence")],
)
def test_a_bad_confidence_is_explained_on_commit_and_not_saved(loaded, qtbot, typed, message):
    memory_id = loaded.model.ids()[0]
    before = loaded.store.get(memory_id).confidence
    dialog = open_confidence_dialog(loaded, qtbot, memory_id)
    qtbot.keyClicks(dialog.reason, "checked")
    dialog.spin.setFocus()
    assert loaded.dialog is dialog
    type_into(qtbot, dialog.spin, typed)
    if not typed:
        qtbot.keyClick(dialog.spin, Qt.Key.Key_Delete)
    assert dialog.spin.text() == typed  # kept as typed, not clamped or rounded
    assert not dialog.error.isVisible()  # no complaint while typing
    qtbot.keyClick(dialog.spin, Qt.Key.Key_Return)  # commit: Enter would also press OK
    assert dialog.isVisible() and loaded.dialog is dialog
    assert dialog.error.isVisible() and message in dialog.error.text()
    assert dialog.spin.text() == typed
    assert loaded.store.get(memory_id).confidence == before  # nothing saved
    # fixing it clears the message; OK saves exactly what is shown
    type_into(qtbot, dialog.spin, "0.9")
    assert not dialog.error.isVisible()
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        qtbot.keyClick(dialog.spin, Qt.Key.Key_Return)
    assert loaded.store.get(memory_id).confidence == 0.9


def test_confidence_steps_by_005_with_keys_and_slider(qtbot):
    d = ConfidenceDialog([rec("a", 0.7)])
    qtbot.addWidget(d)
    d.show()
    assert d.spin.text() == "0.70"
    type_into(qtbot, d.spin, "0.45")
    qtbot.keyClick(d.spin, Qt.Key.Key_Up)
    assert d.spin.text() == "0.50" and d.value() == 0.5
    qtbot.keyClick(d.spin, Qt.Key.Key_Down)
    qtbot.keyClick(d.spin, Qt.Key.Key_Down)
    assert d.spin.text() == "0.40" and d.slider.value() == 40
    type_into(qtbot, d.spin, "0.98")
    qtbot.keyClick(d.spin, Qt.Key.Key_Up)
    assert d.spin.text() == "1.00"  # never past 1
    d.slider.setValue(25)
    assert d.spin.text() == "0.25" and d.value() == 0.25


def test_confidence_dialog_is_sized_to_its_content_not_the_window(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    long = MemoryRecord(
        "mem-long", "semantic", "hdc install fails " * 40, "s", "p", 0.5, "t", "h", "s"
    )
    d = ConfidenceDialog([long], window)
    d.show()
    qtbot.waitExposed(d)
    assert d.width() <= ConfidenceDialog.MAX_WIDTH < window.width() // 2
    about = d.findChild(QLabel, "confidenceAbout")
    assert about.wordWrap() and about.width() <= d.width()

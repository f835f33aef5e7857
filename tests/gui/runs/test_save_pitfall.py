"""Saving a failure as a pitfall: the pre-filled fields and the dialog's values."""

from __future__ import annotations

from hmdesk.core.memory.record import LAYERS
from hmdesk.core.toolchain.finding import Finding
from hmdesk.gui.runs.save_pitfall import SavePitfallDialog, pitfall_prefill


def test_prefill_from_a_finding():
    finding = Finding(kind="install", evidence="code:9568320", fix="sign it", code="9568320")
    p = pitfall_prefill(finding, "install", 12, "com.example.hello")
    assert p["provenance"] == "hmdesk-run:12" and "9568320" in p["tags"]
    assert p["content"].startswith("Install failed: install (9568320)")
    assert "Evidence: code:9568320" in p["content"] and "Fix: sign it" in p["content"]
    assert p["project"] == "com.example.hello"
    bare = pitfall_prefill(None, None, None)
    assert bare["content"] == "Run failed: failure" and bare["provenance"] == "hmdesk-run"


def test_dialog_values(qtbot):
    prefill = pitfall_prefill(Finding(kind="signing", evidence="e", fix="f"), "install", 3)
    dlg = SavePitfallDialog(prefill)
    qtbot.addWidget(dlg)
    assert [dlg.layer.itemText(i) for i in range(dlg.layer.count())] == list(LAYERS)
    dlg.tags.setText("a, b ,, c")
    values = dlg.values()
    assert values["tags"] == ["a", "b", "c"]
    assert values["layer"] == "semantic" and values["provenance"] == "hmdesk-run:3"
    assert values["content"].startswith("Install failed: signing")


def test_prefill_uses_the_step_message_location_and_code():
    block = (
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        "1 ERROR: 10505001 ArkTS Compiler Error\n"
        "Error Message: Expression expected. At File: /p/entry/src/main/ets/pages/Index.ets:18:34"
    )
    finding = Finding(
        kind="arkts-source",
        evidence="1 ERROR: 10505001 ArkTS Compiler Error",
        fix="Open the file and fix the code.",
        code="10505001",
        location="/p/entry/src/main/ets/pages/Index.ets:18:34",
        meaning="ArkTS Compiler Error",
        block=block,
    )
    p = pitfall_prefill(
        finding,
        "build",
        7,
        message="build failed: 10505001 ArkTS Compiler Error: Expression expected.",
        root="/p",
    )
    lines = p["content"].splitlines()
    assert lines[0] == "Build failed: 10505001 ArkTS Compiler Error: Expression expected."
    assert lines[1] == "At: entry/src/main/ets/pages/Index.ets:18:34"
    assert "Fix: Open the file and fix the code." in lines
    # without the step's message, hvigor's own "Error Message" line, not the kind
    q = pitfall_prefill(finding, "build", 7)
    assert q["content"].splitlines()[0] == "Build failed: 10505001 Expression expected."


def test_typed_confidence_is_kept_and_a_bad_one_is_not_saved(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialog

    dlg = SavePitfallDialog(pitfall_prefill(None, "install", 3))
    qtbot.addWidget(dlg)
    dlg.show()
    box = dlg.confidence
    assert box.text() == "0.70"
    for typed in ("0.45", "0.6"):
        qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        seen = []
        for ch in typed:
            qtbot.keyClick(box, ch)
            seen.append(box.text())
        assert seen == [typed[: i + 1] for i in range(len(typed))]  # never rewritten
        assert dlg.values()["confidence"] == float(typed)
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, "1.5")
    assert box.text() == "1.5"
    dlg.accept()
    assert dlg.isVisible() and dlg.result() != QDialog.DialogCode.Accepted
    assert "out of range" in dlg.confidence_error.text()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, "0.85")
    assert dlg.confidence_error.text() == ""
    dlg.accept()
    assert dlg.result() == QDialog.DialogCode.Accepted and dlg.values()["confidence"] == 0.85


def assert_tab_moves_on_and_ctrl_enter_accepts(qtbot, dialog, field) -> None:
    """``field``, a multi-line text field of ``dialog``: Tab leaves it (no tab typed into the
    text), Ctrl+Enter accepts the dialog."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QApplication

    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)  # shortcuts need it active
    field.setFocus()
    field.moveCursor(QTextCursor.MoveOperation.End)
    before = field.toPlainText()
    qtbot.keyClicks(field, " (typed)")
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    assert field.toPlainText() == before + " (typed)" and dialog.focusWidget() is not field
    field.setFocus()
    with qtbot.waitSignal(dialog.accepted, timeout=2000):
        qtbot.keyClick(field, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def test_the_content_fields_of_every_dialog_take_tab_and_ctrl_enter(qtbot):
    """Issue 32, missing: Tab in a content field inserted a tab and Ctrl+Enter did not save. The
    memory editor was fixed; Save as pitfall's Content, Supersede's new text and the Review
    merge editor kept the old keys."""
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.gui.memories.supersede_dialog import SupersedeDialog
    from hmdesk.gui.review.items import merged_content_dialog

    pitfall = SavePitfallDialog(
        pitfall_prefill(Finding(kind="signing", evidence="e", fix="f"), "install", 3)
    )
    qtbot.addWidget(pitfall)
    assert_tab_moves_on_and_ctrl_enter_accepts(qtbot, pitfall, pitfall.content)

    old = MemoryRecord(
        "mem-1", "semantic", "hdc shell -t goes after shell", "s", "p", 0.8, "t", "h", "s"
    )
    supersede = SupersedeDialog([old], lambda _id: None)
    qtbot.addWidget(supersede)
    supersede.reason.setText("wrong order")
    assert_tab_moves_on_and_ctrl_enter_accepts(qtbot, supersede, supersede.new_text)

    merge, edit = merged_content_dialog(None, "真机调试前要打开开发者模式")
    qtbot.addWidget(merge)
    assert_tab_moves_on_and_ctrl_enter_accepts(qtbot, merge, edit)

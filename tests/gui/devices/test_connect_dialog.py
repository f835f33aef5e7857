"""The Connect over network dialog: IP:PORT checked as it is typed, Enter connects when valid."""

from __future__ import annotations

from hmdesk.gui.devices.connect_dialog import ConnectDialog
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog


def test_address_is_checked_and_enter_accepts_only_a_valid_one(qtbot):
    dialog = ConnectDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.address, "10.0.0.5:99999")
    assert not dialog.connect_button.isEnabled() and "not a port" in dialog.problem.text()
    qtbot.keyClick(dialog.address, Qt.Key.Key_Return)
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.isVisible()
    for _ in range(5):
        qtbot.keyClick(dialog.address, Qt.Key.Key_Backspace)
    qtbot.keyClicks(dialog.address, "5555")
    assert dialog.connect_button.isEnabled() and dialog.problem.text() == ""
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(dialog.address, Qt.Key.Key_Return)
    assert dialog.value == "10.0.0.5:5555"

"""The button row of a dialog: its standard buttons, wired to the dialog's accept and reject."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox

Button = QDialogButtonBox.StandardButton


def dialog_buttons(
    dialog: QDialog, buttons: Button = Button.Ok | Button.Cancel
) -> QDialogButtonBox:
    box = QDialogButtonBox(buttons, dialog)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box

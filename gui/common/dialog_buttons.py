"""The button row of a dialog: its standard buttons, wired to the dialog's accept and reject;
and the keys of a dialog's multi-line text field (Tab moves on, Ctrl+Enter accepts)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit

Button = QDialogButtonBox.StandardButton


def dialog_buttons(
    dialog: QDialog, buttons: Button = Button.Ok | Button.Cancel
) -> QDialogButtonBox:
    box = QDialogButtonBox(buttons, dialog)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def text_field_keys(dialog: QDialog, field: QPlainTextEdit) -> None:
    """``field`` types no tab (Tab moves on to the next field) and Ctrl+Enter accepts
    ``dialog`` (Return, and Enter on the keypad), as in the memory editor."""
    field.setTabChangesFocus(True)
    for keys in ("Ctrl+Return", "Ctrl+Enter"):
        QShortcut(QKeySequence(keys), dialog, dialog.accept)

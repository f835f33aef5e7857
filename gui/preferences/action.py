"""The Preferences action for the main window: Edit › Preferences…, Ctrl+, (the application
menu on macOS). Light to import: the dialog's module loads when the action is first used."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget


def preferences_action(
    window: QWidget, edit_menu: QMenu, db_path: Callable[[], Path | None]
) -> QAction:
    """An action on ``window`` (its shortcut works wherever the focus is) that opens the dialog
    for the database ``db_path()`` names. It stays last in ``edit_menu``, also after an area
    rebuilds that menu (it is put back each time the menu is about to show)."""
    action = QAction("&Preferences…", window)
    action.setObjectName("preferencesAction")
    action.setShortcut(QKeySequence("Ctrl+,"))
    action.setMenuRole(QAction.MenuRole.PreferencesRole)
    action.setStatusTip("Tools, editor, theme and where the data lives")

    def open_dialog() -> None:
        from hmdesk.gui.preferences.dialog import open_preferences

        open_preferences(window, db_path())

    def keep_in_menu() -> None:
        if action not in edit_menu.actions():
            if edit_menu.actions():
                edit_menu.addSeparator()
            edit_menu.addAction(action)

    action.triggered.connect(open_dialog)
    window.addAction(action)
    edit_menu.aboutToShow.connect(keep_in_menu)
    keep_in_menu()
    return action

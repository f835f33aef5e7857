"""Edit › Preferences… and Ctrl+, in the main window (also once the Memories area has rebuilt
the Edit menu), and the theme setting applied when the app starts."""

from __future__ import annotations

import pytest
from hmdesk.core import config
from hmdesk.gui.common.theme import apply_theme, current_theme, follow_theme, is_dark
from hmdesk.gui.preferences.dialog import PreferencesDialog
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.windows import close_window, make_window


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen: no window stacking
def test_ctrl_comma_and_the_edit_menu_open_preferences(qtbot: QtBot, ctx) -> None:
    w = make_window(ctx, qtbot)
    action = w.preferences_action
    assert action.shortcut().toString() == "Ctrl+,"
    w.edit_menu.aboutToShow.emit()  # the Memories area refilled the menu: it is put back
    assert w.edit_menu.actions()[-1] is action and action.text() == "&Preferences…"
    w.activateWindow()
    qtbot.keyClick(w, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: w.findChild(PreferencesDialog) is not None)
    d = w.findChild(PreferencesDialog)
    assert d is not None and d.isVisible()
    assert d.db_row.edit.text() == str(ctx.db.path)  # the database in use
    action.trigger()  # again: the open one comes to the front, no second dialog
    assert len(w.findChildren(PreferencesDialog)) == 1
    d.reject()
    close_window(w)


def test_the_theme_setting_is_applied_at_start(qtbot: QtBot, qapp: QApplication) -> None:
    try:
        config.set_value("theme", "dark")
        follow_theme(qapp)
        assert current_theme(qapp) == "dark" and is_dark()
        config.set_value("theme", "light")
        follow_theme(qapp)
        assert current_theme(qapp) == "light" and not is_dark()
    finally:
        apply_theme(qapp, "light")


def test_config_set_theme_reaches_a_running_window(qtbot: QtBot, qapp: QApplication) -> None:
    """Issue 32: `hmdesk-cli config set theme dark` did not reach a running window."""
    import subprocess
    import sys

    try:
        config.set_value("theme", "light")
        follow_theme(qapp)
        assert current_theme(qapp) == "light"
        cli = [sys.executable, "-m", "hmdesk.core.cli", "config", "set", "theme", "dark"]
        subprocess.run(cli, check=True, capture_output=True, timeout=60)
        qtbot.waitUntil(lambda: current_theme(qapp) == "dark" and is_dark(), timeout=5000)
        config.set_value("theme", "system")  # and back, from this process's own write
        qtbot.waitUntil(lambda: current_theme(qapp) == "system", timeout=5000)
    finally:
        apply_theme(qapp, "light")

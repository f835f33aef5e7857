"""Notifications while the window is not active: a run finished, a crash caught; a click opens
the card. Where there is no tray, nothing is shown and nothing breaks."""

from __future__ import annotations

import pytest
from hmdesk.gui.common.notifier import Notifier
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QSystemTrayIcon, QWidget

# the offscreen platform has no tray and cannot raise a window: what it says about that
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support raise", "No such signal .*systemTrayWindowChanged"
)


class Tray(QSystemTrayIcon):
    """The tray icon, its messages recorded instead of sent to the desktop's service."""

    def __init__(self) -> None:
        pixmap = QPixmap(16, 16)
        pixmap.fill()
        super().__init__(QIcon(pixmap))
        self.messages: list[tuple[str, str]] = []

    def showMessage(self, title, text, *args) -> None:
        self.messages.append((title, text))


def test_only_while_the_window_is_not_active_and_a_click_opens_the_card(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    tray = Tray()
    notifier = Notifier(window, tray)
    opened: list[str] = []
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert not notifier.notify("hmdesk: run #3 finished", "", lambda: opened.append("card"))
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow())
    assert notifier.notify("hmdesk: run #3 finished", "", lambda: opened.append("card"))
    assert tray.messages == [("hmdesk: run #3 finished", "")]
    tray.messageClicked.emit()
    assert opened == ["card"]
    qtbot.waitUntil(window.isActiveWindow)
    notifier.close()


def test_without_a_tray_nothing_breaks(qtbot, monkeypatch):
    monkeypatch.setattr(QSystemTrayIcon, "isSystemTrayAvailable", staticmethod(lambda: False))
    window = QWidget()
    qtbot.addWidget(window)
    notifier = Notifier(window)
    assert notifier.tray is None and not notifier.available
    assert not notifier.notify("hmdesk: the app crashed", "TypeError", None)
    notifier.clicked()  # harmless


def test_the_window_notifies_a_finished_run_and_a_crash_and_a_click_shows_runs(ctx, qtbot):
    """Issue 32, requirement 4: a build or run finished or a crash caught while the window is
    not active: a notification, which opens the Runs tab (its newest card on top)."""
    from types import SimpleNamespace

    from hmdesk.core.toolchain.crash.detect import CrashGroup
    from hmdesk.core.toolchain.crash.model import Crash

    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    w.notifier.tray = tray = Tray()  # the desktop's service, recorded
    w.notifier.tray.messageClicked.connect(w.notifier.clicked)
    w.build_other_areas()
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not w.isActiveWindow())
    w.runs.run_done.emit(SimpleNamespace(status="failed", run_id=7))
    crash = Crash(
        "jscrash", bundle="com.example.hello", name="TypeError", message="Cannot read property"
    )
    w.runs.hilog.crashes_found.emit([CrashGroup(1, crash)])
    assert tray.messages[0] == ("hmdesk: run #7 failed", "")
    title, text = tray.messages[1]
    assert title == "hmdesk: the app crashed"
    assert "com.example.hello" in text and "TypeError: Cannot read property" in text
    assert w.tabs.currentWidget() is w.memories
    tray.messageClicked.emit()
    assert w.tabs.currentWidget() is w.runs
    close_window(w)

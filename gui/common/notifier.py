"""A desktop notification when something the user waits for happens while they look elsewhere:
a build or run finished, a crash was caught (the Runs area says which).

Shown through the system tray's message balloon (:class:`QSystemTrayIcon`, which Qt sends to the
desktop's notification service where there is one: org.freedesktop.Notifications on Linux,
the Notification Center on macOS, toasts on Windows), and only while the window is not the
active one: in front of the user the card is on screen already. The tray icon is there only
while a message is (no icon left in the tray for the whole session). Where there is no tray (a bare
X server, a headless machine) nothing is shown and nothing breaks. Clicking the message calls
the ``on_click`` given with it (the window shows the card).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget

log = logging.getLogger(__name__)

SHOW_MS = 8000  # how long the message stays (the desktop may choose otherwise)


class Notifier(QObject):
    """Notifications for ``window`` (see the module). ``tray``: the icon to show them with
    (tests pass one); by default one is made when the desktop has a tray, else none."""

    def __init__(self, window: QWidget, tray: QSystemTrayIcon | None = None) -> None:
        super().__init__(window)
        self.window = window
        self._on_click: Callable[[], None] | None = None
        self.last: tuple[str, str] | None = None  # the newest message shown (title, text)
        if tray is None and QSystemTrayIcon.isSystemTrayAvailable():
            tray = QSystemTrayIcon(self._icon(), self)
        self.tray = tray
        self._hide = QTimer(self, singleShot=True, interval=SHOW_MS + 2000)
        if tray is not None:
            tray.messageClicked.connect(self.clicked)
            self._hide.timeout.connect(tray.hide)

    def _icon(self) -> QIcon:
        icon = self.window.windowIcon()
        app = QApplication.instance()
        if icon.isNull() and isinstance(app, QApplication):
            icon = app.windowIcon()
        return icon

    @property
    def available(self) -> bool:
        return self.tray is not None and self.tray.supportsMessages()

    def notify(self, title: str, text: str, on_click: Callable[[], None] | None = None) -> bool:
        """Show ``title`` / ``text`` unless the window is active or there is no tray; True
        when shown. ``on_click``: what clicking the message does (the window comes up first)."""
        if self.window.isActiveWindow() or self.tray is None:
            return False
        self._on_click = on_click
        self.last = (title, text)
        if not self.tray.isVisible():
            self.tray.show()
        self._hide.start()
        self.tray.showMessage(title, text, QSystemTrayIcon.MessageIcon.Information, SHOW_MS)
        return True

    def clicked(self) -> None:
        """The message was clicked: the window up and in front, then ``on_click``."""
        w = self.window
        if w.isMinimized():
            w.showNormal()
        w.show()
        w.raise_()
        w.activateWindow()
        on_click, self._on_click = self._on_click, None
        if on_click is not None:
            on_click()

    def close(self) -> None:
        if self.tray is not None:
            self.tray.hide()

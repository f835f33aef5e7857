"""The window's error banner: what happened, what to do, a close button (non-modal)."""

from __future__ import annotations

import html

from hmdesk.gui.common.theme import theme_for
from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class ErrorBanner(QFrame):
    """A non-modal banner: what happened, what to do, and a close button. Newest message wins;
    repeated messages are counted rather than stacked.

    Drawn in the theme's ``error_bg`` / ``error_border`` with the text in ``error_text``. It paints
    its own background instead of using a style sheet: a style sheet that sets a background also
    fixes the widget's palette, so ``theme_for(self)`` would read the banner's own colours and
    palette changes would no longer reach it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorBanner")
        self.theme = theme_for(self)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 6, 6)
        self.label = QLabel(self)
        self.label.setObjectName("errorBannerText")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.label, 1)
        self._apply_theme()
        self.close_button = QPushButton("Dismiss", self)
        self.close_button.setObjectName("errorBannerClose")
        self.close_button.clicked.connect(self.hide)
        lay.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self._last: tuple[str, str] | None = None
        self._repeat = 1
        self.hide()

    def show_error(self, what: str, todo: str = "") -> None:
        if self._last == (what, todo) and self.isVisible():
            self._repeat += 1
        else:
            self._repeat = 1
        self._last = (what, todo)
        text = f"<b>{html.escape(what)}</b>"
        if todo:
            text += f"<br>{html.escape(todo)}"
        if self._repeat > 1:
            text += f" <i>(×{self._repeat})</i>"
        self.label.setText(text)
        self.show()

    def text(self) -> str:
        return self.label.text()

    def _apply_theme(self) -> None:
        self.theme = theme_for(self)
        palette = self.label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(self.theme.error_text))
        palette.setColor(QPalette.ColorRole.Text, QColor(self.theme.error_text))
        self.label.setPalette(palette)
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_theme()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(self.theme.error_border), 1))
        painter.setBrush(QColor(self.theme.error_bg))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)

"""Connect a device over the network: an ``IP:PORT`` field checked as it is typed."""

from __future__ import annotations

from hmdesk.core.toolchain.device_info import address_problem
from hmdesk.gui.common.theme import theme_for
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

INTRO = (
    "Turn on wireless debugging on the device (Settings → System → Developer options → "
    "Wireless debugging), then enter the IP address and port it shows."
)


class ConnectDialog(QDialog):
    """Asks for ``IP:PORT``; Connect stays disabled while the address is not valid and the
    problem is said under the field."""

    def __init__(self, parent: QWidget | None = None, address: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Connect a device over the network")
        lay = QVBoxLayout(self)
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        lay.addWidget(intro)
        label = QLabel("&IP address and port:")
        lay.addWidget(label)
        self.address = QLineEdit(address)
        self.address.setPlaceholderText("192.168.1.20:5555")
        label.setBuddy(self.address)
        lay.addWidget(self.address)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color:{theme_for(self).error_fg}")
        lay.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAutoDefault(False)  # Enter never cancels (Esc does)
        self.connect_button = QPushButton("&Connect")
        self.connect_button.setDefault(True)
        buttons.addButton(self.connect_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.address.textChanged.connect(self._check)
        self._check(self.address.text())
        self.setMinimumWidth(420)

    def _check(self, text: str) -> None:
        problem = address_problem(text)
        self.connect_button.setEnabled(problem is None)
        # nothing typed yet is not an error worth a red line
        self.problem.setText(problem if problem and text.strip() else "")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter connects when the address is valid and does nothing otherwise (a disabled
        default button would let Qt pick another)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.accept()
            return
        super().keyPressEvent(event)

    def accept(self) -> None:
        if address_problem(self.address.text()) is None:
            super().accept()

    @property
    def value(self) -> str:
        return self.address.text().strip()

"""Help › Connect an agent…: how to add hmdesk to Claude Code, Codex or any client that takes a
command and arguments, with the real path of this installation's ``hmdesk-cli``
(:func:`hmdesk.core.agent.setup.setup_lines`, the same lines the README shows)."""

from __future__ import annotations

from hmdesk.core.agent.setup import SetupLines, setup_lines
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

INTRO = (
    "Your coding agent reaches hmdesk through MCP: it starts the command below and asks hmdesk "
    "to recall pitfalls, diagnose logs and propose memories (you review them in the Review tab). "
    "Building and running on a device stays off until you turn it on in Preferences › Agents. "
    "Every call is recorded: Agent › Agent activity. The server needs the MCP SDK: "
    "pip install 'hmdesk[mcp]'."
)


class ConnectAgentDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, lines: SetupLines | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("connectAgent")
        self.setWindowTitle("Connect an agent")
        self.lines = lines or setup_lines()
        lay = QVBoxLayout(self)
        intro = QLabel(INTRO, self)
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.text = QPlainTextEdit(self.lines.text(), self)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        for label, value in (
            ("Copy Claude Code line", self.lines.claude_code),
            ("Copy Codex table", self.lines.codex_toml),
            ("Copy JSON", self.lines.generic_json),
        ):
            b = QPushButton(label, self)
            b.clicked.connect(lambda _=False, v=value: QGuiApplication.clipboard().setText(v))
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(760, 520)

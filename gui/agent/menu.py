"""The Agent menu (Agent activity…, Write pitfalls into instructions…) and Help › Connect an
agent…, put on the window by :class:`AgentMenu` when it builds its menus.

The dialogs need the database (``window.ctx``) only when opened; before it is open the menu says
so in the error banner. One dialog of each kind: opening it again brings it to the front.
"""

from __future__ import annotations

from typing import Protocol

from hmdesk.gui.context import AppContext
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu


class AgentWindow(Protocol):
    """What the menu needs of the main window."""

    ctx: AppContext | None
    help_menu: QMenu

    def show_error(self, what: str, todo: str = "") -> None: ...

    def _show_memory(self, memory_id: str) -> None: ...


class AgentMenu(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        helper: AgentWindow = window  # type: ignore[assignment]
        self.menu = QMenu("A&gent", window)
        window.menuBar().insertMenu(helper.help_menu.menuAction(), self.menu)
        self.activity_action = self._action("Agent &activity…", self.open_activity, "Ctrl+Shift+G")
        self.instructions_action = self._action(
            "Write &pitfalls into instructions…", self.open_instructions
        )
        self.connect_action = QAction("&Connect an agent…", window)
        self.connect_action.setObjectName("connectAgentAction")
        self.connect_action.triggered.connect(self.open_connect)
        self.menu.addSeparator()
        self.menu.addAction(self.connect_action)
        helper.help_menu.addAction(self.connect_action)
        self.dialogs: dict[str, QDialog] = {}

    def _action(self, text: str, slot: object, key: str | None = None) -> QAction:
        act = QAction(text, self.window)
        if key:
            act.setShortcut(key)
        act.triggered.connect(slot)
        self.menu.addAction(act)
        return act

    def _ctx(self) -> AppContext | None:
        helper: AgentWindow = self.window  # type: ignore[assignment]
        if helper.ctx is None:
            helper.show_error("The database is not open yet.", "Try again in a moment.")
        return helper.ctx

    def _show(self, name: str, dialog: QDialog) -> QDialog:
        self.dialogs[name] = dialog
        dialog.finished.connect(lambda _r: self.dialogs.pop(name, None))
        dialog.finished.connect(dialog.deleteLater)
        dialog.show()
        return dialog

    def _existing(self, name: str) -> QDialog | None:
        d = self.dialogs.get(name)
        if d is not None:
            d.raise_()
            d.activateWindow()
        return d

    def open_activity(self) -> QDialog | None:
        from hmdesk.gui.agent.activity import AgentActivityDialog

        ctx = self._ctx()
        if ctx is None:
            return None
        if (d := self._existing("activity")) is not None:
            return d
        dialog = AgentActivityDialog(ctx, self.window)
        helper: AgentWindow = self.window  # type: ignore[assignment]
        dialog.memory_requested.connect(helper._show_memory)
        return self._show("activity", dialog)

    def open_instructions(self) -> QDialog | None:
        from hmdesk.gui.agent.instructions import InstructionsDialog

        ctx = self._ctx()
        if ctx is None:
            return None
        if (d := self._existing("instructions")) is not None:
            return d
        return self._show("instructions", InstructionsDialog(ctx, self.window))

    def open_connect(self) -> QDialog:
        from hmdesk.gui.agent.connect import ConnectAgentDialog

        if (d := self._existing("connect")) is not None:
            return d
        return self._show("connect", ConnectAgentDialog(self.window))

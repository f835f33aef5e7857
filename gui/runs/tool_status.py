"""Whether hdc and hvigorw can be found, and the one line that says what is off without them.

:class:`ToolStatus` asks the core (:func:`hmdesk.core.toolchain.tools.describe_tools`, the
same search a run makes) off the GUI thread, and shows, when a tool is missing, one line —
"Build & Run is off: hvigorw was not found …" — with an **Open Preferences…** button. The Runs
area disables what needs the missing tool (:meth:`ToolStatus.missing_for`), so a missing tool
never becomes a failed run.

Preferences belong to the window: the button triggers the window's Preferences action (found by
its ``Ctrl+,`` shortcut or its object name) or, when the window has none, emits
``preferences_requested``. The tools are looked for again when the window becomes active (the
Preferences dialog closed) and after the action ran.
"""

from __future__ import annotations

from collections.abc import Iterable

from hmdesk.core.db import Database
from hmdesk.core.toolchain.runs import RunScope
from hmdesk.core.toolchain.tools import TOOLS, describe_tools
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

PREFERENCES_NAMES = ("preferences", "action_preferences", "preferences_action")
NEEDS: dict[RunScope, tuple[str, ...]] = {
    "all": ("hvigorw", "hdc"),
    "build": ("hvigorw",),
    "install": ("hdc",),
}
"""The tools each kind of run needs (uninstall and clear data need hdc, like install)."""


def _names(names: list[str]) -> str:
    return " and ".join(names)


def reason_text(missing: list[str]) -> str:
    """The one line: what is off and why (empty when nothing is missing)."""
    if not missing:
        return ""
    was = "was" if len(missing) == 1 else "were"
    off = ["Build & Run"]
    if "hvigorw" in missing:
        off.append("Build only")
    if "hdc" in missing:
        off += ["Install only", "Uninstall", "Clear app data"]
    return (
        f"{', '.join(off[:-1])} and {off[-1]} are off: {_names(missing)} {was} not found. "
        "Set the path in Preferences (Ctrl+,) or put the tool on PATH."
    )


def find_preferences_action(window: QWidget) -> QAction | None:
    """The window's Preferences action: by object name, else by its ``Ctrl+,`` shortcut."""
    keys = {QKeySequence("Ctrl+,"), QKeySequence(QKeySequence.StandardKey.Preferences)}
    for action in window.findChildren(QAction):
        if action.objectName() in PREFERENCES_NAMES:
            return action
    for action in window.findChildren(QAction):
        if any(not k.isEmpty() and action.shortcut() == k for k in keys):
            return action
    return None


class ToolStatus(QWidget):
    """The missing-tools line and its **Open Preferences…** button (hidden when all is found).

    Signals:
        checked(): the tools were looked for (``missing`` and the line are up to date).
        preferences_requested(): open the Preferences (the window has no such action).
    """

    checked = Signal()
    preferences_requested = Signal()

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.missing: list[str] = []  # tool names not found, in TOOLS order
        self.errors: dict[str, str] = {}  # name -> where it was looked for, what to do
        self.known = False  # looked for at least once
        self._checking = False
        self._again = False
        self._watched: QWidget | None = None
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay.addWidget(self.label, 1)
        self.button = QPushButton("Open &Preferences…")
        self.button.setToolTip("Set the hdc and hvigorw paths (Ctrl+,)")
        self.button.clicked.connect(self.open_preferences)
        lay.addWidget(self.button)
        self._apply_theme()
        self.hide()

    # --- looking for the tools -------------------------------------------------------------
    def refresh(self) -> None:
        """Look for the tools again (off the GUI thread); ``checked`` when done."""
        if self._checking:
            self._again = True
            return
        self._checking = True

        def done(info: list[dict[str, object]]) -> None:
            self._checking = False
            self.missing = [str(t["name"]) for t in info if not t.get("path")]
            self.errors = {str(t["name"]): str(t.get("error") or "") for t in info}
            self.known = True
            self._show()
            if self._again:
                self._again = False
                self.refresh()
            self.checked.emit()

        def failed(exc: BaseException) -> None:  # the settings could not be read: say so
            done([{"name": n, "path": None, "error": str(exc)} for n in TOOLS])

        run_in_thread(describe_tools, self.db, on_done=done, on_error=failed)

    def missing_for(self, tools: Iterable[str]) -> list[str]:
        """Which of ``tools`` were not found (none until the first look finished)."""
        return [t for t in tools if t in self.missing]

    def why(self, tools: Iterable[str]) -> str:
        """Where each missing one of ``tools`` was looked for and what to do (for tooltips)."""
        return "\n\n".join(self.errors.get(t, "") for t in self.missing_for(tools))

    def _show(self) -> None:
        self.label.setText(reason_text(self.missing))
        self.label.setToolTip(self.why(TOOLS))
        self.setVisible(bool(self.missing))

    # --- Preferences -----------------------------------------------------------------------
    def open_preferences(self) -> None:
        window = self.window()
        action = find_preferences_action(window) if window is not self else None
        if action is not None:
            action.trigger()
        else:
            self.preferences_requested.emit()
        self.refresh()

    def watch_window(self) -> None:
        """Look again whenever the window becomes active (e.g. the Preferences dialog closed)."""
        window = self.window()
        if window is self or window is self._watched:
            return
        if self._watched is not None:
            self._watched.removeEventFilter(self)
        self._watched = window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.WindowActivate:
            self.refresh()
        return False

    # --- theme -----------------------------------------------------------------------------
    def _apply_theme(self) -> None:
        theme = theme_for(self)
        self.label.setStyleSheet(
            f"background:{theme.warn_bg}; color:{theme.warn_text}; padding:4px 8px; "
            "border-radius:3px"
        )

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_theme()

"""The Runs tab's actions besides Build & Run, with their shortcuts, and the device app actions.

=========================  ==============  ==============================================
Build only                 Ctrl+B          ``hvigorw assembleHap`` with the chosen options
Install only               Ctrl+Shift+I    install the HAP built last (no build, no launch)
Run again with --stacktrace Ctrl+Shift+R   the same choices, ``hvigorw … --stacktrace``
Stop                       Shift+F5        cancel the run (kills its process group)
Uninstall app…             —               ``hdc uninstall BUNDLE`` (asks first)
Clear app data…            —               ``hdc shell bm clean -n BUNDLE -d`` (asks first)
=========================  ==============  ==============================================

The shortcuts work from any tab of the window (the actions sit on the window, like Ctrl+R);
all are in the bar's "More" menu. Uninstall and clear data run on a worker
(:func:`hmdesk.core.toolchain.pipeline.app_actions.run_app_action`) and say how it went in the
area's banner.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hmdesk.core.toolchain.pipeline.app_actions import ActionResult, AppAction, run_app_action
from hmdesk.core.toolchain.runs import RunScope
from hmdesk.core.toolchain.tools import find_tool
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.runs.tool_status import NEEDS
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QPushButton

if TYPE_CHECKING:
    from hmdesk.gui.runs.area import RunsArea


class RunActions(QObject):
    """The actions of the Runs area (``by_name``) and the uninstall / clear-data commands.

    Signals:
        app_action_done(ActionResult): an uninstall or clear-data finished (the banner says so).
    """

    app_action_done = Signal(object)

    def __init__(self, area: RunsArea) -> None:
        super().__init__(area)
        self.area = area
        self.busy = False  # an uninstall / clear data is running
        self.by_name: dict[str, QAction] = {}

        def act(name: str, text: str, slot: object, shortcut: str | None, tip: str) -> QAction:
            a = QAction(text, area)
            a.setObjectName(f"runs_{name}")
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
                a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.setToolTip(tip)
            a.setStatusTip(tip)
            a.triggered.connect(lambda _c=False: slot())  # type: ignore[operator]
            area.addAction(a)
            self.by_name[name] = a
            return a

        act(
            "build",
            "&Build only",
            lambda: area.start_from_shortcut("build"),
            "Ctrl+B",
            "Build the HAP with the chosen product, mode, module and target; no device",
        )
        act(
            "install",
            "&Install only",
            lambda: area.start_from_shortcut("install"),
            "Ctrl+Shift+I",
            "Install the HAP built last on the device; no build, no launch",
        )
        act(
            "stacktrace",
            "Run again with --&stacktrace",
            area.rerun_with_stacktrace,
            "Ctrl+Shift+R",
            "Build & Run again with hvigorw --stacktrace (the stack trace of a failed build)",
        )
        act("stop", "S&top", area.cancel, "Shift+F5", "Stop the run")
        act(
            "uninstall",
            "&Uninstall app from device…",
            lambda: self.start_app_action("uninstall"),
            None,
            "hdc uninstall BUNDLE",
        )
        act(
            "clear_data",
            "&Clear app data on device…",
            lambda: self.start_app_action("clear-data"),
            None,
            "hdc shell bm clean -n BUNDLE -d: the app starts as if freshly installed",
        )
        self.by_name["stop"].setEnabled(False)

    def menu_groups(self) -> list[list[QAction]]:
        a = self.by_name
        return [
            [a["build"], a["install"], a["stacktrace"], a["stop"]],
            [a["uninstall"], a["clear_data"]],
        ]

    def update_enabled(self, running: bool) -> None:
        """Enable what can run now: nothing while a run or a device action is busy, nothing
        that needs a missing tool (the button's tooltip says where the tool was looked for)."""
        area = self.area
        busy = running or self.busy
        a = self.by_name
        needs: list[tuple[QAction | QPushButton, RunScope]] = [
            (area.run_button, "all"),
            (area.run_action, "all"),
            (a["build"], "build"),
            (a["install"], "install"),
            (a["stacktrace"], "all"),
            (a["uninstall"], "install"),
            (a["clear_data"], "install"),
        ]
        for widget, scope in needs:
            widget.setEnabled(not busy and not area.tool_status.missing_for(NEEDS[scope]))
        why = area.tool_status.why(NEEDS["all"])
        area.run_button.setToolTip(why or "Build with hvigorw, install with hdc, launch (Ctrl+R)")
        area.cancel_button.setEnabled(running)
        a["stop"].setEnabled(running)

    def target_device(self) -> str | None:
        """The device to act on: the chosen one, else the only connected one."""
        hub = self.area.hub
        if hub.target:
            return hub.target
        usable = [d.key for d in hub.devices if d.usable]
        return usable[0] if len(usable) == 1 else None

    # --- uninstall / clear data ------------------------------------------------------------
    def confirm(self, title: str, text: str) -> bool:
        """Ask before touching the device (tests monkeypatch this)."""
        answer = QMessageBox.question(
            self.area,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def start_app_action(self, action: AppAction) -> bool:
        """Uninstall the project's app from the target device, or clear its data (asks first).
        False when it cannot start (no project, no device, busy, not confirmed)."""
        area = self.area
        project = area.project
        if self.busy or area.controller.running:
            return False
        if project is None:
            area.banner_text("Open a project first (Open project…).", "warn")
            return False
        key = self.target_device()
        if not key:
            area.banner_text("No device is connected: connect one, then try again.", "warn")
            return False
        bundle = project.bundle_name
        if action == "uninstall":
            title = "Uninstall app"
            text = f"Uninstall {bundle} from {key}? Its data on the device is removed too."
        else:
            title = "Clear app data"
            text = f"Clear the data of {bundle} on {key}? Files, preferences and databases go."
        if not self.confirm(title, text):
            return False
        db = area.ctx.db

        def work() -> ActionResult:
            hdc = str(find_tool("hdc", db).path)
            return run_app_action(action, hdc, key, bundle)

        def done(result: ActionResult) -> None:
            self.busy = False
            area.update_buttons()
            area.banner_text(html.escape(result.message), "ok" if result.ok else "error")
            self.app_action_done.emit(result)

        def failed(exc: BaseException) -> None:  # hdc not found, a bad key or bundle
            done(ActionResult(action, False, str(exc), ()))

        self.busy = True
        area.update_buttons()
        word = "Uninstalling" if action == "uninstall" else "Clearing the data of"
        area.banner_text(f"{word} {html.escape(bundle)} on {html.escape(key)}…", "info")
        run_in_thread(work, on_done=done, on_error=failed)
        return True

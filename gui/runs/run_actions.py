"""The Runs area's actions, with their shortcuts, and the device app actions.

=========================  ==============  ==============================================
Open project…              Ctrl+O          the folder dialog of the project bar (File menu)
Build & Run                Ctrl+R          build with hvigorw, install with hdc, launch
Build only                 Ctrl+B          ``hvigorw assembleHap`` with the chosen options
Install only               Ctrl+Shift+I    install the HAP built last (no build, no launch)
Run again with --stacktrace Ctrl+Shift+R   the same choices, ``hvigorw … --stacktrace``
Stop                       Shift+F5        cancel the run (kills its process group)
Uninstall app…             —               ``hdc uninstall BUNDLE`` (asks first)
Clear app data…            —               ``hdc shell bm clean -n BUNDLE -d`` (asks first)
=========================  ==============  ==============================================

The window makes them when it opens, with the area still to build: a shortcut works from any
tab at once, and the first one pressed builds the area (``build_area``) and acts on it. A Runs
area built on its own (tests) makes its own. All but Build & Run are in the bar's "More" menu.
Uninstall and clear data run on a worker
(:func:`hmdesk.core.toolchain.pipeline.app_actions.run_app_action`) and say how it went in the
area's banner. The module imports only Qt: the window imports it before any area is built.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

if TYPE_CHECKING:
    from hmdesk.core.toolchain.pipeline.app_actions import ActionResult, AppAction
    from hmdesk.core.toolchain.runs import RunScope
    from hmdesk.gui.runs.area import RunsArea

_ACTIONS: tuple[tuple[str, str, str | None, str], ...] = (
    (
        "open",
        "&Open project…",
        "Ctrl+O",
        "Open a HarmonyOS project: built and run here, indexed in Code",
    ),
    ("run", "Build && Run", "Ctrl+R", "Build with hvigorw, install with hdc, launch"),
    (
        "build",
        "&Build only",
        "Ctrl+B",
        "Build the HAP with the chosen product, mode, module and target; no device",
    ),
    (
        "install",
        "&Install only",
        "Ctrl+Shift+I",
        "Install the HAP built last on the device; no build, no launch",
    ),
    (
        "stacktrace",
        "Run again with --&stacktrace",
        "Ctrl+Shift+R",
        "Build & Run again with hvigorw --stacktrace (the stack trace of a failed build)",
    ),
    ("stop", "S&top", "Shift+F5", "Stop the run"),
    ("uninstall", "&Uninstall app from device…", None, "hdc uninstall BUNDLE"),
    (
        "clear_data",
        "&Clear app data on device…",
        None,
        "hdc shell bm clean -n BUNDLE -d: the app starts as if freshly installed",
    ),
)


def _open_project(area: RunsArea) -> None:
    area.project_bar.open_dialog()


_DO: dict[str, Callable[[RunsArea], object]] = {
    "open": lambda area: _open_project(area),
    "run": lambda area: area.start_from_shortcut("all"),
    "build": lambda area: area.start_from_shortcut("build"),
    "install": lambda area: area.start_from_shortcut("install"),
    "stacktrace": lambda area: area.rerun_with_stacktrace(),
    "stop": lambda area: area.cancel(),
}


class RunActions(QObject):
    """The Runs actions (``by_name``) on ``owner`` (window-wide shortcuts), and the uninstall /
    clear-data commands. ``build_area`` builds the area when an action needs it and there is
    none yet; the area calls :meth:`bind` when it is made.

    Signals:
        app_action_done(ActionResult): an uninstall or clear-data finished (the banner says so).
    """

    app_action_done = Signal(object)

    def __init__(self, owner: QWidget, build_area: Callable[[], object] | None = None) -> None:
        super().__init__(owner)
        self.area: RunsArea | None = None
        self.busy = False  # an uninstall / clear data is running
        self.by_name: dict[str, QAction] = {}
        self._build_area = build_area
        for name, text, shortcut, tip in _ACTIONS:
            a = QAction(text, owner)
            a.setObjectName(f"runs_{name}")
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
                a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.setToolTip(tip)
            a.setStatusTip(tip)
            a.triggered.connect(lambda _c=False, n=name: self.trigger(n))
            owner.addAction(a)
            self.by_name[name] = a
        self.by_name["stop"].setEnabled(False)

    def bind(self, area: RunsArea) -> None:
        """``area`` is the one the actions act on from now on."""
        self.area = area

    def trigger(self, name: str) -> None:
        """Do what the action ``name`` does, on the area (built first when there is none)."""
        if self.area is None and self._build_area is not None:
            self._build_area()
        if self.area is None:
            return
        if name in _DO:
            _DO[name](self.area)
        else:
            self.start_app_action("uninstall" if name == "uninstall" else "clear-data")

    def menu_groups(self) -> list[list[QAction]]:
        """The "More" menu: everything but Build & Run (the area's button)."""
        a = self.by_name
        return [
            [a["build"], a["install"], a["stacktrace"], a["stop"]],
            [a["uninstall"], a["clear_data"]],
        ]

    def update_enabled(self, running: bool) -> None:
        """Enable what can run now: nothing while a run or a device action is busy, nothing
        that needs a missing tool (the button's tooltip says where the tool was looked for)."""
        from hmdesk.gui.runs.tool_status import NEEDS

        area = self.area
        if area is None:
            return
        busy = running or self.busy
        a = self.by_name
        needs: list[tuple[QAction | QPushButton, RunScope]] = [
            (area.run_button, "all"),
            (a["run"], "all"),
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
        assert self.area is not None
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
        from hmdesk.core.toolchain.pipeline.app_actions import ActionResult, run_app_action
        from hmdesk.core.toolchain.tools import hdc_path
        from hmdesk.gui.common.workers import run_in_thread

        area = self.area
        if area is None:
            return False
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
            return run_app_action(action, hdc_path(db), key, bundle)

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

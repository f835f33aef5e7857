"""The Devices tab: live list of hdc targets with model, OS version and API level, what to do
about Offline/Unauthorized, the target; connect a device over the network and take a screenshot.

Keyboard: Tab moves between the buttons, the list and the screenshot; Enter on a row makes it the
target; Alt+U (use), Alt+N (connect), Alt+S (screenshot), F5 (refresh now).
"""

from __future__ import annotations

import html
import shutil
import tempfile
from pathlib import Path

from hmdesk.core.db import Database
from hmdesk.core.toolchain.device_info import connect_over_network, take_screenshot
from hmdesk.core.toolchain.hdc import Device, InvalidName, Outcome
from hmdesk.core.toolchain.runs import RunRepository
from hmdesk.core.toolchain.tools import hdc_path
from hmdesk.gui.common.device_hub import DeviceHub
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.devices.connect_dialog import ConnectDialog
from hmdesk.gui.devices.files_view import FilesView
from hmdesk.gui.devices.info_cache import DeviceInfoCache
from hmdesk.gui.devices.inspector import InspectorView
from hmdesk.gui.devices.model import COL_API, COL_MODEL, COL_OS, DevicesModel
from hmdesk.gui.devices.screenshot_panel import ScreenshotPanel
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QImage, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

EMPTY_TEXT = (
    "No device. Connect a phone or tablet by USB with USB debugging on (Settings → System → "
    "Developer options), or use <b>Connect over network…</b> (<code>hdc tconn IP:PORT</code>) "
    "for wireless debugging. The list refreshes every 2 seconds (F5: now)."
)


NO_HDC_PREFIX = "hdc was not found"
NO_HDC_TEXT = "hdc was not found, so no device can be listed."


def _last_run(db: Database) -> tuple[str | None, str | None]:
    """The bundle and project of the latest run (what the Files and Layout views start from)."""
    runs = RunRepository(db).list(limit=1)
    return (runs[0].bundle, runs[0].project) if runs else (None, None)


class DevicesArea(QWidget):
    """Live device list; double-click or "Use as target" chooses the Build & Run target.

    Signals: crash_opened(object): a downloaded fault log was opened (its ``Crash``; the
    window shows it as a crash card in the Runs feed).
    """

    crash_opened = Signal(object)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.hub: DeviceHub | None = DeviceHub.for_context(ctx)
        self.model = DevicesModel(self)
        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        self.target_label = QLabel()
        self.target_label.setTextFormat(Qt.TextFormat.RichText)
        head.addWidget(self.target_label, 1)
        self.use_button = QPushButton("&Use as target")
        self.use_button.setToolTip("Make the selected device the Build & Run target (Enter)")
        self.use_button.clicked.connect(self.use_selected)
        head.addWidget(self.use_button)
        self.connect_button = QPushButton("Con&nect over network…")
        self.connect_button.setToolTip("hdc tconn IP:PORT — for a device with wireless debugging")
        self.connect_button.clicked.connect(self.open_connect_dialog)
        head.addWidget(self.connect_button)
        self.shot_button = QPushButton("&Screenshot")
        self.shot_button.setToolTip(
            "Capture the screen of the selected device (or the target) and show it here"
        )
        self.shot_button.clicked.connect(self.take_screenshot)
        head.addWidget(self.shot_button)
        lay.addLayout(head)
        self.action_label = QLabel()  # what a connect or a screenshot is doing / did
        self.action_label.setWordWrap(True)
        self.action_label.hide()
        lay.addWidget(self.action_label)
        refresh = QAction("Refresh the device list", self)
        refresh.setShortcut(QKeySequence(Qt.Key.Key_F5))
        refresh.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        refresh.triggered.connect(self.refresh)
        self.addAction(refresh)
        self.info = DeviceInfoCache(ctx.db, self)
        self.info.changed.connect(self._on_info)
        self.connect_dialog: ConnectDialog | None = None
        self.shot_running = False
        self._shots_dir: Path | None = None
        self._shots = 0
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        lay.addWidget(self.error_label)
        # no hdc: one calm line and the way to fix it (where it looked: the line's tooltip)
        self.no_hdc = QWidget(self)
        no_hdc = QHBoxLayout(self.no_hdc)
        no_hdc.setContentsMargins(0, 0, 0, 0)
        self.no_hdc_label = QLabel(NO_HDC_TEXT, self.no_hdc)
        no_hdc.addWidget(self.no_hdc_label, 1)
        self.set_hdc_button = QPushButton("Set path…", self.no_hdc)
        self.set_hdc_button.setToolTip("Choose the hdc executable (saved as the hdc setting)")
        self.set_hdc_button.clicked.connect(self.choose_hdc)
        no_hdc.addWidget(self.set_hdc_button)
        self.no_hdc.hide()
        lay.addWidget(self.no_hdc)
        self.table = QTableView()
        self.table.setObjectName("devicesTable")  # its column widths kept (layout_memory)
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        # few rows: let them follow the wrapped advice text as the columns resize
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)
        hh = self.table.horizontalHeader()
        hh.setStretchLastSection(True)
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for col, width in (
            (1, 180),
            (2, 90),
            (3, 110),
            (4, 100),
            (COL_MODEL, 110),
            (COL_OS, 200),
            (COL_API, 50),
        ):
            self.table.setColumnWidth(col, width)
        self.table.doubleClicked.connect(lambda idx: self.use_row(idx.row()))
        use = QAction("Use as target", self.table)
        use.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
        use.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        use.triggered.connect(self.use_selected)
        self.table.addAction(use)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("devicesSplitter")
        self.splitter.addWidget(self.table)
        self.screenshot = ScreenshotPanel()
        self.screenshot.saved.connect(lambda p: ctx.bus.show_info(f"Saved the screenshot to {p}"))
        self.screenshot.save_failed.connect(
            lambda p, e: ctx.bus.show_error(
                f"Could not save the screenshot to {p}: {e}", "Pick another folder."
            )
        )
        self.screenshot.copied.connect(
            lambda: ctx.bus.show_info("Copied the screenshot to the clipboard")
        )
        self.splitter.addWidget(self.screenshot)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        # the device's screen, its components and the app's files (issue 33)
        self.last_run: tuple[str | None, str | None] = (None, None)  # bundle, project
        self.inspector = InspectorView(ctx, self.tool_device, lambda: self.last_run[1])
        self.inspector.location_activated.connect(self._open_location)
        self.files = FilesView(ctx, self.tool_device, lambda: self.last_run[0])
        self.files.crash_opened.connect(self.crash_opened)
        self.tools = QTabWidget()
        self.tools.addTab(self.splitter, "&Devices")
        self.tools.addTab(self.inspector, "Screen && &layout")
        self.tools.addTab(self.files, "&Files")
        lay.addWidget(self.tools, 1)
        run_in_thread(_last_run, ctx.db, on_done=self._on_last_run, on_error=lambda _e: None)
        self.empty_label = QLabel(EMPTY_TEXT)
        self.empty_label.setWordWrap(True)
        self.empty_label.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.empty_label)
        self._apply_theme()
        hub = self.hub
        hub.devices_changed.connect(self._on_devices)
        hub.target_changed.connect(self._on_target)
        hub.error_changed.connect(self._on_error)
        hub.acquire()
        self._on_devices(hub.devices)
        self._on_target(hub.target)
        self._on_error(hub.error)

    # --- the device tools -----------------------------------------------------------------
    def tool_device(self) -> str:
        """The device the Screen and Files views work on: the selected connected one, else the
        target."""
        dev = self.screenshot_device()
        return dev.key if dev is not None else ""

    def _on_last_run(self, got: tuple[str | None, str | None]) -> None:
        self.last_run = got
        self.files.reload_places()

    def _open_location(self, path: str, line: int) -> None:
        from hmdesk.gui.common.editor import open_location

        message = open_location(path, line, 1, self.last_run[1])
        if message:
            self.ctx.bus.show_info(message)

    # --- theme ----------------------------------------------------------------------------
    def _apply_theme(self) -> None:
        theme = theme_for(self)
        self.error_label.setStyleSheet(
            f"background:{theme.error_bg}; color:{theme.error_text}; padding:4px"
        )
        self.empty_label.setStyleSheet(f"color:{theme.muted_fg}; padding:8px")
        self.action_label.setStyleSheet(
            f"background:{theme.info_bg}; color:{theme.info_text}; padding:4px"
        )
        self.model.set_theme(theme)
        if self.hub is not None:
            self._on_target(self.hub.target)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_theme()

    # --- hub ------------------------------------------------------------------------------
    def _on_devices(self, devices: list[Device]) -> None:
        if self.hub is None:  # a queued update that arrived after shutdown()
            return
        self.model.set_devices(devices)
        self.empty_label.setVisible(not devices)
        self.info.forget_failed(devices)
        self.info.want(devices)
        self._on_target(self.hub.target)

    def _on_info(self) -> None:
        self.model.set_info(self.info.info)
        if self.hub is not None:
            self._on_target(self.hub.target)

    def _on_target(self, key: str) -> None:
        if self.hub is None:
            return
        self.model.set_target(key)
        dev = self.hub.target_device()
        theme = theme_for(self)
        name = html.escape(key)
        if not key and self.hub.prompt:
            text = (
                f"<b>{html.escape(self.hub.prompt)}</b>: several devices are connected — pick "
                "the target below (Enter or double-click)"
            )
        elif not key:
            text = "Target: <i>none chosen</i> — pick a device below"
        elif dev is None:
            text = (
                f"Target: <b>{name}</b> "
                f"<span style='color:{theme.error_fg}'>(not connected now)</span>"
            )
        elif dev.usable:
            info = self.info.info.get(key)
            facts: list[str] = [dev.connection]
            if info is not None and info.model:
                facts.append(html.escape(info.model))
            if info is not None and info.api_level:
                facts.append(f"API {html.escape(info.api_level)}")
            if len(facts) == 1:
                facts.append(html.escape(dev.name))
            text = f"Target: <b>{name}</b> ({', '.join(facts)})"
        else:
            text = f"Target: <b>{name}</b> <span style='color:{theme.warn_fg}'>({dev.state})</span>"
        self.target_label.setText(text)

    def _on_error(self, error: str) -> None:
        missing = error.startswith(NO_HDC_PREFIX)
        self.no_hdc.setVisible(missing)
        self.no_hdc_label.setToolTip(error if missing else "")
        self.error_label.setText("" if missing else error)
        self.error_label.setVisible(bool(error) and not missing)

    def choose_hdc(self) -> str | None:
        """Pick the hdc executable; saved as the ``hdc`` setting and the list read again."""
        from hmdesk.core.config import ConfigError, set_value

        path, _filter = QFileDialog.getOpenFileName(self, "Where is hdc?")
        if not path:
            return None
        try:
            set_value("hdc", path)
        except (ConfigError, ValueError) as exc:
            self.ctx.bus.show_error(f"Could not save the hdc path: {exc}", "")
            return None
        self.say(f"hdc set to {path}")
        self.refresh()
        return path

    def use_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.use_row(rows[0].row())

    def use_row(self, row: int) -> None:
        if self.hub is not None and 0 <= row < self.model.rowCount():
            self.hub.set_target(self.model.device_at(row).key)

    def refresh(self) -> None:
        if self.hub is not None:
            self.hub.refresh()

    def say(self, text: str) -> None:
        self.action_label.setText(text)
        self.action_label.setVisible(bool(text))

    # --- connect over the network ---------------------------------------------------------
    def open_connect_dialog(self) -> ConnectDialog:
        """The IP:PORT dialog (window-modal, not blocking); Connect runs ``hdc tconn``."""
        dialog = ConnectDialog(self)
        self.connect_dialog = dialog

        def finished(result: int) -> None:
            self.connect_dialog = None
            if result == QDialog.DialogCode.Accepted:
                self.connect_to(dialog.value)
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()
        return dialog

    def connect_to(self, address: str) -> None:
        """``hdc tconn address`` off the GUI thread; the result in the status bar and here."""
        db, bus = self.ctx.db, self.ctx.bus
        self.say(f"Connecting to {address}…")

        def done(outcome: Outcome) -> None:
            if self.hub is None:
                return
            if outcome.ok:
                self.say(f"{outcome.message} It appears in the list within a few seconds.")
                bus.show_info(outcome.message)
                self.hub.refresh()
            else:
                self.say(f"{outcome.message} {outcome.fix or ''}".strip())
                bus.show_error(outcome.message, outcome.fix or "")

        def failed(exc: BaseException) -> None:
            fix = "Set the hdc path in the settings." if not isinstance(exc, InvalidName) else ""
            done(Outcome(False, f"Could not connect to {address}: {exc}", fix=fix or None))

        run_in_thread(
            lambda: connect_over_network(hdc_path(db), address), on_done=done, on_error=failed
        )

    # --- screenshot -----------------------------------------------------------------------
    def screenshot_device(self) -> Device | None:
        """The selected device, else the target (None when neither is listed)."""
        rows = self.table.selectionModel().selectedRows()
        if rows:
            return self.model.device_at(rows[0].row())
        return self.hub.target_device() if self.hub is not None else None

    def take_screenshot(self) -> None:
        if self.shot_running or self.hub is None:
            return
        dev = self.screenshot_device()
        if dev is None or not dev.usable:
            what = "No device is selected" if dev is None else f"{dev.key} is {dev.state}"
            self.say(f"{what}: select a connected device to take a screenshot.")
            return
        if self._shots_dir is None:
            self._shots_dir = Path(tempfile.mkdtemp(prefix="hmdesk-shots-"))
        self._shots += 1
        local = self._shots_dir / f"shot-{self._shots}.jpeg"
        key, db, bus = dev.key, self.ctx.db, self.ctx.bus
        self.shot_running = True
        self.shot_button.setEnabled(False)
        self.say(f"Taking a screenshot of {key}…")

        def work() -> tuple[Outcome, QImage]:
            outcome = take_screenshot(hdc_path(db), key, local)
            return outcome, QImage(str(local)) if outcome.ok else QImage()

        def done(result: tuple[Outcome, QImage]) -> None:
            self.shot_running = False
            self.shot_button.setEnabled(True)
            if self.hub is None:
                return
            outcome, image = result
            if outcome.ok and not image.isNull():
                w, h = outcome.extra.get("width"), outcome.extra.get("height")
                self.screenshot.show_image(key, image, local, f"{w}×{h}" if w and h else "")
                sizes = self.splitter.sizes()
                if sizes[1] == 0:  # first shown: the splitter gave the hidden panel no room
                    total = sum(sizes)
                    self.splitter.setSizes([total * 3 // 5, total - total * 3 // 5])
                self.say("")
                bus.show_info(f"Screenshot of {key}: Save as… (Ctrl+S) or Copy (Ctrl+C)")
                return
            message = outcome.message if not outcome.ok else "The screenshot could not be read."
            fix = outcome.fix or "Try again."
            self.say(f"Could not take a screenshot of {key}: {message} {fix}")
            bus.show_error(f"Could not take a screenshot of {key}: {message}", fix)

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda exc: done((Outcome(False, str(exc), fix="Check hdc."), QImage())),
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        self.inspector.shutdown()
        if self.hub is not None:
            hub, self.hub = self.hub, None
            hub.devices_changed.disconnect(self._on_devices)
            hub.target_changed.disconnect(self._on_target)
            hub.error_changed.disconnect(self._on_error)
            hub.release()
        self.info.close()
        if self._shots_dir is not None:
            shutil.rmtree(self._shots_dir, ignore_errors=True)
            self._shots_dir = None

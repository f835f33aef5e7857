"""The Devices tab: live list of hdc targets, what to do about Offline/Unauthorized, the target."""

from __future__ import annotations

import html

from hmdesk.core.toolchain.hdc import Device
from hmdesk.gui.common.device_hub import DeviceHub
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.context import AppContext
from hmdesk.gui.devices.model import DevicesModel
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

EMPTY_TEXT = (
    "No device. Connect a phone or tablet by USB with USB debugging on (Settings → System → "
    "Developer options), or run <code>hdc tconn IP:PORT</code> for wireless debugging. "
    "The list refreshes every 2 seconds."
)


class DevicesArea(QWidget):
    """Live device list; double-click or "Use as target" chooses the Build & Run target."""

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
        self.use_button = QPushButton("Use as target")
        self.use_button.clicked.connect(self.use_selected)
        head.addWidget(self.use_button)
        lay.addLayout(head)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        lay.addWidget(self.error_label)
        self.table = QTableView()
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
        for col, width in ((1, 180), (2, 90), (3, 110), (4, 120)):
            self.table.setColumnWidth(col, width)
        self.table.doubleClicked.connect(lambda idx: self.use_row(idx.row()))
        lay.addWidget(self.table, 1)
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

    # --- theme ----------------------------------------------------------------------------
    def _apply_theme(self) -> None:
        theme = theme_for(self)
        self.error_label.setStyleSheet(
            f"background:{theme.error_bg}; color:{theme.error_text}; padding:4px"
        )
        self.empty_label.setStyleSheet(f"color:{theme.muted_fg}; padding:8px")
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
        self._on_target(self.hub.target)

    def _on_target(self, key: str) -> None:
        if self.hub is None:
            return
        self.model.set_target(key)
        dev = self.hub.target_device()
        theme = theme_for(self)
        name = html.escape(key)
        if not key:
            text = "Target: <i>none chosen</i> — pick a device below"
        elif dev is None:
            text = (
                f"Target: <b>{name}</b> "
                f"<span style='color:{theme.error_fg}'>(not connected now)</span>"
            )
        elif dev.usable:
            text = f"Target: <b>{name}</b> ({dev.connection}, {html.escape(dev.name)})"
        else:
            text = f"Target: <b>{name}</b> <span style='color:{theme.warn_fg}'>({dev.state})</span>"
        self.target_label.setText(text)

    def _on_error(self, error: str) -> None:
        self.error_label.setText(error)
        self.error_label.setVisible(bool(error))

    def use_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.use_row(rows[0].row())

    def use_row(self, row: int) -> None:
        if self.hub is not None and 0 <= row < self.model.rowCount():
            self.hub.set_target(self.model.device_at(row).key)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        if self.hub is not None:
            hub, self.hub = self.hub, None
            hub.devices_changed.disconnect(self._on_devices)
            hub.target_changed.disconnect(self._on_target)
            hub.error_changed.disconnect(self._on_error)
            hub.release()

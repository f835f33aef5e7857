"""Table model of the device list: target marker, key, connection, state, name, model, OS
version, API level (read by ``param get``, filled in as they arrive), what to do."""

from __future__ import annotations

from typing import Any, ClassVar

from hmdesk.core.toolchain.device_info import DeviceInfo
from hmdesk.core.toolchain.hdc import Device
from hmdesk.gui.common.device_hub import device_guidance
from hmdesk.gui.common.table_model import RowTableModel
from hmdesk.gui.common.theme import Theme, theme_for
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont

COLUMNS = ("", "Device", "Connection", "State", "Name", "Model", "OS version", "API", "What to do")
COL_MODEL, COL_OS, COL_API, COL_TODO = 5, 6, 7, 8
READING = "reading…"


def state_colour(state: str, theme: Theme) -> str:
    """The colour a device state is drawn in."""
    return {
        "Connected": theme.ok_fg,
        "Offline": theme.error_fg,
        "Unauthorized": theme.warn_fg,
    }.get(state, theme.muted_fg)


class DevicesModel(RowTableModel):
    COLUMNS: ClassVar[tuple[str, ...]] = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.target = ""
        self.theme: Theme = theme_for(None)
        self.info: dict[str, DeviceInfo] = {}

    @property
    def devices(self) -> list[Device]:
        return self.rows

    def set_devices(self, devices: list[Device]) -> None:
        self.set_rows(devices)

    def set_target(self, key: str) -> None:
        self.target = key
        self.refresh_all()

    def set_info(self, info: dict[str, DeviceInfo]) -> None:
        """What ``param get`` said per device key (a device missing from it is being read)."""
        self.info = dict(info)
        self.refresh_all()

    def _info_cell(self, dev: Device, col: int) -> str:
        info = self.info.get(dev.key)
        if info is None:
            return READING if dev.usable else "—"
        value = {COL_MODEL: info.model, COL_OS: info.os_version, COL_API: info.api_level}[col]
        return value or "—"

    def _info_tip(self, dev: Device) -> str | None:
        info = self.info.get(dev.key)
        if info is None:
            return None if dev.usable else "Connect the device to read its model and OS."
        if info.problem:
            return f"Could not read the device's details: {info.problem}"
        parts = [f"Model: {info.model or 'unknown'}"]
        parts.append(f"Software version: {info.software_version or 'unknown'}")
        parts.append(f"OpenHarmony: {info.os_fullname or 'unknown'}")
        parts.append(f"API level: {info.api_level or 'unknown'}")
        return "\n".join(parts)

    def set_theme(self, theme: Theme) -> None:
        if theme is not self.theme:
            self.theme = theme
            self.refresh_all()

    def device_at(self, row: int) -> Device:
        device: Device = self.row_at(row)
        return device

    def cell(self, dev: Device, col: int, role: int) -> Any:
        is_target = dev.key == self.target and bool(self.target)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return "●" if is_target else ""
            if col == COL_TODO:
                return "" if dev.usable else device_guidance(dev)
            if col in (COL_MODEL, COL_OS, COL_API):
                return self._info_cell(dev, col)
            return (dev.key, dev.key, dev.connection, dev.state, dev.name)[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 0:
                return "the target for Build & Run" if is_target else None
            if col in (COL_MODEL, COL_OS, COL_API):
                return self._info_tip(dev)
            return device_guidance(dev)
        if role == Qt.ItemDataRole.ForegroundRole and col in (0, 3):
            colour = self.theme.accent_fg if col == 0 else state_colour(dev.state, self.theme)
            return QBrush(QColor(colour))
        info_col = col in (COL_MODEL, COL_OS, COL_API)
        if role == Qt.ItemDataRole.ForegroundRole and info_col:
            muted = self._info_cell(dev, col) in (READING, "—")
            return QBrush(QColor(self.theme.muted_fg)) if muted else None
        if role == Qt.ItemDataRole.FontRole and is_target:
            font = QFont()
            font.setBold(True)
            return font
        return None

"""Table model of the device list: target marker, key, connection, state, name, what to do."""

from __future__ import annotations

from typing import Any, ClassVar

from hmdesk.core.toolchain.hdc import Device
from hmdesk.gui.common.device_hub import device_guidance
from hmdesk.gui.common.table_model import RowTableModel
from hmdesk.gui.common.theme import Theme, theme_for
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont

COLUMNS = ("", "Device", "Connection", "State", "Name", "What to do")


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

    @property
    def devices(self) -> list[Device]:
        return self.rows

    def set_devices(self, devices: list[Device]) -> None:
        self.set_rows(devices)

    def set_target(self, key: str) -> None:
        self.target = key
        self.refresh_all()

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
            if col == 5:
                return "" if dev.usable else device_guidance(dev)
            return (dev.key, dev.key, dev.connection, dev.state, dev.name)[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 0:
                return "the target for Build & Run" if is_target else None
            return device_guidance(dev)
        if role == Qt.ItemDataRole.ForegroundRole and col in (0, 3):
            colour = self.theme.accent_fg if col == 0 else state_colour(dev.state, self.theme)
            return QBrush(QColor(colour))
        if role == Qt.ItemDataRole.FontRole and is_target:
            font = QFont()
            font.setBold(True)
            return font
        return None

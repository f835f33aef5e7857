"""Table model of the device list: target marker, key, connection, state, name, what to do."""

from __future__ import annotations

from typing import Any

from hmdesk.gui.common.table_model import RowTableModel
from hmdesk.gui.common.device_hub import advice, field, usable
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont

COLUMNS = ("", "Device", "Connection", "State", "Name", "What to do")
STATE_COLOURS = {
    "Connected": "#2e7d32",
    "Offline": "#c62828",
    "Unauthorized": "#d75f00",
}


class DevicesModel(RowTableModel):
    COLUMNS = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.target = ""

    @property
    def devices(self) -> list[Any]:
        return self.rows

    def set_devices(self, devices: list[Any]) -> None:
        self.set_rows(devices)

    def set_target(self, key: str) -> None:
        self.target = key
        self.refresh_all()

    def device_at(self, row: int) -> Any:
        return self.row_at(row)

    def cell(self, dev: Any, col: int, role: int) -> Any:
        is_target = field(dev, "key") == self.target and bool(self.target)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return "●" if is_target else ""
            if col == 5:
                return "" if usable(dev) else advice(dev)
            return field(dev, ("key", "key", "connection", "state", "name")[col])
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 0:
                return "the target for Build & Run" if is_target else None
            return advice(dev)
        if role == Qt.ItemDataRole.ForegroundRole and col in (0, 3):
            colour = STATE_COLOURS.get(field(dev, "state"), "#616161")
            return QBrush(QColor("#1565c0" if col == 0 else colour))
        if role == Qt.ItemDataRole.FontRole and is_target:
            font = QFont()
            font.setBold(True)
            return font
        return None

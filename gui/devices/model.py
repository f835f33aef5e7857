"""Table model of the device list: target marker, key, connection, state, name, what to do."""

from __future__ import annotations

from typing import Any

from hmdesk.gui.devices.hub import advice, field, usable
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

COLUMNS = ("", "Device", "Connection", "State", "Name", "What to do")
STATE_COLOURS = {
    "Connected": "#2e7d32",
    "Offline": "#c62828",
    "Unauthorized": "#d75f00",
}
Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class DevicesModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.devices: list[Any] = []
        self.target = ""

    def set_devices(self, devices: list[Any]) -> None:
        self.beginResetModel()
        self.devices = list(devices)
        self.endResetModel()

    def set_target(self, key: str) -> None:
        self.target = key
        if self.devices:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self.devices) - 1, len(COLUMNS) - 1)
            )

    def device_at(self, row: int) -> Any:
        return self.devices[row]

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.devices)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.devices)):
            return None
        if not 0 <= index.column() < len(COLUMNS):
            return None
        dev = self.devices[index.row()]
        col = index.column()
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

"""A read-only table model over a Python list of rows, for the small tables (devices, runs).

Subclasses set ``COLUMNS`` and implement :meth:`cell`; bounds checks, headers and flags live
here once. The row type is the model's parameter (``class DevicesModel(RowTableModel[Device])``).
Big or sorted tables (memories, hilog) have their own models.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
Row = TypeVar("Row")


class RowTableModel(QAbstractTableModel, Generic[Row]):
    COLUMNS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Row] = []

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> Row:
        return self.rows[row]

    def refresh_all(self) -> None:
        """Every cell may have changed (same rows)."""
        if self.rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self.rows) - 1, len(self.COLUMNS) - 1)
            )

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    # Any, as in QAbstractItemModel: a display string, a brush, a font, … or None.
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section] if 0 <= section < len(self.COLUMNS) else None
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
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        if not 0 <= index.column() < len(self.COLUMNS):
            return None
        return self.cell(self.rows[index.row()], index.column(), role)

    def cell(self, row: Row, col: int, role: int) -> Any:
        """What ``data()`` returns for ``row``'s column ``col`` in ``role`` (None: nothing)."""
        raise NotImplementedError

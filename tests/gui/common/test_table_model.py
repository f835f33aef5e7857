"""The small read-only table model: rows, headers, bounds, flags, refresh."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from hmdesk.gui.common.table_model import RowTableModel
from PySide6.QtCore import QModelIndex, Qt


@dataclass
class Fruit:
    name: str
    count: int


class FruitModel(RowTableModel[Fruit]):
    COLUMNS: ClassVar[tuple[str, ...]] = ("Name", "Count")

    def cell(self, row: Fruit, col: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row.name if col == 0 else str(row.count)
        return None


def test_rows_headers_and_cells(qapp):
    model = FruitModel()
    assert model.rowCount() == 0 and model.columnCount() == 2
    model.set_rows([Fruit("apple", 3), Fruit("pear", 1)])
    assert model.rowCount() == 2
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "Count"
    assert model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) is None
    assert model.headerData(0, Qt.Orientation.Vertical, Qt.ItemDataRole.DisplayRole) is None
    assert model.data(model.index(1, 0)) == "pear"
    assert model.data(model.index(0, 1)) == "3"
    assert model.row_at(1) == Fruit("pear", 1)


def test_out_of_range_and_children(qapp):
    model = FruitModel()
    model.set_rows([Fruit("apple", 3)])
    assert model.data(QModelIndex()) is None
    assert model.data(model.index(5, 0)) is None
    assert model.rowCount(model.index(0, 0)) == 0  # a flat table: no children
    assert model.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags
    flags = model.flags(model.index(0, 0))
    assert flags & Qt.ItemFlag.ItemIsSelectable and not flags & Qt.ItemFlag.ItemIsEditable


def test_set_rows_resets_and_refresh_all_signals_every_cell(qtbot):
    model = FruitModel()
    with qtbot.waitSignal(model.modelReset):
        model.set_rows([Fruit("apple", 3), Fruit("pear", 1)])
    model.rows[1].count = 7
    with qtbot.waitSignal(model.dataChanged) as changed:
        model.refresh_all()
    top_left, bottom_right = changed.args[:2]
    assert (top_left.row(), top_left.column()) == (0, 0)
    assert (bottom_right.row(), bottom_right.column()) == (1, 1)
    assert model.data(model.index(1, 1)) == "7"

"""Showing a new result in the results table a few rows per event-loop turn.

After :meth:`ResultsModel.swap_result` the model holds the new rows but the table has not been
told; :class:`RowBands` tells it about the rows it shows, :data:`BAND_ROWS` at a time, top to
bottom, one band per event-loop turn. After a reset with ``hidden=True`` (a first result, the
first look) the rows show as empty cells, cheap to paint, until their band reveals them. Each
turn repaints only that band: repainting the whole table at once (after a model reset) was the
longest stall while typing (docs/decisions/0013-results-table-painted-in-bands.md).

:func:`selection_rows` and :func:`repaint_rows` let a selection set with the selection model's
signals blocked repaint only the rows whose selection changed.

Rows the table does not show are not announced: it paints them from the model when they are
scrolled to (announcing rows below the visible ones makes ``QTableView`` repaint everything).
"""

from __future__ import annotations

from hmdesk.gui.memories.model import ResultsModel
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QTableView

BAND_ROWS = 3
"""Rows repainted per event-loop turn (docs/decisions/0013-results-table-painted-in-bands.md)."""


class RowBands(QObject):
    """Signals: finished(): the last visible row was announced (not after :meth:`cancel`)."""

    finished = Signal()

    def __init__(
        self, table: QTableView, model: ResultsModel, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.table = table
        self.model = model
        self._row: int | None = None  # the next row to announce; None: idle
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)

    def visible_rows(self) -> tuple[int, int]:
        """(first, last) row the table shows; (0, -1) when none."""
        n = self.model.rowCount()
        height = self.table.viewport().height()
        if n == 0 or height <= 0:
            return 0, -1
        first = self.table.rowAt(0)
        last = self.table.rowAt(height - 1)
        return max(0, first), (n - 1 if last < 0 else last)

    def start(self) -> None:
        """Announce the visible rows, the first band now, the others in the next turns (a
        band still pending from an earlier result is dropped: these rows include it). Rows
        the model hides (``set_result(..., hidden=True)``) are shown band by band."""
        self._row = self.visible_rows()[0]
        self._next()  # with no rows shown: finished at once

    def pending(self) -> bool:
        return self._row is not None

    def cancel(self) -> None:
        """Stop; every row shows its values (unannounced)."""
        self._row = None
        self._timer.stop()
        self.model.show_through(None)

    def _next(self) -> None:
        if self._row is None:
            return
        # the visible rows again: the table may have been resized or scrolled meanwhile
        first, last = self.visible_rows()
        row = max(self._row, first)
        if row > last:
            self._row = None
            self.model.show_through(None)  # the rows not shown paint when scrolled to
            self.finished.emit()
            return
        end = min(row + BAND_ROWS - 1, last)
        self.model.show_through(end)
        self.model.rows_changed(row, end)
        self._row = end + 1
        self._timer.start()


def selection_rows(table: QTableView) -> set[int | tuple[str, int]]:
    """The table's selected rows and its current one (marked: its focus frame is drawn too)."""
    sm = table.selectionModel()
    rows: set[int | tuple[str, int]] = {i.row() for i in sm.selection().indexes()}
    rows.add(("current", sm.currentIndex().row()))
    return rows


def repaint_rows(table: QTableView, rows: set[int | tuple[str, int]]) -> None:
    """Repaint those of ``rows`` (as :func:`selection_rows` gives them) the table shows."""
    viewport = table.viewport()
    height, width = viewport.height(), viewport.width()
    for item in rows:
        row = item[1] if isinstance(item, tuple) else item
        if row < 0:
            continue
        y, h = table.rowViewportPosition(row), table.rowHeight(row)
        if y + h >= 0 and y < height:
            viewport.update(0, y, width, h)

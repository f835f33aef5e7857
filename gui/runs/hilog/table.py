"""The hilog view's table and the delegate that paints its cells.

Under a 50,000 lines/s stream the table scrolls by more than a page every tick, so each tick
repaints a full window of rows (~300 cells at 1400x900); that paint was the GUI thread's
biggest cost. Two things keep it short:

* :class:`LogDelegate` draws a cell's text itself from the model's cached row cells
  (:meth:`HilogModel.cell`): one Python call per cell instead of ``multiData`` filling seven
  roles through Qt's variants and the style's text layout per cell (half the paint time
  measured). Selection, level colours, bold error lines, right-aligned pid/tid and eliding
  stay as the standard delegate draws them; ``initStyleOption`` (used by tools and tests)
  still asks the model's ``multiData``.
* :class:`LogTable` marks each paint as a GUI busy spell (``feed.GUI_BUSY``): the stream
  thread holds off parsing meanwhile, and the Python ``paintEvent`` keeps the interpreter for
  the whole paint instead of taking it again for every cell.
"""

from __future__ import annotations

import math

from hmdesk.gui.runs.hilog.feed import GUI_BUSY
from hmdesk.gui.runs.hilog.model import ALIGN_ROLE, DISPLAY_ROLE, FG_ROLE, FONT_ROLE, HilogModel
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView, QWidget

_LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)
_ALIGN_RIGHT = int(Qt.AlignmentFlag.AlignRight.value)


def fixed_advance(fm: QFontMetrics) -> float:
    """The advance of every ASCII character if the font is fixed-pitch, else 0.

    Measured, not asked: ``QFontInfo.fixedPitch()`` says False for some monospace fonts
    (Noto Sans Mono under fontconfig), and then every cell was measured.
    """
    widths = {fm.horizontalAdvance(c * 64) for c in "iMW._ 0"}
    return max(widths) / 64 if len(widths) == 1 else 0.0


class LogDelegate(QStyledItemDelegate):
    """Paints a hilog cell's text straight from :meth:`HilogModel.cell`.

    What is the same for every cell of a paint (the fonts, their metrics, the text colour, the
    margin) is set once per paint by :class:`LogTable` (:meth:`prepare`), not read from each
    cell's style option (every attribute read there copies a Qt value).
    """

    def __init__(self, model: HilogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.margin = 4
        self.fonts = (QFont(), QFont())  # regular, bold
        self.metrics = (QFontMetrics(self.fonts[0]), QFontMetrics(self.fonts[1]))
        self.char_width = (0.0, 0.0)  # of a fixed-pitch font (0: measure each text)
        self.text_color = QColor()
        self.highlight = (QBrush(), QColor())
        self.selected_rows: set[int] = set()

    def prepare(self, table: QTableView) -> None:
        """Before a paint: the table's font (and its bold), palette text colour and margin."""
        font = table.font()
        if font != self.fonts[0]:
            bold = QFont(font)
            bold.setBold(True)
            self.fonts = (font, bold)
            self.metrics = (QFontMetrics(font), QFontMetrics(bold))
            self.char_width = (fixed_advance(self.metrics[0]), fixed_advance(self.metrics[1]))
        palette = table.palette()
        self.text_color = palette.color(QPalette.ColorRole.Text)
        group = (
            QPalette.ColorGroup.Active if table.isActiveWindow() else QPalette.ColorGroup.Inactive
        )
        self.highlight = (
            palette.brush(group, QPalette.ColorRole.Highlight),
            palette.color(group, QPalette.ColorRole.HighlightedText),
        )
        # rows, not cells, are selected (SelectRows): the visible selected rows, once per paint
        selection = table.selectionModel()
        rows: set[int] = set()
        if selection is not None and selection.hasSelection():
            first = table.rowAt(0)
            last = table.rowAt(table.viewport().height() - 1)
            if first >= 0:
                last = last if last >= 0 else table.model().rowCount() - 1
                rows = {r for r in range(first, last + 1) if selection.isRowSelected(r)}
        self.selected_rows = rows
        metric = QStyle.PixelMetric.PM_FocusFrameHMargin
        self.margin = table.style().pixelMetric(metric, None, table) + 1

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        cell = self.model.cell(index.row(), index.column())
        if cell is None:
            return
        rect: QRect = option.rect
        row = index.row()
        if row in self.selected_rows:
            painter.fillRect(rect, self.highlight[0])
            painter.setPen(self.highlight[1])
        else:
            brush = cell.get(FG_ROLE)
            painter.setPen(brush.color() if brush is not None else self.text_color)
        text = cell.get(DISPLAY_ROLE, "")
        if not text:
            return
        bold = 1 if FONT_ROLE in cell else 0
        painter.setFont(self.fonts[bold])
        margin = self.margin
        left, width = rect.x() + margin, rect.width() - 2 * margin
        text = self.fit(text, width, bold)
        if cell.get(ALIGN_ROLE, _LEFT) & _ALIGN_RIGHT:
            left += width - self.width_of(text, bold)
        # at a point, vertically centred (drawText(rect, flags) lays the text out first); the
        # +1 puts the baseline where the standard delegate does (a pixel-compared grab)
        fm = self.metrics[bold]
        top = rect.y() + (rect.height() + fm.ascent() - fm.descent()) // 2 + 1
        painter.drawText(QPoint(left, top), text)

    def width_of(self, text: str, bold: int = 0) -> int:
        cw = self.char_width[bold]
        if cw and text.isascii():
            return math.ceil(len(text) * cw)
        return self.metrics[bold].horizontalAdvance(text)

    def fit(self, text: str, width: int, bold: int = 0) -> str:
        """``text`` elided on the right to ``width`` pixels (unchanged when it fits); an ASCII
        text in a fixed-pitch font is measured by its length alone."""
        cw = self.char_width[bold]
        if cw and text.isascii() and len(text) * cw <= width:
            return text
        fm = self.metrics[bold]
        if fm.horizontalAdvance(text) > width:
            return fm.elidedText(text, Qt.TextElideMode.ElideRight, width)
        return text


class LogTable(QTableView):
    """The log's table over ``model``, painted by a :class:`LogDelegate`; its paints are GUI
    busy spells (``feed.GUI_BUSY``)."""

    def __init__(self, model: HilogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.delegate = LogDelegate(model, self)
        self.setItemDelegate(self.delegate)

    def paintEvent(self, event: QPaintEvent) -> None:
        GUI_BUSY.busy()
        try:
            self.delegate.prepare(self)
            super().paintEvent(event)
        finally:
            GUI_BUSY.idle()

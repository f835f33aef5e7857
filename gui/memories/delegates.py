"""Painting for the results table: the score bar in three weighted parts, and content with the
matched terms in bold, elided to the cell width. Both paint directly with QPainter (no
QTextDocument per cell) so scrolling stays cheap."""

from __future__ import annotations

from typing import Any

from hmdesk.gui.common.explanation import component_color
from hmdesk.gui.common.highlight import elided_segments
from hmdesk.gui.memories.model import ComponentsRole, ScoredRole, SpansRole
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem


class ScoreBarDelegate(QStyledItemDelegate):
    """A horizontal bar whose full width is score 1.0, split into the weighted contributions."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        draw_background(self, painter, option, index)
        comps = index.data(ComponentsRole) or []
        scored = index.data(ScoredRole)
        rect = option.rect.adjusted(4, 5, -4, -5)  # type: ignore[attr-defined]
        painter.save()
        pal = option.palette  # type: ignore[attr-defined]
        track = pal.color(_MID)
        track.setAlpha(60)
        painter.fillRect(rect, track)
        x = float(rect.left())
        for name, value in comps:
            w = max(0.0, min(1.0, value)) * rect.width()
            if w <= 0:
                continue
            part = QRect(round(x), rect.top(), max(1, round(x + w) - round(x)), rect.height())
            painter.fillRect(part, component_color(name))
            x += w
        if scored is not None:
            font, fm = _small_font(option.font)  # type: ignore[attr-defined]
            painter.setFont(font)
            text = f"{scored.score:.2f}"
            tw = fm.horizontalAdvance(text) + 6
            label = QRect(rect.right() - tw, rect.top(), tw, rect.height())
            painter.fillRect(label, pal.color(_BASE))
            painter.setPen(pal.color(_TEXT))
            painter.drawText(label, _CENTER, text)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(110, super().sizeHint(option, index).height())


_MID = QPalette.ColorRole.Mid
_BASE = QPalette.ColorRole.Base
_TEXT = QPalette.ColorRole.Text
_HTEXT = QPalette.ColorRole.HighlightedText
_CENTER = Qt.AlignmentFlag.AlignCenter
_SELECTED = QStyle.StateFlag.State_Selected
_PANEL = QStyle.PrimitiveElement.PE_PanelItemViewItem
_ELIDE_RIGHT = Qt.TextElideMode.ElideRight
_fonts: dict[str, Any] = {}


def _small_font(base: QFont) -> tuple[QFont, QFontMetrics]:
    key = "small" + base.key()
    hit = _fonts.get(key)
    if hit is None:
        f = QFont(base)
        f.setPointSizeF(max(6.0, f.pointSizeF() * 0.85))
        hit = _fonts[key] = (f, QFontMetrics(f))
    return hit  # type: ignore[no-any-return]


def _content_fonts(base: QFont, strike: bool) -> Any:
    key = f"content{int(strike)}" + base.key()
    hit = _fonts.get(key)
    if hit is None:
        normal = QFont(base)
        normal.setStrikeOut(strike)
        bold = QFont(normal)
        bold.setBold(True)
        hit = _fonts[key] = (
            {False: normal, True: bold},
            {False: QFontMetrics(normal), True: QFontMetrics(bold)},
        )
    return hit


def draw_background(
    delegate: QStyledItemDelegate, painter: QPainter, option: QStyleOptionViewItem, index: Any
) -> None:
    """The item's selection/alternate background from the style, without text.

    The view's option already carries the selection state and the alternate-row feature, so
    the panel is drawn straight from it (``initStyleOption`` would query ~8 roles per cell)."""
    widget = option.widget  # type: ignore[attr-defined]
    style = widget.style() if widget is not None else QApplication.style()
    style.drawPrimitive(_PANEL, option, painter, widget)


class ContentDelegate(QStyledItemDelegate):
    """Content on one line, matched terms bold, elided with '…' at the cell's width."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        draw_background(self, painter, option, index)
        scored = index.data(ScoredRole)
        if scored is None:
            return
        spans = index.data(SpansRole) or []
        rect = option.rect.adjusted(4, 0, -4, 0)  # type: ignore[attr-defined]
        selected = bool(option.state & _SELECTED)  # type: ignore[attr-defined]
        pal = option.palette  # type: ignore[attr-defined]
        strike = scored.memory.is_superseded or scored.memory.is_deleted
        fonts, fms = _content_fonts(option.font, strike)  # type: ignore[attr-defined]
        ellipsis = "…"
        ell_w = fms[False].horizontalAdvance(ellipsis)
        painter.save()
        painter.setClipRect(option.rect)  # type: ignore[attr-defined]
        painter.setPen(pal.color(_HTEXT if selected else _TEXT))
        x = rect.left()
        right = rect.right()
        baseline = rect.top() + (rect.height() + fms[False].ascent() - fms[False].descent()) // 2
        # Only what can be visible: a cell never shows more than a few hundred characters.
        content = scored.memory.content[:400]
        segments = elided_segments(content, [s for s in spans if s[0] < len(content)])
        for n, (text, matched) in enumerate(segments):
            fm = fms[matched]
            w = fm.horizontalAdvance(text)
            painter.setFont(fonts[matched])
            last = n == len(segments) - 1 and len(content) == len(scored.memory.content)
            if x + w <= right - ell_w or (last and x + w <= right):
                painter.drawText(x, baseline, text)
                x += w
                continue
            room = right - ell_w - x
            cut = fm.elidedText(text + ellipsis, _ELIDE_RIGHT, max(0, room + ell_w))
            if cut and cut != ellipsis:
                painter.drawText(x, baseline, cut)
            else:
                painter.setFont(fonts[False])
                painter.drawText(x, baseline, ellipsis)
            break
        painter.restore()


class PlainTextDelegate(QStyledItemDelegate):
    """One line of text, elided: one ``data()`` call per cell instead of the ~8 role queries
    of the default delegate (the table repaints on every result while typing)."""

    def __init__(self, right_aligned: bool = False, parent: Any = None) -> None:
        super().__init__(parent)
        self._align = (
            Qt.AlignmentFlag.AlignRight if right_aligned else Qt.AlignmentFlag.AlignLeft
        ) | Qt.AlignmentFlag.AlignVCenter

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        draw_background(self, painter, option, index)
        text = index.data()
        if not text:
            return
        rect = option.rect.adjusted(4, 0, -4, 0)  # type: ignore[attr-defined]
        selected = bool(option.state & _SELECTED)  # type: ignore[attr-defined]
        fm = option.fontMetrics  # type: ignore[attr-defined]
        painter.save()
        painter.setPen(option.palette.color(_HTEXT if selected else _TEXT))  # type: ignore[attr-defined]
        painter.drawText(rect, self._align, fm.elidedText(str(text), _ELIDE_RIGHT, rect.width()))
        painter.restore()

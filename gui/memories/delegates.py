"""Painting for the results table: the score bar in three weighted parts, and content with the
matched terms in bold, elided to the cell width. Both paint directly with QPainter (no
QTextDocument per cell) so scrolling stays cheap."""

from __future__ import annotations

from typing import Any

from hmdesk.gui.memories.highlight import elided_segments
from hmdesk.gui.memories.model import ComponentsRole, ScoredRole, SpansRole
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

COMPONENT_COLORS = {
    "confidence": QColor("#4c6ef5"),
    "recency": QColor("#20c997"),
    "lexical": QColor("#fab005"),
}
OTHER_COLOR = QColor("#adb5bd")


def component_color(name: str) -> QColor:
    return COMPONENT_COLORS.get(name, OTHER_COLOR)


class ScoreBarDelegate(QStyledItemDelegate):
    """A horizontal bar whose full width is score 1.0, split into the weighted contributions."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        self._background(painter, option, index)
        comps = index.data(ComponentsRole) or []
        scored = index.data(ScoredRole)
        rect = option.rect.adjusted(4, 5, -4, -5)  # type: ignore[attr-defined]
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        track = option.palette.color(QPalette.ColorRole.Mid)  # type: ignore[attr-defined]
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
            f = QFont(option.font)  # type: ignore[attr-defined]
            f.setPointSizeF(max(6.0, f.pointSizeF() * 0.85))
            painter.setFont(f)
            text = f"{scored.score:.2f}"
            fm = QFontMetrics(f)
            tw = fm.horizontalAdvance(text) + 6
            label = QRect(rect.right() - tw, rect.top(), tw, rect.height())
            painter.fillRect(label, option.palette.color(QPalette.ColorRole.Base))  # type: ignore[attr-defined]
            painter.setPen(option.palette.color(QPalette.ColorRole.Text))  # type: ignore[attr-defined]
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    @staticmethod
    def _background(painter: QPainter, option: QStyleOptionViewItem, index: Any) -> None:
        opt = QStyleOptionViewItem(option)
        QStyledItemDelegate().initStyleOption(opt, index)
        opt.text = ""  # type: ignore[attr-defined]
        style = opt.widget.style() if opt.widget else QApplication.style()  # type: ignore[attr-defined]
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)  # type: ignore[attr-defined]

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(110, super().sizeHint(option, index).height())


class ContentDelegate(QStyledItemDelegate):
    """Content on one line, matched terms bold, elided with '…' at the cell's width."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        ScoreBarDelegate._background(painter, option, index)
        scored = index.data(ScoredRole)
        if scored is None:
            return
        spans = index.data(SpansRole) or []
        rect = option.rect.adjusted(4, 0, -4, 0)  # type: ignore[attr-defined]
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        pal = option.palette  # type: ignore[attr-defined]
        color = pal.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        normal = QFont(option.font)  # type: ignore[attr-defined]
        bold = QFont(normal)
        bold.setBold(True)
        fms = {False: QFontMetrics(normal), True: QFontMetrics(bold)}
        ellipsis = "…"
        ell_w = fms[False].horizontalAdvance(ellipsis)
        painter.save()
        painter.setClipRect(option.rect)  # type: ignore[attr-defined]
        painter.setPen(color)
        x = rect.left()
        right = rect.right()
        baseline = rect.top() + (rect.height() + fms[False].ascent() - fms[False].descent()) // 2
        if scored.memory.is_superseded or scored.memory.is_deleted:
            normal.setStrikeOut(True)
            bold.setStrikeOut(True)
        segments = elided_segments(scored.memory.content, spans)
        for n, (text, matched) in enumerate(segments):
            fm = fms[matched]
            w = fm.horizontalAdvance(text)
            painter.setFont(bold if matched else normal)
            last = n == len(segments) - 1
            if x + w <= right - ell_w or (last and x + w <= right):
                painter.drawText(x, baseline, text)
                x += w
                continue
            # Fit as much as possible, then the ellipsis.
            room = right - ell_w - x
            cut = fm.elidedText(text + "…", Qt.TextElideMode.ElideRight, max(0, room + ell_w))
            if cut and cut != ellipsis:
                painter.drawText(x, baseline, cut)
            else:
                painter.setFont(normal)
                painter.drawText(x, baseline, ellipsis)
            break
        painter.restore()

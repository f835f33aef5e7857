"""Painting for the results table: the score bar in three weighted parts, and content with the
matched terms in bold, elided to the cell width. Both paint directly with QPainter (no
QTextDocument per cell) so scrolling stays cheap. The bar's colours are the theme's score
colours, made to stand out 3:1 against the cell (see :func:`component_color`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from hmdesk.gui.common.explanation import component_color
from hmdesk.gui.common.highlight import elided_segments
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.model import (
    ComponentsRole,
    ResultsModel,
    ScoredRole,
    SimilarRole,
    SpansRole,
)
from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import ScoredMemory


class ScoreBarDelegate(QStyledItemDelegate):
    """A horizontal bar whose full width is score 1.0, split into the weighted contributions."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        draw_background(self, painter, option, index)
        comps: list[tuple[str, float]] = index.data(ComponentsRole) or []
        scored: ScoredMemory | None = index.data(ScoredRole)
        rect = option.rect.adjusted(4, 5, -4, -5)
        painter.save()
        pal = option.palette
        track = pal.color(_MID)
        track.setAlpha(60)
        painter.fillRect(rect, track)
        x = float(rect.left())
        colours = self._colours(option, [name for name, _v in comps])
        for name, value in comps:
            w = max(0.0, min(1.0, value)) * rect.width()
            if w <= 0:
                continue
            part = QRect(round(x), rect.top(), max(1, round(x + w) - round(x)), rect.height())
            painter.fillRect(part, colours[name])
            x += w
        if scored is not None:
            font, fm = _small_font(option.font)
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

    @staticmethod
    def _colours(option: QStyleOptionViewItem, names: list[str]) -> dict[str, QColor]:
        """The part colours for the view's theme against its cell background (cached per pair)."""
        theme = theme_for(option.widget)
        base = option.palette.color(_BASE)
        key = (theme.dark, base.rgb())
        cached = _bar_colours.get(key)
        if cached is None:
            cached = _bar_colours[key] = {}
        for name in names:
            if name not in cached:
                cached[name] = component_color(name, theme, base)
        return cached


_MID = QPalette.ColorRole.Mid
_BASE = QPalette.ColorRole.Base
_TEXT = QPalette.ColorRole.Text
_HTEXT = QPalette.ColorRole.HighlightedText
_CENTER = Qt.AlignmentFlag.AlignCenter
_SELECTED = QStyle.StateFlag.State_Selected
_PANEL = QStyle.PrimitiveElement.PE_PanelItemViewItem
_ELIDE_RIGHT = Qt.TextElideMode.ElideRight
_small_fonts: dict[str, tuple[QFont, QFontMetrics]] = {}
_content_font_cache: dict[str, tuple[dict[bool, QFont], dict[bool, QFontMetrics]]] = {}
_bar_colours: dict[tuple[bool, int], dict[str, QColor]] = {}


def _small_font(base: QFont) -> tuple[QFont, QFontMetrics]:
    key = base.key()
    hit = _small_fonts.get(key)
    if hit is None:
        f = QFont(base)
        f.setPointSizeF(max(6.0, f.pointSizeF() * 0.85))
        hit = _small_fonts[key] = (f, QFontMetrics(f))
    return hit


def _content_fonts(base: QFont, strike: bool) -> tuple[dict[bool, QFont], dict[bool, QFontMetrics]]:
    """(font, metrics) by "matched" (bold) for the content cell."""
    key = f"{int(strike)}" + base.key()
    hit = _content_font_cache.get(key)
    if hit is None:
        normal = QFont(base)
        normal.setStrikeOut(strike)
        bold = QFont(normal)
        bold.setBold(True)
        hit = _content_font_cache[key] = (
            {False: normal, True: bold},
            {False: QFontMetrics(normal), True: QFontMetrics(bold)},
        )
    return hit


def draw_background(
    delegate: QStyledItemDelegate,
    painter: QPainter,
    option: QStyleOptionViewItem,
    index: QModelIndex | QPersistentModelIndex,
) -> None:
    """The item's selection/alternate background from the style, without text.

    The view's option already carries the selection state and the alternate-row feature, so
    the panel is drawn straight from it (``initStyleOption`` would query ~8 roles per cell)."""
    widget = option.widget
    style = widget.style() if widget is not None else QApplication.style()
    style.drawPrimitive(_PANEL, option, painter, widget)


def similar_label(count: int, expanded: bool) -> str:
    """The expander's text on a row with near-duplicates folded into it."""
    return f"{'▾' if expanded else '▸'} {count} similar"


def similar_badge(rect: QRect, fm: QFontMetrics, label: str) -> QRect:
    """Where the expander sits in a content cell: at its right end."""
    width = fm.horizontalAdvance(label) + 10
    return QRect(rect.right() - width - 2, rect.top() + 3, width, rect.height() - 6)


class ContentDelegate(QStyledItemDelegate):
    """Content on one line, matched terms bold, elided with '…' at the cell's width; on a row
    with near-duplicates folded into it an "n similar" expander at the right (a click shows or
    hides them, see :meth:`ResultsModel.toggle_similar`)."""

    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        if (
            event.type() == QEvent.Type.MouseButtonRelease
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
            and isinstance(model, ResultsModel)
        ):
            similar: tuple[int, bool] | None = index.data(SimilarRole)
            if similar is not None:
                _font, fm = _small_font(option.font)
                badge = similar_badge(option.rect, fm, similar_label(*similar))
                if badge.contains(event.position().toPoint()):
                    return model.toggle_similar(index.row())
        return super().editorEvent(event, model, option, index)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        draw_background(self, painter, option, index)
        scored: ScoredMemory | None = index.data(ScoredRole)
        if scored is None:
            return
        spans: list[tuple[int, int, int]] = index.data(SpansRole) or []
        rect = option.rect.adjusted(4, 0, -4, 0)
        selected = bool(option.state & _SELECTED)
        pal = option.palette
        strike = scored.memory.is_superseded or scored.memory.is_deleted
        fonts, fms = _content_fonts(option.font, strike)
        ellipsis = "…"
        ell_w = fms[False].horizontalAdvance(ellipsis)
        painter.save()
        painter.setClipRect(option.rect)
        painter.setPen(pal.color(_HTEXT if selected else _TEXT))
        x = rect.left()
        right = rect.right()
        similar: tuple[int, bool] | None = index.data(SimilarRole)
        if similar is not None:
            small, small_fm = _small_font(option.font)
            label = similar_label(*similar)
            badge = similar_badge(option.rect, small_fm, label)
            track = pal.color(_MID)
            track.setAlpha(60)
            painter.fillRect(badge, track)
            painter.setFont(small)
            painter.drawText(badge, _CENTER, label)
            right = badge.left() - 4
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


CELL_CACHE_SIZE = 4096
"""Rendered plain cells kept (a few MiB): ranks, layers, confidences and ages repeat."""
SEEN_SIZE = 16384
"""Cells drawn once remembered (keys only): a cell is rendered into the cache when it is drawn
a second time, so a value seen once (most tags, a new result's first paint) costs no pixmap."""


class PlainTextDelegate(QStyledItemDelegate):
    """One line of text, elided: one ``data()`` call per cell instead of the ~8 role queries
    of the default delegate (the table repaints on every result while typing).

    Each rendered cell is kept as a pixmap by what it shows (text, size, state, palette,
    font): the same few values ("semantic", "0.85", "3 d") fill most cells, so a repaint
    after a new result mostly copies pixmaps (docs/decisions/0013-results-table-painted-in-bands.md).
    Only a cell drawn a second time is cached: rendering a pixmap costs about twice drawing the
    cell, which a value seen once never pays back."""

    cache: ClassVar[dict[tuple[object, ...], QPixmap]] = {}
    seen: ClassVar[set[tuple[object, ...]]] = set()  # drawn once: cached when drawn again

    def __init__(self, right_aligned: bool = False, parent: QObject | None = None) -> None:
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
        text = index.data()
        rect = option.rect
        dpr = painter.device().devicePixelRatioF()
        key = (
            text,
            rect.width(),
            rect.height(),
            dpr,
            option.state.value,
            option.features.value,
            option.palette.cacheKey(),
            option.font.pointSizeF(),
            option.font.weight().value,
            int(self._align.value),
        )
        pixmap = self.cache.get(key)
        if pixmap is None:
            if key not in self.seen:  # the first sight: drawn directly, no pixmap
                if len(self.seen) >= SEEN_SIZE:
                    self.seen.clear()
                self.seen.add(key)
                draw_background(self, painter, option, index)
                self._draw_text(painter, option, text, rect)
                return
            pixmap = self._render(option, text, dpr)
            if len(self.cache) >= CELL_CACHE_SIZE:
                self.cache.clear()
            self.cache[key] = pixmap
        painter.drawPixmap(rect.topLeft(), pixmap)

    def _draw_text(
        self, painter: QPainter, option: QStyleOptionViewItem, text: object, rect: QRect
    ) -> None:
        if not text:
            return
        area = rect.adjusted(4, 0, -4, 0)
        selected = bool(option.state & _SELECTED)
        painter.save()
        painter.setFont(option.font)
        painter.setPen(option.palette.color(_HTEXT if selected else _TEXT))
        shown = option.fontMetrics.elidedText(str(text), _ELIDE_RIGHT, area.width())
        painter.drawText(area, self._align, shown)
        painter.restore()

    def _render(self, option: QStyleOptionViewItem, text: object, dpr: float) -> QPixmap:
        """The cell drawn at the origin of a transparent pixmap of its size."""
        size = option.rect.size()
        pixmap = QPixmap(max(1, round(size.width() * dpr)), max(1, round(size.height() * dpr)))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        cell = QStyleOptionViewItem(option)
        cell.rect = QRect(0, 0, size.width(), size.height())
        p = QPainter(pixmap)
        try:
            draw_background(self, p, cell, QModelIndex())
            self._draw_text(p, option, text, cell.rect)
        finally:
            p.end()
        return pixmap

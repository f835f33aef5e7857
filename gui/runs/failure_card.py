"""The failure card: the doctor's :class:`~hmdesk.core.toolchain.finding.Finding` and the pitfalls
recalled for it.

* Recalled memories are drawn with the memory inspector's own renderers
  (``gui.common.highlight.content_html`` / ``term_chips_html`` and ``gui.common.explanation.
  breakdown_html``): every query term in its own colour where it matched (content spans and
  tags), and the score as the sum of its weighted parts; ``breakdown_text`` is the one-line form
  under each row. They read only the retriever's explanation objects.
* :class:`FailureCard` shows kind, evidence, fix, location, "Save as pitfall", and one row per
  recalled pitfall with "This helped" (Alt+1 … Alt+9 for the first nine rows). The run page
  records both in the access log (``core/memory/access``): the recalled pitfalls with the run id
  (:attr:`FailureCard.recalled`) and each "This helped" (:attr:`FailureCard.helped`). The recall floor (``core.memory.recall_floor``) has
  already dropped memories that share only generic words with the finding; the note says how
  many were hidden and why.
* Colours come from the theme (``gui.common.theme``) of the palette the card is drawn with, and
  are applied again when that palette changes.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence

from hmdesk.core.codeindex.location_recall import VIA_TEXT, Recalled
from hmdesk.core.memory.retrieve.results import QueryResult, ScoredMemory, TermMatch
from hmdesk.core.memory.terms import typed_forms
from hmdesk.core.toolchain.finding import Finding
from hmdesk.gui.common.explanation import breakdown_html, breakdown_text
from hmdesk.gui.common.highlight import content_html, term_chips_html
from hmdesk.gui.common.theme import Theme, theme_for
from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

NARROW_CARD = 520  # px: under this the card's buttons go under its title
_LEXICAL = re.compile(r"lexical [0-9.]+×[0-9.]+")
UNCLASSIFIED_FIX = "Read the step's log; no known failure signature matched."


def unclassified(message: str | None) -> Finding:
    """The finding shown when the doctor matched no signature."""
    return Finding(kind="unclassified", evidence=message or "", fix=UNCLASSIFIED_FIX)


def tags_html(
    tags: Sequence[str], term_matches: Sequence[TermMatch], colours: dict[str, str], theme: Theme
) -> str:
    """A memory's tags, those a query term matched on that term's colour."""
    hit: dict[str, str] = {}
    for tm in term_matches:
        for tag in tm.tags or ():
            hit.setdefault(tag, colours.get(tm.term, theme.term(0)))
    parts = []
    for tag in tags:
        if tag in hit:
            parts.append(
                f'<span style="background:{hit[tag]}; color:{theme.term_fg}">'
                f"#{html.escape(tag)}</span>"
            )
        else:
            parts.append(f'<span style="color:{theme.muted_fg}">#{html.escape(tag)}</span>')
    return " ".join(parts)


def legend_html(terms: Sequence[str], theme: Theme) -> str:
    """The query terms, each on its colour."""
    return " ".join(
        f'<span style="background:{theme.term(i)}; color:{theme.term_fg}">'
        f"&nbsp;{html.escape(t)}&nbsp;</span>"
        for i, t in enumerate(terms)
    )


def paint_on(widget: QWidget, colour: str) -> None:
    """Let ``widget`` paint ``colour`` (the box it sits in) behind its text.

    Only the background role is set: the text and link colours still follow the palette (a
    style-sheet background would pin the widget's whole palette to the one it had then).
    """
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(colour))
    widget.setPalette(palette)
    widget.setAutoFillBackground(True)


def split_location(text: str) -> tuple[str, int, int]:
    """``path:line[:col]`` (a finding's location) → (path, line, col); line 1 when none."""
    parts = text.rsplit(":", 2)
    try:
        if len(parts) == 3 and parts[1].isdigit():
            return parts[0], int(parts[1]), int(parts[2])
        path, line = text.rsplit(":", 1)
        return path, int(line), 1
    except ValueError:
        return text, 1, 1


def card_title_style(theme: Theme) -> str:
    """A card's title (the failure card's and the crash card's)."""
    return (
        f"background: {theme.card_bg}; color: {theme.card_title_fg};"
        " font-weight: bold; font-size: 13pt"
    )


def evidence_style(theme: Theme) -> str:
    """The error text box of a card."""
    return (
        f"QPlainTextEdit {{ background: {theme.evidence_bg}; color: {theme.error_text};"
        " border: none; }"
    )


class Box(QFrame):
    """A rounded box painted in the theme's colours.

    Painted, not styled: a style-sheet background would pin the box's palette, and with it the
    text colour of every label inside, to the palette it had when the sheet was applied.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fill = ""
        self.border = ""
        self.border_width = 1
        self.radius = 4.0

    def set_colours(self, fill: str, border: str, border_width: int, radius: float) -> None:
        self.fill, self.border = fill, border
        self.border_width, self.radius = border_width, radius
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.fill:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(self.border))
        pen.setWidth(self.border_width)
        painter.setPen(pen)
        painter.setBrush(QColor(self.fill))
        half = self.border_width / 2
        painter.drawRoundedRect(
            QRectF(self.rect()).adjusted(half, half, -half, -half), self.radius, self.radius
        )
        painter.end()


def _wrapped_lines(text: str, font: QFont, option: QTextOption, width: int) -> int:
    """How many lines ``text`` takes wrapped at ``width`` pixels (at least one)."""
    layout = QTextLayout(text, font)
    layout.setTextOption(option)
    layout.beginLayout()
    count = 0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        count += 1
    layout.endLayout()
    return max(1, count)


class EvidenceBox(QPlainTextEdit):
    """The evidence lines: monospace, wrapped anywhere (paths have no spaces), selectable."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setMaximumHeight(110)

    MAX_LINES = 7  # more scroll

    def setText(self, text: str) -> None:
        self.setPlainText(text)
        self.fit()

    def fit(self) -> None:
        """As tall as its lines wrapped at its width (laid out as the box lays them out: a
        count of characters per line missed a word wrapped whole, and the box showed half of
        its second line), at most :attr:`MAX_LINES`; before it has a width, 90 characters a
        line."""
        margin = int(self.document().documentMargin())
        width = self.viewport().width() - 2 * margin if self.isVisible() else 0
        texts = self.toPlainText().split("\n")
        if width > 0:
            option = QTextOption()
            option.setWrapMode(self.wordWrapMode())
            lines = sum(_wrapped_lines(t, self.font(), option, width) for t in texts)
        else:
            lines = sum(max(1, -(-len(t) // 90)) for t in texts)
        lines = max(1, min(self.MAX_LINES, lines))
        chrome = 2 * margin + 2 * self.frameWidth() + 2
        self.setFixedHeight(min(110, lines * self.fontMetrics().lineSpacing() + chrome))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.fit()

    def text(self) -> str:
        return self.toPlainText()


def query_forms(result: QueryResult | None) -> dict[str, str]:
    """The recall query's words as typed, by term (what its chips show for a term)."""
    return typed_forms(result.query.text) if result is not None else {}


def text_recalled(result: QueryResult | None) -> list[Recalled]:
    """A text recall's results as rows of the card (all "text match")."""
    return [
        Recalled(s.memory, s.score, VIA_TEXT, "text match", s)
        for s in (result.results if result is not None else [])
    ]


def scored_of(item: Recalled) -> ScoredMemory:
    """What a row draws: the retriever's explanation, or (anchored only) the bare score."""
    return item.scored if item.scored is not None else ScoredMemory(item.memory, item.score, {}, [])


def row_breakdown(scored: ScoredMemory) -> str:
    """The one-line score of a recalled row; with the terms it missed said next to its lexical
    part (a term in no memory weighs 0, so lexical reads 1.00 though terms were missed)."""
    if not scored.components:
        return f"{scored.score:.2f} = closeness of the anchored code to the failure"
    text = breakdown_text(scored.score, scored.components)
    missed = [str(tm.term) for tm in scored.terms if not tm.matched]
    if not missed or "lexical" not in scored.components:
        return text
    n = len(scored.terms)
    said = f" ({n - len(missed)} of {n} terms; missed {', '.join(missed)})"
    return _LEXICAL.sub(lambda m: m.group(0) + said, text, count=1)


class PitfallRow(Box):
    """One recalled memory: where it came from (``origin``: "anchored to Index.build", "text
    match"), highlighted content and tags, score breakdown, "This helped"."""

    helped = Signal(str)

    def __init__(
        self,
        scored: ScoredMemory,
        theme: Theme,
        parent: QWidget | None = None,
        *,
        origin: str = "",
        typed: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.scored = scored
        self.typed = dict(typed or {})  # the query's words as typed, by term (chips)
        self.memory_id: str = scored.memory.id
        self.setObjectName("pitfallRow")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(3)
        self.origin = QLabel(origin)
        self.origin.setObjectName("pitfallOrigin")
        self.origin.setVisible(bool(origin))
        lay.addWidget(self.origin)
        # the same rendering as the memory inspector: each term in its own colour
        self.content = QLabel()
        self.content.setTextFormat(Qt.TextFormat.RichText)
        self.content.setWordWrap(True)
        self.content.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.content)
        self.meta = QLabel()
        self.meta.setTextFormat(Qt.TextFormat.RichText)
        self.meta.setWordWrap(True)
        lay.addWidget(self.meta)
        bottom = QHBoxLayout()
        self.breakdown = QLabel(row_breakdown(scored))
        self.breakdown.setWordWrap(True)
        self.breakdown.setToolTip(
            "score = Σ weight × part; confidence as stored, recency linear to 0 at 90 days, "
            "lexical = share of query terms matched in content or tags"
        )
        bottom.addWidget(self.breakdown, 1)
        self.why_button = QPushButton("Why?")
        self.why_button.setCheckable(True)
        self.why_button.setToolTip("Show the score breakdown")
        bottom.addWidget(self.why_button)
        self.helped_button = QPushButton("This helped")
        self.helped_button.setToolTip(
            "Record that this memory helped with this run (the access log; two make a "
            "promotion proposal)"
        )
        self.helped_button.clicked.connect(lambda: self.helped.emit(self.memory_id))
        bottom.addWidget(self.helped_button)
        lay.addLayout(bottom)
        self.why = QLabel()
        self.why.setTextFormat(Qt.TextFormat.RichText)
        # wrapped to the card: the breakdown never widens the card past the pane
        self.why.setWordWrap(True)
        self.why.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.why.setVisible(False)
        self.why_button.toggled.connect(self.why.setVisible)
        lay.addWidget(self.why)
        self.apply_theme(theme)

    def apply_theme(self, theme: Theme) -> None:
        """Render the texts with ``theme``'s colours (at creation and after a palette change)."""
        scored = self.scored
        self.set_colours(theme.row_bg, theme.row_border, 1, 4)
        self.content.setText(content_html(scored.memory.content, scored.terms, theme))
        colours = {tm.term: theme.term(i) for i, tm in enumerate(scored.terms)}
        self.meta.setText(
            tags_html(scored.memory.tags, scored.terms, colours, theme)
            + "<br>"
            + term_chips_html(scored.terms, theme, scored.memory.content, self.typed)
        )
        self.breakdown.setStyleSheet(
            f"background:{theme.row_bg}; color:{theme.subtle_fg}; font-family: monospace"
        )
        self.why.setText(breakdown_html(scored, theme))
        self.origin.setStyleSheet(f"background:{theme.row_bg}; color:{theme.subtle_fg}")
        for label in (self.content, self.meta, self.why):
            paint_on(label, theme.row_bg)

    def mark_counted(self) -> None:
        self.helped_button.setEnabled(False)
        self.helped_button.setText("Counted ✓")


class PitfallCard(Box):
    """A card that ends with the pitfalls recalled for what it shows (a failure, a crash): a
    title (``recall_title``), one :class:`PitfallRow` each (``rows``) and a note.

    Signals:
        save_requested(): "Save as pitfall" pressed.
        helped(str): "This helped" pressed on a recalled memory (its id).
        location_activated(str, int, int): a location in the card clicked.
    """

    save_requested = Signal()
    helped = Signal(str)
    location_activated = Signal(str, int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[PitfallRow] = []
        self._theme: Theme | None = None

    def add_recall_section(self, lay: QVBoxLayout, title: str = "") -> None:
        self.recall_title = QLabel(title)
        # bold and set apart by a font and a margin, not a style sheet (see Box)
        bold = self.recall_title.font()
        bold.setBold(True)
        self.recall_title.setFont(bold)
        self.recall_title.setContentsMargins(0, 6, 0, 0)
        lay.addWidget(self.recall_title)
        self.rows_box = QVBoxLayout()
        self.rows_box.setSpacing(4)
        lay.addLayout(self.rows_box)
        self.recall_note = QLabel()
        self.recall_note.setWordWrap(True)
        lay.addWidget(self.recall_note)

    @property
    def theme(self) -> Theme:
        """The theme the card is drawn with."""
        return self._theme or theme_for(self)

    def apply_theme(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_theme()

    def add_row(self, item: Recalled, typed: Mapping[str, str] | None = None) -> PitfallRow:
        row = PitfallRow(scored_of(item), self.theme, self, origin=item.label, typed=typed)
        row.helped.connect(self.helped.emit)
        self.rows_box.addWidget(row)
        self.rows.append(row)
        return row

    def set_recall_error(self, text: str) -> None:
        self._clear_rows()
        self.recall_note.setText(f"Could not search the memories: {text}")

    def _clear_rows(self) -> None:
        for row in self.rows:
            self.rows_box.removeWidget(row)
            row.setParent(None)
            row.deleteLater()
        self.rows = []

    def _on_link(self, href: str) -> None:
        if href.startswith("loc:"):
            self.location_activated.emit(*split_location(href[4:]))


class FailureCard(PitfallCard):
    """Why a step failed and what the team learned last time.

    Signals (and :class:`PitfallCard`'s):
        stacktrace_requested(): "Again with --stacktrace" pressed (shown for a failed build).
        recalled(int, list): pitfalls were recalled for run ``run_id`` (their ids, best first).
    """

    recalled = Signal(int, list)
    stacktrace_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("failureCard")
        self.finding: Finding | None = None
        self.step: str | None = None
        self.run_id: int | None = None
        self.items: list[Recalled] = []  # what the rows show, in order
        self._terms: list[str] = []
        self._count_text = ""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        # title and buttons side by side; in a narrow pane the buttons go under the title
        self.head = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.head.addWidget(self.title, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.save_button = QPushButton("Save as pitfall…")
        self.save_button.clicked.connect(self.save_requested.emit)
        buttons.addWidget(self.save_button)
        # hvigor's own advice on a failed build ("Run with --stacktrace ..."), one click away
        self.stacktrace_button = QPushButton("Again with --stacktrace")
        self.stacktrace_button.setToolTip("Run again with hvigorw --stacktrace (Ctrl+Shift+R)")
        self.stacktrace_button.clicked.connect(self.stacktrace_requested.emit)
        self.stacktrace_button.hide()
        buttons.addWidget(self.stacktrace_button)
        self.head.addLayout(buttons)
        lay.addLayout(self.head)
        self.evidence = EvidenceBox()
        lay.addWidget(self.evidence)
        self.fix = QLabel()
        self.fix.setWordWrap(True)
        self.fix.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.fix)
        self.location = QLabel()
        self.location.setTextFormat(Qt.TextFormat.RichText)
        self.location.setWordWrap(True)
        self.location.linkActivated.connect(self._on_link)
        lay.addWidget(self.location)
        self.add_recall_section(lay)
        self.recall_title.setTextFormat(Qt.TextFormat.RichText)
        self.recall_title.setWordWrap(True)
        self.apply_theme()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        narrow = event.size().width() < NARROW_CARD
        want = QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        if self.head.direction() != want:
            self.head.setDirection(want)

    # --- theme ----------------------------------------------------------------------------
    def apply_theme(self) -> None:
        """Colours of the palette the card is drawn with (again after a palette change).

        The labels paint the card's background themselves, so a label rendered alone shows what
        it shows in the card (``tests/gui/contrast.py`` measures single widgets).
        """
        theme = theme_for(self)
        if theme is self._theme:
            return
        self._theme = theme
        self.set_colours(theme.card_bg, theme.card_border, 2, 6)
        self.title.setStyleSheet(card_title_style(theme))
        self.evidence.setStyleSheet(evidence_style(theme))
        for label in (self.fix, self.location, self.recall_title):
            paint_on(label, theme.card_bg)
        self.recall_note.setStyleSheet(f"background: {theme.card_bg}; color: {theme.muted_fg}")
        self._show_recall_title()
        self._show_location()
        for row in self.rows:
            row.apply_theme(theme)

    # --- the finding ----------------------------------------------------------------------
    def show_finding(
        self, step: str | None, finding: Finding | None, message: str | None = None
    ) -> None:
        f = finding if finding is not None else unclassified(message)
        self.finding, self.step = f, step
        self.stacktrace_button.setVisible(step in ("build", "clean"))
        code = f" ({f.code})" if f.code else ""
        possibly = "" if f.certain else "possibly "
        self.title.setText(f"{(step or 'run').capitalize()} failed — {possibly}{f.kind}{code}")
        evidence = f.evidence or message or "(no evidence captured)"
        if f.block and evidence.strip() in f.block:
            evidence = f.block
        self.evidence.setText(evidence)
        meaning = f" ({html.escape(f.meaning)})" if f.meaning else ""
        self.fix.setText(f"<b>Fix:</b> {html.escape(f.fix or '—')}{meaning}")
        self._show_location()
        self.set_recalling()

    def _show_location(self) -> None:
        """The finding's location as a link in the theme's link colour."""
        loc = self.finding.location if self.finding is not None else None
        if not loc:
            self.location.hide()
            return
        shown = loc.replace("\\", "/").rsplit("/", 1)[-1]
        self.location.setText(
            f'<b>Location:</b> <a href="loc:{html.escape(loc)}" '
            f'style="color:{self.theme.accent_fg}">{html.escape(shown)}</a>'
            " (click to open in your editor)"
        )
        self.location.setToolTip(loc)
        self.location.show()

    def set_recalling(self) -> None:
        self._clear_rows()
        terms = self.finding.query_terms if self.finding is not None else []
        self._terms, self._count_text = [], ""
        self._show_recall_title()
        self.recall_note.setText(
            f"searching memories for: {' '.join(terms)} …"
            if terms
            else "no search terms in this finding"
        )

    def set_recalled(self, result: QueryResult | None, items: list[Recalled] | None = None) -> None:
        """Show the recalled pitfalls: ``items`` (recall by location: anchored ones first, each
        saying where it came from) or else ``result``'s text matches; ``result`` is the text
        recall (None when the search failed / had no terms)."""
        self._clear_rows()
        rows = items if items is not None else text_recalled(result)
        if result is None and not rows:
            return
        self.items = rows
        self._terms = list(result.terms) if result is not None else []
        self._count_text = f" ({len(rows)})"
        self._show_recall_title()
        for n, item in enumerate(rows, 1):
            row = self.add_row(item, typed=query_forms(result))
            if n <= 9:
                row.helped_button.setShortcut(QKeySequence(f"Alt+{n}"))
                row.helped_button.setToolTip(f"{row.helped_button.toolTip()} (Alt+{n})")
        if rows and self.run_id is not None:
            self.recalled.emit(self.run_id, [r.memory.id for r in rows])
        if result is None:
            self.recall_note.setText("")
        elif rows:
            weak = (result.filtered or {}).get("weak_match", 0)
            self.recall_note.setText(
                f"{result.pool} memories searched in {result.elapsed_ms:.0f} ms"
                + (
                    f"; {weak} weak match{'es' if weak != 1 else ''} hidden (only generic words "
                    "such as “no” or “file” in common)"
                    if weak
                    else ""
                )
            )
        else:
            removed = ", ".join(f"{k}: {v}" for k, v in result.filtered.items() if v)
            note = result.note or "nothing the team wrote down matches this failure yet"
            self.recall_note.setText(
                f"No pitfall recalled — {note}. Save this one so next time it is."
                + (f" (removed by filters: {removed})" if removed else "")
            )

    def _show_recall_title(self) -> None:
        legend = legend_html(self._terms, self.theme) if self._terms else ""
        self.recall_title.setText(
            f"Recalled pitfalls{self._count_text}" + (f" &nbsp; {legend}" if legend else "")
        )

    def row_for(self, memory_id: str) -> PitfallRow | None:
        return next((r for r in self.rows if r.memory_id == memory_id), None)

    def _clear_rows(self) -> None:
        super()._clear_rows()
        self.items = []

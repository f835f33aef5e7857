"""A step's log: ANSI colours and log levels drawn, ``file:line:col`` locations clickable.

* :func:`ansi_segments` splits a line into ``(text, colour, bold)`` runs (SGR codes only; every
  other escape sequence is dropped).
* :func:`find_locations` finds source locations the way hvigor prints them (ArkTS compiler errors and
  warnings: ``File: /abs/path.ets:12:5`` and bare ``path.ets:12:5``).
* :class:`StepLogView` is a read-only ``QPlainTextEdit`` fed in batches (one edit block per
  timer tick); a click on a location emits ``location_activated(path, line, col)``.
* Colours are the theme's (``gui.common.theme``) for the palette the log is drawn with; lines
  keep the colours they were drawn with when the palette changes later.
* Opening a location is ``gui.common.editor.open_location``.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from dataclasses import dataclass

from hmdesk.gui.common.theme import LIGHT, Theme, theme_for
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QMouseEvent,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import QPlainTextEdit, QWidget

_ESC = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b[()][A-Za-z0-9]|\x1b[=>]")
_LEVEL_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bERROR\b|\berror:|\[Fail\]|BUILD FAILED|\bFAILED\b|failed to", re.I), "error"),
    (re.compile(r"\bWARN(ING)?\b", re.I), "warn"),
    (re.compile(r"BUILD SUCCESSFUL|successfully|install bundle successfully|\bFinished\b"), "ok"),
    (re.compile(r"^\s*\[Info\]|^> hvigor "), "info"),
]

_LOCATION_PATTERNS = [
    re.compile(r"At [Ff]ile:\s*(?P<path>.+?):(?P<line>\d+)(?::(?P<col>\d+))?(?=\s|$|[,;)])"),
    re.compile(r"File:\s*(?P<path>.+?):(?P<line>\d+):(?P<col>\d+)"),
    re.compile(
        r"(?P<path>(?:[A-Za-z]:)?[\w./\\-]+\.(?:ets|ts|js|mjs|json5|json|cpp|cc|c|h|hpp|py))"
        r":(?P<line>\d+)(?::(?P<col>\d+))?"
    ),
]


def level_colour(level: str, theme: Theme) -> str:
    """The colour of a line's level ('error' | 'warn' | 'ok' | 'info')."""
    return {
        "error": theme.error_fg,
        "warn": theme.warn_fg,
        "ok": theme.ok_fg,
        "info": theme.accent_fg,
    }[level]


def _xterm256(n: int, theme: Theme) -> str:
    if n < 8:
        return theme.ansi[n]
    if n < 16:
        return theme.ansi_bright[n - 8]
    if n < 232:
        n -= 16
        r, g, b = n // 36, (n // 6) % 6, n % 6
        conv = [0, 95, 135, 175, 215, 255]
        return f"#{conv[r]:02x}{conv[g]:02x}{conv[b]:02x}"
    v = 8 + (n - 232) * 10
    return f"#{v:02x}{v:02x}{v:02x}"


def ansi_segments(text: str, theme: Theme = LIGHT) -> list[tuple[str, str | None, bool]]:
    """Split ``text`` into runs of (plain text, colour '#rrggbb' or None, bold).

    The 16 basic colours are ``theme``'s; 256-colour and RGB codes are taken as they are.
    """
    out: list[tuple[str, str | None, bool]] = []
    colour: str | None = None
    bold = False
    pos = 0
    for m in _ESC.finditer(text):
        if m.start() > pos:
            out.append((text[pos : m.start()], colour, bold))
        pos = m.end()
        if m.group(2) != "m":
            continue
        codes = [int(c) if c.isdigit() else 0 for c in (m.group(1) or "0").split(";")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                colour, bold = None, False
            elif c == 1:
                bold = True
            elif c == 22:
                bold = False
            elif 30 <= c <= 37:
                colour = theme.ansi[c - 30]
            elif 90 <= c <= 97:
                colour = theme.ansi_bright[c - 90]
            elif c == 39:
                colour = None
            elif c == 38 and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = _xterm256(codes[i + 2] % 256, theme)
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    r, g, b = (max(0, min(255, v)) for v in codes[i + 2 : i + 5])
                    colour = f"#{r:02x}{g:02x}{b:02x}"
                    i += 4
            i += 1
    if pos < len(text):
        out.append((text[pos:], colour, bold))
    return [seg for seg in out if seg[0]]


def line_level(plain: str) -> str | None:
    """'error' | 'warn' | 'ok' | 'info' | None for a line without its own colours."""
    for pattern, level in _LEVEL_RULES:
        if pattern.search(plain):
            return level
    return None


@dataclass(frozen=True)
class Location:
    path: str
    line: int
    col: int
    start: int  # span in the plain (ANSI-free) line
    end: int

    @property
    def href(self) -> str:
        return f"loc:{self.line}:{self.col}:{self.path}"


def find_locations(plain: str) -> list[Location]:
    """Source locations in one ANSI-free line, non-overlapping, leftmost first."""
    found: list[Location] = []
    taken: list[tuple[int, int]] = []
    for pattern in _LOCATION_PATTERNS:
        for m in pattern.finditer(plain):
            s, e = m.span("path")[0], m.end()
            if any(s < te and ts < e for ts, te in taken):
                continue
            col = m.group("col")
            found.append(
                Location(m.group("path").strip(), int(m.group("line")), int(col or 1), s, e)
            )
            taken.append((s, e))
    return sorted(found, key=lambda loc: loc.start)


def parse_href(href: str) -> tuple[str, int, int] | None:
    if not href.startswith("loc:"):
        return None
    try:
        _, line, col, path = href.split(":", 3)
        return path, int(line), int(col)
    except ValueError:
        return None


class StepLogView(QPlainTextEdit):
    """Read-only, coloured, clickable log of one run step.

    Signals:
        location_activated(str, int, int): a ``file:line:col`` was clicked.
    """

    location_activated = Signal(str, int, int)

    def __init__(self, parent: QWidget | None = None, max_blocks: int = 20_000) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setMaximumBlockCount(max_blocks)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.locations: list[Location] = []
        self.setPlaceholderText("No output yet.")
        # the lines as written (as many as the view keeps), coloured again for a new palette
        self._raw: deque[str] = deque(maxlen=max_blocks)
        self._dark = theme_for(self).dark

    def append_lines(self, lines: list[str]) -> None:
        if not lines:
            return
        bar = self.verticalScrollBar()
        at_bottom = bar.value() >= bar.maximum() - 2
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        first = self.document().isEmpty()
        theme = theme_for(self)
        self._raw.extend(lines)
        for raw in lines:
            if not first:
                cursor.insertBlock()
            first = False
            self._insert_line(cursor, raw.rstrip("\r\n"), theme)
        cursor.endEditBlock()
        if at_bottom:
            bar.setValue(bar.maximum())

    def set_text_lines(self, lines: list[str]) -> None:
        self.clear()
        self.locations = []
        self._raw.clear()
        self.append_lines(lines)

    def changeEvent(self, e: QEvent) -> None:
        """A new palette of the other kind (light, dark): the lines are written again in its
        theme's colours, the scroll position kept."""
        super().changeEvent(e)
        if e.type() != QEvent.Type.PaletteChange or theme_for(self).dark == self._dark:
            return
        self._dark = theme_for(self).dark
        bar = self.verticalScrollBar()
        at, at_bottom = bar.value(), bar.value() >= bar.maximum() - 2
        self.set_text_lines(list(self._raw))
        bar.setValue(bar.maximum() if at_bottom else at)

    def _insert_line(self, cursor: QTextCursor, raw: str, theme: Theme) -> None:
        segments = ansi_segments(raw, theme)
        plain = "".join(s[0] for s in segments)
        has_colour = any(c for _, c, _ in segments)
        level = None if has_colour else line_level(plain)
        locs = find_locations(plain)
        self.locations.extend(locs)
        # split segments further at location boundaries
        pos = 0
        for text, colour, bold in segments:
            seg_start, seg_end = pos, pos + len(text)
            cuts = {seg_start, seg_end}
            for loc in locs:
                for edge in (loc.start, loc.end):
                    if seg_start < edge < seg_end:
                        cuts.add(edge)
            edges = sorted(cuts)
            for a, b in itertools.pairwise(edges):
                fmt = QTextCharFormat()
                c = colour or (level_colour(level, theme) if level else None)
                if c:
                    fmt.setForeground(QColor(c))
                if bold or level == "error":
                    fmt.setFontWeight(QFont.Weight.Bold)
                for loc in locs:
                    if loc.start <= a and b <= loc.end:
                        fmt.setAnchor(True)
                        fmt.setAnchorHref(loc.href)
                        fmt.setFontUnderline(True)
                        fmt.setForeground(QColor(theme.accent_fg))
                        break
                cursor.insertText(plain[a:b], fmt)
            pos = seg_end

    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        href = self.anchorAt(e.position().toPoint())
        shape = Qt.CursorShape.PointingHandCursor if href else Qt.CursorShape.IBeamCursor
        self.viewport().setCursor(shape)
        super().mouseMoveEvent(e)

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:
        href = self.anchorAt(e.position().toPoint())
        parsed = parse_href(href) if href else None
        if parsed is not None and e.button() == Qt.MouseButton.LeftButton:
            self.location_activated.emit(*parsed)
        super().mouseReleaseEvent(e)

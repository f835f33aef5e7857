"""Text tables for a terminal: display widths and elision.

The rule every table of ``hmdesk-cli`` follows: ids are always printed whole (a copied id must
work with ``show``); the free-text column (content, a changed value) takes the width the terminal
has left and is elided with ``…``, at a word boundary where there is one; when the output is not a
terminal (a pipe, a file) nothing is cut at all. Widths count columns as a terminal draws them:
East Asian wide and full-width characters take two, combining marks none.
"""

from __future__ import annotations

import shutil
import sys
import unicodedata
from typing import TextIO

ELLIPSIS = "…"
MIN_FREE_WIDTH = 16
"""The narrowest a free-text column gets, however narrow the terminal: below that a row wraps."""


def char_width(ch: str) -> int:
    """Columns ``ch`` takes in a terminal: 2 for wide (CJK) characters, 0 for combining marks and
    other zero-width characters, else 1."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Columns ``text`` takes in a terminal."""
    if text.isascii():
        return len(text)
    return sum(char_width(ch) for ch in text)


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (line breaks included) as one space."""
    return " ".join(text.split())


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, the last of them ``…``, when it is longer."""
    return text if len(text) <= width else text[: width - 1] + ELLIPSIS


def elide(text: str, width: int | None) -> str:
    """``text`` on one line, cut to at most ``width`` columns with ``…`` at its end.

    It is cut after the last whole word that fits when that keeps at least half of the room (so a
    long word is not dropped whole), else inside the word; a wide character is never split.
    ``width=None`` (output that is not a terminal) keeps all of it."""
    text = one_line(text)
    if width is None or text_width(text) <= width:
        return text
    room = max(width - 1, 0)  # the ellipsis takes one column
    used = 0
    cut = 0
    for i, ch in enumerate(text):
        w = char_width(ch)
        if used + w > room:
            break
        used += w
        cut = i + 1
    head = text[:cut]
    space = head.rfind(" ")
    if text[cut : cut + 1] != " " and space > 0 and text_width(head[:space]) * 2 >= room:
        head = head[:space]
    return head.rstrip() + ELLIPSIS


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` columns (never cut)."""
    return text + " " * max(width - text_width(text), 0)


def terminal_columns(stream: TextIO | None = None) -> int | None:
    """The width of the terminal ``stream`` (default stdout) writes to, or None when it is not a
    terminal: then nothing is elided. ``COLUMNS`` overrides the width a terminal reports."""
    stream = sys.stdout if stream is None else stream
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):  # no stream, or a closed one
        return None
    if not tty:
        return None
    return shutil.get_terminal_size().columns


def free_width(columns: int | None, used: int) -> int | None:
    """The width left for a free-text column after ``used`` columns (at least
    :data:`MIN_FREE_WIDTH`), or None (no limit) when ``columns`` is None."""
    if columns is None:
        return None
    return max(columns - used, MIN_FREE_WIDTH)

"""Pure text → HTML helpers for the inspector: per-term highlight, code colouring, chips.

Everything here is a plain function of strings, the retriever's :class:`TermMatch` objects and a
:class:`~hmdesk.gui.common.theme.Theme` (callers pass ``theme_for(widget)``), so it is tested
without widgets. The colours all come from the theme. Spans are Python ``str`` indices into the memory content (end
exclusive), exactly as :class:`hmdesk.core.memory.retrieve.results.TermMatch` gives them.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from hmdesk.gui.common.theme import LIGHT, Theme

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import TermMatch
    from pygments.lexer import Lexer
    from pygments.style import StyleMeta

COMMAND_WORDS = (
    "hdc",
    "hvigorw",
    "hvigor",
    "ohpm",
    "hilog",
    "aa",
    "bm",
    "param",
    "export",
    "set",
    "setx",
    "node",
    "npm",
    "git",
    "chmod",
    "sudo",
    "$",
)
_COMMAND_LINE = re.compile(
    r"^[ \t]*(?:\$ )?(?:" + "|".join(re.escape(w) for w in COMMAND_WORDS[:-1]) + r")\b[ \t]+\S.*$",
    re.M,
)
_PROMPT_LINE = re.compile(r"^[ \t]*\$ \S.*$", re.M)
_QUOTED = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'|`[^`\n]*`")
_PROSE_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "to",
        "of",
        "on",
        "is",
        "are",
        "was",
        "were",
        "and",
        "or",
        "but",
        "not",
        "its",
        "it",
        "with",
        "when",
        "by",
        "every",
        "only",
        "be",
        "that",
        "this",
        "which",
        "does",
        "you",
        "your",
        "must",
        "should",
        "can",
        "will",
        "before",
        "after",
        "because",
        "than",
        "so",
    ]
)
"""English words a command line does not hold outside its quotes (bash's own keywords, such as
``for``, ``in``, ``do``, ``if``, are not among them)."""
PROSE_WORDS_MIN = 2
"""A line that starts with a command word yet holds this many of :data:`_PROSE_WORDS` is a
sentence about the command ("hdc exits 0 on every failure; check its text"), not a command."""


def _is_prose(line: str) -> bool:
    words = re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", line))
    return sum(w.lower() in _PROSE_WORDS for w in words) >= PROSE_WORDS_MIN


_FENCE = re.compile(r"```([\w+-]*)[ \t]*\n(.*?)(?:\n```|\Z)", re.S)
_INLINE = re.compile(r"`([^`\n]+)`")


def term_spans(terms: Sequence[TermMatch]) -> list[tuple[int, int, int]]:
    """Non-overlapping ``(start, end, term_index)`` runs, sorted by start.

    Where spans of two terms overlap, the earlier start wins, then the longer span, then the
    earlier term.
    """
    raw: list[tuple[int, int, int]] = []
    for i, term in enumerate(terms):
        for start, end in term.content_spans:
            if end > start:
                raw.append((start, end, i))
    raw.sort(key=lambda s: (s[0], -(s[1] - s[0]), s[2]))
    out: list[tuple[int, int, int]] = []
    pos = 0
    for start, end, i in raw:
        start = max(start, pos)
        if start >= end:
            continue
        out.append((start, end, i))
        pos = end
    return out


# --------------------------------------------------------------------------- code regions


@dataclass(frozen=True)
class CodeRegion:
    start: int
    end: int
    language: str  # a pygments lexer alias


def _fence_language(tag: str) -> str:
    tag = tag.lower()
    if tag in ("ets", "arkts", "ts", "typescript"):
        return "typescript"
    if tag in ("json", "json5"):
        return "json"
    if tag in ("", "sh", "bash", "shell", "console", "zsh", "cmd", "bat", "powershell", "ps"):
        return "bash"
    return tag


def code_regions(content: str) -> list[CodeRegion]:
    """Where ``content`` holds code: fenced blocks, backtick spans, lines that look like commands."""
    regions: list[CodeRegion] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    for m in _FENCE.finditer(content):
        regions.append(CodeRegion(m.start(2), m.end(2), _fence_language(m.group(1))))
        taken.append((m.start(), m.end()))
    for m in _INLINE.finditer(content):
        if free(m.start(), m.end()):
            regions.append(CodeRegion(m.start(1), m.end(1), "bash"))
            taken.append((m.start(), m.end()))
    for pattern in (_COMMAND_LINE, _PROMPT_LINE):
        for m in pattern.finditer(content):
            start = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
            if pattern is _COMMAND_LINE and _is_prose(m.group(0)):
                continue
            if free(start, m.end()):
                regions.append(CodeRegion(start, m.end(), "bash"))
                taken.append((start, m.end()))
    regions.sort(key=lambda r: r.start)
    return regions


@lru_cache(maxsize=16)
def _lexer(language: str) -> Lexer:
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        return get_lexer_by_name(language, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return get_lexer_by_name("text", stripnl=False, ensurenl=False)


@lru_cache(maxsize=2)
def _style(dark: bool) -> StyleMeta:
    from pygments.styles import get_style_by_name

    return get_style_by_name("monokai" if dark else "friendly")


def code_colors(content: str, theme: Theme = LIGHT) -> list[tuple[int, int, str | None, bool]]:
    """``(start, end, fg colour or None, bold)`` for every token of every code region (the
    pygments style that fits the theme: "friendly" on light, "monokai" on dark)."""
    style = _style(theme.dark)
    out: list[tuple[int, int, str | None, bool]] = []
    for region in code_regions(content):
        text = content[region.start : region.end]
        for index, ttype, value in _lexer(region.language).get_tokens_unprocessed(text):
            if not value:
                continue
            st = style.style_for_token(ttype)
            color = f"#{st['color']}" if st.get("color") else None
            start = region.start + index
            out.append((start, start + len(value), color, bool(st.get("bold"))))
    return out


# --------------------------------------------------------------------------- HTML


def _style_attr(term: int, code: bool, fg: str | None, bold: bool, theme: Theme) -> str:
    parts: list[str] = []
    if code:
        parts.append("font-family: monospace")
        if term < 0:
            parts.append(f"background-color: {theme.code_bg}")
    if term >= 0:
        parts.append(f"background-color: {theme.term(term)}")
        parts.append("font-weight: bold")
        parts.append(f"color: {theme.term_fg}")
    elif fg:
        parts.append(f"color: {fg}")
    if bold and term < 0:
        parts.append("font-weight: bold")
    return "; ".join(parts)


def content_html(content: str, terms: Sequence[TermMatch] = (), theme: Theme = LIGHT) -> str:
    """The whole content as HTML: each term's matches on its own colour, code coloured.

    The document's plain text is exactly ``content`` (newlines kept with ``pre-wrap``), so
    character positions in a QTextDocument built from it equal the retriever's spans.
    """
    n = len(content)
    term_at = [-1] * n
    for start, end, i in term_spans(terms):
        for p in range(max(0, start), min(n, end)):
            term_at[p] = i
    code_at = [False] * n
    fg_at: list[str | None] = [None] * n
    bold_at = [False] * n
    if n:
        for region in code_regions(content):
            for p in range(region.start, region.end):
                code_at[p] = True
        for start, end, color, bold in code_colors(content, theme):
            for p in range(start, min(n, end)):
                fg_at[p] = color
                bold_at[p] = bold
    chunks: list[str] = []
    p = 0
    while p < n:
        key = (term_at[p], code_at[p], fg_at[p], bold_at[p])
        q = p + 1
        while (
            q < n and (term_at[q], code_at[q], fg_at[q], bold_at[q]) == key and content[q] != "\n"
        ):
            q += 1
        if content[p] == "\n":
            chunks.append("\n")
            p += 1
            continue
        text = html.escape(content[p:q], quote=False)
        style = _style_attr(key[0], key[1], key[2], key[3], theme)
        if style:
            attr = f' style="{style}"'
            if key[0] >= 0:
                attr += f' title="term {key[0] + 1}"'
            chunks.append(f"<span{attr}>{text}</span>")
        else:
            chunks.append(text)
        p = q
    # Qt drops one trailing newline of a pre-wrap block; give it one to drop.
    tail = "\n" if content.endswith("\n") else ""
    return '<div style="white-space: pre-wrap">' + "".join(chunks) + tail + "</div>"


def elided_segments(content: str, spans: Iterable[tuple[int, int, int]]) -> list[tuple[str, bool]]:
    """``(text, matched)`` segments of the content on one line (newlines/tabs → spaces)."""
    flat = content.replace("\r", " ").replace("\n", " ").replace("\t", " ")
    out: list[tuple[str, bool]] = []
    pos = 0
    for start, end, _i in spans:
        if start > pos:
            out.append((flat[pos:start], False))
        out.append((flat[start:end], True))
        pos = end
    if pos < len(flat):
        out.append((flat[pos:], False))
    return out


WORD_JOINER = "\u2060"
CHIP_COLUMNS = 42
"""The widest a chip's label gets (wide characters count two): a chip never wraps inside, so a
longer one is elided with ``…`` rather than held wider than the detail pane at 1024 px."""


def chip_label(text: str, columns: int = CHIP_COLUMNS) -> str:
    """``text`` cut to at most ``columns`` columns, its last one ``…``, when it is wider: after
    its last whole word when that keeps at least half of it."""
    widths = [2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text]
    if sum(widths) <= columns:
        return text
    used = 0
    for i, w in enumerate(widths):
        if used + w > columns - 1:
            head = text[:i]
            space = head.rfind(" ")
            if space > len(head) // 2:
                head = head[:space]
            return head.rstrip(" ,;(") + "…"
        used += w
    return text


def chip(text: str, bg: str, fg: str, strike: bool = False) -> str:
    """One chip: wraps as a whole, never in its middle. Qt's rich text ignores ``nowrap`` on a
    span, so its spaces are no-break spaces and a word joiner (U+2060, no width) sits between
    its characters: a hyphen (``arkts-source``) or two CJK characters are no break point. A label
    wider than ``CHIP_COLUMNS`` is elided (``chip_label``)."""
    deco = "text-decoration: line-through; " if strike else ""
    body = WORD_JOINER.join(html.escape(c) for c in chip_label(text)).replace(" ", "&nbsp;")
    return (
        f'<span style="background-color: {bg}; color: {fg}; white-space: nowrap; {deco}">'
        f"&nbsp;{body}&nbsp;</span>"
    )


def shown_term(term: TermMatch, content: str | None, typed: Mapping[str, str] | None = None) -> str:
    """The term as a reader knows it: the word as the memory's text has it ("undefined",
    "Crashes") when the term is its stem ("undefin", "crash"), else as the query had it
    (``typed``: ``terms.typed_forms`` of its text), else the term itself (a glossary form found
    in its place, e.g. 编译 matched by "compile", stays the word searched for)."""
    name = str(term.term)
    if content and term.content_spans:
        start, end = term.content_spans[0]
        form = content[start:end]
        if form.lower().startswith(name.lower()):
            return form
    return (typed or {}).get(name, name)


def term_chips_html(
    terms: Sequence[TermMatch],
    theme: Theme = LIGHT,
    content: str | None = None,
    typed: Mapping[str, str] | None = None,
) -> str:
    """One chip per query term: ✓ matched (in its colour, with the tags it matched) or ✗ not;
    each shown as the memory's ``content`` has it, else as the query had it (``typed``)."""
    if not terms:
        return ""
    parts: list[str] = []
    for i, term in enumerate(terms):
        if term.matched:
            label = f"✓ {shown_term(term, content, typed)}"
            where = []
            if term.content_spans:
                where.append(f"{len(term.content_spans) + term.more_spans}× in text")
            if term.tags:
                where.append("tag " + ", ".join(term.tags))
            if term.alternatives:
                where.append("also " + ", ".join(term.alternatives[:4]))
            if where:
                label += f" ({'; '.join(where)})"
            parts.append(chip(label, theme.term(i), theme.term_fg))
        else:
            shown = shown_term(term, None, typed)
            parts.append(chip(f"✗ {shown}", theme.muted_bg, theme.muted_fg, strike=True))
    return "&nbsp; ".join(parts)

"""Word-level diffs (difflib on words) rendered as HTML for the supersede and history views."""

from __future__ import annotations

import difflib
import html
import re

# A word, a CJK character (Chinese has no spaces, so each character is a unit), a run of
# whitespace, or one punctuation mark.
_TOKEN = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|\s+|[^\w\s]",
    re.U,
)

DEL_LIGHT, INS_LIGHT = "#ffc9c9", "#b2f2bb"
DEL_DARK, INS_DARK = "#7a2020", "#1f6b2e"


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """``[(op, text)]`` with op in ``equal | delete | insert``; joining equal+delete gives
    ``old``, joining equal+insert gives ``new``."""
    a, b = tokens(old), tokens(new)
    out: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(("equal", "".join(a[i1:i2])))
        else:
            if i2 > i1:
                out.append(("delete", "".join(a[i1:i2])))
            if j2 > j1:
                out.append(("insert", "".join(b[j1:j2])))
    return out


def _span(op: str, text: str, dark: bool) -> str:
    esc = html.escape(text, quote=False)
    if op == "equal":
        return esc
    if op == "delete":
        bg = DEL_DARK if dark else DEL_LIGHT
        return f'<span style="background-color: {bg}; text-decoration: line-through">{esc}</span>'
    bg = INS_DARK if dark else INS_LIGHT
    return f'<span style="background-color: {bg}">{esc}</span>'


def _wrap(body: str) -> str:
    return '<div style="white-space: pre-wrap">' + body + "</div>"


def side_by_side_html(old: str, new: str, dark: bool = False) -> tuple[str, str]:
    """(left, right): old with deletions marked, new with insertions marked."""
    ops = word_diff(old, new)
    left = "".join(_span(op, t, dark) for op, t in ops if op != "insert")
    right = "".join(_span(op, t, dark) for op, t in ops if op != "delete")
    return _wrap(left), _wrap(right)


def inline_html(old: str, new: str, dark: bool = False) -> str:
    """One view with deletions struck out and insertions marked."""
    return _wrap("".join(_span(op, t, dark) for op, t in word_diff(old, new)))


def value_text(value: object) -> str:
    """An event's old/new value as text for diffing (tags as a comma list)."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, dict):
        import json

        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)

"""Word-level diffs (difflib on words) rendered as HTML for the supersede and history views.

Deletions and insertions are marked with the theme's ``diff_del_bg`` / ``diff_ins_bg`` (callers
pass ``theme_for(widget)``)."""

from __future__ import annotations

import difflib
import html
import json
import re

from hmdesk.gui.common.theme import LIGHT, Theme

# A word, a CJK character (Chinese has no spaces, so each character is a unit), a run of
# whitespace, or one punctuation mark.
_TOKEN = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|\s+|[^\w\s]",
    re.U,
)


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


def _span(op: str, text: str, theme: Theme) -> str:
    esc = html.escape(text, quote=False)
    if op == "equal":
        return esc
    if op == "delete":
        return (
            f'<span style="background-color: {theme.diff_del_bg}; '
            f'text-decoration: line-through">{esc}</span>'
        )
    return f'<span style="background-color: {theme.diff_ins_bg}">{esc}</span>'


def _wrap(body: str) -> str:
    return '<div style="white-space: pre-wrap">' + body + "</div>"


def side_by_side_html(old: str, new: str, theme: Theme = LIGHT) -> tuple[str, str]:
    """(left, right): old with deletions marked, new with insertions marked."""
    ops = word_diff(old, new)
    left = "".join(_span(op, t, theme) for op, t in ops if op != "insert")
    right = "".join(_span(op, t, theme) for op, t in ops if op != "delete")
    return _wrap(left), _wrap(right)


def inline_html(old: str, new: str, theme: Theme = LIGHT) -> str:
    """One view with deletions struck out and insertions marked."""
    return _wrap("".join(_span(op, t, theme) for op, t in word_diff(old, new)))


_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def is_number_change(old: object, new: object) -> bool:
    """Both values are numbers (or a number and nothing): shown whole, as old → new, not as a
    character diff of their digits."""
    texts = [value_text(v) for v in (old, new)]
    return any(texts) and all(not t or _NUMBER.fullmatch(t) for t in texts)


def change_html(old: object, new: object, theme: Theme = LIGHT) -> str:
    """An event's change: a number as ``old → new`` (each marked whole), text as a word diff."""
    a, b = value_text(old), value_text(new)
    if is_number_change(old, new):
        parts = [_span("delete", a, theme)] if a else []
        return _wrap(" → ".join([*parts, _span("insert", b, theme) if b else "(none)"]))
    return inline_html(a, b, theme)


def value_text(value: object) -> str:
    """An event's old/new value as text for diffing (tags as a comma list)."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)

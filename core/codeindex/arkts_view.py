"""An ``.ets`` file as the TypeScript grammar can read it (:func:`typescript_view`), and a
``.ts`` file without ArkTS's own words (:func:`without_arkts_words`): byte for byte the same
length, so that every position and line of the grammar's tree is the file's.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

_STRUCT = re.compile(rb"struct(?=[ \t]+[A-Za-z_$])")
# what may stand before `struct` on its line (decorators, `export`, `default`)
_STRUCT_LEAD = re.compile(
    rb"[ \t]*(?:@[A-Za-z_$][\w$]*(?:\([^()\n]*\))?[ \t]*)*(?:export[ \t]+)?(?:default[ \t]+)?"
)
# (from the first `@`: what stands before it on its line is checked by the caller, a regex
# anchored at each line's start would try every byte)
_FUNCTION_DECORATORS = re.compile(
    rb"@[A-Za-z_$][\w$]*(?:\([^()]*\))?\s*(?:@[A-Za-z_$][\w$]*(?:\([^()]*\))?\s*)*"
    rb"(?=(?:export\s+)?(?:async\s+)?function\b)"
)
_EXPORT_LEAD = re.compile(rb"[ \t]*(?:export[ \t]+)?")
# ArkTS-only words before a declaration: `import lazy { … }` (`import lazy{`), `native function
# f(): void;` (`export native function`)
_ARKTS_WORDS = re.compile(rb"lazy(?=[ \t]*[{*]|[ \t]+(?!from\b)[\w$])|native(?=[ \t]+function\b)")
# what stands before each word on its line (checked by the caller)
_WORD_LEAD = {
    b"lazy": re.compile(rb"[ \t]*import[ \t]+"),
    b"native": re.compile(rb"[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?"),
}
# an ArkUI attribute call on its own line right after a `{` or `}` line: `}` then `  .width(16)`
# (after a trailing closure), `{` then `.fontSize(16)` (an @Extend/@Styles body; or right after
# the `{`, `pressed: {.backgroundColor(…)`, which nothing else can be), blank lines
# and comments between (`//.title(…)`, `/* .titleBar(…) */`: attributes commented out); after
# other lines a leading dot continues a chain, which TypeScript reads as it is
_LINE_END = rb"[ \t]*+(?://[^\n]*+|/\*(?:[^*]|\*(?!/))*+\*/[ \t]*+)?\r?\n"
_LEADING_DOT = re.compile(  # (possessive: no backtracking over indentation or comments)
    rb"([{}]" + _LINE_END + rb"(?:" + _LINE_END + rb")*[ \t]*+|\{[ \t]*+)\.(?=[ \t]*[A-Za-z_$])"
)
# an attribute call right after the `}` that starts its line: `}.width('100%')` (a trailing
# closure's end); a `}` elsewhere on a line may end an object literal (`{ a: 1 }.a`)
_CLOSE_DOT = re.compile(rb"\}([ \t]*)\.(?=[ \t]*[A-Za-z_$])")
# the end of a call followed by a block: `) {`, a component's trailing closure when the call is
# a component's (`Column({ space: 8 }) {`, the arguments possibly over several lines)
_CLOSE_THEN_BLOCK = re.compile(rb"\)([ \t]?)\{")
_COMPONENT_CALL = re.compile(
    rb"[ \t]*[A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*[ \t]*(?:<[^<>\n]*>)?[ \t]*\Z"
)
# an attribute block in `.stateStyles({ pressed: {` followed by `.backgroundColor(…)` (on the
# next lines or on the same) (the word before the colon is checked by the caller: a leading
# look-behind would make the regex try every byte)
_STYLE_BLOCK = re.compile(rb":[ \t]\{(?=[ \t]*(?:\r?\n[ \t]*)?\.[ \t]*[A-Za-z_$])")
_WORD_END = re.compile(rb"[\w$][ \t]*\Z")
# what the brace scan skips: comments, strings, template literals (every branch starts with a
# literal, so that the regex engine skips to the next of those characters)
_SKIP_OR_BRACE = re.compile(
    rb"//[^\n]*|/\*.*?(?:\*/|\Z)|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`|\{|\}",
    re.DOTALL,
)
_CLASS_HEAD = re.compile(rb"\b(?:class|struct|interface)\s+[A-Za-z_$]")


def _class_body_braces(src: bytes) -> tuple[list[int], list[bool]]:
    """The offsets of the braces outside comments and strings and, after each, whether the
    innermost open brace is a class, struct or interface body (where ``Title() {`` declares a
    method rather than calling a component)."""
    stack: list[bool] = []  # per open brace: is it a class body?
    offsets: list[int] = []
    flags: list[bool] = []
    last_boundary = 0
    for m in _SKIP_OR_BRACE.finditer(src):
        tok = m[0]
        if tok == b"{":
            stack.append(_CLASS_HEAD.search(src, last_boundary, m.start()) is not None)
        elif tok == b"}":
            if stack:
                stack.pop()
        else:  # a comment or a string
            continue
        last_boundary = m.end()
        offsets.append(m.start())
        flags.append(bool(stack) and stack[-1])
    return offsets, flags


def _opening_paren(text: bytes, close: int, limit: int = 4000) -> int:
    """The offset of the ``(`` that the ``)`` at ``close`` closes (-1 if not found nearby)."""
    depth = 0
    for i in range(close, max(-1, close - limit), -1):
        c = text[i]
        if c == 0x29:  # )
            depth += 1
        elif c == 0x28:  # (
            depth -= 1
            if depth == 0:
                return i
    return -1


def without_arkts_words(text: bytes) -> bytes:
    """``text`` with the word of ``import lazy`` and ``native function`` blanked (the same
    length): ArkTS allows them in ``.ts`` files too, which TypeScript does not."""
    if b"lazy" not in text and b"native" not in text:
        return text

    def word(m: re.Match[bytes]) -> bytes:
        begin = line_start(text, m.start())
        if not _WORD_LEAD[m[0]].fullmatch(text, begin, m.start()):
            return m[0]
        return b" " * len(m[0])

    return _ARKTS_WORDS.sub(word, text)


def typescript_view(src: bytes) -> View:
    """``src`` (an ``.ets`` file) as the TypeScript grammar can read it, byte for byte the same
    length so that every position and line stays. ArkTS adds to TypeScript:

    * ``struct`` heads, which become ``class `` (their offsets are returned, so the class is
      reported as a struct);
    * decorators on functions (``@Builder``, ``@Styles``, ``@Extend(Text)``), which TypeScript
      allows only on classes and members: blanked;
    * ``import lazy`` and ``native function``: the word is blanked;
    * ArkUI's declarative syntax in ``build()`` and builders: an attribute call on its own line
      (``.fontSize(16)``, which also starts ``@Extend``/``@Styles`` bodies) has its dot turned
      into ``_`` (a call statement of its own: what the line calls is unchanged, see
      :func:`~.declarations.calls_in`), as has one right after the ``}`` that starts a line (``}.width(8)``), and a component's trailing closure ``Column() {`` has the space before
      the ``{`` turned into ``;`` (a call, then a block; ``Row(){``, with no space, has the call
      moved one column left into its indentation to make that room, see :class:`View`), unless the line is directly inside a
      class or struct body (a method ``Title() {``); an attribute block inside
      ``.stateStyles({ pressed: {`` becomes a method ``pressed(){``.

    Only declarations are read from the result, so the rare match inside a string or comment
    does no harm."""
    structs: list[int] = []

    def struct(m: re.Match[bytes]) -> bytes:
        if not _STRUCT_LEAD.fullmatch(src, line_start(src, m.start()), m.start()):
            return m[0]
        structs.append(m.start())
        return b"class "

    def blank(m: re.Match[bytes]) -> bytes:
        if not _EXPORT_LEAD.fullmatch(out, line_start(out, m.start()), m.start()):
            return m[0]
        return re.sub(rb"[^\n]", b" ", m[0])

    braces: tuple[list[int], list[bool]] | None = None
    moves: list[tuple[int, int]] = []  # (a blank before a call, the call's `)` before its `{`)

    def closure(m: re.Match[bytes]) -> bytes:
        nonlocal braces
        opening = _opening_paren(out, m.start())
        if opening < 0:
            return m[0]
        begin = line_start(out, opening)
        if not _COMPONENT_CALL.match(out, begin, opening):
            return m[0]
        if braces is None:
            braces = _class_body_braces(out)
        offsets, flags = braces
        at = bisect.bisect_left(offsets, begin - 1)  # the braces before the line's start
        if begin and at and flags[at - 1]:
            return m[0]  # a method `Title() {`
        if m[1]:
            return b");{"
        # `Row(){`: no room for the `;`, so the call moves one column left into its indentation
        name = begin + len(out[begin:opening]) - len(out[begin:opening].lstrip())
        if name > begin:
            moves.append((name - 1, m.start()))
        return m[0]

    def style(m: re.Match[bytes]) -> bytes:
        return b"(){" if _WORD_END.search(out, max(0, m.start() - 80), m.start()) else m[0]

    def close_dot(m: re.Match[bytes]) -> bytes:
        begin = line_start(out, m.start())
        return m[0] if out[begin : m.start()].strip(b" \t") else b"}" + m[1] + b"_"

    out = _STRUCT.sub(struct, src)
    out = _FUNCTION_DECORATORS.sub(blank, out) if b"@" in out else out
    out = without_arkts_words(out)
    out = _CLOSE_THEN_BLOCK.sub(closure, out)
    moved: list[tuple[int, int]] = []
    if moves:
        pieces = []
        pos = 0
        for blank_at, close in sorted(moves):
            if blank_at < pos:
                continue  # inside the arguments of a call moved already
            pieces += [out[pos:blank_at], out[blank_at + 1 : close + 1], b";"]
            moved.append((blank_at, close))
            pos = close + 1
        out = b"".join([*pieces, out[pos:]])
    out = _STYLE_BLOCK.sub(style, out)
    out = _LEADING_DOT.sub(rb"\1_", out)
    out = _CLOSE_DOT.sub(close_dot, out)
    return View(out, frozenset(structs), tuple(moved))


class View(NamedTuple):
    """An ``.ets`` file as the TypeScript grammar reads it (:func:`typescript_view`): the text,
    the offsets of the ``class`` keywords that stand for ``struct``, and the spans
    ``[start, end)`` whose bytes stand one byte left of where they are in the file (a call
    ``Row(){`` moved into its indentation to make room for the ``;``)."""

    text: bytes
    structs: frozenset[int]
    moved: tuple[tuple[int, int], ...] = ()


def in_file(offset: int, moved: tuple[tuple[int, int], ...], *, end: bool = False) -> int:
    """The file's offset of a view's ``offset`` (``end``: an exclusive end)."""
    for start, stop in moved:  # a handful per file
        if start > offset:
            break
        if (start < offset <= stop) if end else (start <= offset < stop):
            return offset + 1
    return offset


def line_start(text: bytes, offset: int) -> int:
    """The offset of the start of ``offset``'s line."""
    return text.rfind(b"\n", 0, offset) + 1

"""The literals every match of a regular expression contains, found once when it is compiled, so
that a text lacking them skips the expression (docs/decisions/0023-doctor-literal-prefilter.md).

:func:`required` reads a pattern's own syntax (no private module of ``re``) into a
:data:`Need`: any one of its alternatives, each a set of literals that must all be in the text. A
branch of an alternation, a group, a positive lookaround, a run of plain characters each give
their part; what may be absent (an optional group, a quantified character, a negative lookaround,
a class) gives nothing. The reading only ever leaves a literal out when unsure, so a skipped text
can never have matched.

:class:`Gated` is a compiled pattern with its need: ``search`` / ``match`` / ``finditer`` / ``sub``
as ``re.Pattern``'s, answered without the regex engine when the text cannot match. A
case-sensitive pattern's literals are looked for as written; a case-insensitive one's in the
folded text (:class:`Folded`: lower-cased, with the four non-ASCII letters ``re.IGNORECASE``
matches to ASCII ones mapped to them), which a long text keeps for the next pattern.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator

# any one of the conjunctions; each conjunction: literals that all occur in a matching text
Need = tuple[tuple[str, ...], ...]
ALWAYS: Need = ((),)  # no literal is known: every text may match
# alternatives kept at most (a larger alternation, or a product of two, is read as ALWAYS or as
# its smaller side: a weaker need, never a wrong one)
MAX_ALTERNATIVES = 64

# the non-ASCII letters that re.IGNORECASE matches to an ASCII letter (the re module's docs:
# [a-z] with IGNORECASE also matches these four), as the ASCII letter
_FOLD = {0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}
_FOLD_CHARS = tuple(chr(c) for c in _FOLD)


class Folded:
    """A text as a need's literals are compared with it (:func:`fold`), and which literals it
    was found to hold, so that a literal many patterns share is looked for once."""

    __slots__ = ("_seen", "text")

    def __init__(self, text: str) -> None:
        if any(c in text for c in _FOLD_CHARS):
            text = text.translate(_FOLD)
        self.text = text.lower()
        self._seen: dict[str, bool] = {}

    def has(self, literal: str) -> bool:
        found = self._seen.get(literal)
        if found is None:
            found = self._seen[literal] = literal in self.text
        return found


def fold(text: str) -> Folded:
    """``text`` lower-cased, the four non-ASCII letters that match ASCII ones
    case-insensitively mapped to them (a text of Latin-1 only is known to hold none without a
    scan). A long text's folding is kept for the next patterns asked about it (a fault log's
    readers try dozens on the same text, the signatures hundreds on the same tail)."""
    return _fold_kept(text) if _KEEP_CHARS[0] <= len(text) <= _KEEP_CHARS[1] else Folded(text)


_KEEP_CHARS = (4096, 1 << 20)  # shorter texts fold in microseconds; longer ones are not kept
_fold_kept = functools.lru_cache(maxsize=4)(Folded)


def holds(need: Need, folded: Folded) -> bool:
    """The text ``folded`` holds one of ``need``'s alternatives."""
    has = folded.has
    for conj in need:  # loops, not any(all(…)): this runs hundreds of times per log
        for lit in conj:
            if not has(lit):
                break
        else:
            return True
    return False


class _Unreadable(Exception):
    """A pattern this reader does not follow (verbose mode): no need is derived."""


def _prune(conj: tuple[str, ...]) -> tuple[str, ...]:
    """The conjunction without duplicates and literals inside longer ones, longest first."""
    out: list[str] = []
    for lit in sorted(set(conj), key=lambda lit: (-len(lit), lit)):
        if not any(lit in kept for kept in out):
            out.append(lit)
    return tuple(out)


def _and(a: Need, b: Need) -> Need:
    if a == ALWAYS:
        return b
    if b == ALWAYS:
        return a
    if len(a) * len(b) > MAX_ALTERNATIVES:
        return a if len(a) <= len(b) else b  # one side alone is still needed
    return tuple(_prune(x + y) for x in a for y in b)


def _or(branches: list[Need]) -> Need:
    alts = tuple(dict.fromkeys(conj for need in branches for conj in need))
    if any(not conj for conj in alts) or len(alts) > MAX_ALTERNATIVES:
        return ALWAYS
    return alts


def _weakest(need: Need) -> Need:
    """``need`` without an alternative that holds only when a weaker one holds (of two that
    hold together, the first is kept)."""
    return tuple(
        b
        for j, b in enumerate(need)
        if not any(
            _within(a, b) and (i < j or not _within(b, a)) for i, a in enumerate(need) if i != j
        )
    )


def _within(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Every literal of ``a`` is in one of ``b``'s: a text holding ``b`` holds ``a``."""
    return all(any(x in y for y in b) for x in a)


def _literal_char(c: str, exact: bool = False) -> str | None:
    """``c`` as a need's character: itself for a case-sensitive pattern (``exact``); else ASCII
    lower-cased, another character only when it has no case (a CJK character, a full-width
    colon), since IGNORECASE matches it only to itself."""
    if exact:
        return c
    if c.isascii():
        return c.lower()
    return c if c.lower() == c == c.upper() else None


_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a"}
_QUANTIFIER = re.compile(r"\{(\d*)(?:,(\d*))?\}")
_FLAGS = re.compile(r"\?([aiLmsux]*)(?:-([imsx]*))?([:)])")


class _Reader:
    """A recursive descent over a pattern's syntax, as the ``re`` module documents it."""

    def __init__(self, pattern: str, exact: bool) -> None:
        self.p = pattern
        self.i = 0
        self.exact = exact

    def read(self) -> Need:
        need = self.alternation()
        if self.i != len(self.p):
            raise _Unreadable(self.p)
        return need

    def alternation(self) -> Need:
        branches = [self.sequence()]
        while self.i < len(self.p) and self.p[self.i] == "|":
            self.i += 1
            branches.append(self.sequence())
        return _or(branches)

    def sequence(self) -> Need:
        need = ALWAYS
        run: list[str] = []

        def flush() -> None:
            nonlocal need, run
            if run:
                need = _and(need, (("".join(run),),))
                run = []

        while self.i < len(self.p) and self.p[self.i] not in "|)":
            char, part = self.atom()
            least = self.quantifier()
            if char is not None:
                if least is None:
                    run.append(char)
                    continue
                if least > 0:
                    run.append(char)  # once at least, and not joined to what follows
                flush()
                continue
            flush()
            if part is not None and (least is None or least > 0):
                need = _and(need, part)
        flush()
        return need

    def quantifier(self) -> int | None:
        """The least count of a quantifier at the reading position (read past it), else None."""
        p, i = self.p, self.i
        if i >= len(p):
            return None
        least: int | None = None
        if p[i] in "*?":
            least, i = 0, i + 1
        elif p[i] == "+":
            least, i = 1, i + 1
        elif p[i] == "{" and (m := _QUANTIFIER.match(p, i)) and m.group(0) != "{}":
            least, i = int(m.group(1) or 0), m.end()
        if least is None:
            return None
        if i < len(p) and p[i] in "?+":  # lazy or possessive
            i += 1
        self.i = i
        return least

    def atom(self) -> tuple[str | None, Need | None]:
        """One atom read: (its literal character, or None) and (what it needs, or None)."""
        p = self.p
        c = p[self.i]
        if c == "\\":
            return self.escape(), None
        if c == "[":
            self.skip_class()
            return None, None
        if c == "(":
            return None, self.group()
        self.i += 1
        if c in ".^$":
            return None, None
        return _literal_char(c, self.exact), None

    def escape(self) -> str | None:
        p = self.p
        if self.i + 1 >= len(p):
            raise _Unreadable(p)
        nx = p[self.i + 1]
        self.i += 2
        if nx in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[nx]
        if nx.isdigit():  # a group reference or an octal character: all its digits
            while self.i < len(p) and p[self.i].isdigit():
                self.i += 1
            return None
        if nx in "xuU":
            self.i += {"x": 2, "u": 4, "U": 8}[nx]
            return None
        if nx == "N":  # \N{NAME}
            end = p.find("}", self.i)
            if end < 0:
                raise _Unreadable(p)
            self.i = end + 1
            return None
        if nx.isascii() and nx.isalpha():  # \d \s \w \b \A \Z …
            return None
        return _literal_char(nx, self.exact)

    def skip_class(self) -> None:
        p = self.p
        j = self.i + 1
        if j < len(p) and p[j] == "^":
            j += 1
        if j < len(p) and p[j] == "]":
            j += 1
        while j < len(p) and p[j] != "]":
            j += 2 if p[j] == "\\" else 1
        if j >= len(p):
            raise _Unreadable(p)
        self.i = j + 1

    def group(self) -> Need:
        """The group at the reading position, read past its ``)``: what it needs."""
        p = self.p
        self.i += 1
        kind = "capture"
        if p.startswith("?", self.i):
            rest = p[self.i + 1 : self.i + 3]
            if rest.startswith(":") or rest.startswith(">"):
                self.i += 2
                kind = "group"
            elif rest == "P<":
                end = p.find(">", self.i)
                if end < 0:
                    raise _Unreadable(p)
                self.i = end + 1
            elif rest.startswith(("P=", "#")):  # a named reference, a comment
                end = p.find(")", self.i)
                if end < 0:
                    raise _Unreadable(p)
                self.i = end + 1
                return ALWAYS
            elif rest.startswith(("=", "!")) or rest in ("<=", "<!"):
                # a lookaround: the text holds what a positive one needs, a negative one nothing
                self.i += 2 if rest.startswith(("=", "!")) else 3
                kind = "look" if "!" in rest else "group"
            elif rest.startswith("("):  # (?(id)yes|no)
                end = p.find(")", self.i)
                if end < 0:
                    raise _Unreadable(p)
                self.i = end + 1
                kind = "look"
            else:  # inline flags: (?aiLmsux) or (?aiLmsux-imsx:…)
                m = _FLAGS.match(p, self.i)
                if m is None or "x" in m.group(1) or (self.exact and "i" in m.group(1)):
                    raise _Unreadable(p)
                self.i = m.end()
                if m.group(3) == ")":
                    return ALWAYS
                kind = "group"
        need = self.alternation()
        if self.i >= len(p) or p[self.i] != ")":
            raise _Unreadable(p)
        self.i += 1
        return ALWAYS if kind == "look" else need


@functools.lru_cache(maxsize=4096)
def required(pattern: str, flags: int = 0, *, exact: bool = False) -> Need | None:
    """What every match of ``pattern`` holds (see the module's doc), or None when nothing is
    known (a verbose pattern, or one that may match without any literal). ``exact``: the
    literals as written, for a pattern that matches case-sensitively throughout (None for one
    with IGNORECASE anywhere), to be looked for in the text itself."""
    if flags & re.VERBOSE or (exact and flags & re.IGNORECASE):
        return None
    try:
        need = _Reader(pattern, exact).read()
    except _Unreadable:
        return None
    return None if need == ALWAYS else _weakest(need)


class Gated:
    """A compiled pattern that runs only on a text holding one of its :attr:`need`'s
    alternatives: ``search``, ``finditer``, ``sub`` and ``match`` answer as ``re.Pattern``'s."""

    __slots__ = ("_compiled", "_flags", "_source", "exact", "need")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        # compiled on first use: most of the hundreds of gated patterns never meet a text holding
        # their literals, and compiling them all cost `hmdesk-cli doctor` ~0.2 s at import
        self._source, self._flags = pattern, flags
        self._compiled: re.Pattern[str] | None = None
        # a case-sensitive pattern's literals are looked for as written, without folding
        self.need = required(pattern, flags, exact=True)
        self.exact = self.need is not None
        if self.need is None:
            self.need = required(pattern, flags)

    @property
    def pattern(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def possible(self, text: str) -> bool:
        """``text`` may hold a match (it holds the literals one would)."""
        if self.need is None:
            return True
        if self.exact:
            for conj in self.need:
                for lit in conj:
                    if lit not in text:
                        break
                else:
                    return True
            return False
        return holds(self.need, fold(text))

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.pattern.search(text, pos, endpos) if self.possible(text) else None

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.pattern.match(text, pos, endpos) if self.possible(text) else None

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        if not self.possible(text):
            return iter(())
        return self.pattern.finditer(text, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.pattern.sub(repl, text, count) if self.possible(text) else text

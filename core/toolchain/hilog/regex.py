"""User regexes of the hilog query language (``tag~:``, ``message~:`` …), bounded in time.

A regex typed in a query box must never stall filtering: ``message~:(a+)+$`` over a line of 28
``a`` and a ``!`` takes 17 s in Python's backtracking ``re`` and doubles with each ``a``.

* **RE2** (``google-re2``, a dependency of hmdesk) runs every pattern it can express, in time
  linear in the line: no backtracking, so no catastrophic case.
* **Python ``re``** is the fallback only for what RE2 cannot express (backreferences ``\\1``,
  lookarounds ``(?=…)``, ``\\Z``, possessive forms …), and only with guards:

  - a pattern with a repeat or an alternation inside a repeat (``(a+)+``, ``(a|aa)*``) or more than
    :data:`MAX_FALLBACK_REPEATS` unbounded repeats is refused (it could backtrack exponentially);
  - each line is searched over its first :data:`FALLBACK_LINE_CHARS` characters only;
  - a per-line time budget: once a single line takes longer than :data:`LINE_BUDGET_S` (or all
    lines together longer than :data:`TOTAL_BUDGET_S`), the regex stops matching (no line
    matches it any more) and :attr:`UserRegex.problem` says so — the query shows it in its note.

  Python's ``re`` cannot be interrupted inside one search, so the budget is checked between
  lines; the two static guards are what keep a single line short.

A pattern that neither engine accepts raises :class:`RegexError` with the reason.
"""

from __future__ import annotations

import re
import time
from typing import Any

try:  # google-re2: wheels for CPython 3.11 on Linux, Windows and macOS
    import re2 as _re2
except ImportError:  # pragma: no cover - a dependency; the guarded fallback still works
    _re2 = None

__all__ = [
    "FALLBACK_LINE_CHARS",
    "LINE_BUDGET_S",
    "MAX_FALLBACK_REPEATS",
    "TOTAL_BUDGET_S",
    "RegexError",
    "UserRegex",
    "compile_user_regex",
    "re2_available",
]

LINE_BUDGET_S = 0.05
TOTAL_BUDGET_S = 2.0
FALLBACK_LINE_CHARS = 2000
MAX_FALLBACK_REPEATS = 3


class RegexError(ValueError):
    """The pattern cannot be run (bad syntax, or a shape the guarded fallback refuses)."""


def re2_available() -> bool:
    return _re2 is not None


def _re2_compile(pattern: str, ignore_case: bool) -> Any:
    """The RE2 program, or raises the reason RE2 cannot express ``pattern``."""
    assert _re2 is not None
    options = _re2.Options()
    options.log_errors = False  # RE2 would print every refused pattern to stderr
    options.case_sensitive = not ignore_case
    return _re2.compile(pattern, options)


# --------------------------------------------------------------------------- fallback guards

try:  # Python 3.11+: the parser behind ``re``; 3.10 and older called it sre_parse
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_parse as _sre_parse


def _repeat_shape(parsed: Any, inside_repeat: bool) -> tuple[int, bool]:
    """(count of unbounded repeats, a repeat nested in a repeat) of a parsed pattern."""
    count = 0
    nested = False
    maxrepeat = _sre_parse.MAXREPEAT
    for op, av in parsed:
        name = str(op)
        children: list[Any] = []
        is_repeat = name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
        if is_repeat:
            _lo, hi, sub = av
            if hi == maxrepeat or hi > 1:
                if inside_repeat:
                    nested = True
                if hi == maxrepeat:
                    count += 1
            children.append((sub, inside_repeat or hi > 1))
        elif name in ("SUBPATTERN", "ATOMIC_GROUP"):
            children.append((av[-1], inside_repeat))
        elif name == "BRANCH":
            nested = nested or inside_repeat  # (a|aa)* backtracks like (a+)+
            children.extend((b, inside_repeat) for b in av[1])
        elif name in ("ASSERT", "ASSERT_NOT"):
            children.append((av[1], inside_repeat))
        elif name == "GROUPREF_EXISTS":
            children.extend((b, inside_repeat) for b in av[1:] if b is not None)
        for sub, inner in children:
            c, n = _repeat_shape(sub, inner)
            count += c
            nested = nested or n
    return count, nested


def _check_fallback(pattern: str, flags: int) -> None:
    try:
        parsed = _sre_parse.parse(pattern, flags)
    except Exception as exc:
        raise RegexError(f"cannot check the pattern: {exc}") from exc
    count, nested = _repeat_shape(parsed, False)
    if nested:
        raise RegexError(
            "a repeat or alternation inside a repeat such as (a+)+ or (a|aa)* can take "
            "exponential time with a backtracking engine; rewrite it without the nesting"
        )
    if count > MAX_FALLBACK_REPEATS:
        raise RegexError(
            f"more than {MAX_FALLBACK_REPEATS} unbounded repeats (* + {{n,}}) with a "
            "backreference or lookaround would be too slow"
        )


# --------------------------------------------------------------------------- the regex


class UserRegex:
    """A compiled user regex. ``search(text)`` is True when it matches; never raises.

    ``engine`` is ``"re2"`` or ``"re"`` (the guarded fallback); ``problem`` is None, or why the
    regex stopped matching (too slow), for the query's note.
    """

    __slots__ = ("_rx", "_spent", "engine", "fallback_reason", "pattern", "problem", "search")

    def __init__(self, pattern: str, rx: Any, engine: str, fallback_reason: str | None) -> None:
        self.pattern = pattern
        self._rx = rx
        self.engine = engine
        self.fallback_reason = fallback_reason
        self.problem: str | None = None
        self._spent = 0.0
        self.search = self._search_re2 if engine == "re2" else self._search_re

    def _search_re2(self, text: str) -> bool:
        try:
            return self._rx.search(text) is not None
        except UnicodeEncodeError:  # a lone surrogate: RE2 works on UTF-8
            return self._rx.search(text.encode("utf-8", "replace").decode("utf-8")) is not None

    def _search_re(self, text: str) -> bool:
        if self.problem is not None:
            return False
        t0 = time.perf_counter()
        found = self._rx.search(text[:FALLBACK_LINE_CHARS]) is not None
        took = time.perf_counter() - t0
        self._spent += took
        if took > LINE_BUDGET_S or self._spent > TOTAL_BUDGET_S:
            self.problem = (
                f"regex {self.pattern!r} is too slow "
                f"({took * 1000:.0f} ms on one line, {self._spent:.1f} s in all; RE2 cannot run "
                "it, so Python's backtracking engine did): it no longer matches any line — "
                "simplify it"
            )
        return found

    @property
    def fallback_note(self) -> str | None:
        """For the query's note: this regex runs on Python's ``re`` although RE2 is there."""
        if self.engine != "re" or _re2 is None:
            return None
        return (
            f"regex {self.pattern!r} runs on Python's re, with a time budget per line "
            f"(RE2 cannot express it: {self.fallback_reason})"
        )

    def __repr__(self) -> str:
        return f"UserRegex({self.pattern!r}, engine={self.engine!r}, problem={self.problem!r})"


def compile_user_regex(pattern: str, *, ignore_case: bool = False) -> UserRegex:
    """Compile a user's ``pattern``: RE2 first, else the guarded ``re`` fallback.

    Raises :class:`RegexError` when the pattern is invalid or refused by the fallback's guards.
    """
    reason: str | None = None
    if _re2 is not None:
        try:
            return UserRegex(pattern, _re2_compile(pattern, ignore_case), "re2", None)
        except Exception as exc:  # noqa: BLE001 - re2.error and friends: try the fallback
            raw = exc.args[0] if exc.args else exc
            reason = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    flags = re.IGNORECASE if ignore_case else 0
    try:
        rx = re.compile(pattern, flags)
    except re.error as exc:
        raise RegexError(f"bad regex {pattern!r}: {exc}") from None
    except (OverflowError, RecursionError, ValueError) as exc:
        raise RegexError(f"bad regex {pattern!r}: {exc}") from None
    try:
        _check_fallback(pattern, flags)
    except RegexError as exc:
        why = f" (RE2 cannot express it: {reason})" if reason else ""
        raise RegexError(f"regex {pattern!r} cannot be run safely{why}: {exc}") from None
    return UserRegex(pattern, rx, "re", reason or "google-re2 is not installed")

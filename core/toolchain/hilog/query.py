"""The hilog filter language, after Android Studio Logcat's.

Terms::

    tag:ArkUI          substring of the tag (case-insensitive unless case_sensitive=True)
    tag=:ArkUI         the whole tag, exactly            tag~:^Ark.*UI$   regex search on the tag
                       (a value with "/" is matched against "process/tag": tags may hold a "/")
    level:W            that level and above (D I W E F, or debug/info/warn/warning/error/fatal,
                       also verbose=D and assert=F as in Logcat)
    pid:1234  tid:1234 the process / thread id
    domain:0x3200      the domain (also 3200, A03200, D003200, 0xD003200: hilog prints domain & 0xFFFFF)
    process:com.ex     the HarmonyOS NEXT process segment; package: is the same key;
                       package:mine = the project's bundle (and its pids, when known)
    message:text       substring of the message            line:text   substring of the whole line
    age:5m             printed within the last 30s / 5m / 2h / 1d before ``now``
    is:crash           lines of a detected crash (``crash_of``); with no detector, FATAL lines and banners
    is:dropped         the device's "lines dropped" markers (LOGLIMIT, LOGLIMITD, Slow reader missed …)
    is:stacktrace      stack frame lines            is:kmsg   kernel lines
    free text          substring of the whole line; consecutive free words form one phrase
    -key:value         negation          key~:regex / -key~:regex     regex (search) / negated regex
    "quoted values"    tag:"My Tag", message:'a b', "free phrase" (backslash escapes a quote)

Combination (Logcat's implicit rule): top-level positive terms of the same key are OR-ed
(``tag:`` / ``tag=:`` / ``tag~:`` are one key, ``process:`` and ``package:`` too), those groups are
AND-ed, and every negated term and free-text phrase is AND-ed on its own. So
``tag:A tag:B level:W -message:beat`` = ``(tag:A | tag:B) & level≥W & !message:beat``.
Explicit ``&``, ``|`` (``&&``, ``||``) and parentheses work too (``&`` binds tighter than ``|``;
inside each operand the implicit rule applies). Operators need a space (or a parenthesis) around
them: ``tag~:a|b`` is one regex.

A query that does not parse (an unknown key, a bad regex, an unbalanced quote or parenthesis, a
bad level/pid/age) never raises: it falls back to a plain-text search for the whole string and
``note`` says why. A term with an empty value (``tag:`` while typing) is ignored, with a note.

Regexes run on RE2 (linear time, no backtracking); a pattern only Python's ``re`` can express
(a backreference, a lookaround) runs with guards and a per-line time budget
(:mod:`hmdesk.core.toolchain.hilog.regex`). A pattern that cannot be run safely makes the query
fall back like a bad regex; a regex that turns out too slow stops matching and ``note`` says so.

Queries compile to plain Python closures over :class:`HilogLine` fields (no per-line
interpretation of the query); ``filter`` runs them in a list comprehension.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from hmdesk.core.toolchain.hilog.line import DROPPED, KMSG, LEVELS, HilogLine
from hmdesk.core.toolchain.hilog.regex import RegexError, UserRegex, compile_user_regex

__all__ = [
    "IS_VALUES",
    "KEYS",
    "LEVEL_ALIASES",
    "HilogQuery",
    "QueryTerm",
    "complete",
]

Predicate = Callable[[HilogLine], bool]
CrashOf = Callable[[str], object]  # a line's raw text → its crash's id, or None

# key -> one-line help (for completion popups)
KEYS: dict[str, str] = {
    "tag": "tag contains (tag=: exact, tag~: regex)",
    "level": "this level and above: D I W E F",
    "pid": "process id",
    "tid": "thread id",
    "domain": "domain, e.g. 0x3200 or A03200",
    "process": "process name (HarmonyOS NEXT lines)",
    "package": "same as process:; package:mine = this project's app",
    "message": "message contains",
    "line": "whole line contains",
    "age": "printed within e.g. 30s, 5m, 2h, 1d",
    "is": "crash | dropped | stacktrace | kmsg",
}
IS_VALUES = ("crash", "dropped", "stacktrace", "kmsg")
LEVEL_ALIASES: dict[str, str] = {
    "v": "D",
    "verbose": "D",
    "d": "D",
    "debug": "D",
    "i": "I",
    "info": "I",
    "w": "W",
    "warn": "W",
    "warning": "W",
    "e": "E",
    "error": "E",
    "f": "F",
    "fatal": "F",
    "a": "F",
    "assert": "F",
}
_GROUP_OF = {"package": "process"}  # keys OR-ed together under the implicit rule
TextField = Literal[0, 8, 9, 10]  # HilogLine indices of raw, process, tag, message (all str)
_TEXT_FIELDS: dict[str, TextField] = {"tag": 9, "process": 8, "message": 10, "line": 0}

# is:crash banners: faultloggerd / JS engine / appfreeze texts (case as printed, then folded)
_CRASH_EXACT = ("Reason:", "Error message:", "Error name:", "Fault thread info")
_CRASH_FOLDED = (
    "jserror",
    "js_error",
    "jscrash",
    "js_crash",
    "cppcrash",
    "cpp_crash",
    "appfreeze",
    "app_freeze",
    "fatal exception",
)
_STACK = re.compile(r"\s*(?:at \S|#\d\d pc )|.*Stacktrace:|.*Stack trace:")
_AGE = re.compile(r"(\d+)\s*([smhd])", re.ASCII)
_AGE_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class QueryError(ValueError):
    """Internal: the query text does not parse (turned into a fallback + note)."""


@dataclass(frozen=True)
class QueryTerm:
    """One term as written: ``key`` is ``""`` for free text; ``op`` is ``:``, ``=:`` or ``~:``."""

    key: str
    value: str
    negated: bool = False
    op: str = ":"

    def __str__(self) -> str:
        value = self.value
        if not value or any(c.isspace() or c in "\"'()" for c in value):
            value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if not self.key:
            return value
        return f"{'-' if self.negated else ''}{self.key}{self.op}{value}"


# --------------------------------------------------------------------------- tokenizer

_KEY = re.compile(r"(-?)([A-Za-z]+)(~:|=:|:)", re.ASCII)


@dataclass
class _Tok:
    kind: str  # "term" | "text" | "(" | ")" | "&" | "|"
    term: QueryTerm | None = None


def _read_value(text: str, i: int) -> tuple[str, int, bool]:
    """Read a value at ``i``: quoted (with backslash escapes) or up to whitespace.

    Returns (value, next index, quoted). Raises QueryError on an unbalanced quote.
    """
    n = len(text)
    if i < n and text[i] in "\"'":
        quote = text[i]
        i += 1
        buf: list[str] = []
        while i < n:
            c = text[i]
            if c == "\\" and i + 1 < n:
                buf.append(text[i + 1])
                i += 2
                continue
            if c == quote:
                return "".join(buf), i + 1, True
            buf.append(c)
            i += 1
        raise QueryError(f"unbalanced quote {quote}")
    j = i
    while j < n and not text[j].isspace():
        j += 1
    return text[i:j], j, False


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i = 0
    n = len(text)
    depth = 0
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c == "(":
            toks.append(_Tok("("))
            depth += 1
            i += 1
            continue
        if c == ")" and depth > 0:
            toks.append(_Tok(")"))
            depth -= 1
            i += 1
            continue
        if c in "&|":
            j = i + 1
            if j < n and text[j] == c:
                j += 1
            if j >= n or text[j].isspace() or text[j] in "()":
                toks.append(_Tok(c))
                i = j
                continue
        m = _KEY.match(text, i)
        if m is not None:
            neg, key, op = m.groups()
            value, i, quoted = _read_value(text, m.end())
            closing = 0
            if not quoted:
                while value.endswith(")") and depth - closing > 0:
                    value = value[:-1]
                    closing += 1
            toks.append(_Tok("term", QueryTerm(key.lower(), value, bool(neg), op)))
            for _ in range(closing):
                toks.append(_Tok(")"))
            depth -= closing
            continue
        value, i, quoted = _read_value(text, i)
        closing = 0
        if not quoted:
            while value.endswith(")") and depth - closing > 0:
                value = value[:-1]
                closing += 1
        if value or quoted:
            toks.append(_Tok("text", QueryTerm("", value, False, ":" if not quoted else '"')))
        for _ in range(closing):
            toks.append(_Tok(")"))
        depth -= closing
    return toks


# --------------------------------------------------------------------------- predicates


def _all(preds: Sequence[Predicate]) -> Predicate:
    if not preds:
        return _true
    if len(preds) == 1:
        return preds[0]
    if len(preds) == 2:
        a, b = preds
        return lambda line: a(line) and b(line)
    if len(preds) == 3:
        a, b, c = preds
        return lambda line: a(line) and b(line) and c(line)
    ps = tuple(preds)

    def every(line: HilogLine) -> bool:
        for p in ps:  # noqa: SIM110 - a plain loop beats a generator on this hot path
            if not p(line):
                return False
        return True

    return every


def _any(preds: Sequence[Predicate]) -> Predicate:
    if not preds:
        return _false
    if len(preds) == 1:
        return preds[0]
    if len(preds) == 2:
        a, b = preds
        return lambda line: a(line) or b(line)
    ps = tuple(preds)

    def some(line: HilogLine) -> bool:
        for p in ps:  # noqa: SIM110 - a plain loop beats a generator on this hot path
            if p(line):
                return True
        return False

    return some


def _not(pred: Predicate) -> Predicate:
    return lambda line: not pred(line)


def _true(line: HilogLine) -> bool:
    return True


def _false(line: HilogLine) -> bool:
    return False


def _regex(value: str, ignore_case: bool, ctx: _Ctx | None) -> Callable[[str], bool]:
    """A user regex's search (True on a match), time-bounded; recorded in ``ctx`` for notes."""
    try:
        rx = compile_user_regex(value, ignore_case=ignore_case)
    except RegexError as exc:
        raise QueryError(str(exc)) from None
    if ctx is not None:
        ctx.regexes.append(rx)
        if rx.fallback_note:
            ctx.notes.append(rx.fallback_note)
    return rx.search


def _text_pred(
    index: TextField, value: str, op: str, case_sensitive: bool, ctx: _Ctx | None = None
) -> Predicate:
    """Substring / exact / regex on a text field, specialised for the common cases."""
    if op == "~:":
        search = _regex(value, not case_sensitive, ctx)
        return lambda line: search(line[index])
    folded = value if case_sensitive else value.lower()
    if op == "=:":
        if case_sensitive or folded == value.upper():  # nothing to fold
            return lambda line: line[index] == value
        return lambda line: line[index].lower() == folded
    if case_sensitive or folded == value.upper():
        return lambda line: value in line[index]
    return lambda line: folded in line[index].lower()


def _joined_tag_pred(value: str, op: str, case_sensitive: bool) -> Predicate:
    folded = value if case_sensitive else value.lower()

    def joined(line: HilogLine) -> str:
        text = f"{line.process}/{line.tag}" if line.process else line.tag
        return text if case_sensitive else text.lower()

    if op == "=:":
        return lambda line: (
            joined(line) == folded or (line.tag if case_sensitive else line.tag.lower()) == folded
        )
    return lambda line: folded in joined(line)


def _int_pred(index: int, key: str, value: str, op: str, ctx: _Ctx) -> Predicate:
    if op == "~:":
        search = _regex(value, False, ctx)
        return lambda line: search(str(line[index]))
    try:
        number = int(value, 10)
    except ValueError:
        raise QueryError(f"{key}: wants a number, not {value!r}") from None
    return lambda line: line[index] == number


def _domain_pred(value: str, op: str, ctx: _Ctx) -> Predicate:
    if op == "~:":
        search = _regex(value, True, ctx)
        return lambda line: search(line.domain_text)
    v = value.strip()
    type_letter = ""
    if v[:2].lower() == "0x":
        v = v[2:]
    elif len(v) == 6 and v[0].upper() in "ACIKP":
        type_letter, v = v[0].upper(), v[1:]
    try:
        number = int(v, 16) & 0xFFFFF
    except ValueError:
        raise QueryError(
            f"domain: wants a hex number such as 0x3200 or A03200, not {value!r}"
        ) from None
    if type_letter:
        return lambda line: line.domain == number and line.type == type_letter
    return lambda line: line.domain == number


def _level_pred(value: str, op: str) -> Predicate:
    if op != ":":
        raise QueryError("level: takes a level name (D I W E F), not a regex or exact match")
    letter = LEVEL_ALIASES.get(value.lower())
    if letter is None:
        raise QueryError(f"unknown level {value!r} (use D, I, W, E, F or debug … fatal)")
    allowed = frozenset(LEVELS[LEVELS.index(letter) :])
    return lambda line: line.level in allowed


def _age_pred(value: str, now: datetime) -> Predicate:
    m = _AGE.fullmatch(value.strip().lower())
    if m is None:
        raise QueryError(f"age: wants a number and s/m/h/d such as 30s, 5m, 2h, 1d — not {value!r}")
    seconds = int(m.group(1)) * _AGE_UNITS[m.group(2)]
    if now.tzinfo is not None:
        now = now.astimezone().replace(tzinfo=None)
    try:
        cutoff = now - timedelta(seconds=seconds)
    except OverflowError:
        cutoff = datetime.min
    epoch_cut = cutoff.timestamp() if cutoff > datetime(1970, 1, 2) else 0.0
    ymd_cut = cutoff.strftime("%Y-%m-%d %H:%M:%S.%f") if cutoff.year >= 1000 else "0"
    md_cut = cutoff.strftime("%m-%d %H:%M:%S.%f")
    md_now = now.strftime("%m-%d")
    all_year = seconds >= 365 * 86400
    wrapped = cutoff.year != now.year  # the window crosses New Year: "01-01" < "12-31"

    def recent(line: HilogLine) -> bool:
        t = line.time
        if len(t) < 5:
            return False
        if t[2] == "-":  # MM-DD hh:mm:ss.fff (no year)
            if all_year:
                return True
            if wrapped:
                return t >= md_cut or t[:5] <= md_now
            return t >= md_cut
        if t[4] == "-":  # YYYY-MM-DD ...
            return t >= ymd_cut
        try:  # -v epoch: seconds since 1970 (monotonic times say nothing about the clock)
            secs = float(t)
        except ValueError:
            return False
        return secs >= epoch_cut and secs > 1e9

    return recent


def _is_crash(line: HilogLine) -> bool:
    if line.level == "F":
        return True
    m = line.message
    for needle in _CRASH_EXACT:
        if needle in m:
            return True
    low = m.lower()
    for needle in _CRASH_FOLDED:  # noqa: SIM110 - a plain loop beats a generator here
        if needle in low:
            return True
    return False


def _is_pred(value: str, ctx: _Ctx | None = None) -> Predicate:
    v = value.lower()
    if v == "crash":
        crash_of = ctx.crash_of if ctx is not None else None  # None: a CLI dump, the text rule
        # one dict lookup per line (a str caches its hash)
        return _is_crash if crash_of is None else lambda line: crash_of(line.raw) is not None
    if v == "dropped":
        return lambda line: line.kind == DROPPED
    if v == "stacktrace":
        match = _STACK.match
        return lambda line: match(line.message) is not None
    if v == "kmsg":
        return lambda line: line.kind == KMSG
    raise QueryError(f"unknown is:{value} (use is:crash, is:dropped, is:stacktrace or is:kmsg)")


@dataclass
class _Ctx:
    now: datetime
    bundle: str | None
    pids: AbstractSet[int]  # a ``set`` is live: an AppFollower adds the app's new pids to it
    case_sensitive: bool
    notes: list[str] = field(default_factory=list)
    has_age: bool = False
    regexes: list[UserRegex] = field(default_factory=list)
    crash_of: CrashOf | None = None  # raw line → its crash (or None): the detector's book


def _term_pred(term: QueryTerm, ctx: _Ctx) -> Predicate | None:
    """The predicate of one term (None = ignored term). Raises QueryError."""
    key, value, op = term.key, term.value, term.op
    if not key:
        return _text_pred(0, value, ":", ctx.case_sensitive)
    if key not in KEYS:
        raise QueryError(f"unknown key {key}: (keys: {', '.join(KEYS)})")
    if value == "":
        ctx.notes.append(f"{'-' if term.negated else ''}{key}{op} has no value: ignored")
        return None
    if key == "tag" and "/" in value and op != "~:":
        # the parser splits "proc/tag" on the first "/": an open-source tag that itself holds
        # a "/" (or a NEXT "process/tag" typed whole) is matched against both parts joined
        return _joined_tag_pred(value, op, ctx.case_sensitive)
    if key in ("tag", "message", "line"):
        return _text_pred(_TEXT_FIELDS[key], value, op, ctx.case_sensitive, ctx)
    if key in ("process", "package"):
        if value.lower() == "mine" and op == ":":
            return _mine_pred(ctx)
        return _text_pred(_TEXT_FIELDS["process"], value, op, ctx.case_sensitive, ctx)
    if key == "pid":
        return _int_pred(3, key, value, op, ctx)
    if key == "tid":
        return _int_pred(4, key, value, op, ctx)
    if key == "level":
        return _level_pred(value, op)
    if key == "domain":
        return _domain_pred(value, op, ctx)
    if key == "age":
        if op != ":":
            raise QueryError("age: takes a duration such as 5m, not a regex or exact match")
        ctx.has_age = True
        return _age_pred(value, ctx.now)
    if key == "is":
        if op != ":":
            raise QueryError("is: takes crash, dropped, stacktrace or kmsg")
        return _is_pred(value, ctx)
    raise QueryError(f"unknown key {key}:")  # pragma: no cover - KEYS covers every branch


def _mine_pred(ctx: _Ctx) -> Predicate | None:
    bundle = ctx.bundle
    pids = ctx.pids
    live = isinstance(pids, set)  # followed: empty now, the app's pids later
    if not bundle and not pids and not live:
        ctx.notes.append("package:mine needs the project's bundle name (open a project): ignored")
        return None
    if bundle:
        prefix = bundle + ":"
        if pids or live:
            return lambda line: (
                line.process == bundle or line.process.startswith(prefix) or line.pid in pids
            )
        return lambda line: line.process == bundle or line.process.startswith(prefix)
    return lambda line: line.pid in pids


# --------------------------------------------------------------------------- grammar
#   expr := and_expr ('|' and_expr)*
#   and_expr := seq ('&' seq)*
#   seq := atom+              (implicit rule across the atoms)
#   atom := '(' expr ')' | term | text


class _Parser:
    def __init__(self, toks: list[_Tok], ctx: _Ctx) -> None:
        self.toks = toks
        self.i = 0
        self.ctx = ctx
        self.terms: list[QueryTerm] = []

    def peek(self) -> str | None:
        return self.toks[self.i].kind if self.i < len(self.toks) else None

    def parse(self) -> Predicate:
        if not self.toks:
            return _true
        pred = self.expr()
        if self.i != len(self.toks):
            raise QueryError("unbalanced parenthesis")
        return pred

    def expr(self) -> Predicate:
        parts = [self.and_expr()]
        while self.peek() == "|":
            self.i += 1
            parts.append(self.and_expr())
        return _any(parts)

    def and_expr(self) -> Predicate:
        parts = [self.seq()]
        while self.peek() == "&":
            self.i += 1
            parts.append(self.seq())
        return _all(parts)

    def seq(self) -> Predicate:
        groups: dict[str, list[Predicate]] = {}
        anded: list[Predicate] = []
        text: list[QueryTerm] = []
        seen_any = False

        def flush_text() -> None:
            if text:
                if len(text) == 1:
                    phrase = text[0]
                else:
                    phrase = QueryTerm("", " ".join(t.value for t in text))
                self.terms.append(phrase)
                anded.append(_text_pred(0, phrase.value, ":", self.ctx.case_sensitive))
                text.clear()

        while True:
            kind = self.peek()
            if kind is None or kind in (")", "&", "|"):
                break
            seen_any = True
            tok = self.toks[self.i]
            self.i += 1
            if kind == "(":
                flush_text()
                inner = self.expr()
                if self.peek() != ")":
                    raise QueryError("unbalanced parenthesis")
                self.i += 1
                anded.append(inner)
                continue
            assert tok.term is not None
            term = tok.term
            if kind == "text":
                if term.op == '"':  # a quoted phrase stands on its own
                    flush_text()
                    text.append(QueryTerm("", term.value))
                    flush_text()
                else:
                    text.append(term)
                continue
            flush_text()
            pred = _term_pred(term, self.ctx)
            self.terms.append(term)
            if pred is None:
                continue
            if term.negated:
                anded.append(_not(pred))
            else:
                groups.setdefault(_GROUP_OF.get(term.key, term.key), []).append(pred)
        flush_text()
        if not seen_any:
            raise QueryError("an operator or parenthesis without a term")
        return _all([_any(ps) for ps in groups.values()] + anded)


# --------------------------------------------------------------------------- public


class HilogQuery:
    """A compiled filter. Build with :meth:`parse`; never raises on bad input.

    Attributes: ``text`` (as given), ``terms`` (the terms understood, for highlighting and
    display), ``note`` (None, or what went wrong / what was ignored), ``fallback`` (True when
    the text is searched as plain text because it did not parse), ``has_age`` (re-parse with a
    fresh ``now`` to move the window).
    """

    __slots__ = ("_note", "_pred", "_regexes", "fallback", "has_age", "terms", "text")

    def __init__(
        self,
        text: str,
        pred: Predicate,
        terms: tuple[QueryTerm, ...],
        note: str | None,
        fallback: bool,
        has_age: bool,
        regexes: Sequence[UserRegex] = (),
    ) -> None:
        self.text = text
        self._pred = pred
        self.terms = terms
        self._note = note
        self.fallback = fallback
        self.has_age = has_age
        self._regexes = tuple(regexes)

    @property
    def note(self) -> str | None:
        """What went wrong or was ignored, including a regex found too slow while filtering."""
        problems = [rx.problem for rx in self._regexes if rx.problem]
        if not problems:
            return self._note
        return "; ".join([self._note, *problems] if self._note else problems)

    @note.setter
    def note(self, value: str | None) -> None:
        self._note = value

    @classmethod
    def parse(
        cls,
        text: str | None,
        *,
        now: datetime | None = None,
        bundle: str | None = None,
        pids: Iterable[int] = (),
        case_sensitive: bool = False,
        crash_of: CrashOf | None = None,
    ) -> HilogQuery:
        """Compile ``text``. ``now`` anchors ``age:`` (default: this machine's local time; pass
        the device's clock if it differs); ``bundle`` / ``pids`` resolve ``package:mine``
        (a ``set`` is kept, not copied: an :class:`~.follow.AppFollower`'s live pids);
        ``crash_of`` (``CrashBook.crash_id_of``, asked per line) makes ``is:crash`` "lines of a
        detected crash"; without it, the text rule."""
        text = "" if text is None else str(text)
        try:
            ctx = _Ctx(
                now=now if now is not None else datetime.now(),
                bundle=bundle or None,
                pids=pids if isinstance(pids, set) else frozenset(int(p) for p in pids),
                case_sensitive=bool(case_sensitive),
                crash_of=crash_of,
            )
        except (TypeError, ValueError):
            ctx = _Ctx(datetime.now(), bundle, frozenset(), case_sensitive, crash_of=crash_of)
        try:
            parser = _Parser(_tokenize(text), ctx)
            pred = parser.parse()
            note = "; ".join(ctx.notes) if ctx.notes else None
            return cls(text, pred, tuple(parser.terms), note, False, ctx.has_age, ctx.regexes)
        except QueryError as exc:
            reason = str(exc)
        except Exception as exc:  # noqa: BLE001 - never raise on a query, whatever the text
            reason = f"{type(exc).__name__}: {exc}"
        plain = text.strip()
        note = (
            f"Could not parse the query ({reason}); searching for the plain text {plain!r} instead."
        )
        if not plain:
            return cls(text, _true, (), note, True, False)
        return cls(
            text,
            _text_pred(0, plain, ":", case_sensitive),
            (QueryTerm("", plain),),
            note,
            True,
            False,
        )

    @property
    def is_empty(self) -> bool:
        """Matches everything (no terms)."""
        return self._pred is _true

    @property
    def predicate(self) -> Predicate:
        return self._pred

    def matches(self, line: HilogLine) -> bool:
        """Does this one line match? (Never raises.)"""
        try:
            return bool(self._pred(line))
        except Exception:  # noqa: BLE001 - a filter never raises on a line; no match instead
            return False

    def filter(self, lines: Iterable[HilogLine], *, groups: bool = True) -> list[HilogLine]:
        """The matching lines, in order.

        With ``groups`` (default), the continuation lines of a multi-line message whose first
        line matched are kept with it (a stack trace stays whole); a continuation at the start
        of ``lines`` is judged on its own.
        """
        pred = self._pred
        if pred is _true:
            return list(lines)
        try:
            if not groups:
                return [line for line in lines if pred(line)]
            out: list[HilogLine] = []
            append = out.append
            head_ok = False
            for line in lines:
                if line.cont:
                    if head_ok or pred(line):
                        append(line)
                elif pred(line):
                    head_ok = True
                    append(line)
                else:
                    head_ok = False
            return out
        except Exception:  # noqa: BLE001 - the fast path failed: the safe per-line path
            return [line for line in lines if self.matches(line)]

    def __repr__(self) -> str:
        return f"HilogQuery({self.text!r}, fallback={self.fallback}, note={self.note!r})"


def complete(
    text: str,
    *,
    tags: Iterable[str] = (),
    processes: Iterable[str] = (),
    limit: int = 50,
) -> list[str]:
    """Completions for the last word of ``text`` (what a query box's popup offers).

    A bare word completes to keys (``ta`` → ``tag:``); after ``tag:`` the seen ``tags``, after
    ``process:``/``package:`` the seen ``processes`` (plus ``mine``), after ``level:`` the
    levels, after ``is:`` the ``is`` values. Returned strings replace the last word.
    """
    word = text.rsplit(None, 1)[-1] if text and not text[-1].isspace() else ""
    m = re.match(r"(-?)([A-Za-z]+)(~:|=:|:)(.*)\Z", word, re.DOTALL)
    if m is None:
        neg = "-" if word.startswith("-") else ""
        stem = word[len(neg) :].lower()
        return [f"{neg}{k}:" for k in KEYS if k.startswith(stem)][:limit]
    neg, key, op, partial = m.groups()
    key = key.lower()
    options: Iterable[str]
    if key == "tag":
        options = tags
    elif key in ("process", "package"):
        options = ["mine", *processes] if key == "package" else processes
    elif key == "level":
        options = ["D", "I", "W", "E", "F"]
    elif key == "is":
        options = IS_VALUES
    else:
        return []
    low = partial.lower()
    out: list[str] = []
    seen: set[str] = set()
    for opt in options:
        if opt in seen or not opt.lower().startswith(low):
            continue
        seen.add(opt)
        shown = f'"{opt}"' if any(c.isspace() for c in opt) else opt
        out.append(f"{neg}{key}{op}{shown}")
        if len(out) >= limit:
            break
    return out

"""How right the doctor is on a folder of real logs: the scorer behind ``hmdesk-cli doctor --eval``.

A corpus folder holds one sub-folder per kind of log (``arkts``, ``bm``, ``jscrash``, ``hilog``
…); each log ``NAME.log`` has a sidecar ``NAME.toml`` written *before* the doctor was run on it:

.. code-block:: toml

    source = "https://… (where the text was copied from, verbatim)"

    [expect]
    class = "ohpm-deps"            # the finding's kind; a list when two kinds are both right
    code = "00617101"              # only when the log carries a code
    location = "pages/Index.ets:7:13"  # only when the log names a place (file:line or a frame)
    fix = ["@ohos/hamock"]         # a right fix contains at least one of these (case-insensitive)
    format = "deveco-window"       # hilog only: which pasted format
    lines = 3                      # hilog only: how many lines are log lines

    [expect.fields]                # hilog only: one line's fields (the first log line, or `line = N`)
    time = "08-20 11:06:01.891"
    pid = 1948
    tid = 1948
    level = "I"
    domain = "A03D00"
    process = "com.examp...lication"
    tag = "JSAPP"
    message = "getSystemCpuUsage: 0.4722222222222222"

Per log the scorer asks the doctor (:func:`~hmdesk.core.toolchain.doctor.diagnose`) and the hilog
parser, and per kind it counts: *said* (a finding at all), *class right*, *code right* (of the
logs with a code), *location right* (of those naming one), *actionable* (the fix holds one of
the words), *confident wrong* (a finding not marked "possibly" with the wrong class), and for
hilog the lines parsed into fields and whether the one line written down came out with those
fields; the hilog figures are also given per pasted format, and the crash and freeze reports'
right cause with its fix (the fault kinds' *fix*) in one line. A finding marked ``possibly``
that names the wrong class is a miss but not a confident one.
"""

from __future__ import annotations

import re
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hmdesk.core.bounded import MB, InputError, read_input
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.hilog.line import HilogLine
from hmdesk.core.toolchain.hilog.parse import parse_hilog_text
from hmdesk.core.toolchain.hilog.pasted import logical_lines

METRICS = ("said", "class", "code", "location", "actionable", "confident_wrong", "lines", "fields")
FIELDS = ("time", "pid", "tid", "level", "domain", "process", "tag", "message")


class CorpusError(ValueError):
    """The folder is not a corpus (no ``*.log`` with a sidecar) or a sidecar is not valid TOML."""


@dataclass
class Expect:
    classes: tuple[str, ...] = ()
    code: str | None = None
    location: str | None = None
    fix: tuple[str, ...] = ()
    lines: int | None = None
    format: str | None = None
    fields: dict[str, str | int] | None = None  # one hilog line's fields, written beforehand
    fields_line: int = 1  # which log line (1-based, among the lines that are log lines)

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Expect:
        """The ``[expect]`` table; a key out of place or a field of the wrong type is a
        :class:`CorpusError` (a sidecar's mistake would otherwise score as the doctor's)."""
        _check_expect(data)
        klass = data.get("class")
        classes = (klass,) if isinstance(klass, str) else tuple(klass or ())
        fix = data.get("fix") or ()
        raw_fields = data.get("fields")
        fields = None
        line = 1
        if isinstance(raw_fields, dict):
            line = int(raw_fields.get("line", 1))
            fields = {k: v for k, v in raw_fields.items() if k in FIELDS}
        return cls(
            classes=tuple(str(c) for c in classes),
            code=str(data["code"]) if data.get("code") is not None else None,
            location=str(data["location"]) if data.get("location") else None,
            fix=(fix,) if isinstance(fix, str) else tuple(str(f) for f in fix),
            lines=int(data["lines"]) if data.get("lines") is not None else None,
            format=str(data["format"]) if data.get("format") else None,
            fields=fields,
            fields_line=line,
        )


_SIDECAR_KEYS = frozenset({"source", "expect", "note"})
_EXPECT_KEYS = frozenset({"class", "code", "location", "fix", "format", "lines", "fields"})
_NUMBER_FIELDS = frozenset({"pid", "tid", "line"})


def _check_sidecar(data: dict[str, Any]) -> None:
    stray = sorted(set(data) - _SIDECAR_KEYS)
    if stray:
        under = [k for k in stray if k in _EXPECT_KEYS]
        hint = f" ({', '.join(under)} belong under [expect])" if under else ""
        raise CorpusError(f"unknown key(s) {', '.join(stray)}{hint}")


def _check_expect(data: dict[str, Any]) -> None:
    stray = sorted(set(data) - _EXPECT_KEYS)
    if stray:
        raise CorpusError(f"unknown key(s) in [expect]: {', '.join(stray)}")
    fields = data.get("fields")
    if fields is None:
        return
    if not isinstance(fields, dict):
        raise CorpusError("[expect.fields] must be a table")
    stray = sorted(set(fields) - set(FIELDS) - {"line"})
    if stray:
        raise CorpusError(f"unknown field(s) in [expect.fields]: {', '.join(stray)}")
    for key, value in fields.items():
        number = key in _NUMBER_FIELDS
        if number != (isinstance(value, int) and not isinstance(value, bool)):
            want = "a number (pid = 1234)" if number else "a string"
            raise CorpusError(f"[expect.fields] {key} must be {want}, not {value!r}")


@dataclass
class Outcome:
    """One log's result: the finding and which checks it passed (None: the check does not apply)."""

    path: str
    kind: str
    finding: Finding | None
    said: bool
    klass: bool | None
    code: bool | None
    location: bool | None
    actionable: bool | None
    confident_wrong: bool
    lines: tuple[int, int] | None = None  # parsed, expected (hilog)
    fields: bool | None = None  # the line written down parsed into those fields (hilog)
    format: str | None = None  # which pasted hilog format
    wrong_fields: tuple[str, ...] = ()


@dataclass
class Row:
    kind: str
    logs: int = 0
    counts: dict[str, list[int]] = field(default_factory=dict)  # metric -> [right, applicable]

    def add(self, metric: str, ok: bool | None) -> None:
        if ok is None:
            return
        pair = self.counts.setdefault(metric, [0, 0])
        pair[0] += int(ok)
        pair[1] += 1

    def ratio(self, metric: str) -> float | None:
        right, of = self.counts.get(metric, (0, 0))
        return right / of if of else None


@dataclass
class Report:
    rows: dict[str, Row]
    total: Row
    outcomes: list[Outcome]
    seconds: float
    formats: dict[str, Row] = field(default_factory=dict)  # hilog figures per pasted format

    def misses(self) -> list[Outcome]:
        return [
            o
            for o in self.outcomes
            if not o.said
            or o.klass is False
            or o.code is False
            or o.location is False
            or o.actionable is False
            or (o.lines is not None and o.lines[0] < o.lines[1])
            or o.fields is False
        ]


_COMPILED_TS = re.compile(r"\.(?:ts|js)(?=:\d|$)")


# a raw release frame's file ``module|package|version|src/…``: the package's ``src/…``
_RELEASE_FILE = re.compile(r"^[^|/\s()]*\|\s*([^|@\s][^|]*?)\s*\|[^|]*\|\s*(?=src/)")


def _norm(text: str) -> str:
    # ArkTS compiles ``x.ets`` to ``x.ts`` (``x.js`` before): a raw release frame prints the
    # compiled name in its package (``entry|entry|1.0.0|src/main/ets/x.ts``), the doctor names
    # the source file (``entry/src/main/ets/x.ets``); the same file either way
    text = _RELEASE_FILE.sub(r"\1/", text.replace("\\", "/").strip())
    return _COMPILED_TS.sub(".ets", text)


# a native frame written ``binary!symbol`` (a debugger's module!function): ``libjsvm.so!OH_JSVM_X``
_MODULE_SYMBOL = re.compile(r"^(?P<module>[^\s!/:]+)!(?P<symbol>\S.*)$")


def _names_frame(found: str, module: str, symbol: str) -> bool:
    """``/system/lib64/x.so(ns::f(int))`` names ``x.so!ns::f``: the binary is the path's last
    part, the function is the symbol without its parameter list."""
    path, paren, rest = found.partition("(")
    # a symbol that starts with a parenthesis (``(anonymous namespace)::…``) follows ``((``
    if not paren or path.rsplit("/", 1)[-1] != module:
        return False
    rest = rest[:-1] if rest.endswith(")") else rest
    return rest == symbol or rest.startswith((symbol + "(", symbol + "+"))


def location_right(found: str | None, expected: str) -> bool:
    """The finding's location names the expected place: the same file tail and line (a frame
    symbol for a native crash, or ``binary!symbol``), whatever absolute prefix the log had."""
    if not found:
        return False
    m = _MODULE_SYMBOL.match(expected.strip())
    if m is not None:
        return _names_frame(found.strip(), m.group("module"), m.group("symbol"))
    got, want = _norm(found), _norm(expected)
    return got.endswith(want) or (want.endswith(got) and "/" in got) or want in got


def _fix_right(finding: Finding, words: tuple[str, ...]) -> bool:
    text = f"{finding.fix} {finding.meaning or ''}".lower()
    return any(w.lower() in text for w in words)


def _field_misses(line: HilogLine | None, want: dict[str, str | int]) -> tuple[str, ...]:
    """The names of the fields the parsed line got wrong (trailing blanks of a message aside)."""
    if line is None:
        return tuple(want)
    got: dict[str, str | int] = {
        "time": line.time,
        "pid": line.pid,
        "tid": line.tid,
        "level": line.level,
        "domain": line.domain_text,
        "process": line.process,
        "tag": line.tag,
        "message": line.message.rstrip(),
    }
    return tuple(
        k
        for k, v in want.items()
        # the domain is a hex number: hilog prints it in either case (``C02d11``, ``C02D11``)
        if (got[k] if k != "domain" else str(got[k]).upper())
        != (
            v.rstrip()
            if k == "message" and isinstance(v, str)
            else v.upper()
            if k == "domain" and isinstance(v, str)
            else v
        )
    )


def score_one(path: Path, kind: str, text: str, expect: Expect) -> Outcome:
    lines: tuple[int, int] | None = None
    fields: bool | None = None
    wrong_fields: tuple[str, ...] = ()
    if expect.lines is not None:
        parsed = parse_hilog_text([ln for ln in text.splitlines() if ln.strip()])
        logged = logical_lines(parsed)
        lines = (len(logged), expect.lines)
        if expect.fields:
            n = expect.fields_line - 1
            wrong_fields = _field_misses(logged[n] if n < len(logged) else None, expect.fields)
            fields = not wrong_fields
    finding = diagnose(text) if expect.classes or lines is None else None
    said = finding is not None if expect.classes else bool(lines and lines[0])
    klass: bool | None = None
    code: bool | None = None
    location: bool | None = None
    actionable: bool | None = None
    wrong = False
    if expect.classes:
        klass = finding is not None and finding.kind in expect.classes
        wrong = finding is not None and not klass and finding.certain
        if expect.code is not None:
            code = finding is not None and (finding.code or "") == expect.code
        if expect.location is not None:
            location = finding is not None and location_right(finding.location, expect.location)
        if expect.fix:
            actionable = finding is not None and bool(klass) and _fix_right(finding, expect.fix)
    return Outcome(
        str(path),
        kind,
        finding,
        said,
        klass,
        code,
        location,
        actionable,
        wrong,
        lines,
        fields,
        expect.format,
        wrong_fields,
    )


def load_corpus(folder: Path) -> list[tuple[Path, str, str, Expect]]:
    """Every ``KIND/NAME.log`` under ``folder`` with its sidecar (sorted, so runs compare)."""
    if not folder.is_dir():
        raise CorpusError(f"{folder} is not a folder")
    items: list[tuple[Path, str, str, Expect]] = []
    for log in sorted(folder.rglob("*.log")):
        side = log.with_suffix(".toml")
        if not side.exists():
            raise CorpusError(f"{log} has no sidecar {side.name} (source and expected answer)")
        try:
            data = tomllib.loads(read_input(side, limit=MB, what="the sidecar").decode("utf-8"))
            text = read_input(log, limit=64 * MB, what="the log").decode("utf-8", "replace")
        except (InputError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CorpusError(f"{side}: {exc}") from exc
        if not data.get("source"):
            raise CorpusError(f"{side} does not name its source")
        try:
            _check_sidecar(data)
            expect = Expect.from_toml(data.get("expect") or {})
        except CorpusError as exc:
            raise CorpusError(f"{side}: {exc}") from exc
        kind = log.parent.relative_to(folder).as_posix() or "."
        items.append((log, kind, text, expect))
    if not items:
        raise CorpusError(f"{folder} holds no *.log files")
    return items


def evaluate(folder: Path) -> Report:
    items = load_corpus(folder)
    rows: dict[str, Row] = {}
    total = Row("all")
    outcomes: list[Outcome] = []
    formats: dict[str, Row] = {}
    start = time.perf_counter()
    for path, kind, text, expect in items:
        o = score_one(path.relative_to(folder), kind, text, expect)
        outcomes.append(o)
        for row in (rows.setdefault(kind, Row(kind)), total):
            row.logs += 1
            row.add("said", o.said)
            row.add("class", o.klass)
            row.add("code", o.code)
            row.add("location", o.location)
            row.add("actionable", o.actionable)
            if o.klass is not None:
                row.add("confident_wrong", o.confident_wrong)
        rows_here = [rows[kind], total]
        if o.lines is not None and o.format:
            fmt = formats.setdefault(o.format, Row(o.format))
            fmt.logs += 1
            rows_here.append(fmt)
        for row in rows_here:
            if o.lines is not None:
                pair = row.counts.setdefault("lines", [0, 0])
                pair[0] += min(o.lines)
                pair[1] += o.lines[1]
            row.add("fields", o.fields)
    return Report(rows, total, outcomes, time.perf_counter() - start, formats)


FAULT_KINDS = ("jscrash", "cppcrash", "appfreeze")
"""The kinds whose logs are crash and freeze reports: their *fix* figure is the cards' cause."""


def _cell(row: Row, metric: str) -> str:
    right, of = row.counts.get(metric, (0, 0))
    if not of:
        return "-"
    return f"{right}/{of} {100 * right / of:.0f}%"


def format_report(report: Report, *, misses: bool = True) -> str:
    head = (
        "kind",
        "logs",
        "said",
        "class",
        "code",
        "location",
        "fix",
        "conf.wrong",
        "lines",
        "fields",
    )
    metrics = (*METRICS,)
    table: list[tuple[str, ...]] = [head]
    for row in [*sorted(report.rows.values(), key=lambda r: r.kind), report.total]:
        table.append((row.kind, str(row.logs), *(_cell(row, m) for m in metrics)))
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table]
    out.append(f"({len(report.outcomes)} logs in {report.seconds * 1000:.0f} ms)")
    faults = [report.rows[k] for k in FAULT_KINDS if k in report.rows]
    right = sum(r.counts.get("actionable", (0, 0))[0] for r in faults)
    of = sum(r.counts.get("actionable", (0, 0))[1] for r in faults)
    if of:
        out.append(
            f"crash and freeze reports with the right cause and fix "
            f"({', '.join(r.kind for r in faults)}): {right}/{of} {100 * right / of:.0f}%"
        )
    if report.formats:
        fmt_table: list[tuple[str, ...]] = [
            ("hilog format", "logs", "lines parsed", "fields right")
        ]
        for row in sorted(report.formats.values(), key=lambda r: r.kind):
            fmt_table.append((row.kind, str(row.logs), _cell(row, "lines"), _cell(row, "fields")))
        w = [max(len(r[i]) for r in fmt_table) for i in range(4)]
        out.append("")
        out.extend(
            "  ".join(c.ljust(x) for c, x in zip(r, w, strict=True)).rstrip() for r in fmt_table
        )
    if misses:
        missed = report.misses()
        out.append("")
        out.append(f"Misses ({len(missed)}):")
        for o in missed:
            f = o.finding
            what = "nothing" if f is None else f"{f.kind} code={f.code} loc={f.location}"
            if o.lines is not None and o.lines[0] < o.lines[1]:
                what += f" lines {o.lines[0]}/{o.lines[1]}"
            if o.wrong_fields:
                what += f" wrong fields: {', '.join(o.wrong_fields)}"
            failed = [
                n
                for n, v in (
                    ("class", o.klass),
                    ("code", o.code),
                    ("location", o.location),
                    ("fix", o.actionable),
                )
                if v is False
            ]
            out.append(f"  {o.path}: {what} [{', '.join(failed) or 'hilog'}]")
    return "\n".join(out)

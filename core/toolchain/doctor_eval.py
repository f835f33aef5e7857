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

Per log the scorer asks the doctor (:func:`~hmdesk.core.toolchain.doctor.diagnose`) and the hilog
parser, and per kind it counts: *said* (a finding at all), *class right*, *code right* (of the
logs with a code), *location right* (of those naming one), *actionable* (the fix holds one of
the words), *confident wrong* (a finding not marked "possibly" with the wrong class), and for
hilog the lines parsed into fields. A finding marked ``possibly`` that names the wrong class is
a miss but not a confident one.
"""

from __future__ import annotations

import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hmdesk.core.bounded import MB, InputError, read_input
from hmdesk.core.toolchain.doctor import Finding, diagnose
from hmdesk.core.toolchain.hilog.parse import RAW, parse_lines

METRICS = ("said", "class", "code", "location", "actionable", "confident_wrong", "lines")


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

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Expect:
        klass = data.get("class")
        classes = (klass,) if isinstance(klass, str) else tuple(klass or ())
        fix = data.get("fix") or ()
        return cls(
            classes=tuple(str(c) for c in classes),
            code=str(data["code"]) if data.get("code") is not None else None,
            location=str(data["location"]) if data.get("location") else None,
            fix=(fix,) if isinstance(fix, str) else tuple(str(f) for f in fix),
            lines=int(data["lines"]) if data.get("lines") is not None else None,
            format=str(data["format"]) if data.get("format") else None,
        )


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
        ]


def _norm(text: str) -> str:
    return text.replace("\\", "/").strip()


def location_right(found: str | None, expected: str) -> bool:
    """The finding's location names the expected place: the same file tail and line (a frame
    symbol for a native crash), whatever absolute prefix the log had."""
    if not found:
        return False
    got, want = _norm(found), _norm(expected)
    return got.endswith(want) or (want.endswith(got) and "/" in got) or want in got


def _fix_right(finding: Finding, words: tuple[str, ...]) -> bool:
    text = f"{finding.fix} {finding.meaning or ''}".lower()
    return any(w.lower() in text for w in words)


def score_one(path: Path, kind: str, text: str, expect: Expect) -> Outcome:
    lines: tuple[int, int] | None = None
    if expect.lines is not None:
        parsed = parse_lines([ln for ln in text.splitlines() if ln.strip()])
        lines = (sum(1 for p in parsed if p.kind != RAW), expect.lines)
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
    return Outcome(str(path), kind, finding, said, klass, code, location, actionable, wrong, lines)


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
        kind = log.parent.relative_to(folder).as_posix() or "."
        items.append((log, kind, text, Expect.from_toml(data.get("expect") or {})))
    if not items:
        raise CorpusError(f"{folder} holds no *.log files")
    return items


def evaluate(folder: Path) -> Report:
    items = load_corpus(folder)
    rows: dict[str, Row] = {}
    total = Row("all")
    outcomes: list[Outcome] = []
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
            if o.lines is not None:
                pair = row.counts.setdefault("lines", [0, 0])
                pair[0] += min(o.lines)
                pair[1] += o.lines[1]
    return Report(rows, total, outcomes, time.perf_counter() - start)


def _cell(row: Row, metric: str) -> str:
    right, of = row.counts.get(metric, (0, 0))
    if not of:
        return "-"
    return f"{right}/{of} {100 * right / of:.0f}%"


def format_report(report: Report, *, misses: bool = True) -> str:
    head = ("kind", "logs", "said", "class", "code", "location", "fix", "conf.wrong", "lines")
    metrics = ("said", "class", "code", "location", "actionable", "confident_wrong", "lines")
    table: list[tuple[str, ...]] = [head]
    for row in [*sorted(report.rows.values(), key=lambda r: r.kind), report.total]:
        table.append((row.kind, str(row.logs), *(_cell(row, m) for m in metrics)))
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table]
    out.append(f"({len(report.outcomes)} logs in {report.seconds * 1000:.0f} ms)")
    if misses:
        missed = report.misses()
        out.append("")
        out.append(f"Misses ({len(missed)}):")
        for o in missed:
            f = o.finding
            what = "nothing" if f is None else f"{f.kind} code={f.code} loc={f.location}"
            if o.lines is not None and o.lines[0] < o.lines[1]:
                what += f" lines {o.lines[0]}/{o.lines[1]}"
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
            out.append(f"  {o.path}: {what} [{', '.join(failed) or 'lines'}]")
    return "\n".join(out)

"""hvigor's own debug log (``.hvigor/outputs/build-logs/build.log`` and its rotations ``.1`` …),
read as the console would have shown the failing build. Pure.

Each record of that file starts ``[2026-05-10T21:27:45.322] [ERROR] debug-file - `` and runs on
over the lines that follow without that prefix (a tool's output, an error's text, a JavaScript
stack). One file holds many builds, each ended by a ``BUILD SUCCESSFUL`` or ``BUILD FAILED``
record and, when a new run starts, begun by an ``env: nodejsVersion=`` or ``Hvigor init with
startParameters`` record; records are not always in time order (an error can be logged after
``BUILD FAILED``). Most records are ``DEBUG`` noise: the task graph, the compiler's options,
worker pools, and a copy of every error with its stack trace (``ERROR: stacktrace = …``).

:func:`console_view` keeps what the console shows of the last failing build: its ``ERROR`` and
``WARN`` records, as ``> hvigor ERROR: …`` / ``> hvigor WARN: …`` lines, without the stack
frames, without the copy of a record said twice (``AdaptorError: X`` after ``X``) and without the
``DEBUG`` records, so the console readers apply unchanged and a stack frame or a debug line is
never taken for the cause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.hvigor import strip_ansi
from hmdesk.core.toolchain.prefilter import Gated

# a record's prefix: its time, level and logger
RECORD_RE = re.compile(
    r"^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?\] \[([A-Z]+)\] [\w.-]+ - ", re.M
)
_SNIFF_CHARS = 64_000  # a rotated file starts inside a record; its first prefix comes soon after
_FAILED = "BUILD FAILED"
_PASSED = "BUILD SUCCESSFUL"
_STARTS = ("env: nodejsVersion=", "Hvigor init with startParameters")
_KEPT = frozenset({"ERROR", "WARN", "FATAL"})
_RECENT = 4
_EARLIER_BUILDS = 3  # failing builds before the last one read when it says nothing known
_FAILED_LINE = f"> hvigor ERROR: {_FAILED}"
_STACKTRACE = "ERROR: stacktrace = "  # a debug record: the error again, with its stack
_COMMAND = "ERROR: command = "  # a debug record: the command line of a tool that failed
# a JavaScript stack frame: ``at fn (file:L:C)``, ``at file:L:C``, ``at async fn (…)``
_FRAME_RE = re.compile(r"^\s+at \S.*(?::\d+:\d+\)?|\((?:native|<anonymous>)\))\s*$")
# the class a JavaScript error is printed with, before its message: ``AdaptorError: `` …
_JS_CLASS_RE = re.compile(r"^(?:\[?\w*Error(?: \[\w+\])?\]?: )+")


@dataclass(frozen=True)
class ConsoleView:
    """One failing build's console lines, and which build of the file it is."""

    text: str
    failed_builds: int  # the builds this file shows failing
    when: str | None  # the time of this build's ``BUILD FAILED`` record
    # the command line of the tool hvigor ran that failed (its ``ERROR: command = `` debug
    # record: the files it was given), which the console does not print
    command: str | None = None

    @property
    def printed(self) -> bool:
        """Whether the build printed anything besides its BUILD FAILED line."""
        return any(
            line.startswith("> hvigor ") and not line.startswith(_FAILED_LINE)
            for line in self.text.splitlines()
        )

    def note(self, later: tuple[ConsoleView, ...] = ()) -> str:
        """Which build a finding is about; ``later``: the failing builds after it passed over."""
        at = f" at {self.when}" if self.when else ""
        if later:
            said = (
                "printed nothing the doctor knows"
                if any(v.printed for v in later)
                else ("printed no error")
            )
            return (
                f"hvigor's debug log: its last failing build, at {later[0].when}, {said}; "
                f"this is an earlier one{at}"
            )
        if self.failed_builds > 1:
            return f"hvigor's debug log: the last of its {self.failed_builds} failing builds{at}"
        return f"hvigor's debug log: its failing build{at}"


def is_debug_log(log: str) -> bool:
    return _RECORD_SNIFF.search(log[:_SNIFF_CHARS]) is not None


_RECORD_SNIFF = Gated(RECORD_RE.pattern, RECORD_RE.flags)  # a log without "] [" is read at once


def _line_start(log: str, pos: int) -> int:
    return log.rfind("\n", 0, pos) + 1


def _is_record(log: str, line: int, pos: int) -> bool:
    """Whether the text at ``pos`` is on the first line of a record starting at ``line``."""
    return RECORD_RE.match(log, line) is not None and log.find("\n", line, pos) < 0


def _first_marker(log: str, word: str, start: int, end: int) -> int:
    """The start of the first record in ``log[start:end]`` that holds ``word`` (-1: none)."""
    pos = log.find(word, start, end)
    while pos >= 0:
        line = _line_start(log, pos)
        if line >= start and _is_record(log, line, pos):
            return line
        pos = log.find(word, pos + len(word), end)
    return -1


def _last_marker(log: str, word: str, end: int) -> int:
    """The start of the last record before ``end`` that holds ``word`` (-1: none)."""
    pos = log.rfind(word, 0, end)
    while pos >= 0:
        line = _line_start(log, pos)
        if _is_record(log, line, pos):
            return line
        pos = log.rfind(word, 0, pos)
    return -1


def _count_markers(log: str, word: str) -> int:
    count, pos = 0, _first_marker(log, word, 0, len(log))
    while pos >= 0:
        count += 1
        pos = _first_marker(log, word, log.find("\n", pos) + 1 or len(log), len(log))
    return count


def _failed_span(log: str, failed: int) -> tuple[int, int]:
    """The span of the build whose ``BUILD FAILED`` record starts at ``failed``: from the run's
    start (or the end of the build before) to the next run's start or build's end."""
    before = max(_last_marker(log, _FAILED, failed), _last_marker(log, _PASSED, failed))
    after_before = log.find("\n", before) + 1 if before >= 0 else 0
    starts = [s for w in _STARTS if (s := _first_marker(log, w, after_before, failed)) >= 0]
    next_line = log.find("\n", failed) + 1 or len(log)
    ends = [
        e
        for w in (*_STARTS, _FAILED, _PASSED)
        if (e := _first_marker(log, w, next_line, len(log))) >= 0
    ]
    return min(starts, default=after_before), min(ends, default=len(log))


def _command(log: str, start: int, end: int) -> str | None:
    """The last failed tool's command line in ``log[start:end]`` (its first line), or None."""
    pos = log.rfind(_COMMAND, start, end)
    while pos >= start:
        record = RECORD_RE.match(log, _line_start(log, pos))
        if record is not None and record.end() == pos:
            stop = log.find("\n", pos)
            return strip_ansi(log[pos + len(_COMMAND) : stop if stop >= 0 else end]).strip()
        pos = log.rfind(_COMMAND, start, pos)
    return None


def _stamp(log: str, record: int) -> str:
    return log[log.find("[", record) + 1 : log.find("]", record)]


def _records(log: str, start: int, end: int) -> list[tuple[str, str]]:
    """The kept records of ``log[start:end]``: level and text (prefix gone, frames dropped);
    a debug record is kept only when it is the copy of an error (``ERROR: stacktrace = ``).
    Records are found by their prefix at a line's start (``\\n[``), so a record that is not
    kept is passed over unread, and a record's lines are split only when one can be a frame."""
    text = log[start:end]
    starts = [0] if text.startswith("[") else []
    at = text.find("\n[")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n[", at + 1)
    heads = [m for at in starts if (m := RECORD_RE.match(text, at)) is not None]
    kept: list[tuple[str, str]] = []
    for k, m in enumerate(heads):
        level = m.group(1)
        eol = text.find("\n", m.end())
        said = text[m.end() : eol if eol >= 0 else len(text)]
        if level == "DEBUG" and said.startswith(_STACKTRACE):
            level, said = "ERROR", said[len(_STACKTRACE) :]  # the error's copy, kept once
        if level not in _KEPT:
            continue
        stop = heads[k + 1].start() - 1 if k + 1 < len(heads) else len(text)
        if eol >= 0 and stop > eol:
            body = text[eol + 1 : stop]
            lines = [body]
            if _MAYBE_FRAME.match(body) or _MAYBE_FRAME_AFTER.search(body):
                # the place under a compiler's error (``error TS1005: '}' expected.`` then
                # `` at …/hvigorfile.ts:6:1``) is its location, not a frame of a stack; so is
                # a data file's under a parser's (``JSON5: invalid character 'z'`` then
                # `` at …/oh-package.json5:12:21``): no code runs in a JSON5 file
                place = 1 if _COMPILER_ERROR.match(said) or _DATA_PLACE.match(body) else 0
                lines = [
                    ln
                    for i, ln in enumerate(body.split("\n"))
                    if i < place or not (ln[:1] in " \t" and _FRAME_RE.match(ln))
                ]
            said = "\n".join([said, *lines])
        kept.append((level, said))
    return kept


_COMPILER_ERROR = re.compile(r"error TS\d+: ")
_DATA_PLACE = re.compile(r"[ \t]+at [^\n]+\.json5?:\d+:\d+[ \t]*(?:\n|$)")
# what a frame line (``_FRAME_RE``) starts with, at the text's start or after a line break
_MAYBE_FRAME = re.compile(r"[ \t]\s*at ")
_MAYBE_FRAME_AFTER = re.compile(r"\n[ \t]\s*at ")


def _console(records: list[tuple[str, str]]) -> str:
    kept: list[list[str]] = []  # [level, body]
    last: list[str] = []  # BUILD FAILED goes last, where the console prints it
    recent: list[tuple[str, int]] = []  # the last records kept: an error is said again after it
    for level, said_text in records:
        text = strip_ansi(said_text).rstrip()
        body = _JS_CLASS_RE.sub("", text, count=1)
        said = body.strip()
        if not said:
            continue  # an empty WARN head
        again = next((i for before, i in recent if said in before), None)
        if again is not None:  # ``AdaptorError: …`` again (its advice cut), maybe as an ERROR
            if level != "WARN":
                kept[again][0] = "ERROR"
            continue
        if body.startswith(_FAILED):
            last.append(f"> hvigor ERROR: {body}")
            continue
        recent = [*recent[-(_RECENT - 1) :], (said, len(kept))]
        kept.append(["WARN" if level == "WARN" else "ERROR", body])
    return "\n".join([f"> hvigor {level}: {body}" for level, body in kept] + last) + "\n"


def console_views(log: str) -> list[ConsoleView] | None:
    """hvigor's debug log as console lines: its last failing build first, then up to
    :data:`_EARLIER_BUILDS` failing builds before it (for a last build that printed no error:
    cancelled, its daemon gone). No failing build: the run after the last one that passed (no
    view when nothing failed after it). None for any other log, and for an excerpt with no
    build's end and no error record (then the text is read as it is)."""
    if not is_debug_log(log):
        return None
    failed = _last_marker(log, _FAILED, len(log))
    if failed < 0:
        passed = _last_marker(log, _PASSED, len(log))
        start = log.find("\n", passed) + 1 if passed >= 0 else 0
        records = _records(log, start, len(log))
        if not records:
            return [] if start > 0 else None
        return [ConsoleView(_console(records), 0, None, _command(log, start, len(log)))]
    count = _count_markers(log, _FAILED)
    views: list[ConsoleView] = []
    while failed >= 0 and len(views) <= _EARLIER_BUILDS:
        span = _failed_span(log, failed)
        records = _records(log, *span)
        text = _console(records) if records else ""
        views.append(ConsoleView(text, count, _stamp(log, failed), _command(log, *span)))
        failed = _last_marker(log, _FAILED, failed)
    return views


def console_view(log: str) -> ConsoleView | None:
    """The last failing build of :func:`console_views` (an empty view when none failed)."""
    views = console_views(log)
    if views is None:
        return None
    return views[0] if views else ConsoleView("", 0, None)

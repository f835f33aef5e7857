"""Crashes and freezes of the running app, detected live from parsed hilog lines.

:class:`CrashDetector` is fed the batches a :class:`~hmdesk.core.toolchain.hilog.HilogStream`
delivers (on the stream's thread). It looks only at the few tags that announce a fault; a batch
without one costs one C-level pass over the tags (``isdisjoint`` over ``map(itemgetter)``), so
normal logging pays next to nothing. What it recognises (message text, never the bracketed
source positions, which change between builds):

* JS crash, on the app's pid, tag ``AppKit``: ``<bundle> is about to exit due to RuntimeError``
  then ``Error type:`` / ``Error name:`` / ``Error message:`` / ``Stacktrace:`` and one line per
  frame; the ``… send event [FRAMEWORK,PROCESS_KILL] …`` line closes it;
* C++ crash, tag ``DfxSignalHandler``: ``sig(11), pid(N), tid(N).`` (older) or
  ``signo(11), si_code(1), pid(N), tid(N).``, then ``processName(…), threadName(…)``;
  ``Finish handle signal(11) …`` closes it (the frames come from the fault log);
* app freeze, tags ``AppDfr`` (``reportEvent:THREAD_BLOCK_6S, pid:N, tid:N, bundleName:B``)
  and ``AppMS`` (``faultData: B,pid: N will exit because APP_FREEZE``); the ``_3S`` /
  ``HALF`` warnings are not freezes;
* sanitizer report, tag ``Sanitizer`` (hiview's sanitizer collector, in the app's process, logs
  the report it writes to the fault log: ``[gwp_asan] *** GWP-ASan detected a memory error ***``,
  ``Use After Free at 0x… by thread N here:``, the stacks, ``*** End GWP-ASan report ***``; hilog
  prints each of its lines with the header): the lines of a pid are collected, and whether they
  are a report, and its kind, frames and place, is read by the fault log reader with
  :mod:`.sanitizers`' table (lines that are no report open nothing). The signal a report ends
  with (GWP-ASan's SIGSEGV, HWASan's SIGABRT) joins the same card, as it has the same pid;
* ``FaultLogManager``: ``… create log <file>``: the device wrote the fault log for a crash (the
  file name is kept on the crash, see ``faultlogs``, to fetch and merge it).

A crash is reported when its closing line comes, or by :meth:`CrashDetector.flush` (with an
idle time: the GUI calls it on its timer; the CLI at the end of a dump). Finished crashes go to a
:class:`CrashBook`, which groups repeats (same :attr:`~.model.Crash.fingerprint`) and counts
them, by content, pid and time, never by arrival: the same crash read again (a restarted hilog
prints its buffer again, the same log opened twice) is one occurrence; a fault log merged later (:meth:`CrashBook.merge`) completes the occurrence with the same
type and pid. ``CrashBook.crash_id_of(raw_line)`` says which crash a hilog line belongs to (for
an ``is:crash`` filter).
"""

from __future__ import annotations

import itertools
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import itemgetter

from hmdesk.core.toolchain.crash.faultlog import FAULT_HINT, parse_faultlog
from hmdesk.core.toolchain.crash.frames import looks_like_frame, parse_frame
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, SIGNALS, Crash
from hmdesk.core.toolchain.crash.sanitizers import is_report
from hmdesk.core.toolchain.hilog.line import RAW, HilogLine
from hmdesk.core.toolchain.hilog.parse import parse_hilog_text

WATCH_TAGS = frozenset(
    {"AppKit", "DfxSignalHandler", "AppDfr", "AppMS", "FaultLogManager", "Sanitizer"}
)
FREEZE_EVENTS = ("THREAD_BLOCK_6S", "APP_INPUT_BLOCK", "LIFECYCLE_TIMEOUT", "UI_BLOCK_6S")
IDLE_SECONDS = 0.5  # a crash block with no new line for this long is complete
MAX_LINE_KEYS = 20_000
MAX_REPORT_LINES = 2_000  # a sanitizer's report read (hilog cuts a message at 4 KB anyway)

_tag = itemgetter(HilogLine._fields.index("tag"))
_EXIT = re.compile(r"(\S+) is about to exit due to (\S+)")
_SIG = re.compile(r"sig(?:no)?\((\d+)\)(?:, si_code\((-?\d+)\))?, pid\((\d+)\), tid\((\d+)\)")
_PNAME = re.compile(r"pid\((\d+)\), processName\(([^)]*)\)")
_FINISH = re.compile(r"Finish handle signal\((\d+)\) in (\d+):")
_REPORT = re.compile(r"reportEvent:\s*(\w+),\s*pid:\s*(\d+)(?:.*?bundleName:\s*([^,\s]+))?")
_FREEZE_EXIT = re.compile(r"faultData:\s*([^,\s]+)\s*,\s*pid:\s*(\d+) will exit because APP_FREEZE")
_CREATE = re.compile(r"create log (\S+)")


# group ids are unique in the process, not per book: the window shows the groups of several
# books side by side (a stream per device, a pasted log) and keys them by id
_GROUP_IDS = itertools.count(1)


def _same_occurrence(occurrences: list[Crash], crash: Crash) -> int | None:
    """The index of the occurrence ``crash`` is again (same content, pid and time), if any."""
    if not crash.time:
        return None
    for i, occ in enumerate(occurrences):
        if occ.pid == crash.pid and occ.time == crash.time:
            return i
    return None


@dataclass
class CrashGroup:
    """Repeats of one fault: the latest occurrence shows, ``count`` says how many."""

    id: int
    crash: Crash
    count: int = 1
    pids: list[int] = field(default_factory=list)
    first_time: str = ""
    occurrences: list[Crash] = field(default_factory=list)
    retired: bool = False  # merged into another group (a fault log completed its crash)

    def to_json(self) -> dict[str, object]:
        return self.crash.to_json(self.count)


class CrashBook:
    """The crashes seen so far, repeats grouped. Thread-safe."""

    def __init__(self, max_groups: int = 500) -> None:
        self._lock = threading.Lock()
        self._groups: OrderedDict[tuple[object, ...], CrashGroup] = OrderedDict()
        self._line_ids: OrderedDict[str, int] = OrderedDict()
        self.max_groups = max_groups

    def __len__(self) -> int:
        return len(self._groups)

    def groups(self) -> list[CrashGroup]:
        with self._lock:
            return list(self._groups.values())

    def add(self, crash: Crash) -> CrashGroup:
        with self._lock:
            return self._add(crash)

    def _add(self, crash: Crash, reuse_id: int | None = None) -> CrashGroup:
        key = crash.fingerprint
        g = self._groups.get(key)
        if g is None:
            g = CrashGroup(reuse_id or next(_GROUP_IDS), crash, 0, first_time=crash.time)
            self._groups[key] = g
            while len(self._groups) > self.max_groups:
                self._groups.popitem(last=False)
        else:
            self._groups.move_to_end(key)
            seen = _same_occurrence(g.occurrences, crash)
            if seen is not None:  # read again (a replayed log, a file opened twice): no repeat
                g.occurrences[seen] = g.crash = crash
                return g
        g.crash = crash
        g.count += 1
        g.occurrences.append(crash)
        del g.occurrences[:-20]
        if crash.pid and crash.pid not in g.pids:
            g.pids.append(crash.pid)
        for raw in crash.lines:
            self._line_ids[raw] = g.id
        while len(self._line_ids) > MAX_LINE_KEYS:
            self._line_ids.popitem(last=False)
        return g

    def merge(self, crash: Crash) -> CrashGroup:
        """Add a crash read from a fault log: it completes the occurrence of the same fault
        (same type and pid, or the same fault log file) when one was seen in hilog, else it is a
        new occurrence."""
        with self._lock:
            for key, g in reversed(list(self._groups.items())):
                for i, occ in enumerate(g.occurrences):
                    same = occ.type == crash.type and (
                        (occ.faultlog is not None and occ.faultlog == crash.faultlog)
                        or (occ.pid and occ.pid == crash.pid and occ.origin == "hilog")
                    )
                    if not same:
                        continue
                    if occ.origin != "hilog":
                        return g  # already merged (fetched twice)
                    del g.occurrences[i]
                    g.count -= 1
                    reuse = None
                    if g.count <= 0:  # the group was this crash alone: its id lives on
                        del self._groups[key]
                        g.retired, reuse = True, g.id
                    elif g.crash is occ:
                        g.crash = g.occurrences[-1]
                    if (
                        g.pids
                        and occ.pid in g.pids
                        and not any(o.pid == occ.pid for o in g.occurrences)
                    ):
                        g.pids.remove(occ.pid)
                    merged = occ.merged(crash)
                    merged.time = occ.time or crash.time
                    new = self._add(merged, reuse_id=reuse)
                    if reuse is not None and new.id != reuse:
                        g.retired = True
                    elif new.id == reuse:
                        new.first_time = g.first_time or new.first_time
                    return new
            return self._add(crash)

    def crash_id_of(self, raw: str) -> int | None:
        """The id of the crash group a hilog line (its raw text) belongs to."""
        return self._line_ids.get(raw)

    def get(self, group_id: int) -> CrashGroup | None:
        with self._lock:
            return next((g for g in self._groups.values() if g.id == group_id), None)


@dataclass
class _Pending:
    crash: Crash
    touched: float
    last_key: str = ""
    in_stack: bool = False
    report: list[str] = field(default_factory=list)  # a sanitizer's report lines (``Sanitizer``)


def _completed(p: _Pending) -> Crash | None:
    """The crash of a finished block; a sanitizer's report read into it (None: the
    ``Sanitizer`` tag's lines held no report and no signal came)."""
    c = p.crash
    if not p.report:
        return c
    text = "\n".join(p.report)
    if not is_report(text):
        return c if c.reason else None
    read = parse_faultlog(text)  # the doctor's reading of a report: kind, place, stacks
    c.reason, c.name, c.message, c.frames, c.raw = (
        read.reason,
        read.name,
        read.message,
        read.frames,
        text,
    )
    return c


class CrashDetector:
    """Feed it hilog batches; it fills ``book`` and returns the groups each call changed.

    ``bundle`` (optional) keeps only the faults of that app; ``faultlogs`` lists the fault log
    file names the device announced (newest last), to fetch and :meth:`CrashBook.merge`.
    """

    def __init__(self, bundle: str | None = None, book: CrashBook | None = None) -> None:
        self.bundle = bundle
        self.book = book if book is not None else CrashBook()
        self.faultlogs: list[str] = []
        self.ignored = 0  # faults of other apps
        self._pending: dict[tuple[str, int], _Pending] = {}
        self._recent_freeze: dict[int, float] = {}
        self._lock = threading.Lock()

    # --- the hot path -------------------------------------------------------------------
    def feed(self, lines: list[HilogLine], now: float | None = None) -> list[CrashGroup]:
        if WATCH_TAGS.isdisjoint(map(_tag, lines)):
            return self.flush(IDLE_SECONDS, now) if self._pending else []
        t = time.monotonic() if now is None else now
        done: list[Crash] = []
        out: list[CrashGroup | None] = []
        with self._lock:
            for line in lines:
                if line.tag in WATCH_TAGS:
                    self._line(line, t, done)
                    if done:  # in the book before a later line (its fault log) names it
                        out += [self._finish(c) for c in done]
                        done.clear()
        if self._pending:
            out += self.flush(IDLE_SECONDS, t)
        return [g for g in out if g is not None]

    def flush(self, idle: float | None = None, now: float | None = None) -> list[CrashGroup]:
        """Report the crashes still open (only those idle for ``idle`` seconds, if given)."""
        t = time.monotonic() if now is None else now
        with self._lock:
            keys = [k for k, p in self._pending.items() if idle is None or t - p.touched >= idle]
            crashes = [_completed(self._pending.pop(k)) for k in keys]
        groups = [self._finish(c) for c in crashes if c is not None]
        return [g for g in groups if g is not None]

    def _finish(self, crash: Crash) -> CrashGroup | None:
        if self.bundle and crash.bundle and crash.bundle != self.bundle:
            self.ignored += 1
            return None
        if crash.type == JS and not crash.reason:
            crash.reason = crash.name
        return self.book.add(crash)

    def _close(self, key: tuple[str, int], done: list[Crash]) -> None:
        p = self._pending.pop(key, None)
        c = None if p is None else _completed(p)
        if c is not None:
            done.append(c)

    # --- per tag ------------------------------------------------------------------------
    def _line(self, line: HilogLine, t: float, done: list[Crash]) -> None:
        tag, msg = line.tag, line.message
        if tag == "AppKit":
            self._appkit(line, msg, t, done)
        elif tag == "DfxSignalHandler":
            self._signal(line, msg, t, done)
        elif tag == "AppDfr" or tag == "AppMS":
            self._freeze(line, msg, t, done)
        elif tag == "Sanitizer":
            self._sanitizer(line, msg, t)
        elif tag == "FaultLogManager":
            m = _CREATE.search(msg)
            if m is not None:
                self._faultlog_named(m.group(1))

    def _appkit(self, line: HilogLine, msg: str, t: float, done: list[Crash]) -> None:
        key = (JS, line.pid)
        m = _EXIT.search(msg)
        if m is not None:
            self._close(key, done)
            crash = Crash(JS, bundle=m.group(1), pid=line.pid, time=line.time, lines=[line.raw])
            self._pending[key] = _Pending(crash, t)
            return
        p = self._pending.get(key)
        if p is None:
            return
        c = p.crash
        c.lines.append(line.raw)
        p.touched = t
        s = msg.strip()
        if "PROCESS_KILL" in s:
            self._close(key, done)
        elif s.startswith("Error type:"):
            c.reason, p.last_key = s[11:].strip(), "type"
        elif s.startswith("Error name:"):
            c.name, p.last_key = s[11:].strip(), "name"
        elif s.startswith("Error message:"):
            c.message, p.last_key = s[14:].strip(), "message"
        elif s.startswith("Stacktrace:"):
            p.in_stack, p.last_key = True, "stack"
        elif looks_like_frame(s):
            f = parse_frame(s)
            if f is not None:
                c.frames.append(f)
        elif s.startswith("Cannot get SourceMap") or s.startswith("[") or not s:
            pass
        elif p.last_key == "message" and not p.in_stack:
            c.message += "\n" + s

    def _signal(self, line: HilogLine, msg: str, t: float, done: list[Crash]) -> None:
        pn = _PNAME.search(msg)
        if pn is not None:
            p0 = self._pending.get((CPP, int(pn.group(1))))
            if p0 is not None:
                p0.crash.lines.append(line.raw)
                p0.touched = t
                if not p0.crash.bundle:
                    p0.crash.bundle = os.path.basename(pn.group(2).strip())
                return
        m = _SIG.search(msg)
        if m is not None:
            pid = int(m.group(3))
            key = (CPP, pid)
            p = self._pending.get(key)
            signo = int(m.group(1))
            name = SIGNALS.get(signo, f"signal {signo}")
            if p is None:
                crash = Crash(CPP, pid=pid, time=line.time, reason=f"Signal:{name}", name=name)
                p = self._pending[key] = _Pending(crash, t)
            elif not p.crash.reason:  # after the pid's sanitizer lines: the signal they end with
                p.crash.reason, p.crash.name = f"Signal:{name}", name
            p.crash.lines.append(line.raw)
            p.touched = t
            return
        m2 = _FINISH.search(msg)
        if m2 is not None:
            key = (CPP, int(m2.group(2)))
            if key in self._pending:
                self._pending[key].crash.lines.append(line.raw)
                self._close(key, done)
            return
        p = self._pending.get((CPP, line.pid))
        if p is not None:
            p.crash.lines.append(line.raw)
            p.touched = t

    def _sanitizer(self, line: HilogLine, msg: str, t: float) -> None:
        key = (CPP, line.pid)
        p = self._pending.get(key)
        if p is None:
            p = self._pending[key] = _Pending(Crash(CPP, pid=line.pid, time=line.time), t)
        if len(p.report) < MAX_REPORT_LINES:
            p.report.append(msg)
        p.crash.lines.append(line.raw)
        p.touched = t

    def _freeze(self, line: HilogLine, msg: str, t: float, done: list[Crash]) -> None:
        m = _REPORT.search(msg)
        if m is not None:
            event, pid = m.group(1), int(m.group(2))
            if not event.startswith(FREEZE_EVENTS):
                return
            key = (FREEZE, pid)
            if key not in self._pending:
                crash = Crash(
                    FREEZE,
                    bundle=m.group(3) or "",
                    pid=pid,
                    time=line.time,
                    reason=event,
                    name=event,
                    message="App main thread is not response!",
                )
                self._pending[key] = _Pending(crash, t)
            self._pending[key].crash.lines.append(line.raw)
            self._pending[key].touched = t
            return
        m3 = _FREEZE_EXIT.search(msg)
        if m3 is None:
            return
        pid = int(m3.group(2))
        key = (FREEZE, pid)
        p = self._pending.get(key)
        if p is not None:
            p.crash.lines.append(line.raw)
            if not p.crash.bundle:
                p.crash.bundle = m3.group(1)
            self._recent_freeze[pid] = t
            self._close(key, done)
            return
        if t - self._recent_freeze.get(pid, -1e9) < 30:
            return  # the exit line of a freeze already reported
        self._recent_freeze[pid] = t
        done.append(
            Crash(
                FREEZE,
                bundle=m3.group(1),
                pid=pid,
                time=line.time,
                reason="APP_FREEZE",
                name="APP_FREEZE",
                lines=[line.raw],
            )
        )

    def _faultlog_named(self, name: str) -> None:
        self.faultlogs.append(name)
        del self.faultlogs[:-50]
        from hmdesk.core.toolchain.crash.faultlog import parse_name

        info = parse_name(name)
        if info is None:
            return
        for p in self._pending.values():  # the crash still open: name its file
            if p.crash.type == info.type and p.crash.bundle == info.module:
                p.crash.faultlog = name
                return
        for g in reversed(self.book.groups()):
            c = g.crash
            if c.type == info.type and c.bundle == info.module and c.faultlog is None:
                c.faultlog = name
                return


def detect_all(
    lines: Iterable[HilogLine], bundle: str | None = None, batch: int = 5000
) -> CrashBook:
    """Run a detector over a whole log (e.g. a dump) and flush it: the book of crashes."""
    det = CrashDetector(bundle)
    chunk: list[HilogLine] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= batch:
            det.feed(chunk)
            chunk = []
    if chunk:
        det.feed(chunk)
    det.flush()
    return det.book


def detect_text(text: str, bundle: str | None = None) -> tuple[list[HilogLine], CrashBook]:
    """A log someone pasted or opened: its lines parsed (every hilog format, see
    :mod:`~hmdesk.core.toolchain.hilog.parse`) and the crashes and freezes in it — those the
    live detector finds in hilog lines, and the fault log itself when the text is one."""
    lines = parse_hilog_text(text.splitlines())  # a paste: its cut layouts too
    book = detect_all((ln for ln in lines if ln.kind != RAW), bundle)
    if FAULT_HINT.search(text[:64_000]):
        crash = parse_faultlog(text)
        if crash.parsed and crash.type in (JS, CPP, FREEZE):
            book.merge(crash)
    return lines, book

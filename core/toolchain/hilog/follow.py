"""Following "my app" across restarts: the pids of one bundle over time, like Logcat's
``package:mine``.

HarmonyOS NEXT lines carry the process name, so a line of the bundle names it; older lines carry
only a pid, and a relaunched app has a new one. :class:`AppFollower` keeps the bundle's pids
current from three sources:

* lines whose process segment is the bundle (``com.example.app`` or ``com.example.app:ext``);
* the app manager's start lines (``spawned pname_<proc>, pid_<pid>``, ``attach <bundle>
  pid:<pid>``) and death lines (``… [FRAMEWORK,PROCESS_KILL], pid=<pid>, processName=<proc>``,
  ``faultData: <bundle>,pid: <pid> will exit``, the signal handler's ``pid(<pid>),
  processName(<proc>)``) — matched on their message text, never on the ``[file:line]`` prefix,
  which differs between releases; the wording of these system lines is taken from the sources'
  format strings and is treated as likely, not certain, so a line that does not match is simply
  not used;
* ``hdc shell pidof <bundle>`` after a launch (:func:`hmdesk.core.toolchain.hilog.device_fixes.pidof`).

``pids`` is a live set: a ``package:mine`` predicate made with it (``HilogQuery.parse(…,
pids=follower.pids)``) sees a pid learnt after the query was compiled. A dead pid stays in the
set (its earlier lines are still the app's); :attr:`spans` keeps when each pid was seen first
and when it ended. :meth:`observe` runs on the stream's thread; its cost for an unrelated line
is one comparison and one set lookup.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from hmdesk.core.toolchain.hilog.line import HilogLine

FollowSource = Literal["process", "start", "launch", "pidof"]

# Tags whose messages can announce a start or a death (app manager, app kit, freeze detector,
# the signal handler). Only lines with these tags are matched against the patterns below.
SYSTEM_TAGS = frozenset({"AppMS", "AppKit", "AppDfr", "DfxSignalHandler", "AppMgrService"})

_START = (
    re.compile(r"spawned pname_(?P<proc>[^,\s]+), pid_(?P<pid>\d+)"),
    re.compile(r"\battach (?P<proc>[\w.:-]+) pid:\s*(?P<pid>\d+)"),
)
_DEATH = (
    re.compile(r"PROCESS_KILL\],\s*pid=(?P<pid>\d+),\s*processName=(?P<proc>[^,\s]+)"),
    re.compile(r"faultData:\s*(?P<proc>[^,\s]+),\s*pid:\s*(?P<pid>\d+)\s+will exit"),
    re.compile(r"\bpid\((?P<pid>\d+)\),\s*processName\((?P<proc>[^)]*)\)"),
)


@dataclass(frozen=True)
class PidSpan:
    """One process of the app: its pid, when it was first and (if known) last seen alive."""

    pid: int
    started: str  # hilog's time of the first line that showed it ("" for pidof)
    source: FollowSource
    ended: str = ""  # the time of the death line, "" while alive or unknown
    reason: str = ""  # how it ended, as the death line says


@dataclass(frozen=True)
class FollowEvent:
    """What changed: a new pid of the app, or one of its processes ended."""

    kind: Literal["started", "ended"]
    span: PidSpan
    previous: int | None = None  # the pid it replaces (a relaunch), when there was one


class AppFollower:
    """The pids of ``bundle`` over time, learnt from the lines fed to :meth:`observe`."""

    def __init__(self, bundle: str) -> None:
        self.bundle = bundle
        self._prefix = bundle + ":"
        self.pids: set[int] = set()  # live: predicates hold it
        self._spans: dict[int, PidSpan] = {}
        self._order: list[int] = []
        self._lock = threading.Lock()

    @property
    def spans(self) -> list[PidSpan]:
        """Each process of the app, first seen first."""
        with self._lock:
            return [self._spans[p] for p in self._order]

    @property
    def current_pid(self) -> int | None:
        """The newest pid not known to have ended."""
        with self._lock:
            for pid in reversed(self._order):
                if not self._spans[pid].ended:
                    return pid
        return None

    def is_mine(self, proc: str) -> bool:
        return proc == self.bundle or proc.startswith(self._prefix)

    def add_pid(self, pid: int, source: FollowSource, time: str = "") -> FollowEvent | None:
        """Record ``pid`` as the app's (from ``pidof`` or launch output); None when known."""
        with self._lock:
            return self._start(pid, source, time)

    def observe(self, lines: Iterable[HilogLine]) -> list[FollowEvent]:
        """Learn from a batch of lines (the stream's thread); the changes, oldest first."""
        events: list[FollowEvent] = []
        bundle, prefix, pids, system = self.bundle, self._prefix, self.pids, SYSTEM_TAGS
        for line in lines:
            proc = line.process
            if proc and line.pid not in pids and (proc == bundle or proc.startswith(prefix)):
                with self._lock:
                    ev = self._start(line.pid, "process", line.time)
                if ev is not None:
                    events.append(ev)
            if line.tag in system:
                ev = self._system_line(line)
                if ev is not None:
                    events.append(ev)
        return events

    def _system_line(self, line: HilogLine) -> FollowEvent | None:
        msg = line.message
        for pattern in _START:
            m = pattern.search(msg)
            if m and self.is_mine(m["proc"]):
                with self._lock:
                    return self._start(int(m["pid"]), "start", line.time)
        for pattern in _DEATH:
            m = pattern.search(msg)
            if m and self.is_mine(m["proc"]):
                with self._lock:
                    return self._end(int(m["pid"]), line.time, _reason(msg))
        return None

    def _start(self, pid: int, source: FollowSource, time: str) -> FollowEvent | None:
        if pid <= 0 or pid in self._spans:
            return None
        alive = [p for p in self._order if not self._spans[p].ended]
        previous = alive[-1] if alive else (self._order[-1] if self._order else None)
        span = PidSpan(pid, time, source)
        self._spans[pid] = span
        self._order.append(pid)
        self.pids.add(pid)
        return FollowEvent("started", span, previous)

    def _end(self, pid: int, time: str, reason: str) -> FollowEvent | None:
        span = self._spans.get(pid)
        if span is None:  # a death of a pid never seen alive: it was the app's all the same
            span = PidSpan(pid, "", "process")
            self._order.append(pid)
            self.pids.add(pid)
        elif span.ended:
            return None
        span = replace(span, ended=time or "?", reason=reason)
        self._spans[pid] = span
        return FollowEvent("ended", span)

    def describe(self) -> str:
        """One line for the window: the pids followed so far."""
        spans = self.spans
        if not spans:
            return f"{self.bundle}: no process seen yet"
        parts = [f"{s.pid}{' (ended)' if s.ended else ''}" for s in spans[-4:]]
        more = f"{len(spans) - 4} earlier, " if len(spans) > 4 else ""
        return f"{self.bundle}: pid {more}{' → '.join(parts)}"


def _reason(message: str) -> str:
    for pattern in (r"msg=([^,]+)", r"because (\S+)", r"reason=([^,]+)", r"sig\w*\((\d+)\)"):
        m = re.search(pattern, message)
        if m:
            return m[1].strip()
    return ""

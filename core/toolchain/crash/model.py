"""The crash record: one fault of the app (a JS crash, a C++ crash or an app freeze).

A :class:`Crash` comes from the crash lines hilog prints while the app dies
(:mod:`.detect`) or from the fault log file the device writes for it (:mod:`.faultlog`); the two
are merged when both are seen. :class:`Frame` is one stack frame, split into symbol, file, line
and column; ``source`` is the frame's file inside the project (``entry/src/main/ets/pages/
Index.ets``) when the frame is the project's own code, and ``entity`` the component or
function of the code index around that line (filled by :func:`.resolve.resolve_crash`).

Repeats of one fault share a :attr:`Crash.fingerprint`: type, bundle, reason, error name,
message and the top three frames (symbol, file, line), never the pid or the time, so a fault
that comes back after a relaunch groups with the first one (:class:`.detect.CrashBook`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace
from typing import Any

from hmdesk.core.toolchain.prefilter import Need, required

JS = "jscrash"
CPP = "cppcrash"
FREEZE = "appfreeze"
TYPES = (JS, CPP, FREEZE)
TYPE_TITLES = {JS: "JS crash", CPP: "C++ crash", FREEZE: "App freeze"}
JSON_FRAMES = 200
"""Frames a crash's JSON lists (``crashes --json``, the agents' tools); the rest are counted in
``more_frames`` (a fault log of 4 MB can hold 50,000; a stack worth reading has a few dozen)."""

# signal numbers as Linux (and so OpenHarmony's musl) numbers them
SIGNALS = {
    1: "SIGHUP",
    2: "SIGINT",
    3: "SIGQUIT",
    4: "SIGILL",
    5: "SIGTRAP",
    6: "SIGABRT",
    7: "SIGBUS",
    8: "SIGFPE",
    9: "SIGKILL",
    11: "SIGSEGV",
    13: "SIGPIPE",
    15: "SIGTERM",
    16: "SIGSTKFLT",
    31: "SIGSYS",
}


@dataclass(frozen=True, slots=True)
class Frame:
    """One stack frame. ``line``/``column`` are 0 when the frame has none (native frames)."""

    symbol: str
    file: str
    line: int = 0
    column: int = 0
    source: str | None = None  # project-relative source file (project frames only)
    entity: str | None = None  # qualified name of the enclosing component/function
    raw: str = ""

    @property
    def is_project(self) -> bool:
        return self.source is not None

    @property
    def location(self) -> str:
        """``source:line:col`` for a project frame, else ``file:line:col`` (or the file)."""
        where = self.source or self.file
        if self.line:
            return f"{where}:{self.line}:{self.column}" if self.column else f"{where}:{self.line}"
        return where

    def key(self) -> tuple[str, str, int]:
        return (self.symbol, self.file, self.line)

    def to_json(self) -> dict[str, Any]:
        return {
            "symbol": self.symbol,
            "file": self.file,
            "line": self.line or None,
            "column": self.column or None,
            "source": self.source,
            "entity": self.entity,
        }


@dataclass(slots=True)
class Crash:
    """One fault. ``time`` is as printed (hilog ``MM-DD hh:mm:ss.mmm`` or the fault log's
    ``Timestamp``); ``raw`` holds the text it was read from (all of it when the text did not
    parse); ``lines`` the hilog lines that belong to it (``raw`` text, for ``is:crash``)."""

    type: str
    bundle: str = ""
    pid: int = 0
    time: str = ""
    reason: str = ""
    name: str = ""
    message: str = ""
    frames: list[Frame] = field(default_factory=list)
    raw: str = ""
    origin: str = "hilog"  # "hilog", "faultlog" or "hilog+faultlog"
    faultlog: str | None = None  # the fault log file name, when the device named or gave one
    lines: list[str] = field(default_factory=list)
    parsed: bool = True  # False: the text did not parse; ``raw`` is all there is

    @property
    def title(self) -> str:
        """``JS crash``, ``C++ crash``, ``App freeze``; a Cangjie crash (read with the JS
        crashes: ``Reason:std.core:…``, ``.cj`` frames, HiAppEvent's crash_type ``CjError``)
        says so."""
        if self.type == JS and (
            self.reason.startswith("std.")
            or self.reason == "CjError"
            or any(f.file.endswith(".cj") for f in self.frames[:8])
        ):
            return "Cangjie crash"
        return TYPE_TITLES.get(self.type, self.type or "Crash")

    @property
    def error_class(self) -> str:
        """The error class a pitfall is tagged with: the JS error name, the signal, the freeze
        reason (``SyntaxError``, ``SIGSEGV``, ``THREAD_BLOCK_6S``)."""
        if self.type == CPP and self.name and self.reason == self.name:
            return self.name  # a sanitizer's kind, whole (GWP-ASan's ``Invalid (Wild) Free``)
        if self.type == CPP:
            sig = self.reason.removeprefix("Signal:").split("(", 1)[0].split("@", 1)[0].strip()
            return sig or self.name or "native-crash"
        return self.name or self.reason or self.type

    @property
    def fingerprint(self) -> tuple[Any, ...]:
        top = tuple(f.key() for f in self.frames[:3])
        reason = self.reason if self.type != CPP else self.reason.split("@", 1)[0]
        return (self.type, self.bundle, reason, self.name, self.message, top)

    @property
    def top_project_frame(self) -> Frame | None:
        return next((f for f in self.frames if f.is_project), None)

    def merged(self, other: Crash) -> Crash:
        """This crash with what ``other`` (the same fault from another source) knows more."""
        return replace(
            self,
            bundle=self.bundle or other.bundle,
            pid=self.pid or other.pid,
            time=self.time or other.time,
            reason=other.reason if len(other.reason) > len(self.reason) else self.reason,
            name=self.name or other.name,
            message=self.message or other.message,
            frames=self.frames if len(self.frames) >= len(other.frames) else other.frames,
            raw=self.raw if self.raw else other.raw,
            origin="hilog+faultlog" if self.origin != other.origin else self.origin,
            faultlog=self.faultlog or other.faultlog,
            lines=self.lines or other.lines,
            parsed=self.parsed or other.parsed,
        )

    def to_json(self, count: int = 1) -> dict[str, Any]:
        return {
            "type": self.type,
            "bundle": self.bundle,
            "pid": self.pid,
            "time": self.time,
            "reason": self.reason,
            "name": self.name,
            "message": self.message,
            "frames": [f.to_json() for f in self.frames[:JSON_FRAMES]],
            "count": count,
            "more_frames": max(0, len(self.frames) - JSON_FRAMES),  # "… N more": not listed
        }


@dataclass(frozen=True)
class Cause:
    types: tuple[str, ...]  # the crash types it applies to (jscrash, cppcrash, appfreeze)
    pattern: re.Pattern[str]
    cause: str
    fix: str
    certain: bool = True
    # a catch-all (any SIGSEGV, any SIGABRT, any uncaught Error): tried after the structural
    # reading of :mod:`.structure`, which says more when the log shows more
    fallback: bool = False

    @functools.cached_property
    def need(self) -> Need | None:
        """The literals a text the pattern matches holds (:mod:`..prefilter`), read from the
        pattern the first time a crash is explained."""
        return required(self.pattern.pattern, self.pattern.flags)


def rule(
    types: str, pattern: str, cause: str, fix: str, certain: bool = True, fallback: bool = False
) -> Cause:
    return Cause(
        tuple(types.split()), re.compile(pattern, re.I | re.M), cause, fix, certain, fallback
    )


@dataclass(frozen=True)
class Reading:
    """A cause read from a fault log's structure (:mod:`.structure`, :mod:`.freeze_stack`)."""

    cause: str
    fix: str
    certain: bool = False

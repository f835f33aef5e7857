"""Crashes and freezes of the app on the device: detected live from hilog, read from the fault
log files, grouped, mapped back to the project's code. Qt-free.

* :mod:`.model` — :class:`Crash`, :class:`Frame`, the types ``jscrash`` / ``cppcrash`` /
  ``appfreeze``;
* :mod:`.frames` — one printed stack frame → Frame, project frames → source files;
* :mod:`.detect` — :class:`CrashDetector` (fed hilog batches, cheap on lines of no interest),
  :class:`CrashBook` (repeats grouped and counted, fault logs merged);
* :mod:`.faultlog` — the fault log file format;
* :mod:`.faultlog_files` — fault log files read from disk, :func:`fetch_faultlogs` (``hdc file
  recv``);
* :mod:`.resolve` — frames → code index entities, recall terms, the pitfall text.
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.detect import CrashBook, CrashDetector, CrashGroup, detect_all
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog, parse_name
from hmdesk.core.toolchain.crash.faultlog_files import (
    fetch_faultlogs,
    read_faultlog,
    read_faultlog_dir,
)
from hmdesk.core.toolchain.crash.frames import parse_frame, source_of
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, TYPES, Crash, Frame
from hmdesk.core.toolchain.crash.resolve import crash_pitfall, crash_terms, resolve_crash

__all__ = [
    "CPP",
    "FREEZE",
    "JS",
    "TYPES",
    "Crash",
    "CrashBook",
    "CrashDetector",
    "CrashGroup",
    "Frame",
    "crash_pitfall",
    "crash_terms",
    "detect_all",
    "fetch_faultlogs",
    "parse_faultlog",
    "parse_frame",
    "parse_name",
    "read_faultlog",
    "read_faultlog_dir",
    "resolve_crash",
    "source_of",
]

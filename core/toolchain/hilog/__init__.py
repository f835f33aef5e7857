"""hilog in one import: parser, query language, ring, stream, dump and clear.

The package API: the code lives in these modules, re-exported here:

* :mod:`.line` — ``HilogLine``, its kinds and levels;
* :mod:`.parse` — ``parse_line(str) -> HilogLine``, ``HilogParser().feed(lines)`` (marks
  multi-line continuations), every line variant hilog prints (and, through :mod:`.pasted`, the
  layouts people paste); ``parse_hilog_text(lines)`` for a text known to be hilog (a paste
  with no hilog column read too); never raises.
* :mod:`.query` — ``HilogQuery.parse(text, now=, bundle=, pids=)`` → ``.matches(line)``,
  ``.filter(lines)``, ``.note`` (fallback to plain text when it does not parse), ``KEYS``,
  ``complete(text, tags=...)``.
* :mod:`.ring` — ``HilogRing(capacity)``: the bounded, numbered, thread-safe line buffer;
* :mod:`.stream` — ``HilogStream(hdc, key, on_lines=, on_status=, ring=)`` (restarts itself,
  counts dropped lines), ``dump(hdc, key)`` (``hilog -x``), ``clear_buffer(hdc, key)``
  (``hilog -r``).
"""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.line import DROPPED, KMSG, LEVEL_NAMES, LEVELS, LOG, RAW, HilogLine
from hmdesk.core.toolchain.hilog.parse import (
    HilogParser,
    decode_line,
    parse_hilog_text,
    parse_line,
    parse_lines,
)
from hmdesk.core.toolchain.hilog.query import (
    IS_VALUES,
    KEYS,
    LEVEL_ALIASES,
    HilogQuery,
    QueryTerm,
    complete,
)
from hmdesk.core.toolchain.hilog.ring import HilogRing, RingSlice
from hmdesk.core.toolchain.hilog.stream import (
    CONNECTED,
    DEVICE_GONE,
    ERROR,
    RESTARTING,
    STARTING,
    STOPPED,
    DumpResult,
    HilogStream,
    StreamState,
    StreamStatus,
    clear_buffer,
    dump,
    lines_text,
)

__all__ = [
    "CONNECTED",
    "DEVICE_GONE",
    "DROPPED",
    "ERROR",
    "IS_VALUES",
    "KEYS",
    "KMSG",
    "LEVELS",
    "LEVEL_ALIASES",
    "LEVEL_NAMES",
    "LOG",
    "RAW",
    "RESTARTING",
    "STARTING",
    "STOPPED",
    "DumpResult",
    "HilogLine",
    "HilogParser",
    "HilogQuery",
    "HilogRing",
    "HilogStream",
    "QueryTerm",
    "RingSlice",
    "StreamState",
    "StreamStatus",
    "clear_buffer",
    "complete",
    "decode_line",
    "dump",
    "lines_text",
    "parse_hilog_text",
    "parse_line",
    "parse_lines",
]

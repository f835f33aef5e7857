"""One printed hilog line: :class:`HilogLine`, its kinds and levels (read by :mod:`.parse`,
hilog's own layouts, and :mod:`.pasted`, the layouts people paste)."""

from __future__ import annotations

from typing import NamedTuple

# HilogLine.kind
LOG = "log"
KMSG = "kmsg"
DROPPED = "dropped"
RAW = "raw"

LEVELS = ("D", "I", "W", "E", "F")  # lowest to highest
LEVEL_NAMES = {"D": "DEBUG", "I": "INFO", "W": "WARN", "E": "ERROR", "F": "FATAL"}


class HilogLine(NamedTuple):
    """One printed hilog line.

    ``raw`` is the line exactly as hilog printed it (without the line end). ``time`` is the
    date and time as printed (``"11-15 15:51:02.087"``, ``"2026-11-15 15:51:02.087123"``, or
    the ``-v epoch`` / ``-v monotonic`` number), ``""`` for raw lines and lines printed without a
    time. ``level`` is ``""`` when the line printed none (a quoted ``DOMAIN/Tag: msg``). ``domain`` is the printed
    5-hex-digit domain as an int (``0x3200``); ``type`` its letter (``A`` app, ``C`` core,
    ``I`` init, ``K`` kmsg, ``P`` only-prerelease, ``""`` before Aug 2022). ``process`` is the
    HarmonyOS NEXT process segment (``""`` when the line has none). ``dropped`` is the number of
    lines the device reported as lost (drop markers only). ``cont`` marks the second and later
    lines of a multi-line message.
    """

    raw: str
    kind: str
    time: str
    pid: int
    tid: int
    level: str
    type: str
    domain: int
    process: str
    tag: str
    message: str
    dropped: int
    cont: bool

    @property
    def domain_text(self) -> str:
        """The domain as hilog prints it with its type letter, e.g. ``A03200`` (upper-case)."""
        if self.kind == RAW or self.kind == KMSG or self.domain < 0:
            return ""
        return f"{self.type}{self.domain:05X}"

    @property
    def is_dropped(self) -> bool:
        return self.kind == DROPPED

"""Timestamps the way hmharness's JavaScript reads them (``new Date(text).getTime()``).

hmharness writes ``new Date().toISOString()`` (``2026-11-29T10:00:00.123Z``) and computes recency
from ``Date.now() - new Date(timestamp).getTime()``. :func:`parse_js_date_ms` returns the same
integer milliseconds for the ISO forms V8 accepts (checked against Node 20):

* ``YYYY``, ``YYYY-MM``, ``YYYY-MM-DD`` (UTC) and ``±YYYYYY`` expanded years;
* a time part after ``T`` (or ``t`` or a space): ``HH:mm``, ``HH:mm:ss``, ``HH:mm:ss.f…`` (any number
  of fraction digits, truncated to milliseconds); ``24:00`` is the end of the day;
* ``Z``/``z`` or an offset ``±HH:mm`` / ``±HHmm``; a date-time **without** an offset is local time,
  as in JavaScript;
* a day past the end of the month rolls over (V8: ``2021-02-30`` is 2 March).

Anything else returns ``None``. Where V8 would still parse it with its legacy fallback
(``Nov 29 2026``, ``2026-1-2``) we do not: such a timestamp is "unparseable" and the retriever
scores its recency as 0 (hmharness gets NaN there, which sorts unpredictably).
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime

_ISO = re.compile(
    r"(?P<year>[+-]\d{6}|\d{4})(?:-(?P<month>\d{2})(?:-(?P<day>\d{2}))?)?"
    r"(?:[Tt ](?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:\.(?P<frac>\d+))?)?"
    r"(?P<tz>[Zz]|[+-]\d{2}:?\d{2})?)?"
)
_MAX_MS = 8_640_000_000_000_000  # the ECMAScript time value range


def _days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _local_offset_ms(y: int, mo: int, d: int, h: int, mi: int, s: int) -> int:
    """The local zone's UTC offset for a local wall-clock time (0 outside datetime's range)."""
    if not 1 <= y <= 9999:
        return 0
    try:
        local = datetime(y, mo, min(d, 28), min(h, 23), mi, s).astimezone()
    except (ValueError, OverflowError, OSError):
        return 0
    off = local.utcoffset()
    return int(off.total_seconds() * 1000) if off is not None else 0


def parse_js_date_ms(text: str) -> int | None:
    """``new Date(text).getTime()`` for ISO-8601 text, or ``None`` where it is not ISO-8601."""
    m = _ISO.fullmatch(text)
    if m is None:
        return None
    ystr = m["year"]
    if ystr == "-000000":
        return None
    year = int(ystr)
    month = int(m["month"] or 1)
    day = int(m["day"] or 1)
    hour = int(m["hour"] or 0)
    minute = int(m["minute"] or 0)
    second = int(m["second"] or 0)
    ms = int((m["frac"] or "0")[:3].ljust(3, "0"))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    if hour > 24 or minute > 59 or second > 59:
        return None
    if hour == 24 and (minute or second or ms):
        return None
    total = (
        _days_from_civil(year, month, day) * 86_400_000
        + hour * 3_600_000
        + minute * 60_000
        + second * 1000
        + ms
    )
    tz = m["tz"]
    if tz is None:
        if m["hour"] is not None:  # a date-time without an offset is local time
            total -= _local_offset_ms(year, month, day, hour, minute, second)
    elif tz not in ("Z", "z"):
        digits = tz[1:].replace(":", "")
        oh, om = int(digits[:2]), int(digits[2:])
        if oh > 23 or om > 59:
            return None
        offset = (oh * 60 + om) * 60_000
        total -= offset if tz[0] == "+" else -offset
    if abs(total) > _MAX_MS:
        return None
    return total


def is_local_time(text: str) -> bool:
    """True for a date-time without an offset: its value depends on the local time zone."""
    m = _ISO.fullmatch(text)
    return m is not None and m["tz"] is None and m["hour"] is not None


def datetime_ms(dt: datetime) -> int:
    """Milliseconds since the epoch (floor) for an aware datetime; a naive one is taken as UTC."""
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    delta = dt - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86_400 + delta.seconds) * 1000 + delta.microseconds // 1000


def now_ms() -> int:
    """``Date.now()``."""
    return time.time_ns() // 1_000_000

"""Many timestamps at once: :func:`parse_timestamps`, the vectorised ``parse_js_date_ms``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from hmdesk.core.memory.jsdate import _MAX_MS, parse_js_date_ms

if TYPE_CHECKING:
    from numpy.typing import NDArray


_ISO_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]


def parse_timestamps(texts: Sequence[str]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """:func:`~hmdesk.core.memory.jsdate.parse_js_date_ms` over many timestamps: milliseconds as
    float64 (0.0 where unparseable) and a parsed mask.

    ``toISOString()`` text (``2026-11-29T10:00:00.123Z``, what hmharness and hmdesk write) is
    decoded with numpy, ~10x faster; any other text goes through ``parse_js_date_ms``."""
    n = len(texts)
    ms = np.zeros(n, dtype=np.float64)
    ok = np.zeros(n, dtype=bool)
    if not n:
        return ms, ok
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    rows = np.flatnonzero(lengths == 24)
    slow = np.ones(n, dtype=bool)
    if len(rows):
        text = "".join([texts[i] for i in rows.tolist()])
        cp = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        c = cp.reshape(len(rows), 24).astype(np.int64)
        d = c - 48
        dig = d[:, _ISO_DIGITS]
        good = ((dig >= 0) & (dig <= 9)).all(axis=1)
        good &= (c[:, 4] == 45) & (c[:, 7] == 45) & (c[:, 13] == 58) & (c[:, 16] == 58)
        good &= (c[:, 10] == 84) | (c[:, 10] == 116) | (c[:, 10] == 32)  # T t space
        good &= (c[:, 19] == 46) & ((c[:, 23] == 90) | (c[:, 23] == 122))  # . and Z z
        year = d[:, 0] * 1000 + d[:, 1] * 100 + d[:, 2] * 10 + d[:, 3]
        month = d[:, 5] * 10 + d[:, 6]
        day = d[:, 8] * 10 + d[:, 9]
        hour = d[:, 11] * 10 + d[:, 12]
        minute = d[:, 14] * 10 + d[:, 15]
        second = d[:, 17] * 10 + d[:, 18]
        milli = d[:, 20] * 100 + d[:, 21] * 10 + d[:, 22]
        good &= (month >= 1) & (month <= 12) & (day >= 1) & (day <= 31)
        good &= (hour <= 24) & (minute <= 59) & (second <= 59)
        good &= (hour < 24) | ((minute == 0) & (second == 0) & (milli == 0))
        # jsdate._days_from_civil, vectorised (numpy's // floors like Python's)
        y = year - (month <= 2)
        era = y // 400
        yoe = y - era * 400
        doy = (153 * (month + np.where(month > 2, -3, 9)) + 2) // 5 + day - 1
        doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
        days = era * 146097 + doe - 719468
        total = days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli
        good &= np.abs(total) <= _MAX_MS
        fast = rows[good]
        ms[fast] = total[good].astype(np.float64)
        ok[fast] = True
        slow[fast] = False
    for i in np.flatnonzero(slow).tolist():
        t = parse_js_date_ms(texts[i])
        if t is not None:
            ms[i] = float(t)
            ok[i] = True
    return ms, ok

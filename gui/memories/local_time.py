"""Times as the user reads them: the store keeps UTC (``2026-11-28T10:00:00.000Z``); the
inspector shows local time and says which zone (``2026-11-28 18:00:00 CST (UTC+08:00)``)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from hmdesk.gui.common.explanation import parse_time


def zone_text(dt: datetime) -> str:
    """``CST (UTC+08:00)``, ``UTC``, or ``UTC+04:00`` when the zone has no name of its own."""
    offset = dt.strftime("%z")  # +0800
    utc = "UTC" if offset in ("", "+0000") else f"UTC{offset[:3]}:{offset[3:]}"
    name = dt.tzname() or ""
    if not name or name == "UTC" or not name.isalpha():
        return utc
    return f"{name} ({utc})"


def local_time_text(stored: str | None, tz: tzinfo | None = None) -> str:
    """A stored UTC time in the local zone (or ``tz``), with the zone; ``?`` when there is none,
    and the text as it is when it is not a time."""
    if not stored:
        return "?"
    dt = parse_time(stored)
    if dt is None:
        return stored
    local = dt.astimezone(tz)
    return f"{local:%Y-%m-%d %H:%M:%S} {zone_text(local)}"

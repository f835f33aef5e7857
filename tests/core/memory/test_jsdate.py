"""Timestamps read like JavaScript's ``new Date(text).getTime()`` (values checked with Node 20)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hmdesk.core.memory.jsdate import datetime_ms, parse_js_date_ms


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("2026-11-29T10:00:00.123Z", 1795946400123),
        ("2026-11-29T10:00:00.1239Z", 1795946400123),  # fraction truncated to ms
        ("2026-11-29T10:00:00.1Z", 1795946400100),
        ("2026-11-29", 1795910400000),  # date-only = UTC
        ("2026-11", 1793491200000),
        ("2026", 1767225600000),
        ("2026-11-29T10:00Z", 1795946400000),
        ("2026-11-29T10:00:00+08:00", 1795917600000),
        ("2026-11-29T10:00:00+0800", 1795917600000),
        ("2021-02-30T00:00:00Z", 1614643200000),  # V8 rolls over to 2 March
        ("2026-11-29 10:00:00Z", 1795946400000),
        ("2026-11-29t10:00:00z", 1795946400000),
        ("+002026-11-29T10:00:00Z", 1795946400000),
        ("2026-11-29T24:00:00Z", 1795996800000),
        ("-000001-01-01T00:00:00Z", -62198755200000),
        ("1969-12-31T23:59:59.999Z", -1),
    ],
)
def test_parse_like_v8(text: str, ms: int) -> None:
    assert parse_js_date_ms(text) == ms


@pytest.mark.parametrize(
    "text",
    [
        "garbage",
        "",
        "2026-13-01",
        "2026-11-29T24:00:01Z",
        "2026-11-29T10:00:00,5Z",
        " 2026-11-29T10:00:00Z",
        "2026-11-29T10:00:60Z",
        "2026-11-29T10:00:00.Z",
        "-000000-01-01T00:00:00Z",
        "Nov 29 2026",  # V8's legacy parser takes it; we call it unparseable (documented)
    ],
)
def test_unparseable(text: str) -> None:
    assert parse_js_date_ms(text) is None


@pytest.fixture
def shanghai() -> Iterator[None]:
    import os

    old = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Shanghai"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset")
def test_date_time_without_offset_is_local_time(shanghai: None) -> None:
    assert parse_js_date_ms("2026-11-29T10:00") == 1795917600000
    assert parse_js_date_ms("2026-11-29") == 1795910400000  # date-only stays UTC


def test_datetime_ms() -> None:
    assert datetime_ms(datetime(1970, 1, 1, tzinfo=UTC)) == 0
    assert datetime_ms(datetime(2026, 11, 29, 10, tzinfo=UTC) + timedelta(microseconds=123999)) == (
        1795946400123
    )
    assert datetime_ms(datetime(2026, 11, 29, 18, tzinfo=timezone(timedelta(hours=8)))) == (
        1795946400000
    )
    assert datetime_ms(datetime(1969, 12, 31, 23, 59, 59, 999500, tzinfo=UTC)) == -1

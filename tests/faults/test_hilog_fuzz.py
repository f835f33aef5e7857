"""Fuzzing the hilog parser and query language (issue 9, requirement 3).

Arbitrary text never makes the parser raise, a query of any text compiles (with a note when it
does not parse) and never raises on any line. The hypothesis profile sets the example count
(few in ``make check``, thousands in ``make fuzz``).
"""

from __future__ import annotations

from datetime import datetime

import pytest
from hmdesk.core.toolchain.hilog import (
    HilogLine,
    HilogParser,
    HilogQuery,
    complete,
    decode_line,
    parse_line,
)
from hypothesis import given
from hypothesis import strategies as st

# realistic pieces, so the fuzzer reaches the parser's and the query's deep paths
PIECES = [
    "08-05 10:21:33.123",
    "2026-08-05 10:21:33.123456",
    "1722844893.123",
    "  1234  5678 ",
    " I ",
    " E ",
    " F ",
    "A03200/",
    "C01406/",
    "D003200/",
    "com.example.hello/",
    "ArkUI:",
    "testTag",
    ": ",
    "LOGLIMIT",
    "Slow reader missed",
    "lines dropped",
    "Reason:",
    "#00 pc ",
    "    at ",
    "[kmsg]",
    "\t",
    "\x1b[31m",
    "\ud800",
    "\x00",
    "é中文",
    "\r",
]
LINE_TEXT = st.one_of(
    st.text(max_size=200),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=14).map("".join),
)

QUERY_WORDS = [
    "tag:",
    "tag=:",
    "tag~:",
    "-tag:",
    "message~:",
    "-message~:",
    "line:",
    "level:",
    "pid:",
    "tid~:",
    "domain:",
    "domain~:",
    "process:",
    "package:mine",
    "age:",
    "is:crash",
    "is:",
    "(",
    ")",
    " & ",
    " | ",
    " && ",
    '"',
    "'",
    "\\",
    "(a+)+$",
    "[",
    "\\1",
    "(?=x)",
    "0x3200",
    "5m",
    "W",
    " ",
    "ArkUI",
    "com.x/y",
]
QUERY_TEXT = st.one_of(
    st.text(max_size=60),
    st.lists(st.one_of(st.sampled_from(QUERY_WORDS), st.text(max_size=6)), max_size=10).map(
        "".join
    ),
)


@pytest.mark.hostile("arbitrary-hilog-lines")
@given(st.lists(LINE_TEXT, max_size=12))
def test_parser_never_raises(lines: list[str]) -> None:
    parsed = HilogParser().feed(lines)
    assert len(parsed) == len(lines)
    assert all(isinstance(p, HilogLine) for p in parsed)
    for line in lines:
        assert isinstance(parse_line(line), HilogLine)


@pytest.mark.hostile("random-bytes-from-hilog")
@given(st.binary(max_size=200))
def test_decode_then_parse_never_raises(data: bytes) -> None:
    text = decode_line(data)
    assert isinstance(parse_line(text), HilogLine)


@pytest.mark.hostile("arbitrary-log-query")
@given(QUERY_TEXT, st.lists(LINE_TEXT, max_size=8), st.booleans())
def test_any_query_on_any_line_never_raises(
    text: str, raw_lines: list[str], case_sensitive: bool
) -> None:
    q = HilogQuery.parse(
        text,
        now=datetime(2026, 8, 5, 10, 30),
        bundle="com.example.hello",
        pids=[1234],
        case_sensitive=case_sensitive,
    )
    assert q.note is None or isinstance(q.note, str)
    lines = HilogParser().feed(raw_lines)
    kept = q.filter(lines)
    assert all(line in lines for line in kept)
    assert q.filter(lines, groups=False) == [line for line in lines if q.matches(line)]
    pred = q.predicate  # the compiled closure itself raises on no line (no silent slow path)
    assert [line for line in lines if pred(line)] == q.filter(lines, groups=False)
    assert isinstance(complete(text, tags=["ArkUI"], processes=["com.x"]), list)


@pytest.mark.hostile("arbitrary-regex-in-a-log-query")
@given(st.text(max_size=40), st.lists(LINE_TEXT, max_size=6))
def test_any_regex_runs_or_is_refused_with_a_note(pattern: str, raw_lines: list[str]) -> None:
    q = HilogQuery.parse(
        "message~:" + '"' + pattern.replace("\\", "\\\\").replace('"', '\\"') + '"'
    )
    lines = HilogParser().feed(raw_lines)
    assert isinstance(q.filter(lines), list)
    if q.fallback:
        assert q.note is not None and "Could not parse" in q.note

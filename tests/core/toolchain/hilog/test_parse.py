"""hilog line parser: every documented line variant, and it never raises."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.hilog.line import DROPPED, KMSG, LOG, RAW, HilogLine
from hmdesk.core.toolchain.hilog.parse import (
    HilogParser,
    decode_line,
    parse_hilog_text,
    parse_line,
    parse_lines,
)
from hypothesis import given
from hypothesis import strategies as st

# The real sample lines of the Huawei / OpenHarmony hilog docs
NEXT_AOD = (
    "11-15 15:51:02.087  2823  2823 I A01B05/com.ohos.sceneboard/AOD: "
    "AodClockFullScreen --> timeFontSize:114.48717948717947"
)
NEXT_RS = (
    "11-15 15:51:02.110  1197  1197 E C01406/render_service/OHOS::RS: [LoadImgsbyResolution] "
    "Can't find resolution (1084 x 2412) in config file"
)
NEXT_SAMGR = "08-28 09:27:59.582   610 11504 W C01800/samgr/SAMGR: LoadSa SA:10120 AddDeath fail,cnt:1,callpid:610"
ZEROTH = "11-15 16:04:08.628     0     0 I I00000/HiLog: ========Zeroth log of type: init"
NSEC = (
    "11-15 16:37:09.010658555  1134  1723 I C02B01/riladapter_host/HrilExt: "
    "[BoosterRawInd-(hril_booster.cpp:296)] RilExt: BoosterRawInd"
)
OSS = "04-19 17:02:14.735  5394  5394 I A03200/testTag: this is a info level hilog"
PRE_2022 = "04-19 17:02:14.735  5394  5394 I 03200/testTag: this is a info level hilog"
KMSG_LINE = "08-06 16:51:04.945 <6> [4294.967295] hungtask_base whitelist[0]-init-1"
LOGLIMIT_PROC = (
    "04-19 17:02:34.219  5394  5394 W A00032/LOGLIMIT: "
    "==com.example.myapplication LOGS OVER PROC QUOTA, 3091 DROPPED=="
)
LOGLIMIT_SHORT = (
    "04-19 17:02:15.001  5394  5394 W A00000/LOGLIMIT: ==LOGS OVER PROC QUOTA, 12 DROPPED=="
)
LOGLIMIT_DOMAIN = (
    "04-19 17:02:34.219  5394  5394 W C02C02/LOGLIMIT: 108 line(s) dropped in a second!"
)
LOGLIMITD = "04-19 17:02:34.219   512   530 W C00000/LOGLIMITD: 57 line(s) dropped!"
SLOW_READER = (
    "04-19 17:02:34.219     0     0 I C00000/HiLog: ========Slow reader missed log lines: 137"
)
WRITE_SOCKET = (
    "04-19 17:02:34.219  5394  5394 W A00032/HiLog: write socket failed, 8 line(s) dropped!"
)


def test_harmonyos_next_line_with_process_and_uppercase_hex() -> None:
    line = parse_line(NEXT_AOD)
    assert line.kind == LOG
    assert line.raw == NEXT_AOD
    assert line.time == "11-15 15:51:02.087"
    assert (line.pid, line.tid, line.level, line.type) == (2823, 2823, "I", "A")
    assert line.domain == 0x1B05
    assert line.domain_text == "A01B05"
    assert line.process == "com.ohos.sceneboard"
    assert line.tag == "AOD"
    assert line.message == "AodClockFullScreen --> timeFontSize:114.48717948717947"
    assert line.dropped == 0 and not line.cont


def test_tag_with_colons_keeps_the_message_intact() -> None:
    line = parse_line(NEXT_RS)
    assert (line.level, line.type, line.domain) == ("E", "C", 0x1406)
    assert (line.process, line.tag) == ("render_service", "OHOS::RS")
    assert line.message.startswith("[LoadImgsbyResolution] Can't find")


def test_pid_and_tid_differ() -> None:
    line = parse_line(NEXT_SAMGR)
    assert (line.pid, line.tid, line.level) == (610, 11504, "W")
    assert (line.process, line.tag) == ("samgr", "SAMGR")
    assert line.message == "LoadSa SA:10120 AddDeath fail,cnt:1,callpid:610"


def test_pid_zero_line_has_no_process() -> None:
    line = parse_line(ZEROTH)
    assert (line.pid, line.tid, line.type, line.domain) == (0, 0, "I", 0)
    assert (line.process, line.tag) == ("", "HiLog")
    assert line.message == "========Zeroth log of type: init"
    assert line.kind == LOG  # a HiLog line that is not a drop marker


def test_nsec_and_usec_fractions() -> None:
    line = parse_line(NSEC)
    assert line.time == "11-15 16:37:09.010658555"
    assert (line.pid, line.tid, line.process, line.tag) == (
        1134,
        1723,
        "riladapter_host",
        "HrilExt",
    )
    assert line.message == "[BoosterRawInd-(hril_booster.cpp:296)] RilExt: BoosterRawInd"
    usec = parse_line(OSS.replace("14.735", "14.735123"))
    assert usec.time == "04-19 17:02:14.735123" and usec.tag == "testTag"


def test_open_source_line_lowercase_hex_no_process() -> None:
    line = parse_line(OSS)
    assert (line.type, line.domain, line.process, line.tag) == ("A", 0x3200, "", "testTag")
    assert line.message == "this is a info level hilog"
    lower = parse_line("04-19 17:02:14.735  5394  5394 D C01b05/render: x")
    assert (lower.type, lower.domain, lower.domain_text) == ("C", 0x1B05, "C01B05")


def test_pre_2022_line_without_type_letter() -> None:
    line = parse_line(PRE_2022)
    assert line.kind == LOG
    assert (line.type, line.domain, line.tag, line.level) == ("", 0x3200, "testTag", "I")
    # a domain starting with a hex letter that is also a type letter
    odd = parse_line("04-19 17:02:14.735  5394  5394 I C0140/tag: m")
    assert (odd.type, odd.domain) == ("", 0xC0140)


def test_year_zone_epoch_monotonic() -> None:
    year = parse_line("2026-11-15 15:51:02.087  2823  2823 I A01B05/AOD: with year")
    assert year.time == "2026-11-15 15:51:02.087" and year.message == "with year"
    zone = parse_line("CST 11-15 15:51:02.087  2823  2823 I A01B05/AOD: with zone")
    assert zone.kind == LOG and zone.time == "11-15 15:51:02.087" and zone.raw.startswith("CST ")
    zone_year = parse_line("+08 2026-11-15 15:51:02.087  2823  2823 W A01B05/AOD: z")
    assert zone_year.time == "2026-11-15 15:51:02.087" and zone_year.level == "W"
    epoch = parse_line("1763193062.087  2823  2823 I A01B05/AOD: epoch")
    assert epoch.kind == LOG and epoch.time == "1763193062.087"
    mono = parse_line("    4294.967  2823  2823 I A01B05/AOD: mono")
    assert mono.kind == LOG and mono.time == "4294.967" and mono.message == "mono"


def test_empty_message_and_line_ends() -> None:
    empty = parse_line("04-19 17:02:14.735  5394  5394 I A03200/testTag:")
    assert empty.kind == LOG and empty.tag == "testTag" and empty.message == ""
    spaced = parse_line("04-19 17:02:14.735  5394  5394 I A03200/testTag: ")
    assert spaced.kind == LOG and spaced.message == ""
    crlf = parse_line(OSS + "\r\n")
    assert crlf.kind == LOG and crlf.message == "this is a info level hilog"


def test_kmsg_lines() -> None:
    line = parse_line(KMSG_LINE)
    assert line.kind == KMSG
    assert line.time == "08-06 16:51:04.945"
    assert line.level == "I" and line.type == "K" and line.tag == "kmsg"
    assert line.message == "hungtask_base whitelist[0]-init-1"
    bare = parse_line("<3>[   12.345678] mmc0: error -110")
    assert bare.kind == KMSG and bare.level == "E" and bare.time == ""
    assert bare.message == "mmc0: error -110"
    assert parse_line("08-06 16:51:04.945 <4> [1.5] thermal warn").level == "W"


def test_drop_markers_carry_their_counts() -> None:
    for text, count in [
        (LOGLIMIT_PROC, 3091),
        (LOGLIMIT_SHORT, 12),
        (LOGLIMIT_DOMAIN, 108),
        (LOGLIMITD, 57),
        (SLOW_READER, 137),
        (WRITE_SOCKET, 8),
    ]:
        line = parse_line(text)
        assert line.kind == DROPPED, text
        assert line.is_dropped
        assert line.dropped == count, text
        assert line.raw == text
    assert parse_line(LOGLIMIT_PROC).tag == "LOGLIMIT"
    assert parse_line(LOGLIMITD).tag == "LOGLIMITD"
    # the process quota marker names the process: package:/process: filters find it
    assert parse_line(LOGLIMIT_PROC).process == "com.example.myapplication"
    assert parse_line(LOGLIMIT_SHORT).process == ""
    next_marker = parse_line(LOGLIMIT_PROC.replace("A00032/", "A00032/com.other/"))
    assert next_marker.process == "com.other" and next_marker.dropped == 3091


def test_parser_caches_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from hmdesk.core.toolchain.hilog import parse as hilog_parse

    monkeypatch.setattr(hilog_parse, "_CACHE_MAX", 10)
    parser = HilogParser()
    for batch in range(5):
        lines = [
            f"04-19 17:02:14.735 {batch * 100 + i:5d} {i:5d} I A{i:05x}/tag{i}/p{i}: m"
            for i in range(30)
        ]
        parsed = parser.feed(lines)
        assert [p.pid for p in parsed] == [batch * 100 + i for i in range(30)]
        assert [p.domain for p in parsed] == list(range(30))
        assert [(p.process, p.tag) for p in parsed] == [(f"tag{i}", f"p{i}") for i in range(30)]
    assert len(parser._ints) <= 60 and len(parser._names) <= 60
    # repeated names share one object
    a, b = parser.feed([OSS, OSS.replace("14.735", "14.999")])
    assert a.tag is b.tag


def test_multi_line_messages_are_grouped() -> None:
    lines = [
        "04-19 17:02:14.736  5394  5394 E A03200/testTag: Error message: boom",
        "04-19 17:02:14.736  5394  5394 E A03200/testTag:     at onClick (Index.ets:23:7)",
        "04-19 17:02:14.736  5394  5394 E A03200/testTag:     at render (Index.ets:9:3)",
        "04-19 17:02:14.736  5394  5395 E A03200/testTag: other thread, same time",
        "04-19 17:02:14.737  5394  5394 E A03200/testTag: later",
        "04-19 17:02:14.737  5394  5394 E A03200/testTag: later, part 2",
    ]
    parsed = parse_lines(lines)
    assert [p.cont for p in parsed] == [False, True, True, False, False, True]
    assert all(p.kind == LOG for p in parsed)
    # state carries across batches of one parser
    parser = HilogParser()
    first = parser.feed(lines[:2])
    second = parser.feed(lines[2:3])
    assert [p.cont for p in first + second] == [False, True, True]
    parser.reset()
    assert parser.feed(lines[2:3])[0].cont is False


def test_raw_line_breaks_a_group() -> None:
    parsed = parse_lines([OSS, "some noise", OSS])
    assert [p.kind for p in parsed] == [LOG, RAW, LOG]
    assert [p.cont for p in parsed] == [False, False, False]


def test_wrap_continuations() -> None:
    head = "04-19 17:02:14.736  5394  5394 E A03200/testTag: first part"
    pad = " " * 45 + "second part"
    parsed = parse_lines([head, pad])
    assert parsed[1].cont and parsed[1].message == "second part"
    assert parsed[1].tag == "testTag" and parsed[1].raw == pad


def test_ansi_colour_lines() -> None:
    # -v color: colour code before the first line of a message, reset after its last line
    lines = [
        "\x1b[38;5;196m04-19 17:02:14.736  5394  5394 E A03200/testTag: one",
        "04-19 17:02:14.736  5394  5394 E A03200/testTag: two\x1b[0m",
        "\x1b[38;5;196m04-19 17:02:14.736  5394  5394 E A03200/testTag: again\x1b[0m",
        "\x1b[38;5;40m04-19 17:02:14.737  5394  5394 I A03200/testTag: green\x1b[0m",
    ]
    parsed = parse_lines(lines)
    assert [p.kind for p in parsed] == [LOG] * 4
    assert [p.message for p in parsed] == ["one", "two", "again", "green"]
    assert [p.cont for p in parsed] == [False, True, False, False]
    assert parsed[0].raw == lines[0]  # raw stays exactly as printed
    assert parsed[3].level == "I" and parsed[3].tag == "testTag"


def test_unparseable_lines_are_kept_raw() -> None:
    for text in [
        "",
        "garbage",
        "[Fail]Not match target founded, check connect-key please",
        "04-19 17:02:14.735  5394  5394 X A03200/testTag: bad level",
        "04-19 17:02:14.735  5394 I A03200/testTag: missing tid",
        "Invalid time format",
    ]:
        line = parse_line(text)
        assert line.kind == RAW
        assert line.raw == text and line.message == text
        assert line.level == "" and line.time == ""


def test_decode_line_replaces_bad_bytes() -> None:
    text = decode_line(b"04-19 17:02:14.735  5394  5394 I A03200/testTag: bad \xff\xfe bytes\r\n")
    line = parse_line(text)
    assert line.kind == LOG
    assert line.message == "bad \ufffd\ufffd bytes"


def test_parser_survives_non_str_input() -> None:
    parsed = HilogParser().feed([b"bytes \xff line", None, OSS])  # type: ignore[list-item]
    assert [p.kind for p in parsed] == [RAW, RAW, LOG]
    assert parsed[0].raw == "bytes \ufffd line"


_FIELDS = set(HilogLine._fields)


def _check(line: HilogLine, text: str) -> None:
    assert isinstance(line, HilogLine)
    assert line.raw == text
    assert line.kind in (LOG, KMSG, DROPPED, RAW)
    assert isinstance(line.pid, int) and isinstance(line.domain, int)
    assert line.level in ("", "D", "I", "W", "E", "F")


_prefixes = st.sampled_from(
    ["", OSS[:30], NEXT_AOD[:60], "\x1b[38;5;40m", "CST ", "<6> [1.0] ", OSS, KMSG_LINE[:25]]
)


@given(st.lists(st.tuples(_prefixes, st.text()), max_size=8))
def test_never_raises_on_arbitrary_text(pieces: list[tuple[str, str]]) -> None:
    texts = [p + t for p, t in pieces]
    parsed = HilogParser().feed(texts)
    assert len(parsed) == len(texts)
    for line, text in zip(parsed, texts, strict=True):
        _check(line, text)
    for text in texts:
        _check(parse_line(text), text)
    # the same text known to be hilog (a paste in the hilog view): a columnless reading too
    lines = [ln for t in texts for ln in t.splitlines()]
    for line, text in zip(parse_hilog_text(lines), lines, strict=True):
        _check(line, text)


@given(st.lists(st.binary(max_size=300), max_size=8))
def test_never_raises_on_arbitrary_bytes(chunks: list[bytes]) -> None:
    texts = [c.decode("utf-8", errors="replace") for c in chunks]
    parsed = HilogParser().feed(texts)
    assert len(parsed) == len(texts)  # one parsed line per input, and no exception
    for line, text in zip(parsed, texts, strict=True):
        _check(line, text)


@given(
    st.integers(0, 99999),
    st.integers(0, 99999),
    st.sampled_from("DIWEF"),
    st.sampled_from(["A", "C", "I", "K", "P", ""]),
    st.integers(0, 0xFFFFF),
    st.from_regex(r"[A-Za-z][A-Za-z0-9_.]{0,20}", fullmatch=True),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n")),
)
def test_generated_lines_round_trip(
    pid: int, tid: int, level: str, typ: str, domain: int, tag: str, message: str
) -> None:
    text = f"11-15 15:51:02.087 {pid:5d} {tid:5d} {level} {typ}{domain:05x}/{tag}: {message}"
    line = parse_line(text)
    assert line.kind in (LOG, DROPPED)
    assert (line.pid, line.tid, line.level, line.domain, line.tag) == (pid, tid, level, domain, tag)
    if not message.endswith("\x1b[0m"):
        assert line.message == message
    assert not _FIELDS - set(line._asdict())

"""The Logcat-style hilog query language: every key, negation, regex, the OR/AND rule, fallback."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hmdesk.core.toolchain.hilog.line import HilogLine
from hmdesk.core.toolchain.hilog.parse import parse_line, parse_lines
from hmdesk.core.toolchain.hilog.query import IS_VALUES, KEYS, HilogQuery, QueryTerm, complete
from hypothesis import given
from hypothesis import strategies as st

L_ARKUI_W = parse_line(
    "11-15 15:51:02.100  4000  4001 W A03900/com.example.hello/ArkUI: layout slow heartbeat"
)
L_ARKUI_E = parse_line(
    "11-15 15:51:02.200  4000  4002 E A03900/com.example.hello/ArkUI: measure failed"
)
L_ARKUI_I = parse_line("11-15 15:51:02.300  4000  4001 I A03900/com.example.hello/ArkUI: draw done")
L_AOD = parse_line(
    "11-15 15:51:02.087  2823  2823 I A01B05/com.ohos.sceneboard/AOD: AodClockFullScreen --> timeFontSize:114.48"
)
L_RS = parse_line(
    "11-15 15:51:02.110  1197  1197 E C01406/render_service/OHOS::RS: [LoadImgsbyResolution] Can't find resolution"
)
L_OSS = parse_line("04-19 17:02:14.735  5394  5394 D A03200/testTag: this is a debug level hilog")
L_FATAL = parse_line("04-19 17:02:15.200  5394  5401 F A03200/testTag: fatal: something")
L_JSCRASH = parse_line(
    "04-19 17:02:15.300  5394  5394 E C03900/com.example.hello/Ace: [Engine Log]Error message: Cannot read property"
)
L_CPP = parse_line(
    "04-19 17:02:15.400   800   800 I C01300/faultloggerd/DfxFaultLogger: Generate cppcrash file"
)
L_FREEZE = parse_line(
    "04-19 17:02:15.500   900   900 W C01300/hiview/HiView: APP_FREEZE event for com.example"
)
L_REASON = parse_line(
    "04-19 17:02:15.600   800   800 E C01300/faultloggerd/Dfx: Reason:Signal:SIGSEGV(SEGV_MAPERR)"
)
L_DROP = parse_line(
    "04-19 17:02:15.001  5394  5394 W A00000/LOGLIMIT: ==LOGS OVER PROC QUOTA, 12 DROPPED=="
)
L_KMSG = parse_line("08-06 16:51:04.945 <6> [4294.967295] hungtask_base whitelist[0]-init-1")
L_RAW = parse_line("[Info]something else")
L_STACK = parse_line(
    "04-19 17:02:15.300  5394  5394 E C03900/Ace:     at onClick (entry/src/main/ets/pages/Index.ets:23:7)"
)
L_NATIVE = parse_line(
    "04-19 17:02:15.300   800   800 F C01300/faultloggerd/Dfx: #00 pc 000000000001a2b4 /system/lib64/libc.so"
)

ALL: list[HilogLine] = [
    L_ARKUI_W,
    L_ARKUI_E,
    L_ARKUI_I,
    L_AOD,
    L_RS,
    L_OSS,
    L_FATAL,
    L_JSCRASH,
    L_CPP,
    L_FREEZE,
    L_REASON,
    L_DROP,
    L_KMSG,
    L_RAW,
    L_STACK,
    L_NATIVE,
]


def pick(query: str, lines: list[HilogLine] | None = None, **kw: object) -> list[HilogLine]:
    q = HilogQuery.parse(query, **kw)  # type: ignore[arg-type]
    assert q.note is None or not q.fallback, q.note
    return q.filter(ALL if lines is None else lines, groups=False)


def test_empty_query_matches_everything() -> None:
    q = HilogQuery.parse("")
    assert q.is_empty and q.note is None and not q.fallback
    assert q.filter(ALL) == ALL
    assert HilogQuery.parse("   ").is_empty
    assert HilogQuery.parse(None).is_empty


def test_tag_substring_exact_and_regex() -> None:
    assert pick("tag:ArkUI") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("tag:arkui") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]  # case-insensitive
    assert pick("tag:arkui", case_sensitive=True) == []
    assert pick("tag:Ark") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("tag=:Ark") == []
    assert pick("tag=:arkui") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("tag~:^OHOS::") == [L_RS]
    assert pick("tag~:^(AOD|LOGLIMIT)$") == [L_AOD, L_DROP]
    assert pick("tag:OHOS::RS") == [L_RS]
    # a "/" in a tag: the parser split it off as a process; tag: with a "/" joins them back
    slashed = parse_line("04-19 17:02:14.735  1 1 I A03200/net/http: oss tag with a slash")
    assert (slashed.process, slashed.tag) == ("net", "http")
    assert pick("tag:net/http", [slashed, L_AOD]) == [slashed]
    assert pick("tag=:net/http", [slashed, L_AOD]) == [slashed]
    assert pick("tag:sceneboard/AOD", [slashed, L_AOD]) == [L_AOD]
    assert pick("-tag:t/h", [slashed, L_AOD]) == [L_AOD]


def test_level_is_that_level_and_above() -> None:
    assert pick("level:F") == [L_FATAL, L_NATIVE]
    assert pick("level:fatal") == pick("level:F") == pick("level:assert")
    errors = pick("level:E")
    assert set(errors) == {L_ARKUI_E, L_RS, L_FATAL, L_JSCRASH, L_REASON, L_STACK, L_NATIVE}
    assert pick("level:error") == errors
    assert pick("level:W") == pick("level:warn") == pick("level:warning")
    assert L_ARKUI_W in pick("level:W") and L_ARKUI_I not in pick("level:W")
    debug = pick("level:D")
    assert L_OSS in debug and L_RAW not in debug  # raw lines have no level
    assert pick("level:verbose") == debug and pick("level:V") == debug
    assert pick("level:I") == [x for x in debug if x is not L_OSS]


def test_pid_tid_domain() -> None:
    assert pick("pid:4000") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("tid:4001") == [L_ARKUI_W, L_ARKUI_I]
    assert pick("pid~:^40") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("domain:0x3200") == [L_OSS, L_FATAL]
    assert pick("domain:3200") == [L_OSS, L_FATAL]
    assert pick("domain:A03200") == [L_OSS, L_FATAL]
    assert pick("domain:C03200") == []  # type letter must match too
    assert pick("domain:0xD001406") == [L_RS]  # OS domain: hilog prints domain & 0xFFFFF
    assert pick("domain:C01406") == [L_RS]
    assert pick("domain:1b05") == [L_AOD]
    assert pick("domain~:^C013") == [L_CPP, L_FREEZE, L_REASON, L_NATIVE]


def test_process_and_package() -> None:
    assert pick("process:sceneboard") == [L_AOD]
    assert pick("package:com.example.hello") == pick("process:com.example.hello")
    assert pick("process=:render_service") == [L_RS]
    assert pick("process~:^fault") == [L_CPP, L_REASON, L_NATIVE]
    assert pick("package:mine", bundle="com.example.hello") == [
        L_ARKUI_W,
        L_ARKUI_E,
        L_ARKUI_I,
        L_JSCRASH,
    ]
    # pids (from track-jpid) also count as mine: OSS lines have no process segment
    mine = pick("package:mine", bundle="com.example.hello", pids=[5394])
    assert L_OSS in mine and L_FATAL in mine and L_ARKUI_W in mine
    assert pick("package:mine", pids=[2823]) == [L_AOD]
    q = HilogQuery.parse("package:mine level:E")
    assert not q.fallback and q.note is not None and "bundle" in q.note
    assert q.filter(ALL, groups=False) == pick("level:E")


def test_message_and_line() -> None:
    assert pick("message:heartbeat") == [L_ARKUI_W]
    assert pick("message:ArkUI") == []  # the tag is not in the message
    assert pick("line:ArkUI") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("line:4294.967295") == [L_KMSG]
    assert pick("message~:^draw") == [L_ARKUI_I]
    assert pick("line:something") == [L_FATAL, L_RAW]


def test_free_text_is_whole_line_substring_and_words_form_a_phrase() -> None:
    assert pick("ArkUI") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I]
    assert pick("layout slow") == [L_ARKUI_W]
    assert pick("slow layout") == []  # one phrase, not two words
    assert pick('"draw done"') == [L_ARKUI_I]
    assert pick('"done" "draw"') == [L_ARKUI_I]  # quoted phrases are AND-ed
    assert pick("4000 level:E") == [L_ARKUI_E]


def test_negation_and_negated_regex() -> None:
    assert pick("tag:ArkUI -message:heartbeat") == [L_ARKUI_E, L_ARKUI_I]
    assert pick("tag:ArkUI -level:E") == [L_ARKUI_W, L_ARKUI_I]
    assert pick("tag:ArkUI -message~:^(draw|measure)") == [L_ARKUI_W]
    assert pick("-tag:ArkUI -tag:AOD tag~:.") == [x for x in ALL[3:] if x.tag and x is not L_AOD]


def test_implicit_rule_same_key_or_other_keys_and() -> None:
    # (tag:ArkUI | tag:AOD) & level>=W
    assert pick("tag:ArkUI tag:AOD level:W") == [L_ARKUI_W, L_ARKUI_E]
    assert pick("tag:ArkUI tag:AOD") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I, L_AOD]
    # regex and plain terms of one key are the same group
    assert pick("tag:AOD tag~:^Ark") == [L_ARKUI_W, L_ARKUI_E, L_ARKUI_I, L_AOD]
    # package and process are one key
    assert pick("process:sceneboard package:render") == [L_AOD, L_RS]
    # level terms group: level:E level:W means >=W
    assert pick("tag:ArkUI level:E level:W") == [L_ARKUI_W, L_ARKUI_E]
    # negations are each AND-ed
    assert pick("tag:ArkUI -message:slow -message:measure") == [L_ARKUI_I]
    # free text AND-ed with the groups
    assert pick("tag:ArkUI tag:AOD done") == [L_ARKUI_I]
    # the three-term example
    assert pick("tag:ArkUI level:W -message:heartbeat") == [L_ARKUI_E]


def test_explicit_and_or_parentheses() -> None:
    assert pick("tag:AOD | level:F") == [L_AOD, L_FATAL, L_NATIVE]
    assert pick("tag:AOD || level:F") == [L_AOD, L_FATAL, L_NATIVE]
    assert pick("(tag:AOD | tag:ArkUI) & level:E") == [L_ARKUI_E]
    assert pick("(tag:AOD | tag:ArkUI) && -pid:4000") == [L_AOD]
    assert pick("level:F | tag:ArkUI & level:E") == [L_ARKUI_E, L_FATAL, L_NATIVE]
    assert pick("((level:D & tag:test) | (tag:AOD | is:dropped)) & -line:fatal") == [
        L_AOD,
        L_OSS,
        L_DROP,
    ]
    assert pick("(tag:AOD)") == [L_AOD]
    assert pick("tag~:a|b") == pick("tag~:(a|b)")  # no spaces: part of the regex


def test_age_relative_to_a_fixed_now() -> None:
    now = datetime(2026, 11, 15, 15, 51, 10)
    lines = parse_lines(
        [
            "11-15 15:51:02.087  1 1 I A00001/t: 8 s ago",
            "11-15 15:46:30.000  1 1 I A00001/t: 4 min 40 s ago",
            "11-15 13:00:00.000  1 1 I A00001/t: ~3 h ago",
            "11-13 15:51:02.087  1 1 I A00001/t: 2 days ago",
            "2026-11-15 15:51:00.000  1 1 I A00001/t: with year, 10 s ago",
            "2025-11-15 15:51:00.000  1 1 I A00001/t: with year, a year ago",
            f"{datetime(2026, 11, 15, 15, 51, 5).timestamp():.3f}  1 1 I A00001/t: epoch 5 s ago",
            "    1234.500  1 1 I A00001/t: monotonic",
            "raw line",
        ]
    )
    q = HilogQuery.parse("age:30s", now=now)
    assert q.has_age and q.note is None
    msgs = [x.message for x in q.filter(lines)]
    assert msgs == ["8 s ago", "with year, 10 s ago", "epoch 5 s ago"]
    assert [x.message for x in HilogQuery.parse("age:5m", now=now).filter(lines)] == [
        "8 s ago",
        "4 min 40 s ago",
        "with year, 10 s ago",
        "epoch 5 s ago",
    ]
    assert len(HilogQuery.parse("age:4h", now=now).filter(lines)) == 5
    assert len(HilogQuery.parse("age:3d", now=now).filter(lines)) == 6
    old = HilogQuery.parse("-age:1d", now=now).filter(lines)
    assert [x.message for x in old] == [
        "2 days ago",
        "with year, a year ago",
        "monotonic",
        "raw line",
    ]


def test_age_across_new_year() -> None:
    now = datetime(2027, 1, 1, 0, 2, 0)
    lines = parse_lines(
        [
            "12-31 23:58:00.000  1 1 I A00001/t: old year, 4 min ago",
            "12-31 23:50:00.000  1 1 I A00001/t: old year, 12 min ago",
            "01-01 00:01:00.000  1 1 I A00001/t: new year, 1 min ago",
        ]
    )
    got = [x.message for x in HilogQuery.parse("age:5m", now=now).filter(lines)]
    assert got == ["old year, 4 min ago", "new year, 1 min ago"]


def test_age_with_aware_now_and_huge_values() -> None:
    aware = datetime.now().astimezone()
    line = parse_line(
        f"{(aware - timedelta(seconds=5)).strftime('%m-%d %H:%M:%S.000')}  1 1 I A00001/t: x"
    )
    assert HilogQuery.parse("age:1m", now=aware).matches(line)
    assert HilogQuery.parse("age:99999999d").matches(line)
    assert not HilogQuery.parse("age:99999999d").fallback


def test_is_crash_dropped_stacktrace_kmsg() -> None:
    crash = pick("is:crash")
    assert crash == [L_FATAL, L_JSCRASH, L_CPP, L_FREEZE, L_REASON, L_NATIVE]
    assert pick("is:dropped") == [L_DROP]
    assert pick("is:stacktrace") == [L_STACK, L_NATIVE]
    assert pick("is:kmsg") == [L_KMSG]
    assert pick("-is:crash -is:dropped -is:kmsg tag:testTag") == [L_OSS]
    assert set(pick("is:crash is:dropped")) == set(crash) | {L_DROP}  # same key: OR


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("foo:bar", "unknown key"),
        ('tag:"unbalanced', "unbalanced quote"),
        ("tag~:[", "bad regex"),
        ("-message~:(", "bad regex"),
        ("level:loud", "unknown level"),
        ("pid:abc", "wants a number"),
        ("age:5 minutes", "age:"),
        ("domain:xyz", "hex"),
        ("is:weird", "unknown is:"),
        ("(tag:AOD", "unbalanced parenthesis"),
        ("tag:AOD |", "operator"),
        ("level~:E", "level:"),
        ("age=:5m", "age:"),
    ],
)
def test_bad_queries_fall_back_to_plain_text_with_a_note(text: str, why: str) -> None:
    q = HilogQuery.parse(text)
    assert q.fallback
    assert q.note is not None and why in q.note and "plain text" in q.note
    assert q.terms == (QueryTerm("", text.strip()),)
    # plain substring of the whole line, case-insensitive
    hit = parse_line(f"04-19 17:02:14.735  1 1 I A03200/t: xx {text.strip().upper()} yy")
    assert q.matches(hit)
    assert not q.matches(L_AOD)


def test_empty_values_are_ignored_with_a_note() -> None:
    q = HilogQuery.parse("tag: level:E")
    assert not q.fallback and q.note is not None and "tag:" in q.note
    assert q.filter(ALL, groups=False) == pick("level:E")


def test_quoted_values_and_escapes() -> None:
    spaced = parse_line('04-19 17:02:14.735  1 1 I A03200/My Tag: said "hi" there')
    assert HilogQuery.parse('tag:"My Tag"').matches(spaced)
    assert HilogQuery.parse("tag:'my tag'").matches(spaced)
    assert HilogQuery.parse(r'message:"said \"hi\""').matches(spaced)
    assert HilogQuery.parse('-tag:"My Tag"').matches(L_AOD)
    assert str(QueryTerm("tag", "My Tag")) == 'tag:"My Tag"'
    assert str(QueryTerm("message", "x", negated=True, op="~:")) == "-message~:x"


def test_terms_are_exposed_for_display() -> None:
    q = HilogQuery.parse("tag:ArkUI level:W -message:heartbeat some words")
    assert q.terms == (
        QueryTerm("tag", "ArkUI"),
        QueryTerm("level", "W"),
        QueryTerm("message", "heartbeat", negated=True),
        QueryTerm("", "some words"),
    )


def test_filter_keeps_multi_line_groups_whole() -> None:
    lines = parse_lines(
        [
            "04-19 17:02:14.736  5394  5394 E A03200/testTag: Error message: boom",
            "04-19 17:02:14.736  5394  5394 E A03200/testTag:     at onClick (Index.ets:23:7)",
            "04-19 17:02:14.737  5394  5394 I A03200/testTag: unrelated",
            "04-19 17:02:14.737  5394  5394 I A03200/testTag: unrelated part 2 boom",
        ]
    )
    q = HilogQuery.parse("is:crash")
    assert q.filter(lines) == lines[:2]
    assert q.filter(lines, groups=False) == lines[:1]
    boom = HilogQuery.parse("boom")
    assert boom.filter(lines) == [lines[0], lines[1], lines[3]]  # a continuation may match alone
    assert [x for x in lines if boom.matches(x)] == [lines[0], lines[3]]


def test_keys_and_completion() -> None:
    for key in (
        "tag",
        "level",
        "pid",
        "tid",
        "domain",
        "process",
        "package",
        "message",
        "line",
        "age",
        "is",
    ):
        assert key in KEYS
    assert set(IS_VALUES) == {"crash", "dropped", "stacktrace", "kmsg"}
    assert complete("ta") == ["tag:"]
    assert complete("level:W -pro") == ["-process:"]
    assert "tid:" in complete("t")
    assert complete("tag:Ar", tags=["ArkUI", "AOD", "Ark Two"]) == ["tag:ArkUI", 'tag:"Ark Two"']
    assert complete("-tag~:a", tags=["ArkUI"]) == ["-tag~:ArkUI"]
    assert complete("package:", processes=["com.x"]) == ["package:mine", "package:com.x"]
    assert complete("level:") == ["level:D", "level:I", "level:W", "level:E", "level:F"]
    assert complete("is:c") == ["is:crash"]
    assert complete("message:x") == []
    assert len(complete("")) == len(KEYS)


_TOKENS = [
    *list("tagmesl:~=-\"'()|&\\ x.*[]^$5ADIWEF0"),
    "tag:",
    "level:",
    "is:",
    "age:",
    " | ",
    " & ",
]


@given(st.lists(st.sampled_from(_TOKENS), max_size=25).map("".join))
def test_parse_never_raises(text: str) -> None:
    q = HilogQuery.parse(text, now=datetime(2026, 1, 1))
    for line in ALL:
        assert q.matches(line) in (True, False)
    assert isinstance(q.filter(ALL), list)


@given(st.text(max_size=60))
def test_parse_never_raises_on_any_text(text: str) -> None:
    q = HilogQuery.parse(text)
    assert isinstance(q.filter(ALL), list)
    assert q.note is None or isinstance(q.note, str)


def test_is_crash_with_a_detector_matches_the_lines_of_detected_crashes() -> None:
    """With ``crash_of`` (the detector's book) is:crash is "belongs to a detected crash":
    every line of the JS crash block, not a FATAL line of another process, not the filler; a
    crash detected after the query was compiled counts as soon as the book knows it."""
    from hmdesk.core.toolchain.crash.detect import CrashDetector
    from hmdesk.core.toolchain.hilog.parse import HilogParser

    from tests.fixtures.fakes import hdc_crash

    filler = "12-01 16:00:00.001  5394  5394 I A03200/testTag: frame 1 rendered"
    lines = HilogParser().feed(
        [filler, *hdc_crash.js_lines(5394, "00:01.579"), L_FATAL.raw, L_REASON.raw]
    )
    det = CrashDetector()
    q = HilogQuery.parse("is:crash", crash_of=det.book.crash_id_of)
    assert q.filter(lines, groups=False) == []  # nothing detected yet
    det.feed(lines)
    det.flush()
    assert det.book.groups()
    got = q.filter(lines, groups=False)
    messages = [ln.message for ln in got]
    assert any("is about to exit due to" in m for m in messages)
    assert any(m.startswith("Error message:") for m in messages)
    assert lines[0] not in got and L_FATAL not in got and L_REASON not in got
    assert got == [ln for ln in lines if det.book.crash_id_of(ln.raw) is not None]
    neg = HilogQuery.parse("-is:crash", crash_of=det.book.crash_id_of).filter(lines, groups=False)
    assert set(neg) == set(lines) - set(got)
    # no detector (a CLI dump): the text rule, FATAL and banners
    assert L_FATAL in HilogQuery.parse("is:crash").filter(lines, groups=False)

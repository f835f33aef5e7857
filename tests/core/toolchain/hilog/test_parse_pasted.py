"""Every way developers paste hilog parses into the same fields (issue 27): DevEco Studio's Log
window copy (with or without the bundle column, single or padded spacing, indented), a display
customised without time and pid, bare ``I A03d00/JSAPP: msg`` quotes — the lines are real, from
``tests/data/real_logs/hilog`` (sources in the sidecars) — while the ``hdc shell hilog`` format
is unchanged and prose stays raw text."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hmdesk.core.toolchain.hilog.line import LOG, RAW
from hmdesk.core.toolchain.hilog.parse import parse_hilog_text, parse_line, parse_lines
from hmdesk.core.toolchain.hilog.pasted import logical_lines

REAL = Path(__file__).resolve().parents[3] / "data" / "real_logs" / "hilog"


@pytest.mark.parametrize(
    ("line", "fields"),
    [
        (
            "\t08-20 11:06:01.891   1948-1948     A03d00/JSAPP                    com.examp...lication  I     getSystemCpuUsage: 0.4722222222222222",
            ("08-20 11:06:01.891", 1948, 1948, "I", "A", 0x03D00, "com.examp...lication", "JSAPP", "getSystemCpuUsage: 0.4722222222222222"),
        ),
        (
            "03-07 17:21:37.391   12276-21460   A03d00/JSAPP   E     登录失败: Error: Internal error. UI execution context not found.",
            ("03-07 17:21:37.391", 12276, 21460, "E", "A", 0x03D00, "", "JSAPP", "登录失败: Error: Internal error. UI execution context not found."),
        ),
        (
            "07-12 14:35:38.287 30369-30369 A03D00/JSAPP com.OpenH...riskpack I Token is B669",
            ("07-12 14:35:38.287", 30369, 30369, "I", "A", 0x03D00, "com.OpenH...riskpack", "JSAPP", "Token is B669"),
        ),
        (  # HarmonyOS NEXT: process/tag elided in the tag column (likuai2010/auto-installer#64)
            "06-15 01:14:08.168   51390-51390   C0390D/com.xia...er/AceOverlay  com.xiaob...nstaller  I     [(100000:100000:scope)] ResetRootNode -1284235266.",
            ("06-15 01:14:08.168", 51390, 51390, "I", "C", 0x0390D, "com.xiaob...nstaller", "AceOverlay", "[(100000:100000:scope)] ResetRootNode -1284235266."),
        ),
        (  # a narrow pid-tid column elided in the middle: pid and tid unknown (hilog/selectcontact-*)
            "03-20 16:08:59.427   7015...72203 C03900/Ace            E     [Engine Log]Js-Engine: ark",
            ("03-20 16:08:59.427", 0, 0, "E", "C", 0x03900, "", "Ace", "[Engine Log]Js-Engine: ark"),
        ),
        (
            "A03200/MY_TAG    com.example.napitestdemo    I  NAPITEST_LOGI sayHi from=js3",
            ("", 0, 0, "I", "A", 0x03200, "com.example.napitestdemo", "MY_TAG", "NAPITEST_LOGI sayHi from=js3"),
        ),
        (  # DevEco Studio 3.x's Log window: pid-tid/process, logcat-like, indented (deveco3-window-napitest)
            "    01-01 09:05:46.719 3225-3237/com.example.myapplication I A0c0d0/JSApp: app Log: napitest testOut = NapiOut",
            ("01-01 09:05:46.719", 3225, 3237, "I", "A", 0x0C0D0, "com.example.myapplication", "JSApp", "app Log: napitest testOut = NapiOut"),
        ),
        (
            "I C02e00/NAPITESTNAPILayer: sayHi:81 NAPITEST_LOGI sayHi from = js3",
            ("", 0, 0, "I", "C", 0x02E00, "", "NAPITESTNAPILayer", "sayHi:81 NAPITEST_LOGI sayHi from = js3"),
        ),
    ],
)  # fmt: skip
def test_pasted_formats_give_the_same_fields(line: str, fields: tuple[object, ...]) -> None:
    p = parse_line(line)
    assert p.kind == LOG
    assert (p.time, p.pid, p.tid, p.level, p.type, p.domain, p.process, p.tag, p.message) == fields
    assert p.raw == line


# samples whose sidecar's line count is the collector's judgment on a paste without hilog's
# columns, which the parser reads otherwise (pinned: a change shows): X's Flutter engine record
# under a fault log's 'HiLog :' header, counted 2 (the header and the engine's second line, an
# 'Error while …: …' sentence, not lines of their own); every line of a paste without columns
# is a message, the header too: 4. GG's ArkUI-X app logging on iOS (Xcode's console, no hilog
# column): the runtime's messages of several lines go on unindented (``First attempt:`` /
# ``Second attempt:`` / ``try to load abc file from … failed``), counted 7 (the bracketed
# ``[native_module_manager.cpp(…)]`` records); each unindented line is read as a message: 11
LINES_PINNED = {
    "x2-flutter-oh-scenario-2-wrong-full-snapshot-fml-kill-process.log": 4,
    "g4-arkuix-ios-promptaction-abc-missing.log": 11,
    # JJ's ``[Index] …`` line above four ``AppDfr: …`` ones: the paster's, to columnless
    "j2-arcanekey-kdf-thread-block.log": 4,
    # KK's HiCollie guide line ``.../testTag ... HiCollieTimerNdk CallBack``: every column but the
    # tag and the message elided behind ``...``, no layout's line (the corpus test's LINES_PINNED)
    "k3-hicollie-settimer-callback.log": 0,
}


def test_every_real_pasted_line_parses() -> None:
    """Each sample's log lines (its sidecar's ``lines``, written before the parser saw it) all
    parse, read as the hilog text they are (:func:`parse_hilog_text`: a paste cut to ``Tag: msg``
    or to the message alone too); a message's continuation lines (a banner, a wrapped stack) are
    not lines of their own, nor is the paster's prose between or after them."""
    for log in sorted(REAL.glob("*.log")):
        lines = [ln for ln in log.read_text(encoding="utf-8").splitlines() if ln.strip()]
        expect = tomllib.loads(log.with_suffix(".toml").read_text(encoding="utf-8"))["expect"]
        want = LINES_PINNED.get(log.name, expect["lines"])
        assert len(logical_lines(parse_hilog_text(lines))) == want, log.name


def test_hdc_format_unchanged_and_prose_stays_raw() -> None:
    p = parse_line(
        "04-13 14:58:44.278 19544 19544 W C03f00/ArkCompiler: [ecmascript] Load native module failed: @hms:ai.ocr.textRecognition"
    )
    assert (p.kind, p.pid, p.level, p.tag) == (LOG, 19544, "W", "ArkCompiler")
    for text in (
        "I think this works",
        "Build failed: see above",
        "A note/with slash I guess",
        "...",
    ):
        assert parse_line(text).kind == RAW, text


# The same fields in any column order, spacing or spelling a copy can have: DevEco Studio lets
# the Log window's columns be hidden and dragged, a copy through a spreadsheet or a chat keeps
# tabs or single spaces, and some tools spell the level out. Built from the real Log window line
# above (``08-20 11:06:01.891   1948-1948     A03d00/JSAPP    com.examp...lication  I     msg``):
# every variant must give its fields, and text that only looks a little like a log stays raw.
WINDOW_FIELDS = ("08-20 11:06:01.891", 1948, 1948, "I", 0x03D00, "JSAPP", "getSystemCpuUsage: 0.47")


@pytest.mark.parametrize(
    "line",
    [
        "08-20 11:06:01.891\t1948-1948\tA03d00/JSAPP\tcom.example.app\tI\tgetSystemCpuUsage: 0.47",
        "08-20 11:06:01.891  com.example.app  1948-1948  A03d00/JSAPP  Info  getSystemCpuUsage: 0.47",
        "I  A03d00/JSAPP  08-20 11:06:01.891  1948  1948  getSystemCpuUsage: 0.47",
        "08-20 11:06:01.891 1948 1948 INFO A03d00/JSAPP: getSystemCpuUsage: 0.47",
        "08-20 11:06:01.891 1948-1948/com.example.app I/A03d00/JSAPP: getSystemCpuUsage: 0.47",
    ],
)
def test_a_log_windows_columns_in_any_order(line: str) -> None:
    p = parse_line(line)
    assert p.kind == LOG, line
    assert (p.time, p.pid, p.tid, p.level, p.domain, p.tag, p.message) == WINDOW_FIELDS


@pytest.mark.parametrize(
    "text",
    [
        "see A03d00/JSAPP for the details",  # a tag named in prose, no level
        "I 12345/foo bar",  # a level and a domain alone
        "04-19 17:02:14.735  5394 I A03200/testTag: missing tid",  # one number: a cut line
    ],
)
def test_prose_that_looks_a_little_like_columns_stays_raw(text: str) -> None:
    assert parse_line(text).kind == RAW


def test_a_log_windows_multi_line_crash_keeps_its_stack() -> None:
    # the Log window prints a multi-line message's later lines without the columns, indented
    from hmdesk.core.toolchain.doctor import diagnose

    f = diagnose(
        "08-20 11:06:01.891   1948-1948   C03900/Ace   com.example.app   E   [Engine Log]Error message: Cannot read property name of undefined\n"
        "08-20 11:06:01.891   1948-1948   C03900/Ace   com.example.app   E   [Engine Log]Stacktrace:\n"
        "    at onClick (entry/src/main/ets/pages/Index.ets:20:7)\n"
    )
    assert f is not None and f.kind == "crash"
    assert f.location == "entry/src/main/ets/pages/Index.ets:20:7"


PASTED_AS = {
    "quoted": lambda ls: ["> " + ln for ln in ls],
    "numbered": lambda ls: [f"{i + 1}. {ln}" for i, ln in enumerate(ls)],
    "listed": lambda ls: ["- " + ln for ln in ls],
    "crlf": lambda ls: [ln + "\r" for ln in ls],
    "tab-indented": lambda ls: ["\t" + ln for ln in ls],
}


@pytest.mark.parametrize("how", sorted(PASTED_AS))
def test_every_real_hilog_line_parses_the_same_however_it_was_pasted(how: str) -> None:
    # every log line of the corpus's hilog files, quoted in an issue, numbered by a rendered
    # page, listed in a note, with Windows line ends, or indented: the same fields
    for path in sorted(REAL.glob("*.log")):
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        plain = parse_hilog_text(lines)
        pasted = parse_hilog_text(PASTED_AS[how](lines))
        for a, b in zip(plain, pasted, strict=True):
            if a.kind == RAW:
                continue
            assert (b.kind, b.time, b.pid, b.tid, b.level, b.tag, b.message.strip()) == (
                a.kind, a.time, a.pid, a.tid, a.level, a.tag, a.message.strip()
            ), f"{path.name}: {b.raw!r}"  # fmt: skip


@pytest.mark.parametrize(
    "encode",
    [
        lambda t: t.encode("utf-8"),
        lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"),
        lambda t: t.encode("utf-16"),  # PowerShell 5's `hdc hilog > log.txt`: UTF-16 LE, BOM
        lambda t: t.encode("utf-16-le"),
        lambda t: t.encode("utf-16-be"),
    ],
)
def test_a_saved_log_reads_whatever_wrote_it(encode) -> None:  # type: ignore[no-untyped-def]
    from hmdesk.core.toolchain.hilog.parse import decode_log

    text = "11-15 16:36:21.027 85926 2988188 I A03d00/JSAPP: 加载 wide\n"
    assert decode_log(encode(text)) == text
    assert parse_lines(decode_log(encode(text)).splitlines())[0].message == "加载 wide"


@pytest.mark.parametrize(
    ("line", "fields"),
    [
        (
            "C03F00/ArkCompiler: [gc] TotalGC:                 160.626 ms",
            ("C", 0x03F00, "", "ArkCompiler", "[gc] TotalGC:                 160.626 ms"),
        ),
        ("A03d00/JSAPP: onCreate", ("A", 0x03D00, "", "JSAPP", "onCreate")),
        (
            "A01B05/com.ohos.sceneboard/AOD: draw complete",
            ("A", 0x01B05, "com.ohos.sceneboard", "AOD", "draw complete"),
        ),
        (
            "C01406/OHOS::RS: [LoadImgsbyResolution] x",
            ("C", 0x01406, "", "OHOS::RS", "[LoadImgsbyResolution] x"),
        ),
        ("I02C01/CustCarrierMount:", ("I", 0x02C01, "", "CustCarrierMount", "")),
    ],
)
def test_a_line_cut_to_its_domain_and_tag_keeps_the_fields_it_has(
    line: str, fields: tuple[object, ...]
) -> None:
    # guides quote a component's lines as ``DOMAIN/Tag: msg`` (the ArkTS GC page's
    # ``C03F00/ArkCompiler: [gc] …``): a log line without time, pid, tid or level
    p = parse_line(line)
    assert p.kind == LOG, line
    assert (p.time, p.pid, p.tid, p.level) == ("", 0, 0, "")
    assert (p.type, p.domain, p.process, p.tag, p.message) == fields


@pytest.mark.parametrize(
    "text",
    [
        "see C03F00/ArkCompiler: the GC lines",  # prose before it
        "C03F00 is the ArkCompiler domain: its lines",  # no slash
        "A0320/short: four hex digits",
        "a03200/testTag: a lower-case type letter",
        "B03200/testTag: no such type letter",
        "03200/testTag: no type letter at all",
        "A03200/two words: a tag with a space",
        "A03200/testTag:no space after the colon",
        "A03200/testTag",
    ],
)
def test_prose_near_the_domain_tag_shape_stays_raw(text: str) -> None:
    assert parse_line(text).kind == RAW, text


def test_lines_without_a_level_are_not_taken_for_errors() -> None:
    # a level-less line's level is "": never read as E or F (``"" in "EF"`` would be)
    from hmdesk.core.toolchain.doctor import diagnose

    text = "\n".join(
        [
            "C03F00/ArkCompiler: [gc]  [ HPP YoungGC ] 4.2 (6) -> 1.1 (2) MB, 3.1(+0)ms, Allocation limit",
            "C03F00/ArkCompiler: [gc] TotalGC:                 3.1 ms",
            "C03F00/ArkCompiler: Heap average alive rate: 0.41",
        ]
    )
    assert all(p.kind == LOG and p.level == "" for p in parse_lines(text.splitlines()))
    assert diagnose(text) is None


def test_a_pasted_line_wrapped_onto_deeper_indented_lines_continues_there() -> None:
    """A bare or Log-window line quoted with its message wrapped onto lines indented deeper
    (hilog/phoneaccess-*) keeps its fields on the continuation; a line indented only as deep
    as the log lines around it (an elision ``...`` in an indented paste) does not continue."""
    wrapped = parse_lines(
        [
            "D C03f00/ArkCompiler: [ecmascript] Throw error: Cannot find module",
            "    'com.example.app&entry/src/main/ets/pages/Setup&1.0.0'",
            "        more of it",
            "I C03f00/ArkCompiler: next",
        ]
    )
    assert [(p.kind, p.cont, p.tag, p.level) for p in wrapped] == [
        (LOG, False, "ArkCompiler", "D"),
        (LOG, True, "ArkCompiler", "D"),
        (LOG, True, "ArkCompiler", "D"),
        (LOG, False, "ArkCompiler", "I"),
    ]
    assert wrapped[1].message == "'com.example.app&entry/src/main/ets/pages/Setup&1.0.0'"
    indented = parse_lines(
        [
            "    08-05 17:15:52.001   4684-4684    A03d00/JSAPP     pid-4684    I     one",
            "    ...",
            "    prose after it",
        ]
    )
    assert [p.kind for p in indented] == [LOG, RAW, RAW]


def test_hdc_columns_separated_by_tabs_keep_hilogs_fields() -> None:
    """hdc's columns copied with tabs as well as spaces between them, the process segment with a
    space in it (hilog/avplayer-skill-demuxer-sniffer-failed-tab-separated, the AVPlayer
    playback-failure skill document)."""
    lines = parse_lines(
        [
            "05-16 05:46:35.883\t1499\t23501 E C02B22/media service/DemuxerPluginManager: "
            "(LoadDemuxerPlugin(), 313): SnifferMediaType is failed.",
            "05-16 05:46:35.883\t1499\t23501\tE C02B3A/media service/MediaDemuxer: "
            "(InnerPrepare(), 871): Parse meta failed, ret: -7",
        ]
    )
    assert [(p.kind, p.time, p.pid, p.tid, p.level, p.domain_text, p.process, p.tag) for p in lines] == [
        (LOG, "05-16 05:46:35.883", 1499, 23501, "E", "C02B22", "media service", "DemuxerPluginManager"),
        (LOG, "05-16 05:46:35.883", 1499, 23501, "E", "C02B3A", "media service", "MediaDemuxer"),
    ]  # fmt: skip
    assert lines[0].message == "(LoadDemuxerPlugin(), 313): SnifferMediaType is failed."


def test_a_message_cut_to_its_nodict_marker_is_a_log_line_without_prefix() -> None:
    """Messages pasted without hilog's prefix but with the ``[nodict]`` marker it prints
    (hilog/faq-rdb-iscolumnnull-before-gotofirstrow, the HarmonyOS FAQ on RDB queries): the
    message alone, no time, pid, level, domain or tag; the bare word elsewhere stays text."""
    first, last = parse_lines(
        [
            "[nodict]::[PrepareStep()-sqlite_shared_result_set.cpp:42]: StoreSession "
            "BeginStepQuery fail : not select sql !",
            "[nodict]Error: Inner error. Inner code is 8",
        ]
    )
    assert (first.kind, first.time, first.pid, first.level, first.domain_text, first.tag) == (
        LOG, "", 0, "", "", ""
    )  # fmt: skip
    assert first.message.startswith("::[PrepareStep()-sqlite_shared_result_set.cpp:42]")
    assert last.message == "Error: Inner error. Inner code is 8"
    assert parse_line("the [nodict] marker").kind == RAW


def test_hiappevent_watcher_lines_read_as_message_only() -> None:
    # the hiappevent-watcher-crash-events-arkts guide's Log window lines, numbered as the page
    # prints them (ADDRESS_SANITIZER's NDK page: ``params.type="…"``, onTrigger's eventPkg too)
    lines = [
        "1. HiAppEvent onReceive: domain=OS",
        "2. HiAppEvent eventName=APP_CRASH",
        '9. HiAppEvent eventInfo.params.type="stack-buffer-overflow"',
        "HiAppEvent eventPkg.packageId=0",
        "HiAppEvent is just a word in a sentence",
    ]
    got = parse_lines(lines)
    assert [p.kind for p in got] == ["log", "log", "log", "log", "raw"]
    assert got[0].message == "HiAppEvent onReceive: domain=OS" and got[0].level == ""


def test_deveco_window_process_tag_then_process_column() -> None:
    # HarmonyOS FAQ faqs-performance-53: a Log window line with no time, ``process/tag`` elided
    line = (
        "3551-27643    C02B61/com.exa...n/ImageSource  com.examp...lication  I     "
        "CreatePixelMapExtended success, imageId:1769788704094294"
    )
    p = parse_lines([line])[0]
    assert (p.pid, p.tid, p.level, p.process, p.tag) == (
        3551,
        27643,
        "I",
        "com.examp...lication",
        "ImageSource",
    )

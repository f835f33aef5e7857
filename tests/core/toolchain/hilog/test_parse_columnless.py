"""hilog pasted with every column cut away but the tag, or every column (issue 27): a text known
to be hilog (pasted or opened in the hilog view, a corpus sample) whose lines carry no time, pid,
level or domain reads as ``Tag: msg`` records or messages alone (:func:`.pasted.columnless`);
text not known to be hilog (what the doctor reads) keeps such lines raw. The lines are the
corpus's (``tests/data/real_logs/hilog``, sources in the sidecars) or built on their shapes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.detect import detect_text
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.line import LOG, RAW, HilogLine
from hmdesk.core.toolchain.hilog.parse import parse_hilog_text, parse_lines
from hmdesk.core.toolchain.hilog.pasted import logical_lines

REAL = Path(__file__).resolve().parents[3] / "data" / "real_logs"


def _fields(p: HilogLine) -> tuple[object, ...]:
    return (p.kind, p.time, p.pid, p.tid, p.level, p.domain_text, p.process, p.tag, p.message)


def test_tag_colon_lines_are_records_with_a_tag_and_their_wrapped_part_continues() -> None:
    # hilog/jA-rustdesk-*: three tags, no frame, the loader's line wrapped onto an indented line
    text = (REAL / "hilog" / "jA-rustdesk-flutter-ohos-musl-ldso-sodium-tag-only.log").read_text(
        encoding="utf-8"
    )
    got = logical_lines(parse_hilog_text(text.splitlines()))
    assert [(p.tag, p.message) for p in got] == [
        (
            "MUSL-LDSO",
            "relocating failed: symbol not found. "
            "dso=/data/storage/el1/bundle/libs/arm64/librustdesk_ohos.so s=sodium_base642bin",
        ),
        ("MMG", "[NMM:1439] load module default/rustdesk_ohos failed."),
        ("ArkCompiler", "export objects of native so is undefined"),
    ]
    assert all(_fields(p)[:7] == (LOG, "", 0, 0, "", "", "") for p in got)
    # one line alone (hilog/f-faqs-arkgraphics-2d-9-*)
    (egl,) = parse_hilog_text(["QEGLPlatformContext: eglSwapBuffers failed: 300d"])
    assert _fields(egl) == (
        LOG, "", 0, 0, "", "", "", "QEGLPlatformContext", "eglSwapBuffers failed: 300d"
    )  # fmt: skip


def test_lines_without_a_tag_are_messages_alone() -> None:
    # hilog/kA-livo-*: the XCollie lines quoted without any column
    got = parse_hilog_text(
        [
            "BlockMonitor event name: uv_timer_task, Duration Time: 6904 ms",
            "success to submit start trace",
            "MainThread TraceCollector Start result: 0, Duration Time: 6904 ms",
        ]
    )
    assert [(p.kind, p.tag, p.level, p.domain) for p in got] == [(LOG, "", "", -1)] * 3
    assert got[0].message == "BlockMonitor event name: uv_timer_task, Duration Time: 6904 ms"
    # a message-only paste keeps one layout: a message that happens to start ``Word: `` is a
    # message too, not a tag
    mixed = parse_hilog_text(["load page Index", "Duration: 6904 ms", "render done"])
    assert [(p.tag, p.message) for p in mixed] == [
        ("", "load page Index"),
        ("", "Duration: 6904 ms"),
        ("", "render done"),
    ]


def test_the_pasters_own_lines_are_not_records() -> None:
    # hilog/kA-supertux-*: the author's summary after an elision; a Markdown fence; a rule
    got = parse_hilog_text(
        [
            "```",
            "LANGMENU get_languages: 0 ms (60 langs)",
            "LANGMENU   font fonts/NotoSansCJKjp-Medium.otf (cmn): 3333 ms",
            "... 四个 CJK 语言合计 ~14 s",
            "---",
            "```",
        ]
    )
    assert [p.kind for p in got] == [RAW, LOG, LOG, RAW, RAW, RAW]
    # in a paste that keeps the tag column, a line without a tag is not one of its records
    # (hilog/ailife-*: a hisysevent line after the hilog lines)
    tagged = parse_hilog_text(
        [
            "AceStateMgmt: @Component 'MainPage'[19] has error in update func",
            "AppKit: com.huawei.hmos.ailife is about to exit due to RuntimeError",
            "hisysevent PROCESS_KILL msg=Kill Reason:Js Error, foreground=1",
        ]
    )
    assert [p.kind for p in tagged] == [LOG, LOG, RAW]


def test_a_text_with_hilogs_columns_keeps_its_prose_raw() -> None:
    # hilog/bpta-cppcrash-case2-*: a page's comment lines between log lines are not records
    lines = [
        "ipc创建线程1创建remoteobj",
        "07-21 22:42:32.143 3952 4030 I C03900/NAPI: ArkNativeEngine:~ArkNativeEngine",
        "env has been released, used later",
    ]
    assert [p.kind for p in parse_hilog_text(lines)] == [RAW, LOG, RAW]


@pytest.mark.parametrize(
    "line",
    [
        "QEGLPlatformContext: eglSwapBuffers failed: 300d",
        "symbol not found, s=__emutls_get_address",
        "BlockMonitor event name: uv_timer_task, Duration Time: 6904 ms",
    ],
)
def test_text_not_known_to_be_hilog_keeps_such_lines_raw(line: str) -> None:
    # the doctor reads any text (a build log, a fault log, prose): a line with no hilog column
    # is no hilog line there; only a text said to be hilog reads it as one
    assert parse_lines([line])[0].kind == RAW
    assert parse_hilog_text([line])[0].kind == LOG


JS_CRASH_BY_TAGS = [
    "JSAPP: onPageShow",
    "AppKit: com.example.app is about to exit due to RuntimeError",
    "AppKit: Error type:TypeError",
    "AppKit: Error message:Cannot read property length of undefined",
    "AppKit: Stacktrace:",
    "AppKit:     at build (entry/src/main/ets/pages/Index.ets:25:13)",
]
FREEZE_BY_TAGS = [
    "JSAPP: onClick start",
    "AppDfr: reportEvent:THREAD_BLOCK_6S, pid:1234, tid:1234, bundleName:com.example.app",
    "AppMS: faultData: com.example.app,pid: 1234 will exit because APP_FREEZE",
]


def test_crash_detection_reads_a_columnless_paste() -> None:
    """The hilog view's detection (:func:`.crash.detect.detect_text`) on lines cut to ``Tag:
    msg`` whose tags differ (no run :func:`.pasted.tag_colon_runs` would take): the app's JS
    crash with its frame, a freeze's report, as in any other format."""
    lines, book = detect_text("\n".join(JS_CRASH_BY_TAGS))
    assert all(p.kind == LOG for p in lines)
    (group,) = book.groups()
    assert group.crash.type == "jscrash"
    assert group.crash.message == "Cannot read property length of undefined"
    assert [f.file for f in group.crash.frames] == ["entry/src/main/ets/pages/Index.ets"]
    _, book = detect_text("\n".join(FREEZE_BY_TAGS))
    (group,) = book.groups()
    assert (group.crash.type, group.crash.name) == ("appfreeze", "THREAD_BLOCK_6S")


def test_the_doctor_finds_a_js_error_or_a_freeze_among_bare_messages() -> None:
    # the doctor does not know the text is hilog: it reads the error and the freeze itself
    js = diagnose(
        "onPageShow enter\n"
        "TypeError: Cannot read property length of undefined\n"
        "    at build (entry/src/main/ets/pages/Index.ets:25:13)\n"
        "load done\n"
    )
    assert js is not None and js.kind == "crash"
    assert js.location == "entry/src/main/ets/pages/Index.ets:25:13"
    freeze = diagnose("\n".join(line.partition(": ")[2] for line in FREEZE_BY_TAGS))
    assert freeze is not None and freeze.kind == "freeze"

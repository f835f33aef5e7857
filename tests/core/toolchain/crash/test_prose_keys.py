"""The fault's decisive line quoted in a developer's note without its key (issue 27, the seventh
blind batch): a signal line, the runtime's fatal message, an error in a code comment, a freeze
event, with a Markdown source's backslash escapes."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog, unmark
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.parse import parse_line

from tests.fixtures.real_logs import real_log


def test_a_signal_line_in_prose_with_markdown_escapes_is_the_reason() -> None:
    text = "报错信息：SIGSEGV(SEGV\\_MAPERR)@0x0000000000000008 probably caused by NULL pointer dereference。"
    crash = parse_faultlog(text)
    assert crash.type == CPP and crash.name == "SIGSEGV"


def test_the_runtime_fatal_message_alone_is_a_native_crash_with_its_cause() -> None:
    found = diagnose(
        "直接从渲染线程调用 NAPI 回调会导致崩溃：\n\n```\necma_vm cannot run in multi-thread!\n```\n"
    )
    assert found is not None and found.kind == "crash" and "threadsafe" in found.fix


def test_an_error_quoted_in_a_code_comment_is_read() -> None:
    text = (
        "let o = JSON.parse(s) as Bean\no.isOk() // 报错：Error message:undefined is not callable\n"
    )
    assert "Error message:undefined is not callable" in unmark(text)
    found = diagnose(text)
    assert found is not None and found.kind == "crash" and "plainToInstance" in found.fix


def test_a_js_error_name_alone_as_reason_is_a_js_crash() -> None:
    crash = parse_faultlog("启动即崩：`Reason:SyntaxError`（jscrash）")
    assert crash.type == JS


def test_a_freeze_event_in_prose_needs_a_freeze_word() -> None:
    said = "The AppFreeze capture showed `THREAD_BLOCK_6S` during cold start."
    assert parse_faultlog(said).type == FREEZE
    assert "Reason:" not in unmark("The event table lists `THREAD_BLOCK_6S` and more.")


def test_a_freeze_event_named_in_a_review_or_next_to_chinese_text() -> None:
    # the words of a report (a store review, a crash, a hang) with the event's name, also with
    # no space around it in Chinese text (held-out batch K, issue 27)
    review = "AGC review: the app was rejected with APP_INPUT_BLOCK on the settings page."
    found = diagnose(review)
    assert found is not None and found.kind == "freeze" and found.code == "APP_INPUT_BLOCK"
    cjk = "审核意见另显示`BUSSINESS_THREAD_BLOCK_6S`（平板），启动时卡顿。"
    assert parse_faultlog(cjk).reason == "BUSSINESS_THREAD_BLOCK_6S"
    assert parse_faultlog("线上出现THREAD_BLOCK_6S崩溃").type == FREEZE
    # a page that lists the events still is no freeze
    assert "Reason:" not in unmark("The event table lists `APP_INPUT_BLOCK` and more.")


def test_a_process_tag_column_elided_with_its_slash_gives_the_tag() -> None:
    line = parse_line(
        "11889-11889  C03947/com.exam...AceStateMgmt com.examp...lication  E     msg here"
    )
    assert line.tag == "AceStateMgmt" and line.process == "com.examp...lication"


def test_a_fatal_hilog_line_alone_is_a_possible_crash() -> None:
    found = diagnose(
        "11-25 10:48:06.833   1394-1394     C03f00/ArkCompiler              com.examp...20596468"
        "  F     [default] resolveBufferCallback get hsp buffer failed, hsp path:/data/x.abc\n"
    )
    assert found is not None and found.kind == "crash" and not found.certain
    assert "HSP" in found.fix


def test_the_simulator_runtime_prefix_on_stack_lines_is_read() -> None:
    log = (
        "06-11 19:17:49.674 E C03f00/ArkCompiler: [ArkRuntime Log] TypeError: Cannot read "
        "property x of undefined\n"
        "06-11 19:17:49.674 E C03f00/ArkCompiler: [ArkRuntime Log]     at f "
        "(entry|entry|1.0.0|src/main/ets/pages/Index.ts:11:23)\n"
    )
    found = diagnose(log)
    assert found is not None and found.location and "Index" in found.location


def test_the_installers_chinese_words_give_the_bm_code() -> None:
    found = diagnose("> 权限请求失败导致安装失败! (tip: system_basic)")
    assert (
        found is not None
        and found.kind in ("install", "signing")
        and "9568289" in (found.meaning or "")
    )


def test_a_native_stack_symbolised_by_hand_gives_its_place() -> None:
    from hmdesk.core.toolchain.crash.frames import parse_frame

    f = parse_frame("#04 ConnectTcp                    http_client.cpp:190")
    assert f is not None and f.symbol == "ConnectTcp" and f.line == 190
    g = parse_frame("  ← hook_table (arm_ext_executor.c:6180, case 38 r0==1014)")
    assert g is not None and g.symbol == "hook_table" and g.file == "arm_ext_executor.c"


def test_the_systems_freeze_reporters_in_a_paste_are_the_freeze_they_report() -> None:
    # held-out K: AppDfr's NotifyAppFault line and AppMS's kill line, pasted with no freeze word
    livo = diagnose(real_log("appfreeze/kA-livo-notifyappfault-app-input-block.log"))
    assert livo is not None and livo.kind == "freeze" and livo.code == "APP_INPUT_BLOCK"
    # the watchdog's THREAD_BLOCK_3S warning comes first; the 6S event is the freeze that kills
    lpr = diagnose(real_log("appfreeze/kA-lprdemo-sync-napi-matrix-uvlooptask-thread-block-6s.log"))
    assert lpr is not None and lpr.kind == "freeze" and lpr.code == "THREAD_BLOCK_6S"
    assert "TaskPool" in lpr.fix or "taskpool" in lpr.fix.lower()
    # a page that lists the events, with no reporter and no freeze word, stays a list
    assert (
        parse_faultlog("Events: THREAD_BLOCK_3S, THREAD_BLOCK_6S, APP_INPUT_BLOCK").type != FREEZE
    )


def test_a_main_thread_task_xcollie_timed_over_the_watchdogs_limit_is_a_freeze() -> None:
    # held-out K: hicollie's BlockMonitor line (a main-thread task over 2 s) quoted alone
    livo = diagnose(real_log("hilog/kA-livo-blockmonitor-uv-timer-task-6904ms.log"))
    assert livo is not None and livo.kind == "freeze" and livo.code == "THREAD_BLOCK_6S"
    assert "uv_timer_task" in livo.evidence and "main thread" in livo.fix
    # 3-6 s is the watchdog's warning; under 3 s a jank it does not call a freeze
    warn = "BlockMonitor event name: uvLoopTask, Duration Time: 4100 ms"
    assert "Reason:THREAD_BLOCK_3S" in unmark(warn)
    assert diagnose("XCollie: BlockMonitor event name: uvLoopTask, Duration Time: 2500 ms") is None


def test_a_key_stack_quoted_by_name_is_a_possible_native_crash_in_its_library() -> None:
    # the Fault thread key, then the frames' function and library names without their columns
    found = diagnose("Fault thread: worker-3\nmemcpy\nOH_Foo_Bar\nlibohos_ffmpeg.so\n")
    assert found is not None and found.kind == "crash" and not found.certain
    assert found.location == "libohos_ffmpeg.so"
    # a port's library named ``libohos_<engine>.so`` is that engine's (third-party) code
    assert "libohos_ffmpeg.so (third-party code)" in found.fix and "roll back" in found.fix
    # names alone (no library): nothing says whose code it is
    assert diagnose("Fault thread: worker-3\nmemcpy\nOH_Foo_Bar\n") is None


@pytest.mark.parametrize(
    ("record", "callback"),
    [
        ("[OnSurfaceCreated] crash occured on callback", "OnSurfaceCreated"),
        ("[NativeXComponentDispatchMouseEvent] crash occured on callback", "DispatchMouseEvent"),
        ("[NAPI] Crash occurred on ProcessAsyncHandle", "ProcessAsyncHandle"),
    ],
)
def test_the_frameworks_record_of_a_callback_is_where_not_why(record: str, callback: str) -> None:
    found = diagnose(f"LastFatalMessage:{record}\n")
    assert found is not None and found.kind == "crash"
    assert callback in found.fix and "not the reason" in found.fix
    assert "names the check that failed" not in found.fix

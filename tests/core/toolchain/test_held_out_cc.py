"""What held-out batch CC (2026-12-07, its logs named ``c1-`` (failing builds from committed
hvigor debug logs) and ``c2-`` (the device's logs of the stability FAQ's later pages); scored
blind on 49c421a9, then folded in) taught: general readings, each checked on the batch's log and
on another form (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.js_frames import _class_of
from hmdesk.core.toolchain.crash.model import CPP, FREEZE
from hmdesk.core.toolchain.hilog.parse import parse_lines

from tests.fixtures.real_logs import assert_found, real_log


def test_a_task_pool_workers_stack_is_no_main_thread_caught_in_a_call() -> None:
    # a native frame of an FFRT worker (libuv's queued work) holds ``napi``: no freeze
    f = assert_found(real_log("cppcrash/c2-customscan-stop-segv.log"))
    assert f.kind == "crash"
    assert parse_faultlog(real_log("cppcrash/c2-customscan-stop-segv.log")).type == CPP
    # the main thread's stack, caught in a native call, stays a freeze's
    main = parse_faultlog(
        "Tid:1444, Name:com.example.a\n"
        "#00 pc 0000000000031e58 /system/lib64/libace_napi.z.so(napi_call_function+96)\n"
        "#01 pc 0000000000022ba4 /system/lib64/libeventhandler.z.so(OHOS::AppExecFwk::"
        "EventRunner::Run()+120)\n"
    )
    assert main.type == FREEZE


def test_a_native_apis_masked_throw_then_the_runtimes_pending_error() -> None:
    # ArkUI's ``napi throw errCode <private>``, the napi bridge's ``occur exception need
    # return``, the runtime's pending exception, then ``Error: …`` with the JS stack
    f = assert_found(real_log("hilog/c2-unfocusable-ancestor-arkcompiler.log"))
    assert f.kind == "crash" and "requestFocus" in f.meaning
    assert f.location is not None and f.location.startswith("@abner/input_box/")


def test_a_frameworks_bridge_file_names_its_class() -> None:
    assert _class_of("obj/foundation/arkui/jsUIContext_ohos.js") == "UIContext"
    assert _class_of("frameworks/js/insight_intent_context.js") == "InsightIntentContext"


def test_the_log_windows_lines_with_the_domain_and_tag_columns_hidden() -> None:
    line = parse_lines(["07-07 15:31:11.045   52975-52975   I  [(1000000:1000000:scope)] Click"])[0]
    assert (line.time, line.pid, line.tid, line.level) == ("07-07 15:31:11.045", 52975, 52975, "I")
    assert line.message == "[(1000000:1000000:scope)] Click"
    # hdc's own layout (pid and tid apart) keeps its domain and tag
    hdc = parse_lines(["07-07 15:31:11.045 52975 52975 I A03D00/JSAPP: x"])[0]
    assert hdc.tag == "JSAPP"


def test_an_audio_stream_called_in_the_wrong_state() -> None:
    f = assert_found(real_log("hilog/c2-audio-pause-illegal-state.log"))
    assert f.kind == "hilog" and "audioInterrupt" in f.fix and "state 5" in f.fix
    other = assert_found(
        "11-29 13:26:31.788 29373  9667 E C02B83/com.example.a/AudioRenderer: "
        "[Start]State of stream is not prepared. Illegal state:4\n"
    )
    assert "Start in state 4" in other.fix

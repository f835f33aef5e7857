"""Causes read from the stack's shape and the fault address (issue 27, held-out batch K folded in):
jemalloc's own functions under malloc/free, a pointer loaded from freed memory (0x6b fill), an
uncaught C++ exception seen only in its frames, a thread-safe function called after its release,
a freeze named above a stack without a signal, and a fault log cut after its header. Real logs
from ``tests/data/real_logs`` (sources in their sidecars) first, then variants of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.causes import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.model import CPP, FREEZE
from hmdesk.core.toolchain.doctor import diagnose

REAL = Path(__file__).resolve().parents[3] / "data" / "real_logs"


def real(kind: str, name: str) -> str:
    return (REAL / kind / f"{name}.log").read_text(encoding="utf-8")


def assert_cause(text: str, *words: str) -> str:
    why = explain(parse_faultlog(text))
    assert why is not None, text[:200]
    said = f"{why.cause} {why.fix}"
    for w in words:
        assert w in said, (w, said)
    return said


def test_jemallocs_own_functions_on_top_mean_the_heap_was_written_over() -> None:
    text = real("cppcrash", "aimm-rules-jemalloc-edata-heap-remove")
    said = assert_cause(text, "heap was corrupted", "HWASan")
    assert "No known cause" not in said
    # the reference's other signature: emap_update_edata_state under free()
    variant = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000007f00001000\n"
        "#00 pc 00000000000f1111 /system/lib/ld-musl-aarch64.so.1(emap_update_edata_state+88)\n"
        "#01 pc 00000000000f2222 /system/lib/ld-musl-aarch64.so.1(je_free_default+300)\n"
        "#02 pc 0000000000012345 /data/storage/el1/bundle/libs/arm64/libentry.so(Cache::Drop()+20)\n"
    )
    assert_cause(variant, "heap was corrupted")
    # an app function that merely starts like one of jemalloc's is not read as the allocator
    app = variant.replace(
        "/system/lib/ld-musl-aarch64.so.1(emap_update_edata_state",
        "/data/storage/el1/bundle/libs/arm64/libgame.so(extent_of_map",
    )
    app = app.replace(
        "/system/lib/ld-musl-aarch64.so.1(je_free_default",
        "/data/storage/el1/bundle/libs/arm64/libgame.so(Map::Load",
    )
    why = explain(parse_faultlog(app))
    assert why is None or "heap was corrupted" not in why.cause


def test_an_address_from_freed_memory_is_a_use_after_free() -> None:
    text = real("cppcrash", "aimm-rules-waterflow-uaf-0x6b")
    assert_cause(text, "use-after-free", "0x6b")
    # jemalloc's fill byte across the whole pointer
    filled = text.replace("0x006b9cacf62f37a1", "0x6b6b6b6b6b6b6b6b")
    assert_cause(filled, "use-after-free")
    # another wild address stays a corrupted pointer, not a use after free
    other = text.replace("0x006b9cacf62f37a1", "0x00c39cacf62f37a1")
    said = assert_cause(other, "wild")
    assert "use-after-free" not in said


def test_a_crash_in_system_code_does_not_call_it_the_apps_own() -> None:
    said = assert_cause(real("cppcrash", "aimm-rules-waterflow-uaf-0x6b"))
    assert "Top frame of the app's own code" not in said
    assert "No frame of the app's own code is in the stack" in said


def test_an_uncaught_cpp_exception_seen_only_in_the_frames() -> None:
    crash = parse_faultlog(real("cppcrash", "mmkv-1295-throw-length-error-sigabrt"))
    why = explain(crash)
    assert why is not None and "nothing caught it" in why.cause
    assert why.third_party == "libmmkv.so" and "third-party" in why.fix
    # the frame that names the exception, from a library of the app's own
    own = (
        "Reason:Signal:SIGABRT(SI_TKILL)@0x01317b2a0000b6d7 from:1:2\n"
        "Fault thread info:\n"
        "#00 pc 000000000017faa4 /system/lib/ld-musl-aarch64.so.1(raise+124)\n"
        "#01 pc 0000000000137394 /system/lib/ld-musl-aarch64.so.1(abort+20)\n"
        "#02 pc 000000000005d454 /data/storage/el1/bundle/libs/arm64/libentry.so"
        "(std::__n1::__throw_out_of_range[abi:v15004](char const*)+60)\n"
        "#03 pc 000000000005d500 /data/storage/el1/bundle/libs/arm64/libentry.so(Table::At(int)+40)\n"
    )
    assert_cause(own, "nothing caught it", "out_of_range")


def test_a_thread_safe_function_called_after_its_view_was_released() -> None:
    crash = parse_faultlog(real("cppcrash", "libpag-2418-tsfn-after-close-sigsegv"))
    why = explain(crash)
    assert why is not None and "thread-safe function" in why.cause
    assert "napi_release_threadsafe_function" in why.fix and why.third_party == "libpag.so"
    # the same call in a stack that did not fault is no such crash
    calm = real("cppcrash", "libpag-2418-tsfn-after-close-sigsegv").replace(
        "Reason:Signal:SIGSEGV(SEGV_ACCERR)@0x0000005b3bf09500 ",
        "Reason:Signal:SIGABRT(SI_TKILL)@0x1",
    )
    again = explain(parse_faultlog(calm))
    assert again is None or "thread-safe function" not in again.cause


def test_a_freeze_named_above_a_stack_without_a_signal() -> None:
    text = real("appfreeze", "libpag-2781-thread-block-6s-main-stack-tail")
    crash = parse_faultlog(text)
    assert crash.type == FREEZE and crash.reason == "THREAD_BLOCK_6S"
    why = explain(crash)
    # only the event loop's frames: the blocking frame is in the part that was cut
    assert why is not None and "only the bottom of the main thread's stack" in why.cause
    assert "#00" in why.fix
    finding = diagnose(text)
    assert finding is not None and finding.kind == "freeze" and finding.code == "THREAD_BLOCK_6S"
    # a native crash whose note mentions a freeze event keeps its signal's type
    crashed = text + "\nReason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000008\n"
    assert parse_faultlog(crashed).type == CPP


@pytest.mark.parametrize("first", ["#00", "#01", "#02"])
def test_a_whole_main_thread_stack_is_not_called_cut(first: str) -> None:
    stack = "\n".join(
        line.replace("#51", first, 1) if i == 0 else line
        for i, line in enumerate(
            ln
            for ln in real("appfreeze", "libpag-2781-thread-block-6s-main-stack-tail").splitlines()
            if ln.startswith("#") and " pc " in ln
        )
    )
    why = explain(parse_faultlog("Reason:THREAD_BLOCK_6S\n" + stack))
    assert why is not None and "only the bottom" not in why.cause


def test_a_fault_log_cut_after_its_header_says_the_frames_are_missing() -> None:
    said = assert_cause(
        real("cppcrash", "sqlite3-ohos-7-release-sigabrt-header"), "cut after its header"
    )
    # a log with its frames says nothing of the kind
    whole = assert_cause(real("cppcrash", "mmkv-1295-throw-length-error-sigabrt"))
    assert "cut after its header" not in whole and said


def test_a_freeze_in_a_synchronous_clipboard_read() -> None:
    # the report's own words (no stack): possibly, with the pasteboard's async read as the fix
    said = assert_cause(real("appfreeze", "qt-agc-review-input-block-business-thread"), "clipboard")
    assert "possibly" in said and "getData" in said
    # the main thread's stack under the pasteboard's sync read: the blocking frame names it
    stack = (
        "Reason:APP_INPUT_BLOCK\n"
        "Tid:100, Name:com.example.app\n"
        "#00 pc 0000000000001000 /system/lib/ld-musl-aarch64.so.1(ioctl+176)\n"
        "#01 pc 0000000000002000 /system/lib64/platformsdk/libipc_core.z.so"
        "(OHOS::BinderConnector::WriteBinder(unsigned long, void*)+100)\n"
        "#02 pc 0000000000003000 /system/lib64/platformsdk/libpasteboard_client.z.so"
        "(OHOS::MiscServices::PasteboardClient::GetPasteData(OHOS::MiscServices::PasteData&)+80)\n"
        "#03 pc 0000000000004000 /data/storage/el1/bundle/libs/arm64/libqohos.so(OnClipboardChanged()+40)\n"
    )
    assert_cause(stack, "clipboard", "libqohos.so")
    # a freeze report that does not speak of the clipboard gets no such reading
    other = assert_cause(real("appfreeze", "tieba-favorite-avatar-burst-thread-block-6s"))
    assert "clipboard" not in other

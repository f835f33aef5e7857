"""Cangjie crashes, read with the JS crashes: the fault log (``Reason:std.core:…``, ``Exception
info``, ``.cj`` frames), HiAppEvent's APP_CRASH with crash_type CjError; and the fault-log shapes
that came with them (a freeze named only by its summary line, a JS stack pasted on one line, a
native crash event). The texts are built from the Cangjie crash guide's layout with other
names, exceptions and lines, so each rule is checked on a log it was not written from."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.location import where
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS
from hmdesk.core.toolchain.doctor import diagnose


def cangjie_log(reason: str, info: str, top: str = "") -> str:
    return "\n".join(
        [
            f"Reason:{reason}",
            "Uncaught exception was found.",
            f"Exception info: {info}",
            "Stacktrace:",
            *([top] if top else []),
            "    at std.collection.ArrayList<...>::get(Int64)(std/collection/array_list.cj:212)",
            "    at ohos_app_cangjie_shop.CartModel::total()(shop\\src\\main\\cangjie/model/cart.cj:57)",
            "    at ohos_app_cangjie_shop.CartView::build::lambda.0()(shop\\src\\main\\cangjie/cart_view.cj:31)",
            "    at _CCN19ohos_app_cangjie_shop8CartView5buildHvEL_E_3$i(:0)",
            "    at ohos.ffi.ohosFFICJCallbackInvoker(Int64, Int32, CPointer<...>, CPointer<...>)(ffi_callback.cj:172)",
        ]
    )


def test_a_cangjie_frame_reads_its_function_file_and_line() -> None:
    f = parse_frame(
        "    at ohos_app_cangjie_shop.CartModel::total()(shop\\src\\main\\cangjie/model/cart.cj:57)"
    )
    assert f is not None
    assert (f.symbol, f.line, f.source) == (
        "ohos_app_cangjie_shop.CartModel::total",
        57,
        "shop/src/main/cangjie/model/cart.cj",
    )
    generic = parse_frame("at std.collection.HashMap<...>::[](T0)(std/collection/hash_map.cj:835)")
    assert generic is not None and generic.file == "std/collection/hash_map.cj"
    assert generic.source is None  # the std library, not the app's code


def test_a_cangjie_fault_log_gives_the_error_and_the_apps_own_cj_line() -> None:
    crash = parse_faultlog(cangjie_log("std.core:IndexOutOfBoundsException", "index 3, size 3"))
    assert (crash.type, crash.name, crash.message) == (
        JS,
        "std.core:IndexOutOfBoundsException",
        "index 3, size 3",
    )
    # the std library's and the FFI glue's .cj frames are passed over for the app's own
    assert where(crash)[0] == "shop/src/main/cangjie/model/cart.cj:57"
    explained = explain(crash)
    assert explained is not None and "IndexOutOfBoundsException" in explained.fix
    # the record's title (the crash card's, the doctor's) names the language
    assert crash.title == "Cangjie crash"
    assert parse_faultlog("Reason:TypeError\nError name:TypeError\n").title == "JS crash"


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("std.core:OutOfMemoryError", ("Profiler", "cjHeapSize")),
        ("std.core:StackOverflowError", ("recursion",)),
        ("std.core:NoneValueException", ("contains", "try-catch")),
        ("std.core:IllegalArgumentException", ("try-catch",)),  # any other: catch or check
    ],
)
def test_each_cangjie_error_gets_its_cause(reason: str, words: tuple[str, ...]) -> None:
    finding = diagnose(cangjie_log(reason, "[none]"))
    assert finding is not None and finding.kind == "crash"
    assert finding.meaning is not None and finding.meaning.startswith("Cangjie crash: ")
    assert all(w in finding.fix for w in words), finding.fix
    assert finding.location == "shop/src/main/cangjie/model/cart.cj:57"


def test_an_arkts_out_of_memory_is_not_read_as_cangjie() -> None:
    finding = diagnose(
        "Error name:RangeError\nError message:OutOfMemory: allocate array failed\n"
        "Stacktrace:\n    at load (entry|entry|1.0.0|src/main/ets/pages/Big.ts:12:3)\n"
    )
    assert finding is not None and finding.meaning is not None
    assert "Cangjie" not in finding.meaning and "cjHeapSize" not in finding.fix


def test_hiappevent_app_crash_of_a_cangjie_error_points_at_its_fault_log() -> None:
    lines = [
        "HiAppEvent eventInfo.domain=OS",
        "HiAppEvent eventInfo.name=APP_CRASH",
        "HiAppEvent eventInfo.params.bundle_name=com.example.shop",
        "HiAppEvent eventInfo.params.crash_type=CjError",
        'HiAppEvent eventInfo.params.exception={"message":"none","name":"none","stack":"none"}',
        "HiAppEvent eventInfo.params.external_log=[/data/storage/el2/log/hiappevent/APP_CRASH_1_2.log]",
        "HiAppEvent eventInfo.params.pid=4711",
    ]
    finding = diagnose("\n".join(lines))
    assert finding is not None and finding.kind == "crash"
    assert "external_log" in finding.fix and finding.meaning is not None
    assert finding.meaning.startswith("Cangjie crash: ")
    # without the exception line too: the crash type alone says it is a crash event
    assert diagnose("\n".join(ln for ln in lines if "exception=" not in ln)) is not None


def test_hiappevent_native_crash_event_is_a_native_crash() -> None:
    crash = parse_faultlog(
        "HiAppEvent eventInfo.name=APP_CRASH\nHiAppEvent eventInfo.params.crash_type=NativeCrash\n"
    )
    assert (crash.type, crash.parsed) == (CPP, True)


def test_a_freeze_named_only_by_its_summary_line_has_its_event_as_the_code() -> None:
    text = (
        "summary:\nappfreeze: com.example.reader APP_INPUT_BLOCK at 20260101120000\n\n"
        "Tid:1200, Name:example.reader\n"
        "#00 pc 00000000001b9438 /system/lib/ld-musl-aarch64.so.1(__timedwait_cp+192)(f77c)\n"
        "#01 pc 00000000000c11c0 /system/lib64/libc++.so(std::__h::mutex::lock()+12)(7817)\n"
    )
    crash = parse_faultlog(text)
    assert (crash.type, crash.reason) == (FREEZE, "APP_INPUT_BLOCK")
    finding = diagnose(text)
    assert finding is not None and finding.code == "APP_INPUT_BLOCK"


def test_a_js_stack_pasted_on_one_line_keeps_every_frame() -> None:
    crash = parse_faultlog(
        "Error name:TypeError Error message:Cannot read property id of undefined "
        "Stacktrace: at render (entry|entry|1.0.0|src/main/ets/pages/List.ts:40:7) "
        "at anonymous (entry|entry|1.0.0|src/main/ets/pages/List.ts:88:1)"
    )
    assert [f.line for f in crash.frames] == [40, 88]
    assert where(crash)[0] == "entry/src/main/ets/pages/List.ets:40:7"


def test_any_crash_event_without_a_stack_points_at_the_fault_log_it_names() -> None:
    # a JS crash event whose exception carries nothing: the structural reading, no signature
    crash = parse_faultlog(
        "HiAppEvent eventInfo.name=APP_CRASH\nHiAppEvent eventInfo.params.crash_type=JsError\n"
        'HiAppEvent eventInfo.params.exception={"message":"","name":"","stack":""}\n'
        "HiAppEvent eventInfo.params.external_log=[/data/storage/el2/log/hiappevent/APP_CRASH_9.log]\n"
    )
    explained = explain(crash, ())
    assert explained is not None
    assert "/data/storage/el2/log/hiappevent/APP_CRASH_9.log" in explained.fix

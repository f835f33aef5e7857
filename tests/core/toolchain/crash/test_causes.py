"""Why, not only what (issue 27): the cause table on real fault logs (``tests/data/real_logs``,
sources in the sidecars), the frame to look at, third-party code named, and no cause when the
evidence supports none."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.location import where
from hmdesk.core.toolchain.crash.model import JS, Crash

from tests.fixtures.real_logs import assert_cause, assert_reads, real_log

REAL = Path(__file__).resolve().parents[3] / "data" / "real_logs"


def crash_of(kind: str, name: str) -> Crash:
    return parse_faultlog((REAL / kind / f"{name}.log").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("kind", "name", "cause", "location"),
    [
        ("jscrash", "missing-provide", "@Consume has no matching @Provide", "entry/src/main/ets/pages/Home.ets:6:1"),
        ("jscrash", "not-initialized", "circular import", "src/main/ets/pages/home/NewsPage.ets:174:1"),
        ("jscrash", "faq-nfc-api-absent", "absent on this device", "src/main/ets/utils/NFCUtil.ets:52:1"),
        ("jscrash", "stack-overflow-recursion", "unbounded recursion", "src/main/ets/utils/MsgRichEditorTools.ets:226:1"),
        ("jscrash", "ui-context-100001", "outside a UI context", "src/main/ets/viewmodel/login/QuickLoginManager.ets:474:1"),
        ("cppcrash", "gc-thread-object-exception", "wrong thread through N-API", None),
        ("cppcrash", "flutter-engine-mode-mismatch", "different modes", None),
        ("appfreeze", "old-eventname-thread-block-6s", "main thread was blocked", None),
        ("appfreeze", "lifecycle-timeout", "lifecycle callback", None),
        ("appfreeze", "app-input-block", "touch or key event", None),
        # the best-practice CppCrash fault-mode pages, copied with their <strong> markup (27g)
        ("cppcrash", "bpta-sigill-ud2-instruction", "illegal instruction", "TriggerUD2Instruction(napi_env__*, napi_callback_info__*))"),
        ("cppcrash", "bpta-sigtrap-brk-instruction", "trap instruction ran", "TriggerBrkInstruction(napi_env__*, napi_callback_info__*))"),
        ("cppcrash", "bpta-sigtrap-double-free", "freed twice", "TriggerDoubleFreeTrap(napi_env__*, napi_callback_info__*))"),
        ("cppcrash", "bpta-sigbus-misaligned-function-pointer", "misaligned", "TestSigBusADRALN002(napi_env__*, napi_callback_info__*))"),
        ("cppcrash", "bpta-sigbus-mmap-truncated", "past its end", "libentry.so(AccessMmapOverFlow())"),
        ("appfreeze", "arkweb-render-too-many-events", "event queue holds", None),
        # a note quoting the keys in its prose (27g)
        ("appfreeze", "dshm-sync-rmdir-lifecycle-timeout", "lifecycle callback", None),
        ("jscrash", "pi-agent-textencoder-not-defined", "global name", "index.js:2027:14"),
    ],
)  # fmt: skip
def test_real_faults_get_a_cause(kind: str, name: str, cause: str, location: str | None) -> None:
    why = explain(crash_of(kind, name))
    assert why is not None and cause in why.cause and why.fix
    if location is not None:
        assert why.location is not None and why.location.endswith(location)


def test_the_apps_own_frame_under_a_library_and_the_library_named() -> None:
    # BusinessError thrown in the @xx/push HAR, called from the app's JPushManager
    why = explain(crash_of("jscrash", "app-thrown-api-error"))
    assert why is not None and why.third_party == "@xxx/network" and "third-party" in why.fix
    text = (REAL / "jscrash" / "faq-putsync-undefined.log").read_text(encoding="utf-8")
    mixed = parse_faultlog(
        text.replace("  at saveData (entry/src/main/ets/pages/Index.ets:71:5)",
                     "  at put (@ohos/store|@ohos/store|1.0.0|src/main/ets/Store.ts:9:1)\n  at saveData (entry/src/main/ets/pages/Index.ets:71:5)")
    )  # fmt: skip
    why = explain(mixed)
    assert why is not None and why.third_party == "@ohos/store"
    assert why.location == "entry/src/main/ets/pages/Index.ets:71:5"


def test_weak_evidence_is_possibly_and_none_is_none() -> None:
    why = explain(Crash(type=JS, name="TypeError", message="x is not callable"))
    assert why is not None and not why.certain
    # a TypeError nothing names is still read from its name, as "possibly"
    new = explain(Crash(type=JS, name="TypeError", message="something new entirely"))
    assert new is not None and not new.certain and "something new entirely" in new.fix
    assert explain(Crash(type=JS, name="WeirdThing", message="something new entirely")) is None


@pytest.mark.parametrize(
    ("name", "cause", "place"),
    [
        # LastFatalMessage CheckThread: the first caller past the runtime and N-API plumbing
        ("napi-checkthread-motion", "from a thread other than", "MotionEventNapi::InsertRef"),
        # a stack that runs JS through N-API and then touches a bad address: possibly
        ("napi-showtoast-json-stringify", "corrupted earlier", "entry/src/main/ets/common/Transfertask.ets:406:52"),
        ("napi-taskpool-crypto-js-null", "corrupted earlier", "src/main/ets/x14/z14.ets:18:1"),
        # the crash is inside an N-API entry point: the handle it got is no longer valid
        ("napi-env-use-after-free", "no longer valid", "NAPIRemoteObject::~NAPIRemoteObject"),
        ("napi-gc-concurrent-mark", "wrong thread through N-API", None),
    ],
)  # fmt: skip
def test_n_api_used_wrongly_is_named(name: str, cause: str, place: str | None) -> None:
    why = explain(crash_of("cppcrash", name))
    assert why is not None and cause in why.cause, why
    if place is not None:
        assert why.location is not None and place in why.location


def test_a_crash_in_a_runtime_the_app_ships_names_it() -> None:
    # a HarmonyOS RNOH app crashing inside libhermes.so: the nearest frame outside it is named
    why = explain(crash_of("cppcrash", "rnoh-libhermes-makehermesruntime"))
    assert why is not None and why.third_party == "libhermes.so"
    assert why.location is not None and "HermesExecutorFactory::createJSExecutor" in why.location
    assert "nearest own frame" in why.fix and why.fix.count(why.location) == 1


def test_a_so_export_error_from_a_har_is_an_abi_problem_in_that_har() -> None:
    # ywl5320/wlmedia#59 on the emulator: the HAR's .so has no x86_64 build; no app frame
    why = explain(crash_of("jscrash", "wlmedia-so-export-emulator"))
    assert why is not None and "ABI" in why.cause and "x86_64" in why.fix
    assert why.third_party == "@ywl5320/libwlmedia"
    assert "no frame of the app's own code" in why.fix


def test_a_package_scoped_under_the_app_is_the_apps_own_code() -> None:
    # ``dcar|@dcar/utils|…`` is the app's HAR; ``dcar|@ohos/crypto-js|…`` is a library
    _location, third = where(crash_of("cppcrash", "napi-taskpool-crypto-js-null"))
    assert third == "@ohos/crypto-js"


@pytest.mark.parametrize(
    ("kind", "name", "location"),
    [
        # the .ets frame under a compiled .js one; a Windows path with doubled backslashes
        ("jscrash", "settings-notification-invalid-arg", "pages/noticeApp/notificationManage.ets:31:5"),
        ("jscrash", "settings-softwareupdate-timer-not-cleared", "/MainAbility/pages/softwareUpdate.ets:512:25"),
        # the stack quoted on the Stacktrace key's line, the frame without its ')'
        ("jscrash", "obfuscation-reflect-not-callable", "src/main/ets/annotations/FieldType.ets:6:1"),
        # frames printed '# 00 pc …' by the docs page
        ("cppcrash", "docs-kernel-address-write", "libentry.so(TriggerCrash(napi_env__*, napi_callback_info__*))"),
        # the app's library has no symbol: the ArkTS line that called it
        ("cppcrash", "fdsan-double-close", "xsan_fileHandleCloseillegally.ets:39:30"),
    ],
)  # fmt: skip
def test_the_place_is_the_most_precise_frame_of_the_apps_own(
    kind: str, name: str, location: str
) -> None:
    place, third = where(crash_of(kind, name))
    assert place is not None and place.endswith(location), place
    assert (third is not None) == (name == "obfuscation-reflect-not-callable")


def test_a_release_build_that_cannot_call_into_a_har_may_be_obfuscation() -> None:
    why = explain(crash_of("jscrash", "obfuscation-reflect-not-callable"))
    assert why is not None and not why.certain and "obfuscation" in why.cause
    plain = explain(crash_of("jscrash", "settings-udisk-api-absent"))  # no raw stack, no HAR
    assert plain is not None and "obfuscation" not in plain.cause


# --- held-out batch K (issue 27): real logs of ``tests/data/real_logs`` (sources in the
# sidecars) and variants of them


def real(kind: str, name: str) -> str:
    return real_log(f"{kind}/{name}.log")


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


def test_a_fault_log_cut_after_its_header_says_the_frames_are_missing() -> None:
    said = assert_cause(
        real("cppcrash", "sqlite3-ohos-7-release-sigabrt-header"), "cut after its header"
    )
    # a log with its frames says nothing of the kind
    whole = assert_cause(real("cppcrash", "mmkv-1295-throw-length-error-sigabrt"))
    assert "cut after its header" not in whole and said


def test_a_lazy_import_read_through_a_re_export_is_named() -> None:
    """``module environment is undefined``: the lazy import guide's re-exported lazy variable
    (jscrash/lazy-import-reexport-module-environment-undefined, lines verbatim)."""
    f = assert_reads(
        "1. ReferenceError: module environment is undefined\n2. at func_main_0 (A_ns.js:2:13)\n",
        "crash",
        "A_ns.js:2:13",
        "re-export",
        "reExportCheckMode",
    )
    assert not f.certain


def test_a_workers_call_that_is_not_callable_points_at_a_destroyed_sdk() -> None:
    """A worker's onerror line with the file it names in the release layout (jscrash/tuanjie-
    worker-destroyed-sdk-not-callable, the Graphics Accelerate Kit launch FAQ)."""
    assert_reads(
        "1. TuanjieMainWorker Error TypeError: undefined is not callable "
        "entry|entry|1.0.0|src/main/ets/workers/TuanjieMainWorkerHandler.ts\n",
        "crash",
        "src/main/ets/workers/TuanjieMainWorkerHandler.ts",
        "onDestroy",
        "try-catch",
    )


def test_cannot_find_record_in_curled_quotes_names_clean_build_and_obfuscation() -> None:
    """The record quoted with a forum's curled quotes (jscrash/sf-release-obfuscation-cannot-
    find-record-obu, SegmentFault 1010000046160636): the same cause as straight quotes."""
    said = assert_cause(
        real("jscrash", "sf-release-obfuscation-cannot-find-record-obu"), "modules.abc"
    )
    assert "Clean Project" in said and "-keep-file-name" in said


def test_obfuscated_file_names_with_digits_say_obfuscation() -> None:
    """ArkGuard's renamed files (``player/z/a1.js``) under a module's own folder (jscrash/sf-
    obfuscated-har-prevent-extensions, SegmentFault 1010000046158444)."""
    assert_cause(
        real("jscrash", "sf-obfuscated-har-prevent-extensions"), "obfuscated", "byte-code HAR"
    )


def test_a_result_set_read_before_a_row_is_named() -> None:
    """RDB's NAPI throwing from a ResultSet's column read, then the runtime's report of it
    (hilog/faq-rdb-iscolumnnull-before-gotofirstrow, the HarmonyOS FAQ faqs-local-database-
    management-15, lines verbatim)."""
    f = assert_reads(
        "[nodict]::[IsColumnNull()-napi_result_set.cpp:503]: throw error: code = 14800000 , "
        "message = Inner error. Inner code is 8\n\n"
        "[nodict][ecmascript] Pending exception before IsMixedDebugEnabled called in line:3200, "
        "exception details as follows:\n\n"
        "[nodict]Error: Inner error. Inner code is 8\n",
        "crash",
        None,
        "goToFirstRow",
    )
    assert f.code == "14800000"


def test_a_call_through_a_freed_function_pointer_is_a_use_after_free() -> None:
    # bpta-stability-coding-standard-libuv (libuv使用规范及案例, 案例二 场景一): after_work_cb read
    # from a freed uv_work_t; the pc is the fault address, 0xdd fill with a few bits changed
    said = assert_cause(
        """Reason:Signal:SIGBUS(BUS_ADRALN)@0xddde2ddf82f7dddd
Fault thread info:
Tid:13724, Name:crasher_cpp
#00 pc ddde2ddf82f7dddd Not mapped
#01 pc 000000000007c2fc /system/lib64/platformsdk/libruntime.z.so    (430e3acd9544f1f7ca5b27a4cecc0195)
#04 pc 000000000002b5cc /system/lib64/chipset-pub-sdk/libeventhandler.z.so(OHOS::AppExecFwk::(anonymous namespace)::EventRunnerImpl::Run()+880)(b89cf5c314801ffd0e29111078d34982)
""",
        "use-after-free",
        "after_work_cb",
    )
    assert "misaligned" not in said


# NipaPlay-Reload's copy of the OpenHarmony Flutter docs (稳定性问题场景案例, case 一): a debug
# flutter.har in a released app
FLUTTER_DEBUG_JIT = """Reason:Signal:SIGABRT(SI_TKILL)@0x01317b3200001106 from:4358:20020018
LastFatalMessage:../../third_party/dart/runtime/vm/virtual_memory_posix.cc: 74: error: mmap failed: 22 (Invalid argument)
Fault thread info:
Tid:4358, Name:ths.wifi_camera
#00 pc 0000000000199e5c /system/lib/ld-musl-aarch64.so.1(raise+228)(c66b0063d30004b77342b1dde06f68b1)
#01 pc 0000000000146f8c /system/lib/ld-musl-aarch64.so.1(abort+20)(c66b0063d30004b77342b1dde06f68b1)
#02 pc 0000000003d1271c /data/storage/el1/bundle/libs/arm64/libflutter.so(fedfd138e5142725b25cd00c996876ca4c0ef7c6)
#25 pc 000000000003e9e4 /system/lib64/platformsdk/libace_napi.z.so(panda::JSValueRef ArkNativeFunctionCallBack<true>(panda::JsiRuntimeCallInfo*)+212)(85e70f1f5cf0e81468ec141fc2f4922c)
#26 pc 0000000000404b2c /system/lib64/module/arkcompiler/stub.an(RTStub_PushCallArgsAndDispatchNative+40)
#27 at attachToNative (entry|@ohos/flutter_ohos|1.0.0-e7a98130f5|src/main/ets/embedding/engine/FlutterNapi.ts:87:1)
#28 at attachToNapi (entry|@ohos/flutter_ohos|1.0.0-e7a98130f5|src/main/ets/embedding/engine/FlutterEngine.ts:119:1)
"""


def test_the_dart_vm_failing_to_map_jit_memory_is_a_debug_engine() -> None:
    assert_cause(FLUTTER_DEBUG_JIT, "debug mode", "--release")


def test_a_library_without_symbols_is_placed_at_the_arkts_call_into_it() -> None:
    location, third = where(parse_faultlog(FLUTTER_DEBUG_JIT))
    assert third == "libflutter.so"
    assert location is not None and location.endswith("embedding/engine/FlutterNapi.ets:87:1")


def test_a_system_ui_extension_that_timed_out_is_not_the_apps_lifecycle() -> None:
    log = (
        "Reason:LIFECYCLE_TIMEOUT\n"
        "com.ohos.photos:sysPicker/photoPicker\n"
        "PhotoPickerUIExtAbility load timeout\n"
    )
    fix = assert_cause(log, "system image or device")
    # the app's own ability timing out keeps the lifecycle advice
    own = assert_cause(
        "Reason:LIFECYCLE_TIMEOUT\nEntryAbility onForeground\n", "lifecycle callbacks"
    )
    assert "real device" in fix and "real device" not in own


def test_undefined_read_inside_a_library_says_to_set_the_library_up_first() -> None:
    stack = (
        "Error name:TypeError\n"
        "Error message:Cannot read property getChannel of undefined\n"
        "Stacktrace:\n"
        "    at attach (oh_modules/.ohpm/@acme+kit@1.0.0/oh_modules/@acme/kit/src/main/ets/Kit.ets:9:5)\n"
        "    at {entry} (oh_modules/.ohpm/@acme+kit@1.0.0/oh_modules/@acme/kit/src/main/ets/Kit.ets:3:5)\n"
        "    at onPageShow (entry/src/main/ets/pages/Index.ets:20:5)\n"
    )
    said = assert_cause(stack.format(entry="show"), "setup/init", "EntryAbility")
    # the app's call was the library's own set-up: that failing is not "set it up first"
    setup = assert_cause(stack.format(entry="initialize"))
    assert "setup/init" in said and "setup/init" not in setup


def test_a_freeze_inside_a_library_is_called_a_freeze() -> None:
    said = assert_cause(real("appfreeze", "libpag-3438-release-surface-destroyed-deadlock"))
    assert "The freeze happened inside libpag.so" in said

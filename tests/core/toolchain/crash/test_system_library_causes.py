"""Why, not only what (issue 27), for the crashes and freezes of held-out batches N and Q: a
freeze's main thread pasted without its header, causes the system library in the top frames
names (sqlite's WAL index, ArkUI's pipeline on a worker thread, JSVM, the image kit, text
typography, HWASan), third-party runtimes (Rust panics, Qt ports calling exit, Chromium's ICU
data), and the place to look.

Each rule is read on a real log of ``tests/data/real_logs`` (its ``.toml`` names the source),
then on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.explain import Explanation, explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


def real(kind: str, name: str) -> str:
    return real_log(f"{kind}/{name}.log")


def assert_explained(text: str, *words: str) -> Explanation:
    why = explain(parse_faultlog(text))
    assert why is not None, text[:200]
    said = f"{why.cause} {why.fix}"
    for w in words:
        assert w in said, (w, said)
    return why


# --- a freeze's main thread pasted without its header

_WAITING = (
    "#00 pc 00000000001b5904 /system/lib/ld-musl-aarch64.so.1(__pthread_cond_timedwait+188)\n"
    "#01 pc 00000000000c11c0 /system/lib64/libc++.so(std::__h::condition_variable::wait("
    "std::__h::unique_lock<std::__h::mutex>&)+32)\n"
    "#02 pc 0000000000054b54 /data/storage/el1/bundle/libs/arm64/libentry.so(Queue::Pop()+40)\n"
    "#03 pc 0000000000062860 /data/storage/el1/bundle/libs/arm64/libentry.so(OnClick()+220)\n"
)


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("ui-freeze-faq-image-syncload-download", "syncLoad"),
        ("faq-camera-41-stopcapture-deadlock", "lock"),
        ("arkdata-manual-resultset-gotofirstrow-main-thread", "TaskPool"),
        ("faq-stability-32-onareachange-main-thread-16s", "TaskPool"),
        ("bpta-arkweb-gpu-freeze-egl-lock-app-so", "lock"),
    ],
)
def test_a_headerless_stack_parked_in_a_wait_is_a_freeze(name: str, word: str) -> None:
    text = real("appfreeze", name)
    assert parse_faultlog(text).type == FREEZE
    f = assert_found(text)
    assert f.kind == "freeze" and word in f.fix


def test_a_made_up_waiting_stack_is_a_freeze_and_a_faulting_one_a_crash() -> None:
    assert parse_faultlog(_WAITING).type == FREEZE
    # a signal named anywhere: the same frames are a crash's
    assert parse_faultlog("Signal SIGSEGV\n" + _WAITING).type == CPP
    # a stack that stops in the app's own code, no wait: a crash, but only "possibly"
    busy = "\n".join(_WAITING.splitlines()[2:]) + "\n"
    assert parse_faultlog(busy).type == CPP
    assert assert_found(busy).certain is False
    # the event handler's dump above any stack makes it a freeze
    dump = "mainHandler dump is:\n Event runner (Thread name = , Thread ID = 1) is running\n"
    assert parse_faultlog(dump + busy).type == FREEZE


def test_a_headerless_main_thread_dump_is_only_possibly_a_freeze() -> None:
    # no signal, no event: its ``Tid:…, Name:…`` line over frames that reach the main thread's
    # ArkTS code makes it a freeze's main thread, but only "possibly"
    f = assert_found(real("appfreeze", "arkdata-manual-batchinsert-main-thread"))
    assert f.kind == "freeze" and f.certain is False


# --- causes in system libraries


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("arkdata-manual-el4-db-locked-screen-segv", ("WAL index", "el4", "lock screen")),
        ("arkdata-manual-sqlite-bus-objerr-file-ops", ("WAL index", "RDB", "copy")),
        ("arkui-manual-lottie-animator-non-ui-thread", ("worker thread", "UI (main) thread")),
        ("arkui-manual-uitaskscheduler-flushlayout-null", ("child thread", "UI (main) thread")),
        ("arkui-manual-promptaction-ecma-vm-multi-thread", ("getPromptAction", "UIContext")),
        ("arkui-manual-gesture-callback-disposed", ("Dispose", "setGestureEventTarget")),
        ("jsvm-faq-setreturnvalue-uninitialized", ("JSVM_Value", "initialise")),
        ("jsvm-kb-rn-getheapstatistics-after-destroyenv", ("OH_JSVM_DestroyEnv",)),
        ("faq-image-43-createpixelmap-encoded-media-data", ("createImageSource",)),
        ("text-manual-fontcollection-uaf-meituan", ("OH_Drawing_CreateSharedFontCollection",)),
        ("faq-stability-50-hwasan-napi-int64-pointer", ("napi_create_bigint_int64",)),
        ("psychopy-electron-icu-data-sigtrap", ("icu-data-dir",)),
        ("faq-stability-78-sigabrt-explicit-abort", ("called abort()",)),
        ("qt-ohos-chessgame-qsqlite-driver-exit-sigabrt", ("sqldrivers", "QStandardPaths")),
        ("qt-ohos-frequest-readonly-config-exit1-sigabrt", ("read-only", "writableLocation")),
        ("servo-35760-ohos-touch-move-unwrap-none-panic", ("unwrap", "None")),
    ],
)
def test_real_native_crashes_get_their_library_cause(name: str, words: tuple[str, ...]) -> None:
    assert_explained(real("cppcrash", name), *words)


_HEAD = "Reason:Signal:{sig}\nFault thread info:\nTid:{tid}, Name:{thread}\n"


def _native(sig: str, frames: list[str], thread: str = "com.example.app") -> str:
    head = _HEAD.format(sig=sig, tid=4242, thread=thread)
    return head + "".join(
        f"#{i:02d} pc {0x1000 + i:016x} {frame}\n" for i, frame in enumerate(frames)
    )


def test_sqlites_wal_index_faults_and_nothing_else_of_sqlite() -> None:
    wal = _native(
        "SIGSEGV(SEGV_ACCERR)@0x0000005b00000000",
        [
            "/system/lib64/platformsdk/libsqlite.z.so(walIndexReadHdr+44)",
            "/system/lib64/platformsdk/libsqlite.z.so(walTryBeginRead+96)",
            "/system/lib64/platformsdk/libnative_rdb.z.so(OHOS::NativeRdb::RdbStoreImpl::Query()+8)",
        ],
    )
    assert assert_explained(wal, "WAL index").certain is False
    other = wal.replace("walIndexReadHdr", "sqlite3VdbeExec").replace("walTryBeginRead", "step")
    why = explain(parse_faultlog(other))
    assert why is None or "WAL index" not in why.cause


def test_arkui_on_a_worker_thread_and_not_on_the_main_one() -> None:
    frames = [
        "/system/lib64/platformsdk/libace_compatible.z.so(OHOS::Ace::NG::FrameNode::MarkDirtyNode(unsigned int)+40)",
        "/system/lib64/libace_ndk.z.so(OH_ArkUI_SetAttribute+60)",
        "/data/storage/el1/bundle/libs/arm64/libentry.so(Render::Update()+12)",
    ]
    assert_explained(
        _native("SIGSEGV(SEGV_MAPERR)@0x10", frames, thread="OS_TaskWorker_3"), "worker thread"
    )
    why = explain(parse_faultlog(_native("SIGSEGV(SEGV_MAPERR)@0x10", frames)))
    assert why is None or "worker thread" not in why.cause
    # the render task list broken the same way
    render = _native(
        "SIGSEGV(SEGV_MAPERR)@0x10",
        [
            "/system/lib64/platformsdk/libace_compatible.z.so(OHOS::Ace::NG::UITaskScheduler::FlushRenderTask(bool)+96)"
        ],
    )
    assert_explained(render, "child thread")


def test_a_kit_module_under_the_thread_check_is_a_ui_api_off_the_ui_thread() -> None:
    text = (
        "LastFatalMessage:[CheckThread] Fatal: ecma_vm cannot run in multi-thread! thread:1 "
        "currentThread:2\n"
    ) + _native(
        "SIGABRT(SI_TKILL)@0x1",
        [
            "/system/lib/ld-musl-aarch64.so.1(raise+216)",
            "/system/lib64/platformsdk/libark_jsruntime.so(panda::ecmascript::EcmaVM::CheckThread() const+528)",
            "/system/lib64/platformsdk/libace_napi.z.so(napi_create_string_utf8+60)",
            "/system/lib64/module/librouter.z.so",
        ],
    )
    assert_explained(text, "UIContext", "getRouter")
    # without a kit's module it is the env used across threads
    plain = text.replace(
        "/system/lib64/module/librouter.z.so", "/data/storage/el1/bundle/libs/arm64/libentry.so"
    )
    assert_explained(plain, "napi_threadsafe_function")


def test_a_node_event_into_freed_memory_and_jsvm_misuse() -> None:
    freed = _native(
        "SIGSEGV(SEGV_MAPERR)@0x5a00000000",
        [
            "Not mapped",
            "/system/lib64/libace_ndk.z.so(OHOS::Ace::NodeModel::HandleInnerEvent(ArkUINodeEvent*)+164)",
        ],
    )
    assert_explained(freed, "unregister")
    returned = _native(
        "SIGSEGV(SEGV_MAPERR)@0x0",
        [
            "/system/lib64/ndk/libjsvm.so(Builtins_CallFunction+8)",
            "/system/lib64/ndk/libjsvm.so(v8impl::(anonymous namespace)::FunctionCallbackWrapper::SetReturnValue(JSVM_Value__*)+16)",
        ],
    )
    assert_explained(returned, "JSVM_Value")
    gone = _native(
        "SIGSEGV(SEGV_MAPERR)@0x8",
        [
            "/system/lib64/ndk/libjsvm.so(OH_JSVM_RunScript+60)",
            "/data/storage/el1/bundle/libs/arm64/libengine.so(Engine::Eval()+8)",
        ],
    )
    assert_explained(gone, "DestroyEnv")


def test_the_image_and_text_kits_and_sanitizer_reports() -> None:
    pixels = _native(
        "SIGSEGV(SEGV_MAPERR)@0x7f00000000",
        [
            "/system/lib64/platformsdk/libimage_native.z.so(OHOS::Media::PixelConvert::PixelsConvert()+40)",
            "/system/lib64/platformsdk/libimage_native.z.so(OHOS::Media::PixelMap::Create(unsigned int const*, unsigned int)+12)",
        ],
    )
    assert_explained(pixels, "createImageSource", "PixelMapFormat")
    text = _native(
        "SIGSEGV(SEGV_MAPERR)@0x6b6b6b6b6b6b",
        [
            "/system/lib64/librosen_text.z.so(OHOS::Rosen::TypographyCreate::Create()+8)",
            "/system/lib64/libnative_drawing_ndk.z.so(OH_Drawing_CreateTypographyHandler+20)",
        ],
    )
    assert_explained(text, "SharedFontCollection")
    asan = (
        "Reason:heap-use-after-free\n"
        "==123==ERROR: AddressSanitizer: heap-use-after-free on address 0x1 at pc 0x2\n"
        "    #0 0x5af67eda80  (/data/storage/el1/bundle/libs/arm64/libfoo.so+0x2da80)\n"
    )
    crash = parse_faultlog(asan)
    assert crash.type == CPP and crash.error_class == "heap-use-after-free"
    f = assert_found(real("cppcrash", "faq-stability-50-hwasan-napi-int64-pointer"))
    assert f.code == "heap-buffer-overflow" and "cut after its header" not in f.fix


# --- third-party runtimes


def test_a_rust_panic_is_a_crash_at_its_place_in_either_format() -> None:
    f = assert_found(real("cppcrash", "servo-35760-ohos-touch-move-unwrap-none-panic"))
    assert f.kind == "crash" and f.location == "components/compositing/touch.rs:218:14"
    old = (
        "thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', "
        "src/renderer.rs:41:9\nnote: run with `RUST_BACKTRACE=1`\n"
    )
    f = assert_found(old)
    assert f.location == "src/renderer.rs:41:9" and "unwrap" in f.fix
    other = "thread 'main' panicked at src/lib.rs:7:3:\nindex out of bounds\n"
    crash = parse_faultlog(other)
    assert crash.type == CPP and crash.message == "index out of bounds"


def test_exit_in_a_qt_port_and_in_any_app() -> None:
    f = assert_found(real("cppcrash", "qt-ohos-frequest-readonly-config-exit1-sigabrt"))
    assert f.location == "ConfigFileFRequest::createNewConfig()"
    f = assert_found(real("cppcrash", "qt-ohos-chessgame-qsqlite-driver-exit-sigabrt"))
    assert f.location is not None and "Database::Database()" in f.location
    plain = (
        "LastFatalMessage:[appspawn_server.c:69]Unexpected call: exit(0)\n"
        "Reason:Signal:SIGABRT(SI_TKILL)\n"
    )
    assert_explained(plain, "terminateSelf")


def test_chromiums_icu_data_and_abort_called_by_the_app() -> None:
    icu = "Reason:Signal:SIGTRAP(TRAP_BRKPT)@0x1\n[ERROR:icu_util.cc(243)] Couldn't mmap icu data file\n"
    assert_explained(icu, "icu-data-dir")
    by_app = _native(
        "SIGABRT(SI_TKILL)@0x1",
        [
            "/system/lib/ld-musl-aarch64.so.1(raise+216)",
            "/system/lib/ld-musl-aarch64.so.1(abort+24)",
            "/data/storage/el1/bundle/libs/arm64/libgame.so",
        ],
    )
    assert_explained(by_app, "called abort()")
    # abort under assert is the assert's, not the app's own abort()
    asserted = by_app.replace(
        "#02 pc",
        "#02 pc 0000000000000001 /system/lib/ld-musl-aarch64.so.1(__assert_fail+8)\n#03 pc",
    )
    why = explain(parse_faultlog(asserted))
    assert why is None or "called abort()" not in why.cause


# --- locations


def test_a_failed_assert_names_its_source_line() -> None:
    why = assert_explained(real("cppcrash", "faq-stability-78-sigabrt-assert-denominator"))
    assert why.location == "D:/MyDemo/MyCppDemo/entry/src/main/cpp/napi_init.cpp:15"
    other = "LastFatalMessage:Assertion failed: p != NULL (src/pool.c: take: 88)\n" + _native(
        "SIGABRT(SI_TKILL)@0x1", ["/system/lib/ld-musl-aarch64.so.1(raise+216)"]
    )
    assert assert_explained(other).location == "src/pool.c:88"


def test_a_symbolised_native_frame_and_a_hand_written_one() -> None:
    f = assert_found(real("cppcrash", "text-manual-fontcollection-uaf-meituan"))
    assert f.location is not None and f.location.endswith("text_measure_harmony.cpp:467:56")
    frame = parse_frame("#03 libfoo.so(Store::Open(char const*)+352)   <- here")
    assert frame is not None and frame.file == "libfoo.so"
    assert frame.symbol == "Store::Open(char const*)"
    bare = parse_frame("#04 Store::Load() const+80")
    assert bare is not None and bare.symbol == "Store::Load() const" and bare.file == ""
    # a C function's bare name with its offset is a frame too (``#00 gl3stubInit+36``)
    c_bare = parse_frame("#05 main+96")
    assert c_bare is not None and c_bare.symbol == "main" and c_bare.file == ""


# --- freezes: ArkWeb's scheme handler


def test_an_app_scheme_handler_blocking_arkwebs_io_thread() -> None:
    text = real("appfreeze", "bpta-arkweb-gpu-freeze-io-blocked-scheme-handler")
    assert "asynchronously" in assert_found(text).fix
    # the app's library elsewhere than on the IO thread is not the handler's
    moved = text.replace("Name:Chrome_IOThread", "Name:Chrome_ChildIO")
    why = explain(parse_faultlog(moved))
    assert why is None or "scheme handler" not in why.cause


# --- JS errors: keys after a label, a named parameter, obfuscated names


def test_a_key_after_a_short_label_with_a_colon() -> None:
    f = assert_found(real("jscrash", "faq-ability-147-applinking-router-in-oncreate-100001"))
    assert f.kind == "crash" and f.code == "100001"
    assert f.location == "entry/src/main/ets/entryability/EntryAbility.ets:13:38"
    crash = parse_faultlog("err:Error message:Cannot read property x of undefined\nStacktrace:\n")
    assert crash.type == JS and crash.message.startswith("Cannot read property x")


def test_a_parameter_error_names_its_parameter() -> None:
    f = assert_found(real("jscrash", "uniapp-webview-permissionlist-401"))
    assert "permissionList" in f.fix
    other = (
        'Error name:BusinessError\nError message:Parameter error. The type of "timeout" must '
        "be number.\nError code:401\nStacktrace:\n    at f (entry/src/main/ets/pages/A.ets:3:5)\n"
    )
    assert "“timeout”" in assert_found(other).fix


def test_obfuscated_file_names_suggest_keep_rules() -> None:
    f = assert_found(real("jscrash", "mmkv-1397-obfuscation-raw-stack"))
    assert "keep rules" in f.fix
    plain = (
        "Error name:TypeError\nError message:x is not callable\nStacktrace:\n"
        "    at run (entry|entry|1.0.0|src/main/ets/pages/Home.ts:7:1)\n"
    )
    assert "keep rules" not in assert_found(plain).fix
    renamed = plain.replace("pages/Home.ts", "a/b.ts")
    assert "keep rules" in assert_found(renamed).fix


# --- a system service refusing the app for a permission (hilog)


def test_a_service_saying_the_app_lacks_a_permission() -> None:
    f = assert_found(real("hilog", "faq-audio-3-opensles-no-microphone-permission"))
    assert f.kind == "permission" and "ohos.permission.MICROPHONE" in f.fix
    line = (
        "05-01 10:00:00.000  1  2 E C01234/CameraService: caller does not have CAMERA permission\n"
    )
    f = assert_found(line)
    assert f.kind == "permission" and "ohos.permission.CAMERA" in f.fix
    assert diagnose("the user does not have any permission to do this\n") is None or (
        assert_found("the user does not have any permission to do this\n").kind != "permission"
    )


def test_the_structural_readings_behind_the_new_signatures() -> None:
    from hmdesk.core.toolchain.crash.structure import read

    panic = parse_faultlog("thread 'w' panicked at src/a.rs:3:9:\nattempt to divide by zero\n")
    reading = read(panic, panic.raw)
    assert reading is not None and "attempt to divide by zero" in reading.cause
    asan = parse_faultlog(
        "Reason:stack-use-after-return\n==1==ERROR: AddressSanitizer: stack-use-after-return on x\n"
    )
    reading = read(asan, asan.raw)
    assert reading is not None and "stack-use-after-return" in reading.cause
    bare = parse_faultlog(
        "#00 pc 0000000000000010 /system/lib64/libfoo.z.so(Foo::Bar(int)+16)\n"
        "#01 pc 0000000000000020 /system/lib64/libfoo.z.so(Foo::Baz()+8)\n"
    )
    reading = read(bare, bare.raw)
    assert reading is not None and reading.certain is False and "Foo::Bar(int)" in reading.cause


def test_a_source_mapped_arkts_stack_alone_is_possibly_a_crash() -> None:
    f = assert_found(real("jscrash", "mmkv-1305-emulator-api11-initialize"))
    assert f.kind == "crash" and f.certain is False
    assert f.location == "entry/src/main/ets/entryability/EntryAbility.ets:15:23"
    two = (
        "#02 at load (oh_modules/.ohpm/@x+y@1.0.0/oh_modules/@x/y/src/main/ets/Y.ets:9:3)\n"
        "#03 at aboutToAppear (entry/src/main/ets/pages/Home.ets:21:5)\n"
    )
    assert assert_found(two).location == "entry/src/main/ets/pages/Home.ets:21:5"
    # one such line is a quote, not a stack
    assert diagnose("see at aboutToAppear (entry/src/main/ets/pages/Home.ets:21:5)\n") is None


# --- batch Y: how the app used a system library's API (the library's own guides), and the
# main-thread timeout (jank) detector


@pytest.mark.parametrize(
    ("name", "word"),
    [
        # image-common-mistakes (Image Kit常见崩溃报错问题): the PixelMap released/cropped while
        # packToFile still encoded it; createPixelMap run concurrently on one ImageSource
        ("image-kit-packtofile-pixelmap-released", "Promise.then"),
        ("image-kit-shared-imagesource-concurrent", "separate ImageSource"),
    ],
)
def test_a_crash_in_image_kit_async_work_is_the_objects_lifecycle(name: str, word: str) -> None:
    why = assert_explained(real("cppcrash", name), "await", word)
    assert not why.certain


def test_image_kit_async_work_is_read_on_a_library_the_logs_do_not_show() -> None:
    # the same family in libimage_native (ImageSource::CreatePixelMap) under the async work
    assert_explained(
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000010\n"
        "Fault thread info:\nTid:5120, Name:OS_FFRT_2_1\n"
        "#00 pc 00000000000a1c20 /system/lib64/platformsdk/libimage_native.z.so("
        "OHOS::Media::ImageSource::CreatePixelMapExtended(unsigned int, "
        "OHOS::Media::DecodeOptions const&, unsigned int&)+96)\n"
        "#01 pc 000000000005c3c0 /system/lib64/platformsdk/libace_napi.z.so("
        "NativeAsyncWork::AsyncWorkCallback(uv_work_s*)+304)\n",
        "sequentially",
    )


def test_a_crash_in_uv_queue_done_is_a_freed_uv_work() -> None:
    # bpta-stability-coding-standard-libuv, 案例二 场景二 (the real log) and 场景三 (the guide's
    # own stack, ``#00 pc 0000000000000000 Not mapped`` over ``libuv.so(uv_ffrt_work+56)``)
    said = assert_explained(real("cppcrash", "libuv-uv-work-uaf-queue-done"), "after_work_cb")
    assert said.certain
    assert_explained(
        "Thread name:OS_FFRT\n"
        "#00 pc 0000000000000000 Not mapped\n"
        "#01 pc 0000000000012790/system/lib64/platformsdk/libuv.so(uv_ffrt_work+56)"
        "(e51f7fcef979b717a8cfda493466e715)\n"
        "#02 pc 00000000000647bc/system/lib64/ndk/libffrt.so(ffrt:CPUWorker:Run("
        "ffrt_executor_task*, int)+488)(2922cbbd7fc6ad47a9cdddf7480a607e)\n",
        "after_work_cb",
        "uv_work_t",
    )


def test_a_crash_closing_a_libuv_handle_is_a_handle_freed_before_close_cb() -> None:
    # the same guide, 案例一 (uv_close错误): uv_run → uv__run_closing_handles on a freed
    # uv_async_t member
    assert_explained(
        "Reason:Signal:SIGSEGV(SEGV MAPERR)0000000000000000000 probably caused by NULL pointer "
        "dereference\nFault thread info:\nTid:44250, Name:crasher_cpp\n"
        "#00 pc 0000000000018528 /system/lib64/platformsdk/libuv.so(uv_run+724)"
        "(1616669436a9c6d4bcaf8ae1f5989855)\n"
        "#01 pc 0000000000083518 /system/lib64/platformsdk/libruntime.z.so(OHOS::AbilityRuntime"
        "::OHOSLoopHandler::OnTriggered()+268)(d061df412ec8b3260629e85ba1a6344b)\n",
        "close_cb",
        "uv_close",
    )


def test_a_main_thread_timeouts_sampled_stack_is_a_jank_at_the_apps_frame() -> None:
    # apptask-timeout-guidelines (采样栈规格): frames after their sample counts, a tree
    text = real("appfreeze", "bpta-task-timeout-main-thread-sampled-stack-counts")
    crash = parse_faultlog(text)
    assert crash.type == FREEZE
    assert crash.reason == "MAIN_THREAD_JANK"
    why = assert_explained(text, "highest sample counts", "optimise")
    # the idle wait ending the most-hit branch is the loop between tasks, not a block
    assert "blocked" not in why.cause
    assert why.location is not None and why.location.endswith("pages/Index.js:67:17")


@pytest.mark.parametrize(
    "text",
    [
        # hiappevent-watcher-mainthreadjank-events-arkts: the watcher's Log window lines
        real("appfreeze", "hiappevent-mainthreadjank-arkts-guide-numbered-messages"),
        # the same event as a DevEco Log window line, and its sampled stack's file name alone
        "06-05 21:20:20.518 40986-40986 A00000/testTag I HiAppEvent eventInfo.name="
        "MAIN_THREAD_JANK",
        'external_log=["/data/storage/el2/log/watchdog/MAIN_THREAD_JANK_20240613211739_40986.txt"]',
    ],
)
def test_the_main_thread_jank_event_is_a_freeze_with_its_code(text: str) -> None:
    f = assert_found(text)
    assert f.kind == "freeze" and f.code == "MAIN_THREAD_JANK"
    assert "busy-wait" in f.fix


def test_the_jank_events_api_constant_in_code_is_not_the_event() -> None:
    assert (
        parse_faultlog("hiAppEvent.addWatcher({ names: [hiAppEvent.event.MAIN_THREAD_JANK] })").type
        != FREEZE
    )


def test_a_sampled_stacks_place_is_the_apps_frame_most_samples_hit() -> None:
    # apptask-timeout-guidelines: "1 表示采样到此帧的次数" — the app frame hit by 7 of the 10
    # samples, not the first one in the tree (hit by 2), is where the time went
    text = (
        "10 #00 pc 0000757c /system/bin/appspawn(55679d09bcdea35bb1e0d4e1d9a3e58f)\n"
        "    10 #01 pc 003f5c55 /system/lib/platformsdk/libark_jsruntime.so(4e6a2651ec80)\n"
        "        2 #02 at render (/entry/build/default/cache/default/default@CompileArkTS/"
        "esmodule/debug/entry/src/main/ets/pages/Index.js:12:5)\n"
        "        7 #02 at sortAll (/entry/build/default/cache/default/default@CompileArkTS/"
        "esmodule/debug/entry/src/main/ets/pages/Index.js:40:9)\n"
    )
    why = assert_explained(text, "highest sample counts")
    assert why.location is not None and why.location.endswith("pages/Index.js:40:9")


def test_a_freeze_in_libuvs_sync_file_call_is_sync_io_on_the_main_thread() -> None:
    # bpta-stability-coding-standard-libuv, Freeze 案例一: fs's sync copy under uv_fs_sendfile
    assert_explained(
        "Reason:THREAD_BLOCK_6S\nTid:19473, Name:app_name\n"
        "#00 pc 00000000000a457c /system/lib/ld-musl-aarch64.so.1(fbb1eb526bb54f59c5dc4f2521b68e52)\n"
        "#01 pc 0000000000019f88 /system/lib64/platformsdk/libuv.so(uv__fs_work+2956)"
        "(afecd0c8f506e5fc1661ef2cb46dea9d)\n"
        "#02 pc 000000000001c048 /system/lib64/platformsdk/libuv.so(uv_fs_sendfile+148)"
        "(afecd0c8f506e5fc1661ef2cb46dea9d)\n"
        "#04 pc 000000000011c99c /system/lib64/module/file/libfs.z.so(OHOS::FileManagement::"
        "ModuleFileIO::CopyFile::Sync(napi_env__*, napi_callback_info__*) (.cfi)+756)"
        "(c8dbb978ac2472548e07ccb7f6f9eb18)\n"
        "#07 at handleSendVideo (entry|feat_chat|1.0.0|src/main/ets/viewmodel/ChatViewModel.ts:874:1)\n",
        "async",
        "TaskPool",
    )

"""Why, not only what (issue 27), for crashes whose stack is all an engine's or a system library's
(held-out batches R and T): ArkWeb's Chromium stopping itself (CrashIntentionally, crashpad, the
GPU process, a ScopedFD close, any LOG(FATAL)/CHECK), a Web event handed to ArkTS, JSVM's V8 on an
API misuse, ASan's runtime aborting, a JIT refused executable memory, RNOH's background executor,
a surface's buffer queue, render nodes changed from two threads, a system destructor crashing, a
system kit undefined on the device (:mod:`hmdesk.core.toolchain.crash.engines`).

Each rule is read on a real log of ``tests/data/real_logs`` (its ``.toml`` names the source),
then on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.explain import Explanation, explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog

from tests.fixtures.real_logs import assert_found, real_log


def assert_explained(text: str, *words: str, certain: bool | None = None) -> Explanation:
    why = explain(parse_faultlog(text))
    assert why is not None, text[:200]
    said = f"{why.cause} {why.fix}"
    for w in words:
        assert w in said, (w, said)
    if certain is not None:
        assert why.certain is certain, said
    return why


_WEB = "/data/storage/el1/bundle/arkwebcore/libs/arm64/libarkweb_engine.so"


def _web(*symbols: str) -> str:
    return "".join(
        f"#{i:02d} pc 00000000049{i:03d}50 {_WEB}(" + s + f"+{40 + i})(cb360cdd3413)\n"
        for i, s in enumerate(symbols)
    )


@pytest.mark.parametrize(
    ("name", "words", "variant"),
    [
        (
            "cppcrash/arkweb-manual-chrome-crash-debug-url",
            ("chrome://crash", "debug URL"),
            _web("blink::internal::CrashIntentionally()", "blink::FrameLoader::Navigate()"),
        ),
        (
            "cppcrash/arkweb-manual-crashpad-start-handler-failed",
            ("crashpad", "SELinux"),
            _web(
                "logging::PAC_LogMessage::~PAC_LogMessage()",
                "crashpad::CrashpadClient::StartHandler(base::FilePath const&)",
            ),
        ),
        (
            "cppcrash/arkweb-manual-gpu-process-unusable",
            ("GPU process", "spawn"),
            _web(
                "logging::LogMessage::Flush()",
                "content::IntentionallyCrashBrowserForUnusableGpuProcess()",
            ),
        ),
        (
            "cppcrash/arkweb-manual-scoped-fd-close-double-free",
            ("double close", "fdsan"),
            _web(
                "logging::CheckError::~CheckError()",
                "base::internal::ScopedFDCloseTraits::Free(int)",
            ),
        ),
        (
            "cppcrash/arkweb-manual-webresourcerequest-null-js-exception",
            ("JS exception", "onLoadIntercept"),
            "#00 pc 0000000000b94e8c /system/lib64/platformsdk/libace_compatible.z.so("
            "OHOS::Ace::Framework::JSWebResourceResponse::SetErrorEvent(OHOS::Ace::ErrorEvent "
            "const&)+44)\n#01 pc 00000000014a8d0c /system/lib64/platformsdk/libace_compatible.z.so"
            "(OHOS::Ace::Framework::ReceivedErrorEventToJSValue(OHOS::Ace::ErrorEvent const&)+164)\n",
        ),
        (
            "cppcrash/jsvm-manual-destroyenv-pending-exception-handlescope",
            ("HandleScope", "DestroyEnv", "exception"),
            "#00 pc 0000000001328fd0 /system/lib64/libv8_shared.so(v8::base::OS::Abort()+64)\n"
            "#01 pc 00000000004860c8 /system/lib64/libv8_shared.so(v8::Utils::ReportApiFailure("
            "char const*, char const*)+140)\n"
            "#02 pc 0000000000050d88 /system/lib64/ndk/libjsvm.so(JSVM_Env__::DeleteMe()+28)\n"
            "#03 pc 0000000000035358 /system/lib64/ndk/libjsvm.so(OH_JSVM_DestroyEnv+40)\n",
        ),
        (
            "cppcrash/jsvm-manual-api-after-destroyenv-interpreter-entry",
            ("DestroyEnv", "same thread"),
            "#00 pc 0000000000224c38 /system/lib64/libv8_shared.so(Builtins_JSEntry+184)\n"
            "#01 pc 00000000001e3a10 /data/storage/el1/bundle/libs/arm64/libentry.so(RunScript()+64)\n",
        ),
        (
            "cppcrash/faq-app-debugging-33-network-ut-asan-container-overflow",
            ("ASAN_OPTIONS", "detect_container_overflow"),
            "Reason:Signal:SIGABRT(SI_TKILL)@0x0000e8ea from:4242:0\n"
            "#00 pc 0000000000185ca8 /system/lib/ld-musl-aarch64.so.1(raise+188)\n"
            "#01 pc 00000000001381a8 /system/lib/ld-musl-aarch64.so.1(abort+20)\n"
            "#02 pc 000000000005bef4 /system/lib64/libclang_rt.asan.so\n"
            "#03 pc 00000000000d2624 /system/lib64/libclang_rt.asan.so(__asan_memcpy+468)\n"
            "#04 pc 000000000064a264 /data/local/tmp/t/libparser.so(Parser::Read()+376)\n",
        ),
        (
            "cppcrash/vmrp-harmonyos7-prot-exec-denied-exit1",
            ("PROT_EXEC", "interpreter", "executable memory"),
            "Reason:Signal:SIGABRT(SI_TKILL)@0x0 from:100:20020372\n"
            "#00 pc 0x1c3974 /system/lib/ld-musl-aarch64.so.1(raise+216)\n"
            "#01 pc 0x1abc /system/lib64/libappspawn_helper.z.so(exit+144)\n"
            "#02 pc 0x2a7524 libemu.so(alloc_code_gen_buffer+52)\n",
        ),
        (
            "cppcrash/rnoh-faq-background-executor-sigsegv",
            ("enableBackgroundExecutor", "false"),
            "Reason:Signal:SIGSEGV(SEGV_ACCERR)@0x0000000000000010\nFault thread info:\n"
            "Tid:4121, Name:RNOH_BACKGROUND\n"
            "#00 pc 0000000000a1b2c0 /data/storage/el1/bundle/libs/arm64/librnoh_app.so\n",
        ),
        (
            "appfreeze/render-manual-requestbuffer-no-free-buffer",
            ("FlushBuffer", "RequestBuffer"),
            "#00 pc 00000000001e3240 /system/lib/ld-musl-aarch64.so.1(__timedwait_cp+156)\n"
            "#01 pc 000000000003f210 /system/lib64/chipset-sdk-sp/libsurface.z.so("
            "OHOS::BufferQueue::RequestBuffer(OHOS::BufferRequestConfig const&)+284)\n"
            "#02 pc 0000000000012340 /data/storage/el1/bundle/libs/arm64/libplayer.so(Render()+20)\n",
        ),
        (
            "appfreeze/render-manual-addcommand-imageknifepro-multithread",
            ("multi-thread", "UI (main) thread"),
            "#00 pc 00000000003dc364 /system/lib64/librender_service_base.z.so("
            "OHOS::Rosen::RSTransactionProxy::AddCommand(std::__h::unique_ptr<OHOS::Rosen::"
            "RSCommand>&, bool)+240)\n#01 pc 00000000001ee310 /system/lib64/librender_service_client"
            ".z.so(OHOS::Rosen::RSNode::SetBackgroundColor(unsigned int)+44)\n"
            "#02 pc 0000000000012340 /data/storage/el1/bundle/libs/arm64/libcharts.so(Draw()+20)\n",
        ),
        (
            "cppcrash/render-manual-rsimage-destructor-memory-stomp",
            ("ASan", "use-after-free", "memory corruption"),
            "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000008\n"
            "#00 pc 00000000003a08c4 /system/lib64/libimage_native.z.so("
            "OHOS::Media::PixelMap::~PixelMap()+100)\n"
            "#01 pc 0000000000012340 /data/storage/el1/bundle/libs/arm64/libentry.so(Release()+20)\n",
        ),
    ],
)
def test_an_engine_names_its_own_reason(name: str, words: tuple[str, ...], variant: str) -> None:
    assert_explained(real_log(f"{name}.log"), *words)
    assert_explained(variant, *words)
    found = assert_found(real_log(f"{name}.log"))
    assert any(w in found.fix for w in words), found.fix


def test_a_stack_that_shows_where_but_not_why_says_possibly() -> None:
    for name in (
        "cppcrash/render-manual-rsimage-destructor-memory-stomp",
        "cppcrash/rnoh-faq-background-executor-sigsegv",
        "cppcrash/vmrp-harmonyos7-prot-exec-denied-exit1",
        "cppcrash/jsvm-manual-api-after-destroyenv-interpreter-entry",
        "appfreeze/render-manual-addcommand-imageknifepro-multithread",
    ):
        assert_explained(real_log(f"{name}.log"), certain=False)
    # the engine's own words are certain
    assert_explained(real_log("cppcrash/arkweb-manual-chrome-crash-debug-url.log"), certain=True)


def test_a_sanitizer_report_keeps_its_own_reading() -> None:
    # the report names the error: the abort in the sanitizer's runtime does not override it
    text = (
        "==123==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\n"
        "Reason:Signal:SIGABRT(SI_TKILL)@0x0 from:123:0\n"
        "#00 pc 0000000000185ca8 /system/lib/ld-musl-aarch64.so.1(abort+20)\n"
        "#01 pc 000000000005bef4 /system/lib64/libclang_rt.asan.so\n"
    )
    why = explain(parse_faultlog(text))
    assert why is None or "ASAN_OPTIONS" not in why.fix


def test_a_system_kit_undefined_on_the_device() -> None:
    words = ("real device", "canIUse")
    name = "jscrash/sf-45636927-systemshare-emulator-shareddata-undefined"
    assert_explained(real_log(f"{name}.log"), *words, certain=False)
    variant = (
        "Reason:TypeError\nError name:TypeError\n"
        "Error message:Cannot read property AVScreenCaptureRecorder of undefined\nSourceCode:\n"
        "    this.recorder = new media.AVScreenCaptureRecorder();\n"
        "Stacktrace:\n    at record (entry/src/main/ets/pages/Capture.ets:12:30)\n"
    )
    assert_explained(variant, *words)
    # a property of an app's own object read off undefined is not a kit
    own = variant.replace("new media.AVScreenCaptureRecorder()", "this.state.Recorder.start()")
    why = explain(parse_faultlog(own))
    assert why is None or "real device" not in why.fix


def test_a_fault_log_pasted_without_its_line_breaks_has_its_frames() -> None:
    text = real_log("cppcrash/faq-app-debugging-33-network-ut-asan-container-overflow.log")
    assert assert_found(text).location.endswith("network/src/main/cpp/websocket/websocket.cpp:114")
    variant = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000008 from:1:0Tid:7, Name:worker"
        "#00 pc 0000000000185ca8 /system/lib/ld-musl-aarch64.so.1(memcpy+28)(bad62e)"
        "#01 pc 000000000064a264 /data/storage/el1/bundle/libs/arm64/libentry.so(Copy(char*)+376)"
    )
    crash = parse_faultlog(variant)
    assert [f.symbol for f in crash.frames] == ["memcpy", "Copy(char*)"]
    # a frame that starts its own line is left as it is
    assert parse_faultlog(variant.replace(")#01", ")\n#01")).frames == crash.frames

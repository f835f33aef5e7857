"""Runtime text the doctor reads without a device log's frame: a loader's message quoted bare,
freeze stacks pasted without a freeze header, API codes under a Chinese page's labels (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog import says


def test_initial_exec_tls_quoted_bare_without_its_symbol() -> None:
    text = (
        "dlopen of the plugin fails:\n"
        "Error relocating /data/storage/el2/base/libs/arm64/libplugin.so: initial-exec TLS "
        "resolves to dynamic definition\n"
    )
    said = says.native_load(text)
    assert said is not None and said.meaning.startswith("the loader refuses libplugin.so")
    f = diagnose(text)
    assert f is not None and f.kind == "native" and "TLSDESC" in f.fix and "ohos-go" in f.fix


def test_a_chinese_pages_fault_fields_are_the_fault_logs() -> None:
    text = (
        "错误名称：BusinessError\n"
        "错误消息：资源ID无效。\n"
        "错误代码：9001001\n"
        "SourceCode：let s = getContext().resourceManager.getStringSync($r('app.string.x').id)\n"
    )
    f = diagnose(text)
    assert f is not None and f.kind == "crash" and f.code == "9001001"
    assert "createModuleContext" in f.fix and "getStringByNameSync" in f.fix


def test_a_build_codes_chinese_labels_are_no_crash() -> None:
    text = "错误码：00303038\n错误信息：模块配置有误\n"
    f = diagnose(text)
    assert f is None or f.kind != "crash"
    # a message label alone, no code or name beside it: not read as a fault log
    alone = diagnose("错误信息：连接超时，请重试")
    assert alone is None or alone.kind != "crash"


_MAIN_THREAD_STACK = (
    "Tid:4120, Name:com.example.notes\n"
    "#00 pc 00000000000a1c20 /system/lib64/libsqlite.z.so(sqlite3VdbeExec+2044)\n"
    "#01 pc 00000000000b2210 /system/lib64/platformsdk/libnative_rdb.z.so(OHOS::NativeRdb::"
    "SqliteStatement::Step()+60)\n"
    "#02 pc 0000000000033f10 /system/lib64/module/data/librelationalstore.z.so(OHOS::"
    "RelationalStoreJsKit::RdbStoreProxy::QuerySql(napi_env__*, napi_callback_info__*)+400)\n"
    "#03 pc 0000000000056dac /system/lib64/platformsdk/libace_napi.z.so(panda::JSValueRef "
    "ArkNativeFunctionCallBack<true>(panda::JsiRuntimeCallInfo*)+220)\n"
    "#04 at loadNotes (entry|entry|1.0.0|src/main/ets/pages/Notes.ts:40:12)\n"
)


def test_a_main_thread_dump_without_a_signal_is_possibly_a_freeze() -> None:
    f = diagnose(_MAIN_THREAD_STACK)
    assert f is not None and f.kind == "freeze" and not f.certain


def test_the_same_stack_with_a_signal_is_a_crash() -> None:
    f = diagnose(
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0\nFault thread info:\n" + _MAIN_THREAD_STACK
    )
    assert f is not None and f.kind == "crash"


def test_frames_without_a_thread_header_are_no_freeze_by_this_rule() -> None:
    f = diagnose(_MAIN_THREAD_STACK.split("\n", 1)[1])
    assert f is not None and f.kind == "crash" and not f.certain


def test_crypto_symmetric_key_refused_by_convert_key() -> None:
    text = (
        "Error name:BusinessError\n"
        "Error message:convertSymKey key failed!\n"
        "Stacktrace:\n"
        "    at importKey (entry/src/main/ets/crypto/Aes.ets:21:9)\n"
    )
    f = diagnose(text)
    assert f is not None and f.kind == "crash" and "key's byte length" in f.fix
    assert f.location == "entry/src/main/ets/crypto/Aes.ets:21:9"


def test_egl_errors_by_number_and_name() -> None:
    f = diagnose("render_thread: eglMakeCurrent failed: 0x300d")
    assert f is not None and f.kind == "native" and "EGL_BAD_SURFACE" in f.fix
    f = diagnose("GLRenderer: eglCreateWindowSurface failed, error 0x300b")
    assert f is not None and "EGL_BAD_NATIVE_WINDOW" in f.fix and "OnSurfaceCreated" in f.fix
    other = diagnose("GLRenderer: eglSwapBuffers failed: 3003")
    assert other is None or "EGL_BAD_SURFACE" not in other.fix

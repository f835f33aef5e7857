"""A JS error the app's native code threw through N-API (:mod:`hmdesk.core.toolchain.crash.
napi_throws`): the JS crash's native frames in the shape bpta-stability-app-crash-js-way shows
(StackTrace 场景分类, item 4: the error constructor, ``libace_napi.z.so(napi_throw_error)``, the
app's library, then the SubmitterStacktrace of the async work)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

_HEAD = (
    "Module name:com.example.demo\nPid:2211\nReason:TypeError\nError name:TypeError\n"
    "Error message:bad handle\nStacktrace:\n"
    "#00 pc 00000000004d9d4c /system/lib64/platformsdk/libark_jsruntime.so"
    "(panda::ecmascript::base::ErrorHelper::ErrorCommonConstructor+1704)(723d1618fe25)\n"
    "#01 pc 0000000000066a10 /system/lib64/platformsdk/libace_napi.z.so"
    "(napi_throw_type_error+148)(c91850afe362)\n"
)
_SUBMITTER = (
    "========SubmitterStacktrace========\n"
    "#00 pc 0000000000012cd0 /system/lib64/platformsdk/libuv.so(uv_queue_work+456)(e077582fac1b)\n"
    "#01 pc 0000000000003a40 /data/storage/el1/bundle/libs/arm64/libnative.so(8a1c02f7)\n"
    "#02 at onClick (entry|entry|1.0.0|src/main/ets/pages/Detail.ts:31:15)\n"
)


def test_the_apps_library_under_napi_throw_is_the_place() -> None:
    text = (
        _HEAD
        + "#02 pc 0000000000003b18 /data/storage/el1/bundle/libs/arm64/libnative.so(8a1c02f7)\n"
        + _SUBMITTER
    )
    f = diagnose(text)
    assert f is not None and f.kind == "crash"
    assert f.location == "/data/storage/el1/bundle/libs/arm64/libnative.so"
    assert "napi_throw_type_error" in f.fix and "Detail.ts:31:15" in f.fix


def test_a_system_library_under_napi_throw_is_left_to_the_other_readings() -> None:
    text = (
        _HEAD
        + "#02 pc 000000000017109c /system/lib64/module/file/libfs.z.so(OHOS::FileIO::Open)(aa)\n"
    )
    f = diagnose(text)
    assert f is not None and "native code threw" not in (f.meaning or "")

"""General rules the last blind batches U and W's runtime logs (folded into the corpus after their
blind run) showed missing: a napi reference released on a dead or foreign env, a PAC failure, the
UBSan minimal runtime's abort, a freeze in a surface's destroy callback waiting for a mutex, musl's
fdsan, ArkUI's check of a decorated variable's value, bm's named native-library failure and an env
named again after its engine was destroyed.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log

_HEAD = (
    "Module name:com.example.app\nReason:Signal:{sig}\nFault thread info:\n"
    "Tid:4242, Name:{thread}\n"
)

# --------------------------------------------------------------------------- crashes and freezes


def test_a_napi_reference_released_on_a_dead_env_says_possibly_napi_env() -> None:
    for name in (
        "cppcrash/libpag-3731-taskpool-env-reuse-not-mapped.log",
        "cppcrash/libpag-2444-ubsan-dispose-global-handle-workerthread.log",
    ):
        f = assert_found(real_log(name))
        assert f.kind == "crash" and f.fix.startswith("Possibly")
        assert "napi_env" in f.fix and "napi_ref" in f.fix, name
    variant = _HEAD.format(sig="SIGSEGV(SEGV_MAPERR)", thread="OS_FFRT_2_3") + (
        "#00 pc 0000000000123456 /system/lib64/platformsdk/libark_jsruntime.so"
        "(panda::JSNApi::DisposeGlobalHandleAddr(panda::ecmascript::EcmaVM const*, unsigned long)+40)\n"
        "#01 pc 0000000000040000 /system/lib64/platformsdk/libace_napi.z.so(napi_delete_reference+64)\n"
        "#02 pc 0000000000001000 /data/storage/el1/bundle/libs/arm64/libother.so(Cache::Clear()+12)\n"
    )
    assert "napi_ref" in assert_found(variant).fix


def test_a_pac_failure_is_an_overwritten_return_address() -> None:
    f = assert_found(real_log("cppcrash/bpta-cppcrash-case7-pac-autia-stack-overwrite.log"))
    assert f.code == "SIGILL" and "memcpy_s" in f.fix and "PAC" in f.meaning + f.fix
    variant = _HEAD.format(sig="SIGILL(ILL_ILLOPC)", thread="worker") + (
        "#00 pc 0000000000001a00 /data/storage/el1/bundle/libs/arm64/libnative.so(Parse+84)\n"
        "Disassembly: autiasp ; ret\n"
    )
    assert "buffer" in assert_found(variant).fix


def test_ubsans_minimal_runtime_names_undefined_behaviour() -> None:
    variant = _HEAD.format(sig="SIGABRT(SI_TKILL)", thread="main") + (
        "#00 pc 000000000019a8d4 /system/lib/ld-musl-aarch64.so.1(raise+228)\n"
        "#01 pc 0000000000147eb0 /system/lib/ld-musl-aarch64.so.1(abort+20)\n"
        "#02 pc 0000000000003500 /system/lib64/libclang_rt.ubsan_minimal.so"
        "(__ubsan_handle_add_overflow_minimal_abort+36)\n"
        "#03 pc 0000000000001000 /data/storage/el1/bundle/libs/arm64/libcalc.so(Sum(int, int)+8)\n"
    )
    f = assert_found(variant)
    assert "UndefinedBehaviorSanitizer" in f.meaning and f.fix.startswith("Possibly")


def test_a_freeze_waiting_for_a_mutex_in_a_surface_destroy_callback_is_a_deadlock() -> None:
    f = assert_found(real_log("appfreeze/libpag-3438-release-surface-destroyed-deadlock.log"))
    assert f.kind == "freeze" and "deadlock" in f.fix.lower() + f.meaning.lower()
    # another library, a plain pthread lock, no line numbers between the frames
    variant = "\n".join(
        line.replace("libpag.so", "libplayer.so").replace("std::__n1::mutex::lock()", "Lock()")
        for line in real_log("appfreeze/libpag-3438-release-surface-destroyed-deadlock.log")
        .replace("__pthread_mutex_timedlock_inner", "pthread_mutex_lock")
        .splitlines()
        if not line.strip().isdigit()
    )
    v = assert_found(variant)
    assert v.kind == "freeze" and "mutex" in v.fix


# --------------------------------------------------------------------------- hilog and bm words


def test_musl_fdsan_is_a_wrong_close() -> None:
    f = assert_found(real_log("hilog/fdsan-guide-musl-fdsan-owned-by-file-numbered.log"))
    assert f.kind == "file" and "double close" in f.fix and "fd 43" in f.meaning
    v = assert_found(
        "05-01 10:00:00.000 1 2 E C03f00/MUSL-FDSAN: attempted to close file descriptor 7, "
        "expected to be unowned, actually owned by unique_fd 0x0000abcd\n"
    )
    assert v.kind == "file" and "unique_fd" in v.fix


def test_arkuis_check_of_a_decorated_variables_value() -> None:
    f = assert_found(real_log("jscrash/chronos-prop-function-illegal-variable-value.log"))
    assert f.kind == "arkts-source" and "@Link" in f.fix and "'onDateSelect'" in f.fix
    v = assert_found(
        "Error: Illegal variable value error with decorated variable @State 'items': failed "
        "validation: 'undefined, null, number, boolean, string, or Object but not function'\n"
    )
    assert "@State 'items'" in v.fix
    w = assert_found("Illegal variable value error with decorated variable @Link 'x'\n")
    assert "change @Link" in w.fix


def test_bms_named_native_library_failure_is_the_abi() -> None:
    f = assert_found(real_log("bm/animez-3-emulator-x86-parse-native-so.log"))
    assert f.kind == "install" and "x86" in f.fix and "real device" in f.fix
    v = assert_found("Install Failed: Failure[ERR_INSTALL_PARSE_NATIVE_SO_FAILED]\n")
    assert "abiFilters" in v.fix


def test_an_env_named_again_after_its_engine_was_destroyed() -> None:
    f = assert_found(real_log("hilog/bpta-cppcrash-case2-env-used-after-engine-destroyed.log"))
    assert f.kind == "crash" and not f.certain and "napi_env" in f.fix
    v = (
        "01-01 00:00:01.000 10 11 I C01510/MyNapi: holder create env=0x7f00112233\n"
        "01-01 00:00:02.000 10 11 I C03900/NAPI: [(ark_native_engine.cpp:64)(~ArkNativeEngine)] "
        "ArkNativeEngine:~ArkNativeEngine\n"
        "01-01 00:00:03.000 10 12 I C01510/MyNapi: callback with env=0x7f00112233\n"
    )
    assert "napi_env" in assert_found(v).fix
    # no engine destroyed before it, or a different env: nothing said about it
    other = v.replace("callback with env=0x7f00112233", "callback with env=0x7f00998877")
    found = diagnose(other)
    assert found is None or "napi_env" not in found.fix


def test_a_napi_argument_refused_names_the_calling_frame() -> None:
    f = assert_found(real_log("hilog/mmkv-1278-initializewithpath-invalid-parameter-quoted.log"))
    assert f.kind == "crash" and f.fix.startswith("Possibly") and "parameter" in f.fix
    assert f.location is not None and f.location.endswith("MMKV.ets:54:26")
    v = assert_found(
        "01-02 03:04:05.006  100  100 I A00000/Store: NAPI Error: code 1, msg Invalid parameter\n"
        "01-02 03:04:05.007  100  100 E C03f00/ArkCompiler: Error: null\n"
        "01-02 03:04:05.007  100  100 E C03f00/ArkCompiler:     at open "
        "(entry/src/main/ets/store/Db.ets:12:5)\n"
    )
    assert v.location == "entry/src/main/ets/store/Db.ets:12:5" and "open" in v.fix

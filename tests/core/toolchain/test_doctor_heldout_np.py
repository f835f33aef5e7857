"""General rules the held-out batches N and P (their hilog, hdc, bm and aa logs, folded into the
corpus) showed missing: what hilog's own lines say, hdc's and bm's own words.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.outcomes import classify_fail
from hmdesk.core.toolchain.hilog import says

from tests.fixtures.real_logs import assert_found, real_log

# --------------------------------------------------------------------------- the native loader


def test_a_library_the_loader_did_not_find_is_named_with_who_needs_it() -> None:
    f = assert_found(real_log("hilog/minicpm-v-apps-34-libmtmd-so0-missing-from-hap.log"))
    assert f.kind == "native" and f.certain
    assert "libentry.so needs libmtmd.so.0" in f.fix and "SONAME" in f.fix
    assert f.location == "/data/storage/el1/bundle/libs/arm64/libentry.so"
    # a variant: the Log window's columns, an unversioned library: no SONAME story
    variant = (
        "08-01 10:00:00.100   4000-4000   C03F07/MUSL-LDSO   com.demo   W     Error loading "
        "shared library libfoo.so: No such file or directory (needed by "
        "/data/storage/el1/bundle/libs/arm64/libbar.so)"
    )
    v = assert_found(variant)
    assert v.kind == "native" and "libbar.so needs libfoo.so" in v.fix
    assert "SONAME" not in v.fix


def test_a_js_crash_on_an_undefined_native_module_names_the_missing_library() -> None:
    f = assert_found(real_log("hilog/qt-ohos-libqtdbus-missing-level-tag.log"))
    assert f.kind == "crash"
    assert f.location == "entry/src/main/ets/qabilitystage/QAbilityStage.ets:47:9"
    assert f.fix.startswith("hilog shows why: libqohos.so needs libQt5DBus.so")


def test_dlopens_wording_and_a_system_library() -> None:
    said = says.native_load(
        '08-01 10:00:00.100  4000  4000 E A00000/demo/Native: dlopen failed: library "libz2.so" '
        "not found"
    )
    assert said is not None and "needs libz2.so" in said.fix
    sys_lib = says.native_load(
        "W C03F07/MUSL-LDSO: Error loading shared library libnative_foo.z.so: (needed by "
        "/data/storage/el1/bundle/libs/arm64/libentry.so)"
    )
    assert sys_lib is not None and "system library" in sys_lib.meaning


def test_initial_exec_tls_refused_at_dlopen() -> None:
    f = assert_found(real_log("hilog/netbird-go-dlopen-initial-exec-tls.log"))
    assert f.kind == "native" and f.location is not None and f.location.endswith("libgoprobe.so")
    assert "global-dynamic" in f.fix and "TLSDESC" in f.fix
    variant = (
        "E C03F00/MUSL-LDSO: Error relocating /data/storage/el1/bundle/libs/arm64/libx.so: "
        "tls_var: initial-exec TLS resolves to dynamic definition in "
        "/data/storage/el1/bundle/libs/arm64/libx.so"
    )
    assert assert_found(variant).meaning.startswith("the loader refuses libx.so")


def test_a_host_tools_loader_line_is_not_the_apps() -> None:
    # not a hilog line: a musl host's output while building
    assert (
        says.native_load(
            "Error loading shared library libstdc++.so.6: No such file or directory (needed by "
            "/usr/bin/node)"
        )
        is None
    )


# --------------------------------------------------------------------------- a Rust panic


def test_a_rust_panic_in_hilog_is_a_crash_at_its_place() -> None:
    f = assert_found(real_log("hilog/servo-47193-ohos-media-todo-panic-hdc.log"))
    assert f.kind == "crash" and f.location == "components/media/backends/ohos/lib.rs:181:9"
    assert "todo!()" in f.fix and "“not yet implemented”" in (f.meaning or "")
    # a variant: the old format, the message quoted on the panic's line
    old = (
        "08-12 18:04:11.964  4425  4771 E A0E0C3/com.demo/rust: thread 'main' panicked at "
        "'called `Option::unwrap()` on a `None` value', src/lib.rs:12:5"
    )
    v = assert_found(old)
    assert v.kind == "crash" and v.location == "src/lib.rs:12:5" and "None case" in v.fix


def test_a_panic_pasted_without_prefixes_and_not_a_host_build() -> None:
    bare = (
        "Panic in Rust code\nPanicInfo: panicked at src/touch.rs:218:14:\n"
        "called `Option::unwrap()` on a `None` value\n   9: rust_begin_unwind\n"
    )
    f = assert_found(bare)
    assert f.kind == "crash" and f.location == "src/touch.rs:218:14" and "unwrap" in f.fix
    build = (
        "error: failed to run custom build command for `foo v0.1.0`\n--- stderr\n"
        "thread 'main' panicked at build.rs:3:5:\nno SDK\n"
    )
    found = diagnose(build)
    assert found is None or found.kind != "crash"  # a build script's panic on the host


# --------------------------------------------------------------------------- an app that exited


def test_an_app_exiting_with_a_code_is_its_own_exit() -> None:
    f = assert_found(real_log("hilog/faq-stability-45-process-exit-1-hdc.log"))
    assert f.kind == "crash" and f.meaning.startswith("the app's process exited with code 1")
    assert f.location == "src/main/ets/l2/v3/w3.ts:143:1"
    assert "terminateSelf" in f.fix and "try-catch" in f.fix
    variant = "W C02C11/appspawn/APPSPAWN: com.demo.app with pid 812 exit with code:3"
    v = assert_found(variant)
    assert v.kind == "crash" and "code 3" in v.fix and v.location is None
    assert says.app_exit("com.demo.app with pid 812 exit with code:0") is None


def test_an_entry_module_missing_from_the_abc() -> None:
    f = assert_found(real_log("hilog/maui-ohos-entry-record-missing-appkit-lines.log"))
    assert f.kind == "crash" and f.code is None  # ``exit with code:254`` is no API code
    assert "srcEntry" in f.fix and "modules.abc" in f.meaning


# --------------------------------------------------------------------------- GPU, components


def test_no_vulkan_driver_is_a_possible_crash_at_start() -> None:
    f = assert_found(real_log("hilog/flutter-boost-2163-impeller-vulkan-emulator-bare.log"))
    assert f.kind == "crash" and not f.certain and "Impeller" in f.fix
    other = "E C01406/render: vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER"
    v = assert_found(other)
    assert v.kind == "crash" and "Vulkan" in v.fix and "Impeller" not in v.fix


def test_a_components_own_advice_is_the_fix() -> None:
    f = assert_found(real_log("hilog/vpn-client-api26-systemmaterial-out-of-scope.log"))
    assert f.kind == "arkts-source" and not f.certain
    assert "navigation title bar or Tabbar" in f.fix
    g = assert_found(real_log("hilog/vpn-client-hdstabs-barposition-not-a-number.log"))
    assert g.kind == "arkts-source" and "constructor options" in g.fix
    variant = "W C03900/Ace: blurStyle ignored: Please use it on a Column or Stack."
    assert assert_found(variant).fix.startswith("Possibly: Ace says the setting has no effect")
    # the runtime's own errors are no component's advice
    assert says.component_use("E C03F00/ArkCompiler: TypeError: x is not a number") is None


# --------------------------------------------------------------------------- hdc, bm


def test_hdcs_hex_code_of_an_organizations_policy() -> None:
    f = assert_found(real_log("hdc/devecocli-notes-e00c001-restricted-by-organization.log"))
    assert (f.kind, f.code) == ("hdc", "E00C001") and "administrator" in f.fix
    out = classify_fail("[E00C001]Operation restricted by the organization.")
    assert out is not None and out.code == "E00C001" and out.kind == "permission"
    # an undocumented hex code keeps hdc's words
    g = assert_found("[Fail][E00A123]Something new")
    assert g.code == "E00A123" and "Something new" in g.fix


def test_hdc_fport_arguments() -> None:
    f = assert_found(real_log("hdc/flutter-ohos-fport-host-port-zero-parament.log"))
    assert f.meaning == "hdc fport could not read its forward arguments" and "tcp:" in f.fix


def test_a_target_listed_offline_is_waited_for() -> None:
    f = assert_found(real_log("hdc/netbird-tablet-offline-first-connect.log"))
    assert f.meaning == "the target is listed Offline" and "booted" in f.fix
    usb = "hdc list targets -v\nFMR0223C13000649\tUSB\tOffline\tlocalhost\n"
    assert assert_found(usb).meaning == "the target is listed Offline"


def test_bm_dumps_parameter_error_asks_for_the_user() -> None:
    f = assert_found(real_log("bm/netbird-bm-dump-all-needs-user.log"))
    assert f.kind == "tool" and "-u <userId>" in f.fix
    assert assert_found(
        "$ hdc shell bm dump -n com.demo\nerror: failed to get information and the parameters "
        "may be wrong."
    ).meaning.startswith("bm dump")


def test_a_device_log_is_never_read_as_a_failed_build() -> None:
    # the app's own ``Error: no such file`` lines in a Log window capture: no build failed
    f = diagnose(real_log("hilog/yulu-save-album-no-such-file-wrapped.log"))
    assert f is None or f.meaning != "the build failed"
    build = "> hvigor ERROR: Failed :entry:default@CompileArkTS...\nError: no such file\n"
    b = diagnose(build)
    assert b is not None and b.kind != "crash"


def test_a_symbol_the_device_lacks_wrapped_under_its_log_line() -> None:
    log = (
        "W C03F01/org.demo/NAPI: load app module failed.\n"
        "  Error relocating /data/storage/el1/bundle/libs/arm64/libdemo.so:\n"
        "  OH_NewApi_Call: symbol not found\n"
    )
    f = assert_found(log)
    assert f.kind == "native" and "OH_NewApi_Call" in f.fix and "API level" in f.fix

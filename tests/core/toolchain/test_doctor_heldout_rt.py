"""General rules the final batches R and T's device logs (bm, hdc, hilog, sdk; folded into the
corpus after their blind run) showed missing: Android logcat lines as ArkUI-X developers paste
them, a ``Tag: msg`` paste with its stack, the engine's ``Throw error`` stack, hdc's, bm's and the
Emulator's own words.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.outcomes import classify_fail
from hmdesk.core.toolchain.hilog.line import LOG, RAW
from hmdesk.core.toolchain.hilog.parse import parse_line, parse_lines
from hmdesk.core.toolchain.hilog.pasted import logical_lines

from tests.fixtures.real_logs import assert_found, real_log

# --------------------------------------------------------------------------- logcat lines


def test_logcat_threadtime_lines_read_into_hilogs_fields_without_a_domain() -> None:
    lines = real_log("hilog/arkuix-android-libcrypto-openssl-not-preset.log").splitlines()
    parsed = parse_lines(lines)
    assert all(p.kind == LOG for p in parsed)
    first = parsed[0]
    assert (first.time, first.pid, first.tid, first.level) == (
        "09-12 19:20:28.133",
        6265,
        6265,
        "W",
    )
    assert first.tag == "NAPI" and first.domain_text == "" and first.process == ""
    assert first.message.startswith("[native_module_manager.cpp(LoadModuleLibrary)] dlopen")
    # a variant: a year, wide columns, Android's V and A levels, no space after the colon
    v = parse_line("2025-01-02 03:04:05.678  1200  1301 V MyTag   :hello")
    assert (v.kind, v.pid, v.tid, v.level, v.tag, v.message) == (
        LOG,
        1200,
        1301,
        "D",
        "MyTag",
        "hello",
    )
    assert parse_line("01-02 03:04:05.678 1 2 A libc: abort").level == "F"


def test_android_studio_logcat_window_lines_new_and_old() -> None:
    parsed = parse_lines(real_log("hilog/arkuix-android-assets-module-missing.log").splitlines())
    assert all(p.kind == LOG for p in parsed)
    p = parsed[3]
    assert (p.time, p.pid, p.tid, p.level) == ("2024-09-03 16:06:44.827", 2901, 2901, "E")
    assert (p.tag, p.process) == ("Ace", "com.huawei.hmos.world")
    assert p.message == "[bundle_container.cpp(132)] bundleInfo_ is nullptr"
    old = parse_line("2023-05-06 07:08:09.010 3210-3222/com.example.app W/ArkCompiler: [default] x")
    assert (old.kind, old.process, old.level, old.tag, old.message) == (
        LOG, "com.example.app", "W", "ArkCompiler", "[default] x",
    )  # fmt: skip
    # prose with a time in it stays text
    assert parse_line("2024-09-03 16:06:44.827 the build started again").kind == RAW


def test_a_tag_only_paste_with_a_stack_under_one_line() -> None:
    text = real_log("hilog/ailife-bugreport-mainpage-undefined-not-callable.log")
    logged = logical_lines(parse_lines([ln for ln in text.splitlines() if ln.strip()]))
    assert [p.tag for p in logged] == ["AceStateMgmt", "ArkCompiler", "AppKit"]
    f = assert_found(text)
    assert f.kind == "crash" and f.location == ".../MainPage.ts:2:23593"
    # prose labels with a stack frame under them stay text (not CamelCase component tags)
    prose = ["Note: the page broke", "  at build (Index.ets:3:4)", "Cause: something else"]
    assert all(p.kind == RAW for p in parse_lines(prose))


def test_a_wrapped_stack_frame_is_not_more_of_the_message() -> None:
    text = real_log("hilog/faq-arkts-threading-10-worker-loads-ui-decorators.log")
    logged = logical_lines(parse_lines([ln for ln in text.splitlines() if ln.strip()]))
    assert len(logged) == 8 and logged[0].message == "ReferenceError: Observed is not defined"


# --------------------------------------------------------------------------- what the lines say


def test_the_engines_throw_record_gives_the_stack_and_place() -> None:
    f = assert_found(real_log("hilog/arkuix-android-abouttoappear-unguarded-undefined.log"))
    assert f.kind == "crash" and f.certain
    assert f.location == "entry/src/main/ets/pages/CategoryPage.ets:138:31"
    # a variant: hilog's own layout, a throw with its stack and no error line after it
    variant = "\n".join(
        [
            "08-01 10:00:00.100  4000  4000 D C03F00/ArkCompiler: [default] Throw error: "
            "Cannot read property x of undefined",
            "08-01 10:00:00.100  4000  4000 D C03F00/ArkCompiler: [default] at build "
            "(entry/src/main/ets/pages/Index.ets:12:7)",
        ]
    )
    v = assert_found(variant)
    assert v.kind == "crash" and not v.certain
    assert v.location == "entry/src/main/ets/pages/Index.ets:12:7"


def test_a_system_module_with_no_native_library() -> None:
    f = assert_found(real_log("hilog/arkuix-android-libintl-missing-white-screen.log"))
    assert f.kind == "crash" and "libintl.so" in f.fix and ".arkui-x/android/app/libs" in f.fix
    assert f.location == "entry/src/main/ets/pages/CategoryPage.ets:47:37"
    v = assert_found(
        "W C03F00/ArkCompiler: GetNativeModuleValueByIndex: currentModule "
        "/data/storage/el1/bundle/entry/ets/modules.abc, find requireModule @ohos:buffer failed"
    )
    assert v.kind == "native" and "libbuffer.so" in v.fix and not v.certain


def test_arkui_globals_not_defined_mean_ui_code_on_a_child_thread() -> None:
    f = assert_found(real_log("hilog/faq-arkts-threading-10-worker-loads-ui-decorators.log"))
    assert f.kind == "crash" and "TaskPool" in f.fix and "Worker" in f.fix
    v = assert_found(
        "E C03F00/ArkCompiler: ReferenceError: ObservedV2 is not defined\n"
        "E C03F00/ArkCompiler:     at func_main_0 (entry/src/main/ets/model/Item.ts:3:1)"
    )
    assert "Worker" in v.fix
    # another name not defined is the app's own
    other = diagnose(
        "E C03F00/ArkCompiler: ReferenceError: myHelper is not defined\n"
        "E C03F00/ArkCompiler:     at func_main_0 (entry/src/main/ets/model/Item.ts:3:1)"
    )
    assert other is None or "TaskPool" not in other.fix


def test_an_arkui_x_app_with_no_module_in_its_assets() -> None:
    f = assert_found(real_log("hilog/arkuix-android-assets-module-missing.log"))
    assert f.kind == "launch" and "assets" in f.fix and not f.certain
    v = assert_found("01-02 03:04:05.678 100 100 I Ace: [app_main.cpp(80)] module list size: 0")
    assert v.kind == "launch"


# --------------------------------------------------------------------------- hdc, Emulator


def test_hdc_not_found_by_zsh() -> None:
    f = assert_found(real_log("hdc/csdn-140712446-mac-hdc-command-not-found.log"))
    assert f.kind == "hdc" and "PATH" in f.fix and ".zshrc" in f.fix
    assert assert_found("fish: Unknown command: hdc").meaning == "hdc not found"


def test_need_connect_key_names_the_other_sdks_hdc() -> None:
    f = assert_found(real_log("hdc/csdn-136527325-openharmony-sdk-hdc-need-connect-key.log"))
    assert f.kind == "hdc" and "hdc list targets" in f.fix and "toolchains" in f.fix
    assert assert_found("$ hdc shell\n[Fail]ExecuteCommand need connect-key?").kind == "hdc"


def test_a_target_not_available_yet() -> None:
    f = assert_found(real_log("hdc/rustdesk-tconn-target-not-ready.log"))
    assert f.kind == "device" and "tconn" in f.fix and "Wait" in f.fix
    assert classify_fail("[Fail]Requested target is not available").kind == "no-device"


def test_the_emulator_refuses_options_it_does_not_know() -> None:
    f = assert_found(real_log("hdc/ohostest-emulator-unknown-options-rotation.log"))
    assert f.kind == "tool" and "upgrade" in f.fix
    assert assert_found("Emulator.exe: Unknown option: foldable").kind == "tool"


# --------------------------------------------------------------------------- bm, the runtime


def test_a_bare_bm_code_followed_by_its_own_message() -> None:
    f = assert_found(real_log("bm/rustdesk-script-picked-unsigned-hap-9568320.log"))
    assert f.code == "9568320" and f.kind in ("install", "signing")
    v = assert_found("9568305 dependent module does not exist")
    assert v.code == "9568305"
    # a bare number with no words of bm's after it is no code
    assert diagnose("copied 9568305 bytes") is None


def test_bms_older_usesdk_error_and_the_abi_sentence() -> None:
    f = assert_found(real_log("bm/juejin-7293304986867597363-usesdk-error-api6-phone.log"))
    assert f.kind == "install" and "compatibleSdkVersion" in f.fix
    assert assert_found("error: INSTALL_PARSE_FAILED_USESDK_ERROR").kind == "install"
    a = assert_found(real_log("bm/vmrp-readme-abi-mismatch-emulator.log"))
    assert a.kind == "install" and "abiFilters" in a.fix and "x86_64" in a.fix


def test_profile_prop_check_names_the_profiles_privileges() -> None:
    f = assert_found(real_log("bm/csdn-131269272-full-sdk-profile-prop-check.log"))
    assert f.kind == "install" and "apl" in f.fix and "install_list_capability" in f.fix
    v = assert_found(
        "error: failed to install bundle.\ncode:9568344\nerror: install parse profile prop check error."
    )
    assert v.code == "9568344" and "UnsgnedReleasedProfileTemplate" in v.fix


def test_abc_newer_than_the_runtime() -> None:
    f = assert_found(real_log("sdk/arkuix-abc-version-newer-than-runtime.log"))
    assert f.kind == "sdk-version" and "API Version" in f.fix
    v = assert_found(
        "E C03F00/ArkCompiler: Unable to open file '/data/storage/el1/bundle/entry/ets/modules.abc' "
        "with abc file version 13.0.1.0. Maximum supported abc file version on the current system "
        "image is 12.0.1.0."
    )
    assert v.kind == "sdk-version"

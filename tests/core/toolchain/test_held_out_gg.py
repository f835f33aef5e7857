"""What held-out batch GG (2026-12-07, sixth session; its logs named ``g1-``/``g2-`` (device logs
from issue threads and developers' notes) and ``g3-`` (failing builds from committed hvigor debug
logs), scored blind on 978dfee4; and ``g4-`` (logs the HarmonyOS pages of cross-platform
frameworks' docs quote: ArkUI-X, RN for OpenHarmony, Taro, uni-app, Flutter for OHOS, ohos-rs),
scored blind on 7c7adbd4; then folded in) taught: general readings, each checked on the batch's
log and on another form (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.parse import parse_hilog_text

from tests.fixtures.real_logs import assert_found, real_log


def test_an_error_a_template_meets_in_libcxx_is_the_apps_own_call() -> None:
    # ``thread:284:5: error: attempt to use a deleted function`` comes from the app's
    # ``std::thread(f, args…)`` (its "in instantiation … requested here" notes say so): the
    # app's first error is the place, not a broken include order
    f = assert_found(real_log("native/g3-vpn-buildippacket-char-buffer.log"))
    assert f.kind == "native" and f.location is not None
    assert f.location.endswith("entry/src/main/cpp/packet_forwarder.cpp:562:34")
    assert "reinterpret_cast" in f.fix and "include order" not in (f.meaning or "")
    # an error of the headers themselves still reads as the include order
    broken = assert_found(real_log("native/r4-qtkb-libcxx-musl-isystem-nullptr-t.log"))
    assert broken.meaning == "libc++ headers broken by the include order"


def test_no_matching_function_is_an_argument_not_a_missing_declaration() -> None:
    f = assert_found(
        "/p/entry/src/main/cpp/napi_init.cpp:20:9: error: no matching function for call to "
        "'Encode'\n/p/entry/src/main/cpp/codec.h:4:6: note: candidate function not viable: "
        "requires 2 arguments, but 3 were provided\n1 error generated.\n"
    )
    assert f.kind == "native" and "candidate function not viable" in f.fix
    assert "nothing it includes declares" not in f.fix


def test_the_devices_own_log_of_a_refused_install_names_bms_code() -> None:
    gallery = assert_found(real_log("hilog/g2-hapverify-app-gallery-profile.log"))
    assert gallery.kind == "signing" and "9568322" in (gallery.meaning or "")
    assert "internaltesting" in gallery.fix
    root = assert_found(real_log("hilog/g2-hapverify-openharmony-root-ca.log"))
    assert "9568257" in (root.meaning or "") and "OpenHarmony Application Root CA" in root.fix
    hnp = assert_found(real_log("hilog/g2-hnp-binary-cert-extension.log"))
    assert hnp.kind == "install" and "hnpPackages" in hnp.fix
    # the same check as another line prints it (the app verifier's VerifyProfileInfo)
    other = assert_found(
        "C011FE/HapVerify: VerifyProfileInfo: developed cert is not same as signed cert\n"
    )
    assert other.kind == "signing" and ".cer" in other.fix


def test_musls_initial_exec_tls_refusal_wrapped_onto_lines() -> None:
    f = assert_found(real_log("hilog/g2-go-cshared-initial-exec-tls.log"))
    assert f.kind == "native" and "TLS" in f.fix
    assert "libdbx_agent_oracle.so" in (f.meaning or "") and "..." not in (f.meaning or "")


def test_a_paste_of_level_led_lines_keeps_a_line_whose_tag_was_cut() -> None:
    lines = real_log("hilog/g2-hnp-binary-cert-extension.log").splitlines()
    parsed = [p for p in parse_hilog_text(lines) if p.kind == "log"]
    assert [p.level for p in parsed] == ["E", "E", "E"]
    assert parsed[2].message.startswith("installd_operator.cpp:ProcessBundleInstallNative:978")
    # prose after a paste with hilog's time keeps out: only a paste cut to level-led lines
    timed = parse_hilog_text(
        [
            "08-05 18:27:43.068  1923  1923 E C03900/Ace: first",
            "I think the next line matters",
        ]
    )
    assert timed[1].kind == "raw"


def test_a_failed_signing_is_not_read_from_hvigors_notice_nor_a_compiler_warning() -> None:
    # without the message rules (the leave-out test), GG's SignHap log was read from hvigor's
    # Cangjie notice, then from an ArkTS warning: neither is a signing step's error
    from hmdesk.core.toolchain.tool_errors import read_tool_error

    text = (
        "[2026-03-13T17:21:55.702] [DEBUG] debug-file - failed to load cangjie to dynamically "
        "generate schemas: Error: Cannot find module '@ohos/cangjie-build-support/index'\n"
        "> hvigor WARN: WARN: ArkTS:WARN File: /p/entry/src/main/ets/pages/Index.ets:37:28\n"
        " Function may throw exceptions. Special handling is required.\n"
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "> hvigor ERROR: Tools execution failed.\n"
        "The JVM said something no table knows.\n"
    )
    err = read_tool_error(text)
    assert err is None or err.tool not in ("the module resolver", "the ArkTS compiler"), err


def test_a_system_library_the_loader_misses_in_a_js_crash() -> None:
    # RN for OpenHarmony on an OpenHarmony 5.0 board: librawfile.z.so sits in system/lib64,
    # which the app sandbox does not mount
    f = assert_found(real_log("jscrash/g4-rnoh-oh5-librawfile-not-in-sandbox.log"))
    assert f.kind == "crash" and "appdata-sandbox.json" in f.fix
    assert "No known cause" not in f.fix
    # the loader's line in hilog says the same
    said = assert_found(
        "E C01510/MUSL-LDSO: Error loading shared library libnative_drawing.z.so: No such file "
        "or directory (needed by /data/storage/el1/bundle/libs/arm64/libentry.so)\n"
    )
    assert said.kind == "native" and "NDK" in said.fix and "sandbox" in said.fix


def test_an_api_arkui_x_does_not_bring_to_other_platforms() -> None:
    f = assert_found(real_log("arkts/g4-arkuix-retrofit-cant-support-crossplatform.log"))
    assert f.kind == "arkts-source" and "ignoreCrossPlatform" in f.fix
    compiled = assert_found(real_log("arkts/arkui-x-not-crossplatform-api.log"))
    assert "'isWifiActive'" in compiled.fix and compiled.location is not None


def test_react_natives_platform_type_without_harmony() -> None:
    f = assert_found(real_log("arkts/g4-rnoh-lib-platform-os-no-overlap.log"))
    assert f.kind == "arkts-source" and "Platform.d.ts" in f.fix
    whole = assert_found(
        "src/index.tsx:12:7 - error TS2367: This comparison appears to be unintentional because "
        'the types \'"ios" | "android" | "windows" | "macos" | "web"\' and '
        "'\"harmony\"' have no overlap.\n"
    )
    assert "react-native-harmony" in whole.fix


def test_a_client_certificate_the_http_request_could_not_load() -> None:
    f = assert_found(real_log("hilog/g4-arkuix-http-p12-client-cert-2300058.log"))
    assert f.code == "2300058" and "PEM" in f.fix


def test_an_unresolved_import_names_the_normalized_ohmurl_of_a_library_too() -> None:
    f = assert_found(real_log("config/g4-taro-harmony-library-normalized-ohmurl.log"))
    assert "useNormalizedOHMUrl" in f.fix and "letter case" in f.fix

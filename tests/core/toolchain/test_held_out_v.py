"""What held-out batch V (2026-12-07, second session; scored blind, then folded in) taught:
general facts of the tools, each checked on the batch's own log and on another form of the same
message (issue 27)."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("jscrash/v3-guide-concurrency-faq-sendable-add-property.log", ("Sendable", "useTsHar")),
        ("jscrash/v3-guide-concurrency-faq-sendable-mismatched-type.log", ("Proxy", "@State")),
    ],
)
def test_the_runtimes_sendable_checks(name: str, words: tuple[str, ...]) -> None:
    f = assert_found(real_log(name))
    assert f.kind == "crash" and all(w in f.fix for w in words)
    # in a hilog line, without the page's "JS异常：" label
    line = real_log(name).split("TypeError: ", 1)[1].strip()
    hilog = assert_found(f"E C03f00/ArkCompiler: [ecmascript] TypeError: {line}\n")
    assert words[0] in hilog.fix


def test_jsvms_fatal_misuse_check_names_the_scope() -> None:
    f = assert_found(real_log("cppcrash/v3-guide-jsvm-scope-check-run-in-wrong-handlescope.log"))
    assert f.kind == "crash" and "Run in wrong HandleScope" in f.fix
    assert "OH_JSVM_CloseHandleScope" in f.fix


def test_rust_for_an_ohos_target() -> None:
    std = assert_found(real_log("native/v1-gaiax-rustup-no-rust-std-ohos-target.log"))
    assert std.kind == "native" and "rustup target add aarch64-unknown-linux-ohos" in std.fix
    linker = assert_found(real_log("native/v1-sitemark-cargo-ohos-linker-cc-not-found.log"))
    assert linker.kind == "native" and "OHOS_NDK_HOME" in linker.fix and "`cc`" in linker.fix
    other = assert_found("error: linker `aarch64-unknown-linux-ohos-clang` not found\n")
    assert "aarch64-unknown-linux-ohos-clang" in other.fix


def test_a_build_gn_that_does_not_know_ohos() -> None:
    f = assert_found(real_log("native/v3-guide-gn-webrtc-zlib-unsupported-arm-os.log"))
    assert f.kind == "native" and "is_ohos" in f.fix
    gn = assert_found(
        "ERROR at //third_party/foo/BUILD.gn:12:5: Assertion failed.\n"
        '    assert(false, "Unsupported target_os")\n'
    )
    assert gn.kind == "native" and "BUILD.gn" in gn.fix


@pytest.mark.parametrize(
    ("log", "name"),
    [
        ("mingw32-make: command not found\n", "mingw32-make"),
        ("zsh: command not found: rustup\n", "rustup"),
        ("'llvm-ar' is not recognized as an internal or external command,\n", "llvm-ar"),
    ],
)
def test_a_command_the_shell_does_not_find(log: str, name: str) -> None:
    f = assert_found(log)
    assert f.kind == "tool" and f"no command {name}:" in f.fix and "PATH" in f.fix


def test_a_tool_with_its_own_remedy_keeps_it() -> None:
    f = assert_found("bash: ohpm: command not found\n")
    assert f.meaning == "ohpm not found on PATH"


def test_an_unsigned_package_for_a_real_device() -> None:
    f = assert_found(real_log("signing/v4-networkcompare-devecocli-real-device-unsigned.log"))
    assert f.kind == "signing" and f.certain and "signingConfigs" in f.fix
    # a C type is no package
    assert diagnose("error: 'unsigned long' is not signed\n") is None or (
        assert_found("error: 'unsigned long' is not signed\n").kind != "signing"
    )


def test_a_keystore_from_a_newer_jdk() -> None:
    f = assert_found(real_log("java-node/v4-novelreader-keystore-newer-jdk-version.log"))
    assert f.kind == "signing" and "JAVA_HOME" in f.fix and "jbr" in f.fix


def test_hap_sign_tools_not_support_file_with_its_path() -> None:
    f = assert_found(real_log("signing/v4-litewearable-hap-sign-tool-dev-null.log"))
    assert f.kind == "signing" and "11012005" in f.fix and "mktemp" in f.fix


def test_a_read_only_file_system_for_hdc_is_either_side() -> None:
    f = assert_found(real_log("hdc/v4-dualverify-file-recv-readonly-cwd.log"))
    assert f.kind == "file" and "working directory" in f.fix and "/data/local/tmp" in f.fix


def test_hvigors_broken_cached_install() -> None:
    f = assert_found(real_log("hvigor/v4-kuroko-course-hvigor-cache-symlink-enoent.log"))
    assert f.kind == "hvigor-env" and "project_caches" in f.fix


def test_a_kits_permission_check() -> None:
    f = assert_found(real_log("config/v3-guide-assetdownload-internet-permission-check-failed.log"))
    assert f.kind == "permission" and "ohos.permission.INTERNET" in f.fix
    assert "requestPermissions" in f.fix


def test_an_unknown_codes_range_is_unsure_when_its_line_speaks_of_another_kind() -> None:
    f = assert_found(real_log("sdk/v4-novelreader-00303312-sdk-version-not-in-table.log"))
    assert f.code == "00303312" and not f.certain
    # a 00303 code whose line speaks of configuration stays certain
    same = assert_found(
        "hvigor ERROR: 00303399 Configuration Error\nError Message: module.json5 is wrong.\n"
    )
    assert same.code == "00303399"


def test_a_code_followed_by_its_own_documented_message() -> None:
    f = assert_found(real_log("paths/v4-ps2-emu-picker-uri-to-bare-path-13900002.log"))
    assert f.kind == "file" and f.code == "13900002" and not f.certain
    # the same code followed by other words is a number in prose
    other = diagnose("13900002 files were copied to the device\n")
    assert other is None or other.code != "13900002"

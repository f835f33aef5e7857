"""What held-out batch U (2026-12-07, scored blind, then folded in) taught: general facts of the
tools, each checked on the batch's own log and on another form of the same message (issue 27)."""

from __future__ import annotations

import pytest

from tests.fixtures.real_logs import assert_found, real_log


def test_devecos_key_for_a_permission_the_device_does_not_grant() -> None:
    f = assert_found(real_log("bm/u2-note-23943673934-grant-request-permissions-failed.log"))
    assert f.kind == "install" and "requestPermissions" in f.fix and "9568289" in f.fix


@pytest.mark.parametrize(
    "name",
    [
        "sdk/u2-note-38797188890-install-js-2-1-0-25-fail.log",
        "sdk/u2-sf-1190000044603902-install-js-dependencies-failed.log",
    ],
)
def test_the_sdk_managers_npm_install_failing_is_npms_proxy_or_cache(name: str) -> None:
    f = assert_found(real_log(name))
    assert f.kind == "sdk-missing" and "npm config set proxy" in f.fix and "cache" in f.fix


def test_an_llvm_option_the_sdks_llvm_lacks() -> None:
    f = assert_found(real_log("native/u1-gn-webrtc-unknown-arg-split-threshold.log"))
    assert f.kind == "native" and "-split-threshold-for-reg-with-hint=0" in f.fix
    other = assert_found("clang (LLVM option parsing): Unknown command line argument '-foo-bar'.\n")
    assert "BUILD.gn" in other.fix


def test_a_tool_flutter_may_not_execute() -> None:
    f = assert_found(real_log("paths/u1-flf888-dart-lacked-permissions-execute.log"))
    assert f.kind == "permission" and "chmod -R +x" in f.fix and "Privacy" in f.fix


def test_the_sdks_hdc_std_against_the_devices_hdcd() -> None:
    f = assert_found(real_log("hdc/u2-ohfaq-ide-en-hdc-std-hdcd-version-mismatch.log"))
    assert f.kind == "hdc" and "hdc_std" in f.fix


def test_a_cloud_function_called_by_an_app_not_signed_as_the_registered_one() -> None:
    f = assert_found(real_log("signing/u1-clouddev-faq-cloud-function-hmos-auth-no-permission.log"))
    assert f.kind == "signing" and "registered app" in f.fix


def test_a_librarys_typescript_build_checking_hvigorfile() -> None:
    f = assert_found(real_log("config/u1-rnoh-libdoc-bob-build-hvigorfile-ts2307.log"))
    assert f.kind == "config" and "tsconfig.build.json" in f.fix
    assert f.location == "harmony/***/hvigorfile.ts:2:26"
    # hvigor's own "Cannot find module" (no TypeScript build around it) keeps hvigor's reading
    own = assert_found("Error: Cannot find module '@ohos/hvigor-ohos-plugin'\n")
    assert own.kind != "config"


def test_object_entries_on_a_typed_array() -> None:
    f = assert_found(
        real_log("jscrash/u1-arkts-runtime-faq-object-entries-uint8array-rangeerror.log")
    )
    assert f.kind == "crash" and "Array.from" in f.fix

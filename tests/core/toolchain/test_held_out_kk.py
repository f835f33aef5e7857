"""What held-out batch KK (2026-12-08, seventh session; its logs named ``k1-`` (issue threads),
``k2-`` (SegmentFault Q&A threads and blogs) and ``k3-`` (OpenHarmony's own guides), device-side
logs only; scored blind on e3f76d64, then folded in) taught (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


def test_a_kit_code_printed_as_a_json_field_alone_or_with_curled_quotes() -> None:
    alone = assert_found(real_log("hilog/k2-opensync-create-13900002.log"))  # {"code":13900002}
    assert alone.kind == "file" and alone.code == "13900002" and not alone.certain
    curled = assert_found(real_log("hilog/k2-http-download-2300023.log"))
    assert curled.kind == "network" and curled.code == "2300023"
    assert "requestInStream" in curled.fix  # the network FAQ's case: a body over 5 MB
    # a short number in a paste of one line is no kit's code
    assert diagnose('{"code":200}\n') is None


def test_a_universal_code_followed_by_its_title() -> None:
    f = assert_found(real_log("hilog/k2-bt-enable-201.log"))  # ``201 Permission denied.``
    assert f.kind == "permission" and f.code == "201"
    assert "requestPermissionsFromUser" in f.fix and "module.json5" in f.fix
    # a number before words that are not its code's own is not read as the code
    assert diagnose("201 Created\n") is None


def test_a_documented_message_with_many_plain_words_is_told_without_its_code() -> None:
    f = assert_found(real_log("hilog/k2-webview-onpageshow-17100001.log"))
    assert f.code == "17100001" and "onControllerAttached" in f.fix
    # and its install twin reads as the installer's failure, with the shared libraries to check
    dep = assert_found(real_log("bm/a2-unidocs-mp-harmony-dependent-module-ascfruntime.log"))
    assert dep.kind == "install" and dep.code == "17700018" and "bm dump-shared" in dep.fix


def test_hdc_lines_printed_without_fail() -> None:
    none = assert_found(real_log("hdc/k2-hdc-shell-no-target.log"))  # ``No any target``
    assert none.kind == "hdc" and "USB debugging" in none.fix
    key = assert_found(real_log("hdc/k3-hdcstd-t-device-not-found.log"))
    assert key.kind == "hdc" and "list targets" in key.fix
    bare = assert_found(real_log("hdc/k3-hdcstd-t-nothing-to-do.log"))
    assert bare.kind == "hdc" and "-t <connect-key> shell" in bare.fix


def test_the_accessibility_service_held_by_another_test_tool() -> None:
    for name in ("hilog/k3-wukong-aams.log", "hilog/x1-uitest-guide-aams-connection-exist.log"):
        f = assert_found(real_log(name))
        assert f.kind == "device" and "UIViewer" in f.fix and "reboot" in f.fix


def test_a_command_the_device_lacks() -> None:
    shell = assert_found(real_log("hilog/k3-anm-not-found.log"))
    assert shell.kind == "device" and not shell.certain and "eng" in shell.fix
    refused = assert_found(real_log("hilog/k3-cem-user-dump.log"))
    assert refused.kind == "device" and "user build" in refused.fix


def test_provide_override_quoted_alone() -> None:
    f = assert_found(real_log("hilog/k2-provide-override.log"))
    assert f.kind == "crash" and "allowOverride" in f.fix


def test_a_hiappevent_event_named_without_its_params() -> None:
    freeze = assert_found(real_log("hilog/k3-faultlogext-app-freeze.log"))
    assert freeze.kind == "freeze" and "main thread" in freeze.fix
    crash = assert_found(real_log("hilog/k3-pageswitch-app-crash.log"))
    assert crash.kind == "crash" and not crash.certain
    assert "APP_CRASH_1784946783228_8531.log" in crash.fix  # the crash log the event names


def test_onnx_runtime_refusing_a_model() -> None:
    empty = assert_found(real_log("cppcrash/k1-sherpa-vad-nograph.log"))
    assert empty.kind == "crash" and "rawfile" in empty.fix
    newer = assert_found(real_log("cppcrash/k1-sherpa-kokoro-opset20.log"))
    assert "opset" in newer.fix


def test_a_restricted_permission_refused_at_install() -> None:
    f = assert_found(real_log("bm/k2-writeimagevideo-9568289.log"))
    assert f.code == "9568289" and "Picker" in f.fix


def test_a_code_followed_by_its_title_below_other_lines() -> None:
    # (the code's place in its line, not in the text: a quote under a line of prose)
    f = assert_found("The player says:\n201 Permission denied.\n")
    assert f.kind == "permission" and f.code == "201"

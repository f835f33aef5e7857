"""What held-out batch Z (2026-12-07, its logs named ``z1-``…; not the earlier batch Z of
``test_doctor_heldout_z_build.py``; scored blind after batches X and Y's rules, then folded in)
taught: three confident wrong answers on real build logs, each checked on the batch's log and on
another form (issue 27)."""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, real_log


def test_a_kit_every_sdk_has_is_no_missing_kit() -> None:
    # '@kit.ArkTS' not found is an import the compiler could not place (inside a function):
    # the compiler's own errors decide
    f = assert_found(real_log("arkts/z2-pilipili-unittest-import-inside-function.log"))
    assert f.kind == "arkts-source" and "not in the SDK the module compiles with" not in f.fix
    other = assert_found("ERROR: Cannot find module '@kit.SpeechKit' or its type declarations.\n")
    assert other.kind == "sdk-version" and "@kit.SpeechKit" in other.fix


def test_restools_unknown_resource_folder() -> None:
    f = assert_found(real_log("config/z2-hongmeng-restool-layout-directory.log"))
    assert f.kind == "config" and f.certain and "'layout'" in f.fix
    assert f.location is not None and f.location.endswith("layout")


def test_a_compiler_error_under_hvigors_error_message_label_is_no_js_crash() -> None:
    f = assert_found(real_log("arkts/z1-bytecode-obfuscate-different-name-setcontroller.log"))
    assert f.kind == "arkts-source"
    crash = assert_found(
        "Error name: TypeError\nError message: Cannot read property x of undefined\n"
    )
    assert crash.kind == "crash"

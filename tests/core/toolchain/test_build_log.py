"""hvigor's own debug log (``.hvigor/outputs/build-logs/build.log``) read as the console shows it.

The inputs are the real slices of ``tests/data/real_logs/*/buildlog-*`` (each ``.toml`` names the
repository file and lines it was cut from), alone or put together the way the file holds builds.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.build_log import console_view, is_debug_log
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log

PASSED_BUILD = (
    "[2026-05-13T08:14:14.229] [DEBUG] debug-file - env: nodejsVersion=v18.20.1\n"
    "[2026-05-13T08:14:58.660] [INFO] debug-file - Finished :entry:default@CompileArkTS... after 2 s\n"
    "[2026-05-13T08:14:58.666] [INFO] debug-file - BUILD SUCCESSFUL in 2 s 881 ms \n"
)


def assert_console_only(text: str) -> None:
    """No record prefix, no DEBUG line, no JavaScript stack frame, no colour byte."""
    assert "debug-file - " not in text and "[DEBUG]" not in text
    assert not re.search(r"^\s+at \S", text, re.M), text
    assert "\x1b" not in text


def test_a_debug_log_is_read_as_the_console_lines_of_its_failing_build() -> None:
    log = real_log("signing/buildlog-pwdmgr-00303074-bundlename.log")
    assert is_debug_log(log)
    view = console_view(log)
    assert view is not None
    assert_console_only(view.text)
    # hvigor logs the error again as ``AdaptorError: …``: the console says it once
    assert view.text.count("00303074 Configuration Error") == 1
    assert view.text.startswith("> hvigor ERROR: Failed :entry:default@SignHap...")
    assert view.text.rstrip().endswith("BUILD FAILED in 11 s 153 ms")
    # a console log is not a debug log
    assert console_view(real_log("linter/any-unknown-10605008.log")) is None


def test_a_stack_frame_is_never_the_location() -> None:
    f = assert_found(real_log("signing/buildlog-pwdmgr-00303074-bundlename.log"))
    assert (f.kind, f.code) == ("signing", "00303074")
    assert f.location is not None and f.location.endswith("build-profile.json5")
    assert ".js:" not in (f.location or "") and "hvigor-log.js" not in f.fix


def test_the_last_failing_build_of_several_is_the_one_diagnosed_and_said() -> None:
    earlier = real_log("signing/buildlog-pwdmgr-11014003-keystore-password.log")
    later = real_log("signing/buildlog-pwdmgr-00303074-bundlename.log")
    f = assert_found(earlier + later)
    assert f.code == "00303074"
    assert "the last of its 2 failing builds" in f.evidence
    assert assert_found(later + earlier).code == "11014003"
    # a build that passed after it does not hide it
    f = assert_found(earlier + later + PASSED_BUILD)
    assert f.code == "00303074" and "2026-05-06T13:49:14.588" in f.evidence


def test_a_debug_log_whose_last_build_passed_says_nothing_failed_after_it() -> None:
    assert diagnose(PASSED_BUILD * 3) is None
    view = console_view(PASSED_BUILD)
    assert view is not None and view.text == ""


def test_an_error_logged_after_build_failed_belongs_to_that_build() -> None:
    # records are not in time order: this schema error comes after BUILD FAILED
    log = real_log("config/buildlog-flyverify-schema-signalg.log")
    assert log.index("BUILD FAILED") < log.index("[ERROR] debug-file - Error: Schema validate")
    view = console_view(log)
    assert view is not None and view.text.rstrip().endswith("BUILD FAILED in 15 s 818 ms")
    f = assert_found(log)
    assert f.location is not None and f.location.endswith("build-profile.json5:27:24")


def test_the_errors_debug_copy_is_read_when_the_excerpt_has_nothing_else() -> None:
    # a pasted excerpt of DEBUG records only: ``ERROR: stacktrace = …`` is the error's copy
    log = real_log("ohpm/libpag-appledouble-js.log")
    view = console_view(log)
    assert view is not None and "Unexpected character" in view.text
    assert_console_only(view.text)
    assert assert_found(log).kind == "ohpm-deps"


def test_a_tools_output_logged_as_warnings_is_read_and_debug_output_is_not() -> None:
    # CMake's errors are WARN records among DEBUG records of its configure output
    log = real_log("native/buildlog-sdl-cmake-add-library-duplicate-target.log")
    view = console_view(log)
    assert view is not None
    assert "CMake Error at CMakeLists.txt:52 (add_library)" in view.text
    assert_console_only(view.text)
    assert len(view.text) < len(log) / 2
    f = assert_found(log)
    assert (f.kind, f.location) == ("native", "CMakeLists.txt:52")


def test_the_warnings_before_an_error_are_kept_as_the_console_prints_them() -> None:
    f = assert_found(real_log("arkts/buildlog-xhub-10505001-no-overload-after-warns.log"))
    assert f.code == "10505001"
    assert f.location is not None and f.location.endswith("pages/Player.ets:221:7")


def test_a_failing_build_that_printed_no_error_gives_way_to_the_one_before() -> None:
    # the run's start and its bare BUILD FAILED, as a cancelled build logs them
    silent = (
        "[2025-11-06T04:20:37.300] [DEBUG] debug-file - env: nodejsVersion=v18.20.1\n"
        "[2025-11-06T04:20:37.941] [ERROR] debug-file - BUILD FAILED in 650 ms \n"
    )
    earlier = real_log("signing/buildlog-pwdmgr-11014003-keystore-password.log")
    f = assert_found(earlier + silent)
    assert f.code == "11014003"
    assert "2025-11-06T04:20:37.941, printed no error" in f.evidence and f.certain
    assert diagnose(silent) is None


def test_a_last_build_whose_words_are_unknown_leaves_an_earlier_answer_only_possible() -> None:
    # an older hvigor logs this build's only words as a warning the doctor does not know (the
    # LeDong-Health log's ``Task '' not found in root project`` was this example until held-out
    # batch DD taught it)
    unknown = (
        "[2024-05-07T22:30:25.821] [DEBUG] debug-file - env: nodejsVersion=v16.20.1\n"
        "[2024-05-07T22:30:28.704] [WARN] debug-file - The previous daemon session ended before "
        "its results were written; they are discarded.\n"
        "[2024-05-07T22:30:28.704] [WARN] debug-file - BUILD FAILED in 1 s 612 ms \n"
    )
    earlier = real_log("signing/buildlog-pwdmgr-11014003-keystore-password.log")
    f = assert_found(earlier + unknown)
    assert f.code == "11014003" and not f.certain
    assert "printed nothing the doctor knows" in f.evidence


def test_an_error_logged_first_as_a_warning_then_as_an_error_is_an_error() -> None:
    # some hvigor versions log the error at WARN, then its ``AdaptorError:`` copy at ERROR
    log = real_log("signing/buildlog-pwdmgr-00303074-bundlename.log").replace(
        "[ERROR] debug-file - \x1b[31m00303074", "[WARN] debug-file - \x1b[31m00303074", 1
    )
    assert "[WARN] debug-file - \x1b[31m00303074" in log
    view = console_view(log)
    assert view is not None and "> hvigor ERROR: 00303074 Configuration Error" in view.text
    assert "> hvigor WARN: 00303074" not in view.text

"""hvigorw argv and the log parser, with the log shapes hvigor prints."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain import hvigor
from hmdesk.core.toolchain.hdc import InvalidName

SUCCESS = (
    "\x1b[32m> hvigor \x1b[39m\x1b[32mUP-TO-DATE :entry:default@PreBuild...  \x1b[39m\n"
    "> hvigor Finished :entry:default@CompileArkTS... after 5 s 936 ms\n"
    "> hvigor Finished :entry:default@PackageHap... after 503 ms\n"
    "> hvigor Finished :entry:assembleHap... after 1 ms\n"
    "> hvigor BUILD SUCCESSFUL in 12 s 247 ms\n"
)

NEW_FAILURE = """\
> hvigor ERROR: Failed :entry:default@CompileArkTS...
1 ERROR: 10505001 ArkTS Compiler Error
Error Message: Expression expected. At File: C:/Temp/p/entry/src/main/ets/components/panel/PanelBody.ets:185:34
COMPILE RESULT:FAIL {ERROR:2 WARN:27}
* Try:
> Run with --stacktrace option to get the stack trace.
> hvigor ERROR: BUILD FAILED in 26 s 363 ms
"""

OLD_FAILURE = """\
1 ERROR: ArkTS:ERROR File: E:/work/app/entry/src/main/ets/view/VideoPlayer.ets:52:7
 Property 'controller' has no initializer and is not definitely assigned in the constructor.

> hvigor ERROR: ArkTS Compiler Error
COMPILE RESULT:FAIL {ERROR:1 WARN:3}
> hvigor ERROR: BUILD FAILED in 8 s 12 ms
"""

CONFIG_FAILURE = """\
\x1b[31m> hvigor \x1b[39m\x1b[31mERROR: 00303168 Configuration Error\x1b[39m
Error Message: SDK component missing. Please verify the integrity of your SDK.
> hvigor ERROR: BUILD FAILED in 345 ms
"""

ROLLUP_FAILURE = """\
> hvigor ERROR: 00305015 Rollup Error
Error Message: Unexpected token. At file: /home/u/p/entry/src/main/ets/common/util.ts:7:12
> hvigor ERROR: BUILD FAILED in 2 s 1 ms
"""


def test_assemble_and_clean_argv() -> None:
    assert hvigor.assemble_hap_argv("hvigorw") == [
        "hvigorw", "assembleHap", "--mode", "module", "-p", "module=entry@default",
        "-p", "product=default", "-p", "buildMode=debug", "--no-daemon",
    ]  # fmt: skip
    argv = hvigor.assemble_hap_argv(
        "h", module="feature1", product="prod_cn", build_mode="release", daemon=True
    )
    assert "module=feature1@default" in argv and "product=prod_cn" in argv
    assert "buildMode=release" in argv and argv[-1] == "--daemon"
    assert hvigor.clean_argv("h") == ["h", "clean", "--no-daemon"]
    with pytest.raises(InvalidName):
        hvigor.assemble_hap_argv("h", build_mode="fast")
    with pytest.raises(InvalidName):
        hvigor.assemble_hap_argv("h", product="a b")
    with pytest.raises(InvalidName):
        hvigor.assemble_hap_argv("h", module="x;y")


def test_strip_ansi() -> None:
    assert hvigor.strip_ansi("\x1b[31m> hvigor \x1b[39m\x1b[31mERROR\x1b[0m") == "> hvigor ERROR"
    assert hvigor.strip_ansi("\x1b[38;5;196mred\x1b[0m") == "red"


def test_task_lines() -> None:
    t = hvigor.parse_task_line(
        "\x1b[32m> hvigor \x1b[39m\x1b[32mFinished :entry:default@CompileArkTS... after 5 s 936 ms\x1b[39m"
    )
    assert t is not None
    assert (t.module, t.target, t.task, t.status, t.after) == (
        "entry",
        "default",
        "CompileArkTS",
        "Finished",
        "5 s 936 ms",
    )
    t2 = hvigor.parse_task_line("> hvigor Finished :entry:assembleHap... after 1 ms")
    assert t2 is not None and (t2.module, t2.target, t2.task) == ("entry", None, "assembleHap")
    up = hvigor.parse_task_line("> hvigor UP-TO-DATE :entry:default@PreBuild...")
    assert up is not None and up.status == "UP-TO-DATE"
    assert hvigor.parse_task_line("> hvigor BUILD SUCCESSFUL in 1 s") is None


def test_success_log() -> None:
    log = hvigor.parse_log(SUCCESS)
    assert log.status == "success" and log.duration == "12 s 247 ms"
    assert [t.task for t in log.tasks] == ["PreBuild", "CompileArkTS", "PackageHap", "assembleHap"]
    assert log.errors == []
    assert hvigor.classify_build(log, 0).ok
    assert not hvigor.classify_build(log, 1).ok  # exit code must be 0 too


def test_new_format_arkts_failure_with_windows_path() -> None:
    log = hvigor.parse_log(NEW_FAILURE)
    assert log.status == "failed" and log.failed_task == "entry:default@CompileArkTS"
    err = log.first_error
    assert err is not None
    assert (err.code, err.title, err.message) == (
        "10505001",
        "ArkTS Compiler Error",
        "Expression expected.",
    )
    assert (err.file, err.line, err.col) == (
        "C:/Temp/p/entry/src/main/ets/components/panel/PanelBody.ets",
        185,
        34,
    )
    assert log.compile_errors == 2 and log.compile_warnings == 27
    out = hvigor.classify_build(log, 1)
    assert not out.ok and out.code == "10505001"
    assert out.location == "C:/Temp/p/entry/src/main/ets/components/panel/PanelBody.ets:185:34"
    # BUILD FAILED with exit 0 still fails
    assert not hvigor.classify_build(log, 0).ok


def test_old_format_arkts_failure() -> None:
    log = hvigor.parse_log(OLD_FAILURE)
    assert log.status == "failed"
    assert len(log.errors) == 1
    err = log.errors[0]
    assert err.file == "E:/work/app/entry/src/main/ets/view/VideoPlayer.ets" and (
        err.line,
        err.col,
    ) == (52, 7)
    assert err.message.startswith("Property 'controller' has no initializer")


def test_config_and_rollup_errors() -> None:
    log = hvigor.parse_log(CONFIG_FAILURE)
    err = log.first_error
    assert err is not None and (err.code, err.title) == ("00303168", "Configuration Error")
    assert err.message.startswith("SDK component missing")
    assert err.file is None
    out = hvigor.classify_build(log, 1)
    assert out.message.startswith(
        "build failed: 00303168 Configuration Error: SDK component missing"
    )
    roll = hvigor.parse_log(ROLLUP_FAILURE).first_error
    assert roll is not None and roll.code == "00305015"
    assert (roll.file, roll.line, roll.col) == (
        "/home/u/p/entry/src/main/ets/common/util.ts",
        7,
        12,
    )


def test_unsigned_warning_and_unknown_end() -> None:
    log = hvigor.parse_log(
        "> hvigor WARN: Will skip sign 'hos_hap'. No signingConfigs profile is configured in current project.\n"
        + SUCCESS
    )
    assert log.unsigned and log.status == "success"
    assert log.warnings and "Will skip sign" in log.warnings[0]
    cut = hvigor.parse_log("> hvigor Finished :entry:default@PreBuild... after 3 ms\n")
    assert cut.status == "unknown"
    out = hvigor.classify_build(cut, 0)
    assert not out.ok and "without BUILD SUCCESSFUL" in out.message


def test_parser_is_incremental_and_reports_progress_lines() -> None:
    p = hvigor.HvigorLogParser()
    progress = [p.feed(line) for line in SUCCESS.splitlines()]
    assert [t.task for t in progress if t] == [
        "PreBuild",
        "CompileArkTS",
        "PackageHap",
        "assembleHap",
    ]
    assert p.result().status == "success"

"""General rules for four misses that waited for the doctor's split (issue 27): an ArkUI check
under rollup's parse error decides only as the first numbered error, bm's named
``ERR_INSTALL_*`` failure is the finding's code, the package an install line names is bm's
place, and a tool that refuses a path itself is not the OS refusing a file operation.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, real_log

_ROLLUP = (
    "> hvigor ERROR: 00305015 Rollup Error\n"
    "Error Message: Unexpected token (Note that you need plugins to import files that are not "
    "JavaScript)\n"
    ". At file: /home/dev/app/entry/src/main/ets/pages/Main.ets:40\n"
)
_LINTER = (
    "1 ERROR: 10605008 ArkTS Compiler Error\n"
    'Error Message: Use explicit types instead of "any", "unknown" (arkts-no-any-unknown) '
    "At File: /home/dev/app/entry/src/main/ets/pages/Main.ets:12:7\n"
)
_CHECK = (
    "{n} ERROR: 10905209 ArkTS Compiler Error\n"
    "Error Message: Only UI component syntax can be written here. "
    "At File: /home/dev/app/entry/src/main/ets/pages/Main.ets:52:13\n"
)


def test_an_arkui_check_under_rollup_decides_only_as_the_first_numbered_error() -> None:
    f = assert_found(real_log("arkts/llmfinetune-rollup-return-outside-function-00305015.log"))
    assert (
        f.code == "00305015" and f.location is not None and f.location.endswith("Index.ets:37")
    ), (f.code, f.location)
    assert "brace" in f.fix, f.fix
    # the check first: it ran on a file that parsed, so it decides (as before the split)
    f = assert_found(real_log("arkts/ditu-10905210-build-one-root-node.log"))
    assert f.code == "10905210", f.code
    f = assert_found(_ROLLUP + _CHECK.format(n=1))
    assert f.code == "10905209", f.code
    # the check after the linter's errors: the broken syntax rollup reports caused it
    f = assert_found(_ROLLUP + _LINTER + _CHECK.format(n=2))
    assert (f.code, f.location) == (
        "00305015",
        "/home/dev/app/entry/src/main/ets/pages/Main.ets:40",
    ), (f.code, f.location)


def test_bms_named_install_failure_is_the_code() -> None:
    f = assert_found(real_log("bm/animez-3-emulator-x86-parse-native-so.log"))
    assert f.code == "ERR_INSTALL_PARSE_NATIVE_SO_FAILED", f.code
    v = assert_found(
        "$ hdc app install entry-default-signed.hap\n"
        "[Fail]Install Failed: Failure[ERR_INSTALL_PARSE_NATIVE_SO_FAILED] on the emulator\n"
    )
    assert v.code == "ERR_INSTALL_PARSE_NATIVE_SO_FAILED" and "abiFilters" in v.fix


def test_the_package_an_install_line_names_is_bms_place() -> None:
    f = assert_found(real_log("bm/clashbox-65-hdc-install-unsigned-9568320.log"))
    assert f.location == "C:\\Users\\yaqin\\Desktop\\ClashNEXT-LTS-1.5.1.hap", f.location
    v = assert_found(
        "$ hdc shell bm install -p /data/local/tmp/entry-default-signed.hap\n"
        "error: failed to install bundle.\n"
        "code:9568322\n"
        "error: signature verification failed due to not trusted app source.\n"
    )
    assert (v.code, v.location) == ("9568322", "/data/local/tmp/entry-default-signed.hap")
    # a quoted path with a space in it
    v = assert_found(
        'hdc install "D:\\My Apps\\demo.hap"\n'
        "error: failed to install bundle. code:9568320 error: no signature file.\n"
    )
    assert v.location == "D:\\My Apps\\demo.hap", v.location
    # no install line: no place
    v = assert_found("error: failed to install bundle. code:9568320 error: no signature file.\n")
    assert v.location is None, v.location


def test_a_tool_refusing_a_path_itself_is_not_the_os() -> None:
    f = assert_found(real_log("paths/rnoh-codegen-output-outside-project.log"))
    assert f.kind == "project-path" and "inside" in f.fix, f.fix
    assert not f.fix.startswith("The OS refused"), f.fix
    f = assert_found(
        "Error: cannot write to ../../common/generated: that path is outside the project root\n"
    )
    assert f.kind == "project-path" and f.fix.startswith("The tool itself refused"), f.fix

"""General rules the held-out batch S's build logs (36, cut from hvigor's own debug logs) and
batch T's build part (11) showed missing, once folded into the corpus.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, assert_reads, real_log

# ------------------------------------------------------------ an ArkUI check under rollup's error


def test_an_arkui_check_printed_inside_rollups_parse_error_is_the_cause() -> None:
    # the ArkUI check ran on a file that parsed: rollup failed on the transform's output
    f = assert_found(real_log("arkts/ditu-10905210-build-one-root-node.log"))
    assert (f.kind, f.code) == ("arkts-source", "10905210"), (f.kind, f.code)
    assert f.location == "E:/MyApplicationditu/entry/src/main/ets/pages/Index.ets:180:12"
    assert "root node" in f.fix
    # another check, a console log, a POSIX path
    text = (
        "> hvigor ERROR: 00305015 Rollup Error\n"
        "Error Message: Unexpected token (Note that you need plugins to import files that are not "
        "JavaScript)\n\n"
        "1 ERROR: 10905209 ArkTS Compiler Error\n"
        "Error Message: Only UI component syntax can be written here. At File: "
        "/home/dev/app/entry/src/main/ets/pages/Main.ets:42:7\n\n"
        "COMPILE RESULT:FAIL {ERROR:2}\n"
    )
    f = assert_found(text)
    assert (f.kind, f.code, f.location) == (
        "arkts-source",
        "10905209",
        "/home/dev/app/entry/src/main/ets/pages/Main.ets:42:7",
    ), (f.kind, f.code, f.location)


# ------------------------------------------------------------ a configuration file that does not parse


def test_a_syntax_error_placed_in_a_json5_file_is_the_configuration_files() -> None:
    location = "E:\\code\\UESTC_Charger_Monitor\\entry\\oh-package.json5:1:1"
    assert_reads(
        real_log("config/chargermon-00305008-empty-oh-package.log"),
        "config",
        location,
        "oh-package.json5",
        "syntax",
    )
    assert_reads(
        "> hvigor ERROR: 00305008 Syntax Error\n"
        "Error Message: JSON5: invalid character 'd' at file: "
        "/home/dev/app/entry/src/main/module.json5:12:5\n",
        "config",
        "/home/dev/app/entry/src/main/module.json5:12:5",
        "module.json5",
        "syntax",
    )


# ------------------------------------------------------------ an SDK version not installed


def test_an_sdk_version_the_sdk_manager_does_not_hold_is_the_sdk() -> None:
    f = assert_found(real_log("sdk/cybermall-00303082-targetsdk-20-not-in-sdk.log"))
    assert (f.kind, f.code) == ("sdk-missing", "00303082"), (f.kind, f.code)
    assert "DEVECO_SDK_HOME" in f.fix and "6.0.0(20)" in f.fix
    f = assert_found(
        "> hvigor ERROR: Unable to find the compileSdkVersion 5.0.5(17) in SDK Manager. "
        "At file: C:\\app\\build-profile.json5\n"
    )
    assert f.kind == "sdk-missing" and "compileSdkVersion 5.0.5(17)" in f.fix, (f.kind, f.fix)


# ------------------------------------------------------------ no Java runtime


def test_the_java_stubs_no_runtime_message_is_java() -> None:
    f = assert_found(real_log("java-node/ohostest-troubleshooting-java-runtime-missing.log"))
    assert f.kind == "java" and "JAVA_HOME" in f.fix, (f.kind, f.fix)
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@PackageHap...\nNo Java runtime present, requesting install.\n"
    )
    assert f.kind == "java" and "JBR" in f.fix, (f.kind, f.fix)


# ------------------------------------------------------------ places a tool names in its own words


def test_the_incremental_input_file_hvigor_cannot_find_is_the_place() -> None:
    assert_reads(
        real_log("signing/idut-signhap-cer-not-found.log"),
        "signing",
        "C:/Users/luzhiyi/Desktop/idut_debug.cer",
    )
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "> hvigor ERROR: Failed to find the incremental input file: "
        "/Users/dev/.ohos/config/default_app_x.p7b.\n"
    )
    assert f.location == "/Users/dev/.ohos/config/default_app_x.p7b", (f.kind, f.location)


def test_restools_resource_declared_twice_is_at_its_first_file() -> None:
    f = assert_found(real_log("config/jdzceramics-restool-resource-declared-twice.log"))
    assert f.location is not None and f.location.endswith("media\\home_bac1.jpg"), f.location
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@CompileResource...\n"
        "> hvigor ERROR: Tools execution failed.\n"
        "Error: resource 'icon' first declared.\n"
        "at /home/dev/app/entry/src/main/resources/base/media/icon.png\n"
        "but declare again.\n"
        "at /home/dev/app/entry/src/main/resources/base/media/icon.svg\n"
    )
    assert f.location == "/home/dev/app/entry/src/main/resources/base/media/icon.png", f.location


def test_a_checker_line_led_by_its_place_keeps_it() -> None:
    assert_reads(
        real_log("linter/rustdesk-ci-strict-untyped-obj-literal.log"),
        "arkts-source",
        "PermissionService.ets:173:14",
    )
    f = assert_found(
        'entry/src/main/ets/model/User.ets:12:9 Use explicit types instead of "any", '
        '"unknown" (arkts-no-any-unknown)\n'
    )
    assert (f.kind, f.location) == ("arkts-source", "entry/src/main/ets/model/User.ets:12:9")


# ------------------------------------------------------------ the linter's index signatures


def test_the_index_signature_rule_has_its_rewrite() -> None:
    f = assert_found(real_log("linter/memorycard-10605017-indexed-signature.log"))
    assert f.code == "10605017" and "Record" in f.fix, f.fix


# ------------------------------------------------------------ native loading and toolchain


def test_a_bare_symbol_not_found_is_a_native_export() -> None:
    assert_reads(
        real_log("native/rustdesk-bridge-symbol-not-found.log"),
        "native",
        "rustdesk_bridge_reconnect_session",
        "no_mangle",
        "extern",
    )
    assert_reads(
        "Error: napi_module_register_demo: symbol not found\n",
        "native",
        "napi_module_register_demo",
        "export",
    )


def test_a_compiler_that_does_not_run_names_its_path() -> None:
    f = assert_found(real_log("paths/vmrp-readme-ndk-path-space-clang.log"))
    assert f.kind == "native" and "space" in f.fix and "junction" in f.fix, (f.kind, f.fix)
    f = assert_found(
        "CMake Error: /opt/ohos sdk/native/llvm/bin/clang++ either does not exist or does not work\n"
    )
    assert f.kind == "native" and "OHOS_SDK_NATIVE" in f.fix, (f.kind, f.fix)


def test_a_project_structure_that_changed_is_a_migration() -> None:
    f = assert_found(real_log("hvigor/ledong-arkuix-structure-changed.log"))
    assert f.kind == "hvigor-version" and "ArkUI-X" in f.fix and "migrate" in f.fix, f.fix
    f = assert_found(
        "> hvigor ERROR: The project's structure has been changed. Migrate and adapt the project.\n"
    )
    assert f.kind == "hvigor-version", (f.kind, f.fix)


# ------------------------------------------------------------ a Kit import behind `any` errors


def test_a_failed_kit_import_decides_over_any_errors_in_its_file() -> None:
    f = assert_found(real_log("arkts/labelreader-10311006-corevisionkit-default.log"))
    assert (f.code, f.location) == (
        "10311006",
        "D:/vscode_project/label_reader/entry/src/main/ets/utils/MLKitOCR.ets:6:1",
    ), (f.code, f.location)
    block = (
        "1 ERROR: 10605008 ArkTS Compiler Error\n"
        'Error Message: Use explicit types instead of "any", "unknown" (arkts-no-any-unknown) '
        "At File: /home/dev/app/entry/src/main/ets/net/Http.ets:{line}:5\n\n"
        "2 ERROR: ArkTS:ERROR File: /home/dev/app/entry/src/main/ets/net/{file}:3:1\n"
        " ERROR Code: 10311006 ArkTS: ERROR\n"
        "Error Message: 'default' is not exported from Kit '@kit.NetworkKit'.\n\n"
        "COMPILE RESULT:FAIL {{ERROR:2}}\n"
    )
    f = assert_found(block.format(line=12, file="Http.ets"))
    assert (f.code, f.location) == ("10311006", "/home/dev/app/entry/src/main/ets/net/Http.ets:3:1")
    assert "import" in f.fix
    # the import failed in another file: the `any` error is the first error's own
    f = assert_found(block.format(line=12, file="Other.ets"))
    assert f.code == "10605008", (f.code, f.location)

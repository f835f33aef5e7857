"""General rules the held-out batch L (14 build logs, folded into the corpus) showed missing.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor import parse_log

from tests.fixtures.real_logs import assert_found, real_log


def test_a_hvigor_error_pasted_without_its_prompt_is_parsed() -> None:
    log = parse_log(real_log("config/dyy-flutter-00303038-usenormalizedohmurl-module.log"))
    err = log.first_error
    assert err is not None and err.code == "00303038"
    assert err.file is not None and err.file.endswith("ohos/entry/build-profile.json5")
    # a line that only mentions hvigor is not an error head
    assert parse_log("hvigor is the build tool\nhvigorw assembleHap").errors == []


def test_a_schema_reports_place_inside_its_field_list_is_the_location() -> None:
    f = assert_found(real_log("config/dyy-flutter-00303038-usenormalizedohmurl-module.log"))
    assert f.code == "00303038"
    assert f.location is not None and f.location.endswith("entry/build-profile.json5:4:19")
    # the property the object does not allow, and where it belongs
    assert "'useNormalizedOHMUrl' is not allowed there (buildOption)" in f.fix
    assert "strictMode" in f.fix and "project-level" in f.fix


def test_a_property_the_schema_does_not_know_is_to_be_removed() -> None:
    f = assert_found(real_log("config/cangjie-web-00303038-cangjieoptions-schema.log"))
    assert f.code == "00303038" and f.location == "entry\\build-profile.json5"
    assert "remove 'cangjieOptions'" in f.fix
    # the allowed names on one line, whatever the log's wrapping
    assert "'napiLibFilterOption', 'arkOptions'" in f.fix


def test_a_misplaced_field_names_its_home_in_another_report() -> None:
    log = (
        "> hvigor ERROR: 00303038 Configuration Error\n"
        "Error Message: Schema validate failed, at file: D:/a/entry/build-profile.json5\n"
        "* Try the following:\n"
        "  > Please check the following fields.{instancePath: 'buildOption',keyword: "
        "'propertyNames',params: { propertyName: 'caseSensitiveCheck' },message: 'property name "
        "must be valid',location: 'D:/a/entry/build-profile.json5:6:7'}\n"
    )
    f = assert_found(log)
    assert f.location == "D:/a/entry/build-profile.json5:6:7"
    assert "strictMode" in f.fix and "remove" not in f.fix.split("strictMode")[0][-80:]


def test_a_bare_at_file_without_a_line_is_the_location() -> None:
    f = assert_found(real_log("signing/freecad-00303074-bundlename-renamed.log"))
    assert f.kind == "signing" and f.code == "00303074"
    assert f.location == "build-profile.json5"
    g = assert_found(
        "> hvigor ERROR: 00303074 Configuration Error\n"
        "Error Message: The bundleName in app.json5/hvigorfile.ts does not match the bundleName "
        "in the generated SigningConfigs.\nAt file: E:\\work\\app\\build-profile.json5:1\n"
    )
    assert g.location == "E:\\work\\app\\build-profile.json5:1"


def test_an_undefined_symbol_without_its_referencing_object_is_the_place() -> None:
    f = assert_found(real_log("native/kotlin-native-ohos-undefined-oh-log-print.log"))
    assert f.kind == "native" and f.location == "OH_LOG_Print"
    assert "hilog_ndk" in f.fix
    # the referencing object, when the linker prints it, stays the place
    g = assert_found(real_log("native/faq-huks-9-undefined-symbol-oh-huks.log"))
    assert g.location is not None and g.location.endswith("hello.cpp:7")


def test_the_sdk_version_fields_said_without_a_code_are_an_sdk_version_finding() -> None:
    f = assert_found(real_log("sdk/flutter-notes-compatiblesdkversion-value-incorrect.log"))
    assert f.kind == "sdk-version"
    assert "compatibleSdkVersion" in f.fix and "targetSdkVersion" in f.fix
    g = assert_found(
        "> hvigor ERROR: The value of compatibleSdkVersion is invalid. Modify it in "
        "build-profile.json5.\n"
    )
    assert g.kind == "sdk-version"


def test_a_counted_quantifier_is_not_a_signatures_needle() -> None:
    from hmdesk.core.toolchain.prefilter import required

    assert required(r"targetSdkVersion[^\n]{0,80}?的值不正确") == (
        ("targetsdkversion", "的值不正确"),
    )
    assert required(r"ab{2,3}cdef") == (("cdef", "ab"),)


def test_await_outside_an_async_function_asks_for_async() -> None:
    f = assert_found(real_log("arkts/deepseek-chat-00305015-await-outside-async.log"))
    assert f.kind == "rollup" and f.code == "00305015"
    assert f.location is not None and f.location.endswith("pages\\ChatPage.ets:139")
    assert "`async`" in f.fix and "Rollup says: Cannot use keyword 'await'" in f.fix
    assert "At file" not in f.fix  # the place is the location, not part of the quote
    # the ArkTS compiler's TypeScript wording of the same error
    g = assert_found(
        "> hvigor ERROR: ArkTS Compiler Error\n"
        "1 ERROR: 10505001 ArkTS Compiler Error\n"
        "Error Message: 'await' expressions are only allowed within async functions and at the "
        "top levels of modules. At File: D:/a/entry/src/main/ets/pages/Chat.ets:12:5\n"
    )
    assert g.code == "10505001" and "`async`" in g.fix
    assert g.location == "D:/a/entry/src/main/ets/pages/Chat.ets:12:5"


def test_a_type_error_while_hvigor_evaluates_its_config_is_a_plugins() -> None:
    f = assert_found(real_log("hvigor/flutter-notes-00308018-plugins-ohos-filter.log"))
    assert f.code == "00308018" and f.kind == "hvigor-env"
    assert "evaluateHvigorConfig" in f.fix and ".flutter-plugins-dependencies" in f.fix
    assert "--stop-daemon" in f.fix
    # a hvigorfile's own frame, another wording: the same reading
    g = assert_found(
        "> hvigor ERROR: 00308018 Unknown Error\n"
        "ReferenceError: config is not defined\n"
        "    at Object.<anonymous> (D:\\app\\entry\\hvigorfile.ts:9:3)\n"
    )
    assert "evaluates the project's configuration" in g.fix
    # a TypeError from a command hvigor runs keeps the range's reading
    h = assert_found(real_log("hvigor/previewarkts-00308018-data-undefined.log"))
    assert "evaluates the project's configuration" not in h.fix


def test_ohpm_notfound_without_its_trailing_words_names_the_package() -> None:
    f = assert_found(real_log("ohpm/o2ochat-notfound-hvigor-ohos-plugin-linux.log"))
    assert f.kind == "ohpm-deps" and f.certain
    assert f.fix.startswith("@ohos/hvigor-ohos-plugin is not in the registry")
    assert "hvigor-config.json5" in f.fix and "DevEco" in f.fix

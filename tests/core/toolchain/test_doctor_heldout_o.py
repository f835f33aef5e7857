"""General rules the held-out batch O (43 build logs, folded into the corpus) showed missing.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from hmdesk.core.toolchain.error_places import named_place
from hmdesk.core.toolchain.tool_errors import read_tool_error

from tests.fixtures.real_logs import assert_found, real_log


def assert_place(text: str, place: str) -> None:
    f = assert_found(text)
    assert f.location == place, (f.location, place)


# ---------------------------------------------------------------- the place the log prints


def test_rollups_importer_is_the_place() -> None:
    f = assert_found(real_log("arkts/mathmind-tdd-red-00305015-could-not-resolve-module.log"))
    assert f.code == "00305015" and f.location == "entry/src/test/ChatRenderFixturesBudget.test.ets"
    # the module it could not resolve has no extension; the importer after ``from`` is the place
    assert_place(
        "> hvigor ERROR: 00305015 Rollup Error\n"
        "Error Message: Could not resolve '@/utils/Http' from 'feature/home/src/main/ets/Api.ts'",
        "feature/home/src/main/ets/Api.ts",
    )


def test_a_file_a_message_says_does_not_exist_is_the_place() -> None:
    f = assert_found(real_log("hvigor/troubleshoot-guide-00304004-hvigor-config-not-found.log"))
    assert f.kind == "hvigor-env" and f.code == "00304004"
    assert f.location == "xxx\\hvigor\\hvigor-config.json5" and "project root" in f.fix
    # the message without its code still has the code's meaning
    f = assert_found(
        "Error: Hvigor config file /home/u/work/app/hvigor/hvigor-config.json5 does not exist."
    )
    assert f.kind == "hvigor-env" and f.location == "/home/u/work/app/hvigor/hvigor-config.json5"
    assert named_place("ERROR: the file D:\\p\\entry\\src\\main\\module.json5 is missing") == (
        "D:\\p\\entry\\src\\main\\module.json5"
    )


def test_the_path_a_project_path_check_prints_is_the_place() -> None:
    f = assert_found(real_log("paths/photodelete-agents-00306003-non-ascii-desktop.log"))
    assert f.location == "/home/ygtqtree/桌面/DSHProj/PhotoDelete"
    f = assert_found(real_log("paths/agc-skill-invalid-project-path-chinese.log"))
    assert f.kind == "project-path" and "ASCII" in f.fix
    f = assert_found("ERROR: Invalid project path. Current path does not match: D:\\项目\\demo app")
    assert f.kind == "project-path" and f.location == "D:\\项目\\demo app"


def test_a_too_long_path_said_without_its_code() -> None:
    f = assert_found(real_log("paths/media-scanner-workflow-00306001-path-259.log"))
    assert f.kind == "long-path" and "short path" in f.fix
    f = assert_found("hvigor ERROR: The length of the path exceeds the maximum length: 260.")
    assert f.kind == "long-path"


def test_ohpms_requiring_package_is_the_place() -> None:
    f = assert_found(real_log("ohpm/segmentfault-45979117-har-transitive-local-dependency.log"))
    assert (
        f.kind == "ohpm-deps"
        and f.location == "D:\\HarmonyProgram\\TestC\\entry\\libs\\rcsp_op.har"
    )
    assert named_place(
        "ohpm ERROR: missing: @ex/net@file:../net, required by @ex/ui@/home/u/app/libs/ui.har"
    ) == ("/home/u/app/libs/ui.har")


def test_a_schema_error_names_its_file_and_the_fields_home() -> None:
    f = assert_found(real_log("config/hmrdp-readme-2-schema-compatiblesdkversion-products.log"))
    assert f.kind == "config" and f.location == "build-profile.json5"
    assert "app.products[]" in f.fix
    f = assert_found(
        "hvigor ERROR: Schema validate failed, at file: D:/w/app/build-profile.json5\n"
        "must have required property 'compileSdkVersion'"
    )
    assert f.location == "D:/w/app/build-profile.json5" and "app.products[]" in f.fix


def test_a_project_file_not_found() -> None:
    f = assert_found(real_log("config/hmrdp-readme-4-app-json5-not-found.log"))
    assert f.kind == "config" and f.location == "...\\AppScope\\app.json5"
    assert "AppScope/app.json5" in f.fix
    f = assert_found(
        "ERROR: module.json5 file not found. At file: /w/app/feature/src/main/module.json5"
    )
    assert f.kind == "config" and f.location == "/w/app/feature/src/main/module.json5"


def test_a_quoted_script_not_found_is_the_place() -> None:
    f = assert_found(real_log("hvigor/harmonycanvas-hvigorw-js-module-not-found.log"))
    assert f.location == "...\\harmonycanvas\\hvigorw.js"
    assert named_place("Error: Cannot find module '/opt/app/hvigor/hvigor-wrapper.js'") == (
        "/opt/app/hvigor/hvigor-wrapper.js"
    )


# ---------------------------------------------------------------- codes by their range


def test_a_compiler_code_outside_the_tables_is_the_compilers() -> None:
    f = assert_found(real_log("arkts/build-skill-10905201-blank-parent-component.log"))
    assert f.kind == "arkts-source" and f.code == "10905201" and "'Row,Column,Flex'" in f.fix
    f = assert_found(real_log("arkts/qt5-ohos-pc-10705000-lazy-import-public-sdk.log"))
    assert f.kind == "arkts-source" and f.code == "10705000" and "API 12" in f.fix
    f = assert_found(
        "> hvigor ERROR: 10905105 ArkTS Compiler Error\n"
        "Error Message: The 'ListItem' component can only be nested in the 'List' parent component."
    )
    assert f.kind == "arkts-source" and f.code == "10905105"


def test_hvigors_lost_intermediates_are_a_stale_cache() -> None:
    f = assert_found(real_log("hvigor/callaite-agents-00308018-manifest-json-lost.log"))
    assert f.kind == "hvigor-env" and f.code == "00308018" and ".hvigor" in f.fix
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@PackageHap...\nError: module.json is lost"
    )
    assert f.kind == "hvigor-env" and "clean" in f.fix


def test_a_macos_library_on_another_host_is_possibly_the_os_check() -> None:
    f = assert_found(real_log("hvigor/qt5-ohos-pc-11201001-dylib-os-type.log"))
    assert f.kind == "hvigor-env" and f.code == "11201001" and not f.certain
    assert f.location == "<sdk>/hms/toolchains/lib/libimage_transcoder_shared.dylib"
    f = assert_found(
        "Error: Failed to load the library '/sdk/toolchains/lib/libfoo.dylib', path invalid"
    )
    assert f.kind == "hvigor-env" and "os.type" in f.fix


# ---------------------------------------------------------------- the native build's own tools


def test_gns_error_line() -> None:
    f = assert_found(real_log("native/oh-sa-fixlog-39-gn-assignment-had-no-effect.log"))
    assert f.kind == "native" and f.location == "//vendor/ohemu/lutsa/BUILD.gn:44:20"
    assert "remove the assignment" in f.fix
    err = read_tool_error(
        "ERROR at //base/foo/BUILD.gn:12:3: Undefined identifier in string expansion."
    )
    assert err is not None and err.tool == "GN" and err.location == "//base/foo/BUILD.gn:12:3"


def test_cmakes_message_on_the_lines_below() -> None:
    f = assert_found(real_log("native/rnoh-reanimated-21-cmake-cannot-find-source.log"))
    assert (
        f.kind == "native" and f.location is not None and f.location.endswith("CMakeLists.txt:35")
    )
    assert "variable that is empty" in f.fix
    err = read_tool_error(
        "CMake Error at src/main/cpp/CMakeLists.txt:20 (add_subdirectory):\n"
        'add_subdirectory given source "/third_party/zlib" which is not an existing directory.\n'
    )
    assert err is not None and err.tool == "CMake" and "not an existing directory" in err.message
    assert err.location == "src/main/cpp/CMakeLists.txt:20"


def test_the_linkers_summary_line_alone() -> None:
    f = assert_found(real_log("native/segmentfault-46162973-rcp-linker-command-failed.log"))
    assert f.kind == "native" and "target_link_directories" in f.fix
    # the linker's own line above the summary still decides
    err = read_tool_error(
        "ld.lld: error: undefined symbol: OH_LOG_Print\n"
        "clang++: error: linker command failed with exit code 1 (use -v to see invocation)"
    )
    assert err is not None and "OH_LOG_Print" in err.message


# ---------------------------------------------------------------- package managers, Gradle


def test_a_registrys_certificate_that_cannot_be_verified_is_network() -> None:
    f = assert_found(real_log("ohpm/segmentfault-44624443-unable-to-verify-first-certificate.log"))
    assert f.kind == "network" and "strict_ssl" in f.fix
    f = assert_found(
        "ohpm ERROR: fetch meta info of package '@ohos/axios' failed - "
        "Error: self signed certificate in certificate chain"
    )
    assert f.kind == "network" and ".ohpmrc" in f.fix


def test_gradle_in_a_harmonyos_port() -> None:
    f = assert_found(real_log("hvigor/kuikly-170-gradle-project-path-not-found.log"))
    assert f.kind == "config" and "settings.ohos.gradle.kts" in f.fix
    assert f.location is not None and f.location.endswith("androidApp/build.gradle.kts:43")
    f = assert_found(real_log("ohpm/kuikly-616-gradle-klib-not-found-cache.log"))
    assert f.kind == "ohpm-deps" and ".gradle" in f.fix
    f = assert_found(
        "* What went wrong:\n"
        "Could not resolve all files for configuration ':shared:ohosArm64CompileKlibraries'.\n"
        "   > Could not find kotlinx-coroutines-core.klib (org.jetbrains:x:1.0)."
    )
    assert f.kind == "ohpm-deps"
    # any other Gradle failure: its message under ``What went wrong``, its place from ``Where``
    log = (
        "FAILURE: Build failed with an exception.\n\n* Where:\nBuild file "
        "'/w/app/shared/build.gradle.kts' line: 12\n\n* What went wrong:\n"
        "A problem occurred evaluating project ':shared'.\n> Plugin with id 'x.y' not found.\n"
    )
    err = read_tool_error(log)
    assert err is not None and err.tool == "Gradle" and "Plugin with id 'x.y'" in err.message
    f = assert_found(log)
    assert f.location == "/w/app/shared/build.gradle.kts:12" and "Gradle says" in f.fix


# ---------------------------------------------------------------- the compiler's own messages


def test_the_old_ets_error_prefix_gives_the_place() -> None:
    f = assert_found(real_log("arkts/csdn-138768141-openharmony-settings-wifi-full-sdk.log"))
    assert f.location is not None and f.location.endswith("WifiModel.ts:386:20")
    assert "full SDK" in f.fix
    err = read_tool_error("ETS:ERROR File: /a/b/Index.ets:3:9\nCannot find name 'x'.")
    assert err is not None and err.location == "/a/b/Index.ets:3:9"


def test_the_compilers_message_names_its_step() -> None:
    f = assert_found(real_log("arkts/oh-sa-fixlog-30-cannot-find-name-want.log"))
    assert "import Want" in f.fix
    f = assert_found(real_log("arkts/devto-harmonyos-styles-duplicate-function-implementation.log"))
    assert "unique" in f.fix and "@Styles" in f.fix
    f = assert_found(
        "ArkTS:ERROR File: /p/entry/src/main/ets/pages/A.ets:7:5\n Cannot find name 'Context'."
    )
    assert "import Context" in f.fix
    f = assert_found(
        "ArkTS:ERROR File: /p/a.ets:2:8\n Property 'foo' does not exist on type 'typeof bluetooth'."
    )
    assert ".d.ts" in f.fix and "bluetooth" in f.fix


def test_an_error_inside_a_dependency_names_the_library() -> None:
    f = assert_found(real_log("arkts/ibest-ui-v2-25-property-used-before-initialization.log"))
    assert "@ibestservices/ibest-ui-v2 1.0.1" in f.fix and "upgrade" in f.fix
    f = assert_found(
        "ArkTS:ERROR File: C:/p/oh_modules/@ohos/lottie/src/main/ets/a.ets:1:1\n Type error."
    )
    assert "dependency @ohos/lottie" in f.fix


def test_an_arkts_rule_named_in_any_case() -> None:
    f = assert_found(real_log("linter/segmentfault-45366497-builder-obj-literal-as-type.log"))
    assert "Declare an interface or class" in f.fix

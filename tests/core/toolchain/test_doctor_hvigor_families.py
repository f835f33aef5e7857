"""hvigor's, es2abc's and ohpm-repo's documented message families (issue 27, batch V's hvigor, sdk,
config and ohpm logs): hvigor's error-code pages (:mod:`hvigor_codes`), es2abc's bytecode FAQ and
error codes, the ohpm-repo FAQ. Each group reads a corpus log of the family, then a message of the
same page the corpus does not hold, so the rule is the family, not the log."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.toolchain.build_codes import BUILD_CODES, CODE_FAMILIES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import is_finding_kind
from hmdesk.core.toolchain.hvigor_codes import HVIGOR_CODES, read_codes
from hmdesk.core.toolchain.ohpm_codes import OHPM_CODES
from hmdesk.core.toolchain.prefilter import required
from hmdesk.core.toolchain.signature_table import TABLE

from tests.fixtures.real_logs import assert_found, real_log

# ---------------------------------------------------------------- hvigor's error-code pages


def test_every_documented_code_has_a_kind_a_meaning_a_fix_and_a_working_message() -> None:
    ranges = {code[:5] for code in HVIGOR_CODES}
    assert {"00301", "00302", "00303", "00304", "00305", "00307", "00308", "00309"} <= ranges
    assert len(HVIGOR_CODES) > 300
    for code, (kind, meaning, fix, says) in HVIGOR_CODES.items():
        assert re.fullmatch(r"003\d{5}", code) and is_finding_kind(kind), code
        assert meaning and len(fix) > 30 and "%" not in fix, code
        if says:
            re.compile(says)
        # every one is the doctor's, none words a code the table words itself
        assert BUILD_CODES[code].fix == fix, code


def test_a_documented_message_a_signature_reads_is_read_once() -> None:
    # the build FAQ words many of the pages' messages (faq_signatures): those codes keep no message
    patterns = [p.lower() for sig in TABLE for p in sig.patterns]
    for code, (_, _, _, says) in HVIGOR_CODES.items():
        need = required(says) if says else None
        needle = max(need[0], key=len, default=None) if need and len(need) == 1 else None
        if needle and len(needle) > 16:
            assert not any(needle[:25] in p for p in patterns), code


def test_the_two_line_layout_is_read_and_a_bad_one_refused() -> None:
    table = (
        "# a page\n00399001 config | a meaning | A message of [^\\n]*? words\n    Do this. "
        "{message}\n00399002 signing | no message here\n    %RESIGN%\n"
    )
    codes = read_codes(table)
    assert codes["00399001"] == (
        "config",
        "a meaning",
        "Do this. {message}",
        r"A message of [^\n]*? words",
    )
    assert codes["00399002"][3] == "" and "Signing Configs" in codes["00399002"][2]
    with pytest.raises(ValueError):
        read_codes("00399003 config | a code without its steps\n")


@pytest.mark.parametrize(
    ("text", "kind", "code", "words"),
    [
        # printed with its code: the page's meaning and steps
        (
            "> hvigor ERROR: 00303015 Configuration Error\nError Message: Configure the API version "
            "according to the rule of compatibleSdkVersion <= targetSdkVersion <= "
            "compileSdkVersion.\n",
            "sdk-version",
            "00303015",
            ("targetSdkVersion <= compileSdkVersion",),
        ),
        (
            "> hvigor ERROR: 00302016 Configuration Error\nError Message: Invalid exports, no "
            "system plugins were found in hvigorfile: /p/entry/hvigorfile.ts.\n",
            "config",
            "00302016",
            ("hapTasks", "export default"),
        ),
        (
            "> hvigor ERROR: 00304036 Not Found\nError Message: The obfuscation rule file "
            "obfuscation-rules.txt cannot be found in /p/library.\n",
            "config",
            "00304036",
            ("ruleOptions",),
        ),
        # the codes the tables lacked (the audit of the 003xx pages against the tables)
        (
            "> hvigor ERROR: 00301010 Dependency Error\nError Message: The useNormalizedOHMUrl "
            "settings of packages @ohos/lib and the project useNormalizedOHMUrl:true do not "
            "match.\n",
            "config",
            "00301010",
            ("useNormalizedOHMUrl", "rebuild"),
        ),
        (
            "> hvigor ERROR: 00303287 Configuration Error\nError Message: The "
            "'-DOHOS_COMPATIBLE_SDK_VERSION=12' parameter configured under externalNativeOptions "
            "in the current module's build-profile.json5 is inconsistent with the "
            "'compatibleSdkVersion=5.0.0(12)' set in the project-level build-profile.json5, which "
            "will cause unexpected runtime and build behaviors. At file: /p/entry/build-profile.json5.\n",
            "native",
            "00303287",
            ("x.x.x", "compatibleSdkVersion"),
        ),
        (
            "> hvigor ERROR: 00304015 Not Found\nError Message: Form referenced in the config "
            "widget was not found in the project or the libraries. At file: "
            "/p/entry/src/main/resources/base/profile/form_config.json.\n",
            "config",
            "00304015",
            ("src",),
        ),
        (
            "> hvigor ERROR: 00304067 Not Found\nError Message: app.json5 file not found. At "
            "file: /p/AppScope/app.json5.\n",
            "config",
            "00304067",
            ("AppScope/app.json5",),
        ),
        (
            "> hvigor ERROR: 00309001 ArkTS Compiler Error\nError Message: Cannot import files "
            "outside of the current module using relative paths. Import statement: "
            "'../../../lib/a'. At file: /p/entry/src/main/ets/pages/Index.ets.\n",
            "arkts-source",
            "00309001",
            ("oh-package.json5",),
        ),
    ],
)
def test_a_documented_code_is_read_with_its_page(
    text: str, kind: str, code: str, words: tuple[str, ...]
) -> None:
    f = assert_found(text)
    assert (f.kind, f.code) == (kind, code), (f.kind, f.code, f.fix)
    for word in words:
        assert word.lower() in f.fix.lower(), (word, f.fix)


def test_00303153_names_its_json5_file_and_the_jdk_25_fault() -> None:
    f = assert_found(real_log("hvigor/faq-jdk25-00303153.log"))
    assert f.code == "00303153" and "JDK" in f.fix and "6.0.2.642" in f.fix


def test_a_documented_message_without_its_code_is_read_last() -> None:
    # an older hvigor printing the page's message alone
    f = assert_found("> hvigor ERROR: Hvigor only works with API version 8 and later versions.\n")
    assert f.kind == "sdk-version" and "00303013" in (f.meaning or "") and f.code is None
    f = assert_found(
        "hvigor ERROR: The currentBundleType is shared, but the Package @ohos/lib bundleType is "
        "not shared.\n"
    )
    assert f.kind == "ohpm-deps" and "00307003" in (f.meaning or "")
    # a tool's own line says more than the page's summary: the linker's undefined symbol keeps
    # its symbol and place
    f = assert_found(real_log("native/tgfx-778-lld-undefined-flatbuffers-classiclocale.log"))
    assert "ClassicLocale" in f.fix and f.location is not None


def test_a_command_hvigor_ran_keeps_the_lines_before_with_pnpms_codes_explained() -> None:
    assert "00308002" not in HVIGOR_CODES  # its cause is the other tool's lines
    assert "ERR_PNPM_NO_OFFLINE_META" in CODE_FAMILIES["00308"][2]
    f = assert_found(real_log("hvigor/faq-221-00308002-certificate.log"))
    assert "unable to verify the first certificate" in f.fix


# ---------------------------------------------------------------- es2abc (bytecode FAQ, codes)


def test_es2abc_two_versions_of_a_hars_record() -> None:
    f = assert_found(real_log("hvigor/es2abc-faq-modulerecordidx-different-value.log"))
    assert f.kind == "ohpm-deps" and "useNormalizedOHMUrl" in f.fix and "ohpm clean" in f.fix
    f = assert_found(
        "> hvigor ERROR: ArkTS:ERROR Failed to execute es2abc.\nError Message: Failed to emit "
        "/w/app/entry/build/default/intermediates/loader_out/default/ets/modules.abc, error: "
        "Field {&@ohos/axios/index&2.2.4.moduleRecordIdx} has different value.\n"
    )
    assert f.kind == "ohpm-deps" and "Invalidate Caches" in f.fix


def test_es2abc_a_har_built_for_a_higher_api() -> None:
    f = assert_found(real_log("sdk/es2abc-faq-higher-api-version-har.log"))
    assert f.kind == "sdk-version" and "compatibleSdkVersion" in f.fix


def test_es2abc_a_function_past_the_index_limit() -> None:
    f = assert_found(
        "> hvigor ERROR: ArkTS:ERROR Failed to execute es2abc.\nError Message: Cannot add 70000 "
        "items to index\n"
    )
    assert f.kind == "arkts-source" and "split" in f.fix


def test_es2abc_numbered_errors_and_a_silent_crash() -> None:
    f = assert_found(
        "ERROR: 10706001 Found unsupported change in file, failed to generate patch abc!\n"
        "[Patch] Found lexical variable added or removed in .a, not supported!\n"
    )
    assert f.code == "10706001" and "full build" in f.fix
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        "> hvigor ERROR: ArkTS:ERROR Failed to execute es2abc.\n"
    )
    assert "0xc00000fd" in f.fix and "nested" in f.fix


# ---------------------------------------------------------------- the ohpm-repo FAQ


def test_ohpm_repo_localhost_as_ipv6() -> None:
    f = assert_found(real_log("ohpm/ohpm-repo-faq-econnrefused-ipv6-localhost.log"))
    assert f.kind == "network" and "127.0.0.1" in f.fix and "IPv4" in f.fix
    # an IPv4 refusal is no such case
    f = assert_found("ohpm ERROR: request failed, reason: connect ECONNREFUSED 127.0.0.1:8089\n")
    assert "::1" not in f.fix


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ohpm ERROR : HttpCode 404 Not Found\n", ("publish_registry", "/repos/ohpm")),
        ("ohpm ERROR: HttpCode 400 Group does not exist!\n", ("group",)),
        ("ohpm ERROR: HttpCode 400 You are not a developer of the group !\n", ("member",)),
        (
            'ohpm ERROR: Publish failed, detail: The "key_path" is empty - configure "key_path" '
            "in the .ohpmrc file.\n",
            ("publish_id", "_auth"),
        ),
        ("ohpm ERROR: The packageType is no equals the exists packageType!\n", ("HSP",)),
        ("ohpm ERROR: Request Entity Too Large\n", ("client_max_body_size",)),
        (
            "server install failed: YAMLException: bad indentation of a mapping entry (12:3)\n",
            ("config.yaml",),
        ),
        (
            "fail to initialize encryption component: Error: invalid crypto component.\n",
            ("meta",),
        ),
    ],
)
def test_ohpm_repo_faq_messages(text: str, words: tuple[str, ...]) -> None:
    # (an app's own "非法请求" is no ohpm-repo message)
    assert diagnose("I/HttpClient: response 403 非法请求\n") is None
    f = assert_found(text)
    for word in words:
        assert word.lower() in f.fix.lower(), (word, f.fix)


# ---------------------------------------------------------------- ohpm's error-code pages


def test_ohpm_documented_codes() -> None:
    assert len(OHPM_CODES) > 100 and all(not says for *_, says in OHPM_CODES.values())
    # "System Error" is a wrapper: the lines ohpm printed before it are the cause
    assert "00640001" not in OHPM_CODES
    f = assert_found(real_log("ohpm/weixin-wechat-open-sdk-etimedout-00640001.log"))
    assert f.kind == "network" and "registry" in f.fix and f.code == "00640001"
    f = assert_found(
        "ohpm ERROR: Run install command failed\nError: 00670002 Path Case Sensitivity Error\n"
        "Error Message: The path of dependency ./Libs/Common differs in case from ./libs/common.\n"
    )
    assert (f.kind, f.code) == ("ohpm-deps", "00670002") and "case_sensitive_check" in f.fix
    f = assert_found("ohpm ERROR: Error: 00632001 Ping Registries Failed\n")
    assert f.kind == "network" and ".ohpmrc" in f.fix


# ---------------------------------------------------------------- the JDK the SDK's tools run on


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            'Exception in thread "main" java.lang.UnsupportedClassVersionError: com/ohos/'
            "hapsigntool/HapSignTool has been compiled by a more recent version of the Java "
            "Runtime (class file version 61.0), this version of the Java Runtime only recognizes "
            "class file versions up to 52.0\n",
            ("61 Java 17", "jbr"),
        ),
        ("Unsupported class file major version 69\n", ("jbr",)),
        (
            "'java' is not recognized as an internal or external command,\noperable program or "
            "batch file.\n",
            ("JAVA_HOME",),
        ),
        ("ERROR: JAVA_HOME is set to an invalid directory: C:\\jdk-8\n", ("JAVA_HOME", "jbr")),
        ("/bin/sh: 1: java: not found\n", ("JAVA_HOME",)),
    ],
)
def test_the_jdk_is_missing_or_too_old(text: str, words: tuple[str, ...]) -> None:
    f = assert_found(text)
    assert f.kind == "java", (f.kind, f.fix)
    for word in words:
        assert word in f.fix, (word, f.fix)


# ---------------------------------------------------------------- hvigor's build FAQ


@pytest.mark.parametrize(
    ("prop", "kind", "word"),
    [
        ("isSO", "hvigor-version", "5.1.0.840"),
        ("getNeedExecTargetServiceList", "config", "hspTasks"),
        ("app", "config", "AppScope/app.json5"),
        ("kind", "arkts-source", "string[][]"),
        ("clear", "hvigor-env", "plugin"),
    ],
)
def test_what_hvigor_read_of_undefined_decides_the_cause(prop: str, kind: str, word: str) -> None:
    f = assert_found(f"> hvigor ERROR: Cannot read properties of undefined (reading '{prop}')\n")
    assert (f.kind, f.certain) == (kind, True) and word in f.fix, (f.kind, f.fix)


def test_a_property_the_faq_does_not_name_stays_possibly() -> None:
    f = assert_found("> hvigor ERROR: Cannot read properties of undefined (reading 'zzz')\n")
    assert not f.certain and "--stacktrace" in f.fix


@pytest.mark.parametrize(
    ("text", "kind", "word"),
    [
        (
            "> hvigor ERROR: ArkTS:ERROR Failed to get a resolved OhmUrl for "
            "'hvigor_ignore_1701234_utils' imported by 'D:/p/library/Index.ets'\n",
            "config",
            "InterfaceHar",
        ),
        (
            "ERROR: ArkTS:ERROR Failed to get a resolved OhmUrl by filepath "
            "'D:/p/utils/common/log.ets'\n",
            "ohpm-deps",
            "devDependencies",
        ),
        ("> hvigor ERROR: LABEL_VALUE_ERROR\n", "config", "$string:"),
        (
            "ninja: error: mkdir(CMakeFiles/rnoh.dir/D_/w/third-party/rn/ReactCommon/react/"
            "renderer/textlayoutmanager): No such file or directory\n",
            "long-path",
            "CMAKE_OBJECT_PATH_MAX",
        ),
        (
            "ninja: fatal: CreateProcess: The filename or extension is too long.\n"
            " (is the command line too long?)\n",
            "long-path",
            "CMAKE_OBJECT_PATH_MAX",
        ),
        (
            "CMake Error: The following variables are used in this project, but they are set "
            "to NOTFOUND.\n",
            "native",
            "CMAKE_FIND_ROOT_PATH",
        ),
        ("Error: cJSON_Parse failed, please check the JSON file.\n", "config", "comma"),
        (
            "ERROR: 10505001 ArkTS Compiler Error\nError Message: Property 'targetName1' does "
            "not exist on type 'typeof BuildProfile'.\n",
            "arkts-source",
            "same keys in every target",
        ),
    ],
)
def test_hvigor_faq_messages(text: str, kind: str, word: str) -> None:
    f = assert_found(text)
    assert f.kind == kind and word in f.fix, (f.kind, f.fix)


def test_a_documented_code_named_in_prose_is_its_page_possibly() -> None:
    f = assert_found(real_log("config/windoworientation-2-00303194-har-devicetypes.log"))
    assert (f.kind, f.code, f.certain) == ("config", "00303194", False)
    assert "deviceTypes" in f.fix
    # an 8-digit number no table knows is no code
    assert diagnose("the build took 00303999 ms in total\n") is None


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "hvigor ERROR: hvigor daemon: The number of hvigor daemon connections has reached "
            "the upper limit, this socket will be disconnect.\n",
            "--stop-daemon-all",
        ),
        ("> hvigor ERROR: Error: Space is not supported in HVIGOR_USER_HOME\n", "without spaces"),
        (
            "hvigor ERROR: Worker terminated due to reaching memory limit: JS heap out of memory\n",
            "hvigor.pool.maxSize",
        ),
    ],
)
def test_hvigors_own_environment(text: str, word: str) -> None:
    f = assert_found(text)
    assert f.kind == "hvigor-env" and f.certain and word in f.fix, (f.kind, f.fix)


def test_a_hvigor_package_version_the_registry_lacks_is_the_hvigor_version() -> None:
    # held-out J: npm (run by hvigor to install its own packages) finds no @ohos/hvigor-ohos-plugin
    # 5.0.0 (hvigor's 00308002 page: the version hvigor-config.json5 asks for does not exist)
    f = assert_found(real_log("hvigor/arkvault-ci-hvigor-ohos-plugin-5-0-0-not-found.log"))
    assert f.kind == "hvigor-version" and f.certain
    assert "hvigor-config.json5" in f.fix and "@ohos/hvigor-ohos-plugin@5.0.0" in f.fix


def test_a_config_codes_line_names_the_file_to_fix() -> None:
    # held-out J: a schema failure's code line names its file (easy_go.json), no instancePath
    f = assert_found(real_log("config/stellarium-00303038-easy-go-json-api26.log"))
    assert f.kind == "config" and f.code == "00303038"
    assert "The file the log names: easy_go.json." in f.fix


# ---------------------------------------------------------------- a build script that does not parse


@pytest.mark.parametrize("script", ["entry/hvigorfile.ts", "hvigorfile.js"])
def test_a_hvigorfile_that_does_not_parse_is_the_projects_own_file(script: str) -> None:
    # hvigor's 00302037 "Please fix above syntax errors" under the compiler's error in the script
    # itself: the project's file to fix, not hvigor's set-up (a plugin it cannot load)
    f = assert_found(
        f"> hvigor ERROR: error TS1128: Declaration or statement expected.\n at /p/{script}:3:9\n"
        "> hvigor ERROR: 00302037 Script Error\nError Message: Failed to load or execute "
        f"hvigorfile.ts: Please fix above syntax errors. \nAt file: /p/{script}\n"
    )
    assert (f.kind, f.code, f.location) == ("config", "00302037", f"/p/{script}:3:9")
    assert "TS1128" in f.fix
    log = real_log("hvigor/p2-audiovolume-entry-hvigorfile-syntax-00302037.log")
    assert assert_found(log).kind == "config"


# ---------------------------------------------------------------- a tool's folder in the user's home


@pytest.mark.parametrize(
    "line",
    [
        "EPERM: operation not permitted, mkdir 'C:\\Users\\ci\\.hvigor\\project_caches\\x'",
        "npm ERR! Error: EACCES: permission denied, mkdir '/home/ci/.npm/_cacache'",
        "Error: EACCES: permission denied, open '/Users/me/.ohpm/cache/a.tgz'",
    ],
)
def test_a_tools_folder_in_the_home_refused_is_a_permission_with_the_home_redirected(
    line: str,
) -> None:
    f = assert_found(line)
    assert f.kind == "permission" and "USERPROFILE" in f.fix and "writable" in f.fix


def test_the_projects_own_cache_refused_is_still_a_file_held_open() -> None:
    f = assert_found("EPERM: operation not permitted, unlink 'D:\\app\\.hvigor\\cache\\x.json'")
    assert f.kind == "project-path"


# ---------------------------------------------------------------- other families


def test_dyld_refusing_a_librarys_signature_is_a_native_librarys_load() -> None:
    # faqs-compiling-and-building-133's dyld line, here from another process than es2abc
    f = assert_found(
        "dyld[123]: Library not loaded: @rpath/libfoo.dylib\n  Reason: tried: '/x/libfoo.dylib' "
        "(code signature in <1A2B> '/x/libfoo.dylib' not valid for use in process: Trying to "
        "load an unsigned library)"
    )
    assert f.kind == "native" and "codesign" in f.fix


@pytest.mark.parametrize(
    "said",
    ["Error: cJSON_Parse failed", "Error: cJSON\\_Parse failed, please check the JSON file."],
)
def test_cjson_parse_failed_is_a_malformed_json_file_also_as_a_page_escapes_it(said: str) -> None:
    f = assert_found(said)
    assert f.kind == "config" and "comma" in f.fix


@pytest.mark.parametrize(
    "said",
    [
        "The subpackage path name does not meet the requirements",
        "Error: Cannot find module '@atomicservice/ascf-toolkit'",
    ],
)
def test_the_ascf_toolkit_plugins_known_faults_are_its_version(said: str) -> None:
    # uni-app's HarmonyOS atomic-service guide: both fixed by the plugin's version
    f = assert_found(said)
    assert f.kind == "hvigor-version" and "ascf-toolkit-hvigor-plugin" in f.fix


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("00304064 module.json5 file not found", "00304064"),
        ("hvigor ERROR: 00303148 hvigorfile.ts not found", "00303148"),
    ],
)
def test_a_code_before_the_file_its_message_begins_with_is_read(line: str, code: str) -> None:
    assert assert_found(line).code == code


def test_a_number_before_a_file_name_outside_the_tools_ranges_is_no_code() -> None:
    f = diagnose("12345678 module.json5 file not found")
    assert f is None or f.code is None


# ---------------------------------------------------------------- the FAQ pages' single messages


def test_signing_material_error_alone_is_hvigors_00303121_with_the_faqs_meta_files() -> None:
    # faqs-compiling-and-building-44 prints the message without hvigor's "Signing failed:"
    for said in ("Signing material error", "Signing failed: Signing material error"):
        f = assert_found(said)
        assert f.kind == "signing" and ".hvigor" in f.fix and "meta" in f.fix
    data = assert_found("Signing material data error")  # its sibling, 00303118
    assert "00303118" in f"{data.code} {data.meaning}"


@pytest.mark.parametrize("name", ["***", "com.example.myapp"])
def test_a_bundle_name_agc_does_not_know_is_added_as_an_app_id(name: str) -> None:
    # faqs-signature-service-18's first case; its second (already in use) keeps its own fix
    f = assert_found(f"Bundle name {name} does not exist.")
    assert f.kind == "signing" and "Add App ID" in f.fix
    used = assert_found(f"Bundle name {name} is already in use. Choose a different name")
    assert used.kind == "signing" and "Add App ID" not in used.fix


@pytest.mark.parametrize(
    "said",
    [
        "no such file or directory, realpath 'xxx'",
        "> hvigor ERROR: ENOENT: no such file or directory, realpath 'D:\\app\\oh_modules\\lib'",
    ],
)
def test_a_realpath_that_finds_nothing_is_the_path_named(said: str) -> None:
    # faqs-compiling-and-building-105: the path, its letter case, the permission
    f = assert_found(said)
    assert f.kind == "project-path" and "case" in f.fix and "permission" in f.fix


# ---------------------------------------------------------------- hvigor's own messages without a code


@pytest.mark.parametrize(
    "said",
    [
        "hvigor ERROR: hvigor client: Connection between client and daemon is disconnected",
        "hvigor Create hvigor server failed. No Idle daemon can be found.",
        "hvigor Create hvigor server failed. The daemon is closed or not the hvigor process.",
    ],
)
def test_the_daemon_faqs_messages_name_its_ports_and_its_cache(said: str) -> None:
    # faqs-compiling-and-building-197: each of the page's error blocks
    f = assert_found(said)
    assert f.kind == "hvigor-env" and "45000" in f.fix and ".hvigor" in f.fix


@pytest.mark.parametrize("module", ["@ohos/hvigor-ohos-plugin", "@ohos/hvigor"])
def test_hvigors_own_package_missing_is_run_through_devecos_hvigorw(module: str) -> None:
    f = assert_found(f"Error: Cannot find module '{module}'\nRequire stack:\n- /p/hvigorfile.ts")
    assert f.kind == "hvigor-env" and "hvigorw" in f.fix and "--sync" in f.fix
    other = assert_found("Error: Cannot find module 'left-pad'")  # any other package: npm's
    assert "npm install" in other.fix


@pytest.mark.parametrize(
    "said", ["Failed to start hvigorw", "Error: Failed to start hvigorw: spawn hvigorw ENOENT"]
)
def test_a_tool_that_cannot_start_hvigorw_is_given_its_absolute_path(said: str) -> None:
    f = assert_found(said)
    assert f.kind == "tool" and "absolute path" in f.fix


def test_hvigors_own_message_file_unread_is_two_major_versions_mixed() -> None:
    f = assert_found(
        "Not a correct JSON/JSON5 format, at file: /ci/node_modules/@ohos/hvigor-ohos-plugin/"
        "res/error/error.json"
    )
    assert f.kind == "hvigor-version" and "same version" in f.fix


def test_a_plugin_out_of_range_names_the_compile_sdk_of_an_older_project() -> None:
    f = assert_found(
        "Cause: The @ohos/hvigor-ohos-plugin version (4.1.2) is not within the expected range"
    )
    assert f.kind == "hvigor-version" and "Project Structure" in f.fix


@pytest.mark.parametrize(
    "said",
    [
        "******  B A T C H   R E C U R S I O N  exceeds STACK limits ******",
        "****** BATCH RECURSION exceeds STACK limits ******\nRecursion Count=593",
    ],
)
def test_cmds_batch_recursion_limit_is_the_bat_wrappers_started_from_a_unix_shell(
    said: str,
) -> None:
    f = assert_found(f"> hvigor start to execute ohpm install\n{said}")
    assert f.kind == "hvigor-env" and "PowerShell" in f.fix and "hvigorw.js" in f.fix


def test_npm_in_offline_mode_without_the_package_cached_names_its_config() -> None:
    f = assert_found(
        "npm ERR! request to https://registry.npmmirror.com/@ohos%2fhvigor failed: cache mode "
        "is 'only-if-cached' but no cached response is available."
    )
    assert f.kind == "network" and "offline" in f.fix and "NPM_CONFIG_USERCONFIG" in f.fix


def test_a_package_a_private_registry_does_not_find_names_its_address_and_strict_ssl() -> None:
    f = assert_found(
        "ohpm ERROR: NOTFOUND package '@corp/ui@2.0.0' not found from all the registries "
        "https://repo.corp/ohpm/"
    )
    assert f.kind == "ohpm-deps" and "strict_ssl" in f.fix and ".ohpmrc" in f.fix


def test_an_sdk_component_at_the_wrong_level_names_the_layout_and_sdk_dir() -> None:
    f = assert_found("hvigor ERROR: Component placed in wrong place: /opt/sdk/ets")
    assert f.kind == "sdk-home" and "<apiVersion>" in f.fix and "sdk.dir" in f.fix
    mode = assert_found("SDK management mode has changed")  # the same check's sibling
    assert mode.kind == "sdk-missing"


def test_generate_signerblock_failed_is_a_key_pair_that_does_not_match() -> None:
    # faqs-compiling-and-building-114, as hap-sign-tool prints it
    f = assert_found("hap-sign-tool: error: {errorcode:0,message:generate SignerBlock failed}")
    assert f.kind == "signing" and "keyAlias" in f.fix and "pair" in f.fix


@pytest.mark.parametrize(
    ("said", "code"),
    [
        # faqs-compiling-and-building-152's title: hvigor's documented 00303075, quoted alone
        ("The version number of the module must be a string, but received a number.", "00303075"),
        ("CMake task execution failed", "00305012"),  # -160's title, hvigor's own code
    ],
)
def test_a_documented_message_quoted_alone_is_read_as_its_page_says(said: str, code: str) -> None:
    f = assert_found(said)
    assert code in f"{f.code} {f.meaning} {f.fix}", (f.code, f.meaning)


def test_a_long_text_without_an_error_line_does_not_read_documented_messages() -> None:
    text = "notes\n" * 100 + "The version number of the module must be a string, but received 1"
    f = diagnose(text)
    assert f is None or "00303075" not in f"{f.code} {f.meaning}"

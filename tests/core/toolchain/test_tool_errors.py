"""The general reader of a build tool's own error (``tool_errors``) and how the doctor uses it:
logs written in the tools' formats with messages no signature knows, so only the general
reading can answer them."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.toolchain.build_phases import phase_of
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.tool_advice import tool_advice
from hmdesk.core.toolchain.tool_errors import _MAYBE_ERROR, _maybe_error, read_tool_error

FAILED = "> hvigor ERROR: Failed :{module}:default@{task}...\n"
SUMMARY = "> hvigor ERROR: BUILD FAILED in 2 s 31 ms\n"


def test_a_compilers_located_error_is_native_with_its_place() -> None:
    log = (
        FAILED.format(module="entry", task="BuildNativeWithNinja")
        + "FAILED: CMakeFiles/entry.dir/src/bridge.cpp.o\n"
        + "/p/entry/src/main/cpp/src/bridge.cpp:41:9: error: no member named 'frobnicate' in 'Widget'\n"
        + SUMMARY
    )
    err = read_tool_error(log)
    assert err is not None and err.kind == "native" and err.decided
    f = diagnose(log)
    assert f is not None and f.kind == "native" and f.certain
    assert f.location == "/p/entry/src/main/cpp/src/bridge.cpp:41:9"
    assert "frobnicate" in f.fix and "module entry" in f.fix


def test_only_the_failed_tasks_phase_says_possibly() -> None:
    log = (
        FAILED.format(module="entry", task="CompileResource")
        + "> hvigor ERROR: Something unheard of went wrong while handling qz-7.\n"
        + SUMMARY
    )
    f = diagnose(log)
    assert f is not None and f.kind == "config" and not f.certain
    assert "qz-7" in f.fix and "CompileResource" in f.fix
    assert phase_of("PackageHsp")[0] == "java" and phase_of("BuildNativeWithCmake")[0] == "native"
    assert phase_of("assembleHap") == (None, None)


def test_a_failed_task_pasted_alone_is_not_silent() -> None:
    f = diagnose("The build stops at `Failed :entry:default@CompileArkTS` every time.\n")
    assert f is not None and f.kind == "arkts-source" and not f.certain
    assert "CompileArkTS" in f.fix


def test_an_unknown_code_of_a_compiler_range_is_an_arkts_error_with_its_place() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        "> hvigor ERROR: 10903999 ArkTS Compiler Error\n"
        "Error Message: The zorble decorator cannot be used on a blorp. At File: "
        "/p/entry/src/main/ets/pages/Zed.ets:12:3\n" + SUMMARY
    )
    f = diagnose(log)
    assert f is not None and (f.kind, f.code) == ("arkts-source", "10903999")
    assert f.location == "/p/entry/src/main/ets/pages/Zed.ets:12:3" and "zorble" in f.fix


def test_the_place_on_the_line_below_the_message() -> None:
    log = (
        "ERROR: 10905777 ArkTS Compiler Error\n"
        "Error Message: Quux is not allowed here.\n"
        "At File: E:/app/entry/src/main/ets/pages/Quux.ets:7:4\n"
    )
    err = read_tool_error(log)
    assert err is not None and err.location == "E:/app/entry/src/main/ets/pages/Quux.ets:7:4"


def test_the_old_arkts_format_gives_its_message_under_its_place() -> None:
    err = read_tool_error(
        "ArkTS:ERROR File: entry/src/main/ets/pages/A.ets:5:10\nCannot find name 'qux'.\n"
    )
    assert err is not None and err.location == "entry/src/main/ets/pages/A.ets:5:10"
    assert "Cannot find name 'qux'" in err.message


def test_the_tools_advice_in_its_many_headings() -> None:
    assert tool_advice("ERROR: x\nSolution: delete the zorp cache.\n") == "delete the zorp cache."
    assert tool_advice("ERROR: x\n解决方法：\n1. 删除 zorp 目录\n") == "删除 zorp 目录"
    assert "--stacktrace" not in tool_advice(
        "* Try the following:\n> Run with --stacktrace option\n"
    )
    log = (
        "ohpm ERROR: Qix package '@acme/zorp' blew up\n"
        "Suggestion: republish @acme/zorp with its tarball.\n"
    )
    f = diagnose(log)
    assert f is not None and "republish @acme/zorp" in f.fix


def test_a_file_the_message_names_refines_a_configuration_phase() -> None:
    log = (
        FAILED.format(module="entry", task="MergeProfile")
        + "> hvigor ERROR: The compatibleSdkVersion 9 is below 12 of the zorp library.\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "sdk-version" and "zorp" in f.fix


def test_a_word_anywhere_is_possibly_unless_the_tools_error_agrees() -> None:
    log = (
        "> hvigor ERROR: Flux capacitor out of sync.\n* Try the following:\n> Check the keystore.\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "signing" and not f.certain


def test_a_tools_line_beats_a_word_class() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@BuildNativeWithCmake...\n"
        "CMake Error at CMakeLists.txt:14 (add_library):\n"
        "  Cannot find source file: zorp.cpp (listed in build-profile.json5 notes)\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "native" and f.certain
    assert f.location == "CMakeLists.txt:14" and "zorp.cpp" in f.fix


def test_an_error_line_of_no_known_tool_is_said_as_unclassified() -> None:
    f = diagnose("Step 3/7\nerror: the frobnicator rejected input 'qz'\n")
    assert f is not None and f.kind == "unclassified" and not f.certain and "frobnicator" in f.fix
    assert diagnose("all good\n> hvigor BUILD SUCCESSFUL in 1 s\n") is None


def test_a_linter_rule_name_is_an_arkts_error_without_an_error_word() -> None:
    err = read_tool_error("zorbs cannot be frobbed in a struct (arkts-no-frob-zorbs)\n")
    assert err is not None and err.klass == "arkts-source" and err.decided


def test_a_wrapper_names_the_tool_it_ran() -> None:
    log = (
        "ProcessException: The command failed Command: ohpm, OS error code: 1\n"
        "#0      RunResult.throwException (package:tool/process.dart:126:5)\n"
    )
    err = read_tool_error(log)
    assert err is not None and err.tool == "ohpm" and err.klass == "ohpm-deps" and not err.decided
    err = read_tool_error("Command failed with exit code 3: /opt/jdk/bin/java -jar qux.jar\n")
    assert err is not None and err.klass == "java"


def test_what_the_operating_system_refused_is_the_projects_place() -> None:
    err = read_tool_error("EBUSY: resource busy or locked, rename 'D:\\a\\build\\x.hap'\n")
    assert err is not None and err.klass == "project-path" and not err.decided
    err = read_tool_error("ENAMETOOLONG: name too long, open '/p/a/b/c'\n")
    assert err is not None and err.klass == "long-path"
    # a resource error titled "File Resource Error" about a file that cannot be deleted
    log = (
        "Error Code: 11299999\nError: File Resource Error\n"
        "Error Message: Cannot replace 'D:\\p\\qux.bin': Access is denied.\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "project-path" and f.code == "11299999"


def test_an_operation_code_is_possibly_and_takes_the_failing_tools_class() -> None:
    log = (
        "> hvigor ERROR: 00308999 Operation Error\n"
        "Error Message: EBUSY: resource busy or locked, unlink 'C:\\p\\build\\zed.abc'\n"
    )
    f = diagnose(log)
    assert f is not None and f.code == "00308999"
    assert f.kind == "project-path" and not f.certain
    f = diagnose("> hvigor ERROR: 00308998 Operation Error\nError Message: Qux went sideways.\n")
    assert f is not None and f.kind == "hvigor-env" and not f.certain


def test_devecos_sync_cause_and_a_debug_log_line_are_read() -> None:
    err = read_tool_error(
        "Sync failed. Follow the given solution.\nCause: The zorp-plugin version () is not in range\n"
    )
    assert err is not None and "zorp-plugin" in err.message
    err = read_tool_error(
        "[2026-05-21T14:19:39.058] [DEBUG] debug-file - ERROR: stacktrace = Error: Unexpected "
        "character in /p/oh_modules/@acme/qux/index.js\n"
    )
    assert err is not None and err.klass == "ohpm-deps" and "Unexpected character" in err.message
    err = read_tool_error("hvigor ERROR：The qux is not within the expected range\n")
    assert err is not None and err.message.startswith("The qux")


def test_the_places_a_message_names_below_or_inside_it() -> None:
    linker = (
        "ld.lld: error: undefined symbol: Qux_Frob\n"
        ">>> referenced by zed.cpp:7 (C:/p/src/main/cpp/zed.cpp:7)\n"
    )
    err = read_tool_error(linker)
    assert err is not None and err.location == "C:/p/src/main/cpp/zed.cpp:7"
    config = "> hvigor ERROR: Qux value is odd.\n\t Detail: Please check qux\n\t at F:\\p\\build-profile.json5\n"
    err = read_tool_error(config)
    assert err is not None and err.location == "F:\\p\\build-profile.json5"
    err = read_tool_error(
        "> hvigor ERROR: Unexpected thing (1:0) in D:\\p\\oh_modules\\q\\._z.js\n"
    )
    assert err is not None and err.location == "D:\\p\\oh_modules\\q\\._z.js"
    err = read_tool_error("hap-sign-tool: error: QUX_ERROR, code: 117. Details: zed\n")
    assert err is not None and err.code == "117"


def test_a_title_line_names_the_tool_of_the_message_below() -> None:
    log = (
        "hvigor ERROR: Resource Pack Error\nError Message: The qux reference '$media:zed' is odd.\n"
    )
    err = read_tool_error(log)
    assert err is not None and err.klass == "config" and "$media:zed" in err.message
    # a failed task is not a title: the ArkTS phase does not make an operation error an ArkTS one
    log = (
        "> hvigor ERROR: Failed :entry:default@PreviewArkTS...\n"
        "> hvigor ERROR: Error Code: 00308997 Unknown Error\n"
        "The qux argument must be of type string. Received undefined\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "hvigor-env" and not f.certain


def test_a_task_the_project_registers_itself_is_its_own_phase() -> None:
    log = "> hvigor ERROR: Failed :entry:zorpGen...\n> hvigor ERROR: zorp exploded with code 3\n"
    f = diagnose(log)
    assert f is not None and f.kind == "hvigor-task" and "zorp exploded" in f.fix
    assert "entry's hvigorfile.ts" in f.fix
    # hvigor's own aggregate task is not one
    err = read_tool_error("> hvigor ERROR: Failed :entry:assembleHap...\n> hvigor ERROR: qux\n")
    assert err is not None and err.phase_kind is None


def test_a_javascript_error_inside_hvigor_is_the_toolchains() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@GenerateLoaderJson...\n"
        "> hvigor ERROR: Cannot read properties of undefined (reading 'zorp')\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "hvigor-env" and not f.certain
    assert "--stacktrace" in f.fix and "reading 'zorp'" in f.fix


def test_an_unknown_code_in_hvigors_newer_layout_says_its_family() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@PreBuild...\n"
        "Error Code: 00303999\nError: Configuration Error\n"
        "Error Message: The zorp field is odd. At file: /p/entry/src/main/module.json5:7:3\n"
    )
    f = diagnose(log)
    assert f is not None and (f.kind, f.code) == ("config", "00303999")
    assert f.location == "/p/entry/src/main/module.json5:7:3" and "zorp" in f.fix
    assert f.meaning == "Configuration Error (hvigor configuration error)"


def test_the_environment_and_sdk_checks_are_read_in_other_words() -> None:
    # (made-up wording of the same checks: not the corpus' lines)
    cases = {
        "Build stopped: no OHOS_BASE_SDK_HOME set for this shell": "sdk-home",
        "hvigor: hvigor-ohos-plugin (1.0.6) is not within  the expected range 5.x.x": (
            "hvigor-version"
        ),
        "note: the SDK licence has not been accepted yet": "sdk-missing",
        '/opt/sdk/toolchains/hdc: 1: /opt/sdk/toolchains/hdc: Syntax error: "(" unexpected': (
            "sdk-missing"
        ),
        "Error: spawn /x/restool EBADARCH": "sdk-missing",
        "ERROR: Failed to run ts2abc for module lib": "sdk-missing",
    }
    for text, kind in cases.items():
        err = read_tool_error(text)
        assert err is not None and err.klass == kind, (text, err)


def test_v8s_and_the_linkers_phrases_are_error_lines_without_the_word_error() -> None:
    err = read_tool_error("Cannot read properties of undefined (reading 'getTaskByName')")
    assert err is not None and err.klass == "hvigor-env"
    err = read_tool_error("ReferenceError: structuredClone is not defined in hvigorfile.ts")
    assert err is not None and err.tool.startswith("Node.js") and err.klass == "hvigor-env"
    err = read_tool_error("undefined symbol: OH_Foo_Bar")
    assert err is not None and err.klass == "native" and err.certain


def test_the_compilers_backend_and_a_duplicate_symbols_definition() -> None:
    err = read_tool_error("fatal error: error in backend: Cannot select: intrinsic %llvm.x86.y")
    assert err is not None and err.klass == "native" and "Cannot select" in err.message
    err = read_tool_error(
        "ld.lld: error: duplicate symbol: foo()\n>>> defined at a.cpp:12\n>>> defined at b.cpp:3"
    )
    assert err is not None and err.location == "a.cpp:12"


def test_einval_on_a_file_operation_is_a_long_path() -> None:
    err = read_tool_error("ERROR: EINVAL: invalid argument, open 'C:\\a\\b\\c.json'")
    assert err is not None and err.klass == "long-path"


def test_checker_phrases_and_the_module_resolver_without_a_header() -> None:
    for text in (
        "Module '\"./Foo\"' declares 'Bar' locally, but it is not exported.",
        "Property 'bar' does not exist on type 'Foo'.",
        "Cannot find module '@kit.FooKit' or its corresponding type declarations. <ArkTSCheck>",
        "then `hvigorw test` fails: Failed to resolve OhmUrl ... @ohos/foo",
        "ERROR: This line should be unreachable",
    ):
        err = read_tool_error(text)
        assert err is not None and err.klass == "arkts-source", (text, err)


def test_a_bare_at_place_and_hvigors_schema_object() -> None:
    err = read_tool_error("ArkTS Compiler Error\n  10505001 Cannot find name 'x'. At Foo.ets:4:2\n")
    assert err is not None and err.location == "Foo.ets:4:2"
    err = read_tool_error(
        "> hvigor ERROR: Schema validate failed.\n{\n  keyword: 'required',\n"
        "  message: \"must have required property 'name'\",\n  location: 'a/module.json5:3:5'\n}"
    )
    assert err is not None and "property 'name'" in err.message
    err = read_tool_error("got \"must have required property 'x', location: a/b.json5:2:1\"")
    assert err is not None and err.klass == "config" and err.location == "a/b.json5:2:1"


def test_an_unresolved_name_gets_the_step_for_what_it_is() -> None:
    sdk = diagnose(
        "Cannot find module '@kit.FooKit' or its corresponding type declarations. <ArkTSCheck>"
    )
    assert sdk is not None and "compileSdkVersion" in sdk.fix
    dep = diagnose("ERROR: ArkTS:ERROR Failed to get a resolved OhmUrl by filepath /p/lib/a.ets")
    assert dep is not None and "ohpm install" in dep.fix and "oh_modules" in dep.fix
    stale = diagnose(
        "hvigor ERROR: Failed :entry:default@CompileArkTS...\nERROR: This line should be unreachable"
    )
    assert stale is not None and "clean" in stale.fix


def test_a_block_one_error_a_line_starts_at_its_first() -> None:
    log = (
        "ArkTS Compiler Error\n  10505001 ';' expected. At A.ets:9:1\n"
        "  10505001 Cannot find name 'q'. At A.ets:2:5\n"
    )
    found = diagnose(log)
    assert (
        found is not None and found.location == "A.ets:9:1" and "Cannot find name 'q'" in found.fix
    )


def test_a_long_compile_is_read_from_its_first_numbered_error() -> None:
    first = '1 ERROR: 10605008 ArkTS Compiler Error\nError Message: Use explicit types instead of "any", "unknown" (arkts-no-any-unknown) At File: a/First.ets:3:4\n\n'
    rest = "".join(
        f"{n} ERROR: 10905204 ArkTS Compiler Error\nError Message: 'x' is not callable. At File: a/B.ets:{n}:1\n\n"
        for n in range(2, 400)
    )
    found = diagnose(
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        + first
        + rest
        + "COMPILE RESULT:FAIL {ERROR:399}\n"
    )
    assert found is not None and found.code == "10605008" and found.location == "a/First.ets:3:4"


def test_lines_said_after_prose_and_tools_speaking_without_error() -> None:
    cases = {
        "构建时报错：Error: The hvigor depends on the npmrc file, set it up": "hvigor-env",
        "签名时 profile验证失败：设备UDID不在profile中": "signing",
        "ohpm has not been set up on this machine": "ohpm-deps",
        "fetch meta info of package '@x/y' failed - GET https://example.org/@x/y 404": "ohpm-deps",
        "hvigor ERROR: ENOENT: no such file or directory, uv_cwd": "hvigor-env",
        'at Loader → ERR_INVALID_ARG_TYPE: The "path" argument must be of type string': (
            "hvigor-env"
        ),
        "The label and icon attributes are mandatory for this ability": "config",
    }
    for text, kind in cases.items():
        err = read_tool_error(text)
        assert err is not None and err.klass == kind, (text, err)


def test_an_arkts_warning_gives_its_place_from_the_line_above() -> None:
    warn = 'WARN: ArkTS:WARN File: a/B.ets:7:3\n Only "as T" syntax is supported (arkts-as-casts)\n'
    err = read_tool_error(warn)
    assert err is not None and err.klass == "arkts-source" and err.location == "a/B.ets:7:3"
    err = read_tool_error("WARN: ArkTS:WARN File: a/B.ets:7:3\n Some warning without a rule\n")
    assert err is not None and err.klass == "arkts-source"


def test_a_module_the_source_imports_is_a_dependency_not_a_node_package() -> None:
    found = diagnose("`import { A } from 'common'` fails: Cannot find module 'common'.")
    assert found is not None and found.kind == "arkts-source" and "ohpm install" in found.fix
    node = diagnose("hvigor ERROR: Error: Cannot find module 'semver'\nRequire stack:\n- x.js")
    assert node is not None and node.kind == "hvigor-env"


PROGRESS = "> hvigor Starting the daemon\n> hvigor Finished :entry:default@PreBuild... after 3 ms\n"


def test_a_log_whose_only_error_is_a_form_the_old_word_list_missed_is_read() -> None:
    """The whole-text pre-check and the per-line gate come from one table: a log of progress
    lines with one error line in any of the gate's forms is read, not skipped as error-free."""
    only_lines = {
        "ohpm INFO: GET http://mirrors.example.org/ohpm/@ohos/hypium 404": "ohpm-deps",
        "ohpm is not installed or not in PATH": "ohpm-deps",
        "ohpm was not found, please check the DevEco Studio settings": "ohpm-deps",
        "ohpm ERR: the dependency @ohos/hypium has no version matching ^9.0.0": "ohpm-deps",
        "pnpm ERR: the lockfile is not up to date with package.json": "hvigor-env",
    }
    for line, kind in only_lines.items():
        err = read_tool_error(PROGRESS + line + "\n" + PROGRESS)
        assert err is not None and err.evidence == line and err.klass == kind, (line, err)


def test_the_pre_check_passes_every_line_the_gate_takes() -> None:
    """By construction, over the real logs: no line ``_MAYBE_ERROR`` takes is one the cheap
    whole-text check would have skipped, in any ASCII case (the gate does not take ``ſ`` for
    ``s``, which ``lower()`` would not find)."""
    lines = [
        ln
        for f in sorted((Path(__file__).parents[2] / "data" / "real_logs").rglob("*.log"))
        for ln in f.read_text(encoding="utf-8", errors="replace").splitlines()
    ]
    lines += ["ohpm ERR: x", "OHPM WAS NOT found", "GET HTTP://x/y - 404", "  Cause: x"]
    assert not _MAYBE_ERROR.search("ſdk_home is unset")
    taken = [ln for ln in lines if _MAYBE_ERROR.search(ln)]
    assert len(taken) > 100 and [ln for ln in taken if not _maybe_error(ln)] == []


def test_hvigors_javascript_failing_above_the_compilers_error_gives_way_to_it() -> None:
    # the FAQ's case (faq 222): hvigor's TypeError while it reports, then the ets-loader's 10311002
    log = (
        FAILED.format(module="entry", task="CompileArkTS")
        + "> hvigor ERROR: Cannot read properties of undefined (reading 'split')\n"
        + "1 ERROR: 10311002 ArkTS: ERROR\n"
        + "ERROR: ArkTS:ERROR Failed to resolve OhmUrl.Error Message: Failed to get a resolved "
        + "OhmUrl for lib/util imported by entry/src/main/ets/pages/Index.ets.\n"
    )
    err = read_tool_error(log)
    assert err is not None and (err.tool, err.code) == ("the ArkTS compiler", "10311002")
    f = diagnose(log)
    assert f is not None and (f.kind, f.code) == ("arkts-source", "10311002")
    # alone, hvigor's JavaScript failing is still its reading
    alone = read_tool_error(
        FAILED.format(module="entry", task="CompileArkTS") + log.splitlines()[1]
    )
    assert alone is not None and alone.tool == "hvigor's JavaScript"

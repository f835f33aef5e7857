"""The toolchains other than ArkTS/hvigor that HarmonyOS apps are built with, each read as its
family from its documentation's own samples and messages (not from one log's wording):

- Cangjie (:mod:`.cangjie_messages`): cjc's ``error:`` with its `` ==> file.cj:L:C:`` place (the
  Cangjie docs' diagReport sample), its overload and import messages (the compiler's diagnostic
  table, the language guide's package chapter), a package line that does not follow its folder,
  cjpm's incremental cache, the Cangjie plugin's 011xxxxx codes and srcEntry check, a link
  without the OHOS sysroot, the CJUIAbility's launch lines; any other cjc error quoted without
  its place, from the compiler's diagnostic tables (:mod:`.cjc_catalogue`);
- Flutter for OpenHarmony's ``flutter doctor`` HarmonyOS check and a C/C++ port meeting the OHOS
  clang, libc++ and musl (:mod:`.port_toolchain_messages`);
- the ArkTS linter's messages quoted without their code (:mod:`.arkts_checker_messages`, the
  linter's cookBookTag table), npm's root-owned cache (:mod:`.package_messages`) and hvigor's
  entryModules check in the wording DevEco prints (:mod:`.hvigor_messages`);
- an ArkTS error inside a Flutter plugin's code in the pub cache names the plugin, as one in
  oh_modules names the dependency (:mod:`.build_steps`).
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.arkts_checker_messages import ARKTS_CHECKER_SIGNATURES
from hmdesk.core.toolchain.cjc_catalogue import CATALOGUE
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, assert_reads

# ---- Cangjie


def test_cjc_error_with_its_place_is_the_apps_code() -> None:
    # docs.cangjie-lang.cn libs/std/ast report.md: diagReport "reports like the compiler"
    log = (
        "error: This expression is not allowed to contain identifier\n"
        " ==> call.cj:9:22:\n"
        "  |\n"
        "9 |     let b = @testDef(a)\n"
        "  |                      ^ Here is the illegal identifier\n"
        "  |\n"
    )
    f = assert_reads(log, "arkts-source", "call.cj:9:22", "Cangjie", "not allowed to contain")
    assert f.certain


def test_cjc_import_of_a_declaration_the_package_does_not_export() -> None:
    # the language guide's package chapter: import pkga.C // Error, 'C' is not accessible ...
    log = (
        "ERROR: Failed :entry:default@CompileCangjie...\n"
        "error: 'C' is not accessible in package 'pkga'\n"
        " ==> D:\\app\\entry\\src\\main\\cangjie\\pkgc\\c1.cj:5:13:\n"
        "1 error generated, 1 error printed.\n"
    )
    f = assert_reads(
        log, "arkts-source", "D:\\app\\entry\\src\\main\\cangjie\\pkgc\\c1.cj:5:13", "public"
    )
    assert "import" in f.fix


@pytest.mark.parametrize(
    ("message", "word"),
    [
        # DiagnosticsAll.def: sema_ambiguous_match, sema_ambiguous_constructor_match,
        # sema_no_match_constructor, sema_no_match_function_declaration_for_call
        ("ambiguous match for function call 'parse'", "default"),
        ("ambiguous match for constructor call 'Point'", "init()"),
        ("no matching constructor for call 'Point'", "named arguments"),
        ("no matching function declaration for function call 'add'", "named arguments"),
    ],
)
def test_cjc_overload_messages_alone(message: str, word: str) -> None:
    f = assert_found(f"error: {message}\n")
    assert f.kind == "arkts-source" and f.certain and word in f.fix


def test_cjc_package_line_that_does_not_follow_its_folder() -> None:
    log = (
        "Error: the package name in D:\\work\\App\\entry\\src\\main\\cangjie\\utils is wrong, "
        "the right name should be 'ohos_app_cangjie_entry.utils'\n"
    )
    f = assert_found(log)
    assert f.kind == "arkts-source" and "package ohos_app_cangjie_entry.utils" in f.fix
    # a console wraps it after "wrong," (batch RS's segmentfault log)
    wrapped = assert_found(log.replace("wrong, ", "wrong, \n"))
    assert "package ohos_app_cangjie_entry.utils" in wrapped.fix


def test_cjpm_incremental_cache_is_the_cache_not_the_code() -> None:
    log = (
        "> hvigor ERROR: Failed :library:default@CompileCangjie...\n"
        "DataModelException: This data is not DataModelStruct.\n"
    )
    f = assert_found(log)
    assert f.kind == "hvigor-task" and "incremental = false" in f.fix and ".hvigor/cache" in f.fix


def test_cangjie_plugin_code_range_is_read_with_its_title() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@CangjiePreBuild...\n"
        "> hvigor ERROR: 01103001 Configuration Error\n"
        "Error Message: Invalid configuration of 'module-name' field.\n"
    )
    f = assert_found(log)
    assert (f.kind, f.code) == ("config", "01103001")


@pytest.mark.parametrize(
    "line",
    [
        "ld.lld: error: unable to find library -lc",
        "ld.lld: error: cannot open crti.o: No such file or directory",
        "/usr/bin/ld: cannot find -lc",
    ],
)
def test_a_link_without_the_ohos_sysroot(line: str) -> None:
    f = assert_found(f"{line}\nclang: error: linker command failed with exit code 1\n")
    assert f.kind == "native" and "sysroot" in f.fix and "[target.aarch64-linux-ohos]" in f.fix


def test_a_library_named_like_lc_is_not_the_c_library() -> None:
    f = assert_found("ld.lld: error: unable to find library -lc++_shared\n")
    assert f.meaning != "linked without the OHOS sysroot"


@pytest.mark.parametrize(
    ("line", "word"),
    [
        # ability_runtime cj_ui_ability.cpp: TAG_LOGE(..., "null cjAbilityObj_") / "null cjAppHandle"
        (
            "E C01332/UIAbility: [cj_ui_ability.cpp(SetAbilityContext:95)]null cjAbilityObj_",
            "ohos_app_cangjie_",
        ),
        ("E C01332/UIAbility: [cj_ui_ability.cpp(Init:80)]null cjAppHandle", "libs"),
    ],
)
def test_the_cangjie_uiability_launch_lines(line: str, word: str) -> None:
    f = assert_found(line + "\n")
    assert f.kind == "launch" and word in f.fix


# ---- Flutter for OpenHarmony, a C/C++ port


def test_flutter_doctor_without_a_harmonyos_sdk() -> None:
    # ohos_doctor.dart's OhosValidator, as flutter_flutter's notes quote it
    log = (
        "[✗] HarmonyOS toolchain - develop for HarmonyOS devices\n"
        "    ✗ HarmonyOS Sdk not found;\n"
        "      please do that, first: download from the command line tools page ;\n"
        "      If the Ohos SDK has been installed to a custom location, please use\n"
        "      `flutter config --ohos-sdk` to update to that location.\n"
    )
    f = assert_found(log)
    assert f.kind == "sdk-home" and "DEVECO_SDK_HOME" in f.fix and "--ohos-sdk" in f.fix


def test_flutter_doctor_tool_missing_from_path() -> None:
    f = assert_found(
        '    ✗ Hvigorw is missing, please configure "hvigorw" to the environment variable PATH.\n'
    )
    assert f.kind == "sdk-missing" and "PATH" in f.fix


@pytest.mark.parametrize(
    "place",
    [
        "/home/dev/.pub-cache/git/plugins-1a2b/packages/camera/camera_ohos/ohos/src/main/ets/"
        "CameraPlugin.ets:30:5",
        "C:/Users/dev/AppData/Local/Pub/Cache/hosted/pub.dev/sensors_ohos-1.0.0/ohos/src/main/ets/"
        "SensorsPlugin.ets:12:1",
    ],
)
def test_an_arkts_error_inside_a_flutter_plugins_pub_cache_code(place: str) -> None:
    log = (
        f"> hvigor ERROR: ArkTS:ERROR File: {place}\n"
        " Property 'onAttachedToEngine' in type 'CameraPlugin' is not assignable to the same "
        "property in base type 'FlutterPlugin'.\n"
    )
    f = assert_reads(log, "arkts-source", place, "flutter_flutter", "--local-engine")
    assert f.certain


@pytest.mark.parametrize(
    ("log", "option"),
    [
        (
            "lib/meta.hpp:40:12: fatal error: recursive template instantiation exceeded maximum "
            "depth of 1024\nlib/meta.hpp:40:12: note: use -ftemplate-depth=N to increase "
            "recursive template instantiation depth\n",
            "-ftemplate-depth",
        ),
        (
            "src/enum.hpp:88:20: fatal error: bracket nesting level exceeded maximum of 256\n"
            "src/enum.hpp:88:20: note: use -fbracket-depth=N to increase maximum nesting level\n",
            "-fbracket-depth",
        ),
    ],
)
def test_clangs_nesting_limits(log: str, option: str) -> None:
    f = assert_found(log)
    assert f.kind == "native" and option in f.fix and f.location is not None


def test_errors_inside_the_sdks_libcxx_headers_are_the_include_order() -> None:
    log = (
        "/opt/ohos/native/llvm/bin/../include/libcxx-ohos/include/c++/v1/cmath:321:9: error: "
        "no member named 'signbit' in the global namespace\n"
        "using ::signbit _LIBCPP_USING_IF_EXISTS;\n"
    )
    f = assert_found(log)
    assert f.kind == "native" and "-isystem" in f.fix and "--sysroot" in f.fix
    assert f.location is not None and f.location.endswith("c++/v1/cmath:321:9")


@pytest.mark.parametrize(
    "line",
    [
        "src/io.c:12:5: error: unknown type name '__off64_t'; did you mean 'off64_t'?",
        "src/net.cpp:40:21: error: no member named 's6_addr32' in 'struct in6_addr'",
    ],
)
def test_glibc_only_names_on_musl(line: str) -> None:
    f = assert_found(line + "\n")
    assert f.kind == "native" and "musl" in f.fix and "POSIX" in f.fix


def test_a_windows_path_whose_backslashes_a_shell_ate() -> None:
    line = "bash: C:UsersdevAppDataLocalHuaweiSdk/openharmony/native/llvm/bin/clang: No such file or directory"
    f = assert_found(line + "\n")
    assert f.kind == "native" and "PowerShell" in f.fix and "forward slashes" in f.fix


# ---- the ArkTS linter's messages alone, npm's cache, entryModules


@pytest.mark.parametrize(
    ("message", "code", "word"),
    [
        ('Use "let" instead of "var"', "10605005", "let"),
        ("Object literals cannot be used as type declarations", "10605040", "interface"),
        ('"as const" assertions are not supported', "10605142", "type"),
    ],
)
def test_linter_messages_quoted_without_their_code(message: str, code: str, word: str) -> None:
    f = assert_found(message + "\n")
    assert f.kind == "arkts-source" and word in f.fix
    rows = [s for s in ARKTS_CHECKER_SIGNATURES if s.code == code]
    assert len(rows) == 1 and rows[0].meaning and "without its code" in rows[0].meaning


def test_every_linter_row_compiles_and_names_a_rule() -> None:
    for sig in ARKTS_CHECKER_SIGNATURES:
        sig.compiled()
        assert sig.code is not None and sig.code.startswith("10605") and "arkts-" in sig.fix


def test_npm_root_owned_cache() -> None:
    # npm's own message (npm docs, Common errors: Permissions errors)
    log = (
        "npm ERR! code EACCES\n"
        "npm ERR! syscall open\n"
        "npm ERR! path /home/dev/.npm/_cacache/index-v5/1a/2b\n"
        "npm ERR! errno -13\n"
        "npm ERR!\n"
        "npm ERR! Your cache folder contains root-owned files, due to a bug in\n"
        "npm ERR! previous versions of npm which has since been addressed.\n"
    )
    f = assert_found(log)
    assert f.kind == "permission" and "chown" in f.fix and ".npm" in f.fix


@pytest.mark.parametrize(
    "log",
    [
        # npm 6-8's ETARGET (batch RS's Tencent Cloud article, an API 8 project's npm install)
        "npm ERR! code ETARGET\n"
        "npm ERR! notarget No matching version found for @ohos/hypium@1.0.11.\n"
        "npm ERR! notarget In most cases you or one of your dependencies are requesting\n",
        # npm 9+ prints "npm error" for "npm ERR!"
        "npm error code ETARGET\nnpm error notarget No matching version found for @ohos/hypium@1.0.11.\n",
        # npm's E404 (the registry has no such package or version)
        "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/@ohos%2fhypium\n"
        "npm ERR! 404\nnpm ERR! 404  '@ohos/hypium@1.0.11' is not in this registry.\n",
        # pnpm's wording (hvigor's 00308002 page quotes it)
        " ERR_PNPM_NO_MATCHING_VERSION  No matching version found for @ohos/hypium@1.0.11\n",
    ],
)
def test_an_npm_package_version_the_registry_lacks_names_the_package(log: str) -> None:
    f = assert_found(log)
    assert f.kind == "ohpm-deps" and "@ohos/hypium@1.0.11" in f.fix and "package.json" in f.fix
    # a hvigor package keeps hvigor's own reading (hvigor-config.json5)
    hv = assert_found(log.replace("@ohos/hypium", "@ohos/hvigor-ohos-plugin"))
    assert hv.kind == "hvigor-version" and "hvigor-config.json5" in hv.fix


def test_entry_modules_in_devecos_wording() -> None:
    f = assert_found("ERROR: 'entryModules' must be configured for a feature module.\n")
    assert f.kind == "config" and "entryModules" in f.fix and "build-profile.json5" in f.fix


def test_cangjie_plugin_srcentry_must_be_the_arkts_ability() -> None:
    # the Cangjie plugin's CangjiePreBuild check, as it prints it under its code
    log = (
        "> hvigor ERROR: 01103043 Configuration Error\n"
        "Invalid configuration of 'module-abilities-srcEntry' field.\n"
        "If the module contains the ArkTS code, the ArkTS code must be used as the entry.\n"
    )
    f = assert_found(log)
    assert (f.kind, f.code) == ("config", "01103043") and "srcEntry" in f.fix
    assert "module.json5" in f.fix


# ---- cjc's messages quoted without their place (the compiler's diagnostic tables)


@pytest.mark.parametrize(
    ("line", "word"),
    [
        # DiagnosticSema.def: sema_non_inheritable_super_class, sema_use_func_capture_var_alone,
        # sema_nonexhuastive_patterns, sema_wrong_number_of_arguments
        ("super class 'Shape' is not inheritable", "open"),
        ("error: func capturing mutable variables needs to be called directly", "class"),
        ("non-exhaustive patterns", "case _"),
        ("too many arguments for parameter list '(Int64)' in call", "signature"),
    ],
)
def test_cjc_messages_alone_are_possibly_cangjie(line: str, word: str) -> None:
    f = assert_found(line + "\n")
    assert (f.kind, f.meaning, f.certain) == ("arkts-source", "Cangjie compile error (cjc)", False)
    assert word in f.fix


def test_cjc_message_in_a_cangjie_build_is_certain() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@CompileCangjie...\n"
        "redefinition of declaration 'render'\n"
    )
    f = assert_found(log)
    assert f.meaning == "Cangjie compile error (cjc)" and f.certain


def test_a_plain_message_is_not_told_as_cjcs() -> None:
    # two words besides the placeholder: other compilers word it alike
    f = diagnose("undeclared identifier 'x'\n")
    assert f is None or f.meaning != "Cangjie compile error (cjc)"


def test_the_cjc_catalogue_loads_and_compiles() -> None:
    rows = [r for rows in CATALOGUE.by_word().values() for r in rows]
    assert len(rows) > 500
    for word in CATALOGUE.by_word():
        assert CATALOGUE.patterns(word)


@pytest.mark.parametrize(
    ("log", "kind", "word"),
    [
        # cjpm's own errors (third_party_cangjie_tools cjpm/src: dep_model.cj,
        # topological_sorting.cj, toml.cj)
        (
            "Error: can not find the following dependencies\n    ohos_app_cangjie_entry.net\n",
            "ohpm-deps",
            "[dependencies]",
        ),
        (
            "Error: can not find the package 'json4cj' which is listed in "
            "'package-configuration' field at /work/app/entry/cjpm.toml\n",
            "ohpm-deps",
            "cjpm.toml",
        ),
        (
            "invalid value for key 'cjc-version'\n"
            "Error: parse the '/work/app/entry/cjpm.toml' file failed\n",
            "config",
            "semver",
        ),
    ],
)
def test_cjpms_own_errors(log: str, kind: str, word: str) -> None:
    f = assert_found(log)
    assert f.kind == kind and word in f.fix


@pytest.mark.parametrize(
    ("line", "name", "place"),
    [
        # clang's Sema wording (DiagnosticSemaKinds.td), bare as a knowledge-base note quotes it
        # (batch RS: FFmpeg 9 removed the function) and with its place
        (
            "error: use of undeclared identifier 'av_stream_get_codec_timebase'",
            "av_stream_get_codec_timebase",
            None,
        ),
        (
            "src/player.cpp:88:14: error: no member named 'codec' in 'AVStream'",
            "codec",
            "src/player.cpp:88:14",
        ),
        (
            "entry/src/main/cpp/a.c:3:1: error: unknown type name 'napi_env'",
            "napi_env",
            "entry/src/main/cpp/a.c:3:1",
        ),
        (
            "error: call to undeclared function 'OH_Drawing_CreateFontCollection'; ISO C99 and "
            "later do not support implicit function declarations",
            "OH_Drawing_CreateFontCollection",
            None,
        ),
    ],
)
def test_a_name_clang_finds_undeclared_is_a_native_finding_that_names_it(
    line: str, name: str, place: str | None
) -> None:
    f = assert_found(line + "\n1 error generated.\n")
    assert f.kind == "native" and name in f.fix
    if place:  # the compiler's placed line is read as the module's, with its place
        assert f.location == place
    else:
        assert "header" in f.fix
    # a Cangjie "undeclared identifier" (no "use of") stays cjc's
    cj = diagnose("error: undeclared identifier 'foo'\n ==> src/main.cj:3:5:\n")
    assert cj is None or "C/C++ code uses" not in cj.fix


def test_the_loader_refusing_a_library_across_a_line_break_or_a_namespace() -> None:
    # batch RS: a Cangjie host's dlopen message wrapped after "Error relocating"
    wrapped = assert_found(
        "CjguiHost: dlopen libcjgui_app.so failed: Error relocating\n"
        ".../libcjgui_app.so: cjgui_ohos_surface_ready: symbol not found\n"
    )
    assert wrapped.kind == "native" and wrapped.location == ".../libcjgui_app.so"
    assert 'extern "C"' in wrapped.fix and "cjgui_ohos_surface_ready" in wrapped.fix
    # the loader's namespace search (RNOH's FAQ: libhermes.so left out of a HAR)
    ns = assert_found("can't find library libhermes.so in namespace: moduleNs_default\n")
    assert ns.kind == "native" and "libhermes.so" in ns.fix and "excludeFromHar" in ns.fix

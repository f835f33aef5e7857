"""General rules the batch of failing builds cut from hvigor's debug logs (``buildlog-*``) showed
missing, each on its real log and on a console variant it was not written from.
"""

from __future__ import annotations

from hmdesk.core.toolchain.build_log import console_view

from tests.fixtures.real_logs import assert_found, real_log


def test_a_long_compiles_window_keeps_the_tool_line_that_opens_it() -> None:
    # 00305015 said on the log's first line, then thousands of numbered errors: the window
    # around "1 ERROR:" starts at the log's start and keeps that first line whole
    log = real_log("arkts/buildlog-hongju-00305015-unexpected-token-4698-errors.log")
    view = console_view(log)
    assert view is not None and len(view.text) > 8000
    for text in (log, view.text):
        f = assert_found(text)
        assert (f.code, f.kind) == ("00305015", "rollup")
        assert f.location is not None and f.location.endswith("pages\\Index.ets:389")


def test_rollups_parse_failure_without_a_code_is_the_root_over_the_numbered_errors() -> None:
    log = real_log("arkts/buildlog-steps-rollup-unexpected-token.log")
    f = assert_found(log)
    assert f.kind == "rollup" and f.code is None and "00305015" in (f.meaning or "")
    assert f.location is not None and f.location.endswith("pages/SportRecordPage.ets:556")
    assert "Unexpected token" in f.fix
    # the same failure printed by a console, its place on an ``At file:`` line
    console = (
        "> hvigor ERROR: Unexpected token (Note that you need plugins to import files that are "
        "not JavaScript)\n. At file: /p/entry/src/main/ets/pages/Home.ets:12\n"
        "1 ERROR: 10605008 ArkTS Compiler Error\nError Message: Use explicit types instead of "
        '"any", "unknown" (arkts-no-any-unknown) At File: /p/entry/src/main/ets/pages/Home.ets:40:3\n'
    )
    f = assert_found(console)
    assert f.kind == "rollup" and f.location == "/p/entry/src/main/ets/pages/Home.ets:12"
    # numbered errors alone stay the checker's
    assert assert_found(console.split("\n", 2)[2]).code == "10605008"


def test_a_system_module_written_with_a_slash_is_named_with_its_dot() -> None:
    f = assert_found(real_log("arkts/buildlog-qq-cannot-find-module-ohos-router.log"))
    assert f.code == "10505001" and "'@ohos.router'" in f.fix
    console = (
        "1 ERROR: 10505001 ArkTS Compiler Error\nError Message: Cannot find module "
        "'@kit/AbilityKit' or its corresponding type declarations. At File: /p/Index.ets:1:30\n"
    )
    assert "'@kit.AbilityKit'" in assert_found(console).fix
    # a third-party package with a slash is not given the hint
    other = console.replace("@kit/AbilityKit", "@pura/harmony-utils")
    assert "named with a dot" not in assert_found(other).fix


def test_an_unknown_resource_is_the_arkts_compilers_error() -> None:
    f = assert_found(real_log("arkts/buildlog-filesmanger-10903329-unknown-resource.log"))
    assert (f.kind, f.code) == ("arkts-source", "10903329")
    assert "default_14" in f.fix


def test_hvigors_opening_error_stays_in_a_long_compiles_window() -> None:
    # the parse failure opens the log, then kilobytes of warnings before the numbered errors
    steps = console_view(real_log("arkts/buildlog-steps-rollup-unexpected-token.log"))
    xhub = console_view(real_log("arkts/buildlog-xhub-10505001-no-overload-after-warns.log"))
    assert steps is not None and xhub is not None
    opening, numbered = steps.text.split("\n1 ERROR:", 1)
    warnings = xhub.text[
        xhub.text.index("> hvigor WARN:") : xhub.text.index("> hvigor ERROR: ArkTS")
    ]
    log = f"{opening}\n{warnings * 3}1 ERROR:{numbered}" + "x" * 9000
    assert log.index("1 ERROR:") > 1500 + len(opening)
    f = assert_found(log)
    assert f.kind == "rollup"
    assert f.location is not None and f.location.endswith("pages/SportRecordPage.ets:556")


def test_a_library_named_with_its_lib_prefix_is_said_so() -> None:
    f = assert_found(real_log("native/buildlog-hongmeng-ld-unable-to-find-library-libace-napi.log"))
    assert f.kind == "native" and "'libace_napi.z.so'" in f.fix and "'ace_napi.z'" in f.fix
    # a library named without the prefix keeps the general answer
    other = assert_found("ld.lld: error: unable to find library -lhilog_ndk.z\n")
    assert "lib prefix" not in other.fix and "target_link_directories" in other.fix


def test_a_file_named_without_a_line_is_the_location() -> None:
    f = assert_found(real_log("config/buildlog-weather-11211116-invalid-resource-name.log"))
    assert f.code == "11211116"
    assert f.location is not None
    assert f.location.endswith("resources\\base\\media\\cloud-sky-minimal-nature.jpg")


def test_a_name_hvigorfile_uses_without_defining_it() -> None:
    f = assert_found(real_log("hvigor/buildlog-hongmeng-hvigor-not-defined-in-hvigorfile.log"))
    assert f.kind == "hvigor-version" and "'@ohos/hvigor'" in f.fix
    assert f.location is not None and f.location.endswith("Login\\hvigorfile.ts")
    # a Node.js global the runtime lacks is not the hvigorfile's own name
    node = assert_found(
        "ReferenceError, TransformStream is not defined in hvigorfile: /p/hvigorfile.ts"
    )
    assert node.kind != "hvigor-version" and "Node.js" in node.fix

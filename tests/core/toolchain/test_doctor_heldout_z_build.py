"""General rules blind batch Z's build logs (arkts, linter, config, ohpm, hvigor, sdk; folded into
the corpus after their blind run) showed missing, each covered as its documented family:

- the DevEco Studio build FAQ's messages (faqs-compiling-and-building-*) with the page's remedy;
- what the OS refuses during a build, read by its errno and the tool named: EMFILE is the
  machine's open-files limit (not the SDK the path runs through), an SDK tool that may not run
  is macOS's quarantine, an EPERM symlink is Windows' right to make links;
- ArkUI's component-nesting checks (the ArkUI compile error reference, 10905201-10905223), a
  custom attribute method on a component, and the compiler's strict-null type error (10605999);
- ohpm's EFETCH of a .har inside oh_modules (faqs-command-line-tool-3).

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source page), then
members of the same family the batch did not show, in the docs' own wording.
"""

from __future__ import annotations

import re

import pytest
from hmdesk.core.toolchain.arkui_checks import ARKUI_CHECKS
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.error_subjects import os_refusal

from tests.fixtures.real_logs import assert_found, real_log


def test_emfile_is_the_open_files_limit_not_the_sdk_its_path_runs_through() -> None:
    # faqs-compiling-and-building-99's own line; its path runs through the SDK folder
    log = real_log("hvigor/faq-cb99-emfile-too-many-open-files.log")
    f = assert_found(log)
    assert f.kind == "hvigor-env" and f.certain
    assert "kern.maxfiles" in f.fix and "--stop-daemon-all" in f.fix
    assert f.location is not None and f.location.endswith("kit_configs/@kit.ArkTS.json")
    # the errno decides the tool's reading too, over the SDK word of its path
    assert os_refusal(log) == "hvigor-env"
    # the family: the system-wide table (ENFILE), another operation, another tool
    g = assert_found("hvigor ERROR: ENFILE: file table overflow, open '/x/a.json'")
    assert g.kind == "hvigor-env" and g.location == "/x/a.json"
    h = assert_found("ohpm ERROR: EMFILE: too many open files, scandir '/p/oh_modules/.ohpm'")
    assert h.kind == "hvigor-env" and "ulimit" in h.fix


def test_an_sdk_tool_the_os_will_not_run_is_the_quarantine() -> None:
    # faqs-compiling-and-building-130's line
    f = assert_found(real_log("sdk/faq-cb130-es2abc-operation-not-permitted.log"))
    assert f.kind == "sdk-home"
    assert "xattr -d com.apple.quarantine xxxx/es2abc" in f.fix
    # the other SDK executables, and Permission denied (faqs-compiling-and-building-78)
    g = assert_found(
        "/bin/sh: /Users/a/sdk/default/openharmony/toolchains/restool: Permission denied"
    )
    assert g.kind == "sdk-home" and "chmod +x" in g.fix
    assert assert_found('"/sdk/ets/build-tools/bin/ark_aot_compiler": Operation not permitted')
    # faqs-compiling-and-building-133: dyld refuses a library signed apart from es2abc
    c = assert_found(
        "os::library_loader::Load error: dlopen(..., 0x0001):\n"
        "tried: '...' (code signature in <...> '...' not valid for use in process: mapped file "
        "has no cdhash, completely unsigned? Code has to be at least ad-hoc signed.)"
    )
    assert c.kind == "native" and "codesign --remove-signature" in c.fix
    # a refusal of another program is no SDK's
    other = diagnose("/bin/sh: ./myscript: Permission denied")
    assert other is None or other.kind != "sdk-home"


def test_an_eperm_symlink_is_windows_right_to_make_links() -> None:
    # faqs-compiling-and-building-189's wording
    f = assert_found("EPERM: operation not permitted, symlink 'D:\\a\\lib' -> 'D:\\b\\lib'")
    assert f.kind == "project-path" and "Developer Mode" in f.fix
    assert "administrator" in f.fix and "nested" in f.fix  # faqs-package-structure-78 too


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("config/faq-cb41-configure-harmonyos-runtime.log", ('"runtimeOS": "HarmonyOS"',)),
        ("config/faq-cb43-target-can-not-be-empty.log", ("targets", "applyToProducts")),
    ],
)
def test_the_ides_run_configuration_messages(name: str, words: tuple[str, ...]) -> None:
    f = assert_found(real_log(name))
    assert f.kind == "config" and all(w in f.fix for w in words)


# the build FAQ's messages the batch did not show, as the pages word them -> kind, a fix word
FAQ_MEMBERS = [
    (
        "The type of target device does not match the device type configured by module：entry",
        "config",
        "deviceTypes",
    ),
    (
        "FATAL ERROR: Reached heap limit Allocation failed - JS heap out of memory",
        "hvigor-env",
        "maxOldSpaceSize",
    ),
    (
        "Duplicated files found in module entry. This may cause unexpected errors at runtime",
        "native",
        "enableOverride",
    ),
    ("Ohos BundleTool [Error]: debug is different.", "config", "Build Mode"),
    (
        "The path /Volumes/DevEco/x is not writable. please choose a new location",
        "project-path",
        "Applications",
    ),
    (
        "useNormalizedOHMUrl can be true only when Compatible SDK Version is 5.0.0 (12) or later",
        "config",
        "compatibleSdkVersion",
    ),
    (
        "byteCodeHar not supported when useNormalizedOHMUrl is not true.",
        "config",
        "useNormalizedOHMUrl: true",
    ),
    ("Only one default card can be configured in the form_config.json file", "config", "isDefault"),
    ("The required attribute: module-name is missing", "config", "modules[]"),
    ("Cannot add 70000 items to index", "arkts-source", "split"),
    ("Cannot redeclare block-scoped variable 'a'.", "arkts-source", "export"),
    ("The re-export name 'test' need to be marked as type", "arkts-source", "export type"),
    ("Duplicate 'routerMap' object names detected.", "config", "unique"),
    ("Local dependency in parameterFile does not exist", "ohpm-deps", "parameterFile"),
]


@pytest.mark.parametrize(("line", "kind", "word"), FAQ_MEMBERS)
def test_the_build_faqs_messages_name_their_remedy(line: str, kind: str, word: str) -> None:
    f = assert_found(f"hvigor ERROR: {line}")
    assert f.kind == kind and word in f.fix, f


def test_a_custom_attribute_method_on_a_component_is_a_style_to_define() -> None:
    f = assert_found(real_log("arkts/tomato-todo-card-not-on-relativecontainer.log"))
    assert f.kind == "arkts-source" and "@Styles function card()" in f.fix
    assert "@Extend(RelativeContainer)" in f.fix
    g = assert_found(
        "ArkTS:ERROR File: /p/entry/src/main/ets/pages/A.ets:3:5\n"
        " Property 'shadowBox' does not exist on type 'ColumnAttribute'."
    )
    assert "@Extend(Column) function shadowBox" in g.fix


# ArkUI's component-nesting checks, as the ArkUI compile error reference words them
NESTING = [
    (
        "10905201",
        "The 'Blank' component can only be nested in the 'Row,Column,Flex' parent component.",
        "child of Row,Column,Flex",
    ),
    (
        "10905202",
        "The Button component with a label parameter can not have any child.",
        "remove the label",
    ),
    (
        "10905219",
        "The component 'ContainerSpan' can only have the child component 'Span'.",
        "only Span",
    ),
    ("10905220", "The 'Button' component can have only one child component.", "at most one child"),
    (
        "10905221",
        "When the component 'Tabs' set 'barMode' as 'Scrollable', it can only have a single child component.",
        "only one child",
    ),
    ("10905222", "The component 'Image' can't have any child.", "cannot have children"),
    (
        "10905223",
        "When the component 'Span' set 'value' as 'x', it can't have any child.",
        "cannot have children",
    ),
]


@pytest.mark.parametrize(("code", "message", "step"), NESTING)
def test_every_documented_nesting_check_names_its_step(code: str, message: str, step: str) -> None:
    at = "At File: /p/entry/src/main/ets/pages/Index.ets:12:7"
    coded = assert_found(f"ERROR: {code} ArkTS Compiler Error\nError Message: {message} {at}")
    bare = assert_found(f"ArkTS:ERROR File: /p/entry/src/main/ets/pages/Index.ets:12:7\n {message}")
    for f in (coded, bare):
        assert f.kind == "arkts-source" and step in f.fix, f


def test_a_possibly_undefined_argument_is_narrowed_in_the_condition() -> None:
    f = assert_found(real_log("linter/mirror-app-alias-narrowing-10605999.log"))
    assert f.code == "10605999" and "!== undefined" in f.fix and "alias" in f.fix
    g = assert_found(
        "10605999 ArkTS Compiler Error\nType 'string | undefined' is not assignable to type "
        "'string'.\nAt File: entry/src/main/ets/a.ets:3:7"
    )
    assert "if condition" in g.fix
    # another type's error is no null check
    h = assert_found(
        "10605999 ArkTS Compiler Error\nType 'number' is not assignable to type 'string'.\n"
        "At File: entry/src/main/ets/a.ets:3:7"
    )
    assert "!== undefined" not in h.fix


def test_props_by_index_names_the_faqs_reflect_get() -> None:
    f = assert_found(real_log("linter/faq-cb126-no-props-by-index.log"))
    assert "Reflect.get(obj, key)" in f.fix


def test_a_har_missing_inside_oh_modules_is_a_hars_relative_dependency() -> None:
    f = assert_found(real_log("ohpm/faq-clt3-efetch-local-har-missing.log"))
    assert f.kind == "ohpm-deps" and "overrides" in f.fix and "ohpm-repo" in f.fix
    # a project's own local .har missing keeps its step: build it or fix its path
    g = assert_found(
        "ohpm ERROR: EFETCH Fetch local file package error, D:\\proj\\libs\\a.har does not exist."
    )
    assert "build it first" in g.fix and "overrides" not in g.fix


# ArkUI's other compile checks, as the reference words them (names filled in)
CHECKS = [
    (
        "10905210",
        "In an '@Entry' decorated component, the 'build' method can have only one root node, "
        "which must be a container component.",
        "exactly one root",
    ),
    (
        "10905316",
        "The property 'count' in the custom component 'Child' is missing (mandatory to specify).",
        "Pass count when the parent creates Child",
    ),
    ("10903329", "Unknown resource name 'app_title'.", "No resource is named app_title"),
    ("10905209", "Only UI component syntax can be written here.", "only UI components"),
    ("10905303", "The '@State' property 'n' must be specified a default value.", "initial value"),
    (
        "10905301",
        "'@Watch' cannot be used with 'onChange'. Apply it only to parameters that correspond to existing methods.",
        "Define the method onChange",
    ),
]


@pytest.mark.parametrize(("code", "message", "step"), CHECKS)
def test_arkui_checks_name_the_references_step(code: str, message: str, step: str) -> None:
    at = "At File: /p/entry/src/main/ets/pages/Index.ets:12:7"
    coded = assert_found(f"ERROR: {code} ArkTS Compiler Error\nError Message: {message} {at}")
    bare = assert_found(f"ArkTS:ERROR File: /p/entry/src/main/ets/pages/Index.ets:12:7\n {message}")
    for f in (coded, bare):
        assert f.kind == "arkts-source" and step in f.fix, f


def test_every_arkui_check_is_a_sound_row() -> None:
    codes = [c for c, _rx, _s in ARKUI_CHECKS]
    assert len(codes) == len(set(codes)) and all(re.fullmatch(r"109\d{5}", c) for c in codes)
    for _code, rx, step in ARKUI_CHECKS:
        groups = re.compile(rx).groups
        assert step.format(*(["x"] * groups))  # every {n} the step names is captured

"""The ArkTS compiler's, the bundler's parser's, ArkUI's compile checks' and the linter's
messages, taught by family (held-out batch V's arkts and linter logs showed the gaps):

- TypeScript's diagnostics the compiler prints under 10505001 (OpenHarmony's errorcode-tsc
  reference and TypeScript's own wording): the scanner's and parser's syntax errors told apart,
  the checker's common errors, each with its step (``compiler_messages.TSC_MESSAGES``);
- the compiler's first error decides over rollup's code-less parse wrapper when both name the
  same line (the compiler adds the code and the column);
- the JavaScript parser's (acorn's) messages under rollup (``compiler_messages.PARSER_STEPS``);
- every check of the ArkUI compile error reference (``arkui_checks``);
- the ArkTS linter's Sendable and shared-module rules (``arkts_rules``).

Each group reads a real log of ``tests/data/real_logs`` where one exists, then members of the
same family the batch did not show, in the documentation's own wording.
"""

from __future__ import annotations

import re

import pytest
from hmdesk.core.toolchain.arkui_checks import ARKUI_CHECKS
from hmdesk.core.toolchain.build_steps import _COMPILER_STEPS
from hmdesk.core.toolchain.compiler_messages import TSC_MESSAGES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.parser_messages import PARSER_STEPS

from tests.fixtures.real_logs import assert_found, real_log

AT = "At File: /p/entry/src/main/ets/pages/Index.ets:12:7"


def _compiled(message: str) -> str:
    return f"1 ERROR: 10505001 ArkTS Compiler Error\nError Message: {message} {AT}\n\nCOMPILE RESULT:FAIL {{ERROR:2}}"


def test_the_compilers_own_syntax_error_beats_rollups_codeless_wrapper() -> None:
    f = assert_found(real_log("arkts/news-app-unterminated-string.log"))
    assert f.kind == "arkts-source" and f.code == "10505001"
    assert f.location is not None and f.location.endswith("MainViewModel.ets:170:40")
    assert "closing quote" in f.fix


def test_rollups_wrapper_still_decides_when_the_compilers_errors_are_elsewhere() -> None:
    log = (
        "> hvigor ERROR: Unexpected token (Note that you need plugins to import files that are "
        "not JavaScript)\n/p/entry/src/main/ets/pages/Index.ets:389\n"
        "151 ERROR: 10505001 ArkTS Compiler Error\nError Message: Object is possibly "
        "'undefined'. At File: /p/entry/src/main/ets/pages/Index.ets:835:7\n"
    )
    f = assert_found(log)
    assert f.code != "10505001" and f.location == "/p/entry/src/main/ets/pages/Index.ets:389"


@pytest.mark.parametrize(
    ("message", "step"),
    [
        ("Unterminated string literal.", "closing quote"),
        ("Unterminated template literal.", "closing backtick"),
        ("Invalid character.", "full-width"),
        ("',' expected.", "The parser expected ','"),
        ("Declaration or statement expected.", "extra closing brace"),
        (
            "Unexpected token. A constructor, method, accessor, or property was expected.",
            "class or struct body",
        ),
        ("Merge conflict marker encountered.", "conflict"),
        ("An identifier or keyword cannot immediately follow a numeric literal.", "'10px'"),
        ("A module cannot have multiple default exports.", "one `export default`"),
        ("Type 'string' is not assignable to type 'number'.", "convert the value"),
    ],
)
def test_syntax_and_documented_tsc_messages_are_told_apart(message: str, step: str) -> None:
    f = assert_found(_compiled(message))
    assert f.kind == "arkts-source" and f.code == "10505001" and step in f.fix, f.fix


def test_a_did_you_mean_names_the_compilers_suggestion() -> None:
    f = assert_found(real_log("arkts/animation-lab-rotate-angle-1080.log"))
    assert "the compiler suggests 'ROTATE_ANGLE_360'" in f.fix
    g = assert_found(_compiled("Cannot find name 'BusinessErro'. Did you mean 'BusinessError'?"))
    assert "the compiler suggests 'BusinessError'" in g.fix and "neither declared" not in g.fix


def test_a_module_that_no_sdk_has_says_remove_or_fix_the_import() -> None:
    f = assert_found(real_log("arkts/audio-volume-manager-bad-import.log"))
    assert f.code == "10505001" and "'@kit.ArkUI'" in f.fix and "remove the import" in f.fix


def test_steps_follow_the_order_the_log_prints_its_errors() -> None:
    f = assert_found(real_log("linter/page-redirection-no-any-unknown-getcontext.log"))
    assert f.code == "10605008" and f.fix.index("exports no UIAbilityContext") < f.fix.index(
        "declares no member getAbilityContext"
    )


def test_every_message_row_is_sound() -> None:
    for rx, step in TSC_MESSAGES:
        assert step.format(*(["x"] * re.compile(rx).groups))  # every {n} is captured
    for rx, _step in PARSER_STEPS:
        re.compile(rx)


@pytest.mark.parametrize(
    ("said", "step"),
    [
        ("Unterminated string constant", "closing quote"),
        ("Unterminated template", "closing backtick"),
        ("Optional chaining cannot appear in left-hand side", "non-optional"),
        ("'import' and 'export' may only appear at the top level", "top level"),
    ],
)
def test_rollups_parser_messages_carry_their_step(said: str, step: str) -> None:
    log = (
        "[ERROR] debug-file - ERROR: stacktrace = Error: 00305015 Rollup Error\n"
        f"Error Message: {said} (Note that you need plugins to import files that are not "
        "JavaScript)\n. At file: D:\\p\\entry\\src\\main\\ets\\pages\\Index.ets:209\n"
    )
    f = assert_found(log)
    assert f.code == "00305015" and step in f.fix, f.fix


ARKUI_DOC_MESSAGES = [
    (
        "10905308",
        "The '@State' property 'dialog' cannot be a 'CustomDialogController' object.",
        "Remove the @State decorator",
    ),
    ("10905310", "Regular variable 'count' can not be decorated with '@Watch'.", "state variable"),
    (
        "10905326",
        "When a variable decorated with '@Once', it must also be decorated with '@Param'.",
        "@Param @Once",
    ),
    ("10905116", "'@Computed' can only decorate 'GetAccessor'.", "getter"),
    (
        "10905226",
        "A class can not be decorated by '@Observed' and '@ObservedV2' at the same time.",
        "either @Observed or @ObservedV2",
    ),
    (
        "10905242",
        "'@ReusableV2' is only applicable to custom components decorated by '@ComponentV2'.",
        "@ComponentV2 struct",
    ),
    ("10905207", "Then statement cannot be null in if statement.", "body"),
    ("10903330", "Unknown resource type 'colour'.", "colour is not a resource type"),
    (
        "10905363",
        "The V1 decorator '@State' cannot be applied to a Function-type variable 'cb'.",
        "Remove @State from cb",
    ),
]


@pytest.mark.parametrize(("code", "message", "step"), ARKUI_DOC_MESSAGES)
def test_the_arkui_references_other_checks(code: str, message: str, step: str) -> None:
    f = assert_found(f"1 ERROR: {code} ArkTS Compiler Error\nError Message: {message} {AT}")
    assert f.kind == "arkts-source" and f.code == code and step in f.fix, f.fix


def test_the_arkui_table_holds_the_whole_reference() -> None:
    codes = {c for c, _rx, _s in ARKUI_CHECKS}
    assert len(codes) >= 100 and {"10905201", "10905223", "10905363", "10906217"} <= codes


def test_nothing_known_stays_nothing() -> None:
    assert diagnose("all good\nBUILD SUCCESSFUL in 2 s\n") is None


@pytest.mark.parametrize(
    ("code", "message", "step"),
    [
        (
            "10605154",
            'Properties in "Sendable" classes and interfaces must have a Sendable data type '
            "(arkts-sendable-prop-types)",
            "collections.Array",
        ),
        (
            "10605159",
            'Objects of "Sendable" type can not be initialized using object literal or array '
            "literal (arkts-sendable-obj-init)",
            "with `new`",
        ),
        (
            "10605175",
            'Only "FunctionType" can declare "Sendable" typeAlias '
            "(arkts-sendable-typeAlias-declaration)",
            "must be a function type",
        ),
        (
            "10605170",
            "Side effect import is not allowed for importing from ets to ts file "
            "(artkts-no-side-effect-import-in-ts-import-ets)",
            "side effects only",
        ),
        (
            "10605182",
            "Sendable functions and sendable typealias are not available when "
            "compatibleSdkVersionStage is lowering than beta3 of API12 "
            "(arkts-sendable-beta-compatible)",
            "compatibleSdkVersionStage",
        ),
    ],
)
def test_the_linters_sendable_and_shared_module_rules(code: str, message: str, step: str) -> None:
    f = assert_found(f"1 ERROR: {code} ArkTS Compiler Error\nError Message: {message} {AT}")
    assert f.kind == "arkts-source" and f.code == code and step in f.fix, f.fix
    rule = message[message.rindex("(") + 1 : -1]
    assert f.meaning == f"ArkTS linter rule {rule}"


@pytest.mark.parametrize(
    ("code", "message", "step"),
    [
        ("10311001", "Importing ArkTS files in JS and TS files is forbidden.", "rename the"),
        (
            "10311007",
            "Namespace import or export of Kit is not supported currently.",
            "instead of its namespace",
        ),
        (
            "10311008",
            "Can not use empty import(side-effect import) statement with Kit '@kit.ArkUI'.",
            "bare import",
        ),
        (
            "10311006",
            "'default' is not exported from Kit '@kit.ArkUI'.",
            "@kit.ArkUI in this SDK does not export default",
        ),
        ("10311010", "`getA` of lazy-import is re-export.", "getA is imported with `import lazy`"),
    ],
)
def test_the_compilation_toolchains_own_codes(code: str, message: str, step: str) -> None:
    f = assert_found(f"> hvigor ERROR: {code} ArkTS Compiler Error\nError Message: {message} {AT}")
    assert f.kind == "arkts-source" and f.code == code and step in f.fix, f.fix


def test_the_older_wording_of_an_ets_import_into_ts_is_the_same_family() -> None:
    f = assert_found(real_log("arkts/csdn-134650346-importing-arkts-into-ts-not-allowed.log"))
    assert "rename the importing file to .ets" in f.fix


def test_most_message_rows_cost_a_substring_test_on_a_log_without_their_message() -> None:
    needs = [gated.need for gated, _step in _COMPILER_STEPS]
    assert sum(n is not None for n in needs) >= 0.9 * len(needs)
    for gated, _step in _COMPILER_STEPS:  # a need's literals are text every match holds
        for conj in gated.need or ():
            for lit in conj:
                assert lit.lower() in gated.pattern.pattern.replace("\\", "").lower(), lit


def test_typescripts_unexpected_token_is_not_acorns() -> None:
    f = assert_found(real_log("arkts/interviewdemo-invalid-character-space-colon.log"))
    assert "full-width" in f.fix and "A token that cannot stand here" not in f.fix
    g = assert_found(_compiled("Unexpected token."))
    assert "A token that cannot stand here" in g.fix


@pytest.mark.parametrize(
    ("rule", "step"),
    [
        ("arkts-optional-methods", "optional property of a function type"),
        ("arkts-import-types", "instead of `import type`"),
        ("arkts-no-exponent-op", "Math.pow(a, b)"),
        ("arkts-no-arguments-obj", "rest parameter"),
    ],
)
def test_the_linters_newer_rules(rule: str, step: str) -> None:
    f = assert_found(
        f"1 ERROR: 10605184 ArkTS Compiler Error\nError Message: Not supported ({rule}) {AT}"
    )
    assert step in f.fix, f.fix


@pytest.mark.parametrize(
    ("message", "step"),
    [
        (
            "Type '{ a: number; }' has no properties in common with type 'Options'.",
            "shares no property",
        ),
        (
            "Module '\"./util\"' has no default export. Did you mean to use 'import { util } from \"./util\"' instead?",
            "in braces",
        ),
        ("Cannot use namespace 'router' as a value.", "is a namespace"),
        ("Expected 0 type arguments, but got 1.", "0 type argument(s), 1 given"),
        (
            "Catch clause variable type annotation must be 'any' or 'unknown' if specified.",
            "Omit the type of the catch variable",
        ),
        ("'err' is of type 'unknown'.", "err as BusinessError"),
        # TS2678 (a switch's case outside a literal union), TS2420 (an SDK interface that
        # gained members in a newer API version)
        ('Type \'"idle"\' is not comparable to type \'"on" | "off"\'.', 'add "idle" to the union'),
        (
            "Class 'MyStage' incorrectly implements interface 'WindowStage'.",
            "implement the new ones in MyStage",
        ),
    ],
)
def test_more_of_the_checkers_messages(message: str, step: str) -> None:
    f = assert_found(_compiled(message))
    assert f.code == "10505001" and step in f.fix, f.fix


def test_a_warnings_message_asks_for_nothing() -> None:
    log = (
        "1 WARN: ArkTS:WARN File: /p/entry/src/main/ets/pages/A.ets:3:5\n"
        " Object is possibly 'undefined'.\n\n"
        f"1 ERROR: 10505001 ArkTS Compiler Error\nError Message: Invalid character. {AT}\n"
    )
    f = assert_found(log)
    assert "full-width" in f.fix and "may be undefined (or null)" not in f.fix


@pytest.mark.parametrize(
    ("pasted", "step"),
    [
        ("Unterminated string literal.", "closing quote"),
        (
            "entry/src/main/ets/pages/Index.ets:12:7 Declaration or statement expected.",
            "extra closing brace",
        ),
        ("Invalid character.", "full-width"),
    ],
)
def test_a_syntax_error_pasted_alone_is_possibly_the_codes(pasted: str, step: str) -> None:
    f = diagnose(pasted)
    assert f is not None and f.kind == "arkts-source" and not f.certain and step in f.fix


def test_an_error_quoted_in_code_comments_is_the_compilers_message() -> None:
    # a note shows the code that failed with the compiler's message after ``//`` on each line
    log = (
        "// fails to build (10505001 ArkTS Compiler Error)\n"
        "const x: Options = { a: 1 };\n"
        "api.call(x);\n"
        "// Error Message: Argument of type 'Options' is not assignable\n"
        "//                to parameter of type 'Mode'.\n"
        "//                At File: entry/src/main/ets/pages/Index.ets:8:10\n"
    )
    f = assert_found(log)
    assert f.location == "entry/src/main/ets/pages/Index.ets:8:10"
    assert "not assignable to parameter of type 'Mode'" in f.fix, f.fix


@pytest.mark.parametrize(
    ("place", "plugin"),
    [
        # pub's two cache layouts (dart.dev/tools/pub/glossary#system-cache): a hosted package,
        # a git dependency's package inside its repository; Windows' separators too
        (
            "/Users/u/.pub-cache/hosted/pub.dev/path_provider_ohos-2.1.0/ohos/src/main/ets/A.ets:9:3",
            "path_provider_ohos-2.1.0",
        ),
        (
            "/h/.pub-cache/git/plugins-0a1b2c/packages/camera/camera_ohos/ohos/src/main/ets/C.ets:40:7",
            "camera_ohos",
        ),
        (
            r"C:\Users\u\AppData\Local\Pub\Cache\hosted\pub.dev\x_ohos-1.0.0\ohos\src\main\ets\X.ets:1:1",
            "x_ohos-1.0.0",
        ),
    ],
)
def test_an_error_in_a_flutter_plugins_ohos_code_names_the_plugin_and_the_sdk_it_needs(
    place: str, plugin: str
) -> None:
    # a Flutter plugin's ArkTS is compiled by hvigor against the flutter_ohos HAR of the Flutter
    # SDK in use (flutter_flutter's plugin guide); an error there is the plugin's, not the app's
    log = f"1 ERROR: 10505001 ArkTS Compiler Error\nError Message: Module '\"@ohos/flutter_ohos\"' has no exported member 'Params'. At File: {place}\n\nCOMPILE RESULT:FAIL {{ERROR:2}}"
    f = assert_found(log)
    assert f.kind == "arkts-source"
    assert f"Flutter plugin {plugin} " in f.fix and "flutter_flutter" in f.fix


def test_an_error_in_the_apps_own_ohos_folder_is_not_a_plugins() -> None:
    f = assert_found(_compiled("Cannot find name 'foo'.").replace("/p/entry", "/p/ohos/entry"))
    assert "Flutter plugin" not in f.fix

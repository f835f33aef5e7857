"""The ArkTS linter's rules (:mod:`hmdesk.core.toolchain.arkts_rules`): every rule the migration
guide documents with its remedy, the first error's rule deciding (never a warning's), on every
reading of a build's output (plain hvigor, hvigor's debug build.log, DevEco's Build window, the
coded form, a bare line).

Real lines are quoted verbatim from blind batch Y's logs in ``tests/data/real_logs/linter`` and
``arkts`` (their ``.toml`` names the source: committed hvigor debug logs of Beyourprince/health,
542004/weather-pre and ccccxxxxx334/2026Sp-25307117-Lab1).
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.arkts_rules import (
    ARKTS_DEFAULT,
    ARKTS_RULES,
    failing_rule,
    rule_advice,
)
from hmdesk.core.toolchain.error_places import with_column

from tests.fixtures.real_logs import assert_found, real_log

# every "Rule:" of openharmony/docs en/application-dev/quick-start/
# typescript-to-arkts-migration-guide.md ("Recipe: …"), in its order
GUIDE_RULES = [
    "arkts-identifiers-as-prop-names",
    "arkts-no-symbol",
    "arkts-no-private-identifiers",
    "arkts-unique-names",
    "arkts-no-var",
    "arkts-no-any-unknown",
    "arkts-no-call-signatures",
    "arkts-no-ctor-signatures-type",
    "arkts-no-multiple-static-blocks",
    "arkts-no-indexed-signatures",
    "arkts-no-intersection-types",
    "arkts-no-typing-with-this",
    "arkts-no-conditional-types",
    "arkts-no-ctor-prop-decls",
    "arkts-no-ctor-signatures-iface",
    "arkts-no-aliases-by-index",
    "arkts-no-props-by-index",
    "arkts-no-structural-typing",
    "arkts-no-inferred-generic-params",
    "arkts-no-untyped-obj-literals",
    "arkts-no-obj-literals-as-types",
    "arkts-no-noninferrable-arr-literals",
    "arkts-no-func-expressions",
    "arkts-no-class-literals",
    "arkts-implements-only-iface",
    "arkts-no-method-reassignment",
    "arkts-as-casts",
    "arkts-no-jsx",
    "arkts-no-polymorphic-unops",
    "arkts-no-delete",
    "arkts-no-type-query",
    "arkts-instanceof-ref-types",
    "arkts-no-in",
    "arkts-no-destruct-assignment",
    "arkts-no-comma-outside-loops",
    "arkts-no-destruct-decls",
    "arkts-no-types-in-catch",
    "arkts-no-for-in",
    "arkts-no-mapped-types",
    "arkts-no-with",
    "arkts-limited-throw",
    "arkts-no-implicit-return-types",
    "arkts-no-destruct-params",
    "arkts-no-nested-funcs",
    "arkts-no-standalone-this",
    "arkts-no-generators",
    "arkts-no-is",
    "arkts-no-spread",
    "arkts-no-extend-same-prop",
    "arkts-no-decl-merging",
    "arkts-extends-only-class",
    "arkts-no-ctor-signatures-funcs",
    "arkts-no-enum-mixed-types",
    "arkts-no-enum-merging",
    "arkts-no-ns-as-obj",
    "arkts-no-ns-statements",
    "arkts-no-require",
    "arkts-no-export-assignment",
    "arkts-no-ambient-decls",
    "arkts-no-module-wildcards",
    "arkts-no-umd",
    "arkts-no-new-target",
    "arkts-no-definite-assignment",
    "arkts-no-prototype-assignment",
    "arkts-no-globalthis",
    "arkts-no-utility-types",
    "arkts-no-func-props",
    "arkts-no-func-apply-call",
    "arkts-no-func-bind",
    "arkts-no-as-const",
    "arkts-no-import-assertions",
    "arkts-limited-stdlib",
    "arkts-strict-typing",
    "arkts-strict-typing-required",
    "arkts-no-ts-deps",
    "arkts-no-classes-as-obj",
    "arkts-no-misplaced-imports",
    "arkts-limited-esobj",
]
# the headings of its "more cases" page (arkts-more-cases.md) that the guide does not list
MORE_CASES_RULES = [
    "arkts-no-call-signature",
    "arkts-no-regexp-literals",
    "arkts-no-func-apply-bind-call",
    "arkts-no-tsdeps",
    "arkts-no-special-imports",
    "arkts-no-side-effects-imports",
]

WARN_BIND = (  # linter/health-breakpoint-props-by-index.log, a warning before the error
    "1 WARN: ArkTS:WARN File: /Users/imac/Desktop/myHealthy/health/entry/src/main/ets/common/"
    "utils/BreakpointSystem.ets:33:50\n 'Function.bind' is not supported (arkts-no-func-bind)\n\n"
)
PLACE = "/Users/imac/Desktop/myHealthy/health/entry/src/main/ets/common/bean/BreanpointType.ets"


@pytest.mark.parametrize("rule", GUIDE_RULES + MORE_CASES_RULES)
def test_every_documented_rule_has_its_own_remedy(rule: str) -> None:
    assert rule in ARKTS_RULES
    assert ARKTS_RULES[rule] != ARKTS_DEFAULT and len(ARKTS_RULES[rule]) > 20


def test_a_warnings_rule_never_decides() -> None:
    text = (
        f"{WARN_BIND}1 ERROR: ArkTS:ERROR File: {PLACE}:15:12\n"
        " Indexed access is not supported for fields (arkts-no-props-by-index)\n"
    )
    m = failing_rule(text)
    assert m is not None and m.group(1) == "arkts-no-props-by-index"
    assert failing_rule(WARN_BIND) is None and rule_advice(WARN_BIND) is None
    # a bare message (the linter prints errors) and an unknown rule: the guide's general step
    assert rule_advice("Foo is not supported (arkts-no-foo)") == ("arkts-no-foo", ARKTS_DEFAULT)


def test_the_debug_logs_error_rule_gives_its_own_advice() -> None:
    f = assert_found(real_log("linter/health-breakpoint-props-by-index.log"))
    assert f.kind == "arkts-source" and f.location == f"{PLACE}:15:12"
    assert "Record<string, T>" in f.fix and "Map" in f.fix and "switch" in f.fix
    assert "arkts-no-props-by-index" in f.evidence and "bind" not in f.evidence
    g = assert_found(real_log("linter/myweather-private-hash-identifier.log"))
    assert "`private` keyword" in g.fix and "write it as a string" in g.fix


@pytest.mark.parametrize(
    "head, tail",
    [
        (  # plain hvigor output
            "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
            "> hvigor ERROR: ArkTS Compiler Error\n",
            "COMPILE RESULT:FAIL {ERROR:2 WARN:1}\n> hvigor ERROR: BUILD FAILED in 3 s 2 ms\n",
        ),
        ("ArkTS Compiler Error\n", "COMPILE RESULT:FAIL {ERROR:2 WARN:1}\n"),  # DevEco's window
        ("", ""),  # the blocks alone
    ],
)
@pytest.mark.parametrize(
    "said, rule, words",
    [
        ("Indexed access is not supported for fields", "arkts-no-props-by-index", "Record"),
        # members not seen in a log, their messages in the guide's own wording (recipe titles)
        ("Generator functions are not supported", "arkts-no-generators", "async/await"),
        ("RegExp literals are not supported", "arkts-no-regexp-literals", "new RegExp"),
        ("'for .. in' is not supported", "arkts-no-for-in", "regular for loop"),
        ("Function.bind is not supported", "arkts-no-func-bind", "arrow function"),
    ],
)
def test_every_reading_gives_the_first_errors_rule(
    head: str, tail: str, said: str, rule: str, words: str
) -> None:
    text = f"{head}{WARN_BIND}1 ERROR: ArkTS:ERROR File: {PLACE}:15:12\n {said} ({rule})\n\n{tail}"
    f = assert_found(text)
    assert f.kind == "arkts-source" and f.location == f"{PLACE}:15:12"
    assert f.fix.startswith(ARKTS_RULES[rule]) and words in f.fix
    # the coded form (``10605xxx`` and ``Error Message: … At File: …``)
    coded = (
        f"{WARN_BIND}1 ERROR: 10605029 ArkTS Compiler Error\n"
        f"Error Message: {said} ({rule}) At File: {PLACE}:15:12\n\n"
    )
    g = assert_found(coded)
    assert g.code == "10605029" and ARKTS_RULES[rule] in g.fix
    # a bare line
    assert ARKTS_RULES[rule] in assert_found(f"{said} ({rule})\n").fix


def test_only_warnings_name_a_rule_then_the_error_decides() -> None:
    # arkts/interviewdemo-invalid-character-space-colon.log: ESObject warnings, then the error
    f = assert_found(real_log("arkts/interviewdemo-invalid-character-space-colon.log"))
    assert f.kind == "arkts-source" and "Invalid character" in f.fix
    assert ARKTS_RULES["arkts-limited-esobj"] not in f.fix and "linter rule" not in f.fix


def test_rollups_line_takes_the_compilers_column() -> None:
    # arkts/canvaslottery-optional-chaining-lhs-00305015.log: rollup's ". At file: …:209", the
    # compiler's "At File: …:209:7" below it
    f = assert_found(real_log("arkts/canvaslottery-optional-chaining-lhs-00305015.log"))
    assert f.code == "00305015" and (f.location or "").endswith("DrawModel.ets:209:7")
    text = "At file: D:\\app\\a.ets:9\nError Message: x. At File: D:/app/a.ets:9:3\n"
    assert with_column("D:\\app\\a.ets:9", text) == "D:/app/a.ets:9:3"
    assert with_column("D:\\app\\a.ets:8", text) == "D:\\app\\a.ets:8"  # another line: kept
    assert with_column("D:/app/a.ets:9:1", text) == "D:/app/a.ets:9:1"  # a column already

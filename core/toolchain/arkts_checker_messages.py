"""The ArkTS linter's messages quoted without their code or rule name (a developer's note, a
forum question): each read as the rule it is, with the rewrite the rule asks for
(:data:`.arkts_rules.ARKTS_RULES`). Data only. (ArkUI's compile checks quoted alone are already
read by the tool reader, their steps by :mod:`.build_steps`.)

The linter's messages are its ``cookBookTag`` table (openharmony/third_party_typescript
``src/linter/ArkTSLinter_1_0/CookBookMsg.ts``, Apache-2.0), printed as ``<message> (<rule>)``
under the code ``10605`` + the tag's number (``"as const" assertions are not supported
(arkts-no-as-const)`` is 10605142).
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.arkts_rules import ARKTS_DEFAULT, ARKTS_RULES
from hmdesk.core.toolchain.signature import Signature

# (the cookBookTag number, the message without its rule, the rule)
_LINTER_MESSAGES: tuple[tuple[int, str, str], ...] = (
    (
        1,
        "Objects with property names that are not identifiers are not supported",
        "arkts-identifiers-as-prop-names",
    ),
    (2, '"Symbol()" API is not supported', "arkts-no-symbol"),
    (3, 'Private "#" identifiers are not supported', "arkts-no-private-identifiers"),
    (4, "Use unique names for types and namespaces.", "arkts-unique-names"),
    (5, 'Use "let" instead of "var"', "arkts-no-var"),
    (8, 'Use explicit types instead of "any", "unknown"', "arkts-no-any-unknown"),
    (14, 'Use "class" instead of a type with call signature', "arkts-no-call-signatures"),
    (
        15,
        'Use "class" instead of a type with constructor signature',
        "arkts-no-ctor-signatures-type",
    ),
    (16, "Only one static block is supported", "arkts-no-multiple-static-blocks"),
    (17, "Indexed signatures are not supported", "arkts-no-indexed-signatures"),
    (19, "Use inheritance instead of intersection types", "arkts-no-intersection-types"),
    (21, 'Type notation using "this" is not supported', "arkts-no-typing-with-this"),
    (22, "Conditional types are not supported", "arkts-no-conditional-types"),
    (25, 'Declaring fields in "constructor" is not supported', "arkts-no-ctor-prop-decls"),
    (27, "Construct signatures are not supported in interfaces", "arkts-no-ctor-signatures-iface"),
    (28, "Indexed access types are not supported", "arkts-no-aliases-by-index"),
    (29, "Indexed access is not supported for fields", "arkts-no-props-by-index"),
    (30, "Structural typing is not supported", "arkts-no-structural-typing"),
    (
        34,
        "Type inference in case of generic function calls is limited",
        "arkts-no-inferred-generic-params",
    ),
    (37, "RegExp literals are not supported", "arkts-no-regexp-literals"),
    (
        38,
        "Object literal must correspond to some explicitly declared class or interface",
        "arkts-no-untyped-obj-literals",
    ),
    (40, "Object literals cannot be used as type declarations", "arkts-no-obj-literals-as-types"),
    (
        43,
        "Array literals must contain elements of only inferrable types",
        "arkts-no-noninferrable-arr-literals",
    ),
    (46, "Use arrow functions instead of function expressions", "arkts-no-func-expressions"),
    (49, "Use generic functions instead of generic arrow functions", "arkts-no-generic-lambdas"),
    (50, "Class literals are not supported", "arkts-no-class-literals"),
    (51, 'Classes cannot be specified in "implements" clause', "arkts-implements-only-iface"),
    (52, "Reassigning object methods is not supported", "arkts-no-method-reassignment"),
    (53, 'Only "as T" syntax is supported for type casts', "arkts-as-casts"),
    (54, "JSX expressions are not supported", "arkts-no-jsx"),
    (
        55,
        'Unary operators "+", "-" and "~" work only on numbers',
        "arkts-no-polymorphic-unops",
    ),
    (59, '"delete" operator is not supported', "arkts-no-delete"),
    (60, '"typeof" operator is allowed only in expression contexts', "arkts-no-type-query"),
    (65, '"instanceof" operator is partially supported', "arkts-instanceof-ref-types"),
    (66, '"in" operator is not supported', "arkts-no-in"),
    (69, "Destructuring assignment is not supported", "arkts-no-destruct-assignment"),
    (
        71,
        'The comma operator "," is supported only in "for" loops',
        "arkts-no-comma-outside-loops",
    ),
    (74, "Destructuring variable declarations are not supported", "arkts-no-destruct-decls"),
    (79, "Type annotation in catch clause is not supported", "arkts-no-types-in-catch"),
    (80, '"for .. in" is not supported', "arkts-no-for-in"),
    (83, "Mapped type expression is not supported", "arkts-no-mapped-types"),
    (84, '"with" statement is not supported', "arkts-no-with"),
    (87, '"throw" statements cannot accept values of arbitrary types', "arkts-limited-throw"),
    (90, "Function return type inference is limited", "arkts-no-implicit-return-types"),
    (91, "Destructuring parameter declarations are not supported", "arkts-no-destruct-params"),
    (92, "Nested functions are not supported", "arkts-no-nested-funcs"),
    (
        93,
        'Using "this" inside stand-alone functions is not supported',
        "arkts-no-standalone-this",
    ),
    (94, "Generator functions are not supported", "arkts-no-generators"),
    (96, 'Type guarding is supported with "instanceof" and "as"', "arkts-no-is"),
    (
        99,
        "It is possible to spread only arrays or classes derived from arrays into the rest parameter or array literals",
        "arkts-no-spread",
    ),
    (102, "Interface can not extend interfaces with the same method", "arkts-no-extend-same-prop"),
    (103, "Declaration merging is not supported", "arkts-no-decl-merging"),
    (104, "Interfaces cannot extend classes", "arkts-extends-only-class"),
    (106, "Constructor function type is not supported", "arkts-no-ctor-signatures-funcs"),
    (
        111,
        "Enumeration members can be initialized only with compile time expressions of the same type",
        "arkts-no-enum-mixed-types",
    ),
    (113, '"enum" declaration merging is not supported', "arkts-no-enum-merging"),
    (114, "Namespaces cannot be used as objects", "arkts-no-ns-as-obj"),
    (
        116,
        "Non-declaration statements in namespaces are not supported (single semicolons are considered as empty non-delcaration statements)",
        "arkts-no-ns-statements",
    ),
    (118, "Special import type declarations are not supported", "arkts-no-special-imports"),
    (
        119,
        "Importing a module for side-effects only is not supported",
        "arkts-no-side-effects-imports",
    ),
    (120, '"import default as ..." is not supported', "arkts-no-import-default-as"),
    (121, '"require" and "import" assignment are not supported', "arkts-no-require"),
    (126, '"export = ..." assignment is not supported', "arkts-no-export-assignment"),
    (127, 'Special "export type" declarations are not supported', "arkts-no-special-exports"),
    (128, "Ambient module declaration is not supported", "arkts-no-ambient-decls"),
    (129, "Wildcards in module names are not supported", "arkts-no-module-wildcards"),
    (130, "Universal module definitions (UMD) are not supported", "arkts-no-umd"),
    (132, '"new.target" is not supported', "arkts-no-new-target"),
    (134, "Definite assignment assertions are not supported", "arkts-no-definite-assignment"),
    (136, "Prototype assignment is not supported", "arkts-no-prototype-assignment"),
    (137, '"globalThis" is not supported', "arkts-no-globalthis"),
    (138, "Some of utility types are not supported", "arkts-no-utility-types"),
    (139, "Declaring properties on functions is not supported", "arkts-no-func-props"),
    (
        140,
        '"Function.apply", "Function.bind", "Function.call" are not supported',
        "arkts-no-func-apply-bind-call",
    ),
    (142, '"as const" assertions are not supported', "arkts-no-as-const"),
    (143, "Import assertions are not supported", "arkts-no-import-assertions"),
    (144, "Usage of standard library is restricted", "arkts-limited-stdlib"),
    (145, "Strict type checking is enforced", "arkts-strict-typing"),
    (
        146,
        "Switching off type checks with in-place comments is not allowed",
        "arkts-strict-typing-required",
    ),
    (147, "No dependencies on TypeScript code are currently allowed", "arkts-no-ts-deps"),
    (
        148,
        "No decorators except ArkUI decorators are currently allowed",
        "arkts-no-decorators-except-arkui",
    ),
    (149, "Classes cannot be used as objects", "arkts-no-classes-as-obj"),
    (
        150,
        '"import" statements after other statements are not allowed',
        "arkts-no-misplaced-imports",
    ),
    (151, 'Usage of "ESObject" type is restricted', "arkts-limited-esobj"),
)


def _linter_signature(tag: int, message: str, rule: str) -> Signature:
    # the message as printed, its quotes straight (a page's typographic quotes are undone
    # before the doctor reads it), up to its rule's parentheses when they follow
    return Signature(
        "arkts-source",
        (rf"(?<![\w\"']){re.escape(message)}(?=\s*(?:\(art?kts-|$|[.;,]))",),
        f"The ArkTS linter's rule {rule}: {ARKTS_RULES.get(rule, ARKTS_DEFAULT)}",
        code=f"10605{tag:03d}",
        meaning="ArkTS linter rule quoted without its code",
        terms=("ArkTS", rule),
    )


ARKTS_CHECKER_SIGNATURES: tuple[Signature, ...] = tuple(
    _linter_signature(tag, message, rule) for tag, message, rule in _LINTER_MESSAGES
)

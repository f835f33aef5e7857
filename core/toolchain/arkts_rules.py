"""The ArkTS linter's rules and the rewrite each asks for: data, and which rule a log fails on.

The linter names its rule in parentheses after the message (``Indexed access is not supported
for fields (arkts-no-props-by-index)``), with or without a ``10605xxx`` code, in hvigor's output,
its debug ``build.log`` and DevEco's Build window alike. :data:`ARKTS_RULES` holds every rule the
ArkTS migration guide documents (openharmony/docs ``typescript-to-arkts-migration-guide``, "Recipe:
…", and its "more cases" page ``arkts-more-cases``, in English and Chinese), each with the remedy the
guide gives; :func:`failing_rule` is the rule of the first ERROR (a rule a warning names,
``arkts-no-func-bind`` under ``ArkTS:WARN``, never decides).
"""

from __future__ import annotations

import re

# rule → the rewrite the migration guide asks for (its "Recipe" text, or the "more cases" page's)
ARKTS_RULES: dict[str, str] = {
    # ---- names and declarations
    "arkts-identifiers-as-prop-names": "Property names must be identifiers: use a class with "
    "named fields (obj.name) for data by name, an array for numeric indices, or a "
    "Map<Object, T> / Record<string, T> for keys of other kinds (string enum constants and "
    "string literals are allowed as computed keys).",
    "arkts-no-symbol": "Symbol() is not supported (only Symbol.iterator): declare the property "
    "in the class instead of generating a property name at run time.",
    "arkts-no-private-identifiers": "Use the `private` keyword instead of a `#` name "
    "(`private foo` for `#foo`). A `#…` outside a class body is usually a colour value written "
    "without quotes (.backgroundColor(#FFFFFF)): write it as a string, '#FFFFFF'.",
    "arkts-unique-names": "Give every type (class, interface, enum) and namespace a unique name, "
    "distinct from variable and function names.",
    "arkts-no-var": "Use let instead of var.",
    "arkts-no-any-unknown": "Declare an explicit type (an interface or class) instead of "
    "any/unknown, e.g. `JSON.parse(s) as MyType` with `interface MyType {…}`; Object, or "
    "Record<string, T> for a dictionary, where no precise type exists.",
    "arkts-no-definite-assignment": "Drop the definite assignment assertion (`let v!: T`): "
    "initialise the declaration instead (`let x: number = initialize()`).",
    "arkts-no-ctor-prop-decls": "Declare the fields in the class body, not as constructor "
    "parameters with `private`/`protected`/`public`, and assign them in the constructor.",
    "arkts-no-multiple-static-blocks": "Combine the static blocks' statements into one static "
    "block.",
    "arkts-no-decl-merging": "Declaration merging is not supported: keep all definitions of a "
    "class or interface in one declaration. Files without import or export are scripts whose "
    "names share the global namespace, so the same name declared in two of them merges: add an "
    "export (make each file a module).",
    "arkts-no-enum-merging": "Keep each enum in one declaration (all its members together).",
    "arkts-no-enum-mixed-types": "Initialise enum members only with compile-time constants, all "
    "of the same type (all numbers or all strings).",
    # ---- types
    "arkts-no-call-signatures": "Use a class with a method (`invoke(arg)`) instead of a type "
    "with a call signature.",
    "arkts-no-call-signature": "Use a class with a method (`invoke(arg)`) instead of a type "
    "with a call signature.",
    "arkts-no-ctor-signatures-type": "Use a class (and `new SomeObject(s)` or a factory "
    "function) instead of a type with a constructor signature.",
    "arkts-no-ctor-signatures-iface": "Use a method (`create(s): I`) instead of a constructor "
    "signature in the interface.",
    "arkts-no-ctor-signatures-funcs": "Use a lambda returning the new object "
    "(`type PersonCtor = (n: string) => Person`) instead of a constructor function type.",
    "arkts-no-indexed-signatures": "Index signatures ({ [key: string]: T }) are not supported: "
    "use an array, a Record<string, T> or a Map<string, T>, or a class with declared fields.",
    "arkts-no-intersection-types": "Use inheritance instead of an intersection type "
    "(`interface Employee extends Identity, Contact {}`).",
    "arkts-no-typing-with-this": "Write the explicit type instead of `this` as a type "
    "(`getHead(): ListItem`).",
    "arkts-no-conditional-types": "Conditional types and `infer` are not supported: declare the "
    "type with explicit constraints (`type X<T extends number> = T`) or use Object.",
    "arkts-no-aliases-by-index": "Indexed access types (T['field']) are not supported: write "
    "the type's name instead.",
    "arkts-no-mapped-types": "Mapped types are not supported: declare a regular class with the "
    "fields spelled out.",
    "arkts-no-utility-types": "Only the utility types Partial, Required, Readonly and Record "
    "are supported: declare the type explicitly.",
    "arkts-no-obj-literals-as-types": "Declare an interface or class for the type instead of "
    "an object literal type (`let o: O`, `Set<O>`).",
    "arkts-no-untyped-obj-literals-as-types": "Declare a class or interface for the type "
    "instead of an object literal type.",
    "arkts-no-structural-typing": "ArkTS types are nominal: pass an instance of the same "
    "class (or one implementing the same interface), not a structurally similar object; "
    "relate the types by inheritance, an interface or a type alias.",
    "arkts-no-inferred-generic-params": "Write the generic type arguments explicitly "
    "(`greet<string>()`, `new Map<string, T>()`, `.map<T>(…)`): they cannot be inferred from a "
    "return type alone.",
    "arkts-no-untyped-obj-literals": "Give the object literal a declared type: a class or "
    "interface it must match (`let x: Foo = {…}`), a Record<string, T> for string keys; use "
    "`new C(…)` for a class with methods, a constructor with parameters or readonly fields.",
    "arkts-no-noninferrable-arr-literals": "Type the array literal's elements: declare the "
    "array's type (`let a: C[] = [{…}]`) or cast each literal (`{…} as C`).",
    "arkts-no-is": "Replace the `x is T` type guard with a boolean function using instanceof, "
    "then cast with `as T` before using the fields.",
    "arkts-strict-typing": "Type every declaration explicitly and correctly (noImplicitReturns, "
    "strictFunctionTypes, strictNullChecks, strictPropertyInitialization): initialise fields, "
    "declare `T | null` where null is allowed, return a value on every path.",
    "arkts-strict-typing-required": "Remove `@ts-ignore` / `@ts-nocheck`: type checking cannot "
    "be turned off; fix the types instead.",
    "arkts-limited-esobj": "Use ESObject only as the type of a local variable initialised from "
    "an interop value (another ESObject, a JS function's result); give static values a "
    "declared type.",
    # ---- functions and classes
    "arkts-no-func-expressions": "Use an arrow function instead of a function expression "
    "(`let f = (s: string) => {…}`).",
    "arkts-no-class-literals": "Declare a named class instead of a class expression.",
    "arkts-implements-only-iface": "Only interfaces may be implemented: turn the class named in "
    "`implements` into an interface (or extend the class).",
    "arkts-extends-only-class": "An interface can extend only interfaces: make the base an "
    "interface.",
    "arkts-no-extend-same-prop": "An interface cannot extend interfaces with the same method "
    "of different return types: give the methods distinct names (or one declared return "
    "class).",
    "arkts-no-method-reassignment": "Methods cannot be reassigned on objects: override the "
    "method in a subclass or call a separate wrapper function.",
    "arkts-no-implicit-return-types": "Declare the function's return type "
    "(`async load(): Promise<void>`) where it returns a call to a function without one.",
    "arkts-no-destruct-params": "Take the parameters directly (`drawText(text: string, "
    "location: number[])`) and assign local names by hand instead of destructuring them.",
    "arkts-no-nested-funcs": "Replace the nested function with a lambda "
    "(`let log = (m: string): void => {…}`).",
    "arkts-no-standalone-this": "`this` works only in instance methods: make the function a "
    "method of the class, or pass the object as a parameter (in a static method use the "
    "class name).",
    "arkts-no-generators": "Generator functions are not supported: use async/await (or return "
    "an array) instead of function* and yield.",
    "arkts-no-func-props": "Functions cannot have properties: use a class to group the function "
    "with its data.",
    "arkts-no-func-apply-call": "Call the function directly (as a method of its object) instead "
    "of Function.apply / Function.call.",
    "arkts-no-func-bind": "Use an arrow function that calls the method (`() => this.onChange()`) "
    "instead of Function.bind.",
    "arkts-no-func-apply-bind-call": "Call the function directly instead of apply/bind/call: "
    "an arrow function `(x) => this.f(x)` instead of bind, a method call instead of "
    "apply/call.",
    "arkts-no-prototype-assignment": "Declare a class with the methods instead of assigning to "
    "a prototype.",
    "arkts-no-new-target": "new.target is not supported: there is no run-time prototype "
    "inheritance; decide by a constructor parameter or a subclass.",
    "arkts-no-classes-as-obj": "A class is a type, not a value: create an instance "
    "(`new C()`), or reach its static members by name (`C.field`), or pass a factory lambda.",
    # ---- Sendable objects and shared modules (the linter's rules 10605153-10605182; the ArkTS
    # concurrency guide's "Sendable usage rules" and "shared module" pages)
    "arkts-sendable-decorator-limited": "@Sendable may only decorate a class, a function or a "
    "type alias.",
    "arkts-sendable-class-inheritance": "A @Sendable class may extend only a @Sendable class "
    "(and implement Sendable interfaces), and a class without @Sendable may not extend a "
    "@Sendable one: mark the base (or the subclass) @Sendable too, or drop the inheritance.",
    "arkts-sendable-prop-types": "Give every field of a @Sendable class (or Sendable interface) "
    "a Sendable type: number, string, boolean, bigint, null, undefined, a @Sendable class, a "
    "const enum, the shared containers of @arkts.collections (collections.Array / Map / Set) "
    "or a union of these; not Array, Map, Object, a function type or a plain class.",
    "arkts-sendable-definite-assignment": "Drop the definite assignment assertion (`x!: T`) in "
    "the @Sendable class: initialize the field where it is declared or in the constructor.",
    "arkts-sendable-generic-types": "Use only Sendable types as type arguments of a generic "
    "Sendable type (collections.Array<number>, not collections.Array<MyPlainClass>).",
    "arkts-sendable-imported-variables": "A @Sendable class may capture only top-level "
    "Sendable values imported from another module: import the value (a @Sendable class, a "
    "const of a Sendable type) instead of reading a local or same-file variable, or pass it "
    "to the constructor.",
    "arkts-sendable-class-decorator": "Put no other decorator on a @Sendable class: keep "
    "@Sendable alone.",
    "arkts-sendable-obj-init": "Create Sendable objects with `new` (new MyData(…), new "
    "collections.Array<number>(1, 2)), not with an object or array literal.",
    "arkts-sendable-computed-prop-name": "Give the members of a @Sendable class or Sendable "
    "interface plain names, not computed ones ([key]).",
    "arkts-sendable-as-expr": "A non-Sendable value cannot be cast to a Sendable type: create "
    "an instance of the @Sendable class (new C(…)) and copy the fields.",
    "arkts-shared-module-exports": 'A shared module ("use shared") may export only Sendable '
    "entities (@Sendable classes and functions, Sendable type aliases, const enums, values of "
    "Sendable types): move the rest to an ordinary module.",
    "arkts-shared-module-no-wildcard-export": 'In a shared module ("use shared") export each '
    "name explicitly instead of `export * from '…'`.",
    "arkts-no-ts-import-ets": "A .ts file may import only @Sendable classes and Sendable "
    "interfaces from an .ets file: move the other code to a .ts module, or rename the "
    "importing file to .ets.",
    "arkts-no-ts-sendable-type-inheritance": "In a .ts file a class may not extend or implement "
    "a Sendable type: move the class to an .ets file.",
    "arkts-no-dts-sendable-type-export": "A .d.ts of the SDK may not export Sendable classes or "
    "interfaces (a rule for SDK declarations).",
    "arkts-no-ts-re-export-ets": "A .ts file may not re-export what an .ets file declares: "
    "export it from an .ets module instead.",
    "arkts-no-namespace-import-in-ts-import-ets": "In a .ts file import names from an .ets "
    "file individually (import { A } from …), not as a namespace (import * as m).",
    "artkts-no-side-effect-import-in-ts-import-ets": "A .ts file may not import an .ets file for "
    "its side effects only (import './a'): import the names it uses.",
    "arkts-sendable-explicit-field-type": "Annotate every field of a @Sendable class with its "
    "type (count: number = 0), even when it is initialized.",
    "arkts-sendable-function-imported-variables": "A @Sendable function may capture only "
    "top-level Sendable values imported from another module: import the value or pass it as a "
    "parameter.",
    "arkts-sendable-function-decorator": "Put no other decorator on a @Sendable function: keep "
    "@Sendable alone.",
    "arkts-sendable-typealias-decorator": "Put no other decorator on a Sendable type alias: keep "
    "@Sendable alone.",
    "arkts-sendable-typealias-declaration": "A Sendable type alias must be a function type: "
    "@Sendable type F = (a: number) => number.",
    "arkts-sendable-function-assignment": "Assign to a Sendable type alias only a @Sendable "
    "function (or a value of a Sendable type alias), not an ordinary function or lambda.",
    "arkts-sendable-function-overload-decorator": "Decorate every overload signature of a "
    "@Sendable function with @Sendable, not only the implementation.",
    "arkts-sendable-function-property": "Add no properties to a @Sendable function (f.x = …): "
    "keep the data in a @Sendable class.",
    "arkts-sendable-function-as-expr": "A non-Sendable function cannot be cast to a Sendable "
    "type alias: declare the function with @Sendable.",
    "arkts-sendable-beta-compatible": "Sendable functions and Sendable type aliases need API 12 "
    "Beta3 or later: set compatibleSdkVersion to 12 (5.0.0(12)) or later, with "
    'compatibleSdkVersionStage "beta3" when targeting 12 in build-profile.json5, or use a '
    "@Sendable class instead.",
    # ---- operators and statements
    "arkts-as-casts": "Cast only with `as T` (not `<T>x`); to box a primitive use `new Number(x)`.",
    "arkts-no-jsx": "JSX is not supported: build the UI with ArkUI components.",
    "arkts-no-polymorphic-unops": "Unary +, - and ~ work only on numbers: convert strings "
    "explicitly (`Number.parseInt(s)`, `Number(s)`).",
    "arkts-no-delete": "delete is not supported: declare the field nullable (`y: number | null`) "
    "and assign null to mark it absent.",
    "arkts-no-type-query": "typeof is allowed only in expressions: write the type itself "
    "(`let n2: number`) instead of `typeof n1` as a type.",
    "arkts-instanceof-ref-types": "The left operand of instanceof must be an object instance of "
    "a reference type, not a type or a primitive.",
    "arkts-no-in": "The `in` operator is not supported: check the class with instanceof (or "
    "Object.keys(obj).includes(key) for a Record).",
    "arkts-no-destruct-assignment": "Destructuring assignment is not supported: assign each "
    "element or field separately (a temporary variable to swap).",
    "arkts-no-destruct-decls": "Destructuring declarations are not supported: read the fields "
    "one by one (`const a = o.a`).",
    "arkts-no-comma-outside-loops": "The comma operator is allowed only in `for` loops: write the "
    "expressions as separate statements.",
    "arkts-no-types-in-catch": "Omit the type annotation of the catch variable "
    "(`catch (e)`, not `catch (e: unknown)`); cast inside (`e as BusinessError`).",
    "arkts-no-for-in": "for … in is not supported: use a regular for loop over an array (or "
    "Object.keys(obj) / a Map's entries).",
    "arkts-no-with": "The with statement is not supported: name the object explicitly (`Math.PI`).",
    "arkts-limited-throw": "Throw only Error objects: `throw new Error(msg)`; rethrow a caught "
    "value after checking `e instanceof Error`, else wrap it in a new Error.",
    "arkts-no-spread": "Spread only arrays (or classes derived from arrays) into rest parameters "
    "or array literals; copy an object's fields explicitly (a constructor taking the object).",
    "arkts-no-as-const": "`as const` is not supported: declare the variable's type explicitly "
    "(`let x: string = 'hello'`, `number[]`, a class for an object).",
    "arkts-no-regexp-literals": "Use the RegExp constructor instead of a regular expression "
    "literal: `new RegExp('\\\\s*', 'g')` for /\\s*/g.",
    "arkts-no-props-by-index": (
        "Read a declared field with dot access (obj.field) on an object typed by its class or "
        "interface instead of obj['field'] (for a few known keys, a switch choosing the field); "
        "for keys known only at run time read the field with Reflect.get(obj, key) as T (the "
        "DevEco FAQ's remedy, faqs-compiling-and-building-126), type it as Record<string, T> "
        "(then obj[key]) or use a Map. Typed arrays (Int32Array…) keep arr[i]."
    ),
    "arkts-no-globalthis": "globalThis is not supported: export the value from a module and "
    "import it (or keep shared state in AppStorage / a singleton class).",
    "arkts-limited-stdlib": "This standard-library API is not supported (eval, Object.assign/"
    "create/defineProperty/fromEntries/getPrototypeOf…, Reflect.*, Proxy handlers): write the "
    "typed equivalent, e.g. build the object with a class or a loop instead of "
    "Object.fromEntries.",
    "arkts-obj-literal-props": "Write each property of the object literal as name: value "
    "(no methods, accessors or shorthand properties in it); put behaviour in a class.",
    "arkts-optional-methods": "Optional methods are not supported: declare an optional "
    "property of a function type instead (`onDone?: () => void`).",
    "arkts-no-dynamic-ctor-call": "Call `new` on a class name, not on a value holding a "
    "constructor; pass a factory lambda (`() => new C()`) where the class varies.",
    # ---- the linter's checks for the static ArkTS (its migration mode, rules 10605187-10605239):
    # those whose rewrite is plain
    "arkts-no-debugger-stmt": "Remove the debugger statement (set a breakpoint in DevEco "
    "Studio instead).",
    "arkts-no-arguments-obj": "Use a rest parameter (`...args: T[]`) instead of the arguments "
    "object.",
    "arkts-no-tagged-templates": "Call the function with its arguments instead of a tagged "
    "template (f`…`).",
    "arkts-no-void-operator": "Remove the void operator: evaluate the expression as a "
    "statement (and use undefined where a value is needed).",
    "arkts-no-lazy-import": "Remove `lazy` from the import (import the names normally).",
    "arkts-no-dynamic-import": "Use a static import at the top of the file instead of import('…').",
    "arkts-no-exponent-op": "Use Math.pow(a, b) instead of ** and **=.",
    "arkts-switch-expr": "Switch only on a number, string or enum value: convert the value "
    "first (or use if/else).",
    "arkts-case-expr": "Two cases of the switch have the same constant: remove or change one.",
    "arkts-array-index-negative": "Index arrays with zero or positive values only.",
    "arkts-no-side-effect-import": "Import the names the module provides instead of importing "
    "it for its side effects only (import 'x').",
    "arkts-invalid-identifier": "A keyword is used as a name: rename the variable, parameter or "
    "property.",
    "arkts-class-static-initialization": "Give the static field an initial value where it is "
    "declared.",
    # ---- modules
    "arkts-import-types": "Use an ordinary import (`import { T } from '…'`) instead of "
    "`import type`.",
    "arkts-no-ns-as-obj": "A namespace cannot be used as an object: refer to its members "
    "through the namespace name (`MyNamespace.x`).",
    "arkts-no-ns-statements": "Put a namespace's statements in an exported function and call "
    "it (`A.init()`).",
    "arkts-no-require": "Use the regular import syntax (`import * as m from 'mod'`) instead of "
    "require or an import assignment.",
    "arkts-no-export-assignment": "Use ordinary export / import instead of `export = …`.",
    "arkts-no-ambient-decls": "Ambient module declarations (`declare module 'x'`) are not "
    "supported: import what you need from the original module.",
    "arkts-no-module-wildcards": "Wildcards in module names are not supported: use ordinary "
    "exports and imports.",
    "arkts-no-umd": "UMD is not supported: use ordinary export and import.",
    "arkts-no-import-assertions": "Import assertions are not supported: use the ordinary import "
    "syntax.",
    "arkts-no-misplaced-imports": "Put every import statement before all other statements.",
    "arkts-no-ts-deps": "A .ts/.js file cannot import .ets code: rename the .ts file to .ets "
    "(and adapt it), or move the code it needs from the .ets file into a .ts file.",
    "arkts-no-tsdeps": "A .ts/.js file cannot import .ets code: rename the .ts file to .ets "
    "(and adapt it), or move the code it needs from the .ets file into a .ts file.",
    "arkts-no-special-imports": "Use an ordinary import (`import { A } from '…'`) instead of "
    "`import type`.",
    "arkts-no-side-effects-imports": "Use a dynamic import (`import('module')`) instead of a "
    "side-effect import (`import 'module'`).",
}
ARKTS_DEFAULT = (
    "Rewrite the code at the location the way the ArkTS rule asks (see the ArkTS migration "
    "guide for the rule)."
)

_RULE = re.compile(r"\((art?kts-[a-z0-9-]+)\)", re.I)  # one rule is spelt "artkts-"
# the severity a linter message is printed under: its own line, or the block head just above
# (``1 WARN: ArkTS:WARN File: …`` / ``1 ERROR: ArkTS:ERROR File: …`` / ``ERROR: 10605029 …``)
_SEVERITY = re.compile(r"\b(WARN(?:ING)?|ERROR)\b", re.I)


def under_error(text: str, pos: int) -> bool:
    """The message at ``pos`` is an error's: the nearest severity word on its line or the two
    lines above it is not a warning (a message with none is an error: the linter's plain
    output prints only errors)."""
    start = pos
    for _ in range(3):
        start = text.rfind("\n", 0, max(0, start - 1)) + 1
        if start == 0:
            break
    words = _SEVERITY.findall(text, start, pos)
    return not words or words[-1].upper() == "ERROR"


def failing_rule(text: str) -> re.Match[str] | None:
    """The first rule named under an error (:func:`under_error`)."""
    return next((m for m in _RULE.finditer(text) if under_error(text, m.start())), None)


def rule_advice(text: str) -> tuple[str, str] | None:
    """The failing rule (:func:`failing_rule`) of ``text`` and the rewrite it asks for, or the
    default step for a rule the table does not know; None when no error names a rule."""
    m = failing_rule(text)
    if m is None:
        return None
    rule = m.group(1).lower()
    return rule, ARKTS_RULES.get(rule, ARKTS_DEFAULT)

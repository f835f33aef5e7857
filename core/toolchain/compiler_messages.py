"""What the ArkTS compiler's own messages ask for: data.

* :data:`TSC_MESSAGES`: the TypeScript compiler's diagnostics, which the ArkTS compiler prints
  under ``10505001`` ("TSC native errors", OpenHarmony's ``errorcode-tsc`` reference: missing
  keywords or symbols, a module with two default exports, an assignment of another type, a
  ``Cannot find module`` for a HAR's ``.js`` file), in TypeScript's own wording (its
  ``diagnosticMessages``): the scanner's and the parser's syntax errors (1xxx) and the checker's
  errors developers meet (2xxx), each with the step it asks for. ``{0}``, ``{1}``: the names the
  message quotes. A more specific message comes before the general one it starts like.
* :data:`ETS_LOADER_MESSAGES`: the compilation toolchain's own codes (10311xxx, OpenHarmony's
  ``errorcode-ets-loader`` reference: an .ets file imported into .ts/.js, an OhmUrl not resolved,
  a Kit's import), each with its message and the reference's solution.

The ArkUI compile checks (109xxxxx) are in :mod:`.arkui_checks`, the ArkTS linter's rules
(10605xxx) in :mod:`.arkts_rules`, the JavaScript parser's messages under Rollup in
:mod:`.parser_messages`.
"""

from __future__ import annotations

_Q = "[‘'`]"  # the quotes a message is printed (or pasted) with
_E = "[’'`]"
_NAME = rf"{_Q}([^’'`\n]+?){_E}"

TSC_MESSAGES: tuple[tuple[str, str], ...] = (
    # ---- the scanner: literals and comments not closed, characters it does not know
    (
        r"Unterminated string literal",
        "A string is not closed on its line: add the missing closing quote (' or \") at the "
        "place (a string cannot run over a line end; one that must span lines is a template "
        "literal in backticks). The errors after it on the next lines (',' expected …) go with it.",
    ),
    (
        r"Unterminated template literal",
        "A template literal is not closed: add the closing backtick (`) of the string that "
        "starts at the place (and the closing brace of each ${{…}} in it).",
    ),
    (
        r"Unterminated regular expression literal",
        "A regular expression literal /…/ is not closed: add its closing /; in ArkTS write it "
        "as new RegExp('…') (arkts-no-regexp-literals).",
    ),
    (
        r"'\*/' expected",
        "A block comment /* … is not closed: add */ where it should end.",
    ),
    (
        r"Invalid character",
        "A character the language does not allow stands outside a string: usually full-width "
        "(Chinese) punctuation (，；：（）“” ‘’) or a non-breaking space typed in the code; "
        "replace it with its ASCII form (, ; : ( ) \" ') at the place.",
    ),
    (
        r"Merge conflict marker encountered",
        "A version-control conflict marker (<<<<<<<, =======, >>>>>>>) is in the file: resolve "
        "the merge conflict and delete the markers.",
    ),
    (
        r"An identifier or keyword cannot immediately follow a numeric literal",
        "A number is followed directly by letters (10px, 100vp, 1st): write a length with its "
        "unit as a string ('10px') or as a number alone (10 means vp), or separate the words.",
    ),
    (
        r"Octal (?:literals|escape sequences) are not allowed",
        "A number (or escape) with a leading 0 is an old octal literal: write 0o17 (or the decimal "
        "value) instead of 017.",
    ),
    (r"Hexadecimal digit expected", "Complete the hexadecimal number or \\x/\\u escape (0x1F)."),
    (
        r"Digit expected",
        "A number ends too early (1e, 0b): complete it or remove the extra letter.",
    ),
    (
        r"Unexpected end of (?:text|input)",
        "The file ends inside an unfinished construct: a closing brace, bracket, parenthesis or "
        "quote is missing; match them from the place backwards.",
    ),
    # ---- the parser: a token missing or out of place
    (
        rf"The parser expected to find a {_NAME} to match the {_NAME} token here",
        "The {1} opened here has no matching {0}: add it where the block ends (count the braces "
        "of the function, build() or struct).",
    ),
    (
        r"(?<![\w'])'([^'\s]{1,4})' expected",
        "The parser expected '{0}' here: a bracket, parenthesis, comma or semicolon is missing "
        "just before the place (an unclosed ( [ {{ or quote on this or the line above, or a "
        "comma missing between two arguments, properties or array elements).",
    ),
    (
        r"Unexpected token\. A constructor, method, accessor, or property was expected",
        "A statement stands directly in a class or struct body: only fields, methods and "
        "build() may be there; move the statement into a method (or build()), or make it a field "
        "(name: Type = value). An extra closing brace above can also end the body too early.",
    ),
    (
        r"Declaration or statement expected",
        "Something that is no statement stands here: usually an extra closing brace above "
        "ended the function, struct or class early (or an opening brace is missing); match the braces of "
        "the block, then what follows parses again.",
    ),
    (
        r"Expression expected",
        "An expression is missing at the place: an operator, '=' or comma with nothing after it, "
        "an empty argument or array element, or a stray character (a full-width symbol, an "
        "extra ')') before it.",
    ),
    (
        r"Unexpected keyword or identifier",
        "Two words stand side by side with no operator or separator between them: a missing "
        "comma, semicolon, dot or '=', a misspelt keyword, or 'function' written before a "
        "method inside a class or struct (write the method without it).",
    ),
    (
        r"Identifier expected\. '(\w+)' is a reserved word",
        "{0} is a reserved word: rename the variable, parameter or property.",
    ),
    (
        r"Identifier expected",
        "A name is missing at the place: a trailing dot, a comma with no name after it, or a "
        "reserved word (class, default, new …) used as a variable or parameter name.",
    ),
    (
        r"Unexpected token\.",  # TypeScript's, with its period (acorn's has none)
        "A token that cannot stand here: check the place for a missing comma, operator or "
        "parenthesis, an extra bracket, or a statement written where only a declaration fits.",
    ),
    (
        r"Argument expression expected",
        "A call has an empty argument: remove the extra comma, or write the argument.",
    ),
    (
        r"Property assignment expected",
        "An object literal {{ … }} holds something other than name: value entries (a stray comma, "
        "a statement, a missing name); in a function body an opening brace may be read as an object.",
    ),
    (
        r"Property or signature expected",
        "An interface or type literal holds something other than property or method "
        "signatures (name: Type;): fix the entry at the place.",
    ),
    (r"Parameter declaration expected", "A parameter list has an empty or malformed entry."),
    (
        r"Type expected",
        "A type is missing after ':' (or inside <>): write the type, or remove the colon.",
    ),
    (
        r"Declaration expected",
        "Something that is no declaration stands where one must be (at the top of a file or a "
        "class, after a decorator): check the braces above and that a decorator is followed by "
        "what it decorates.",
    ),
    (
        r"Variable declaration expected",
        "let/const/var is not followed by a name: write the variable's name (or remove the "
        "keyword).",
    ),
    (
        r"An element access expression should take an argument",
        "Empty brackets follow an expression: put the index inside them (arr[0]); an array type "
        "(T[]) belongs in a type position, after ':'.",
    ),
    (r"Trailing comma not allowed", "Remove the comma after the last element at the place."),
    (
        r"A rest parameter must be last in a parameter list",
        "Move the ...rest parameter to the end of the parameter list.",
    ),
    (
        r"A required parameter cannot follow an optional parameter",
        "Put the optional parameters (p?: T) after the required ones, or give them a default.",
    ),
    (
        r"'const' declarations must be initialized",
        "Give the const its value where it is declared (const x: T = …), or declare it with let.",
    ),
    (
        r"An object literal cannot have multiple properties with the same name",
        "The object literal names a property twice: remove or rename the duplicate key.",
    ),
    (
        r"Decorators are not valid here",
        "A decorator stands where none is allowed (a local variable, a statement, a function "
        "inside build()): put @State/@Prop… on a struct's member and @Builder/@Styles on a "
        "method or a top-level function.",
    ),
    (
        r"A 'return' statement can only be used within a function body",
        "A return stands outside any function: a closing brace above it ends its function (or "
        "build()) too early, or one is missing; match the braces.",
    ),
    # ---- the checker (errorcode-tsc's documented cases first)
    (
        r"A module cannot have multiple default exports",
        "Keep one `export default` in the module and delete the others (export the other names "
        "with `export {{ … }}` and import them by name).",
    ),
    (
        rf"Cannot find name {_NAME}\. Did you mean {_NAME}",
        "{0} is not declared here; the compiler suggests '{1}': fix the spelling (names are "
        "case-sensitive), or declare or import {0}.",
    ),
    # a name in Chinese (or any CJK) the code never declared: a note typed as code
    (
        rf"Cannot find name {_Q}([^’'`\n]*[\u4e00-\u9fff][^’'`\n]*){_E}",
        "'{0}' is prose, not code: a note typed without its comment marker. Put // before it "
        "(or /* */ around it), or delete it.",
    ),
    (
        rf"Cannot find name {_Q}(\w+){_E}",
        "'{0}' is neither declared nor imported in this file: when it is a type or API of "
        "another module (an SDK type of a Kit or @ohos.* module), import {0} from it (`import "
        "{0} from '@ohos.…'` or `import {{ {0} }} from '@kit.…'`; another file's implicit "
        "global does not carry over); else declare it or fix the name.",
    ),
    (
        r"Duplicate function implementation",
        "Two functions of the same name are in one scope: the global @Styles and @Builder "
        "functions of all the files of a module share one scope in ArkTS, so each name must be "
        "unique in the module: rename one of them (or make it a member of its component).",
    ),
    (
        rf"Cannot redeclare block-scoped variable {_NAME}",
        "{0} is declared twice in one scope: rename or remove one of the declarations.",
    ),
    (
        rf"Duplicate identifier {_NAME}",
        "{0} is declared twice in one scope: rename or remove one of the declarations.",
    ),
    (
        # a lower-case ``typeof x`` is a module's namespace (``import wifi from '@ohos.wifi'``)
        rf"Property {_Q}(\w+){_E} does not exist on type {_Q}typeof ([a-z]\w*){_E}",
        "When {1} is an SDK module, its declaration (.d.ts) in this SDK has no {0}: the API is "
        "newer than this SDK, or a system API the public SDK leaves out (an OpenHarmony system "
        "app needs the full SDK: its .d.ts files in the SDK directory). Check compileSdkVersion "
        "and the SDK installed; `// @ts-nocheck` only hides it.",
    ),
    (
        # faqs-compiling-and-building-11: BuildProfile is generated from buildProfileFields
        rf"Property {_Q}?(\w+){_E}? does not exist on type {_Q}typeof BuildProfile",
        "BuildProfile is generated from the buildProfileFields of the module's build-profile.json5 "
        "(buildOption, or each targets[].config): declare {0} there, with the same keys in every "
        "target, then build again so BuildProfile is regenerated.",
    ),
    (
        # a component's attribute chain: ``.card()`` on a RelativeContainer
        rf"Property {_Q}(\w+){_E} does not exist on type {_Q}(\w+?)Attribute{_E}",
        "{0}() is not an attribute method of {1}: an option of the component's constructor is "
        "given there, not chained ({1}({{ {0}: … }}), as Row({{ space: 8 }}) and Column's space); "
        "a custom style must be defined before it is used, as a @Styles function {0}() {{ … }} "
        "(at the file's top, or inside the struct) or an @Extend({1}) function {0}(…) at the "
        "file's top; else call an attribute {1} has.",
    ),
    (
        rf"Property {_Q}(\w+){_E} does not exist on type {_Q}(?:typeof )?([^’'`\n]+?){_E}\. "
        rf"Did you mean {_NAME}",
        "{1} has no member {0}; the compiler suggests '{2}': use '{2}', or declare {0} in {1} "
        "(its class or interface; a static field when the type is typeof {1}) with its value.",
    ),
    (
        rf"Property {_Q}(\w+){_E} does not exist on type {_NAME}",
        "{1} declares no member {0}: declare it in {1}'s class or interface, fix the name, or "
        "narrow a wider type to the class that has it (x as C); for an SDK type the member may "
        "be newer than the SDK compiled against (compileSdkVersion).",
    ),
    (
        rf"Module {_NAME} has no exported member {_NAME}",
        "{0} exports no {1}: fix the imported name (check it in the module's API reference: "
        "an SDK type is often a member of a namespace, e.g. common.UIAbilityContext from "
        "'@kit.AbilityKit'), or export it from that module; a name the module re-exports from "
        "a .js file with export * is not seen by the check: re-export it by name (export {{ "
        "{1} }} from './x.js') or give the .js a .d.ts.",
    ),
    (
        rf"Module {_NAME} has no default export",
        "{0} has no default export: import the name in braces (import {{ name }} from …), as "
        "the message suggests, or export it as default from that module.",
    ),
    (
        rf"{_NAME} has no exported member named {_NAME}\. Did you mean {_NAME}",
        "{0} exports no {1}; the compiler suggests '{2}': fix the imported name.",
    ),
    (
        rf"Namespace {_NAME} has no exported member {_NAME}",
        "The namespace {0} has no member {1} in this SDK: fix the name (check the API reference "
        "of the namespace), or the API is newer than the SDK compiled against.",
    ),
    (
        rf"Cannot find namespace {_NAME}",
        "No namespace {0} is in scope: import it (import {{ {0} }} from '@kit.…', or import {0} "
        "from '@ohos.…') or fix its name.",
    ),
    (
        rf"Cannot use namespace {_NAME} as a (?:value|type)",
        "{0} is a namespace: use one of its members ({0}.Name), not the namespace itself.",
    ),
    (
        rf"Cannot find module {_NAME} or its corresponding type declarations",
        "No module {0} with declarations is found. An SDK name (@ohos.…, @kit.…) must be one "
        "the API reference of the SDK compiled against lists: ArkUI's components (Text, Column "
        "…) need no import in an .ets file and ArkUI's APIs come from '@kit.ArkUI', so remove "
        "the import or fix the module name (a newer module needs a newer compileSdkVersion). A "
        "package must be installed (ohpm install) and listed in oh-package.json5. A .js file of "
        "a bytecode HAR gets no declarations: add a .d.ts beside it and export it from the "
        "HAR's Index.ets.",
    ),
    (
        # TypeScript's strict null check: the value may still be undefined where it is used
        rf"(?:Argument of type|Type) {_Q}([^’'`\n|]+?) \| (?:undefined|null){_E} is not "
        rf"assignable to (?:parameter of )?type {_Q}\1{_E}",
        "The value may be undefined where a {0} is needed: ArkTS narrows a value only by a check "
        "written in the condition itself, so write the !== undefined check directly in the if "
        "condition that guards the use (if (x !== undefined) {{ use(x) }}); a check kept in a "
        "boolean alias (const ok = x !== undefined; if (ok)) or made in another function does "
        "not narrow. Or pass a default (x ?? 0).",
    ),
    (
        # Form Kit's contract: FormExtensionAbility's lifecycle callbacks and what they return
        rf"Property {_NAME} in type {_NAME} is not assignable to the same property in base type "
        rf"{_Q}FormExtensionAbility{_E}",
        "{1} overrides FormExtensionAbility's {0} with another signature. Form Kit's callbacks: "
        "onAddForm(want: Want): formBindingData.FormBindingData (return "
        "formBindingData.createFormBindingData({{ … }}), not a plain object); "
        "onCastToNormalForm(formId: string): void; onUpdateForm(formId: string, wantParams?: "
        "Record<string, Object>): void; onChangeFormVisibility(newStatus: Record<string, "
        "number>): void; onFormEvent(formId: string, message: string): void; onRemoveForm(formId: "
        "string): void; onConfigurationUpdate(newConfig: Configuration): void; "
        "onAcquireFormState(want: Want): formInfo.FormState. Declare {0} with exactly that "
        "signature (formBindingData and formInfo from '@kit.FormKit'); push later data with "
        "formProvider.updateForm(formId, formBindingData.createFormBindingData(…)).",
    ),
    (
        # TS2416: a subclass overrides a member with an incompatible type
        rf"Property {_NAME} in type {_NAME} is not assignable to the same property in base type "
        rf"{_NAME}",
        "{1} overrides {0} of {2} with another type: declare it with the base class's signature "
        "(the parameter types and the return type the API reference gives, e.g. a lifecycle "
        "callback's return value), not a narrower or a plain object type.",
    ),
    (
        rf"Type {_NAME} is not assignable to type {_NAME}",
        "A {0} value is assigned where a {1} is declared: convert the value (String(x), "
        "Number(s), a new instance of the declared class) or declare the variable, field or "
        "parameter with the value's type.",
    ),
    (
        rf"Argument of type {_NAME} is not assignable to parameter of type {_NAME}",
        "The call passes a {0} where the parameter takes a {1}: convert the argument or pass "
        "a value of the parameter's type (check the API's signature).",
    ),
    (
        r"(?:Object|'[\w.]+') is possibly '(?:undefined|null)'",
        "The value may be undefined (or null) where it is used: check it first "
        "(if (x !== undefined) {{ … }}), use optional chaining (x?.y) or a default (x ?? v).",
    ),
    (
        r"Expected (?:at least )?(\d+(?:-\d+)?) arguments?, but got (\d+)",
        "The call passes {1} argument(s) where the function takes {0}: match its parameter "
        "list (check the API's signature in this SDK).",
    ),
    (
        r"Expected (\d+) type arguments?, but got (\d+)",
        "The generic takes {0} type argument(s), {1} given: remove the <…> or match its type "
        "parameters.",
    ),
    (
        rf"Type {_NAME} has no properties in common with type {_NAME}",
        "The object passed shares no property with the {1} that is expected: pass an object of "
        "that type (check the property names, and that an options object goes where the API "
        "expects it).",
    ),
    (
        rf"Type {_NAME} is not comparable to type {_NAME}",
        "A case (or an ===/!== comparison) tests {0} against a value whose type cannot hold "
        "it: when that type is a union of literals, add {0} to the union where it is declared "
        "(its interface or type alias), else fix the case value or remove the case.",
    ),
    (
        rf"Class {_NAME} incorrectly implements interface {_NAME}",
        "{0} lacks members of {1} (or declares them with other types): add what the next line "
        "of the message names (Property 'x' is missing …); when {1} is an SDK interface and the "
        "SDK (the API version) was upgraded, the interface gained members: implement the new "
        "ones in {0} (delegating to the object it wraps).",
    ),
    (
        r"A parameter initializer is only allowed in a function or constructor implementation",
        "A default value (p: T = v) stands in a declaration without a body (an interface, a "
        "type, an overload or a declare): remove the default there, or make the parameter "
        "optional (p?: T).",
    ),
    (
        r"Catch clause variable type annotation must be",
        "Omit the type of the catch variable (catch (e)) and cast it inside (e as BusinessError).",
    ),
    (
        rf"{_NAME} is of type 'unknown'",
        "{0} is unknown: cast it to its type before use ({0} as BusinessError, {0} as MyType).",
    ),
    (
        r"No overload matches this call",
        "No signature of the function accepts these arguments: compare each argument's type "
        "with the overloads the message lists and convert the one that differs.",
    ),
    (
        rf"Property {_NAME} has no initializer and is not definitely assigned in the constructor",
        "Initialize the field {0} where it is declared (or in the constructor), or declare it "
        "optional / T | undefined.",
    ),
    (
        rf"Variable {_NAME} is used before being assigned",
        "Give {0} a value on every path before it is read (initialize it where it is declared).",
    ),
    (
        rf"Block-scoped variable {_NAME} used before its declaration",
        "Move the declaration of {0} above its first use.",
    ),
    (
        rf"Cannot assign to {_NAME} because it is a (?:constant|read-only property)",
        "{0} cannot be changed: declare it with let (or without readonly), or assign a new "
        "variable instead.",
    ),
    (
        rf"Property {_NAME} is (?:private|protected) and only accessible",
        "{0} is not accessible here: call a public method of its class, or change its access "
        "modifier.",
    ),
    (
        rf"Property {_NAME} is missing in type {_NAME} but required in type {_NAME}",
        "The value lacks the member {0} that {2} requires: add it (an object literal needs "
        "every non-optional field of its declared type).",
    ),
    (
        rf"Type {_NAME} is missing the following properties from type {_NAME}",
        "The value does not have every member {1} requires: add the missing ones, or create the "
        "value as an instance of {1}.",
    ),
    (
        r"Object literal may only specify known properties",
        "The object literal sets a property its declared type does not have: remove it, fix its "
        "name, or add it to the type's declaration.",
    ),
    (
        r"This expression is not callable",
        "What is called is not a function (a field or value of another type): check the name "
        "and its declared type; call the method that exists.",
    ),
    (
        rf"{_NAME} only refers to a type, but is being used as a value here",
        "{0} is only a type (an interface or type alias): create a value of a class that "
        "implements it, or use it only after ':' and in 'as'.",
    ),
    (
        r"(?:A function whose declared type is neither 'void' nor 'any' must return a value"
        r"|Function lacks ending return statement)",
        "The function declares a return type but a path ends without return: return a value "
        "on every path (or declare the type with | undefined / void).",
    ),
    (
        r"The left-hand side of an assignment expression may not be an optional property access",
        "An assignment target uses ?. (a?.b = v): check the object first (if (a) {{ a.b = v }}) "
        "and assign through a non-optional access.",
    ),
    (
        r"'await' expressions are only allowed within async functions",
        "`await` is used in a function that is not `async`: mark the enclosing function `async` "
        "(an `async` arrow function for a callback; its callers then get a Promise), or use "
        "`.then()` there instead of `await`.",
    ),
)

_T = "[`'\"]?"  # the ets-loader quotes a name with backticks, quotes or nothing

# (code, the message with its names as groups, the step; {0}, {1}: the names)
ETS_LOADER_MESSAGES: tuple[tuple[str, str, str], ...] = (
    (
        "10311001",
        r"Importing ArkTS files (?:in|to) JS and TS files is (?:forbidden|not allowed)",
        "A .ts or .js file imports an .ets file, which is not allowed: rename the importing file "
        "to .ets (and adapt it to ArkTS), or put what it imports in a .ts file (e.g. the "
        "module's export file as Index.ts) and import that.",
    ),
    (
        "10311002",
        rf"Failed to get a resolved OhmUrl for {_T}([^`'\"\s]+?){_T} imported by",
        "The module that {0} belongs to is not configured right: check its oh-package.json5 "
        "(name, main) and the importer's dependency on it, and the file name's case; then sync "
        "(ohpm install).",
    ),
    (
        "10311003",
        rf"Kit {_T}(@kit\.\w+){_T} has no corresponding config file in ArkTS SDK",
        "The SDK compiled against has no Kit {0}: import only Kits and APIs of this SDK version "
        "(a newer Kit needs a newer compileSdkVersion), and do not edit the SDK's Kit files.",
    ),
    (
        "10311005",
        rf"Identifier {_T}(\w+){_T} comes from {_T}([^`'\"\s]+?){_T} which can not be imported "
        r"in \.ts file",
        "{0} comes from an ArkTS declaration ({1}): remove the import from the .ts file, or "
        "rename the file to .ets.",
    ),
    (
        # a widget page's global, not a Kit's export
        "10311006",
        rf"{_T}(postCardAction){_T} is not exported from Kit {_T}(@kit\.\w+)",
        "{0} is not exported by {1}: it is a global function of an ArkTS widget page (the "
        "form's .ets pages): drop the import and call postCardAction(this, {{ action: 'router' "
        "| 'message' | 'call', abilityName, params }}) there; outside a widget page use "
        "formProvider / formBindingData from '@kit.FormKit'.",
    ),
    (
        "10311006",
        rf"{_T}(\w+){_T} is not exported from Kit {_T}(@kit\.\w+)",
        "{1} in this SDK does not export {0}: import it by a name the Kit's API reference lists "
        "(a named import; a Kit has no default export), from the Kit that has it, with an SDK "
        "version that has it.",
    ),
    (
        "10311007",
        r"Namespace import or export of Kit is not supported",
        "Import names from the Kit (import {{ AlertDialog }} from '@kit.ArkUI') instead of its "
        "namespace (import * as ui from '@kit.ArkUI').",
    ),
    (
        "10311008",
        r"Can not use empty import\(side-effect import\) statement with Kit",
        "Name what is imported from the Kit (import {{ lang }} from '@kit.ArkUI') instead of a "
        "bare import '@kit.ArkUI'.",
    ),
    (
        "10311010",
        rf"{_T}(\w+){_T} of lazy-import is re-export",
        "{0} is imported with `import lazy` and exported again: import it normally where it is "
        "re-exported (or turn autoLazyImport off in build-profile.json5).",
    ),
)

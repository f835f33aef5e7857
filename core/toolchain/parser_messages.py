"""What the JavaScript parser Rollup runs says and asks for: data.

:data:`PARSER_STEPS`: the parser's messages (acorn's wording, as hvigor prints them with ``(Note
that you need plugins to import files that are not JavaScript)``, and the ArkTS compiler's own
TypeScript errors of the same kind) and the step each asks for; read by :mod:`.code_findings`.
"""

from __future__ import annotations

# what a JavaScript/TypeScript parser's message asks for (Rollup's, the ArkTS compiler's own
# TypeScript errors): the message as the parsers word it -> the step
PARSER_STEPS: tuple[tuple[str, str], ...] = (
    (
        r"'await'[^\n]{0,40}?(?:outside (?:of )?an async function|only allowed within async "
        r"functions)",
        "`await` is used in a function that is not `async`: mark the enclosing function `async` "
        "(an `async` arrow function for a callback; its callers then get a Promise), or use "
        "`.then()` there instead of `await`.",
    ),
    (
        r"'return' outside of function",
        "A `return` stands outside any function: a closing brace `}` above it ends its function "
        "(or build()) too early, or one is missing; match the braces before that line.",
    ),
    (
        r"is not exported by|has no exported member",
        "The imported name is not exported by that module: fix the name in the import (or "
        "export it from the module); for a Kit, check the name exists in the installed SDK.",
    ),
    (
        r"Unterminated string constant",
        "A string is not closed on its line: add the missing closing quote (' or \") at the "
        "place; a string that spans lines is a template literal in backticks.",
    ),
    (
        r"Unterminated template",
        "A template literal is not closed: add the closing backtick (`) of the string that "
        "starts at the place.",
    ),
    (
        r"Unterminated regular expression",
        "A regular expression literal /…/ is not closed: add its closing / (in ArkTS write "
        "new RegExp('…')).",
    ),
    (r"Unterminated comment", "A block comment /* … is not closed: add */ where it ends."),
    (
        r"Unexpected character",
        "A character JavaScript does not allow stands outside a string (a full-width punctuation "
        "mark, a non-breaking space, a stray @ or #): replace or quote it at the place.",
    ),
    (
        r"Identifier directly after number",
        "A number is followed directly by letters (10px): write it as a string ('10px') or a "
        "number alone.",
    ),
    (
        r"Optional chaining cannot appear in left-hand side",
        "An assignment target uses ?. (a?.b = v): check the object first (if (a) { a.b = v }) "
        "and assign through a non-optional access.",
    ),
    (
        r"Assigning to rvalue|Invalid left-hand side",
        "Something that is no variable or property is assigned to (a call, a literal, an "
        "optional access): assign to a variable or field.",
    ),
    (
        r"Identifier '[^']+' has already been declared|Duplicate export",
        "A name is declared (or exported) twice in the file: rename or remove one.",
    ),
    (
        r"'import' and 'export' may (?:only )?appear at the top level",
        "An import or export stands inside a block or function: move it to the file's top level "
        "(often a missing '}' above makes it look nested).",
    ),
    (
        r"The keyword '\w+' is reserved|Unexpected keyword",
        "A reserved word is used as a name, or a keyword stands where it cannot: rename it, or "
        "check the braces and commas before it.",
    ),
    (
        r"Unexpected token",
        "The file does not parse at the place: a missing comma, bracket or quote, an extra "
        "brace, or syntax the bundler's parser does not accept there; the ArkTS compiler's first "
        "error, when printed, names the same place more exactly.",
    ),
)

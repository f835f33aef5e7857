"""Entities of ArkTS (``.ets``) and TypeScript (``.ts``) sources, parsed with tree-sitter.

An :class:`Entity` is a struct, class, interface, enum, type alias, namespace, function, method,
constructor or ArkUI ``build()`` with its name, kind, file, 1-based start/end lines and its
enclosing container (``Index.build``, ``EntryAbility.onCreate``).

Grammars come from wheels that carry them (``tree_sitter_arkts`` from tree-sitter-arkts-open,
``tree_sitter_typescript``); nothing is downloaded. Each grammar's ``tags.scm`` query is used when
it compiles against the installed grammar (tree-sitter-arkts-open 0.1.7 names fields its grammar
does not define, so its query is refused and the node walker does all the work); the walker
always runs and gives the containers; the two are merged by position.

Parsing never raises on content: bytes that are not UTF-8 are decoded with replacement, a file
that does not parse cleanly yields what tree-sitter recovered (``has_error`` tells).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import tree_sitter
import tree_sitter_arkts
import tree_sitter_typescript
from hmdesk.core.toolchain.project_file import NotRegularFile, read_regular_file

LANGUAGES = {".ets": "arkts", ".ts": "typescript"}
"""File suffix → language name."""

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Larger files are not parsed (generated bundles); they yield no entities."""

KINDS = (
    "struct",
    "class",
    "interface",
    "enum",
    "type",
    "namespace",
    "function",
    "method",
    "constructor",
    "build",
)


@dataclass(frozen=True, slots=True)
class Entity:
    """One declaration. ``path`` is as given to the parser (the index passes root-relative
    POSIX paths); lines are 1-based and inclusive."""

    name: str
    kind: str
    path: str
    start_line: int
    end_line: int
    container: str | None = None

    @property
    def qualified(self) -> str:
        return f"{self.container}.{self.name}" if self.container else self.name

    def contains(self, line: int) -> bool:
        return self.start_line <= line <= self.end_line

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "qualified": self.qualified,
            "kind": self.kind,
            "path": self.path,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "container": self.container,
        }


class Call(NamedTuple):
    """A call in the source: the called name as written last (``this.load()`` → ``load``,
    ``Logger.info(x)`` → ``info``) and the 1-based line it is on. A named tuple: a project holds
    hundreds of thousands, made again from the kept index each time it is opened."""

    callee: str
    line: int


_NEW_CALL = functools.partial(tuple.__new__, Call)


def calls_of(callees: Iterable[str], lines: Iterable[int]) -> tuple[Call, ...]:
    """Calls from their names and lines, made without a Python call per call (a project holds
    hundreds of thousands; a saved file's calls after the edit are moved this way)."""
    return tuple(map(_NEW_CALL, zip(callees, lines, strict=True)))


@dataclass(frozen=True, slots=True)
class ParseResult:
    path: str
    language: str | None
    entities: tuple[Entity, ...]
    has_error: bool = False
    error: str | None = None  # why nothing could be read (I/O error, too large), else None
    calls: tuple[Call, ...] = ()


def language_for(path: str | Path) -> str | None:
    """``"arkts"`` for ``.ets``, ``"typescript"`` for ``.ts``, else None."""
    return LANGUAGES.get(Path(path).suffix.lower())


@cache
def _language(name: str) -> tree_sitter.Language:
    if name == "arkts":
        return tree_sitter.Language(tree_sitter_arkts.language())
    if name == "typescript":
        return tree_sitter.Language(tree_sitter_typescript.language_typescript())
    raise ValueError(f"unknown language {name!r}")


_local = threading.local()


def _parser(name: str) -> tree_sitter.Parser:
    parsers: dict[str, tree_sitter.Parser] | None = getattr(_local, "parsers", None)
    if parsers is None:
        parsers = _local.parsers = {}
    p = parsers.get(name)
    if p is None:
        p = parsers[name] = tree_sitter.Parser(_language(name))
    return p


def _text(node: tree_sitter.Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", errors="replace")


_NAME_TYPES = (
    "identifier",
    "type_identifier",
    "property_identifier",
    "private_property_identifier",
)


def _name_of(node: tree_sitter.Node) -> str:
    named = node.child_by_field_name("name")
    if named is not None:
        return _text(named)
    for child in node.named_children:
        if child.type in _NAME_TYPES:
            name = _text(child)
            if name in ("get", "set", "async", "static"):  # ArkTS accessors: `get value()`
                nxt = child.next_named_sibling
                if nxt is not None and nxt.type == "ERROR":
                    inner = _text(nxt).strip()
                    if inner.isidentifier():
                        return inner
            return name
    return ""


def _lines(node: tree_sitter.Node) -> tuple[int, int]:
    start = node.start_point[0] + 1
    end_row, end_col = node.end_point
    end = end_row + 1 if end_col > 0 or end_row == node.start_point[0] else end_row
    return start, max(start, end)


def _field_or_child(
    node: tree_sitter.Node, field: str, types: tuple[str, ...]
) -> tree_sitter.Node | None:
    """The node's ``field``, else its first named child of one of ``types`` (grammars differ in
    which they give)."""
    found = node.child_by_field_name(field)
    if found is not None:
        return found
    for child in node.named_children:
        if child.type in types:
            return child
    return None


def _body(node: tree_sitter.Node, types: tuple[str, ...]) -> tree_sitter.Node | None:
    return _field_or_child(node, "body", types)


_FUNC_VALUES = ("arrow_function", "function_expression", "function", "generator_function")


def _function_value(declarator: tree_sitter.Node) -> bool:
    value = declarator.child_by_field_name("value")
    if value is not None:
        return value.type in _FUNC_VALUES
    for child in declarator.named_children:  # ArkTS: variable_declarator > expression > arrow
        if child.type in _FUNC_VALUES:
            return True
        if child.type == "expression":
            return any(c.type in _FUNC_VALUES for c in child.named_children)
    return False


# node type → kind, for declarations that hold members (walked into)
_CONTAINERS = {
    "component_declaration": "struct",
    "class_declaration": "class",
    "abstract_class_declaration": "class",
    "interface_declaration": "interface",
    "internal_module": "namespace",
    "module": "namespace",
}
_BODIES = ("component_body", "class_body", "interface_body", "object_type", "statement_block")
# node type → kind, for declarations whose insides are not indexed
_LEAVES = {
    "enum_declaration": "enum",
    "type_declaration": "type",
    "type_alias_declaration": "type",
    "function_declaration": "function",
    "generator_function_declaration": "function",
    "function_signature": "function",
    "decorated_function_declaration": "function",
    "method_declaration": "method",
    "method_definition": "method",
    "method_signature": "method",
    "abstract_method_signature": "method",
    "constructor_declaration": "constructor",
    "build_method": "build",
}
# wrappers whose children are declarations at the same level
_PASS_THROUGH = (
    "export_declaration",
    "export_statement",
    "expression_statement",
    "ambient_declaration",
    "ERROR",
)


@dataclass(slots=True)
class _Found:
    """An entity as one tree gives it: where its node and its name start (bytes), and whether
    its node parsed cleanly (no error or missing node inside)."""

    start: int
    name_at: int
    clean: bool
    entity: Entity


def _name_node(node: tree_sitter.Node) -> tree_sitter.Node:
    return _field_or_child(node, "name", _NAME_TYPES) or node


def _walk(
    node: tree_sitter.Node,
    path: str,
    container: str | None,
    out: list[_Found],
    structs: frozenset[int] = frozenset(),
    depth: int = 0,
) -> None:
    """Collect the declarations under ``node``. ``structs``: byte offsets of ``class`` keywords
    that stand for ``struct`` (the TypeScript reading of an ``.ets`` file, see
    :func:`typescript_view`)."""
    if depth > 64:
        return
    for child in node.named_children:
        t = child.type
        if t in _PASS_THROUGH:
            _walk(child, path, container, out, structs, depth + 1)
            continue
        kind = _CONTAINERS.get(t)
        body_types = _BODIES
        if t == "decorated_export_declaration":
            body = _body(child, ("component_body", "class_body"))
            kind = "struct" if body is not None and body.type == "component_body" else "class"
            if body is None:
                kind = None
                if _body(child, ("builder_function_body", "block_statement")) is not None:
                    kind = "function"
                if kind is None:
                    _walk(child, path, container, out, structs, depth + 1)
                    continue
        if (
            kind == "class"
            and structs
            and any(c.type == "class" and c.start_byte in structs for c in child.children)
        ):
            kind = "struct"
        if kind is not None:
            name = _name_of(child) or "<anonymous>"
            start, end = _lines(child)
            ent = Entity(name, kind, path, start, end, _plain(container))
            out.append(
                _Found(child.start_byte, _name_node(child).start_byte, not child.has_error, ent)
            )
            body = _body(child, body_types)
            if body is not None:
                inner = ent.qualified if kind != "struct" else _StructName(ent.qualified)
                _walk(body, path, inner, out, structs, depth + 1)
            continue
        kind = _LEAVES.get(t)
        if t == "type_member" and any(c.type == "parameter_list" for c in child.children):
            kind = "method"  # the ArkTS grammar's method signature in an interface
        if kind is not None:
            if kind == "build":
                name = "build"
            elif kind == "constructor":
                name = "constructor"
            else:
                name = _name_of(child) or "<anonymous>"
            if name in _KEYWORDS:
                continue
            if kind == "method" and name == "constructor":
                kind = "constructor"
            if kind == "method" and name == "build" and isinstance(container, _StructName):
                kind = "build"
            start, end = _lines(child)
            ent = Entity(name, kind, path, start, end, _plain(container))
            out.append(
                _Found(child.start_byte, _name_node(child).start_byte, not child.has_error, ent)
            )
            continue
        if t in ("variable_declaration", "lexical_declaration"):
            for decl in child.named_children:
                if decl.type == "variable_declarator" and _function_value(decl):
                    start, end = _lines(decl)
                    ent = Entity(_name_of(decl), "function", path, start, end, _plain(container))
                    out.append(
                        _Found(
                            decl.start_byte, _name_node(decl).start_byte, not decl.has_error, ent
                        )
                    )


_KEYWORDS = frozenset(["if", "else", "for", "while", "do", "switch", "with"])
"""Statement keywords an error-recovering grammar may take for a method name (``if (x) {``
read as a method ``if``); no one names a method so (``delete()``, ``catch()`` do occur)."""


class _StructName(str):
    """A container name that is a struct's (its ``build`` method is the ArkUI ``build()``)."""

    __slots__ = ()


def _plain(container: str | None) -> str | None:
    return None if container is None else str(container)


_CALLEE = re.compile(r"[A-Za-z_$][\w$]*\Z")
MAX_CALLS = 20_000
"""Calls kept per file (a generated file may hold far more; the first ones are kept)."""


@cache
def _calls_query(language: str) -> tree_sitter.Query:
    # the called expression is a call's first child in both grammars (``function`` in
    # TypeScript's, an unnamed ``expression`` in ArkTS's); ``new Service()`` calls ``Service``
    return tree_sitter.Query(
        _language(language),
        "(call_expression . (_) @callee) (new_expression . (_) @callee)",
    )


def _calls(
    language: str, root: tree_sitter.Node, src: bytes, moved: tuple[tuple[int, int], ...] = ()
) -> tuple[Call, ...]:
    """Every call's callee name and line (``new Service()`` calls ``Service``: its
    constructor), in line order (:func:`_call_order`), at most :data:`MAX_CALLS`."""
    nodes = tree_sitter.QueryCursor(_calls_query(language)).captures(root).get("callee", [])
    return tuple(_callees(nodes, src, MAX_CALLS, moved))


def _callees(
    nodes: list[tree_sitter.Node], src: bytes, limit: int, moved: tuple[tuple[int, int], ...] = ()
) -> list[Call]:
    """The calls of the called expressions ``nodes`` (the first ``limit``), in line order. The
    callee is read from ``src`` (the file as written, not the :func:`typescript_view` the tree
    may come from) at the called expression's bytes: its last identifier (``this.load`` →
    ``load``)."""
    out: list[Call] = []
    for fn in nodes:
        if fn.type == "ERROR":
            continue
        start, end = fn.start_byte, fn.end_byte
        if moved:
            start, end = _in_file(start, moved), _in_file(end, moved, end=True)
        text = src[max(start, end - 80) : end].rstrip(b" \t\r\n?!.")
        m = _CALLEE.search(text.decode("utf-8", errors="replace"))
        if m:
            out.append(Call(m[0], fn.start_point[0] + 1))
            if len(out) >= limit:
                break
    out.sort(key=_call_order)
    return out


def _line_of(call: Call) -> int:
    return call.line


def _call_order(call: Call) -> tuple[int, str]:
    """Calls in line order, those of one line by name (the query's order among calls that start
    at one place, ``a(x).b()``, is not the same on every run)."""
    return call.line, call.callee


def decode(data: bytes) -> str:
    """Text of a source file: UTF-8 (a BOM dropped), undecodable bytes replaced."""
    return data.decode("utf-8-sig", errors="replace")


_STRUCT = re.compile(rb"struct(?=[ \t]+[A-Za-z_$])")
# what may stand before `struct` on its line (decorators, `export`, `default`)
_STRUCT_LEAD = re.compile(
    rb"[ \t]*(?:@[A-Za-z_$][\w$]*(?:\([^()\n]*\))?[ \t]*)*(?:export[ \t]+)?(?:default[ \t]+)?"
)
# (from the first `@`: what stands before it on its line is checked by the caller, a regex
# anchored at each line's start would try every byte)
_FUNCTION_DECORATORS = re.compile(
    rb"@[A-Za-z_$][\w$]*(?:\([^()]*\))?\s*(?:@[A-Za-z_$][\w$]*(?:\([^()]*\))?\s*)*"
    rb"(?=(?:export\s+)?(?:async\s+)?function\b)"
)
_EXPORT_LEAD = re.compile(rb"[ \t]*(?:export[ \t]+)?")
# ArkTS-only words before a declaration: `import lazy { … }` (`import lazy{`), `native function
# f(): void;` (`export native function`)
_ARKTS_WORDS = re.compile(rb"lazy(?=[ \t]*[{*]|[ \t]+(?!from\b)[\w$])|native(?=[ \t]+function\b)")
# what stands before each word on its line (checked by the caller)
_WORD_LEAD = {
    b"lazy": re.compile(rb"[ \t]*import[ \t]+"),
    b"native": re.compile(rb"[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?"),
}
# an ArkUI attribute call on its own line right after a `{` or `}` line: `}` then `  .width(16)`
# (after a trailing closure), `{` then `.fontSize(16)` (an @Extend/@Styles body; or right after
# the `{`, `pressed: {.backgroundColor(…)`, which nothing else can be), blank lines
# and comments between (`//.title(…)`, `/* .titleBar(…) */`: attributes commented out); after
# other lines a leading dot continues a chain, which TypeScript reads as it is
_LINE_END = rb"[ \t]*+(?://[^\n]*+|/\*(?:[^*]|\*(?!/))*+\*/[ \t]*+)?\r?\n"
_LEADING_DOT = re.compile(  # (possessive: no backtracking over indentation or comments)
    rb"([{}]" + _LINE_END + rb"(?:" + _LINE_END + rb")*[ \t]*+|\{[ \t]*+)\.(?=[ \t]*[A-Za-z_$])"
)
# an attribute call right after the `}` that starts its line: `}.width('100%')` (a trailing
# closure's end); a `}` elsewhere on a line may end an object literal (`{ a: 1 }.a`)
_CLOSE_DOT = re.compile(rb"\}([ \t]*)\.(?=[ \t]*[A-Za-z_$])")
# the end of a call followed by a block: `) {`, a component's trailing closure when the call is
# a component's (`Column({ space: 8 }) {`, the arguments possibly over several lines)
_CLOSE_THEN_BLOCK = re.compile(rb"\)([ \t]?)\{")
_COMPONENT_CALL = re.compile(
    rb"[ \t]*[A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*[ \t]*(?:<[^<>\n]*>)?[ \t]*\Z"
)
# an attribute block in `.stateStyles({ pressed: {` followed by `.backgroundColor(…)` (on the
# next lines or on the same) (the word before the colon is checked by the caller: a leading
# look-behind would make the regex try every byte)
_STYLE_BLOCK = re.compile(rb":[ \t]\{(?=[ \t]*(?:\r?\n[ \t]*)?\.[ \t]*[A-Za-z_$])")
_WORD_END = re.compile(rb"[\w$][ \t]*\Z")
# what the brace scan skips: comments, strings, template literals (every branch starts with a
# literal, so that the regex engine skips to the next of those characters)
_SKIP_OR_BRACE = re.compile(
    rb"//[^\n]*|/\*.*?(?:\*/|\Z)|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`|\{|\}",
    re.DOTALL,
)
_CLASS_HEAD = re.compile(rb"\b(?:class|struct|interface)\s+[A-Za-z_$]")


def _class_body_braces(src: bytes) -> tuple[list[int], list[bool]]:
    """The offsets of the braces outside comments and strings and, after each, whether the
    innermost open brace is a class, struct or interface body (where ``Title() {`` declares a
    method rather than calling a component)."""
    stack: list[bool] = []  # per open brace: is it a class body?
    offsets: list[int] = []
    flags: list[bool] = []
    last_boundary = 0
    for m in _SKIP_OR_BRACE.finditer(src):
        tok = m[0]
        if tok == b"{":
            stack.append(_CLASS_HEAD.search(src, last_boundary, m.start()) is not None)
        elif tok == b"}":
            if stack:
                stack.pop()
        else:  # a comment or a string
            continue
        last_boundary = m.end()
        offsets.append(m.start())
        flags.append(bool(stack) and stack[-1])
    return offsets, flags


def _opening_paren(text: bytes, close: int, limit: int = 4000) -> int:
    """The offset of the ``(`` that the ``)`` at ``close`` closes (-1 if not found nearby)."""
    depth = 0
    for i in range(close, max(-1, close - limit), -1):
        c = text[i]
        if c == 0x29:  # )
            depth += 1
        elif c == 0x28:  # (
            depth -= 1
            if depth == 0:
                return i
    return -1


def without_arkts_words(text: bytes) -> bytes:
    """``text`` with the word of ``import lazy`` and ``native function`` blanked (the same
    length): ArkTS allows them in ``.ts`` files too, which TypeScript does not."""
    if b"lazy" not in text and b"native" not in text:
        return text

    def word(m: re.Match[bytes]) -> bytes:
        line_start = text.rfind(b"\n", 0, m.start()) + 1
        if not _WORD_LEAD[m[0]].fullmatch(text, line_start, m.start()):
            return m[0]
        return b" " * len(m[0])

    return _ARKTS_WORDS.sub(word, text)


def typescript_view(src: bytes) -> View:
    """``src`` (an ``.ets`` file) as the TypeScript grammar can read it, byte for byte the same
    length so that every position and line stays. ArkTS adds to TypeScript:

    * ``struct`` heads, which become ``class `` (their offsets are returned, so the class is
      reported as a struct);
    * decorators on functions (``@Builder``, ``@Styles``, ``@Extend(Text)``), which TypeScript
      allows only on classes and members: blanked;
    * ``import lazy`` and ``native function``: the word is blanked;
    * ArkUI's declarative syntax in ``build()`` and builders: an attribute call on its own line
      (``.fontSize(16)``, which also starts ``@Extend``/``@Styles`` bodies) has its dot turned
      into ``_`` (a call statement of its own: what the line calls is unchanged, see
      :func:`_calls`), as has one right after the ``}`` that starts a line (``}.width(8)``), and a component's trailing closure ``Column() {`` has the space before
      the ``{`` turned into ``;`` (a call, then a block; ``Row(){``, with no space, has the call
      moved one column left into its indentation to make that room, see :class:`View`), unless the line is directly inside a
      class or struct body (a method ``Title() {``); an attribute block inside
      ``.stateStyles({ pressed: {`` becomes a method ``pressed(){``.

    Only declarations are read from the result, so the rare match inside a string or comment
    does no harm."""
    structs: list[int] = []

    def struct(m: re.Match[bytes]) -> bytes:
        if not _STRUCT_LEAD.fullmatch(src, src.rfind(b"\n", 0, m.start()) + 1, m.start()):
            return m[0]
        structs.append(m.start())
        return b"class "

    def blank(m: re.Match[bytes]) -> bytes:
        if not _EXPORT_LEAD.fullmatch(out, out.rfind(b"\n", 0, m.start()) + 1, m.start()):
            return m[0]
        return re.sub(rb"[^\n]", b" ", m[0])

    braces: tuple[list[int], list[bool]] | None = None
    moves: list[tuple[int, int]] = []  # (a blank before a call, the call's `)` before its `{`)

    def closure(m: re.Match[bytes]) -> bytes:
        nonlocal braces
        opening = _opening_paren(out, m.start())
        if opening < 0:
            return m[0]
        line_start = out.rfind(b"\n", 0, opening) + 1
        if not _COMPONENT_CALL.match(out, line_start, opening):
            return m[0]
        if braces is None:
            braces = _class_body_braces(out)
        offsets, flags = braces
        at = bisect.bisect_left(offsets, line_start - 1)  # the braces before the line's start
        if line_start and at and flags[at - 1]:
            return m[0]  # a method `Title() {`
        if m[1]:
            return b");{"
        # `Row(){`: no room for the `;`, so the call moves one column left into its indentation
        name = line_start + len(out[line_start:opening]) - len(out[line_start:opening].lstrip())
        if name > line_start:
            moves.append((name - 1, m.start()))
        return m[0]

    def style(m: re.Match[bytes]) -> bytes:
        return b"(){" if _WORD_END.search(out, max(0, m.start() - 80), m.start()) else m[0]

    def close_dot(m: re.Match[bytes]) -> bytes:
        line_start = out.rfind(b"\n", 0, m.start()) + 1
        return m[0] if out[line_start : m.start()].strip(b" \t") else b"}" + m[1] + b"_"

    out = _STRUCT.sub(struct, src)
    out = _FUNCTION_DECORATORS.sub(blank, out) if b"@" in out else out
    out = without_arkts_words(out)
    out = _CLOSE_THEN_BLOCK.sub(closure, out)
    moved: list[tuple[int, int]] = []
    if moves:
        pieces = []
        pos = 0
        for blank_at, close in sorted(moves):
            if blank_at < pos:
                continue  # inside the arguments of a call moved already
            pieces += [out[pos:blank_at], out[blank_at + 1 : close + 1], b";"]
            moved.append((blank_at, close))
            pos = close + 1
        out = b"".join([*pieces, out[pos:]])
    out = _STYLE_BLOCK.sub(style, out)
    out = _LEADING_DOT.sub(rb"\1_", out)
    out = _CLOSE_DOT.sub(close_dot, out)
    return View(out, frozenset(structs), tuple(moved))


class View(NamedTuple):
    """An ``.ets`` file as the TypeScript grammar reads it (:func:`typescript_view`): the text,
    the offsets of the ``class`` keywords that stand for ``struct``, and the spans
    ``[start, end)`` whose bytes stand one byte left of where they are in the file (a call
    ``Row(){`` moved into its indentation to make room for the ``;``)."""

    text: bytes
    structs: frozenset[int]
    moved: tuple[tuple[int, int], ...] = ()


def _in_file(offset: int, moved: tuple[tuple[int, int], ...], *, end: bool = False) -> int:
    """The file's offset of a view's ``offset`` (``end``: an exclusive end)."""
    for start, stop in moved:  # a handful per file
        if start > offset:
            break
        if (start < offset <= stop) if end else (start <= offset < stop):
            return offset + 1
    return offset


def _read(
    language: str, src: bytes, path: str, *, ets: bool = True, previous: Reading | None = None
) -> tuple[tree_sitter.Tree, list[_Found], View, _Edit | None]:
    """One reading of ``src`` with one grammar: its tree, its declarations, the text the
    tree was parsed from (an ``.ets`` file read with the TypeScript grammar goes through
    :func:`typescript_view`, a ``.ts`` file through :func:`without_arkts_words`) and, when ``previous`` (the reading of the file's last version)
    was given, the edit from that one (its tree is edited and reused by tree-sitter's
    incremental parsing)."""
    view = View(src, frozenset())
    if language == "typescript":
        view = typescript_view(src) if ets else View(without_arkts_words(src), frozenset())
    edit = None
    if previous is None:
        tree = _parser(language).parse(view.text)
    else:
        old = previous.tree.copy()
        edit = _edit_between(previous.view.text, view.text)
        old.edit(
            start_byte=edit.start,
            old_end_byte=edit.old_end,
            new_end_byte=edit.new_end,
            start_point=_point(view.text, edit.start),
            old_end_point=_point(previous.view.text, edit.old_end),
            new_end_point=_point(view.text, edit.new_end),
        )
        tree = _parser(language).parse(view.text, old)
        edit.changed = [(r.start_byte, r.end_byte) for r in old.changed_ranges(tree)]
    found: list[_Found] = []
    _walk(tree.root_node, path, None, found, view.structs)
    _with_decorators(found, src)
    return tree, found, view, edit


@dataclass(frozen=True, slots=True)
class Reading:
    """A file's clean TypeScript reading, kept so that its next version is parsed incrementally
    (:func:`read_source`): the text the tree was parsed from (an ``.ets`` file's
    :func:`typescript_view`), the tree and the result. A reading with syntax errors is not kept:
    tree-sitter reuses little of a tree around an error (measured: an edit in a 458 KB file with
    errors re-parsed in half the time of a full parse, in a clean one in a twentieth)."""

    language: str
    view: View
    tree: tree_sitter.Tree
    result: ParseResult


@dataclass(slots=True)
class _Edit:
    """Where two versions of a text differ: ``[start, old_end)`` of the old became
    ``[start, new_end)`` of the new; ``changed``: the byte ranges of the new tree whose
    structure differs from the old one's."""

    start: int
    old_end: int
    new_end: int
    changed: list[tuple[int, int]] = field(default_factory=list)


def _edit_between(old: bytes, new: bytes) -> _Edit:
    """The one region where ``old`` and ``new`` differ (their common prefix and suffix found by
    halving: each comparison is one ``memcmp``)."""
    n = min(len(old), len(new))
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[:mid] == new[:mid]:
            lo = mid
        else:
            hi = mid - 1
    start = lo
    lo, hi = 0, n - start
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[len(old) - mid :] == new[len(new) - mid :]:
            lo = mid
        else:
            hi = mid - 1
    return _Edit(start, len(old) - lo, len(new) - lo)


def _point(text: bytes, offset: int) -> tuple[int, int]:
    """tree-sitter's (row, byte column) of ``offset``."""
    return text.count(b"\n", 0, offset), offset - (text.rfind(b"\n", 0, offset) + 1)


def _calls_after_edit(
    previous: Reading, root: tree_sitter.Node, src: bytes, new: View, edit: _Edit
) -> tuple[Call, ...] | None:
    """The calls of the new version of a file from those of the old one: the lines around the
    edit and the ranges tree-sitter says changed are read again, the calls before them kept,
    those after them kept with their lines moved. None when the file holds :data:`MAX_CALLS`
    (which of them are kept depends on the whole file)."""
    old = previous.result.calls
    if len(old) >= MAX_CALLS:
        return None
    view = new.text
    lo = min([edit.start, *(a for a, _ in edit.changed)])
    hi = max([edit.new_end, *(b for _, b in edit.changed)])
    start, end = _line_start(view, lo), _line_end(view, hi)
    cursor = tree_sitter.QueryCursor(_calls_query("typescript"))
    while True:  # widen the lines to every callee that reaches into them
        cursor.set_byte_range(start, end)
        nodes = [
            n
            for n in cursor.captures(root).get("callee", [])
            if n.start_byte <= end and n.end_byte >= start
        ]
        wider = (
            min([start, *(_line_start(view, n.start_byte) for n in nodes)]),
            max([end, *(_line_end(view, n.end_byte) for n in nodes)]),
        )
        if wider == (start, end):
            break
        start, end = wider
    first, last = _point(view, start)[0], _point(view, end)[0]
    delta = _point(view, edit.new_end)[0] - _point(previous.view.text, edit.old_end)[0]
    inside = [c for c in _callees(nodes, src, MAX_CALLS, new.moved) if first < c.line <= last + 1]
    before = old[: bisect.bisect_left(old, first + 1, key=_line_of)]  # in line order
    after = old[bisect.bisect_left(old, last + 2 - delta, key=_line_of) :]
    if delta and after:
        names, lines = zip(*after, strict=True)
        after = calls_of(names, map(operator.add, lines, itertools.repeat(delta)))
    out = (*before, *inside, *after)
    return out if len(out) < MAX_CALLS else None


def _line_start(text: bytes, offset: int) -> int:
    return text.rfind(b"\n", 0, offset) + 1


def _line_end(text: bytes, offset: int) -> int:
    """The offset of the newline that ends ``offset``'s line (the text's length on the last)."""
    at = text.find(b"\n", offset)
    return len(text) if at < 0 else at


_DECORATORS_BEFORE = re.compile(
    rb"((?:@[A-Za-z_$][\w$.]*(?:[ \t]*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*)+)"
    rb"(?:(?:export|default|declare|public|private|protected|static|async|abstract|readonly"
    rb"|override)\s+)*\Z"
)


def _with_decorators(found: list[_Found], src: bytes) -> None:
    """Start each declaration at its first decorator (``@Entry``, ``@Builder``,
    ``@Extend(Text)``), which one grammar counts as part of the declaration and the other (or the
    view, which blanks function decorators) does not."""
    if b"@" not in src:
        return
    moves: list[tuple[int, _Found]] = []
    for f in found:
        if src.rfind(b"@", max(0, f.start - 400), f.start) < 0:
            continue
        window = src[max(0, f.start - 400) : f.start]
        at = window.rfind(b"@")
        m = _DECORATORS_BEFORE.search(window, window.rfind(b"\n", 0, max(0, at - 200)) + 1)
        while m is not None and window[window.rfind(b"\n", 0, m.start()) + 1 : m.start()].strip():
            # not the first thing on its line: in a comment (`// @watch` above a method)
            nl = window.find(b"\n", m.start())
            m = None if nl < 0 else _DECORATORS_BEFORE.search(window, nl + 1)
        if m is not None:
            moves.append((f.start - len(window) + m.start(1), f))
    moves.sort(key=lambda move: move[0])
    line, counted = 1, 0  # the line of offset `counted`
    for first, f in moves:
        line += src.count(b"\n", counted, first)
        counted = first
        if line < f.entity.start_line:
            f.start = first
            f.entity = replace(f.entity, start_line=line)


def _merge(first: list[_Found], second: list[_Found]) -> list[_Found]:
    """One list of the declarations two readings of a file found. Declarations are the same when
    their names start at the same byte; of those, one reading's are kept: the one that parsed
    them cleanly, then the one that placed them in a container, then the first. A declaration
    only one reading found is kept."""
    by_name: dict[int, tuple[list[_Found], list[_Found]]] = {}
    for f in first:
        by_name.setdefault(f.name_at, ([], []))[0].append(f)
    for f in second:
        by_name.setdefault(f.name_at, ([], []))[1].append(f)

    def score(group: list[_Found]) -> tuple[bool, bool, bool]:
        # clean first; then one that has a container over one that lost it (a reading broken
        # around a struct reads its members as top-level functions); then the first reading
        return (
            any(f.clean for f in group),
            any(f.entity.container is not None for f in group),
            bool(group),
        )

    out: list[_Found] = []
    for a, b in by_name.values():
        out.extend(a if score(a) >= score(b) else b)
    out.sort(key=lambda f: (f.start, -f.entity.end_line))
    return out


def parse_source(data: bytes | str, language: str, path: str = "") -> ParseResult:
    """Entities of one source text, in source order. Never raises on content.

    Both ``.ets`` and ``.ts`` files are read first with the TypeScript grammar (an ``.ets`` file
    through :func:`typescript_view`): measured on real HarmonyOS apps, the tree-sitter ArkTS
    grammar fails on much ordinary TypeScript (ternaries, ``import type``, string literal
    unions, regex literals, ``-1``, class fields without semicolons …). When that reading has
    errors, the file is read again with the ArkTS grammar, which reads some ArkUI code the
    view does not, and each declaration is taken from the reading that parsed it cleanly
    (:func:`_merge`). ``has_error`` is set only when an error of one reading is not covered by a
    clean declaration or top-level statement of the other."""
    return read_source(data, language, path)[0]


def read_source(
    data: bytes | str,
    language: str,
    path: str = "",
    previous: Reading | None = None,
    *,
    _resync: int = 2,
) -> tuple[ParseResult, Reading | None]:
    """:func:`parse_source`, and the reading to pass as ``previous`` for the file's next
    version (None when the file has syntax errors). Given the reading of the file's last
    version, the TypeScript tree is parsed incrementally (the edit between the two versions is
    their common prefix and suffix) and only the calls around the edit are read again; the
    result is the same as :func:`parse_source`'s (the bench checks it on every save it times)."""
    text = data if isinstance(data, str) else decode(data)
    src = text.encode("utf-8", errors="replace")
    if previous is not None and previous.language != language:
        previous = None
    tree, found, view, edit = _read(
        "typescript", src, path, ets=language == "arkts", previous=previous
    )
    has_error = tree.root_node.has_error
    if has_error and previous is not None:
        # tree-sitter's incremental reading of a broken text may differ from a fresh one; the
        # fresh one is what every other path gives
        tree, found, view, edit = _read("typescript", src, path, ets=language == "arkts")
        previous = None
    calls = None
    if previous is not None and edit is not None and not has_error:
        calls = _calls_after_edit(previous, tree.root_node, src, view, edit)
    if calls is None:
        calls = _calls("typescript", tree.root_node, src, view.moved)
    if has_error:
        other, found2, _, _ = _read("arkts", src, path)
        found = _merge(found, found2)
        has_error = _still_broken(tree.root_node, other.root_node, found)
        more = _calls("arkts", other.root_node, src)
        calls = tuple(sorted(set(calls) | set(more), key=_call_order))
        if has_error and _resync > 0:
            found = _resync_members(text, language, path, found, _resync)
    result = ParseResult(
        path=path,
        language=language,
        entities=tuple(f.entity for f in found),
        has_error=has_error,
        calls=calls,
    )
    kept = None if tree.root_node.has_error else Reading(language, view, tree, result)
    return result, kept


_MEMBER_HEAD = re.compile(
    r"(?:@[A-Za-z_$][\w$]*|(?:(?:public|private|protected|static|async|override|readonly)\s+)*"
    r"(?:get\s+|set\s+)?[A-Za-z_$][\w$]*\s*(?:<[^>]*>)?\()"
)
_NOT_MEMBER = frozenset(("if", "for", "while", "switch", "catch", "return", "function", "await"))


def _resync_members(
    text: str, language: str, path: str, found: list[_Found], depth: int
) -> list[_Found]:
    """Members after a syntax error inside a class or struct member. A reading that fails inside
    a method (an unclosed parenthesis) swallows the members after it into that method. The
    members are found again where the next one starts: a line at the method's own indentation,
    right after a ``}`` line at that indentation, that starts like a member (a decorator, or a
    name and ``(``). From there to the end of the swallowing method, the text is read again as
    the body of a class of its own (same lines, everything before blanked), and the method is
    ended before it."""
    lines = text.split("\n")
    out = list(found)
    structs = {f.entity.qualified for f in found if f.entity.kind == "struct"}
    for f in found:
        e = f.entity
        if f.clean or e.container is None or e.kind not in ("method", "build", "constructor"):
            continue
        head = lines[e.start_line - 1] if e.start_line <= len(lines) else ""
        indent = head[: len(head) - len(head.lstrip())]
        prev_close = False
        cut = 0
        for ln in range(e.start_line + 1, min(e.end_line, len(lines)) + 1):
            line = lines[ln - 1]
            if not line.strip():
                continue
            if prev_close and line.startswith(indent) and not line[len(indent)].isspace():
                m = _MEMBER_HEAD.match(line, len(indent))
                word = re.match(r"[\w$]+", line[len(indent) :])
                if m and not (word and word[0] in _NOT_MEMBER):
                    cut = ln
                    break
            prev_close = line.rstrip() == indent + "}"
        if not cut:
            continue
        region = ["" for _ in range(cut - 2)] + ["class __Resync {"]
        region += [*lines[cut - 1 : e.end_line], "}"]
        again, _ = read_source("\n".join(region), language, path, _resync=depth - 1)
        end = cut - 1
        while end > e.start_line and not lines[end - 1].strip():
            end -= 1
        out.remove(f)
        out.append(_Found(f.start, f.name_at, False, replace(e, end_line=max(end, e.start_line))))
        for ent in again.entities:
            if ent.start_line < cut or ent.container is None:
                continue
            container = e.container + ent.container.removeprefix("__Resync")
            kind = (
                "build"
                if ent.kind == "method" and ent.name == "build" and e.container in structs
                else ent.kind
            )
            out.append(_Found(-1, -1, False, replace(ent, container=container, kind=kind)))
    out.sort(key=lambda x: (x.entity.start_line, -x.entity.end_line))
    return out


def _still_broken(a: tree_sitter.Node, b: tree_sitter.Node, found: list[_Found]) -> bool:
    """Is some error of one reading not covered by the other? An error is covered when the
    other reading parsed cleanly a leaf declaration around it, or the top-level statement
    there."""
    clean_spans = [
        (f.entity.start_line, f.entity.end_line)
        for f in found
        if f.clean and f.entity.kind not in ("struct", "class", "interface", "namespace")
    ]

    def top_clean(root: tree_sitter.Node, line: int) -> bool:
        if root.is_error:  # the whole file is one error node: no statement stands on its own
            return False
        for child in root.children:
            s, e = child.start_point[0] + 1, child.end_point[0] + 1
            if s <= line <= e:
                return not child.has_error
        return True

    for root, other in ((a, b), (b, a)):
        for line in _error_lines(root):
            if top_clean(other, line) or any(s <= line <= e for s, e in clean_spans):
                continue
            return True
    return False


def _error_lines(root: tree_sitter.Node, limit: int = 200) -> list[int]:
    """The first lines of the innermost error and missing nodes (at most ``limit``)."""
    out: list[int] = []
    stack = [root]
    while stack and len(out) < limit:
        node = stack.pop()
        if not node.has_error:
            continue
        if (node.is_error and node != root) or node.is_missing:
            out.append(node.start_point[0] + 1)
            continue
        stack.extend(node.children)
    return out


def parse_file(file: str | Path, path: str | None = None) -> ParseResult:
    """Read and parse ``file`` (language from its suffix). ``path`` is the name the entities
    carry (default: ``file`` as given). An unreadable or oversized file, or one that is not a
    regular file (FIFO, device, folder, symlink loop), yields no entities and says why in
    ``error``; at most :data:`MAX_FILE_BYTES` + 1 bytes are ever read."""
    return read_file(file, path)[0]


def read_file(
    file: str | Path, path: str | None = None, previous: Reading | None = None
) -> tuple[ParseResult, Reading | None]:
    """:func:`parse_file`, and the reading to pass as ``previous`` when the file is read next
    (:func:`read_source`)."""
    file = Path(file)
    shown = path if path is not None else str(file)
    language = language_for(file)
    if language is None:
        return ParseResult(shown, None, (), error=f"not an .ets or .ts file: {file.name}"), None
    try:
        data = read_regular_file(file, MAX_FILE_BYTES)
    except NotRegularFile as exc:  # a FIFO, a device, a folder, a loop, too large: never read
        return ParseResult(shown, language, (), error=f"{exc}; not indexed"), None
    except OSError as exc:
        return ParseResult(shown, language, (), error=f"cannot read: {exc.strerror or exc}"), None
    return read_source(data, language, shown, previous)

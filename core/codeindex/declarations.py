"""What the tree-sitter walk extracts from a source's tree: its declarations (:func:`walk`)
and its calls (:func:`calls_in`), and how two readings of one file are made one.

Grammars come from wheels that carry them (``tree_sitter_arkts`` from tree-sitter-arkts-open,
``tree_sitter_typescript``); nothing is downloaded. A file is read with both grammars when one
reading has errors (:mod:`.reading`); the declarations of the two are merged by the position of
their names (:func:`merge_readings`).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace
from functools import cache

import tree_sitter
import tree_sitter_arkts
import tree_sitter_typescript
from hmdesk.core.codeindex.arkts_view import in_file, line_start
from hmdesk.core.codeindex.entities import Call, Entity


@cache
def _language(name: str) -> tree_sitter.Language:
    if name == "arkts":
        return tree_sitter.Language(tree_sitter_arkts.language())
    if name == "typescript":
        return tree_sitter.Language(tree_sitter_typescript.language_typescript())
    raise ValueError(f"unknown language {name!r}")


_local = threading.local()


def parser_for(name: str) -> tree_sitter.Parser:
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
class Found:
    """An entity as one tree gives it: where its node and its name start (bytes), and whether
    its node parsed cleanly (no error or missing node inside)."""

    start: int
    name_at: int
    clean: bool
    entity: Entity


def _name_node(node: tree_sitter.Node) -> tree_sitter.Node:
    return _field_or_child(node, "name", _NAME_TYPES) or node


def walk(
    node: tree_sitter.Node,
    path: str,
    container: str | None,
    out: list[Found],
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
            walk(child, path, container, out, structs, depth + 1)
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
                    walk(child, path, container, out, structs, depth + 1)
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
                Found(child.start_byte, _name_node(child).start_byte, not child.has_error, ent)
            )
            body = _body(child, body_types)
            if body is not None:
                inner = ent.qualified if kind != "struct" else _StructName(ent.qualified)
                walk(body, path, inner, out, structs, depth + 1)
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
                Found(child.start_byte, _name_node(child).start_byte, not child.has_error, ent)
            )
            continue
        if t in ("variable_declaration", "lexical_declaration"):
            for decl in child.named_children:
                if decl.type == "variable_declarator" and _function_value(decl):
                    start, end = _lines(decl)
                    ent = Entity(_name_of(decl), "function", path, start, end, _plain(container))
                    out.append(
                        Found(decl.start_byte, _name_node(decl).start_byte, not decl.has_error, ent)
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
def calls_query(language: str) -> tree_sitter.Query:
    # the called expression is a call's first child in both grammars (``function`` in
    # TypeScript's, an unnamed ``expression`` in ArkTS's); ``new Service()`` calls ``Service``
    return tree_sitter.Query(
        _language(language),
        "(call_expression . (_) @callee) (new_expression . (_) @callee)",
    )


def calls_in(
    language: str, root: tree_sitter.Node, src: bytes, moved: tuple[tuple[int, int], ...] = ()
) -> tuple[Call, ...]:
    """Every call's callee name and line (``new Service()`` calls ``Service``: its
    constructor), in line order (:func:`call_order`), at most :data:`MAX_CALLS`."""
    nodes = tree_sitter.QueryCursor(calls_query(language)).captures(root).get("callee", [])
    return tuple(callees(nodes, src, MAX_CALLS, moved))


def callees(
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
            start, end = in_file(start, moved), in_file(end, moved, end=True)
        text = src[max(start, end - 80) : end].rstrip(b" \t\r\n?!.")
        m = _CALLEE.search(text.decode("utf-8", errors="replace"))
        if m:
            out.append(Call(m[0], fn.start_point[0] + 1))
            if len(out) >= limit:
                break
    out.sort(key=call_order)
    return out


def line_of(call: Call) -> int:
    return call.line


def call_order(call: Call) -> tuple[int, str]:
    """Calls in line order, those of one line by name (the query's order among calls that start
    at one place, ``a(x).b()``, is not the same on every run)."""
    return call.line, call.callee


_DECORATORS_BEFORE = re.compile(
    rb"((?:@[A-Za-z_$][\w$.]*(?:[ \t]*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*)+)"
    rb"(?:(?:export|default|declare|public|private|protected|static|async|abstract|readonly"
    rb"|override)\s+)*\Z"
)


def with_decorators(found: list[Found], src: bytes) -> None:
    """Start each declaration at its first decorator (``@Entry``, ``@Builder``,
    ``@Extend(Text)``), which one grammar counts as part of the declaration and the other (or the
    view, which blanks function decorators) does not."""
    if b"@" not in src:
        return
    moves: list[tuple[int, Found]] = []
    for f in found:
        if src.rfind(b"@", max(0, f.start - 400), f.start) < 0:
            continue
        window = src[max(0, f.start - 400) : f.start]
        at = window.rfind(b"@")
        m = _DECORATORS_BEFORE.search(window, line_start(window, max(0, at - 200)))
        while m is not None and window[line_start(window, m.start()) : m.start()].strip():
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


def merge_readings(first: list[Found], second: list[Found]) -> list[Found]:
    """One list of the declarations two readings of a file found. Declarations are the same when
    their names start at the same byte; of those, one reading's are kept: the one that parsed
    them cleanly, then the one that placed them in a container, then the first. A declaration
    only one reading found is kept."""
    by_name: dict[int, tuple[list[Found], list[Found]]] = {}
    for f in first:
        by_name.setdefault(f.name_at, ([], []))[0].append(f)
    for f in second:
        by_name.setdefault(f.name_at, ([], []))[1].append(f)

    def score(group: list[Found]) -> tuple[bool, bool, bool]:
        # clean first; then one that has a container over one that lost it (a reading broken
        # around a struct reads its members as top-level functions); then the first reading
        return (
            any(f.clean for f in group),
            any(f.entity.container is not None for f in group),
            bool(group),
        )

    out: list[Found] = []
    for a, b in by_name.values():
        out.extend(a if score(a) >= score(b) else b)
    out.sort(key=lambda f: (f.start, -f.entity.end_line))
    return out


def still_broken(a: tree_sitter.Node, b: tree_sitter.Node, found: list[Found]) -> bool:
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

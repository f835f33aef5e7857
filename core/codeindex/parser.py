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

import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import tree_sitter
import tree_sitter_arkts
import tree_sitter_typescript
from hmdesk.core.toolchain.project import NotRegularFile, read_regular_file

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


@dataclass(frozen=True, slots=True)
class Call:
    """A call in the source: the called name as written last (``this.load()`` → ``load``,
    ``Logger.info(x)`` → ``info``) and the 1-based line it is on."""

    callee: str
    line: int


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


_TAG_KINDS = {
    "definition.component": "struct",
    "definition.class": "class",
    "definition.interface": "interface",
    "definition.type": "type",
    "definition.module": "namespace",
    "definition.function": "function",
    "definition.method": "method",
    "definition.constructor": "constructor",
}


@cache
def tags_query(name: str) -> tree_sitter.Query | None:
    """The grammar's ``tags.scm`` as a query, or None when it does not compile."""
    try:
        module = tree_sitter_arkts if name == "arkts" else tree_sitter_typescript
        text: str = getattr(module, "TAGS_QUERY")  # noqa: B009 (not in the packages' stubs)
        return tree_sitter.Query(_language(name), text)
    except Exception:  # noqa: BLE001 - QueryError, a missing or odd grammar file: the walker covers it
        return None


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


def _body(node: tree_sitter.Node, types: tuple[str, ...]) -> tree_sitter.Node | None:
    body = node.child_by_field_name("body")
    if body is not None:
        return body
    for child in node.named_children:
        if child.type in types:
            return child
    return None


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


def _walk(
    node: tree_sitter.Node,
    path: str,
    container: str | None,
    out: list[tuple[int, Entity]],
    depth: int = 0,
) -> None:
    if depth > 64:
        return
    for child in node.named_children:
        t = child.type
        if t in _PASS_THROUGH:
            _walk(child, path, container, out, depth + 1)
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
                    _walk(child, path, container, out, depth + 1)
                    continue
        if kind is not None:
            name = _name_of(child) or "<anonymous>"
            start, end = _lines(child)
            ent = Entity(name, kind, path, start, end, container)
            out.append((child.start_byte, ent))
            body = _body(child, body_types)
            if body is not None:
                _walk(body, path, ent.qualified, out, depth + 1)
            continue
        kind = _LEAVES.get(t)
        if kind is not None:
            if kind == "build":
                name = "build"
            elif kind == "constructor":
                name = "constructor"
            else:
                name = _name_of(child) or "<anonymous>"
            if kind == "method" and name == "constructor":
                kind = "constructor"
            start, end = _lines(child)
            out.append((child.start_byte, Entity(name, kind, path, start, end, container)))
            continue
        if t in ("variable_declaration", "lexical_declaration"):
            for decl in child.named_children:
                if decl.type == "variable_declarator" and _function_value(decl):
                    start, end = _lines(decl)
                    ent = Entity(_name_of(decl), "function", path, start, end, container)
                    out.append((decl.start_byte, ent))


def _containers_of(node: tree_sitter.Node, by_start: dict[int, Entity]) -> str | None:
    parent = node.parent
    while parent is not None:
        ent = by_start.get(parent.start_byte)
        if ent is not None and ent.kind in ("struct", "class", "interface", "namespace"):
            return ent.qualified
        parent = parent.parent
    return None


def _from_tags(
    language: str, root: tree_sitter.Node, path: str, known: dict[int, Entity]
) -> Iterator[tuple[int, Entity]]:
    query = tags_query(language)
    if query is None:
        return
    cursor = tree_sitter.QueryCursor(query)
    for _pattern, captures in cursor.matches(root):
        for cap, nodes in captures.items():
            kind = _TAG_KINDS.get(cap)
            if kind is None:
                continue
            for node in nodes:
                if node.start_byte in known:
                    continue
                names = captures.get("name") or []
                name = _text(names[0]) if names else _name_of(node)
                if not name:
                    continue
                start, end = _lines(node)
                ent = Entity(name, kind, path, start, end, _containers_of(node, known))
                known[node.start_byte] = ent
                yield node.start_byte, ent


_CALLEE = re.compile(r"([A-Za-z_$][\w$]*)[\s?!.]*$")
MAX_CALLS = 20_000
"""Calls kept per file (a generated file may hold far more; the first ones are kept)."""


def _calls(root: tree_sitter.Node) -> tuple[Call, ...]:
    """Every ``call_expression``'s callee name and line. The callee is read from the text of the
    called expression (its last identifier): the ArkTS and TypeScript grammars wrap it
    differently (``expression`` vs ``identifier`` / ``member_expression``)."""
    out: list[Call] = []
    stack = [root]
    while stack and len(out) < MAX_CALLS:
        node = stack.pop()
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            if fn is None and node.named_children:
                fn = node.named_children[0]
            if fn is not None and fn.type != "ERROR":
                m = _CALLEE.search(_text(fn)[-200:])
                if m:
                    out.append(Call(m[1], node.start_point[0] + 1))
        stack.extend(reversed(node.children))
    out.sort(key=lambda c: c.line)
    return tuple(out)


def decode(data: bytes) -> str:
    """Text of a source file: UTF-8 (a BOM dropped), undecodable bytes replaced."""
    return data.decode("utf-8-sig", errors="replace")


def parse_source(data: bytes | str, language: str, path: str = "") -> ParseResult:
    """Entities of one source text, in source order. Never raises on content."""
    text = data if isinstance(data, str) else decode(data)
    src = text.encode("utf-8", errors="replace")
    tree = _parser(language).parse(src)
    found: list[tuple[int, Entity]] = []
    _walk(tree.root_node, path, None, found)
    known = {pos: ent for pos, ent in found}
    found.extend(_from_tags(language, tree.root_node, path, known))
    found.sort(key=lambda pe: (pe[0], -pe[1].end_line))
    return ParseResult(
        path=path,
        language=language,
        entities=tuple(e for _, e in found),
        has_error=tree.root_node.has_error,
        calls=_calls(tree.root_node),
    )


def parse_file(file: str | Path, path: str | None = None) -> ParseResult:
    """Read and parse ``file`` (language from its suffix). ``path`` is the name the entities
    carry (default: ``file`` as given). An unreadable or oversized file, or one that is not a
    regular file (FIFO, device, folder, symlink loop), yields no entities and says why in
    ``error``; at most :data:`MAX_FILE_BYTES` + 1 bytes are ever read."""
    file = Path(file)
    shown = path if path is not None else str(file)
    language = language_for(file)
    if language is None:
        return ParseResult(shown, None, (), error=f"not an .ets or .ts file: {file.name}")
    try:
        data = read_regular_file(file, MAX_FILE_BYTES)
    except NotRegularFile as exc:  # a FIFO, a device, a folder, a loop, too large: never read
        return ParseResult(shown, language, (), error=f"{exc}; not indexed")
    except OSError as exc:
        return ParseResult(shown, language, (), error=f"cannot read: {exc.strerror or exc}")
    return parse_source(data, language, shown)

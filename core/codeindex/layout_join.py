"""From a component on the device's screen to the code that made it.

A node of a ``uitest dumpLayout`` tree (:mod:`hmdesk.core.toolchain.device.layout`) is joined to
the project's code by what ArkTS writes literally and the device reports back:

* ``id`` — ``.id('X')`` (the component's inspector id; also ``.key('X')``, its older name);
* ``key`` — ``.key('X')`` or ``.id('X')``;
* ``text`` — the literal first argument of ``Text('X')``, ``Button('X')``, ``Span('X')``, …;
* ``type`` — a ``struct`` of that name (a custom component);
* ``pagePath`` of the window node (``pages/Index``) — the page file ``…/ets/pages/Index.ets``.

Text set from a variable or a resource (``$r('app.string.x')``) has no literal to find; such a
node falls back to its nearest ancestor that links. Each link names the file and line, the
innermost entity there, and the memories anchored in that entity
(:class:`~hmdesk.core.codeindex.anchors.AnchorStore`).

The literals are read once per index (:class:`Literals`), from the files the index holds,
each bounded by the parser's file size limit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from hmdesk.core.bounded import InputError, read_input
from hmdesk.core.codeindex.anchors import Anchor
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.reading import MAX_FILE_BYTES
from hmdesk.core.toolchain.device.layout import Layout, Node

_ID_RE = re.compile(r"""\.(id|key)\(\s*(['"])([^'"\n]{1,200})\2\s*\)""")
_TEXT_RE = re.compile(
    r"""\b(?:Text|Button|Span|TextInput|TextArea|Toggle|Checkbox|Radio|MenuItem|Tab|SymbolSpan|Search)"""
    r"""\(\s*(?:\{\s*(?:placeholder|text|value)\s*:\s*)?(['"])([^'"\n]{1,200})\1"""
)
VIA_ORDER = ("id", "key", "text", "type", "page")


@dataclass(frozen=True)
class Place:
    path: str  # root-relative, as the index names it
    line: int


@dataclass(frozen=True)
class Link:
    """Node ``node`` comes from ``path:line`` (found through its ``via`` attribute's value)."""

    node: int
    via: str  # id | key | text | type | page | ancestor
    value: str
    path: str
    line: int
    entity: str | None = None  # the innermost declaration around the line
    others: int = 0  # further places with the same literal (the first is shown)
    memories: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "via": self.via,
            "value": self.value,
            "path": self.path,
            "line": self.line,
            "entity": self.entity,
            "others": self.others,
            "memories": list(self.memories),
        }


class Literals:
    """Where each id/key literal and each component text literal is written in the project."""

    def __init__(self, index: CodeIndex) -> None:
        self.index = index
        self.ids: dict[str, list[Place]] = {}
        self.texts: dict[str, list[Place]] = {}
        for rel in index.files():
            self._read(rel)

    def _read(self, rel: str) -> None:
        path = self.index.root / rel
        try:  # replaced by a FIFO or a device since the scan: skipped, never waited on
            data = read_input(path, limit=MAX_FILE_BYTES, what="the source file")
        except (OSError, InputError):
            return
        text = data.decode("utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            if "(" not in line:
                continue
            for m in _ID_RE.finditer(line):
                self.ids.setdefault(m[3], []).append(Place(rel, n))
            for m in _TEXT_RE.finditer(line):
                self.texts.setdefault(m[2], []).append(Place(rel, n))


def _page_file(index: CodeIndex, page: str) -> str | None:
    """The file of ``pagePath`` ``pages/Index`` (``…/ets/pages/Index.ets``)."""
    if not page or ".." in page:
        return None
    tail = f"/ets/{page.strip('/')}.ets"
    return next((f for f in index.files() if f.endswith(tail) or f == tail[1:]), None)


def _direct(node: Node, lits: Literals) -> tuple[str, str, list[Place]] | None:
    index = lits.index
    for via in ("id", "key"):
        value = node.get(via)
        if value and value in lits.ids:
            return via, value, lits.ids[value]
    text = node.text
    if text and text in lits.texts:
        return "text", text, lits.texts[text]
    typ = node.type
    if typ and typ[0].isupper():
        structs = [e for e in index.find(typ) if e.kind == "struct"]
        if structs:
            return "type", typ, [Place(e.path, e.start_line) for e in structs]
    page = node.get("pagePath")
    if page:
        rel = _page_file(index, page)
        if rel is not None:
            ents = [e for e in index.entities(rel) if e.kind == "struct"]
            return "page", page, [Place(rel, ents[0].start_line if ents else 1)]
    return None


def join(layout: Layout, lits: Literals, *, ancestors: bool = True) -> dict[int, Link]:
    """The link of every node that has one (directly, or through its nearest linked ancestor
    when ``ancestors``), by node index."""
    direct: dict[int, Link] = {}
    for node in layout.nodes:
        found = _direct(node, lits)
        if found is None:
            continue
        via, value, places = found
        place = places[0]
        ent = lits.index.at(place.path, place.line)
        direct[node.index] = Link(
            node.index,
            via,
            value,
            place.path,
            place.line,
            ent.qualified if ent else None,
            len(places) - 1,
        )
    if not ancestors:
        return direct
    out = dict(direct)
    for node in layout.nodes:
        if node.index in out or node.parent is None:
            continue
        up = out.get(node.parent)
        if up is not None:
            out[node.index] = Link(
                node.index, "ancestor", up.value, up.path, up.line, up.entity, up.others
            )
    return out


def with_memories(
    links: dict[int, Link], anchors: Iterable[Anchor], lits: Literals
) -> dict[int, Link]:
    """``links`` with the memories anchored in the entity around each link (or on its line)."""
    by_file: dict[str, list[Anchor]] = {}
    for a in anchors:
        if not a.stale:
            by_file.setdefault(a.path, []).append(a)
    out: dict[int, Link] = {}
    for i, link in links.items():
        found: list[str] = []
        ent = lits.index.at(link.path, link.line)
        for a in by_file.get(link.path, []):
            inside = ent is not None and (ent.contains(a.line) or a.symbol == ent.qualified)
            if (inside or a.line == link.line) and a.memory_id not in found:
                found.append(a.memory_id)
        out[i] = replace(link, memories=tuple(found))
    return out

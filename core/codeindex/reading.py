"""How a source file is read: decoded, bounded, read with the TypeScript grammar (an ``.ets``
file through its :func:`~.arkts_view.typescript_view`) and, when that reading has errors, with
the ArkTS grammar too; a saved file's next version read incrementally from the last one.

Reading never raises on content: bytes that are not UTF-8 are decoded with replacement, a file
that does not parse cleanly yields what tree-sitter recovered (``has_error`` tells).
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import tree_sitter
from hmdesk.core.bounded import InputError, read_input
from hmdesk.core.codeindex.arkts_view import View, line_start, typescript_view, without_arkts_words
from hmdesk.core.codeindex.declarations import (
    MAX_CALLS,
    Found,
    call_order,
    callees,
    calls_in,
    calls_query,
    line_of,
    merge_readings,
    parser_for,
    still_broken,
    walk,
    with_decorators,
)
from hmdesk.core.codeindex.entities import Call, ParseResult, calls_of, language_for

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Larger files are not parsed (generated bundles); they yield no entities."""


def decode(data: bytes) -> str:
    """Text of a source file: UTF-8 (a BOM dropped), undecodable bytes replaced."""
    return data.decode("utf-8-sig", errors="replace")


def _read(
    language: str, src: bytes, path: str, *, ets: bool = True, previous: Reading | None = None
) -> tuple[tree_sitter.Tree, list[Found], View, _Edit | None]:
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
        tree = parser_for(language).parse(view.text)
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
        tree = parser_for(language).parse(view.text, old)
        edit.changed = [(r.start_byte, r.end_byte) for r in old.changed_ranges(tree)]
    found: list[Found] = []
    walk(tree.root_node, path, None, found, view.structs)
    with_decorators(found, src)
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
    return text.count(b"\n", 0, offset), offset - line_start(text, offset)


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
    start, end = line_start(view, lo), _line_end(view, hi)
    cursor = tree_sitter.QueryCursor(calls_query("typescript"))
    while True:  # widen the lines to every callee that reaches into them
        cursor.set_byte_range(start, end)
        nodes = [
            n
            for n in cursor.captures(root).get("callee", [])
            if n.start_byte <= end and n.end_byte >= start
        ]
        wider = (
            min([start, *(line_start(view, n.start_byte) for n in nodes)]),
            max([end, *(_line_end(view, n.end_byte) for n in nodes)]),
        )
        if wider == (start, end):
            break
        start, end = wider
    first, last = _point(view, start)[0], _point(view, end)[0]
    delta = _point(view, edit.new_end)[0] - _point(previous.view.text, edit.old_end)[0]
    inside = [c for c in callees(nodes, src, MAX_CALLS, new.moved) if first < c.line <= last + 1]
    before = old[: bisect.bisect_left(old, first + 1, key=line_of)]  # in line order
    after = old[bisect.bisect_left(old, last + 2 - delta, key=line_of) :]
    if delta and after:
        names, lines = zip(*after, strict=True)
        after = calls_of(names, map(operator.add, lines, itertools.repeat(delta)))
    out = (*before, *inside, *after)
    return out if len(out) < MAX_CALLS else None


def _line_end(text: bytes, offset: int) -> int:
    """The offset of the newline that ends ``offset``'s line (the text's length on the last)."""
    at = text.find(b"\n", offset)
    return len(text) if at < 0 else at


def parse_source(data: bytes | str, language: str, path: str = "") -> ParseResult:
    """Entities of one source text, in source order. Never raises on content.

    Both ``.ets`` and ``.ts`` files are read first with the TypeScript grammar (an ``.ets`` file
    through :func:`typescript_view`): measured on real HarmonyOS apps, the tree-sitter ArkTS
    grammar fails on much ordinary TypeScript (ternaries, ``import type``, string literal
    unions, regex literals, ``-1``, class fields without semicolons …). When that reading has
    errors, the file is read again with the ArkTS grammar, which reads some ArkUI code the
    view does not, and each declaration is taken from the reading that parsed it cleanly
    (:func:`merge_readings`). ``has_error`` is set only when an error of one reading is not covered by a
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
        calls = calls_in("typescript", tree.root_node, src, view.moved)
    if has_error:
        other, found2, _, _ = _read("arkts", src, path)
        found = merge_readings(found, found2)
        has_error = still_broken(tree.root_node, other.root_node, found)
        more = calls_in("arkts", other.root_node, src)
        calls = tuple(sorted(set(calls) | set(more), key=call_order))
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
    text: str, language: str, path: str, found: list[Found], depth: int
) -> list[Found]:
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
        out.append(Found(f.start, f.name_at, False, replace(e, end_line=max(end, e.start_line))))
        for ent in again.entities:
            if ent.start_line < cut or ent.container is None:
                continue
            container = e.container + ent.container.removeprefix("__Resync")
            kind = (
                "build"
                if ent.kind == "method" and ent.name == "build" and e.container in structs
                else ent.kind
            )
            out.append(Found(-1, -1, False, replace(ent, container=container, kind=kind)))
    out.sort(key=lambda x: (x.entity.start_line, -x.entity.end_line))
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
        data = read_input(file, limit=MAX_FILE_BYTES, what="the source file")
    except InputError as exc:  # a FIFO, a device, a folder, a loop, too large: never read
        return ParseResult(shown, language, (), error=str(exc)), None
    except OSError as exc:
        return ParseResult(shown, language, (), error=f"cannot read: {exc.strerror or exc}"), None
    return read_source(data, language, shown, previous)

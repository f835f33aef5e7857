"""hmdesk-cli code-index / anchor / anchors / unanchor / impact: the code index, memory anchors,
and the callers of an entity with the memories anchored along them."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError, open_db, print_json, progress_line

if TYPE_CHECKING:
    from hmdesk.core.codeindex.anchors import AnchorStore
    from hmdesk.core.codeindex.entities import Entity
    from hmdesk.core.codeindex.index import CodeIndex

Handler = Callable[[argparse.Namespace], int]


def _project(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_dir():
        raise UsageError(f"{text} is not a folder; pass the project's root folder")
    return path.resolve()


def _index(text: str) -> CodeIndex:
    from hmdesk.core.codeindex.index import CodeIndex, cache_file_for

    root = _project(text)
    index = CodeIndex(root, cache_file=cache_file_for(root))
    index.scan(progress=progress_line("indexing", "files"))
    return index


@contextmanager
def _anchors(args: argparse.Namespace) -> Iterator[AnchorStore]:
    from hmdesk.core.codeindex.anchors import AnchorError, AnchorStore

    with open_db(args) as db:
        assert db is not None  # create=True always opens
        try:
            yield AnchorStore(db, actor="cli")
        except AnchorError as exc:
            raise UsageError(str(exc)) from exc


def _entity_line(e: Entity) -> str:
    return f"{e.path}:{e.start_line}-{e.end_line}\t{e.kind}\t{e.qualified}"


def cmd_code_index(args: argparse.Namespace) -> int:
    from hmdesk.core.codeindex.index import CodeIndex, cache_file_for

    root = _project(args.dir)
    index = CodeIndex(root, cache_file=cache_file_for(root))
    report = index.scan(progress=progress_line("indexing", "files"))
    entities = index.entities()
    if args.json:
        print_json(
            {
                "root": str(index.root),
                "files": report.files,
                "with_errors": report.with_errors,
                "unreadable": report.unreadable,
                "elapsed_ms": round(report.elapsed_s * 1000, 1),
                "entities": [e.to_json() for e in entities],
            }
        )
        return 0
    for e in entities:
        print(_entity_line(e))
    print(
        f"{len(entities)} entities in {report.files} files"
        + (f"; {len(report.with_errors)} with syntax errors" if report.with_errors else "")
        + (f"; {len(report.unreadable)} not read (--json says why)" if report.unreadable else ""),
        file=sys.stderr,
    )
    return 0


_AT = re.compile(r"^(?P<file>.+?):(?P<line>\d+)(?::\d+)?$")


def _parse_at(text: str) -> tuple[str, int]:
    """FILE:LINE or FILE:LINE:COL (as compilers print it)."""
    m = _AT.match(text.strip())
    if m is None or int(m["line"]) < 1:
        raise UsageError(f"--at wants FILE:LINE (line from 1), got {text!r}")
    return m["file"], int(m["line"])


def _pick(index: CodeIndex, args: argparse.Namespace) -> Entity:
    if args.symbol:
        found = index.find(args.symbol)
        if not found:
            near = index.find(args.symbol, mode="icase") or index.find(
                args.symbol.rsplit(".", 1)[-1]
            )
            hint = "; did you mean " + ", ".join(sorted({e.qualified for e in near})[:5]) + "?"
            raise UsageError(f"no symbol {args.symbol!r} in {index.root}" + (hint if near else ""))
        if len(found) > 1:
            where = ", ".join(f"{e.qualified} ({e.path}:{e.start_line})" for e in found[:5])
            raise UsageError(
                f"{args.symbol!r} names {len(found)} entities: {where}; "
                "pass a qualified name (Class.method) or --at FILE:LINE"
            )
        return found[0]
    file, line = _parse_at(args.at)
    path = Path(file).expanduser()
    if not path.is_absolute():
        path = (Path.cwd() / path) if (Path.cwd() / path).is_file() else index.root / path
    try:
        rel = index.relative(path)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if index.result(rel) is None:
        raise UsageError(f"{file} is not an indexed .ets/.ts file of {index.root}")
    ent = index.at(rel, line)
    if ent is None:
        raise UsageError(
            f"no struct, class, function or method at {rel}:{line}; anchor to a line inside one"
        )
    return ent


def cmd_anchor(args: argparse.Namespace) -> int:
    index = _index(args.project)
    ent = _pick(index, args)
    with _anchors(args) as anchors:
        anchor = anchors.add(args.memory_id, index.root, ent)
    if args.json:
        print_json(anchor.to_json())
    else:
        print(
            f"anchor {anchor.id}: {anchor.memory_id} → {anchor.symbol} ({anchor.path}:{anchor.line})"
        )
    return 0


def cmd_anchors(args: argparse.Namespace) -> int:
    from hmdesk.core.codeindex.index import CodeIndex
    from hmdesk.core.memory.errors import NotFound
    from hmdesk.core.memory.store import MemoryStore

    with _anchors(args) as store:
        # the memory must exist (deleted ones too: their anchors are still listed)
        try:
            MemoryStore(store.db).get(args.memory_id)
        except NotFound as exc:
            raise UsageError(str(exc)) from None
        project = _project(args.project) if args.project else None
        rows = store.for_memory(args.memory_id, project=str(project) if project else None)
        out: list[dict[str, Any]] = []
        indexes: dict[str, CodeIndex] = {}
        for a in rows:
            if project is None and not os.path.isdir(a.project):
                d = a.to_json()
                d.update(current=None, stale=True, moved=False)
                out.append(d)
                continue
            index = indexes.get(a.project)
            if index is None:
                index = indexes[a.project] = CodeIndex(a.project)
                index.scan()
            out.append(store.resolve(a, index).to_json())
    if args.json:
        print_json(out)
        return 0
    for d in out:
        cur = d["current"]
        where = (
            "STALE (symbol not found)"
            if cur is None
            else f"{cur['path']}:{cur['line']}" + (" (moved)" if d["moved"] else "")
        )
        print(f"{d['id']}\t{d['symbol']}\t{d['kind']}\t{where}\t{d['project']}")
    if not out:
        print(f"no anchors for {args.memory_id}", file=sys.stderr)
    return 0


def cmd_unanchor(args: argparse.Namespace) -> int:
    with _anchors(args) as store:
        anchor = store.remove(args.anchor_id)
    if args.json:
        print_json(anchor.to_json())
    else:
        print(f"removed anchor {anchor.id} ({anchor.memory_id} → {anchor.symbol})")
    return 0


def cmd_impact(args: argparse.Namespace) -> int:
    from hmdesk.core.codeindex.impact import impact

    index = _index(args.project)
    ent = _pick(index, args)
    with _anchors(args) as anchors:
        rows = impact(index, ent, anchors, depth=args.depth)
    if args.json:
        print_json(
            {"entity": ent.to_json(), "depth": args.depth, "impact": [r.to_json() for r in rows]}
        )
        return 0
    for r in rows:
        mems = f"\tmemories: {', '.join(a.memory_id for a in r.anchors)}" if r.anchors else ""
        print(f"{'  ' * r.level}{r.level}\t{_entity_line(r.entity)}{mems}")
    if len(rows) == 1:
        print(f"nothing in {index.root} calls {ent.qualified}", file=sys.stderr)
    return 0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return value


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    def add(name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = subparsers.add_parser(name, parents=[common], help=help)
        p.set_defaults(func=handler)
        return p

    p = add("code-index", cmd_code_index, "list the structs, classes, functions of a project")
    p.add_argument(
        "dir", metavar="DIR", help="project root (node_modules, oh_modules, build… are skipped)"
    )

    p = add("anchor", cmd_anchor, "tie a memory to a symbol of a project")
    p.add_argument("memory_id", metavar="ID", help="the memory's id")
    p.add_argument("--project", required=True, metavar="DIR", help="project root")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--symbol", help="a name or qualified name (Index.build)")
    g.add_argument("--at", metavar="FILE:LINE", help="the innermost entity at this line")

    p = add("anchors", cmd_anchors, "a memory's anchors, resolved to where the code is now")
    p.add_argument("memory_id", metavar="ID", help="the memory's id")
    p.add_argument("--project", metavar="DIR", help="only anchors in this project")

    p = add(
        "impact", cmd_impact, "an entity's callers to depth N and the memories anchored on them"
    )
    p.add_argument("--project", required=True, metavar="DIR", help="project root")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--symbol", help="a name or qualified name (Index.build)")
    g.add_argument("--at", metavar="FILE:LINE", help="the innermost entity at this line")
    p.add_argument(
        "--depth", type=_positive_int, default=2, metavar="N", help="levels of callers (default 2)"
    )

    p = add("unanchor", cmd_unanchor, "remove an anchor")
    p.add_argument(
        "anchor_id", type=_positive_int, metavar="ANCHOR", help="the anchor's number (see anchors)"
    )

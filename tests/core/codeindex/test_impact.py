"""Calls in the parse result and the callers of an entity to depth N (a call graph by name)."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.reading import parse_source

UTIL = """\
export function fetchData(url: string): string {
  return normalise(url)
}

export function normalise(s: string): string {
  return s.trim()
}
"""
SERVICE = """\
import { fetchData } from './util'

export class Service {
  load(): string {
    return fetchData('a')
  }

  reload(): string {
    this.clear()
    return this.load()
  }

  clear(): void {}
}

function boot(s: Service): void {
  s.reload()
}
"""


def project(tmp_path: Path) -> CodeIndex:
    src = tmp_path / "entry" / "src" / "main" / "ets"
    src.mkdir(parents=True)
    (src / "util.ts").write_text(UTIL, encoding="utf-8")
    (src / "Service.ts").write_text(SERVICE, encoding="utf-8")
    index = CodeIndex(tmp_path)
    index.scan()
    return index


def test_calls_are_read_with_their_callee_name_and_line() -> None:
    result = parse_source(SERVICE, "typescript", "Service.ts")
    assert [(c.callee, c.line) for c in result.calls] == [
        ("fetchData", 5),
        ("clear", 9),
        ("load", 10),
        ("reload", 17),
    ]
    assert parse_source("", "arkts").calls == ()


def test_impact_walks_the_callers_to_the_depth_asked(tmp_path: Path) -> None:
    index = project(tmp_path)
    (normalise,) = index.find("normalise")
    assert [e.qualified for e in index.callers("normalise")] == ["fetchData"]
    assert [(lvl, e.qualified) for lvl, e in index.impact(normalise, depth=1)] == [(1, "fetchData")]
    deep = [(lvl, e.qualified) for lvl, e in index.impact(normalise, depth=4)]
    assert deep == [(1, "fetchData"), (2, "Service.load"), (3, "Service.reload"), (4, "boot")]
    assert index.impact(normalise, depth=0) == []
    (boot,) = index.find("boot")
    assert index.impact(boot, depth=3) == []  # nobody calls it


def test_recursion_and_the_limit_end_the_walk(tmp_path: Path) -> None:
    (tmp_path / "r.ts").write_text(
        "function a(): void { b() }\nfunction b(): void { a() }\n", encoding="utf-8"
    )
    index = CodeIndex(tmp_path)
    index.scan()
    (a,) = index.find("a")
    assert [(lvl, e.name) for lvl, e in index.impact(a, depth=10)] == [(1, "b")]
    assert len(index.impact(a, depth=10, limit=1)) == 1


def test_the_callers_follow_a_file_change(tmp_path: Path) -> None:
    index = project(tmp_path)
    service = tmp_path / "entry" / "src" / "main" / "ets" / "Service.ts"
    service.write_text(SERVICE.replace("return fetchData('a')", "return 'cached'"), "utf-8")
    index.update_file(service)
    assert index.callers("fetchData") == []


def test_impact_lists_the_memories_anchored_along_the_callers(tmp_path: Path) -> None:
    from hmdesk.core.codeindex.anchors import AnchorStore
    from hmdesk.core.codeindex.impact import impact
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    index = project(tmp_path / "p")
    db = Database(tmp_path / "m.db")
    try:
        store = MemoryStore(db)
        about_load = store.add("Service.load caches the first answer").id
        about_boot = store.add("boot runs before the window exists").id
        anchors = AnchorStore(db)
        (load,) = index.find("Service.load")
        (boot,) = index.find("boot")
        anchors.add(about_load, index.root, load)
        anchors.add(about_boot, index.root, boot)
        (normalise,) = index.find("normalise")
        rows = impact(index, normalise, anchors, depth=4)
        assert [(r.level, r.entity.qualified, [a.memory_id for a in r.anchors]) for r in rows] == [
            (0, "normalise", []),
            (1, "fetchData", []),
            (2, "Service.load", [about_load]),
            (3, "Service.reload", []),
            (4, "boot", [about_boot]),
        ]
        assert rows[2].to_json()["memories"] == [about_load]
        assert len(impact(index, normalise, anchors, depth=99)) == 5  # capped, same here
    finally:
        db.close()


def test_new_is_a_call_of_the_class_and_reaches_its_constructor(tmp_path: Path) -> None:
    src = tmp_path / "src" / "main" / "ets"
    src.mkdir(parents=True)
    (src / "Service.ts").write_text(
        "export class Service {\n  constructor() {}\n}\n"
        "export function make(): Service {\n  return new Service();\n}\n"
    )
    index = CodeIndex(tmp_path)
    index.scan()
    ctor = next(e for e in index.find("constructor") if e.container == "Service")
    assert [(lvl, e.qualified) for lvl, e in index.impact(ctor)] == [(1, "make")]

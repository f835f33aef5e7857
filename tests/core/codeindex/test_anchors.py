"""Anchors: add/remove/list with history events, resolution as code moves, stale symbols,
recall for a file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import AnchorError, AnchorStore, locate
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

from .sources import ABILITY, ENTRY_ABILITY_ETS, INDEX, INDEX_ETS, write_project


@pytest.fixture
def env(tmp_path: Path):
    project = write_project(tmp_path / "proj")
    index = CodeIndex(project)
    index.scan()
    db = Database(tmp_path / "a.db")
    store = MemoryStore(db)
    yield project, index, db, store
    store.close()
    db.close()


def test_add_list_remove_with_history(env):
    project, index, db, store = env
    m = store.add("build() must return one root container", tags=["arkui"])
    changed: list[set[str]] = []
    anchors = AnchorStore(db, on_change=changed.append)
    build = index.find("Index.build")[0]
    a = anchors.add(m.id, project, build)
    assert (a.symbol, a.kind, a.path, a.line, a.stale) == ("Index.build", "build", INDEX, 12, False)
    assert a.project == str(project.resolve())
    assert anchors.for_memory(m.id) == [a]
    assert anchors.for_file(project, INDEX) == [a]
    assert anchors.for_symbols(project, ["Index.build", "Nope"]) == [a]
    assert anchors.for_memory(m.id, project=str(project / "entry")) == []
    kinds = [(e.kind, e.field) for e in store.history(m.id)]
    assert kinds == [("add", None), ("anchor", "anchor")]
    assert store.history(m.id)[-1].new["symbol"] == "Index.build"
    assert anchors.remove(a.id) == a
    assert anchors.for_memory(m.id) == []
    last = store.history(m.id)[-1]
    assert (last.kind, last.old["id"], last.new) == ("unanchor", a.id, None)
    assert changed == [{m.id}, {m.id}]
    with pytest.raises(AnchorError, match="no anchor"):
        anchors.remove(a.id)
    with pytest.raises(AnchorError, match="no memory"):
        anchors.add("mem-nope", project, build)


def test_undo_skips_anchor_events_and_revert_refuses_them(env):
    project, index, db, store = env
    m = store.add("first")
    store.edit(m.id, content="second")
    AnchorStore(db).add(m.id, project, index.find("onCreate")[0])
    store.undo_last()  # undoes the edit, not the anchor (and does not delete the memory)
    assert store.get(m.id).content == "first" and not store.get(m.id).is_deleted
    from hmdesk.core.memory.store import StoreError

    anchor_event = next(e for e in store.history(m.id) if e.kind == "anchor")
    with pytest.raises(StoreError, match="cannot be reverted"):
        store.revert(anchor_event.id)
    assert not store.get(m.id).is_deleted


def test_deleting_a_memory_row_cascades(env):
    project, index, db, store = env
    m = store.add("x")
    anchors = AnchorStore(db)
    anchors.add(m.id, project, index.find("onCreate")[0])
    import sqlalchemy as sa

    with db.write() as s:
        s.execute(sa.text("DELETE FROM memories WHERE id = :id"), {"id": m.id})
    assert anchors.for_memory(m.id) == []


def test_anchor_follows_the_symbol_when_lines_move(env):
    project, index, db, store = env
    m = store.add("onCreate runs before the window exists")
    anchors = AnchorStore(db)
    a = anchors.add(m.id, project, index.find("EntryAbility.onCreate")[0])
    assert a.line == 5
    f = project / ABILITY
    f.write_text(
        ENTRY_ABILITY_ETS.replace(
            "export default class",
            "const TAG = 'x';\n\nfunction log(): void {}\n\nexport default class",
        ),
        encoding="utf-8",
    )
    index.update_file(f)
    res = anchors.resolve(a, index)
    assert not res.stale and res.moved and (res.path, res.line) == (ABILITY, 9)
    assert res.to_json()["current"] == {"path": ABILITY, "line": 9, "end_line": 11}
    stored = anchors.get(a.id)
    assert (stored.line, stored.stale) == (9, False) and stored.last_seen
    assert not anchors.resolve(stored, index).moved


def test_deleted_symbol_goes_stale_and_comes_back(env):
    project, index, db, store = env
    m = store.add("aboutToAppear pitfall")
    anchors = AnchorStore(db)
    a = anchors.add(m.id, project, index.find("Index.aboutToAppear")[0])
    f = project / INDEX
    without = INDEX_ETS.replace(
        "  aboutToAppear(): void {\n    hilog.info(0x0000, 'testTag', 'appear');\n  }\n", ""
    )
    assert without != INDEX_ETS
    f.write_text(without, encoding="utf-8")
    index.update_file(f)
    res = anchors.resolve(a, index)
    assert res.stale and res.entity is None and res.to_json()["current"] is None
    assert anchors.get(a.id).stale
    f.write_text(INDEX_ETS, encoding="utf-8")
    index.update_file(f)
    assert not anchors.resolve(anchors.get(a.id), index).stale
    assert not anchors.get(a.id).stale


def test_renamed_file_is_followed_when_the_symbol_is_unique(env):
    project, index, db, store = env
    m = store.add("x")
    a = AnchorStore(db).add(m.id, project, index.find("EntryAbility")[0])
    old = project / ABILITY
    new = old.with_name("MainAbility.ets")
    old.rename(new)
    index.scan()
    ent = locate(a, index)
    assert ent is not None and ent.path.endswith("MainAbility.ets")

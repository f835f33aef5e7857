"""hmharness workspaces whose names hold spaces (``[ws:my big app]`` in memory.md): the notes
are imported, found by their workspace, and can be edited afterwards."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.notes import import_notes_file
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

NOTES = (
    "- [2026-11-29 19:02] hvigor clean fixes the stale .hvigor cache [ws:my big app]\n"
    "- [2026-11-29 19:05] hvigor daemon hangs after an SDK update [ws:other]\n"
)


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s  # type: ignore[misc]
    s.close()
    db.close()


def _found(store: MemoryStore, query: Query) -> list[str]:
    r = Retriever(store)
    try:
        return [x.memory.content for x in r.search(query).results]
    finally:
        r.close()


@pytest.mark.hostile("workspace-name-with-spaces")
def test_a_note_of_a_workspace_with_spaces_can_be_edited_and_found(
    store: MemoryStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "memory.md"
    path.write_text(NOTES, "utf-8")
    assert import_notes_file(store, path).imported == 2
    note = next(m for m in store.list() if "stale" in m.content)
    assert "ws:my-big-app" in note.tags
    edited = store.edit(note.id, content="hvigor clean fixes the stale cache (and restart)")
    assert edited.content.endswith("(and restart)")
    db = str(store.db.path)
    assert main(["edit", "--db", db, note.id, "--content", "hvigor clean, then rebuild"]) == 0
    capsys.readouterr()
    want = ["hvigor clean, then rebuild"]
    assert _found(store, Query("hvigor", workspace="my big app")) == want
    assert _found(store, Query("ws:my-big-app hvigor")) == want
    assert main(["query", "--db", db, "--ws", "my big app", "hvigor", "--json"]) == 0
    assert "hvigor clean, then rebuild" in capsys.readouterr().out


@pytest.mark.hostile("workspace-name-with-spaces")
def test_a_note_stored_with_spaces_in_its_tag_is_repaired(
    store: MemoryStore, tmp_path: Path
) -> None:
    path = tmp_path / "memory.md"
    path.write_text(NOTES, "utf-8")
    import_notes_file(store, path)
    note = next(m for m in store.list() if "stale" in m.content)
    conn = sqlite3.connect(store.db.path)  # as an earlier hmdesk stored it
    with conn:
        conn.execute(
            "UPDATE memories SET tags = ? WHERE id = ?", ('["note", "ws:my big app"]', note.id)
        )
    conn.close()
    assert store.edit(note.id, content="edited").tags == ("note", "ws:my-big-app")
    conn = sqlite3.connect(store.db.path)
    with conn:
        conn.execute(
            "UPDATE memories SET tags = ? WHERE id = ?", ('["note", "ws:my big app"]', note.id)
        )
    conn.close()
    import_notes_file(store, path)  # the next import (the live sync) repairs it too
    assert store.get(note.id).tags == ("note", "ws:my-big-app")

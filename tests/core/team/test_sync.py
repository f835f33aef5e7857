"""push/pull between a personal SQLite store and a PostgreSQL team store: ids kept, authors
kept, conflicts returned as data and never overwritten, a second copy changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team.sync import authors, copy_memories, written_by

from tests.fixtures.postgres import fresh_url


@pytest.fixture
def personal(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "me.db")
    s = MemoryStore(db, actor="alice")
    yield s
    s.close()
    db.close()


@pytest.fixture
def team() -> Iterator[MemoryStore]:
    with fresh_url() as url:
        db = Database(url)
        s = MemoryStore(db, actor="bob")
        yield s
        s.close()
        db.close()


def test_push_keeps_ids_and_author_and_is_idempotent(personal, team):
    a = personal.add("sign the HAP with the release profile", tags=["signing"])
    b = personal.add("hdc file send needs an absolute path")
    report = copy_memories(personal, team, [a.id, b.id, "mem-000000000000"], verb="pushed")
    assert report.copied == [a.id, b.id] and report.missing == ["mem-000000000000"]
    got = team.get(a.id)
    assert (got.content, got.tags) == (a.content, a.tags)
    assert authors(team)[a.id] == "alice"
    assert written_by(team, "alice") == {a.id, b.id}
    assert "pushed from" in (team.history(a.id)[0].reason or "")
    again = copy_memories(personal, team, [a.id, b.id])
    assert again.copied == [] and again.unchanged == [a.id, b.id] and again.conflicts == []
    assert team.count() == 2


def test_a_conflict_is_reported_and_not_overwritten(personal, team):
    a = personal.add("clean the build cache first")
    copy_memories(personal, team, [a.id])
    team.edit(a.id, content="clean the build cache and .hvigor first", reason="more exact")
    report = copy_memories(personal, team, [a.id])
    assert report.copied == [] and [c.id for c in report.conflicts] == [a.id]
    conflict = report.conflicts[0]
    assert conflict.fields == ["content"]
    assert conflict.source == {"content": "clean the build cache first"}
    assert conflict.target == {"content": "clean the build cache and .hvigor first"}
    assert team.get(a.id).content == "clean the build cache and .hvigor first"
    assert report.to_json()["conflicts"][0]["id"] == a.id


def test_pull_brings_the_team_memories_with_their_authors(personal, team):
    t = team.add("the emulator needs x86_64 images")
    report = copy_memories(team, personal, [t.id], verb="pulled")
    assert report.copied == [t.id]
    assert personal.get(t.id).content == t.content
    assert authors(personal)[t.id] == "bob"
    assert written_by(personal, "alice") == set()

"""Sync conflicts kept for review: recorded by a pull (or push), taken over as one undo step,
or closed with this side kept (two SQLite stores here; the team store is PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team import conflicts as cf
from hmdesk.core.team.sync import copy_memories


def test_a_pulled_conflict_is_kept_then_taken_or_closed(tmp_path: Path) -> None:
    team_db, mine_db = Database(tmp_path / "team.db"), Database(tmp_path / "mine.db")
    try:
        team, mine = MemoryStore(team_db, actor="bob"), MemoryStore(mine_db, actor="alice")
        a = team.add("hvigor: clean the cache", tags=["hvigor"]).id
        b = team.add("hdc: restart the server").id
        copy_memories(team, mine, [a, b])
        team.edit(a, content="hvigor: clean .hvigor and the build folder", tags=["hvigor", "cache"])
        team.set_confidence(a, 0.9, reason="worked twice")
        mine.edit(a, content="hvigor: clean the cache, then sync")
        team.edit(b, content="hdc: kill-server then start-server")
        mine.edit(b, content="hdc: restart it")
        report = copy_memories(team, mine, [a, b], verb="pulled")
        assert sorted(c.id for c in report.conflicts) == sorted([a, b])
        assert cf.record(mine, report.conflicts, other="team.db", direction="pull") == 2
        again = copy_memories(team, mine, [a, b], verb="pulled")  # a second pull: same rows
        cf.record(mine, again.conflicts, other="team.db", direction="pull")
        rows = {c.memory_id: c for c in cf.open_conflicts(mine)}
        assert set(rows) == {a, b}
        ca = rows[a]
        assert ca.mine["content"] == "hvigor: clean the cache, then sync"
        assert ca.theirs["content"] == "hvigor: clean .hvigor and the build folder"
        assert set(ca.fields) >= {"content", "tags", "confidence"}
        assert mine.get(a).content == "hvigor: clean the cache, then sync"  # nothing overwritten

        changed = cf.take_theirs(mine, ca.id)
        assert set(changed) == {"content", "tags", "confidence"}
        now = mine.get(a)
        assert (now.content, list(now.tags), now.confidence) == (
            "hvigor: clean .hvigor and the build folder",
            ["hvigor", "cache"],
            0.9,
        )
        history = [e for e in mine.history(a) if e.reason and "sync: took" in e.reason]
        assert len({e.group_id for e in history}) == 1  # one step
        mine.undo_last()
        assert mine.get(a).content == "hvigor: clean the cache, then sync"

        kept = cf.keep_mine(mine, rows[b].id)
        assert kept.memory_id == b and mine.get(b).content == "hdc: restart it"
        assert cf.open_conflicts(mine) == []
        with pytest.raises(StoreError, match="no open sync conflict"):
            cf.take_theirs(mine, rows[b].id)
    finally:
        team_db.close()
        mine_db.close()

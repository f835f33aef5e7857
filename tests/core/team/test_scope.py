"""Whose memories: mine (I wrote them) or the team's, a filter after the ranking (SQLite here;
the same code runs on a team store)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team.scope import AuthorCache, search_scoped


def test_mine_and_team_split_the_ranking_without_changing_scores(tmp_path: Path) -> None:
    db = Database(tmp_path / "m.db")
    try:
        alice, bob = MemoryStore(db, actor="alice"), MemoryStore(db, actor="bob")
        a1 = alice.add("hvigor build fails: clean the cache", confidence=0.9).id
        b1 = bob.add("hvigor build fails behind a proxy", confidence=0.8).id
        a2 = alice.add("hvigor build slow: daemon off", confidence=0.5).id
        retriever = Retriever(alice)
        try:
            cache = AuthorCache(alice)
            who = cache.get()
            assert who == {a1: "alice", b1: "bob", a2: "alice"}
            now = datetime.now(UTC)  # one moment for every search: equal recency
            q = Query(text="hvigor build", limit=1, now=now)
            everyone = retriever.search(Query(text="hvigor build", limit=10, now=now))
            scores = {r.memory.id: r.score for r in everyone.results}
            mine = search_scoped(retriever.search, q, "mine", who, "alice")
            assert [r.memory.id for r in mine.results] == [a1]  # the top 1 of alice's two
            assert mine.matched == 2 and mine.filtered["scope"] == 1 and mine.query is q
            team = search_scoped(retriever.search, q, "team", who, "alice")
            assert [(r.memory.id, r.score) for r in team.results] == [(b1, scores[b1])]
            assert (
                search_scoped(retriever.search, q, "all", who, "alice").results[0].memory.id == a1
            )
            b2 = bob.add("hvigor build on CI: pin the SDK").id
            assert cache.get()[b2] == "bob"  # the event log moved: read again
        finally:
            retriever.close()
    finally:
        db.close()

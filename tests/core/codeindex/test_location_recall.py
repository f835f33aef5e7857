"""Recall by location: anchors at the entity, then at its callers by level, then text matches."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.location_recall import (
    Location,
    parse_location,
    recall_by_location,
)
from hmdesk.core.db import Database
from hmdesk.core.memory.recall_floor import recall_for_terms
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

from .test_impact import project

UTIL_PATH = "entry/src/main/ets/util.ts"


@pytest.fixture
def env(tmp_path: Path):
    index = project(tmp_path)
    db = Database(tmp_path / "a.db")
    store = MemoryStore(db)
    retriever = Retriever(store)
    yield tmp_path, index, db, store, retriever
    retriever.close()
    store.close()
    db.close()


def _anchor(db: Database, index: CodeIndex, memory_id: str, symbol: str) -> None:
    AnchorStore(db).add(memory_id, index.root, index.find(symbol)[0])


def test_parse_location() -> None:
    assert parse_location("a/b.ets:12:5") == Location("a/b.ets", 12, 5)
    assert parse_location("C:\\p\\b.ets:7") == Location("C:\\p\\b.ets", 7)
    assert parse_location("b.ets") is None
    assert parse_location(None) is None


def test_anchor_at_entity_then_callers_then_text(env) -> None:
    root, index, db, store, retriever = env
    caller2 = store.add("Service load retries twice before failing", tags=["service"])
    entity = store.add("normalise trims but never lowercases urls", tags=["url"])
    caller1 = store.add("fetchData must be given an absolute url", tags=["url"])
    text_only = store.add("trim error: url normalise compile error seen before", tags=["url"])
    unrelated = store.add("sign the hap before install", tags=["signing"])
    _anchor(db, index, caller2.id, "Service.load")
    _anchor(db, index, caller1.id, "fetchData")
    _anchor(db, index, entity.id, "normalise")
    text = recall_for_terms(retriever, ["normalise", "url", "trim"])
    assert any(s.memory.id == entity.id for s in text.results)  # also a text match: once only
    # a compile error at line 6 of util.ts: inside normalise (lines 5-7)
    got = recall_by_location(retriever, index, [Location(str(root / UTIL_PATH), 6, 10)], text)
    ids = [r.memory.id for r in got]
    assert ids[:3] == [entity.id, caller1.id, caller2.id]
    assert [r.via for r in got[:3]] == ["anchor"] * 3
    assert [r.label for r in got[:3]] == [
        "anchored to normalise",
        "anchored to a caller: fetchData",
        "anchored to a caller: Service.load",
    ]
    assert [r.level for r in got[:3]] == [0, 1, 2]
    assert got[0].score > got[1].score > got[2].score
    assert len(ids) == len(set(ids))
    assert text_only.id in ids[3:] and unrelated.id not in ids
    assert all(r.via == "text" and r.label == "text match" for r in got[3:])
    assert got[3].to_json() == {
        "id": got[3].memory.id,
        "score": round(got[3].score, 4),
        "via": "text",
    }


def test_depth_one_and_no_index_or_outside(env) -> None:
    root, index, db, store, retriever = env
    caller2 = store.add("Service load note")
    _anchor(db, index, caller2.id, "Service.load")
    loc = [Location(UTIL_PATH, 6)]
    assert recall_by_location(retriever, index, loc, None) != []
    assert recall_by_location(retriever, index, loc, None, depth=1) == []
    assert recall_by_location(retriever, None, loc, None) == []
    assert recall_by_location(store, index, [Location(str(root.parent / "x.ts"), 1)], None) == []
    assert recall_by_location(store, index, [Location(UTIL_PATH, 999)], None) == []


def test_deleted_or_superseded_memory_is_not_recalled(env) -> None:
    _root, index, db, store, retriever = env
    m = store.add("normalise pitfall")
    _anchor(db, index, m.id, "normalise")
    store.delete(m.id)
    assert recall_by_location(retriever, index, [Location(UTIL_PATH, 6)], None) == []
    old = store.add("normalise trims the input")
    _anchor(db, index, old.id, "normalise")
    store.supersede(old.id, content="normalise trims and lower-cases the input", reason="clearer")
    assert recall_by_location(retriever, index, [Location(UTIL_PATH, 6)], None) == []

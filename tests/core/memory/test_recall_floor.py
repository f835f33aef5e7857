"""The recall floor (``core.memory.recall_floor``): generic words alone never recall a pitfall."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.recall_floor import recall_floor, weak_reason
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

# the doctor's terms for install code 9568320 (kind, code, 安装失败, first words of its meaning)
TERMS_9568320 = "signing 9568320 install 安装失败 no signature file."


@pytest.fixture
def memories(tmp_path: Path) -> Iterator[tuple[Retriever, dict[str, str]]]:
    db = Database(tmp_path / "hmdesk.db")
    store = MemoryStore(db)
    add = store.add
    ids = {
        "signing": add(
            "Install failed with 9568320 no signature: the HAP is unsigned, add signingConfigs",
            tags=["signing", "install", "9568320"],
            confidence=0.8,
        ).id,
        "code-only": add("9568320 again: regenerate the debug certificate", confidence=0.8).id,
        "coffee": add("There is no coffee left in the kitchen", tags=["office"]).id,
        "config": add("Keep the config file small and documented", tags=["docs"]).id,
        "launch": add(
            "aa start failed 10104001: the ability does not exist",
            tags=["launch", "aa"],
            confidence=0.8,
        ).id,
    }
    yield Retriever(store), ids
    db.close()


def test_generic_words_alone_do_not_recall(memories: tuple[Retriever, dict[str, str]]) -> None:
    retriever, ids_of = memories
    raw = retriever.search(Query(text=TERMS_9568320, limit=20))
    raw_ids = [s.memory.id for s in raw.results]
    # the retriever itself returns the stray matches (tiny lexical scores) …
    assert ids_of["coffee"] in raw_ids and ids_of["config"] in raw_ids
    shown = recall_floor(raw, limit=5)
    ids = [s.memory.id for s in shown.results]
    # … the floor does not: "no" / "file" / 失败 alone are not a reason
    assert ids[0] == ids_of["signing"]
    assert ids_of["code-only"] in ids  # the error code alone is: specific
    assert ids_of["coffee"] not in ids and ids_of["config"] not in ids
    assert ids_of["launch"] not in ids  # only "失败" and "no" in common
    weak = len(raw.results) - len(ids)
    assert weak >= 3 and shown.filtered["weak_match"] == weak
    assert shown.note is not None and "weak match" in shown.note
    # explanations untouched: the very ScoredMemory objects of the retriever
    assert all(any(s is r for r in raw.results) for s in shown.results)
    top = shown.results[0]
    assert {"confidence", "recency", "lexical"} <= set(top.components)
    assert any(tm.matched and tm.content_spans for tm in top.terms)


def test_reasons_and_floor(memories: tuple[Retriever, dict[str, str]]) -> None:
    retriever, ids = memories
    raw = retriever.search(Query(text=TERMS_9568320, limit=20))
    by_id = {s.memory.id: s for s in raw.results}
    n = len(raw.terms)
    assert "generic" in (weak_reason(by_id[ids["coffee"]], n) or "")
    assert weak_reason(by_id[ids["signing"]], n) is None
    assert weak_reason(by_id[ids["code-only"]], n) is None
    # few terms: no lexical floor, a strong word is enough
    two = retriever.search(Query(text="coffee kitchen", limit=5))
    assert [s.memory.id for s in recall_floor(two).results] == [ids["coffee"]]

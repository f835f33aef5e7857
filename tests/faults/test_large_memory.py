"""A pasted build log as one memory: the search explains it with bounded spans per term (the
first MAX_SPANS and how many more), so the answer stays the size of the memory, not of every
occurrence of every term in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.jsonl import import_file
from hmdesk.core.memory.retrieve.scoring import MAX_SPANS
from hmdesk.core.memory.store import MemoryStore

LINE = "hvigor ERROR: build xx failed at step 12; "  # 42 characters
REPEAT = 50_000  # a 2 MB memory (the 20 MB behaves alike, ten times slower)


@pytest.mark.hostile("memory-of-megabytes")
def test_a_huge_memory_is_explained_with_bounded_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = LINE * REPEAT
    record = {
        "id": "mem-buildlog",
        "layer": "episodic",
        "content": content,
        "source": "learning-loop",
        "provenance": "paste",
        "confidence": 0.8,
        "timestamp": "2026-11-01T10:00:00.000Z",
        "environment": "harmonyos",
        "session": "s1",
        "tags": ["build"],
    }
    path = tmp_path / "memory.jsonl"
    path.write_text(json.dumps(record) + "\n", "utf-8")
    db = Database(tmp_path / "m.db")
    store = MemoryStore(db)
    try:
        assert import_file(store, path).imported == 1
        store.add("hdc install fails with 9568320", confidence=0.5)
    finally:
        store.close()
        db.close()
    assert main(["query", "--db", str(tmp_path / "m.db"), "build xx", "--json"]) == 0
    out = capsys.readouterr().out
    answer = json.loads(out)
    top = answer["results"][0]
    assert top["id"] == "mem-buildlog" and top["content"] == content
    for term in top["terms"]:
        assert len(term["content_spans"]) == MAX_SPANS
        assert term["more_spans"] == REPEAT - MAX_SPANS  # "… N more": counted, not listed
        a, b = term["content_spans"][0]
        assert content[a:b].lower().startswith(term["term"])
    assert len(out) < len(content) + 100_000  # the memory once, and a bounded explanation

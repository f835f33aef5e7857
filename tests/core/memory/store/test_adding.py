"""One set of input rules: ``MemoryStore.add`` and ``edit`` refuse what the GUI editor refuses
(``memory_input_problem``), while an hmharness import keeps a record exactly as the agent wrote it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hmdesk.core.memory.hmharness.jsonl import export_file, import_file
from hmdesk.core.memory.store import MemoryStore, StoreError
from hmdesk.core.memory.validation import MAX_CONTENT_CHARS, memory_input_problem

# what the GUI editor refuses: (content, tags, environment)
REFUSED: dict[str, tuple[str, list[str], str]] = {
    "long content": ("x" * (MAX_CONTENT_CHARS + 1), ["build"], "harmonyos"),
    "multi-word environment": ("hvigor needs quotes", ["build"], "harmony os"),
    "tag with a space": ("hvigor needs quotes", ["build tools"], "harmonyos"),
    "empty environment": ("hvigor needs quotes", ["build"], "  "),
    "long tag": ("hvigor needs quotes", ["t" * 65], "harmonyos"),
}


def gui_problem(content: str, tags: list[str], environment: str) -> str:
    problem = memory_input_problem(content, tags, "semantic", environment)
    assert problem is not None  # the GUI refuses it: the cases above are the editor's rules
    return problem


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_add_refuses_what_the_editor_refuses(store: MemoryStore, case: str) -> None:
    content, tags, env = REFUSED[case]
    with pytest.raises(StoreError) as err:
        store.add(content, tags=tags, environment=env)
    assert str(err.value) == gui_problem(content, tags, env)
    assert store.count() == 0 and store.events() == []


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_edit_refuses_what_the_editor_refuses(store: MemoryStore, case: str) -> None:
    m = store.add("hvigor needs quotes", tags=["build"])
    content, tags, env = REFUSED[case]
    with pytest.raises(StoreError) as err:
        store.edit(m.id, content=content, tags=tags, environment=env)
    assert str(err.value) == gui_problem(content, tags, env)
    assert store.get(m.id) == m  # nothing changed
    assert [e.kind for e in store.history(m.id)] == ["add"]


def test_edit_checks_the_memory_as_it_would_be(store: MemoryStore) -> None:
    m = store.add("hvigor needs quotes", tags=["build"], environment="harmonyos")
    with pytest.raises(StoreError, match="one word"):
        store.edit(m.id, environment="harmony os")
    edited = store.edit(m.id, content="hvigor needs quotes around paths")
    assert edited.content == "hvigor needs quotes around paths" and edited.tags == ("build",)


def test_what_the_editor_accepts_is_stored(store: MemoryStore) -> None:
    content = "x" * MAX_CONTENT_CHARS
    assert memory_input_problem(content, ["build-tools"], "semantic", "harmonyos") is None
    m = store.add(content, tags=["build-tools", " padded "], environment="harmonyos")
    assert m.tags == ("build-tools", "padded") and len(m.content) == MAX_CONTENT_CHARS


def _hmharness_line(**fields: Any) -> str:
    obj = {
        "id": "mem-aaaaaaaaaaaa",
        "layer": "semantic",
        "content": "c",
        "source": "learning-loop",
        "provenance": "opportunity:1",
        "confidence": 0.8,
        "timestamp": "2026-11-01T10:00:00.000Z",
        "environment": "harmonyos",
        "session": "learning-loop",
    }
    obj.update(fields)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def test_import_keeps_records_the_editor_would_refuse(store: MemoryStore, tmp_path: Path) -> None:
    long_content = "y" * (MAX_CONTENT_CHARS + 10)
    lines = [
        _hmharness_line(id="mem-111111111111", tags=["build tools"]),
        _hmharness_line(id="mem-222222222222", environment="harmony os"),
        _hmharness_line(id="mem-333333333333", content=long_content),
    ]
    src = tmp_path / "memory.jsonl"
    src.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    report = import_file(store, src)
    assert report.imported == 3 and report.skipped == []
    assert store.get("mem-111111111111").tags == ("build tools",)
    assert store.get("mem-222222222222").environment == "harmony os"
    assert store.get("mem-333333333333").content == long_content
    out = tmp_path / "out.jsonl"
    assert export_file(store, out) == 3
    assert out.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")  # nothing lost

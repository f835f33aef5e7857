"""The hmharness import and export in batches: the same result whatever the batch size, progress
after each batch, one transaction (a failure keeps the database as it was)."""

from __future__ import annotations

import json

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness import importer as hmharness_import
from hmdesk.core.memory.hmharness.jsonl import export_file, import_bytes, import_file
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path):
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def line(id, content="c", **kw):
    obj = {
        "id": id,
        "layer": "semantic",
        "content": content,
        "source": "s",
        "provenance": "p",
        "confidence": 0.5,
        "timestamp": "2026-11-01T10:00:00.000Z",
        "environment": "",
        "session": "",
    }
    obj.update(kw)
    return json.dumps(obj, separators=(",", ":"))


def test_rules_hold_across_batches(store, tmp_path, monkeypatch):
    monkeypatch.setattr(hmharness_import, "BATCH", 2)
    path = tmp_path / "memory.jsonl"
    # "id" not the first key: read without the hint
    late_id = json.dumps({"content": "late", **json.loads(line("m-late"))}, separators=(",", ":"))
    lines = [line("m-1"), b"\xff".decode("latin-1"), line("m-2"), "", line("m-1", "dup"), late_id]
    path.write_bytes(
        b"\xef\xbb\xbf" + "\n".join(lines).encode("utf-8").replace(b"\xc3\xbf", b"\xff")
    )
    seen: list[tuple[int, int]] = []
    report = import_file(store, path, lambda done, total: seen.append((done, total)))
    assert report.imported == 3
    assert [s.line for s in report.skipped] == [2, 5]
    assert "first seen on line 1" in report.skipped[1].error
    assert seen[-1] == (path.stat().st_size, path.stat().st_size)
    assert len(seen) == 3 and [d for d, _ in seen] == sorted(d for d, _ in seen)
    # the same file again: every line unchanged, the duplicate still reported
    again = import_file(store, path)
    assert (again.imported, again.updated, again.unchanged) == (0, 0, 3)
    assert [s.line for s in again.skipped] == [2, 5]
    # a changed line is synced (keys reordered only: no field changed); a line gone is missing
    changed = [line("m-2", "new"), line("m-late")]
    report = import_bytes(store, "\n".join(changed).encode(), path)
    assert (report.imported, report.updated, report.unchanged) == (0, 1, 1)
    assert report.missing == ["m-1"]
    assert store.get("m-2").content == "new"


def test_a_failure_in_a_later_batch_keeps_the_database(store, tmp_path, monkeypatch):
    monkeypatch.setattr(hmharness_import, "BATCH", 1)
    path = tmp_path / "memory.jsonl"
    path.write_text("\n".join(line(f"m-{i}") for i in range(3)) + "\n", encoding="utf-8")

    def fail(done: int, total: int) -> None:
        if done == total:
            raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        import_file(store, path, fail)
    assert store.count() == 0
    assert import_file(store, path).imported == 3  # the temporary table went with the rollback


def test_export_in_batches_with_progress(store, tmp_path, monkeypatch):
    from hmdesk.core.memory.hmharness import jsonl as hmharness

    monkeypatch.setattr(hmharness, "EXPORT_BATCH", 2)
    src = tmp_path / "memory.jsonl"
    text = "".join(line(f"m-{i}") + "\n" for i in range(5))
    src.write_text(text, encoding="utf-8")
    import_file(store, src)
    out = tmp_path / "out.jsonl"
    seen: list[tuple[int, int]] = []
    assert export_file(store, out, progress=lambda d, t: seen.append((d, t))) == 5
    assert out.read_text(encoding="utf-8") == text
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_export_failure_leaves_the_old_file(store, tmp_path, monkeypatch):
    from hmdesk.core.memory.hmharness import jsonl as hmharness

    src = tmp_path / "memory.jsonl"
    src.write_text(line("m-1") + "\n" + line("m-2") + "\n", encoding="utf-8")
    import_file(store, src)
    out = tmp_path / "out.jsonl"
    out.write_text("old\n", encoding="utf-8")

    def boom(row):
        raise RuntimeError("boom")

    monkeypatch.setattr(hmharness, "export_line", boom)
    with pytest.raises(RuntimeError):
        export_file(store, out)
    assert out.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []

"""hmharness's memory.md notes: imported as episodic memories tagged with their workspace,
re-imports idempotent, appended lines picked up, bad lines reported and skipped."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.hmharness.jsonl import ImportReport
from hmdesk.core.memory.hmharness.notes import (
    NOTE_CONFIDENCE,
    NotesSync,
    default_notes_file,
    import_notes_file,
    parse_note,
)
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore

NOTES = (
    "# Long-term memory\n"
    "\n"
    "- [2026-11-29 19:02] hvigor clean fixes the stale .hvigor cache [ws:hello-app]\n"
    "- [2026-11-30 08:15] 签名 证书过期时 hdc install 报 9568320 [ws:签名工具]\n"
    "- [2026-11-30 09:00] a note without a workspace\n"
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "n.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def test_parse() -> None:
    n = parse_note("- [2026-11-29 19:02] text with [brackets] inside [ws:my app]")
    assert not isinstance(n, str) and n is not None
    assert (n.text, n.workspace, n.timestamp) == (
        "text with [brackets] inside",
        "my app",
        "2026-11-29T19:02:00.000Z",
    )
    assert n.tags == ["note", "ws:my-app"]  # a tag is one word (issue 31 item 22)
    assert parse_note("") is None and parse_note("## heading") is None
    assert "not a note line" in str(parse_note("* [2026-11-29 19:02] x"))
    assert "impossible time" in str(parse_note("- [2026-13-40 19:02] x"))
    assert "no text" in str(parse_note("- [2026-11-29 19:02]  [ws:a]"))


def test_import_tags_the_workspace_and_is_idempotent(store: MemoryStore, tmp_path: Path) -> None:
    path = tmp_path / "memory.md"
    path.write_text(NOTES, encoding="utf-8")
    first = import_notes_file(store, path)
    assert (first.imported, first.unchanged, first.skipped) == (3, 0, [])
    assert first.workspaces == ["hello-app", "签名工具"]
    notes = store.list()
    assert {m.layer for m in notes} == {"episodic"} and {m.origin for m in notes} == {
        "hmharness-notes"
    }
    assert {m.confidence for m in notes} == {NOTE_CONFIDENCE}
    by_text = {m.content: m for m in notes}
    assert by_text["hvigor clean fixes the stale .hvigor cache"].tags == ("note", "ws:hello-app")
    again = import_notes_file(store, path)
    assert (again.imported, again.unchanged) == (0, 3) and store.count() == 3
    # appended later: picked up; a malformed one and a non-UTF-8 one reported, the rest kept
    with path.open("ab") as fh:
        fh.write(b"- [2026-12-01 10:00] hdc kill-server then retry [ws:hello-app]\r\n")
        fh.write(b"- [yesterday] not a note\n")
        fh.write(b"- [2026-12-01 10:01] bad \xff byte\n")
        fh.write(
            b"- [2026-11-29 19:02] hvigor clean fixes the stale .hvigor cache [ws:hello-app]\n"
        )
    third = import_notes_file(store, path)
    assert (third.imported, third.unchanged, third.duplicates) == (1, 3, 1)
    assert [(s.line, s.error.split(" (")[0]) for s in third.skipped] == [
        (7, "not a note line"),
        (8, "not UTF-8 text"),
    ]
    assert third.to_json()["skipped"][0]["line"] == 7
    assert store.count() == 4


def test_the_workspace_filters_searches(store: MemoryStore, tmp_path: Path) -> None:
    path = tmp_path / "memory.md"
    path.write_text(NOTES + "- [2026-11-30 10:00] hvigor daemon hangs [ws:other]\n", "utf-8")
    import_notes_file(store, path)
    store.add("hvigor build needs the SDK path")
    r = Retriever(store)
    try:
        ids = {x.memory.content for x in r.search(Query("ws:hello-app hvigor")).results}
        assert ids == {"hvigor clean fixes the stale .hvigor cache"}
        other = r.search(Query("hvigor", workspace="other"))
        assert [x.memory.content for x in other.results] == ["hvigor daemon hangs"]
        assert other.filtered["tags"] == 4
    finally:
        r.close()


def test_bad_paths_are_one_line_errors(store: MemoryStore, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="does not exist"):
        import_notes_file(store, tmp_path / "none.md")
    with pytest.raises(StoreError, match="is a folder, not a file"):
        import_notes_file(store, tmp_path)


def test_default_file_follows_hmh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HMH_HOME", str(tmp_path))
    assert default_notes_file() == tmp_path / "memory" / "memory.md"


def test_sync_imports_appended_lines(store: MemoryStore, tmp_path: Path) -> None:
    path = tmp_path / "memory.md"
    path.write_text(NOTES, encoding="utf-8")
    got: list[ImportReport] = []
    done = threading.Event()

    def on_report(rep: ImportReport) -> None:
        got.append(rep)
        done.set()

    sync = NotesSync(store, path, on_report=on_report, debounce=0.05)
    assert sync.sync_now() is not None and got[-1].imported == 3
    assert sync.sync_now() is None  # the same content: skipped
    with path.open("a", encoding="utf-8") as fh:
        fh.write("- [2026-12-01 11:00] one more [ws:hello-app]\n")
    done.clear()
    sync.start()
    try:
        assert done.wait(10)
    finally:
        sync.stop()
    assert got[-1].imported == 1 and store.count() == 4

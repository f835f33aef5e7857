"""`hmdesk-cli proposals`, `helped`, `import-notes`, and `query --as-of/--record/--ws`."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.access import AccessLog
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "c.db"
    with Database(path) as d:
        store = MemoryStore(d)
        store.add("hvigor build fails with spaces", id="A", layer="episodic", confidence=0.5)
        store.add("hdc install 9568320 needs a re-sign", id="B", confidence=0.6)
        store.close()
    return str(path)


def out_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def log_count(db: str) -> int:
    with Database(Path(db)) as d:
        return AccessLog(d).count()


def test_query_records_only_when_asked(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    out_json(capsys, "query", "hvigor", "--db", db)
    assert log_count(db) == 0
    got = out_json(capsys, "query", "hvigor", "--db", db, "--record")
    assert [r["id"] for r in got["results"]] == ["A"] and log_count(db) == 1


def test_helped_twice_then_proposals_apply_and_undo(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(2):
        assert out_json(capsys, "helped", "A", "--run", "3", "--db", db)["helped"] is True
    got = out_json(capsys, "proposals", "--db", db)["proposals"]
    assert [(p["id"], p["field"], p["new"]) for p in got] == [
        ("promote-helped:A", "layer", "semantic")
    ]
    applied = out_json(capsys, "proposals", "--apply", "promote-helped:A", "--db", db)
    assert [p["id"] for p in applied["applied"]] == ["promote-helped:A"]
    assert out_json(capsys, "show", "A", "--db", db)["layer"] == "semantic"
    assert main(["undo", "--db", db]) == 0
    capsys.readouterr()
    assert out_json(capsys, "show", "A", "--db", db)["layer"] == "episodic"
    assert main(["proposals", "--apply", "nope", "--db", db]) == 2
    assert "not a current proposal: nope" in capsys.readouterr().err
    assert main(["helped", "missing", "--db", db]) == 2


def test_decay_is_listed_in_text(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    later = (datetime.now(UTC) + timedelta(days=200)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert main(["proposals", "--now", later, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "decay-unused:A" in out and "decay-unused:B" in out and "2 proposals" in out


def test_query_as_of_answers_with_the_past(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    with Database(Path(db)) as d:
        store = MemoryStore(d)
        store.edit("A", content="hvigor build fails: quote the path")
        store.close()
    then = out_json(capsys, "query", "hvigor", "--as-of", before, "--db", db)
    assert [r["content"] for r in then["results"]] == ["hvigor build fails with spaces"]
    assert "as of" in then["note"]
    now = out_json(capsys, "query", "hvigor", "--db", db)
    assert [r["content"] for r in now["results"]] == ["hvigor build fails: quote the path"]
    assert main(["query", "x", "--as-of", "yesterday", "--db", db]) == 2


def test_import_notes_and_the_ws_filter(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "memory.md"
    notes.write_bytes(
        b"- [2026-11-29 19:02] hvigor clean fixes the cache [ws:app]\n"
        b"- [2026-11-29 19:03] hvigor daemon hangs [ws:lib]\n"
        b"garbage\n"
    )
    got = out_json(capsys, "import-notes", str(notes), "--db", db)
    assert (got["imported"], got["workspaces"], got["skipped"][0]["line"]) == (2, ["app", "lib"], 3)
    assert out_json(capsys, "import-notes", str(notes), "--db", db)["unchanged"] == 2
    q = out_json(capsys, "query", "hvigor", "--ws", "app", "--db", db)
    assert [r["content"] for r in q["results"]] == ["hvigor clean fixes the cache"]
    assert q["query"]["workspace"] == "app"
    q = out_json(capsys, "query", "ws:lib hvigor", "--db", db)
    assert [r["content"] for r in q["results"]] == ["hvigor daemon hangs"]
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"\xff\xfe not notes\n")
    assert main(["import-notes", str(bad), "--db", db]) == 1
    assert "is a note" in capsys.readouterr().err
    assert main(["import-notes", str(tmp_path / "none.md"), "--db", db]) == 2

"""`hmdesk-cli undo` (and `revert`) say what they undid, in words, with each field's value
before → after: content, tags, confidence and status, as text and as JSON."""

from __future__ import annotations

import json
import sys

import pytest
from hmdesk.core.cli import main


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "undo.db")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def run_json(capsys, *argv):
    return json.loads(run(capsys, *argv, "--json"))


def add(capsys, db, content, *extra):
    return run_json(capsys, "add", content, "--db", db, *extra)["id"]


def test_undo_of_an_edit_prints_content_and_tags_before_and_after(capsys, db, monkeypatch):
    monkeypatch.setenv("HMDESK_USER", "alice")  # who made the change: the user's identity
    mid = add(capsys, db, "hdc install fails with 9568322", "--tag", "hdc")
    run(capsys, "edit", mid, "--content", "re-sign the HAP", "--add-tag", "install", "--reason", "clearer", "--db", db)  # fmt: skip
    out = run(capsys, "undo", "--db", db)
    lines = out.splitlines()
    assert lines[0].startswith("Undid editing 1 memory, made ")
    assert "(local time) by alice (reason: clearer)." in lines[0]
    assert lines[1].strip() == mid  # the id whole
    assert '"re-sign the HAP" → "hdc install fails with 9568322"' in out
    assert "tags     hdc, install → hdc" in out
    assert run_json(capsys, "show", mid, "--db", db)["content"] == "hdc install fails with 9568322"


def test_undo_of_a_confidence_change_shows_the_numbers(capsys, db):
    mid = add(capsys, db, "hvigor needs node 18")
    run(capsys, "confidence", mid, "0.95", "--reason", "verified", "--db", db)
    out = run(capsys, "undo", "--db", db)
    assert "Undid the confidence change of 1 memory" in out
    assert "confidence  0.95 → 0.7" in out


def test_undo_of_a_supersede_and_a_delete_shows_the_status(capsys, db):
    old = add(capsys, db, "use hdc file send")
    new = run_json(capsys, "supersede", old, "--content", "hdc file send needs a path", "--reason", "more precise", "--db", db)["id"]  # fmt: skip
    out = run(capsys, "undo", "--db", db)
    assert out.startswith("Undid superseding 2 memories")
    assert f"status  superseded by {new} → active" in out  # the new id whole
    assert "status  active → deleted" in out  # the replacement added by the supersede
    run(capsys, "delete", old, "--db", db)
    out = run(capsys, "undo", "--db", db)
    assert out.startswith("Undid deleting 1 memory") and "status  deleted → active" in out


def test_undo_json_keeps_the_events_and_adds_before_after_and_what_was_undone(capsys, db):
    mid = add(capsys, db, "hdc shell accepts -t")
    run(capsys, "confidence", mid, "0.2", "--reason", "wrong", "--db", db)
    run(capsys, "delete", mid, "--db", db)
    [event] = run_json(capsys, "undo", "--db", db)
    assert event["kind"] == "revert" and event["memory_id"] == mid  # the events as before
    assert event["change"] == {"field": "status", "before": "deleted", "after": "active"}
    assert event["undoes"]["kind"] == "delete"
    [event] = run_json(capsys, "undo", "--db", db)
    assert event["change"] == {"field": "confidence", "before": 0.2, "after": 0.7}
    assert event["undoes"]["reason"] == "wrong"


def test_revert_prints_the_same_report(capsys, db):
    mid = add(capsys, db, "first wording")
    run(capsys, "edit", mid, "--content", "second wording", "--db", db)
    edit = next(e for e in run_json(capsys, "history", mid, "--db", db) if e["kind"] == "edit")
    out = run(capsys, "revert", str(edit["id"]), "--db", db)
    assert out.startswith("Undid editing 1 memory")
    assert '"second wording" → "first wording"' in out


def test_nothing_to_undo_says_so(capsys, db):
    add(capsys, db, "x")
    run(capsys, "undo", "--db", db)  # the add
    assert run(capsys, "undo", "--db", db).strip() == "Nothing to undo."
    assert run_json(capsys, "undo", "--db", db) == []


def test_undo_on_a_terminal_elides_long_content_but_not_ids(capsys, db, monkeypatch):
    long_text = "hdc install fails with code 9568322 " * 6
    mid = add(capsys, db, long_text.strip())
    run(capsys, "edit", mid, "--content", "short", "--db", db)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "60")
    out = run(capsys, "undo", "--db", db)
    content = next(ln for ln in out.splitlines() if "content" in ln)
    assert content.strip().startswith('content  "short" → "hdc install fails')
    assert content.endswith('…"') and len(content) <= 60
    assert f"  {mid}" in out


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_undo_of_a_bulk_change_lists_each_memory(capsys, db, monkeypatch):
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.team.identity import current_user

    ids = [add(capsys, db, f"pitfall number {n}", "--tag", "hdc") for n in range(25)]
    with Database(db) as database:
        store = MemoryStore(database, actor=current_user())  # undo takes back the user's own
        store.bulk_add_tag(ids, "install")
        store.close()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "100")
    out = run(capsys, "undo", "--db", db)
    assert out.startswith("Undid editing 25 memories")
    assert out.count("tags  hdc, install → hdc") == 20  # a terminal: the first 20 …
    assert "… and 5 more memories (--json lists them all)" in out
    run(capsys, "edit", ids[0], "--add-tag", "x", "--db", db)
    run(capsys, "undo", "--db", db)
    with Database(db) as database:
        store = MemoryStore(database, actor=current_user())
        store.bulk_add_tag(ids, "install")
        store.close()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    out = run(capsys, "undo", "--db", db)
    assert out.count("tags  hdc, install → hdc") == 25  # piped: every one

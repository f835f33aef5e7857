"""hmdesk-cli memory commands: output, JSON shapes, exit codes, database safety, two writers."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli import main

from tests.fixtures.postgres import fresh_url


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """The store the commands use: an SQLite file, or a PostgreSQL team store (skipped with a
    one-line reason when there is no server). Tests of the file itself use ``db_file``."""
    if request.param == "sqlite":
        yield str(tmp_path / "cli.db")
        return
    with fresh_url() as url:
        yield url


@pytest.fixture
def db_file(tmp_path):
    return str(tmp_path / "cli.db")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def add(capsys, db, content, *extra):
    return run_json(capsys, "add", content, "--db", db, *extra)


def test_add_show_edit_history(capsys, db):
    m = add(capsys, db, "hvigor fails on spaces", "--tag", "build", "--layer", "procedural")
    assert m["id"].startswith("mem-") and m["tags"] == ["build"] and m["layer"] == "procedural"
    assert run_json(capsys, "show", m["id"], "--db", db)["content"] == "hvigor fails on spaces"
    e = run_json(
        capsys, "edit", m["id"], "--content", "quote paths", "--add-tag", "windows", "--db", db
    )
    assert e["content"] == "quote paths" and e["tags"] == ["build", "windows"]
    hist = run_json(capsys, "history", m["id"], "--db", db)
    assert [(h["kind"], h["field"]) for h in hist] == [
        ("add", None),
        ("edit", "content"),
        ("edit", "tags"),
    ]
    assert set(hist[1]) == {
        "id",
        "memory_id",
        "at",
        "actor",
        "kind",
        "field",
        "old",
        "new",
        "reason",
        "group_id",
        "reverts_event_id",
    }
    code, out, _ = run(capsys, "show", m["id"], "--db", db)
    assert code == 0 and "quote paths" in out and "build, windows" in out
    code, out, _ = run(capsys, "history", m["id"], "--db", db)
    assert code == 0 and "edit" in out and "→" in out


def test_confidence_supersede_revert_undo(capsys, db):
    a = add(capsys, db, "hdc shell accepts -t")
    c = run_json(capsys, "confidence", a["id"], "0.2", "--reason", "wrong", "--db", db)
    assert c["confidence"] == 0.2
    new = run_json(
        capsys,
        "supersede",
        a["id"],
        "--content",
        "-t goes before shell",
        "--reason",
        "r",
        "--db",
        db,
    )
    assert new["supersedes"] == [a["id"]]
    old = run_json(capsys, "show", a["id"], "--db", db)
    assert old["superseded_by"] == new["id"] and old["is_superseded"]
    conf_event = next(
        h for h in run_json(capsys, "history", a["id"], "--db", db) if h["kind"] == "confidence"
    )
    reverted = run_json(capsys, "revert", str(conf_event["id"]), "--db", db)
    assert reverted[0]["reverts_event_id"] == conf_event["id"]
    assert run_json(capsys, "show", a["id"], "--db", db)["confidence"] == 0.7
    b = add(capsys, db, "other")
    run_json(capsys, "supersede", b["id"], "--by", new["id"], "--reason", "dup", "--db", db)
    undone = run_json(capsys, "undo", "--db", db)
    assert {u["memory_id"] for u in undone} == {b["id"], new["id"]}
    assert run_json(capsys, "show", b["id"], "--db", db)["superseded_by"] is None


def test_delete_restore(capsys, db):
    m = add(capsys, db, "x")
    assert run_json(capsys, "delete", m["id"], "--reason", "dup", "--db", db)["is_deleted"]
    code, _, err = run(capsys, "delete", m["id"], "--db", db)
    assert code == 2 and "already deleted" in err
    assert not run_json(capsys, "restore", m["id"], "--db", db)["is_deleted"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["add", ""], "empty"),
        (["add", "   "], "empty"),
        (["add", "x", "--confidence", "1.5"], "between 0 and 1"),
        (["add", "x", "--confidence", "high"], "between 0 and 1"),
        (["add", "x", "--layer", "working"], "runtime-only"),
        (["add", "x", "--payload", "{bad"], "JSON"),
        (["add", "x", "--timestamp", "yesterday"], "not an ISO-8601 time"),
        (["show", "mem-nope"], "no memory with id 'mem-nope'"),
        (["history", "mem-nope"], "no memory"),
        (["edit", "mem-nope", "--content", "y"], "no memory"),
        (["edit", "mem-nope"], "nothing to edit"),
        (["confidence", "mem-nope", "0.5", "--reason", "r"], "no memory"),
        (["confidence", "mem-nope", "-1", "--reason", "r"], "between 0 and 1"),
        (["supersede", "mem-nope", "--by", "mem-x", "--reason", "r"], "no memory"),
        (["supersede", "mem-nope", "--by", "mem-x", "--reason", " "], "reason"),
        (["revert", "999"], "no event"),
        (["restore", "mem-nope"], "no memory"),
        (["import-hmharness", "/nonexistent/memory.jsonl"], "does not exist"),
        (["export-hmharness", "/tmp/x.jsonl", "--id", "mem-nope"], "no memory"),
    ],
)
def test_bad_input_exits_2_with_a_message(capsys, db, argv, message):
    code, _out, err = run(capsys, *argv, "--db", db)
    assert code == 2
    assert message in err and err.startswith("hmdesk-cli: error:")
    assert "Traceback" not in err


def test_argparse_errors_exit_2(capsys, db):
    with pytest.raises(SystemExit) as exc:
        main(["confidence", "x", "0.5", "--db", db])  # --reason missing
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["supersede", "x", "--reason", "r", "--db", db])  # neither --by nor --content
    assert exc.value.code == 2
    capsys.readouterr()


def test_import_and_export_hmharness(capsys, db, tmp_path, monkeypatch):
    good = {
        "id": "mem-aaaaaaaaaaaa",
        "layer": "semantic",
        "content": "c",
        "source": "s",
        "provenance": "p",
        "confidence": 0.5,
        "timestamp": "2026-11-01T00:00:00.000Z",
        "environment": "harmonyos",
        "session": "s",
    }
    home = tmp_path / "hmh"
    path = home / "cognitive" / "memory" / "memory.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(good) + "\n{oops\n")
    monkeypatch.setenv("HMH_HOME", str(home))
    report = run_json(capsys, "import-hmharness", "--db", db)  # default file
    assert report["imported"] == 1 and report["updated"] == 0 and report["unchanged"] == 0
    assert report["skipped"] == [{"line": 2, "error": report["skipped"][0]["error"]}]
    assert "invalid JSON" in report["skipped"][0]["error"]
    again = run_json(capsys, "import-hmharness", str(path), "--db", db)
    assert (again["imported"], again["unchanged"]) == (0, 1)
    code, out, _ = run(capsys, "import-hmharness", str(path), "--db", db)
    assert code == 0 and "line 2:" in out
    out_file = tmp_path / "out.jsonl"
    res = run_json(capsys, "export-hmharness", str(out_file), "--db", db)
    assert res["written"] == 1
    assert out_file.read_text() == json.dumps(good) + "\n"


# ------------------------------------------------------------------ the editor's input rules


@pytest.mark.parametrize(
    "extra",
    [
        ["x" * 20_001],
        ["quote paths", "--env", "harmony os"],
        ["quote paths", "--tag", "build tools"],
    ],
    ids=["content-over-20000", "multi-word-env", "tag-with-space"],
)
def test_add_and_edit_refuse_what_the_gui_refuses(capsys, db, extra):
    from hmdesk.core.memory.validation import memory_input_problem

    content = extra[0]
    env = extra[extra.index("--env") + 1] if "--env" in extra else "harmonyos"
    tags = [extra[extra.index("--tag") + 1]] if "--tag" in extra else []
    problem = memory_input_problem(content, tags, "semantic", env)
    assert problem is not None  # the GUI editor refuses it
    code, out, err = run(capsys, "add", *extra, "--db", db)
    assert code == 2 and out == ""
    assert err == f"hmdesk-cli: error: {problem}\n"
    m = add(capsys, db, "quote paths")
    edit_argv = ["edit", m["id"], "--content", content]
    edit_argv += ["--env", env] if "--env" in extra else []
    edit_argv += ["--tag", tags[0]] if tags else []
    code, out, err = run(capsys, *edit_argv, "--db", db)
    assert code == 2 and err == f"hmdesk-cli: error: {problem}\n"
    assert run_json(capsys, "show", m["id"], "--db", db)["content"] == "quote paths"


def test_import_keeps_a_record_the_gui_would_refuse(capsys, db, tmp_path):
    record = {
        "id": "mem-aaaaaaaaaaaa",
        "layer": "semantic",
        "content": "c",
        "source": "s",
        "provenance": "p",
        "confidence": 0.5,
        "timestamp": "2026-11-01T00:00:00.000Z",
        "environment": "harmony os",
        "session": "s",
        "tags": ["build tools"],
    }
    path = tmp_path / "memory.jsonl"
    path.write_text(json.dumps(record) + "\n")
    assert run_json(capsys, "import-hmharness", str(path), "--db", db)["imported"] == 1
    shown = run_json(capsys, "show", record["id"], "--db", db)
    assert shown["tags"] == ["build tools"] and shown["environment"] == "harmony os"


# ------------------------------------------------------------------ export-csv, load-starter


def test_export_csv(capsys, db, tmp_path):
    import csv

    from hmdesk.core.memory.csv_export import CSV_FIELDS

    a = add(capsys, db, 'hvigor, "quoted"\nsecond line', "--tag", "build", "--tag", "win")
    b = add(capsys, db, "hdc shell -t")
    gone = add(capsys, db, "deleted one")
    run_json(capsys, "delete", gone["id"], "--db", db)
    out = tmp_path / "all.csv"
    assert run_json(capsys, "export-csv", str(out), "--db", db) == {
        "path": str(out),
        "written": 2,
    }
    with out.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == CSV_FIELDS
    assert [r["id"] for r in rows] == [a["id"], b["id"]]  # deleted ones are left out
    assert rows[0]["content"] == a["content"] and rows[0]["tags"] == "build;win"
    one = tmp_path / "one.csv"
    code, text, _ = run(capsys, "export-csv", str(one), "--id", b["id"], "--db", db)
    assert code == 0 and text == f"1 memories written to {one}\n"
    with one.open(newline="", encoding="utf-8") as fh:
        assert [r["id"] for r in csv.DictReader(fh)] == [b["id"]]
    code, _, err = run(capsys, "export-csv", str(one), "--id", "mem-nope", "--db", db)
    assert code == 2 and "mem-nope" in err


def test_load_starter(capsys, db):
    from hmdesk.core.memory.starter import starter_entries

    n = len(starter_entries())
    assert n > 0
    assert run_json(capsys, "load-starter", "--db", db) == {"added": n}
    code, out, _ = run(capsys, "load-starter", "--db", db)
    assert code == 0 and out == "0 starter memories added\n"  # idempotent
    ids = {e["id"] for e in starter_entries()}
    shown = run_json(capsys, "show", sorted(ids)[0], "--db", db)
    assert shown["id"] in ids and shown["source"]


# ------------------------------------------------------------------ database safety via the CLI


def test_corrupt_file_is_refused_and_left_byte_identical(capsys, tmp_path):
    path = tmp_path / "corrupt.db"
    content = b"SQLite format 3\x00" + os.urandom(3000)
    path.write_bytes(content)
    code, _, err = run(capsys, "add", "x", "--db", str(path))
    assert code == 2 and "corrupt.db" in err
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corrupt.db"]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_damage_past_the_header_is_a_clear_error_and_changes_nothing(capsys, tmp_path):
    path = tmp_path / "damaged.db"
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    store = MemoryStore(Database(path))
    for i in range(200):
        store.add(f"memory {i} about hvigor " + "x" * 200)
    store.db.close()
    data = bytearray(path.read_bytes())
    for off in range(8192, len(data) - 4096, 4096):  # keep the header and the schema pages
        if b"CREATE " not in data[off : off + 4096]:
            data[off + 100 : off + 400] = b"\xff" * 300
    path.write_bytes(bytes(data))
    for argv in (["query", "hvigor"], ["add", "hello"], ["export-hmharness", str(tmp_path / "o")]):
        code, _, err = run(capsys, *argv, "--db", str(path))
        assert code == 2, (argv, err)
        assert "damaged.db could not be used (database disk image is malformed)" in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == bytes(data)


def test_text_file_is_refused(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    code, _, err = run(capsys, "show", "x", "--db", str(path))
    assert code == 2 and "not an SQLite database" in err
    assert path.read_text() == "hello\n"


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO alembic_version (version_num) VALUES ('ffff')",
        "UPDATE alembic_version SET version_num = 'ffff'",
    ],
)
def test_newer_schema_is_refused(capsys, db_file, sql):
    db = db_file
    add(capsys, db, "x")
    con = sqlite3.connect(db)
    con.execute(sql)
    con.commit()
    con.close()
    before = Path(db).read_bytes()
    code, _, err = run(capsys, "add", "y", "--db", db)
    assert code == 2
    assert "newer version of hmdesk" in err and "ffff" in err
    assert Path(db).read_bytes() == before


def test_new_database_is_private_and_wal(capsys, db_file):
    db = db_file
    add(capsys, db, "x")
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_hmdesk_db_env_and_db_option(capsys, tmp_path, monkeypatch):
    env_db = tmp_path / "env.db"
    monkeypatch.setenv("HMDESK_DB", str(env_db))
    m = run_json(capsys, "add", "via env")
    assert env_db.exists()
    assert run_json(capsys, "show", m["id"])["content"] == "via env"
    other = tmp_path / "other.db"
    code, _, err = run(capsys, "show", m["id"], "--db", str(other))
    assert code == 2 and "no memory" in err  # --db wins over HMDESK_DB
    # --db before the subcommand works too
    assert run_json(capsys, "--db", str(env_db), "show", m["id"])["id"] == m["id"]


# ------------------------------------------------------------------ two writers at once

WRITER = """
import sys
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
store = MemoryStore(Database(sys.argv[1]), actor=sys.argv[2])
sys.stdout.write("ready\\n"); sys.stdout.flush()
sys.stdin.readline()
for i in range(1000):
    store.add(f"{sys.argv[2]} memory {i}", tags=[sys.argv[2]])
"""


@pytest.mark.slow  # two real processes add 1,000 memories each
@pytest.mark.parametrize("fresh", [False, True], ids=["existing-db", "fresh-db"])
def test_two_processes_adding_1000_each(tmp_path, fresh):
    db = tmp_path / "shared.db"
    if not fresh:
        from hmdesk.core.db import Database

        Database(db).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), f"w{i}"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(2)
    ]
    try:
        if not fresh:  # start both loops at the same moment
            for p in procs:
                assert p.stdout.readline() == "ready\n"
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        results = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    for p, (_, err) in zip(procs, results, strict=True):
        assert p.returncode == 0, err
        assert "Error" not in err
    con = sqlite3.connect(db)
    try:
        assert con.execute("SELECT count(*) FROM memories").fetchone()[0] == 2000
        assert con.execute("SELECT count(DISTINCT id) FROM memories").fetchone()[0] == 2000
        assert con.execute("SELECT count(*) FROM memory_events").fetchone()[0] == 2000
    finally:
        con.close()


def test_a_non_utf8_byte_in_any_argument_is_a_clear_error(capsys, db):
    bad = b"bu\xffild".decode("utf-8", "surrogateescape")  # what POSIX argv holds
    for argv in (["add", "x", "--tag", bad, "--db", db], ["show", bad, "--db", db],
                 ["add", bad, "--db", db], ["query", bad, "--db", db]):  # fmt: skip
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == ""
        assert err.strip().splitlines() == [
            f"hmdesk-cli: error: argument {argv.index(bad) + 1} ('bu\\xffild') is not valid "
            "UTF-8 text; pass text and file names in UTF-8"
        ]
    assert not Path(db).exists()  # nothing was written


def test_lone_surrogates_in_add_and_edit_become_U_FFFD_and_every_output_works(capsys, db, tmp_path):
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    database = Database(db)
    store = MemoryStore(database)
    try:
        m = store.add("cut \ud83d here", tags=["build", "x\udc80"], environment="h\ud800")
        assert (m.content, m.tags, m.environment) == (
            "cut \ufffd here",
            ("build", "x\ufffd"),
            "h\ufffd",
        )
        e = store.edit(m.id, tags=["\udfff"], reason="why \ud83d")
        assert e.tags == ("\ufffd",)
        assert store.history(m.id)[-1].reason == "why \ufffd"
    finally:
        store.close()
        database.close()
    for profile in ("default", "hmharness"):
        assert run(capsys, "query", "cut", "--profile", profile, "--db", db)[0] == 0
    code, out, _ = run(capsys, "show", m.id, "--db", db)
    assert code == 0 and "cut \ufffd here" in out
    out_file = tmp_path / "out.jsonl"
    assert run(capsys, "export-hmharness", str(out_file), "--db", db)[0] == 0
    assert json.loads(out_file.read_text(encoding="utf-8"))["tags"] == ["\ufffd"]


def test_non_utf8_content_on_stdin_is_a_clear_error(capsys, db, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a\xffb"), encoding="utf-8"))
    code, _, err = run(capsys, "add", "-", "--db", db)
    assert code == 2 and "not UTF-8" in err and "Traceback" not in err


def test_redo_reapplies_the_undone_change(capsys, db):
    a = add(capsys, db, "hdc shell accepts -t")
    run_json(capsys, "confidence", a["id"], "0.2", "--reason", "wrong", "--db", db)
    run_json(capsys, "undo", "--db", db)
    assert run_json(capsys, "show", a["id"], "--db", db)["confidence"] == 0.7
    redone = run_json(capsys, "redo", "--db", db)
    assert [r["field"] for r in redone] == ["confidence"]
    assert run_json(capsys, "show", a["id"], "--db", db)["confidence"] == 0.2
    code, out, _err = run(capsys, "redo", "--db", db)
    assert (code, out.strip()) == (0, "Nothing to redo.")
    run_json(capsys, "undo", "--db", db)
    code, out, _err = run(capsys, "redo", "--db", db)
    assert code == 0 and out.startswith("Redid confidence change of “hdc shell accepts -t” (0.70")


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_ctrl_c_stops_a_long_undo_between_transactions(capsys, db, monkeypatch):
    """`undo` of a large group shows its progress on a terminal; Ctrl+C stops it after the
    transaction under way: it says what was undone and what is left (exit 130, as for any
    Ctrl+C), and `undo` again finishes it; one `redo` then brings all of it back."""
    import signal

    from hmdesk.core.db import Database
    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan, Merge
    from hmdesk.core.memory.lifecycle.apply import apply_plan
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.memory.store import undo as undo_module

    monkeypatch.setenv("HMDESK_USER", "alice")
    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)  # one batch (200 events) per commit
    store = MemoryStore(Database(db), actor="alice", keep_index=False)
    pairs = [
        (store.add(f"hdc install needs a signed hap again, {i}").id, store.add(f"variant {i}").id)
        for i in range(250)
    ]
    apply_plan(store, ConsolidationPlan(merged=tuple(Merge(d, k) for d, k in pairs)))
    step = MemoryStore.undo_step

    def undo_step(self, **kw):  # Ctrl+C pressed once the first part is committed
        shown = kw["progress"]

        def progress(done, total):
            shown(done, total)
            if done < total:
                signal.raise_signal(signal.SIGINT)

        return step(self, **{**kw, "progress": progress})

    monkeypatch.setattr(MemoryStore, "undo_step", undo_step)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # stderr is a terminal
    code, out, err = run(capsys, "undo", "--db", db)
    assert code == 130
    assert out.startswith("Undid superseding 200 memories, made ")
    assert err == (
        "\rundoing: 80% (200 of 250)\n"
        "hmdesk-cli: Undo stopped: 200 of 250 changes undone (supersede of 250 memories); "
        "the other 50 are unchanged. hmdesk-cli undo finishes it.\n"
    )
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl+C as before
    dups = [d for d, _ in pairs]
    assert sum(1 for r in store.get_many(dups) if r.superseded_by) == 50
    monkeypatch.setattr(MemoryStore, "undo_step", step)
    code, out, err = run(capsys, "undo", "--db", db)  # the rest
    assert (code, err) == (0, "")
    assert out.startswith("Undid superseding 50 memories, made ")
    assert not any(r.superseded_by for r in store.get_many(dups))
    code, out, err = run(capsys, "redo", "--db", db)
    assert (code, out.splitlines()[0]) == (0, "Redid supersede of 250 memories.")
    assert all(r.superseded_by for r in store.get_many(dups))
    store.close()
    store.db.close()

"""hmdesk-cli code-index / anchor / anchors / unanchor."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli import main

from tests.core.codeindex.sources import ABILITY, ENTRY_ABILITY_ETS, INDEX, INDEX_ETS, write_project


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def env(tmp_path: Path, capsys):
    project = write_project(tmp_path / "proj")
    db = str(tmp_path / "cli.db")
    mem = run_json(capsys, "add", "onCreate pitfall", "--db", db)
    return project, db, mem["id"]


def test_code_index_shows_its_progress_on_a_terminal_only(capsys, env, monkeypatch, tmp_path):
    project, _db, _ = env
    monkeypatch.setenv("HMDESK_CACHE_DIR", str(tmp_path / "cache"))  # nothing kept yet
    code, out, err = run(capsys, "code-index", project)
    assert code == 0 and "indexing" not in err  # a pipe or a log stays clean
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, "code-index", project)
    assert code == 0 and "Index.build" in out
    assert "\rindexing: 0% (0 of 3)" in err and "\rindexing: 100% (3 of 3)\n" in err


def test_code_index_lists_entities(capsys, env):
    project, _db, _ = env
    data = run_json(capsys, "code-index", project)
    assert data["files"] == 3 and data["root"] == str(project.resolve())
    quals = [(e["path"], e["qualified"], e["kind"]) for e in data["entities"]]
    assert (INDEX, "Index.build", "build") in quals
    assert (ABILITY, "EntryAbility.onCreate", "method") in quals
    code, out, err = run(capsys, "code-index", project)
    assert code == 0 and f"{INDEX}:12-21\tbuild\tIndex.build" in out and "entities in 3" in err
    code, _, err = run(capsys, "code-index", project / "nope")
    assert code == 2 and "not a folder" in err


def test_anchor_by_symbol_and_at_then_list_and_unanchor(capsys, env):
    project, db, mid = env
    a = run_json(capsys, "anchor", mid, "--project", project, "--symbol", "onCreate", "--db", db)
    assert (a["symbol"], a["line"], a["path"]) == ("EntryAbility.onCreate", 5, ABILITY)
    b = run_json(
        capsys, "anchor", mid, "--project", project, "--at", f"{project / INDEX}:15:8", "--db", db
    )
    assert b["symbol"] == "Index.build"
    c = run_json(capsys, "anchor", mid, "--project", project, "--at", f"{INDEX}:6", "--db", db)
    assert c["symbol"] == "Index"

    # move onCreate down, delete build(): anchors resolve to the new line / stale
    (project / ABILITY).write_text("\n\n" + ENTRY_ABILITY_ETS, encoding="utf-8")
    start = INDEX_ETS.index("  build() {")
    (project / INDEX).write_text(INDEX_ETS[:start] + "}\n", encoding="utf-8")
    code, out, _ = run(capsys, "anchors", mid, "--project", project, "--db", db)
    assert code == 0 and "Index.build\tbuild\tSTALE" in out and f"{ABILITY}:7 (moved)" in out
    listed = run_json(capsys, "anchors", mid, "--db", db)
    by_symbol = {d["symbol"]: d for d in listed}
    on_create = by_symbol["EntryAbility.onCreate"]
    assert on_create["current"]["line"] == on_create["line"] == 7  # the row follows the code
    assert on_create["moved"] is False  # not since the last listing
    assert by_symbol["Index.build"]["stale"] is True and by_symbol["Index.build"]["current"] is None
    assert by_symbol["Index"]["stale"] is False

    history = run_json(capsys, "history", mid, "--db", db)
    assert [e["kind"] for e in history] == ["add", "anchor", "anchor", "anchor"]
    removed = run_json(capsys, "unanchor", b["id"], "--db", db)
    assert removed["id"] == b["id"]
    assert len(run_json(capsys, "anchors", mid, "--db", db)) == 2
    assert run_json(capsys, "history", mid, "--db", db)[-1]["kind"] == "unanchor"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--symbol", "Nothing"], "no symbol 'Nothing'"),
        (["--symbol", "oncreate"], "did you mean EntryAbility.onCreate"),
        (["--at", "x.ets"], "FILE:LINE"),
        (["--at", f"{INDEX}:0"], "FILE:LINE"),
        (["--at", f"{INDEX}:1"], "no struct, class, function or method"),
        (["--at", "/etc/passwd:1"], "not inside the project"),
        (["--at", "entry/Missing.ets:3"], "not an indexed"),
    ],
)
def test_anchor_bad_input_is_exit_2(capsys, env, extra, message):
    project, db, mid = env
    code, _, err = run(capsys, "anchor", mid, "--project", project, *extra, "--db", db)
    assert code == 2 and message in err, err


def test_ambiguous_symbol_and_unknown_ids(capsys, env):
    project, db, mid = env
    (project / "entry/src/main/ets/pages/Other.ets").write_text(
        "@Component\nstruct Other {\n  build() {}\n}\n", encoding="utf-8"
    )
    code, _, err = run(capsys, "anchor", mid, "--project", project, "--symbol", "build", "--db", db)
    assert code == 2 and "names 2 entities" in err
    code, _, err = run(
        capsys, "anchor", "mem-x", "--project", project, "--symbol", "Index", "--db", db
    )
    assert code == 2 and "no memory" in err
    code, _, err = run(capsys, "anchors", "mem-x", "--db", db)
    assert code == 2 and "mem-x" in err
    code, _, err = run(capsys, "unanchor", "99", "--db", db)
    assert code == 2 and "no anchor with id 99" in err
    with pytest.raises(SystemExit) as exc:
        main(["unanchor", "zero", "--db", db])
    assert exc.value.code == 2


def test_impact_prints_the_callers_and_their_memories(capsys, tmp_path: Path):
    project = tmp_path / "p"
    project.mkdir()
    (project / "x.ts").write_text(
        "function a(): void { b() }\nfunction b(): void { c() }\nfunction c(): void {}\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "cli.db")
    mem = run_json(capsys, "add", "b must not run twice", "--db", db)["id"]
    run_json(capsys, "anchor", mem, "--project", project, "--symbol", "b", "--db", db)
    data = run_json(
        capsys, "impact", "--project", project, "--symbol", "c", "--depth", "3", "--db", db
    )
    assert [(r["level"], r["entity"]["qualified"], r["memories"]) for r in data["impact"]] == [
        (0, "c", []),
        (1, "b", [mem]),
        (2, "a", []),
    ]
    code, out, _ = run(capsys, "impact", "--project", project, "--at", "x.ts:2", "--db", db)
    assert code == 0 and out.splitlines()[0] == f"0\tx.ts:2-2\tfunction\tb\tmemories: {mem}"
    code, _, err = run(capsys, "impact", "--project", project, "--symbol", "a", "--db", db)
    assert code == 0 and "nothing in" in err and "calls a" in err
    code, _, err = run(capsys, "impact", "--project", project, "--symbol", "zz", "--db", db)
    assert code == 2 and "no symbol" in err

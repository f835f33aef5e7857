"""hmdesk-cli push / pull / login and query --scope, between an SQLite file and a PostgreSQL
team store (skipped with a one-line reason when there is no server)."""

from __future__ import annotations

import json

import pytest
from hmdesk.core.cli import main

from tests.fixtures.postgres import pg_url  # noqa: F401 - the fixture


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_push_pull_and_conflicts(capsys, tmp_path, pg_url, monkeypatch):  # noqa: F811
    me, other = str(tmp_path / "me.db"), str(tmp_path / "other.db")
    monkeypatch.setenv("HMDESK_USER", "alice")
    a = run_json(capsys, "add", "sign with the release profile", "--tag", "signing", "--db", me)
    b = run_json(capsys, "add", "hdc needs absolute paths", "--db", me)
    with pytest.raises(SystemExit):  # --to is required
        main(["push", a["id"], "--db", me])
    capsys.readouterr()
    code, _out, err = run(capsys, "push", "--to", pg_url, "--db", me)
    assert code == 2 and "name the memories to push" in err
    report = run_json(capsys, "push", "--to", pg_url, "--mine", "--db", me)
    assert sorted(report["copied"]) == sorted([a["id"], b["id"]]) and report["conflicts"] == []
    # a colleague pulls everything into an empty personal store
    monkeypatch.setenv("HMDESK_USER", "bob")
    pulled = run_json(capsys, "pull", "--from", pg_url, "--db", other)
    assert sorted(pulled["copied"]) == sorted([a["id"], b["id"]])
    assert run_json(capsys, "show", a["id"], "--db", other)["tags"] == ["signing"]
    # bob changes it on the team store; alice's next push is a conflict, not an overwrite
    run_json(capsys, "edit", a["id"], "--content", "sign with release", "--db", pg_url)
    monkeypatch.setenv("HMDESK_USER", "alice")
    code, out, _err = run(capsys, "push", "--to", pg_url, a["id"], "--db", me)
    assert code == 0 and f"conflict {a['id']}: content differ" in out
    assert run_json(capsys, "show", a["id"], "--db", pg_url)["content"] == "sign with release"
    # whose memories: the actor of each memory's add event, as the team store remembers
    monkeypatch.setenv("HMDESK_USER", "bob")
    bobs = run_json(capsys, "add", "bob's note on signing", "--db", pg_url)
    monkeypatch.setenv("HMDESK_USER", "alice")
    mine = run_json(capsys, "query", "signing", "--scope", "mine", "--db", pg_url)
    assert [r["id"] for r in mine["results"]] == [a["id"]]
    monkeypatch.setenv("HMDESK_USER", "bob")
    assert [
        r["id"]
        for r in run_json(capsys, "query", "signing", "--scope", "mine", "--db", pg_url)["results"]
    ] == [bobs["id"]]
    team = run_json(capsys, "query", "signing", "--scope", "team", "--db", pg_url)
    assert [r["id"] for r in team["results"]] == [a["id"]]


def test_every_memory_command_works_on_the_team_store(capsys, pg_url, tmp_path):  # noqa: F811
    m = run_json(capsys, "add", "hvigor fails on spaces", "--db", pg_url)
    run_json(capsys, "edit", m["id"], "--content", "quote the path", "--db", pg_url)
    hist = run_json(capsys, "history", m["id"], "--db", pg_url)
    assert [h["kind"] for h in hist] == ["add", "edit"]
    code, _out, err = run(capsys, "undo", "--db", pg_url)
    assert code == 0, err
    assert run_json(capsys, "show", m["id"], "--db", pg_url)["content"] == "hvigor fails on spaces"
    found = run_json(capsys, "query", "hvigor", "--db", pg_url)
    assert [r["id"] for r in found["results"]] == [m["id"]]
    out = tmp_path / "out.jsonl"
    code, _o, err = run(capsys, "export-hmharness", str(out), "--db", pg_url)
    assert code == 0, err
    assert m["id"] in out.read_text(encoding="utf-8")


def test_login_without_a_keyring_says_what_to_do(capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setitem(sys.modules, "keyring", None)
    monkeypatch.setattr(sys, "stdin", io.StringIO("pw\n"))
    code, _out, err = run(capsys, "login", "postgresql://alice@db.example/team")
    assert code == 2 and "PGPASSFILE" in err and "pw" not in err.replace("PGPASSFILE", "")


def test_a_read_only_user_searches_and_is_refused_writes_in_one_line(capsys, pg_url):  # noqa: F811
    """What the README's team section promises a DBA: a user granted SELECT only can search (the
    server answers) and a write is refused with one line, nothing changed."""
    import uuid
    from urllib.parse import parse_qs, quote, urlsplit

    import psycopg

    added = run_json(capsys, "add", "hvigor build fails on a path with spaces", "--db", pg_url)
    role = f"reader_{uuid.uuid4().hex[:8]}"
    schema = parse_qs(urlsplit(pg_url).query)["options"][0].split("=", 1)[1]
    with psycopg.connect(pg_url, autocommit=True) as c:
        c.execute(f"CREATE ROLE {role} LOGIN")
        c.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
        c.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {role}")
        user = c.execute("SELECT current_user").fetchone()[0]
    parts = urlsplit(pg_url)
    reader = parts._replace(netloc=parts.netloc.replace(f"{user}@", f"{role}@", 1)).geturl()
    assert reader != pg_url
    try:
        found = run_json(capsys, "query", "hvigor build", "--db", reader)
        assert [r["id"] for r in found["results"]] == [added["id"]]
        code, out, err = run(capsys, "add", "a new memory", "--db", reader)
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and "refuses writes to this user" in err
        assert "searching works" in err and quote(role) in err
        with psycopg.connect(pg_url) as c:  # nothing was written
            assert c.execute("SELECT count(*) FROM memories").fetchone()[0] == 1
    finally:
        with psycopg.connect(pg_url, autocommit=True) as c:
            c.execute(f"DROP OWNED BY {role}")
            c.execute(f"DROP ROLE {role}")

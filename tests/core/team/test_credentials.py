"""Passwords never leave the URL they came in: redacted wherever hmdesk prints a URL, refused by
the settings file, taken from the keyring when the URL has none."""

from __future__ import annotations

import logging
import sys
import types

import pytest
from hmdesk.core import config
from hmdesk.core.cli import main
from hmdesk.core.dbfile import is_url, redact_url
from hmdesk.core.team import credentials

SECRET = "s3cr3t-pw"


def test_redact_url_hides_every_password() -> None:
    text = (
        f"cannot open postgresql://alice:{SECRET}@db.example:5432/team and "
        f"postgresql+psycopg://bob:{SECRET}@h/x?sslmode=require&password={SECRET}"
    )
    out = redact_url(text)
    assert SECRET not in out
    assert "postgresql://alice:***@db.example:5432/team" in out
    assert redact_url("postgresql://alice@db/team") == "postgresql://alice@db/team"
    assert is_url("postgresql://x/y") and not is_url("/home/me/hmdesk.db")


def test_a_failed_connection_names_the_store_without_its_password(capsys, caplog) -> None:
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is not installed")
    caplog.set_level(logging.DEBUG)
    url = f"postgresql://alice:{SECRET}@127.0.0.1:1/team?connect_timeout=3"
    code = main(["show", "mem-000000000000", "--db", url])
    _out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("hmdesk-cli: error: cannot open the team store postgresql://alice:***@")
    assert len(err.strip().splitlines()) == 1
    assert SECRET not in err and SECRET not in caplog.text


def test_the_settings_file_refuses_a_password(tmp_path) -> None:
    path = tmp_path / "config.json"
    with pytest.raises(config.ConfigError, match="stored in clear"):
        config.set_value("db", f"postgresql://alice:{SECRET}@db/team", path)
    assert not path.exists()
    assert (
        config.set_value("db", "postgresql://alice@db/team", path) == "postgresql://alice@db/team"
    )
    assert SECRET not in path.read_text(encoding="utf-8")


def test_the_keyring_supplies_a_password_the_url_lacks(monkeypatch) -> None:
    import sqlalchemy as sa

    kept: dict[tuple[str, str], str] = {}
    fake = types.SimpleNamespace(
        get_password=lambda service, user: kept.get((service, user)),
        set_password=lambda service, user, pw: kept.__setitem__((service, user), pw),
    )
    monkeypatch.setitem(sys.modules, "keyring", fake)
    bare = credentials.store_password(f"postgresql://alice:{SECRET}@db.example/team", SECRET)
    assert bare == "postgresql://alice@db.example/team"
    assert kept == {("hmdesk", "alice@db.example:5432/team"): SECRET}
    with_timeouts = credentials.timeouts(sa.engine.make_url(bare))
    assert credentials.connect_args(sa.engine.make_url(bare)) == {
        **with_timeouts,
        "password": SECRET,
    }
    given = sa.engine.make_url("postgresql://x:given@db/team")
    assert credentials.connect_args(given) == credentials.timeouts(given)  # no keyring password


def test_without_a_keyring_storing_a_password_says_what_to_do(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "keyring", None)  # import keyring raises ImportError
    with pytest.raises(credentials.CredentialError, match="PGPASSFILE"):
        credentials.store_password("postgresql://alice@db/team", SECRET)

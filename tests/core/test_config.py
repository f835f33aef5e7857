"""The settings file: one JSON file shared by the window and the CLI, environment variables win,
writes are atomic, a damaged file is reported and never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core import config
from hmdesk.core.config import ConfigError, effective


def test_the_path_comes_from_hmdesk_config(_isolated_config: Path) -> None:
    assert config.config_path() == _isolated_config
    assert config.load() == {}  # no file yet: nothing set, nothing created
    assert not _isolated_config.exists()


def test_set_get_unset_round_trip(_isolated_config: Path) -> None:
    assert config.set_value("hdc", "  /opt/clt/hdc ") == "/opt/clt/hdc"
    assert config.set_value("theme", "Dark") == "dark"
    assert json.loads(_isolated_config.read_text()) == {"hdc": "/opt/clt/hdc", "theme": "dark"}
    assert config.load() == {"hdc": "/opt/clt/hdc", "theme": "dark"}
    assert config.unset("hdc") is True
    assert config.unset("hdc") is False
    assert config.load() == {"theme": "dark"}
    # no temporary file is left beside it (the lock file stays: it is reused)
    names = sorted(p.name for p in _isolated_config.parent.iterdir())
    assert names == ["config.json", "config.json.lock"]


def test_values_are_validated() -> None:
    with pytest.raises(ConfigError, match="theme must be one of system, light, dark"):
        config.set_value("theme", "blue")
    with pytest.raises(ConfigError, match="unknown setting 'colour'"):
        config.set_value("colour", "x")
    with pytest.raises(ConfigError, match="empty"):
        config.set_value("hdc", "  ")
    with pytest.raises(ConfigError, match="cannot be split"):
        config.set_value("editor", "code 'unclosed")
    with pytest.raises(ConfigError, match="must be text"):
        config.validate("sdk", 3)
    assert config.load() == {}


def test_environment_variables_win_and_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    config.set_value("hdc", "/from/config/hdc")
    config.set_value("theme", "light")
    assert effective("hdc") == ("/from/config/hdc", "config")
    monkeypatch.setenv("HMDESK_HDC", "/from/env/hdc")
    assert effective("hdc") == ("/from/env/hdc", "env HMDESK_HDC")
    assert effective("theme", {"HMDESK_THEME": "dark"}) == ("dark", "env HMDESK_THEME")
    assert effective("theme", {}) == ("light", "config")
    assert effective("sdk", {"DEVECO_SDK_HOME": "/sdk"}) == ("/sdk", "env DEVECO_SDK_HOME")
    assert effective("node", {"NODE_HOME": "/node"}) == ("/node", "env NODE_HOME")
    assert effective("db", {"HMDESK_DB": "/x.db"}) == ("/x.db", "env HMDESK_DB")
    assert effective("node", {}) == (None, "unset")
    config.unset("theme")
    assert effective("theme", {}) == ("system", "default")


def test_editor_order_hmdesk_editor_then_config_then_visual_editor() -> None:
    env = {"VISUAL": "gvim", "EDITOR": "nano"}
    assert effective("editor", env) == ("gvim", "env VISUAL")
    assert effective("editor", {"EDITOR": "nano"}) == ("nano", "env EDITOR")
    config.set_value("editor", "code --goto {file}:{line}")
    assert effective("editor", env) == ("code --goto {file}:{line}", "config")
    env["HMDESK_EDITOR"] = "subl"
    assert effective("editor", env) == ("subl", "env HMDESK_EDITOR")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"hdc": "/x",', "is not valid JSON (line 1"),
        ("[1, 2]", "does not hold a JSON object"),
        ('{"theme": "purple"}', "has a bad value: theme must be one of"),
        (b"\xff\xfe{", "is not UTF-8 text"),
    ],
)
def test_a_damaged_file_is_named_and_never_overwritten(
    _isolated_config: Path, text: str | bytes, says: str
) -> None:
    _isolated_config.parent.mkdir(parents=True)
    raw = text if isinstance(text, bytes) else text.encode()
    _isolated_config.write_bytes(raw)
    with pytest.raises(ConfigError) as ei:
        config.load()
    assert str(_isolated_config) in str(ei.value) and says in str(ei.value)
    assert "left untouched" in str(ei.value)
    with pytest.raises(ConfigError):
        config.set_value("hdc", "/y")
    with pytest.raises(ConfigError):
        config.unset("hdc")
    assert _isolated_config.read_bytes() == raw
    # an environment variable still answers without reading the file
    assert effective("hdc", {"HMDESK_HDC": "/env"}) == ("/env", "env HMDESK_HDC")


def test_keys_of_a_newer_version_are_kept(_isolated_config: Path) -> None:
    _isolated_config.parent.mkdir(parents=True)
    _isolated_config.write_text('{"future": {"a": 1}, "theme": "dark"}')
    assert config.load() == {"theme": "dark"}
    config.set_value("sdk", "/sdk")
    assert json.loads(_isolated_config.read_text()) == {
        "sdk": "/sdk",
        "theme": "dark",
        "future": {"a": 1},
    }


def test_db_setting_feeds_the_default_database_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _isolated_config: Path
) -> None:
    from hmdesk.core.dbfile import DatabaseError, default_db_path

    monkeypatch.delenv("HMDESK_DB", raising=False)
    assert default_db_path().name == "hmdesk.db"
    config.set_value("db", str(tmp_path / "mine.db"))
    assert default_db_path() == tmp_path / "mine.db"
    monkeypatch.setenv("HMDESK_DB", str(tmp_path / "env.db"))
    assert default_db_path() == tmp_path / "env.db"
    monkeypatch.delenv("HMDESK_DB")
    _isolated_config.write_text("{oops")
    with pytest.raises(DatabaseError, match="is not valid JSON"):
        default_db_path()


def test_node_home_accepts_the_folder_or_the_executable(tmp_path: Path) -> None:
    node = tmp_path / "node" / "bin" / "node"
    node.parent.mkdir(parents=True)
    node.write_text("")
    assert config.node_home(str(node)) == str(tmp_path / "node")
    assert config.node_home(str(tmp_path / "node")) == str(tmp_path / "node")

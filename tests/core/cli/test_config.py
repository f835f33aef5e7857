"""hmdesk-cli config get / set / unset / list: the settings file the window's Preferences use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core import config
from hmdesk.core.cli import main


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_set_get_unset(capsys: pytest.CaptureFixture[str], _isolated_config: Path) -> None:
    code, out, _ = cli(capsys, "config", "set", "theme", "dark")
    assert code == 0 and out.startswith("theme = dark") and str(_isolated_config) in out
    assert json.loads(_isolated_config.read_text()) == {"theme": "dark"}
    assert cli(capsys, "config", "get", "theme")[:2] == (0, "dark\n")
    code, out, err = cli(capsys, "config", "get", "hvigorw")
    assert code == 1 and out == "" and "hvigorw is not set" in err
    code, out, _ = cli(capsys, "config", "unset", "theme")
    assert code == 0 and "theme removed" in out
    assert cli(capsys, "config", "get", "theme")[:2] == (0, "system\n")  # the default


def test_bad_values_and_keys_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "config", "set", "theme", "blue")
    assert code == 2 and "theme must be one of system, light, dark" in err
    with pytest.raises(SystemExit) as ei:
        main(["config", "get", "colour"])
    assert ei.value.code == 2
    assert config.load() == {}


def test_the_environment_wins_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli(capsys, "config", "set", "hdc", "/from/config/hdc")
    monkeypatch.setenv("HMDESK_HDC", "/from/env/hdc")
    code, out, err = cli(capsys, "config", "get", "hdc")
    assert code == 0 and out == "/from/env/hdc\n"
    assert "HMDESK_HDC is set and wins over the settings file's hdc (/from/config/hdc)" in err
    code, out, err = cli(capsys, "config", "set", "hdc", "/other")
    assert code == 0 and "HMDESK_HDC is set and wins" in err


def test_list_text_and_json(capsys: pytest.CaptureFixture[str], _isolated_config: Path) -> None:
    cli(capsys, "config", "set", "editor", "code --goto {file}:{line}")
    code, out, _ = cli(capsys, "config", "list")
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"settings file: {_isolated_config}"
    assert [ln.split()[0] for ln in lines[1:]] == list(config.KEYS)
    assert "editor   code --goto {file}:{line}  (settings file)" in lines
    assert "theme    system  (default)" in lines
    code, out, _ = cli(capsys, "config", "list", "--json")
    data = json.loads(out)
    assert data["file"] == str(_isolated_config)
    by_key = {row["key"]: row for row in data["settings"]}
    assert by_key["editor"]["source"] == "config" and by_key["hdc"]["value"] is None
    assert by_key["db"]["source"] == "default" and by_key["db"]["value"].endswith("hmdesk.db")


def test_a_damaged_file_is_named_and_kept(
    capsys: pytest.CaptureFixture[str], _isolated_config: Path
) -> None:
    _isolated_config.parent.mkdir(parents=True)
    _isolated_config.write_text('{"hdc": ')
    for argv in (("list",), ("get", "hdc"), ("set", "hdc", "/x"), ("unset", "hdc")):
        code, _, err = cli(capsys, "config", *argv)
        assert code == 2 and str(_isolated_config) in err and "not valid JSON" in err, argv
    assert _isolated_config.read_text() == '{"hdc": '


@pytest.mark.slow  # five CLI processes
def test_every_command_reads_the_db_setting(tmp_path: Path, _isolated_config: Path) -> None:
    """A real subprocess: `config set db` then `add` writes into that database, not the default;
    HMDESK_DB wins over the setting and --db over both."""
    env = {k: v for k, v in os.environ.items() if k != "HMDESK_DB"}
    env["HMDESK_CONFIG"] = str(_isolated_config)
    env["HOME"] = str(tmp_path / "home")  # the default database would land here
    env["XDG_DATA_HOME"] = str(tmp_path / "home" / "data")

    def run(*argv: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "hmdesk.core.cli", *argv],
            capture_output=True,
            text=True,
            env={**env, **extra},
            timeout=120,
            check=False,
        )

    chosen = tmp_path / "chosen.db"
    assert run("config", "set", "db", str(chosen)).returncode == 0
    added = run("add", "hdc needs the device authorised", "--json")
    assert added.returncode == 0, added.stderr
    assert chosen.exists() and not (tmp_path / "home").exists()
    assert run("config", "get", "db").stdout.strip() == str(chosen)
    env_db = tmp_path / "env.db"
    assert run("add", "second", HMDESK_DB=str(env_db)).returncode == 0
    assert env_db.exists()
    flag_db = tmp_path / "flag.db"
    assert run("add", "third", "--db", str(flag_db), HMDESK_DB=str(env_db)).returncode == 0
    assert flag_db.exists()


@pytest.mark.parametrize(
    "argv", [["config", "--help"], ["config", "list"], ["config", "get", "hdc"]]
)
def test_config_commands_import_nothing_heavy(argv: list[str]) -> None:
    from tests.core.test_cli_startup import _heavy, _imported

    proc, names = _imported(argv)
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    assert "hmdesk" in names and _heavy(names) == []


def test_a_relative_path_is_stored_from_where_it_was_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, "config", "set", "db", "mine.db")[0] == 0
    assert config.load() == {"db": str(tmp_path / "mine.db")}
    assert cli(capsys, "config", "set", "sdk", "~/sdk")[0] == 0
    assert config.load()["sdk"] == "~/sdk"  # expanded when used
    code, _, err = cli(capsys, "config", "set", "hdc", "  ")
    assert code == 2 and "empty" in err

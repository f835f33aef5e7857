"""Settings and database-name faults through the CLI (issue 31 items 5, 6, 11, 12, 16): an empty
``--db``, two ``config set`` at once, a password in ``HMDESK_DB``, another user reading the
settings file, ``HMDESK_CONFIG`` naming a device or a FIFO.

Each is run as the user meets it (``hmdesk-cli …`` in a child process where the fault needs
one, ``main(argv)`` in-process otherwise): one ``hmdesk-cli: error: …`` line, exit 2, nothing
lost, nothing written where it should not be.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli.main import main

CLI = [sys.executable, "-m", "hmdesk.core.cli"]
PASSWORD = "s3cret-Pw"  # the secret the tests look for in the output


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user with their own settings file and data folder (the 'real default database')."""
    monkeypatch.setenv("HMDESK_CONFIG", str(tmp_path / "cfg" / "config.json"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("HMDESK_DB", raising=False)
    return tmp_path


def _run(argv: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        check=False,
    )


@pytest.mark.hostile("empty-db-name", "blank-db-name")
@pytest.mark.parametrize("name", ["", " ", "\t"])
def test_an_empty_db_name_is_refused_and_nothing_is_written(
    home: Path, name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 5: ``--db ""`` wrote into the user's real database; ``--db " "`` made a file " "."""
    monkeypatch.chdir(home)
    before = sorted(p.relative_to(home) for p in home.rglob("*"))
    assert main(["--db", name, "add", "pitfall: ArkTS forbids any"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("hmdesk-cli: error: the database is given as ")
    assert "an empty name (an unset variable?)" in err[0]
    assert sorted(p.relative_to(home) for p in home.rglob("*")) == before


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("concurrent-settings-writers")
def test_settings_written_at_once_all_land(home: Path) -> None:
    """Item 6: two ``config set`` at once lost an update (read-modify-write without a lock)."""
    values = {
        "hdc": str(home / "hdc"),
        "hvigorw": str(home / "hvigorw"),
        "sdk": str(home / "sdk"),
        "node": str(home / "node"),
        "editor": "code -g",
        "embed_model": "bge-m3",
        "user": "alice",
        "theme": "dark",
    }
    for _round in range(3):
        procs = [
            subprocess.Popen(
                [*CLI, "config", "set", key, value],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for key, value in values.items()
        ]
        for p in procs:
            assert p.wait(timeout=60) == 0
            assert p.stderr is not None
            p.stderr.close()
        stored = json.loads((home / "cfg" / "config.json").read_text(encoding="utf-8"))
        assert set(values) <= set(stored), sorted(set(values) - set(stored))
        (home / "cfg" / "config.json").unlink()


@pytest.mark.hostile("password-in-db-url")
def test_a_password_in_the_db_url_is_never_printed(home: Path) -> None:
    """Item 11: ``config list`` (text and JSON) and ``config get db`` printed it in clear."""
    url = f"postgresql://alice:{PASSWORD}@db.example:5432/team"
    env = {"HMDESK_DB": url}
    for argv in (["config", "list"], ["config", "list", "--json"], ["config", "get", "db"]):
        res = _run(argv, env)
        assert res.returncode == 0, res.stderr
        assert PASSWORD not in res.stdout + res.stderr
        assert "postgresql://alice:***@db.example:5432/team" in res.stdout
    (home / "cfg").mkdir()
    (home / "cfg" / "config.json").write_text(json.dumps({"db": str(home / "x.db")}))
    res = _run(["config", "list"], env)  # the env var wins; the note names the file's value
    assert PASSWORD not in res.stdout + res.stderr


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.hostile("world-readable-settings")
def test_the_settings_file_is_private_and_made_private_on_read(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 12: config.json, which holds embed_key, was written 0644."""
    old = os.umask(0o022)
    try:
        assert main(["config", "set", "embed_key", "sk-not-for-others"]) == 0
        path = home / "cfg" / "config.json"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        path.chmod(0o644)  # written by an older hmdesk, or by hand
        assert main(["config", "list"]) == 0
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert "sk-not-for-others" not in capsys.readouterr().out
    finally:
        os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="/dev/zero and FIFOs are POSIX")
@pytest.mark.hostile("settings-is-a-device", "settings-is-a-fifo", "settings-is-huge")
@pytest.mark.parametrize("kind", ["device", "fifo", "huge"])
def test_a_settings_file_that_is_no_file_is_refused_at_once(home: Path, kind: str) -> None:
    """Item 16: HMDESK_CONFIG at /dev/zero: MemoryError at 3.7 GB; at a FIFO: it hung."""
    if kind == "device":
        target = "/dev/zero"
    elif kind == "fifo":
        target = str(home / "cfg.fifo")
        os.mkfifo(target)
    else:
        target = str(home / "big.json")
        Path(target).write_bytes(b" " * (2 * 1024 * 1024) + b"{}")
    for argv in (["config", "list"], ["query", "hdc"]):
        res = _run(argv, {"HMDESK_CONFIG": target})
        lines = res.stderr.strip().splitlines()
        assert res.returncode == 2, res.stderr
        assert len(lines) == 1 and lines[0].startswith("hmdesk-cli: error: "), res.stderr
        assert "the settings file" in lines[0] and target in lines[0]
        assert "Traceback" not in res.stderr

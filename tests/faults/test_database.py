"""Database faults through the CLI: a damaged, foreign, locked or unreadable file.

Each fault is run as the user meets it, ``hmdesk-cli --db FILE …`` in a child process: the
command either works, or prints exactly one line ``hmdesk-cli: error: …`` and exits 2, with no
traceback; a read (``query``, ``show``) never changes the file, a refused write leaves it as it
was (its hash), and nothing is left beside it. Random damage is fuzzed with hypothesis in-process
(``main(argv)``, the same code without the interpreter start-up); the hypothesis profile sets how
many examples (``make fuzz`` runs thousands).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hmdesk.core.cli.main import main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MEMORY_ID = "mem-fault0000001"
CLI = [sys.executable, "-m", "hmdesk.core.cli"]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny hmdesk database with two memories (made once, copied by each test)."""
    path = tmp_path_factory.mktemp("template") / "t.db"
    for argv in (
        ["add", "pitfall: ArkTS forbids any", "--id", MEMORY_ID, "--tag", "arkts"],
        ["add", "hdc install needs a signed hap", "--tag", "hdc"],
    ):
        assert main(["--db", str(path), *argv]) == 0
    return path


def _copy(template: Path, folder: Path, name: str = "hm.db") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    shutil.copyfile(template, path)
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def cli(
    db: Path, *argv: str, env: dict[str, str] | None = None, user: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``hmdesk-cli --db DB argv…`` as a child process (``user``: a prefix that drops root)."""
    return subprocess.run(
        [*(user or []), *CLI, "--db", str(db), *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, **(env or {})},
    )


def assert_one_error_line(done: subprocess.CompletedProcess[str], *words: str) -> None:
    lines = done.stderr.splitlines()
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert len(lines) == 1 and lines[0].startswith("hmdesk-cli: error: "), done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0], lines[0]


# ------------------------------------------------------------------ named faults, child processes


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-file-cut-short")
def test_truncated_file(template: Path, tmp_path: Path) -> None:
    db = _copy(template, tmp_path)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 3])
    before, names = _digest(db), _names(tmp_path)
    assert_one_error_line(cli(db, "query", "x"), "cut short", str(db))
    assert (_digest(db), _names(tmp_path)) == (before, names)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-page-zeroed")
def test_zeroed_page(template: Path, tmp_path: Path) -> None:
    db = _copy(template, tmp_path)
    with sqlite3.connect(db) as con:  # the page holding the memories table's rows
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'memories'").fetchone()
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    with db.open("r+b") as fh:
        fh.seek((root[0] - 1) * page_size)
        fh.write(b"\x00" * page_size)
    before, names = _digest(db), _names(tmp_path)
    assert_one_error_line(cli(db, "show", MEMORY_ID), "malformed", str(db))
    assert (_digest(db), _names(tmp_path)) == (before, names)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-path-is-a-folder")
def test_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "db-folder"
    folder.mkdir()
    assert_one_error_line(cli(folder, "query", "x"), "is a directory")
    assert _names(folder) == []


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-file-unreadable")
def test_file_without_read_permission(
    template: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    user = None
    if os.geteuid() == 0:  # root reads anything: run the CLI as nobody
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: cannot drop the privilege to read")
        user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        # a folder of its own that nobody may pass through (not list): pytest makes
        # /tmp/pytest-of-root private again whenever another pytest session starts
        tmp_path = Path(tempfile.mkdtemp(prefix="hmdesk-noread-"))
        request.addfinalizer(lambda: shutil.rmtree(tmp_path))
        tmp_path.chmod(0o711)
        probe = subprocess.run(
            [*user, sys.executable, "-c", "import hmdesk.core.cli"],
            capture_output=True,
            check=False,
        )
        if probe.returncode != 0:  # the checkout itself is private (e.g. a clone under mktemp -d)
            pytest.skip("nobody cannot read this checkout, so the CLI cannot run as nobody")
    db = _copy(template, tmp_path)
    db.chmod(0o200)
    before, names = _digest(db), _names(tmp_path)
    assert_one_error_line(cli(db, "query", "x", user=user), "cannot read", "Permission denied")
    assert (_digest(db), _names(tmp_path)) == (before, names)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-file-empty")
def test_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    db.touch()  # what `touch` or mktemp leave: SQLite's empty database, like a missing file
    done = cli(db, "add", "first memory", "--id", MEMORY_ID)
    assert done.returncode == 0, done.stderr
    assert main(["--db", str(db), "show", MEMORY_ID]) == 0


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("another-apps-sqlite-database")
def test_another_apps_sqlite_database(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("CREATE TABLE songs (title TEXT)")
    con.execute("INSERT INTO songs VALUES ('x')")
    con.commit()
    con.close()
    before, names = _digest(db), _names(tmp_path)
    assert_one_error_line(cli(db, "add", "x"), "not an hmdesk one", "songs")
    assert (_digest(db), _names(tmp_path)) == (before, names)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-of-a-newer-hmdesk")
def test_newer_schema_revision(template: Path, tmp_path: Path) -> None:
    db = _copy(template, tmp_path)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE alembic_version SET version_num = 'ffff-from-the-future'")
    con.close()
    before, names = _digest(db), _names(tmp_path)
    assert_one_error_line(cli(db, "add", "x"), "newer version of hmdesk", "ffff-from-the-future")
    assert (_digest(db), _names(tmp_path)) == (before, names)


KILLED_WRITER = """
import os, signal, sqlite3, sys
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
db = Database(sys.argv[1])
MemoryStore(db).add("committed before the kill", id="mem-committed0001")
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN IMMEDIATE")
con.execute("UPDATE memories SET content = 'LOST'")
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("wal-left-by-a-killed-writer")
def test_wal_left_by_a_killed_writer(template: Path, tmp_path: Path) -> None:
    db = _copy(template, tmp_path)
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_WRITER, str(db)], capture_output=True, timeout=60, check=False
    )
    assert killed.returncode == -9, killed.stderr
    assert (tmp_path / "hm.db-wal").stat().st_size > 0  # the commit is only in the WAL
    done = cli(db, "query", "committed pitfall", "--json")
    assert done.returncode == 0, done.stderr
    assert "committed before the kill" in done.stdout and MEMORY_ID in done.stdout
    assert "LOST" not in done.stdout  # the unfinished transaction is rolled back
    assert _names(tmp_path) == ["hm.db"]  # recovered and checkpointed: nothing left beside it


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-locked-by-another-writer")
def test_locked_database(template: Path, tmp_path: Path) -> None:
    db = _copy(template, tmp_path)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process mid-write, past our busy timeout
    try:
        before = _digest(db)
        done = cli(db, "add", "x", env={"HMDESK_BUSY_TIMEOUT_MS": "200"})
        assert_one_error_line(done, "locked", "nothing was changed")
        assert _digest(db) == before
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert main(["--db", str(db), "show", MEMORY_ID]) == 0


@pytest.fixture
def read_only_folder(tmp_path: Path):
    """A folder this process cannot write (chmod; root: the immutable attribute)."""
    folder = tmp_path / "ro"
    folder.mkdir()

    def lock() -> None:
        if os.geteuid() != 0:
            folder.chmod(0o555)
            return
        done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"running as root and chattr +i is not available: {done.stderr!r}")

    yield folder, lock
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True, check=False)
    folder.chmod(0o755)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("database-in-a-read-only-folder")
def test_read_only_folder(template: Path, read_only_folder) -> None:
    folder, lock = read_only_folder
    db = _copy(template, folder)
    lock()
    before, names = _digest(db), _names(folder)
    done = cli(db, "query", "pitfall")
    assert done.returncode == 0, done.stderr
    assert MEMORY_ID in done.stdout
    assert_one_error_line(cli(db, "add", "x"), f"the database is read-only: {db}", "folder")
    assert (_digest(db), _names(folder)) == (before, names)


# ------------------------------------------------------------------ random damage, fuzzed


def _run_in_process(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    return code, err.getvalue()


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    damage=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.binary(min_size=1, max_size=16)),
        min_size=1,
        max_size=8,
    ),
    command=st.sampled_from([["query", "pitfall"], ["show", MEMORY_ID], ["add", "new one"]]),
)
@pytest.mark.hostile("random-bytes-written-into-the-database")
def test_random_bytes_at_random_offsets(
    template: Path, tmp_path: Path, damage: list[tuple[float, bytes]], command: list[str]
) -> None:
    folder = tmp_path / f"fuzz{os.urandom(4).hex()}"
    db = _copy(template, folder)
    data = bytearray(db.read_bytes())
    for where, chunk in damage:
        at = int(where * len(data))
        data[at : at + len(chunk)] = chunk[: len(data) - at]
    db.write_bytes(bytes(data))
    before = _digest(db)
    code, err = _run_in_process(["--db", str(db), *command])
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("hmdesk-cli: error: "), err
    if code != 0 or command[0] != "add":
        assert _digest(db) == before, (command, err)
    assert _names(folder) == ["hm.db"]
    shutil.rmtree(folder)


@pytest.mark.hostile("random-bytes-written-into-the-database")
def test_random_damage_through_the_real_cli(template: Path, tmp_path: Path) -> None:
    """One damaged file through the child process too: the in-process fuzz runs the same code."""
    db = _copy(template, tmp_path)
    data = bytearray(db.read_bytes())
    for at in range(100, len(data), 997):
        data[at] ^= 0x5A
    db.write_bytes(bytes(data))
    before = _digest(db)
    done = cli(db, "query", "pitfall")
    if done.returncode != 0:
        assert_one_error_line(done)
    assert _digest(db) == before
    assert _names(tmp_path) == ["hm.db"]

"""Database opening: migrations match the models, pragmas, safety checks."""

import os
import sqlite3
import stat

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from hmdesk.core import dbfile
from hmdesk.core.db import Database, DatabaseError, _script
from hmdesk.core.models import Base


def test_migrations_describe_the_models(tmp_path):
    db = Database(tmp_path / "m.db")
    with db.engine.connect() as conn:
        # the search index's tables are SQL of their own (hmdesk.core.memory.search_index), not
        # models: their migration runs that SQL
        ctx = MigrationContext.configure(
            conn,
            opts={
                "compare_type": True,
                "include_name": lambda name, kind, _parent: (
                    not (kind == "table" and name is not None and name.startswith("search_"))
                ),
            },
        )
        diff = compare_metadata(ctx, Base.metadata)
    assert diff == [], f"models and migrations differ; add an Alembic revision: {diff}"


def test_schema_head_is_alembics_head():
    assert _script().get_heads() == [dbfile.SCHEMA_HEAD]


def test_new_file_is_private_and_in_wal_mode(tmp_path):
    path = tmp_path / "sub" / "new.db"
    db = Database(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with db.read() as s:
        assert s.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
        assert s.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
        assert s.execute(sa.text("PRAGMA busy_timeout")).scalar() >= 1000


def test_reopen_is_a_no_op(tmp_path):
    path = tmp_path / "a.db"
    first = Database(path)
    with first.write() as s:
        s.execute(sa.text("CREATE TABLE probe (x)"))
        s.execute(sa.text("INSERT INTO probe VALUES (42)"))
    with first.read() as s:
        version = s.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one()
    first.close()
    mode = stat.S_IMODE(os.stat(path).st_mode)
    second = Database(path)  # the migrations are already applied: nothing to do
    with second.read() as s:
        assert s.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one() == version
        assert s.execute(sa.text("SELECT x FROM probe")).scalar_one() == 42  # data kept
        assert s.execute(sa.text("SELECT count(*) FROM alembic_version")).scalar_one() == 1
    second.close()
    assert stat.S_IMODE(os.stat(path).st_mode) == mode


@pytest.mark.parametrize("content", [b"not a database at all\n", b"\x00" * 4096])
def test_non_sqlite_file_is_refused_and_untouched(tmp_path, content):
    path = tmp_path / "bad.db"
    path.write_bytes(content)
    with pytest.raises(DatabaseError, match=r"bad\.db"):
        Database(path)
    assert path.read_bytes() == content
    assert not (tmp_path / "bad.db-wal").exists()


def test_foreign_sqlite_database_is_refused(tmp_path):
    import sqlite3

    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="not an hmdesk one"):
        Database(path)
    assert path.read_bytes() == before


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "newer.db"
    Database(path).close()
    import sqlite3

    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = 'ffff-from-the-future'")
    con.commit()
    con.close()
    with pytest.raises(DatabaseError, match="newer version of hmdesk"):
        Database(path)


def test_hmdesk_db_env_is_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("HMDESK_DB", str(tmp_path / "env.db"))
    db = Database()
    assert db.path == tmp_path / "env.db"
    assert db.path.exists()


def test_uncreatable_path_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(DatabaseError, match=r"cannot create the database .*file.*new\.db"):
        Database(blocker / "new.db")  # its parent is a file, so it cannot be made
    assert blocker.read_text() == "x"


def test_opening_waits_for_another_connection_switching_a_new_file(tmp_path):
    """A new file's switch to WAL needs an exclusive lock, and SQLite refuses a conflicting
    switch at once, without waiting: two processes opening the same new database together used to
    see one fail with "database is locked". Opening now retries while the other holds it."""
    import sqlite3
    import threading

    path = tmp_path / "new.db"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # a writer mid-transaction on the still rollback-mode file
    opened = threading.Event()
    result: list[object] = []

    def open_it() -> None:
        try:
            result.append(Database(path))
        except Exception as exc:  # noqa: BLE001 - the test reports whatever went wrong
            result.append(exc)
        opened.set()

    threading.Thread(target=open_it).start()
    assert not opened.wait(0.3)  # still waiting for the lock, not failed
    holder.execute("ROLLBACK")
    holder.close()
    assert opened.wait(30)
    db = result[0]
    assert isinstance(db, Database), db
    db.close()


# ------------------------------------------------------------------ read-only and refused files


@pytest.fixture
def make_read_only():
    """Makes a file or folder read-only for this process: chmod for a user; for root (whom
    permissions do not stop) the immutable attribute, which stops root too. Undone at the end."""
    undo = []

    def apply(path):
        if os.geteuid() != 0:
            mode = stat.S_IMODE(path.stat().st_mode)
            path.chmod(0o555 if path.is_dir() else 0o444)
            undo.append(lambda: path.chmod(mode))
            return
        import subprocess

        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"running as root and chattr +i is not available here: {done.stderr!r}")
        undo.append(lambda: subprocess.run(["chattr", "-i", str(path)], check=True))

    yield apply
    for step in reversed(undo):
        step()


def _listing(folder):
    return sorted((p.name, p.read_bytes()) for p in folder.iterdir() if p.is_file())


def _with_probe(path):
    db = Database(path)
    with db.write() as s:
        s.execute(sa.text("CREATE TABLE probe (x)"))
        s.execute(sa.text("INSERT INTO probe VALUES (42)"))
    db.close()


@pytest.mark.parametrize("what", ["folder", "file"])
def test_read_only_database_is_queried_and_a_write_says_why(tmp_path, make_read_only, what):
    folder = tmp_path / "ro"
    path = folder / "a.db"
    _with_probe(path)
    make_read_only(folder if what == "folder" else path)
    before = _listing(folder)
    db = Database(path)
    try:
        assert db.read_only is not None
        with db.read() as s:
            assert s.execute(sa.text("SELECT x FROM probe")).scalar_one() == 42
        cause = "its folder .* is not writable" if what == "folder" else "the file is not writable"
        expected = rf"^the database is read-only: .*a\.db — {cause}"
        with pytest.raises(DatabaseError, match=expected), db.write() as s:
            s.execute(sa.text("INSERT INTO probe VALUES (1)"))
    finally:
        db.close()
    assert _listing(folder) == before  # nothing created beside it, nothing changed


def test_read_only_database_that_needs_an_upgrade_says_so(tmp_path, make_read_only):
    path = tmp_path / "ro" / "old.db"
    _with_probe(path)
    con = sqlite3.connect(path)
    con.execute("DELETE FROM alembic_version")  # as if written before the first revision
    con.commit()
    con.close()
    make_read_only(path.parent)
    before = _listing(path.parent)
    with pytest.raises(DatabaseError, match=r"read-only: .*needs an upgrade"):
        Database(path)
    assert _listing(path.parent) == before


def _foreign_wal(path):
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()


def _newer(path):
    Database(path).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = 'ffff-from-the-future'")
    con.commit()
    con.close()


def _truncated(path):
    _with_probe(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_foreign_wal, "not an hmdesk one"),
        (_newer, "newer version of hmdesk"),
        (_truncated, "cut short"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20), "cut short"),
    ],
)
def test_refused_file_and_its_folder_are_left_as_they_were(tmp_path, make, message):
    path = tmp_path / "x.db"
    make(path)
    before = _listing(tmp_path)
    with pytest.raises(DatabaseError, match=message):
        Database(path)
    assert _listing(tmp_path) == before  # no -wal/-shm beside it, the bytes unchanged


def test_rollback_journal_file_is_switched_to_wal_at_its_first_write_only(tmp_path):
    path = tmp_path / "a.db"
    _with_probe(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    before = path.read_bytes()
    db = Database(path)
    with db.read() as s:
        assert s.execute(sa.text("SELECT x FROM probe")).scalar_one() == 42
    db.close()
    assert path.read_bytes() == before  # a read never changes the file
    db = Database(path)
    with db.write() as s:
        s.execute(sa.text("INSERT INTO probe VALUES (1)"))
    with db.read() as s:
        assert s.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    db.close()


def test_a_file_at_the_head_opens_without_alembic(tmp_path, monkeypatch):
    """Alembic (a few hundred ms to import and walk) is asked only when the file's revision is
    not exactly SCHEMA_HEAD; an older or unknown one still goes through it."""
    import hmdesk.core.db as dbmod

    path = tmp_path / "head.db"
    Database(path).close()
    calls: list[str] = []
    real_script = dbmod._script

    def spy() -> object:
        calls.append("script")
        return real_script()

    monkeypatch.setattr(dbmod, "_script", spy)
    db = Database(path)
    try:
        with db.read() as s:
            assert s.execute(sa.text("SELECT count(*) FROM memories")).scalar_one() == 0
    finally:
        db.close()
    assert calls == []
    with sqlite3.connect(path) as con:
        con.execute("UPDATE alembic_version SET version_num = 'ffff'")
    con.close()
    with pytest.raises(DatabaseError, match="newer version of hmdesk"):
        Database(path)
    assert calls  # an unknown revision was checked against Alembic's list

"""Database opening: path resolution, safety checks, SQLite pragmas, migrations on open.

Everything that touches the SQLite file goes through :class:`Database`. Opening a file

* refuses a file that is not SQLite (the file is left untouched),
* refuses a database written by a newer hmdesk (an Alembic revision we do not know),
* creates a new file readable by its owner only (0600),
* applies pending Alembic migrations,
* sets WAL mode, a busy timeout and foreign keys on every connection.

Write transactions start with ``BEGIN IMMEDIATE`` so that two processes writing at once wait
for each other (busy timeout) instead of failing with ``database is locked`` on lock upgrade.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 30_000
APP_NAME = "hmdesk"


class DatabaseError(Exception):
    """A database could not be opened or used. The message says what to do."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def iso(dt: datetime | None = None) -> str:
    """ISO-8601 UTC with milliseconds and a trailing Z, the form hmharness writes."""
    dt = dt or utcnow()
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def default_db_path() -> Path:
    """``HMDESK_DB`` if set, else ``<user data dir>/hmdesk.db`` (platformdirs)."""
    env = os.environ.get("HMDESK_DB")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / "hmdesk.db"


def _check_is_sqlite(path: Path) -> None:
    if not path.exists():
        return
    if path.is_dir():
        raise DatabaseError(f"{path} is a directory, not a database file. Pass a file path.")
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise DatabaseError(f"cannot read {path}: {exc.strerror}. Check its permissions.") from exc
    if head and head != SQLITE_MAGIC:
        raise DatabaseError(
            f"{path} is not an SQLite database (it may be corrupt or another kind of file). "
            "It was left untouched; pass another file with --db or HMDESK_DB."
        )


def _create_private(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process created it first: fine
            return
    except OSError as exc:
        raise DatabaseError(
            f"cannot create the database {path}: {exc.strerror}. "
            "Check the folder exists and is writable, or pass another file with --db or HMDESK_DB."
        ) from exc
    os.close(fd)


def _enable_wal(cur: sqlite3.Cursor) -> None:
    """``PRAGMA journal_mode = WAL``, retried while another connection holds the file.

    Switching a new file to WAL needs an exclusive lock, and SQLite answers a conflicting
    switch with "database is locked" at once, without its busy handler: two processes opening
    the same new database together would see one fail. It is retried (the mode is stored in the
    file, so once one succeeds the other finds WAL) for as long as the busy timeout.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cur.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def make_engine(path: Path | str) -> Engine:
    """An engine with our pragmas; transactions are begun explicitly (see module doc)."""
    engine = sa.create_engine(f"sqlite:///{path}", future=True)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Hand transaction control to SQLAlchemy's "begin" event (pysqlite recipe).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _enable_wal(cur)
        cur.execute("PRAGMA foreign_keys = ON")
        cur.execute("PRAGMA synchronous = NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: sa.Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def alembic_config(connection: sa.Connection | None = None) -> Any:
    """Alembic's config for our migrations (env.py runs on ``connection`` when given)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("hmdesk.core") / "migrations"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def migrate_to(path: Path | str, revision: str, *, down: bool = False) -> None:
    """Upgrade (or downgrade) the file at ``path`` to ``revision``, for tests and maintenance."""
    from alembic import command

    engine = make_engine(path)
    try:
        with engine.connect() as conn:
            conn.begin()
            (command.downgrade if down else command.upgrade)(alembic_config(conn), revision)
            conn.commit()
    finally:
        engine.dispose()


def _inspect_existing(path: Path, known: set[str]) -> None:
    """Check an existing file read-only, before any pragma can touch it (WAL changes the header)."""
    import sqlite3

    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DatabaseError(
            f"cannot open {path}: {exc}. Check the path and its permissions."
        ) from exc
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        current = (
            [r[0] for r in con.execute("SELECT version_num FROM alembic_version")]
            if "alembic_version" in tables
            else []
        )
    except sqlite3.DatabaseError as exc:
        raise DatabaseError(
            f"{path} could not be read as an SQLite database ({exc}). "
            "It was left untouched; pass another file with --db or HMDESK_DB."
        ) from exc
    finally:
        con.close()
    for rev in current:
        if rev not in known:
            raise DatabaseError(
                f"{path} was written by a newer version of hmdesk (schema revision {rev}). "
                "Upgrade hmdesk to open it; the file was left untouched."
            )
    if "alembic_version" not in tables and tables:
        raise DatabaseError(
            f"{path} is an SQLite database but not an hmdesk one (tables: "
            f"{', '.join(sorted(tables)[:5])}). It was left untouched."
        )


def _script() -> Any:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def _migrate(engine: Engine) -> None:
    """Upgrade to head. The check is repeated under the write lock (BEGIN IMMEDIATE), so two
    processes opening the same new file at once wait for each other instead of racing."""
    from alembic import command
    from alembic.migration import MigrationContext

    heads = set(_script().get_heads())
    with engine.connect() as conn:
        current = set(MigrationContext.configure(conn).get_current_heads())
        conn.rollback()
    if current == heads:
        return
    with engine.execution_options(sqlite_begin="IMMEDIATE").connect() as conn:
        conn.begin()
        if set(MigrationContext.configure(conn).get_current_heads()) != heads:
            command.upgrade(alembic_config(conn), "head")
        conn.commit()


class Database:
    """An open hmdesk database. Thread-safe: each session checks out its own connection."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_db_path()
        _check_is_sqlite(self.path)
        if self.path.exists() and self.path.stat().st_size > 0:
            _inspect_existing(self.path, {rev.revision for rev in _script().walk_revisions()})
        else:
            _create_private(self.path)
        self.engine = make_engine(self.path)
        try:
            _migrate(self.engine)
        except DatabaseError:
            self.engine.dispose()
            raise
        except sa.exc.DatabaseError as exc:
            self.engine.dispose()
            raise DatabaseError(
                f"{self.path} could not be opened as an hmdesk database ({exc.orig}). "
                "It was left untouched; pass another file with --db or HMDESK_DB."
            ) from exc
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(
            self.engine.execution_options(sqlite_begin="IMMEDIATE"), expire_on_commit=False
        )

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only session (deferred transaction, rolled back at the end)."""
        with self._read() as session:
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A write transaction: BEGIN IMMEDIATE, committed on success, rolled back on error."""
        with self._write() as session, session.begin():
            yield session

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""Database opening: path resolution, safety checks, SQLite pragmas, migrations on open.

Everything that touches the SQLite file goes through :class:`Database`. Opening a file

* refuses a file that is not SQLite, is cut short, belongs to another app or was written by a
  newer hmdesk (an Alembic revision we do not know). The check reads the file read-only, before
  anything can write to it, and creates no ``-wal``/``-shm`` file: a refused file and its folder
  are left exactly as they were,
* creates a new file readable by its owner only (0600),
* applies pending Alembic migrations,
* sets WAL mode (a new file at once, an existing rollback-journal file at its first write, so a
  read never changes the file), a busy timeout and foreign keys on every connection.

A database that cannot be written (a read-only file, or a folder where SQLite cannot create the
``-wal``/``-shm`` files) is opened read-only: queries work, and :meth:`Database.write` raises a
:class:`DatabaseError` that says so (``the database is read-only: <path> — …``). A read-only WAL
file with no ``-wal`` beside it (no writer connected) is opened ``immutable``, so that nothing is
created beside it; hmdesk assumes nothing writes it while it is open.

Write transactions start with ``BEGIN IMMEDIATE`` so that two processes writing at once wait
for each other (busy timeout) instead of failing with ``database is locked`` on lock upgrade.

A ``postgresql://`` URL opens a team store on PostgreSQL instead (psycopg 3, ``hmdesk[postgres]``):
the same migrations (dialect-aware, see ``core/migrations``), run under an advisory lock so two
clients upgrading at once wait for each other; every write transaction takes the transaction-scoped
advisory lock :data:`WRITE_LOCK` first, the counterpart of ``BEGIN IMMEDIATE``: writes are
serialised, so event ids are handed out in commit order and a read-modify-write (an edit's old
value, an import's "is it there yet") sees every earlier commit. The password comes from the URL,
libpq's ``PGPASSFILE`` or the system keyring (:mod:`hmdesk.core.team.credentials`); what the app
prints names the store by :attr:`Database.where`, the URL with its password redacted.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hmdesk.core.dbfile import (
    APP_NAME,
    BUSY_TIMEOUT_MS,
    SCHEMA_HEAD,
    SQLITE_MAGIC,
    DatabaseError,
    _check_is_sqlite,
    _create_private,
    _expected_size,
    _is_wal,
    _read_only_cause,
    _uri,
    db_location,
    default_db_path,
    is_url,
    iso,
    redact_url,
    utcnow,
)
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

# Moved to hmdesk.core.dbfile (no SQLAlchemy there); importers keep using them from here.
__all__ = [
    "APP_NAME",
    "BUSY_TIMEOUT_MS",
    "SCHEMA_HEAD",
    "SQLITE_MAGIC",
    "Database",
    "DatabaseError",
    "_check_is_sqlite",
    "_create_private",
    "_expected_size",
    "_is_wal",
    "_read_only_cause",
    "_uri",
    "alembic_config",
    "default_db_path",
    "iso",
    "make_engine",
    "migrate_to",
    "utcnow",
]

WRITE_LOCK = 0x686D_6465_736B_0001
"""The advisory lock every PostgreSQL write transaction takes first (``pg_advisory_xact_lock``)."""
MIGRATE_LOCK = 0x686D_6465_736B_0002
"""The advisory lock a PostgreSQL upgrade runs under (two clients opening a new store at once)."""


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


def make_engine(path: Path | str, *, wal: bool = True, uri: str | None = None) -> Engine:
    """An engine with our pragmas; transactions are begun explicitly (see module doc).

    ``wal=False`` leaves the journal mode alone (an existing file is switched at its first
    write); ``uri`` opens an SQLite URI instead (the read-only opening)."""
    if uri is None:
        engine = sa.create_engine(f"sqlite:///{path}", future=True)
    else:
        target = uri
        engine = sa.create_engine(
            "sqlite://",
            future=True,
            creator=lambda: sqlite3.connect(target, uri=True, check_same_thread=False),
            poolclass=sa.pool.QueuePool,
        )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Hand transaction control to SQLAlchemy's "begin" event (pysqlite recipe).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if wal:
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


def _inspect_existing(
    path: Path,
    head: bytes,
    known: set[str] | Callable[[], set[str]],
    read_only: str | None = None,
) -> list[str]:
    """Check an existing file read-only, before any pragma can touch it (WAL changes the header)
    and without creating a ``-wal``/``-shm`` beside it. Returns its Alembic revision(s).

    ``known`` (the revisions this code knows) may be a function: it is called only when the
    file's revision is not exactly :data:`SCHEMA_HEAD` (asking Alembic costs a few hundred ms)."""
    try:
        con = sqlite3.connect(_uri(path, head), uri=True)
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
    except sqlite3.OperationalError as exc:
        if read_only is not None and ("unable to open" in str(exc) or "readonly" in str(exc)):
            raise DatabaseError(
                f"the database is read-only: {path} — {read_only}, and SQLite cannot read it "
                f"without them ({exc}). Make the folder writable or pass a copy with --db."
            ) from exc
        raise DatabaseError(
            f"{path} could not be read as an SQLite database ({exc}). "
            "It was left untouched; pass another file with --db or HMDESK_DB."
        ) from exc
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # damaged schema text: bad UTF-8
        raise DatabaseError(
            f"{path} could not be read as an SQLite database ({exc}). "
            "It was left untouched; pass another file with --db or HMDESK_DB."
        ) from exc
    finally:
        con.close()
    if current != [SCHEMA_HEAD]:
        revisions = known() if callable(known) else known
        for rev in current:
            if rev not in revisions:
                raise DatabaseError(
                    f"{path} was written by a newer version of hmdesk (schema revision {rev}). "
                    "Upgrade hmdesk to open it; the file was left untouched."
                )
    if "alembic_version" not in tables and tables:
        raise DatabaseError(
            f"{path} is an SQLite database but not an hmdesk one (tables: "
            f"{', '.join(sorted(tables)[:5])}). It was left untouched."
        )
    return current


def _script() -> Any:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def _known_revisions() -> set[str]:
    return {rev.revision for rev in _script().walk_revisions()}


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


def _pg_engine(url: str) -> Engine:
    """An engine for a PostgreSQL URL through psycopg 3; the password from the URL, else the
    keyring (libpq reads ``PGPASSFILE`` itself). :class:`DatabaseError` without the driver."""
    from hmdesk.core.team.credentials import connect_args

    try:
        import psycopg  # noqa: F401 - only to say clearly that the extra is missing
    except ImportError as exc:
        raise DatabaseError(
            f"{redact_url(url)} is a PostgreSQL store, and the PostgreSQL driver is not installed: "
            "pip install 'hmdesk[postgres]'"
        ) from exc
    try:
        parsed = sa.engine.make_url(url.strip())
    except (sa.exc.ArgumentError, ValueError):  # ValueError: a bad port, "[::1/db"
        raise DatabaseError(
            f"{redact_url(url)} is not a valid database URL "
            "(postgresql://user@host[:port]/database)"
        ) from None
    parsed = parsed.set(drivername="postgresql+psycopg")
    return sa.create_engine(
        parsed,
        future=True,
        pool_pre_ping=True,
        connect_args=connect_args(parsed),
        hide_parameters=True,
    )


def _pg_migrate(engine: Engine, where: str) -> None:
    """Check the store is hmdesk's and not newer than this code, then upgrade it to head under
    :data:`MIGRATE_LOCK` (the check is repeated under the lock)."""
    with engine.connect() as conn:  # at SCHEMA_HEAD (the usual case): no Alembic import at all
        has_table = conn.execute(sa.text("SELECT to_regclass('alembic_version')")).scalar()
        if has_table is not None:
            found = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
            if [r[0] for r in found] == [SCHEMA_HEAD]:
                conn.rollback()
                return
        conn.rollback()
    from alembic import command
    from alembic.migration import MigrationContext

    heads = set(_script().get_heads())
    with engine.connect() as conn:
        conn.begin()
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_LOCK})
        current = set(MigrationContext.configure(conn).get_current_heads())
        if current != heads:
            unknown = current - _known_revisions()
            if unknown:
                raise DatabaseError(
                    f"{where} was written by a newer version of hmdesk (schema revision "
                    f"{', '.join(sorted(unknown))}). Upgrade hmdesk to open it; it was left untouched."
                )
            tables = set(sa.inspect(conn).get_table_names()) - {"alembic_version"}
            if not current and tables:
                raise DatabaseError(
                    f"{where} is a PostgreSQL database but not an hmdesk one (tables: "
                    f"{', '.join(sorted(tables)[:5])}). It was left untouched; use an empty "
                    "database for the team store."
                )
            command.upgrade(alembic_config(conn), "head")
        conn.commit()


class Database:
    """An open hmdesk database. Thread-safe: each session checks out its own connection.

    ``read_only`` is None for a writable database, else why it cannot be written (it was opened
    read-only at ``read_only_uri``: reads work, :meth:`write` raises :class:`DatabaseError`).
    ``dialect`` is ``"sqlite"`` or ``"postgresql"``; ``where`` names the store for people (the
    file, or the URL without its password)."""

    dialect = "sqlite"
    url: str | None = None

    def __init__(self, path: Path | str | None = None) -> None:
        target = db_location(path) if path is not None else default_db_path()
        self.read_only: str | None = None
        self.read_only_uri: str | None = None
        if isinstance(target, str) and is_url(target):
            self._open_postgres(target)
            return
        self.path = Path(target)
        self.where = str(self.path)
        head = _check_is_sqlite(self.path)
        self._wal_pending = False
        self._wal_lock = threading.Lock()
        at_head = False  # the file is at SCHEMA_HEAD: no migration, no Alembic import
        if head:
            self.read_only = _read_only_cause(self.path)
            current = set(_inspect_existing(self.path, head, _known_revisions, self.read_only))
            at_head = current == {SCHEMA_HEAD}
            heads = current if at_head else set(_script().get_heads())
            if self.read_only is not None:
                if current != heads:
                    raise DatabaseError(
                        f"the database is read-only: {self.path} — {self.read_only}, and it "
                        "needs an upgrade to this hmdesk's schema, which writes to it. Make it "
                        "writable once, or pass a writable copy with --db."
                    )
                self.read_only_uri = _uri(self.path, head)
                self.engine = make_engine(self.path, wal=False, uri=self.read_only_uri)
            else:
                # An existing file is switched to WAL at its first write, never by a read.
                self._wal_pending = not _is_wal(head)
                self.engine = make_engine(self.path, wal=False)
                if current != heads:
                    self._ensure_wal()
        else:
            if self.path.exists() and (cause := _read_only_cause(self.path)) is not None:
                raise DatabaseError(
                    f"the database is read-only: {self.path} — {cause}, and the file is empty: "
                    "a new database needs its tables written. Make it writable or pass another "
                    "file with --db."
                )
            _create_private(self.path)
            self.engine = make_engine(self.path)
        try:
            if self.read_only is None and not at_head:
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

    def _open_postgres(self, url: str) -> None:
        self.dialect = "postgresql"
        self.url = url
        self.where = redact_url(url)
        self.path = Path(self.where)  # for messages only: nothing reads a file there
        self._wal_pending = False
        self._wal_lock = threading.Lock()
        self.engine = _pg_engine(url)
        try:
            _pg_migrate(self.engine, self.where)
        except DatabaseError:
            self.engine.dispose()
            raise
        except sa.exc.DBAPIError as exc:
            self.engine.dispose()
            raise DatabaseError(
                f"cannot open the team store {self.where}: "
                f"{redact_url(' '.join(str(exc.orig).split()))}. Check the server, the database "
                "name and the credentials (URL, PGPASSFILE or the keyring)."
            ) from None
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def is_postgres(self) -> bool:
        return self.dialect == "postgresql"

    @property
    def mark(self) -> str:
        """The DB-API placeholder of this store's driver, for statements sent on the raw
        cursor: ``?`` (sqlite3) or ``%s`` (psycopg)."""
        return "%s" if self.dialect == "postgresql" else "?"

    def _ensure_wal(self) -> None:
        """Switch an existing rollback-journal file to WAL, once, before its first write."""
        with self._wal_lock:
            if not self._wal_pending:
                return
            raw = self.engine.raw_connection()
            try:
                cur = raw.driver_connection.cursor()  # type: ignore[union-attr]
                _enable_wal(cur)
                cur.close()
            finally:
                raw.close()
            self._wal_pending = False

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
        """A write transaction: BEGIN IMMEDIATE, committed on success, rolled back on error.
        A read-only database raises :class:`DatabaseError` (``the database is read-only: …``)."""
        if self.read_only is not None:
            raise DatabaseError(
                f"the database is read-only: {self.where} — {self.read_only}. Nothing was "
                "changed; to change it, make it writable or pass a writable copy with --db."
            )
        self._ensure_wal()
        with self._write() as session, session.begin():
            if self.dialect == "postgresql":  # serialise writers, as BEGIN IMMEDIATE does
                session.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": WRITE_LOCK})
            yield session

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""The database file itself, without SQLAlchemy or Alembic: where it lives, whether it is an
SQLite file that is whole, whether it can be written, how to open it read-only, and which schema
revision this code knows (:data:`SCHEMA_HEAD`).

:mod:`hmdesk.core.db` builds on it and re-exports every name; a caller that must stay light (the
command line before a command runs, a read-only query through the DB-API) imports this module.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from hmdesk.core.bounded import InputError, open_input
from hmdesk.core.url_redaction import redact_url as redact_url  # callers name it here

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = int(os.environ.get("HMDESK_BUSY_TIMEOUT_MS", "30000"))
"""How long a connection waits for another's lock (``HMDESK_BUSY_TIMEOUT_MS``; tests shorten it)."""
APP_NAME = "hmdesk"
SCHEMA_HEAD = "0013"
"""The newest Alembic revision this code knows (``core/migrations/versions``); a test checks it
against Alembic's head."""


class DatabaseError(Exception):
    """A database could not be opened or used. The message says what to do."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def iso(dt: datetime | None = None) -> str:
    """ISO-8601 UTC with milliseconds and a trailing Z, the form hmharness writes."""
    dt = dt or utcnow()
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def default_data_dir() -> Path:
    """Where hmdesk keeps its data when nothing says otherwise (platformdirs' user data dir)."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


URL_SCHEMES = ("postgresql://", "postgresql+psycopg://", "postgres://")
"""A database named by one of these is a PostgreSQL team store (anything else is an SQLite file)."""


def is_url(value: object) -> bool:
    """``value`` names a PostgreSQL server (``postgresql://…``), not a file."""
    return isinstance(value, str) and value.strip().lower().startswith(URL_SCHEMES)


def db_location(value: str | Path) -> Path | str:
    """A ``--db``/``HMDESK_DB``/setting value as hmdesk opens it: a URL stays text (``Path`` would
    fold its ``//``), anything else is a file path. An empty or blank value (an unset variable
    in a script: ``--db "$DB"``) is refused, never read as "the default" or a file named " "."""
    if isinstance(value, str) and not value.strip():
        raise DatabaseError(
            f"the database is given as {value!r}, an empty name (an unset variable?); "
            "pass a file path or a postgresql:// URL, or leave the option out for the default"
        )
    if isinstance(value, str) and is_url(value):
        return value.strip()
    return Path(value).expanduser()


def default_db_path() -> Path | str:
    """``HMDESK_DB`` if set, else the ``db`` setting (``hmdesk-cli config set db PATH``, see
    :mod:`hmdesk.core.config`), else ``<user data dir>/hmdesk.db``. A ``postgresql://`` URL is
    returned as text (:func:`db_location`). (``--db`` wins over all
    three; its callers check it first.) A settings file that cannot be read raises
    :class:`DatabaseError` naming it: guessing another database would hide the user's data."""
    from hmdesk.core.config import ConfigError, effective

    try:
        value, _source = effective("db")
    except ConfigError as exc:
        raise DatabaseError(f"{exc} (or pass the database with --db or HMDESK_DB)") from exc
    if value:
        return db_location(value)
    return default_data_dir() / "hmdesk.db"


def _check_is_sqlite(path: Path) -> bytes:
    """The file's 100-byte header (b"" for a missing or empty file), after checking it is one of
    an SQLite database that is not cut short. Reads only; raises :class:`DatabaseError`."""
    if not path.exists():
        return b""
    if path.is_dir():
        raise DatabaseError(f"{path} is a directory, not a database file. Pass a file path.")
    try:  # a regular file (a FIFO or a device named as the database is refused, not read)
        with open_input(path, limit=1 << 62, what="the database") as fh:
            head = fh.read(100)
            size = os.fstat(fh.fileno()).st_size
    except InputError as exc:
        raise DatabaseError(f"{exc}. Pass a database file with --db or HMDESK_DB.") from None
    except OSError as exc:
        raise DatabaseError(f"cannot read {path}: {exc.strerror}. Check its permissions.") from exc
    if head and head[: len(SQLITE_MAGIC)] != SQLITE_MAGIC:
        raise DatabaseError(
            f"{path} is not an SQLite database (it may be corrupt or another kind of file). "
            "It was left untouched; pass another file with --db or HMDESK_DB."
        )
    if head and len(head) < 100:
        raise DatabaseError(
            f"{path} is cut short ({size} bytes, less than an SQLite header). "
            "It was left untouched; restore a backup or pass another file with --db or HMDESK_DB."
        )
    expected = _expected_size(head)
    if expected is not None and size < expected:
        raise DatabaseError(
            f"{path} is cut short ({size} bytes where its header says {expected}): it was "
            "truncated. It was left untouched; restore a backup or pass another file with --db "
            "or HMDESK_DB."
        )
    return head


def _expected_size(head: bytes) -> int | None:
    """The file size the header states, when the header's page count is valid (SQLite file
    format §1.3.7: the change counter matches the version-valid-for number)."""
    if len(head) < 100 or head[24:28] != head[92:96]:
        return None
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    if pages == 0 or page_size < 512 or page_size & (page_size - 1):
        return None
    return pages * page_size


def _is_wal(head: bytes) -> bool:
    """The header says WAL mode (read and write versions 2)."""
    return len(head) >= 20 and head[18] == 2 and head[19] == 2


def _read_only_cause(path: Path) -> str | None:
    """Why ``path`` cannot be written (None when it can): the file itself, or its folder, where
    SQLite creates the ``-wal``/``-shm`` (or ``-journal``) files beside it."""
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is not writable"
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        return (
            f"its folder {folder} is not writable (SQLite creates {path.name}-wal and "
            f"{path.name}-shm beside the file)"
        )
    return None


def _uri(path: Path, head: bytes) -> str:
    """A read-only SQLite URI for an existing file that creates nothing beside it when it can:
    ``immutable`` for a WAL file with no ``-wal`` (no writer is connected, nothing to recover),
    else ``mode=ro`` (a rollback-journal file needs no ``-shm``; a live ``-wal`` must be read)."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    if _is_wal(head) and not Path(f"{path}-wal").exists():
        uri += "&immutable=1"
    return uri


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

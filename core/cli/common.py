"""What every command module shares: the usage error (exit 2), the options every command takes,
JSON printing, and the one way to open the database (:func:`open_db`) or a memory store over it
(:func:`open_store`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.dbfile import DatabaseError, db_location, default_db_path, redact_url

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

# Every command module imports only what parsing needs (argparse, this module, light constants)
# at the top; what a command needs to run (SQLAlchemy, Alembic, numpy, the store …) is imported
# inside the command, so `hmdesk-cli --help` and an argument error answer at once
# (tests/core/test_cli_startup.py checks it).


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def common_options() -> argparse.ArgumentParser:
    """Options every subcommand accepts (also accepted before the subcommand)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        metavar="FILE|URL",
        help="the database: a file, or a postgresql://user@host/db URL for a team store "
        "(default: HMDESK_DB, else the db setting (hmdesk-cli config), "
        "else hmdesk.db in your user data folder)",
    )
    common.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON instead of text"
    )
    return common


def print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def db_path(args: argparse.Namespace) -> Path | str:
    """The database a command uses: ``--db``, else ``HMDESK_DB``, else the user data dir. A
    ``postgresql://`` URL (a team store) is returned as text."""
    value = getattr(args, "db", None)
    return db_location(value) if value is not None else default_db_path()


def db_shown(args: argparse.Namespace) -> str:
    """The database as messages name it: the file, or the URL with its password redacted."""
    return redact_url(str(db_path(args)))


@contextmanager
def open_db(args: argparse.Namespace, *, create: bool = True) -> Iterator[Database | None]:
    """The one way a command opens the database (closed on the way out).

    With ``create=False`` it yields None when the file does not exist yet, so a command that only
    reads settings (which hdc to use) never creates a database as a side effect. Store errors are
    the caller's to map (``UsageError``); a damaged or foreign file raises ``DatabaseError``,
    which :func:`hmdesk.core.cli.main.main` prints as one line with exit 2.
    """
    from hmdesk.core.db import Database

    path = db_path(args)
    if not create and isinstance(path, Path) and not path.exists():
        yield None
        return
    db = Database(path)
    try:
        yield db
    finally:
        db.close()


@contextmanager
def open_store(args: argparse.Namespace, actor: str | None = None) -> Iterator[MemoryStore]:
    """A ``MemoryStore`` over :func:`open_db` (closed on the way out), writing as ``actor`` (by
    default the user's identity, :func:`hmdesk.core.team.identity.current_user`). Store errors become usage
    errors (exit 2); a write that fails in SQLite (locked past the busy timeout, disk full)
    becomes a :class:`DatabaseError` that says nothing was changed."""
    import sqlalchemy as sa
    from hmdesk.core.memory.errors import StoreError
    from hmdesk.core.memory.store import MemoryStore

    with open_db(args) as db:
        assert db is not None  # create=True always opens
        if actor is None:
            from hmdesk.core.team.identity import current_user

            actor = current_user()
        store = MemoryStore(db, actor=actor)
        try:
            yield store
        except StoreError as exc:
            raise UsageError(str(exc)) from exc
        except sa.exc.OperationalError as exc:
            raise DatabaseError(
                f"{db.where}: {redact_url(str(exc.orig))}. Try again; nothing was changed."
            ) from exc
        finally:
            store.close()


@contextmanager
def ctrl_c_stops() -> Iterator[Callable[[], bool]]:
    """While in it, Ctrl+C asks the work to stop rather than raising ``KeyboardInterrupt``:
    yields the check (``cancelled()``) that work asks between its steps, as a long undo does
    between two transactions. A second Ctrl+C raises ``KeyboardInterrupt`` (the transaction
    under way is rolled back whole). Off the main thread, Ctrl+C is left as it is."""
    import signal
    import threading

    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop.is_set
        return

    def on_sigint(_sig: int, _frame: Any) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield stop.is_set
    finally:
        signal.signal(signal.SIGINT, previous)


def progress_line(what: str, unit: str) -> Callable[[int, int], None] | None:
    """A progress callback drawing one updating line on stderr, or None when stderr is not a
    terminal (a pipe or a log stays clean)."""
    try:
        tty = sys.stderr.isatty()
    except (AttributeError, ValueError):  # no stderr, or a closed one
        return None
    if not tty:
        return None
    scale, suffix = (1e6, " MB") if unit == "bytes" else (1, "")

    ended = False

    def show(done: int, total: int) -> None:
        nonlocal ended
        if ended:
            return
        pct = f"{100 * done // total}%" if total else "100%"
        ended = done >= total
        end = "\n" if ended else ""
        sys.stderr.write(
            f"\r{what}: {pct} ({done / scale:,.0f} of {total / scale:,.0f}{suffix}){end}"
        )
        sys.stderr.flush()

    return show

"""What every command module shares: the usage error (exit 2), the options every command takes,
and JSON printing."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hmdesk.core.db import Database, default_db_path


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def common_options() -> argparse.ArgumentParser:
    """Options every subcommand accepts (also accepted before the subcommand)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        help="database file (default: HMDESK_DB or the user data dir)",
    )
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    return common


def print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def db_path(args: argparse.Namespace) -> Path:
    """The database file a command uses: ``--db``, else ``HMDESK_DB``, else the user data dir."""
    value = getattr(args, "db", None)
    return Path(value).expanduser() if value else default_db_path()


@contextmanager
def open_db(args: argparse.Namespace, *, create: bool = True) -> Iterator[Database | None]:
    """The one way a command opens the database (closed on the way out).

    With ``create=False`` it yields None when the file does not exist yet, so a command that only
    reads settings (which hdc to use) never creates a database as a side effect. Store errors are
    the caller's to map (``UsageError``); a damaged or foreign file raises ``DatabaseError``,
    which :func:`hmdesk.core.cli.main.main` prints as one line with exit 2.
    """
    path = db_path(args)
    if not create and not path.exists():
        yield None
        return
    db = Database(path)
    try:
        yield db
    finally:
        db.close()

"""hmdesk-cli: the command line over the same core the GUI uses.

Each area registers its subcommands from its own module (``COMMAND_MODULE_NAMES``): a module
exposes ``register(subparsers, common)`` and sets ``func=handler`` on each parser it adds; a
handler takes the parsed ``argparse.Namespace`` and returns the exit code. Every command takes
``--db`` and ``--json``. A new command is also named in ``COMMAND_OF`` (command → module): a run
of one command imports only that module and builds only that command's parser.

Exit codes: 0 success, 1 the thing ran and failed (a failed run), 2 bad input (unknown id,
invalid value, unreadable file) with a one-line message on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from types import ModuleType
from typing import Any

from hmdesk.core import __version__
from hmdesk.core.cli import helptext
from hmdesk.core.cli.common import UsageError, common_options, db_shown
from hmdesk.core.dbfile import DatabaseError, redact_url

# One module per command group (of this package); each exposes ``register(subparsers, common)``.
# The order is the order of ``hmdesk-cli --help``.
COMMAND_MODULE_NAMES = (
    "memory",
    "query",
    "lab",
    "runner",
    "device",
    "hilog",
    "codeindex",
    "config",
    "semantic",
    "lifecycle",
    "access",
    "agent",
    "team",
)

# Which module registers each command, so that running one command imports and builds only its
# own parser (tests/core/cli/test_main.py checks this table against the modules).
COMMAND_OF = {
    **dict.fromkeys(
        (
            "add",
            "show",
            "edit",
            "confidence",
            "supersede",
            "revert",
            "undo",
            "redo",
            "history",
            "delete",
            "restore",
            "import-hmharness",
            "export-hmharness",
            "export-csv",
            "load-starter",
        ),
        "memory",
    ),
    "query": "query",
    "eval": "lab",
    **dict.fromkeys(("devices", "run", "doctor", "runs", "tools"), "runner"),
    **dict.fromkeys(("screenshot", "layout", "files", "stats"), "device"),
    "logs": "hilog",
    **dict.fromkeys(("code-index", "anchor", "anchors", "impact", "unanchor"), "codeindex"),
    "config": "config",
    "embed": "semantic",
    **dict.fromkeys(("contradictions", "consolidate", "lifecycle-eval"), "lifecycle"),
    **dict.fromkeys(("proposals", "helped", "import-notes"), "access"),
    **dict.fromkeys(("mcp", "agent-log", "instructions"), "agent"),
    **dict.fromkeys(("push", "pull", "conflicts", "login"), "team"),
}


def command_module(name: str) -> ModuleType:
    """The module ``hmdesk.core.cli.<name>`` (imported on first use)."""
    return importlib.import_module(f"hmdesk.core.cli.{name}")


def chosen_command(argv: list[str]) -> str | None:
    """The command ``argv`` runs when it can be told without parsing — only the options every
    command takes (``--db FILE``, ``--db=FILE``, ``--json``) before it — else None."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--json" or arg.startswith("--db="):
            i += 1
        elif arg == "--db":
            i += 2
        elif arg.startswith("-"):  # --help, --version, an abbreviation, a typo: parse it all
            return None
        else:
            return arg if arg in COMMAND_OF else None
    return None


class _Discard:
    """Stands in for the parsers of the commands not run: takes their arguments, keeps nothing."""

    def __getattr__(self, _name: str) -> Any:
        return self

    def __call__(self, *_args: Any, **_kwargs: Any) -> Any:
        return self


class _Only:
    """A sub-parsers action that builds one command's parser and discards the others'."""

    def __init__(self, subparsers: Any, name: str) -> None:
        self.subparsers = subparsers
        self.name = name

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if name != self.name:
            return _Discard()
        return self.subparsers.add_parser(name, **kwargs)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with ``command`` (a name of :data:`COMMAND_OF`) of that
    command only: its module alone is imported and only its options are built (what
    :func:`main` does when argv names the command, so that a one-shot ``query`` does not build
    forty parsers). ``--help`` and a bad command name still see every command."""
    common = common_options()
    parser = argparse.ArgumentParser(prog="hmdesk-cli", parents=[common])
    parser.add_argument("--version", action="version", version=f"hmdesk-cli {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    if command is not None:
        command_module(COMMAND_OF[command]).register(_Only(subparsers, command), common)
    else:
        for name in COMMAND_MODULE_NAMES:
            command_module(name).register(subparsers, common)
    helptext.apply(parser)  # what --help says: user documentation, not these docstrings
    return parser


def _one_line(text: str) -> str:
    """``text`` with its control and line-breaking characters escaped: an error quoting damaged
    bytes (SQLite names the bad token) stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def non_utf8_argument(argv: list[str]) -> str | None:
    """One line naming the first argument that is not UTF-8 text, or None.

    On POSIX Python hands a non-UTF-8 byte of ``argv`` over as a lone surrogate
    (``surrogateescape``); such text can be neither stored nor printed."""
    for number, arg in enumerate(argv, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raw = arg.encode("utf-8", "surrogateescape") if _escaped_only(arg) else None
            shown = repr(raw)[1:] if raw is not None else ascii(arg)
            return (
                f"argument {number} ({shown}) is not valid UTF-8 text; "
                "pass text and file names in UTF-8"
            )
    return None


def _escaped_only(arg: str) -> bool:
    try:
        arg.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return False
    return True


def _database_errors() -> tuple[type[BaseException], ...]:
    """The SQLite errors a command can raise: sqlite3's, and SQLAlchemy's when the command loaded
    it (evaluated as the exception is matched, so a command that never needed SQLAlchemy does not
    import it on the way out)."""
    import sqlite3

    errors: list[type[BaseException]] = [sqlite3.DatabaseError]
    if "sqlalchemy" in sys.modules:
        from sqlalchemy.exc import DatabaseError as SQLDatabaseError

        errors.append(SQLDatabaseError)
    return tuple(errors)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(chosen_command(argv))
    bad = non_utf8_argument(argv)
    if bad is not None:
        print(f"hmdesk-cli: error: {bad}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    if not hasattr(args, "db"):
        args.db = None
    if not hasattr(args, "json"):
        args.json = False
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(func(args))
    except (UsageError, DatabaseError) as exc:
        print(f"hmdesk-cli: error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except _database_errors() as exc:
        # Damage found past the header (a malformed page), a full disk, a read-only file …
        reason = redact_url(_one_line(str(getattr(exc, "orig", None) or exc)))
        if "readonly" in reason:  # the file or its folder became read-only: not damage
            print(
                f"hmdesk-cli: error: the database is read-only: {db_shown(args)} "
                f"— {reason}. Nothing was changed; make it writable or pass a writable copy.",
                file=sys.stderr,
            )
            return 2
        if "permission denied" in reason:  # a team store's read-only user: searching works
            print(
                f"hmdesk-cli: error: the team store {db_shown(args)} refuses writes to this user "
                f"({reason}). Nothing was changed; searching works, ask the DBA for a user that "
                "may write.",
                file=sys.stderr,
            )
            return 2
        print(
            f"hmdesk-cli: error: the database {db_shown(args)} could not be used "
            f"({reason}). Nothing was changed; if it is damaged, restore a backup or pass "
            "another file with --db or HMDESK_DB.",
            file=sys.stderr,
        )
        return 2
    except UnicodeDecodeError as exc:
        # Files a command reads are decoded where they are read (import, config); what is left is
        # text SQLite hands back from a damaged page (or a trigger's row) that is not UTF-8.
        print(
            f"hmdesk-cli: error: the database {db_shown(args)} holds text that is not UTF-8 "
            f"({_one_line(str(exc))}). Nothing was changed; if it is damaged, restore a backup "
            "or pass another file with --db or HMDESK_DB.",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `hmdesk-cli ... --json | head`: the reader went away; exit quietly like other tools.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141

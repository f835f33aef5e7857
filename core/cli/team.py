"""hmdesk-cli push / pull / login: a personal store and a team store (PostgreSQL).

``push --to URL`` copies memories from this store (``--db``) to the team store; ``pull --from
URL`` copies the other way. Ids are kept; a memory both hold with different content is a
conflict, reported and never overwritten (:mod:`hmdesk.core.team.sync`). ``login URL`` puts the
database password in the system keyring. Heavy imports happen inside the handlers.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError, open_store, print_json

if TYPE_CHECKING:
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.team.sync import SyncReport

PUSH_HELP = (
    "Copy memories from this store to a team store.\n"
    "\n"
    "Name the memories by id, by a search (--query, every match) or --mine (every memory you\n"
    "wrote). Ids are kept. A memory the team store already holds with other content is a\n"
    "conflict: listed, never overwritten. Give the URL without a password; it is read from\n"
    "PGPASSFILE (~/.pgpass) or the system keyring (hmdesk-cli login URL)."
)
PULL_HELP = (
    "Copy memories from a team store into this store.\n"
    "\n"
    "Without ids or --query every memory of the team store is pulled. Ids are kept; a memory\n"
    "this store holds with other content is a conflict: listed, never overwritten."
)
LOGIN_HELP = (
    "Keep a team store's password in the system keyring.\n"
    "\n"
    "Reads the password without echoing it (or from standard input when it is not a\n"
    "terminal) and stores it under the URL's user, host, port and database; needs the\n"
    "keyring extra (pip install 'hmdesk[keyring]'). Without a keyring, use PGPASSFILE."
)


def _selection(args: argparse.Namespace, source: MemoryStore, *, default_all: bool) -> list[str]:
    ids: list[str] = list(args.ids or [])
    if args.query is not None:
        from hmdesk.core.memory.retrieve.results import Query
        from hmdesk.core.memory.retrieve.retriever import Retriever

        retriever = Retriever(source)
        try:
            result = retriever.search(Query(text=args.query, limit=1_000_000))
        finally:
            retriever.close()
        ids += [r.memory.id for r in result.results]
    if getattr(args, "mine", False):
        from hmdesk.core.team.identity import current_user
        from hmdesk.core.team.sync import written_by

        ids += sorted(written_by(source, current_user()))
    if not ids and args.query is None and not getattr(args, "mine", False):
        if not default_all:
            raise UsageError("name the memories to push: ids, --query TEXT or --mine")
        ids = [r.id for r in source.list(include_superseded=True)]
    return ids


def _open_other(url: str) -> Any:
    from hmdesk.core.db import Database

    return Database(url)


def _print(report: SyncReport, as_json: bool) -> None:
    if as_json:
        print_json(report.to_json())
        return
    print(
        f"{report.source} → {report.target}: copied {len(report.copied)}, unchanged "
        f"{len(report.unchanged)}, not found {len(report.missing)}, conflicts "
        f"{len(report.conflicts)}"
    )
    for c in report.conflicts:
        print(f"conflict {c.id}: {', '.join(c.fields)} differ; kept {report.target}'s")
    if report.conflicts:
        print("review them: hmdesk-cli conflicts (or the window's Review tab)", file=sys.stderr)
    for mid in report.missing:
        print(f"not found (or deleted) in {report.source}: {mid}", file=sys.stderr)


def _record(personal: Any, report: SyncReport, direction: str) -> None:
    """Keep the conflicts in the personal store, for the review flow."""
    from hmdesk.core.team.conflicts import record

    other = report.target if direction == "push" else report.source
    record(personal, report.conflicts, other=other, direction=direction)


def cmd_conflicts(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.errors import StoreError
    from hmdesk.core.team import conflicts as cf

    with open_store(args) as store:
        try:
            if args.take_theirs is not None:
                changed = cf.take_theirs(store, args.take_theirs)
                done: dict[str, Any] = {"resolved": args.take_theirs, "took": changed}
            elif args.keep_mine is not None:
                kept = cf.keep_mine(store, args.keep_mine)
                done = {"resolved": kept.id, "kept": kept.memory_id}
            else:
                rows = cf.open_conflicts(store)
                if args.json:
                    print_json({"conflicts": [c.to_json() for c in rows]})
                    return 0
                for c in rows:
                    print(f"{c.id}\t{c.memory_id}\t{c.direction} {c.other}\t{', '.join(c.fields)}")
                    for name in c.fields:
                        print(f"\t  {name}: mine {c.mine.get(name)!r}")
                        print(f"\t  {name}: theirs {c.theirs.get(name)!r}")
                if not rows:
                    print("no sync conflicts", file=sys.stderr)
                return 0
        except StoreError as exc:
            raise UsageError(str(exc)) from None
    if args.json:
        print_json(done)
    else:
        print(" ".join(f"{k} {v}" for k, v in done.items()))
    return 0


def cmd_push(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.team.sync import copy_memories

    with open_store(args) as source:
        ids = _selection(args, source, default_all=False)
        db = _open_other(args.to)
        target = MemoryStore(db, actor=source.actor)
        try:
            report = copy_memories(source, target, ids, verb="pushed")
        finally:
            target.close()
            db.close()
        _record(source, report, "push")
    _print(report, args.json)
    return 0


def cmd_pull(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.team.sync import copy_memories

    with open_store(args) as target:
        db = _open_other(getattr(args, "from"))
        source = MemoryStore(db, actor=target.actor)
        try:
            ids = _selection(args, source, default_all=True)
            report = copy_memories(source, target, ids, verb="pulled")
        finally:
            source.close()
            db.close()
        _record(target, report, "pull")
    _print(report, args.json)
    return 0


def cmd_login(args: argparse.Namespace) -> int:
    from hmdesk.core.dbfile import is_url, redact_url
    from hmdesk.core.team.credentials import CredentialError, split_password, store_password

    if not is_url(args.url):
        raise UsageError(f"{redact_url(args.url)} is not a postgresql:// URL")
    bare, given = split_password(args.url)
    password = given
    if password is None:
        password = (
            getpass.getpass(f"password for {bare}: ")
            if sys.stdin.isatty()
            else sys.stdin.readline().rstrip("\n")
        )
    if not password:
        raise UsageError("no password given; nothing was stored")
    try:
        store_password(bare, password)
    except CredentialError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        print_json({"url": bare, "stored": "keyring"})
    else:
        print(f"the password for {bare} is in the system keyring; use --db {bare}")
    return 0


def _select_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("ids", nargs="*", metavar="ID", help="the memories to copy, by id")
    p.add_argument("--query", metavar="TEXT", help="also every memory a search for TEXT finds")


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    p = subparsers.add_parser(
        "push",
        parents=[common],
        help="copy memories to a team store (PostgreSQL)",
        description=PUSH_HELP,
        formatter_class=fmt,
        epilog="examples:\n"
        "  hmdesk-cli push --to postgresql://me@db.example/team mem-0a1b2c3d4e5f\n"
        '  hmdesk-cli push --to postgresql://me@db.example/team --query "signing"\n'
        "  hmdesk-cli push --to postgresql://me@db.example/team --mine --json",
    )
    p.add_argument("--to", required=True, metavar="URL", help="the team store's URL")
    _select_options(p)
    p.add_argument("--mine", action="store_true", help="also every memory you wrote")
    p.set_defaults(func=cmd_push)
    p = subparsers.add_parser(
        "pull",
        parents=[common],
        help="copy memories from a team store (PostgreSQL)",
        description=PULL_HELP,
        formatter_class=fmt,
        epilog="examples:\n"
        "  hmdesk-cli pull --from postgresql://me@db.example/team\n"
        "  hmdesk-cli pull --from postgresql://me@db.example/team mem-0a1b2c3d4e5f --json",
    )
    p.add_argument("--from", required=True, metavar="URL", help="the team store's URL")
    _select_options(p)
    p.set_defaults(func=cmd_pull)
    p = subparsers.add_parser(
        "conflicts",
        parents=[common],
        help="memories a push or pull found changed on both sides: list, take theirs, keep mine",
        epilog="examples:\n  hmdesk-cli conflicts\n  hmdesk-cli conflicts --take-theirs 3\n"
        "  hmdesk-cli conflicts --keep-mine 4",
        formatter_class=fmt,
    )
    g = p.add_mutually_exclusive_group()
    g.add_argument(
        "--take-theirs", type=int, metavar="N", help="this store takes the other side's version"
    )
    g.add_argument("--keep-mine", type=int, metavar="N", help="close it, this version kept")
    p.set_defaults(func=cmd_conflicts)
    p = subparsers.add_parser(
        "login",
        parents=[common],
        help="keep a team store's password in the system keyring",
        description=LOGIN_HELP,
        formatter_class=fmt,
        epilog="examples:\n  hmdesk-cli login postgresql://me@db.example:5432/team",
    )
    p.add_argument("url", metavar="URL", help="the team store's URL (user, host, database)")
    p.set_defaults(func=cmd_login)

"""hmdesk-cli ``proposals``, ``helped``, ``import-notes``, and the access and time-travel options
of ``query`` (``--as-of``, ``--record``, ``--ws``).

    hmdesk-cli proposals [--now ISO] [--json]
    hmdesk-cli proposals --apply ID... [--now ISO]
    hmdesk-cli helped MEMORY_ID [--run N] [--not]
    hmdesk-cli import-notes [FILE] [--json]

The work is in :mod:`hmdesk.core.memory.access` (log and policy),
:mod:`hmdesk.core.memory.timetravel` and :mod:`hmdesk.core.memory.hmharness.notes`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import open_store, print_json

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import Query, QueryResult

_RAW = argparse.RawDescriptionHelpFormatter


# ---------------------------------------------------------------------- query options


def add_query_options(p: argparse.ArgumentParser) -> None:
    """``query``'s options of this module."""
    p.add_argument(
        "--as-of",
        metavar="TIME",
        help="answer with the store as it was at this ISO-8601 time (rebuilt from the history; "
        "recency measured then unless --now says otherwise)",
    )
    p.add_argument(
        "--record",
        action="store_true",
        help="record the results shown in the access log (off by default: scripts do not fill it)",
    )
    p.add_argument(
        "--ws", metavar="NAME", help="only memories of this hmharness workspace (tag ws:NAME)"
    )


def special_query(args: argparse.Namespace, query: Query) -> QueryResult | None:
    """The answer when ``--as-of`` or ``--record`` asks for more than the one-shot search, else
    None (the caller searches as usual). ``--ws`` is set on ``query`` here."""
    from hmdesk.core.cli.query import parse_now

    if args.ws:
        query.workspace = args.ws
    if not args.as_of and not args.record:
        return None
    with open_store(args) as store:
        if args.as_of:
            from hmdesk.core.memory.timetravel import search_as_of

            at = parse_now(args.as_of)
            result = search_as_of(store, query, at)
        else:
            from hmdesk.core.memory.retrieve.retriever import Retriever

            retriever = Retriever(store)
            try:
                result = retriever.search(query)
            finally:
                retriever.close()
        if args.record:
            from hmdesk.core.memory.access import AccessLog

            AccessLog(store.db).record_query(query.text, [r.memory.id for r in result.results])
    return result


# ---------------------------------------------------------------------- proposals


def _agent_proposals(args: argparse.Namespace, store: Any) -> int | None:
    """``--accept N`` / ``--reject N``: decide an agent's proposal (None when neither)."""
    from hmdesk.core.agent.proposals import Proposals

    if args.accept is None and args.reject is None:
        return None
    book = Proposals(store.db)
    if args.reject is not None:
        p = book.reject(args.reject)
        if args.json:
            print_json({"rejected": p.to_json()})
        else:
            print(f"rejected agent proposal {p.id}")
        return 0
    done = book.accept(
        store, args.accept, content=args.content, tags=args.tag, confidence=args.confidence
    )
    if args.json:
        print_json({"accepted": args.accept, "memory": done.record.id, "anchor": done.anchor_note})
    else:
        print(f"accepted agent proposal {args.accept} as {done.record.id}")
        if done.anchor_note:
            print(done.anchor_note)
    return 0


def cmd_proposals(args: argparse.Namespace) -> int:
    from hmdesk.core.agent.proposals import Proposals
    from hmdesk.core.cli.query import parse_now
    from hmdesk.core.memory.access import apply_proposals, proposals

    now = parse_now(args.now) if args.now else None
    with open_store(args) as store:  # the user's change: their undo takes it back
        decided = _agent_proposals(args, store)
        if decided is not None:
            return decided
        if args.apply:
            group, applied = apply_proposals(store, args.apply, now=now)
            if args.json:
                print_json({"group": group, "applied": [p.to_json() for p in applied]})
            else:
                for p in applied:
                    print(f"applied {p.id}: {p.field} {p.old} → {p.new}")
                print(f"{len(applied)} applied as one change; undo with `hmdesk-cli undo`")
            return 0
        found = proposals(store, now=now)
        agents = Proposals(store.db).list("pending")
    if args.json:
        print_json(
            {
                "proposals": [p.to_json() for p in found],
                "agent_proposals": [a.to_json() for a in agents],
            }
        )
        return 0
    for a in agents:
        near = f"\n  nearly repeats {a.near_id}" if a.near_id else ""
        print(
            f"agent proposal {a.id} from {a.client} ({a.created_at})\n"
            f"  {a.layer}, confidence {a.confidence}, tags {' '.join(a.tags) or '-'}{near}\n"
            f"  {a.content[:200]}"
        )
    if agents:
        print(
            f"{len(agents)} agent proposal(s); accept with `hmdesk-cli proposals --accept N` "
            "(--content/--tag/--confidence to edit), reject with --reject N\n"
        )
    if not found:
        print("no proposals: nothing helped twice, nothing unused for long")
        return 0
    for p in found:
        print(f"{p.id}\n  {p.field}: {p.old} → {p.new}  ({p.why})\n  {p.content[:100]}")
    print(f"{len(found)} proposals; apply with `hmdesk-cli proposals --apply ID...`")
    return 0


def cmd_helped(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.access import AccessLog

    with open_store(args) as store:
        store.get(args.id)  # NotFound: one line, exit 2
        AccessLog(store.db).record_feedback(args.id, helped=not args.did_not, run_id=args.run)
    word = "did not help" if args.did_not else "helped"
    if args.json:
        print_json({"id": args.id, "helped": not args.did_not, "run": args.run})
    else:
        print(f"recorded: {args.id} {word}")
    return 0


def cmd_import_notes(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.hmharness.notes import import_notes_file

    with open_store(args, actor="hmharness") as store:
        report = import_notes_file(store, Path(args.file) if args.file else None)
    if args.json:
        print_json(report.to_json())
    else:
        print(
            f"{report.path}: {report.imported} imported, {report.unchanged} unchanged, "
            f"{report.duplicates} repeated, {len(report.skipped)} skipped"
        )
        for s in report.skipped:
            print(f"  line {s.line}: {s.error}")
        if report.workspaces:
            print(f"  workspaces: {', '.join(report.workspaces)}")
    if report.skipped and not (report.imported or report.unchanged):
        print(
            f"hmdesk-cli: error: no line of {report.path} is a note; is it hmharness's memory.md?",
            file=sys.stderr,
        )
        return 1
    return 0


def _run_number(text: str) -> int:
    """A run number as the database can hold it (1 … 2**63 - 1): ``--run 10**23`` is an argument
    error, not an overflow deep in the store."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a run number") from None
    if not 1 <= n < 2**63:
        raise argparse.ArgumentTypeError(f"{text} is not a run number (runs are 1, 2, 3, …)")
    return n


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "proposals",
        parents=[common],
        formatter_class=_RAW,
        help="list (or apply) the promotion and decay proposals, and agents' proposed memories",
        description="List the promotion and decay proposals, or apply some of them; list, accept\n"
        "or reject the memories agents proposed (hmdesk-cli mcp's remember).\n\n"
        "A memory marked 'This helped' at least twice is proposed for promotion (episodic →\n"
        "semantic, else confidence + 0.1 up to 0.95); one not recalled for 90 days, for decay\n"
        "(confidence − 0.1, not below 0.1). Nothing changes until you apply: --apply ID...\n"
        "applies them as one change (one undo step) whose reason names the rule. An agent's\n"
        "proposal N becomes a memory with --accept N (edit it with --content, --tag,\n"
        "--confidence) or is dropped with --reject N.",
        epilog="examples:\n  hmdesk-cli proposals\n  hmdesk-cli proposals --json\n"
        "  hmdesk-cli proposals --apply promote-helped:mem-0a1b2c3d4e5f\n"
        "  hmdesk-cli proposals --accept 3 --tag signing",
    )
    p.add_argument("--apply", nargs="+", metavar="ID", help="apply these proposals (their ids)")
    p.add_argument("--now", metavar="TIME", help="judge as of this ISO-8601 time (default: now)")
    p.add_argument("--accept", type=int, metavar="N", help="accept agent proposal N as a memory")
    p.add_argument("--reject", type=int, metavar="N", help="reject agent proposal N")
    p.add_argument("--content", help="with --accept: the memory's content instead of the agent's")
    p.add_argument("--tag", action="append", metavar="TAG", help="with --accept: its tags instead")
    p.add_argument("--confidence", type=float, help="with --accept: its confidence instead")
    p.set_defaults(func=cmd_proposals)

    p = subparsers.add_parser(
        "helped",
        parents=[common],
        formatter_class=_RAW,
        help="record that a memory helped (the access log's feedback)",
        description="Record that a memory helped (or, with --not, that it did not).\n\n"
        "Two 'helped' make a promotion proposal (hmdesk-cli proposals).",
        epilog="examples:\n  hmdesk-cli helped mem-0a1b2c3d4e5f --run 12",
    )
    p.add_argument("id", metavar="MEMORY_ID", help="the memory")
    p.add_argument("--run", type=_run_number, metavar="N", help="the run it helped with")
    p.add_argument("--not", dest="did_not", action="store_true", help="it did not help")
    p.set_defaults(func=cmd_helped)

    p = subparsers.add_parser(
        "import-notes",
        parents=[common],
        formatter_class=_RAW,
        help="import hmharness's notes memory (memory.md) as episodic memories",
        description="Import hmharness's notes (memory.md) as episodic memories.\n\n"
        "Each line '- [YYYY-MM-DD HH:MM] text [ws:name]' becomes an episodic memory tagged\n"
        "'note' and 'ws:name' (search one workspace with ws:name in the query or --ws).\n"
        "Importing again adds only new lines; bad lines are reported and skipped.\n"
        "Default file: $HMH_HOME/memory/memory.md (else ~/.hmharness/memory/memory.md).",
        epilog="examples:\n  hmdesk-cli import-notes\n  hmdesk-cli import-notes ~/backup/memory.md",
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="the notes file (default above)")
    p.set_defaults(func=cmd_import_notes)

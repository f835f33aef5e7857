"""hmdesk-cli ``mcp``, ``agent-log`` and ``instructions``: the agent's side (``core/agent``).

hmdesk-cli mcp                                  the MCP server on stdin/stdout
hmdesk-cli agent-log [--tool T] [--client C] [--memory ID] [--limit N] [--json]
hmdesk-cli instructions PATH [--project DIR] [--limit N] [--dry-run]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from hmdesk.core.cli.common import UsageError, db_path, open_db, open_store, print_json
from hmdesk.core.cli.table import clip, one_line

MCP_MISSING = (
    "the MCP server needs the MCP SDK, which is not installed: "
    "pip install 'hmdesk[mcp]' (or pip install 'mcp>=2.3,<3' into hmdesk's environment)"
)


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        from hmdesk.core.agent.server import serve
    except ImportError as exc:
        if exc.name and exc.name.split(".")[0] in ("mcp", "mcp_types", "jsonschema", "anyio"):
            raise UsageError(MCP_MISSING) from exc
        raise
    serve(db_path(args))
    return 0


def cmd_agent_log(args: argparse.Namespace) -> int:
    from hmdesk.core.agent.record import AgentRecord, CallFilter

    with open_db(args, create=False) as db:
        calls = (
            []
            if db is None
            else AgentRecord(db).calls(
                CallFilter(
                    limit=args.limit, tool=args.tool, client=args.client, memory_id=args.memory
                )
            )
        )
    if args.json:
        print_json({"calls": [c.to_json() for c in calls]})
        return 0
    if not calls:
        print(
            "no agent calls recorded (connect an agent: hmdesk-cli mcp; see Help › Connect an agent)"
        )
        return 0
    for c in reversed(calls):  # oldest first, like a log
        status = "ok" if c.ok else f"error: {clip(one_line(c.error or ''), 80)}"
        print(f"{c.at}  {c.client}  {c.tool}  {c.duration_ms:.1f} ms  {status}")
        print(f"    args: {clip(one_line(c.arguments or ''), 110)}")
        result = c.result_json()
        if c.tool == "recall" and isinstance(result, dict):
            for r in result.get("results", []):
                why = r.get("why", {})
                print(
                    f"    → {r.get('id')}  {r.get('score')}  matched {why.get('matched')} "
                    f"missed {why.get('missed')}  {clip(one_line(r.get('content') or ''), 60)}"
                )
        elif c.result_ids:
            print(f"    ids: {' '.join(c.result_ids)}")
        if c.tool == "remember" and isinstance(result, dict):
            print(f"    proposal {result.get('proposal')}: {result.get('status')}")
    print(f"{len(calls)} call(s)")
    return 0


def cmd_instructions(args: argparse.Namespace) -> int:
    from hmdesk.core.agent.instructions import InstructionsError, curate, write_block

    if args.limit < 1:
        raise UsageError("--limit wants 1 or more")
    if args.project is not None:
        from pathlib import Path

        if not Path(args.project).expanduser().is_dir():
            raise UsageError(f"--project {args.project} is not a folder; pass the project root")
    with open_store(args, actor="cli") as store:
        pitfalls = curate(store, args.project, limit=args.limit)
    try:
        outcome = write_block(args.path, pitfalls, dry_run=args.dry_run)
    except InstructionsError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        print_json(
            {
                "path": str(outcome.path),
                "change": outcome.change,
                "written": outcome.change != "unchanged" and not args.dry_run,
                "pitfalls": [
                    {"id": p.memory.id, "score": p.score, "why": list(p.reasons)} for p in pitfalls
                ],
                "block": outcome.block,
            }
        )
        return 0
    if args.dry_run:
        print(outcome.block)
        print(f"(dry run: {outcome.describe()}; nothing written)", file=sys.stderr)
    else:
        print(outcome.describe())
    return 0


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "mcp", parents=[common], help="serve hmdesk to a coding agent over MCP (stdio)"
    )
    p.set_defaults(func=cmd_mcp)

    p = subparsers.add_parser(
        "agent-log", parents=[common], help="what connected agents asked, and what they got"
    )
    p.add_argument("--tool", help="only calls of this tool (recall, remember, …)")
    p.add_argument("--client", help="only calls of this client (its name, e.g. claude-code)")
    p.add_argument("--memory", metavar="ID", help="only calls whose result named this memory")
    p.add_argument("--limit", type=int, default=50, metavar="N", help="newest N calls (default 50)")
    p.set_defaults(func=cmd_agent_log)

    p = subparsers.add_parser(
        "instructions",
        parents=[common],
        help="write the curated pitfalls into an agent's instruction file",
    )
    p.add_argument("path", metavar="PATH", help="AGENTS.md, CLAUDE.md or hmharness's memory.md")
    p.add_argument("--project", metavar="DIR", help="the project the pitfalls are for")
    p.add_argument("--limit", type=int, default=15, metavar="N", help="at most N (default 15)")
    p.add_argument("--dry-run", action="store_true", help="print the block; write nothing")
    p.set_defaults(func=cmd_instructions)

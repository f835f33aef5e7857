"""hmdesk-cli contradictions / consolidate / lifecycle-eval: the memory lifecycle from the shell.

``--profile hmharness`` answers exactly as hmharness's ``detectContradictions()`` and
``consolidate()`` (``{"groups": [{"key", "ids"}]}``, ``{"merged": [{"id", "into"}], "decayed":
[...]}``); ``--profile default`` (the default) uses hmdesk's grouping (core/memory/lifecycle).
Heavy imports happen inside the handlers.
"""

from __future__ import annotations

import argparse
from typing import Any

from hmdesk.core.cli.common import UsageError, open_store, print_json
from hmdesk.core.cli.table import clip, one_line

PROFILES = ("default", "hmharness")
KINDS = ("contradiction", "duplicate", "all")

_CONTRA_DESC = (
    "List groups of memories that contradict each other (or duplicate each other).\n\n"
    "--profile hmharness groups active semantic memories by their first two words and reports\n"
    "groups whose normalised claims differ, exactly as hmharness does. --profile default (the\n"
    "default) also reads Chinese written without spaces, error codes and API names, and finds\n"
    "near-duplicates in other words; each group has a kind, a proposed action and a fingerprint."
)
_CONTRA_EPILOG = (
    "examples:\n"
    "  hmdesk-cli contradictions\n"
    "  hmdesk-cli contradictions --kind all --json\n"
    "  hmdesk-cli contradictions --profile hmharness --json"
)
_CONS_DESC = (
    "Supersede exact duplicates by the best copy and decay stale, low-confidence episodic memories.\n\n"
    "With --dry-run it only prints what would change. Without it the change is applied as one\n"
    "step of the history (hmdesk-cli undo takes it back), every event with its reason; nothing is\n"
    "deleted, and an export to hmharness writes the supersededBy values hmharness would."
)
_CONS_EPILOG = (
    "examples:\n"
    "  hmdesk-cli consolidate --dry-run\n"
    "  hmdesk-cli consolidate --profile hmharness --stale-days 30 --dry-run --json\n"
    "  hmdesk-cli consolidate"
)
_EVAL_DESC = (
    "Measure duplicate and contradiction grouping on a labelled set of memory pairs.\n\n"
    "Prints precision and recall of the default profile and of hmharness's rules, per kind.\n"
    "Without --pairs it uses the set shipped with hmdesk."
)
_EVAL_EPILOG = "examples:\n  hmdesk-cli lifecycle-eval\n  hmdesk-cli lifecycle-eval --pairs my_pairs.json --json"


def _add(
    subparsers: Any, common: argparse.ArgumentParser, name: str, help: str, desc: str, epilog: str
) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        name,
        parents=[common],
        help=help,
        description=desc,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return p


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = _add(
        subparsers,
        common,
        "contradictions",
        "list contradicting (or duplicate) memories",
        _CONTRA_DESC,
        _CONTRA_EPILOG,
    )
    p.add_argument(
        "--profile",
        choices=PROFILES,
        default="default",
        help="default (hmdesk's grouping) or hmharness (exactly hmharness's)",
    )
    p.add_argument(
        "--kind",
        choices=KINDS,
        default="contradiction",
        help="which groups (default profile): contradiction (default), duplicate, all",
    )
    p.set_defaults(func=cmd_contradictions)

    p = _add(
        subparsers,
        common,
        "consolidate",
        "supersede duplicates and decay stale memories",
        _CONS_DESC,
        _CONS_EPILOG,
    )
    p.add_argument(
        "--profile",
        choices=PROFILES,
        default="default",
        help="default (hmdesk's rules) or hmharness (exactly hmharness's)",
    )
    p.add_argument(
        "--stale-days",
        type=int,
        default=None,
        metavar="N",
        help="an episodic memory older than N days may decay (default 60)",
    )
    p.add_argument("--now", metavar="TIME", help="the time ages are measured from (default now)")
    p.add_argument("--dry-run", action="store_true", help="only print what would change")
    p.set_defaults(func=cmd_consolidate)

    p = _add(
        subparsers,
        common,
        "lifecycle-eval",
        "precision and recall of the grouping",
        _EVAL_DESC,
        _EVAL_EPILOG,
    )
    p.add_argument("--pairs", metavar="FILE", help="a labelled pair set (JSON; default: shipped)")
    p.set_defaults(func=cmd_eval)


def cmd_contradictions(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.lifecycle.plans import contradiction_groups

    kinds = ("contradiction", "duplicate") if args.kind == "all" else (args.kind,)
    with open_store(args) as store:
        records = store.list()
    groups = contradiction_groups(args.profile, records, kinds=kinds)
    if args.json:
        if args.profile == "hmharness":
            print_json({"groups": [{"key": g.key, "ids": list(g.ids)} for g in groups]})
        else:
            print_json({"groups": [g.as_json() for g in groups]})
        return 0
    if not groups:
        print(f"no {args.kind if args.kind != 'all' else 'contradiction or duplicate'} groups")
        return 0
    by_id = {r.id: r for r in records}
    for g in groups:
        print(f"{g.kind} “{g.key}” ({len(g.ids)} memories, proposed: {g.action}, keep {g.keep})")
        for i in g.ids:
            r = by_id[i]
            print(f"  {i}  {r.confidence:.2f}  {clip(one_line(r.content), 70)}")
    print(f"{len(groups)} group{'s' if len(groups) != 1 else ''}")
    return 0


def _now_ms(text: str | None) -> int:
    from hmdesk.core.memory.jsdate import now_ms, parse_js_date_ms

    if text is None:
        return now_ms()
    ms = parse_js_date_ms(text.strip())
    if ms is None:
        raise UsageError(
            f"--now {text!r} is not an ISO-8601 time; use e.g. 2026-11-29T12:00:00Z or 2026-11-29"
        )
    return ms


def cmd_consolidate(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.hmharness.rules import DEFAULT_STALE_DAYS
    from hmdesk.core.memory.lifecycle.apply import apply_plan
    from hmdesk.core.memory.lifecycle.plans import consolidation_plan

    stale = DEFAULT_STALE_DAYS if args.stale_days is None else args.stale_days
    if stale < 0:
        raise UsageError(f"--stale-days must be 0 or more, not {stale}")
    now = _now_ms(args.now)
    with open_store(args) as store:
        records = store.list()
        plan = consolidation_plan(args.profile, records, stale_days=stale, now_ms=now)
        group = "" if args.dry_run else apply_plan(store, plan)
    if args.json:
        out: dict[str, Any] = plan.as_json()
        if not args.dry_run:
            out["applied"] = bool(group)
            out["group"] = group or None
        print_json(out)
        return 0
    by_id = {r.id: r for r in records}
    for m in plan.merged:
        print(f"merge  {m.id} into {m.into}  {clip(one_line(by_id[m.id].content), 70)}")
    for i in plan.decayed:
        print(f"decay  {i}  {clip(one_line(by_id[i].content), 70)}")
    what = f"{len(plan.merged)} merged, {len(plan.decayed)} decayed"
    if args.dry_run:
        print(f"{what} (dry run: nothing changed)")
    elif group:
        print(f"{what}; applied as one change (hmdesk-cli undo takes it back)")
    else:
        print("nothing to consolidate")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.lifecycle.evaluate import PairSetError, evaluate, load_pairs

    try:
        pairs = load_pairs(args.pairs)
    except PairSetError as exc:
        raise UsageError(str(exc)) from exc
    report = evaluate(pairs)
    if args.json:
        print_json(report)
        return 0
    print(f"{report['pairs']} labelled pairs")
    print(
        f"{'profile':<10} {'kind':<14} {'precision':>9} {'recall':>7} {'tp':>4} {'fp':>4} {'fn':>4}"
    )
    for row in report["rows"]:
        print(
            f"{row['profile']:<10} {row['kind']:<14} {row['precision']:>9.2f} "
            f"{row['recall']:>7.2f} {row['tp']:>4} {row['fp']:>4} {row['fn']:>4}"
        )
    return 0

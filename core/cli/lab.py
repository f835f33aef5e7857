"""hmdesk-cli ``eval``: the recall lab — measure retrieval profiles on a labelled query set.

    hmdesk-cli eval [SET.json] [--profile P]... [--control P] [--k 5] [--depth 20]
                    [--ties expected|as-ranked] [--now ISO] [--starter-pack] [--json]

Without ``SET`` the set shipped for the starter pack is used; ``--starter-pack`` evaluates on a
throw-away database holding only the starter pack (what that set was written for), else the
database of ``--db``. Text: a table of recall@k, MRR and nDCG@k per profile (with ``--control``
the others as differences from it), each query's first relevant rank per profile, and against the
baseline (the control, else the first profile) the queries fixed and broken. ``--json``:
:func:`hmdesk.core.memory.lab.evaluate.evaluation_to_json`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError, db_path, open_store, print_json
from hmdesk.core.cli.query import PROFILES, parse_now

if TYPE_CHECKING:
    from hmdesk.core.memory.lab.evaluate import Evaluation
    from hmdesk.core.memory.lab.labelled_set import LabelledSet

TIES = ("expected", "as-ranked")  # hmdesk.core.memory.lab.metrics.TIES, light for parsing


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _rank(rank: int | None) -> str:
    return "—" if rank is None else str(rank)


def print_evaluation(ev: Evaluation) -> None:
    from hmdesk.core.cli.table import clip, pad, text_width
    from hmdesk.core.memory.lab.evaluate import METRICS

    names = list(ev.profiles)
    first = ev.profiles[names[0]]
    scored = first.scored
    print(
        f"set {ev.lset.name}: {len(ev.lset.queries)} queries, {scored} scored; k={ev.k}, "
        f"depth {ev.depth}, ties {ev.ties}"
    )
    for w in ev.warnings:
        print(f"warning: {w}", file=sys.stderr)
    width = max(9, *(text_width(n) for n in names))
    heads = {"recall_at_k": f"recall@{ev.k}", "mrr": "MRR", "ndcg_at_k": f"nDCG@{ev.k}"}
    print(f"{pad('profile', width)}  " + "  ".join(f"{heads[m]:>9}" for m in METRICS))
    for name in names:
        rep = ev.profiles[name]
        if ev.control is not None and name != ev.control:
            base = ev.profiles[ev.control]
            cells = [f"{rep.metric(m) - base.metric(m):+9.4f}" for m in METRICS]
            print(f"{pad(name, width)}  " + "  ".join(cells) + f"   (difference from {ev.control})")
        else:
            suffix = "   (control)" if name == ev.control else ""
            print(
                f"{pad(name, width)}  "
                + "  ".join(f"{rep.metric(m):9.4f}" for m in METRICS)
                + suffix
            )
    print()
    print(f"first relevant rank per query (— none in the top {ev.depth}; * beyond k, ~ tied)")
    print(f"{'#':>3}  " + "  ".join(f"{clip(n, 10):>10}" for n in names) + "  query")
    for n, q in enumerate(ev.lset.queries):
        cells = []
        for name in names:
            o = ev.profiles[name].queries[n]
            cell = _rank(o.first_relevant_rank) if o.scored else "unjudged"
            if o.scored and not o.hit(ev.k):
                cell = "*" + cell
            rng = o.first_rank_range
            if rng is not None and rng[0] != rng[1]:
                cell = "~" + cell
            cells.append(f"{cell:>10}")
        filters = "".join(
            f" [{label} {value}]"
            for label, value in (("layer", q.layer), ("env", q.env), ("tags", ",".join(q.tags)))
            if value
        )
        print(f"{n + 1:>3}  " + "  ".join(cells) + f"  {q.text}{filters}")
    for c in ev.comparisons:
        print()
        print(
            f"{c.profile} against {c.baseline}: fixed {len(c.fixed)}, broken {len(c.broken)}, "
            f"better {len(c.better)}, worse {len(c.worse)}"
        )
        for kind in ("fixed", "broken", "better", "worse"):
            for n in getattr(c, kind):
                a = ev.profiles[c.baseline].queries[n].first_relevant_rank
                b = ev.profiles[c.profile].queries[n].first_relevant_rank
                print(f"  {kind:<6} #{n + 1} {_rank(a)} → {_rank(b)}  {ev.lset.queries[n].text}")


def _available(
    profiles: list[str], control: str | None, *, asked: bool = True
) -> tuple[list[str], str | None]:
    """The profiles that can be measured here: without an embedder the semantic ones are left
    out, with a warning when they were ``asked`` for by name (never an error, unless nothing is
    left)."""
    semantic = [p for p in dict.fromkeys([*profiles, control]) if p is not None and _semantic(p)]
    if not semantic:
        return profiles, control
    from hmdesk.core.memory.semantic.choice import hybrid_unavailable_reason

    reason = hybrid_unavailable_reason()
    if reason is None:
        return profiles, control
    if asked or control in semantic:  # all profiles by default: left out quietly
        print(f"warning: skipping the {', '.join(semantic)} profile: {reason}", file=sys.stderr)
    kept = [p for p in profiles if p not in semantic]
    if control in semantic:
        control = None
    if not kept:
        raise UsageError(
            f"no profile left to measure: the {', '.join(semantic)} profile is unavailable: "
            f"{reason}"
        )
    return kept, control


def _semantic(name: str) -> bool:
    """Whether the (lab) profile ``name`` has a semantic part (needs an embedder)."""
    from hmdesk.core.memory.retrieve.profile import PROFILES
    from hmdesk.core.memory.retrieve.rewrite import lab_profile

    found = PROFILES.get(lab_profile(name)[0])
    return found is not None and found.semantic


def _embed_all(store: Any) -> None:
    """Embed the throw-away starter pack for the hybrid profile (progress on stderr)."""
    from hmdesk.core.memory.semantic.choice import hybrid_embedder
    from hmdesk.core.memory.semantic.fill import fill_embeddings

    embedder = hybrid_embedder()
    result = fill_embeddings(store.db, embedder)
    print(f"embedded {result.embedded} memories with {embedder.model_id}", file=sys.stderr)


def _load(args: argparse.Namespace) -> LabelledSet:
    from hmdesk.core.memory.lab import LabelledSetError, load_set, starter_set

    try:
        return starter_set() if args.set is None else load_set(Path(args.set))
    except LabelledSetError as exc:
        raise UsageError(str(exc)) from exc


class _Progress:
    """``eval: 12,000 of 1,000,000 searches`` on stderr, at most every few seconds (a large set
    runs for minutes: the person waiting sees it move)."""

    EVERY = 2.0

    def __init__(self) -> None:
        import time

        self._clock = time.monotonic
        self._next = self._clock() + self.EVERY
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if done < total and self._clock() < self._next:
            return
        if done == total and not self.shown:
            return  # a quick run says nothing
        self._next = self._clock() + self.EVERY
        self.shown = True
        print(f"eval: {done:,} of {total:,} searches", file=sys.stderr, flush=True)


def cmd_eval(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.lab.evaluate import evaluate_store, evaluation_to_json
    from hmdesk.core.memory.lab.labelled_set import LabelledSetError
    from hmdesk.core.memory.retrieve.profile import PROFILES as KNOWN
    from hmdesk.core.memory.retrieve.rewrite import LAB_PROFILES

    profiles = list(dict.fromkeys(args.profile or KNOWN))
    for p in [*profiles, *([args.control] if args.control else [])]:
        if p not in KNOWN and p not in LAB_PROFILES:
            raise UsageError(f"unknown profile {p!r}; the profiles are {', '.join(KNOWN)}")
    now = parse_now(args.now) if args.now is not None else None
    lset = _load(args)  # a bad set file is the one error line, before anything else is said
    profiles, control = _available(profiles, args.control, asked=bool(args.profile))
    options: dict[str, Any] = {
        "k": args.k,
        "depth": args.depth,
        "ties": args.ties,
        "now": now,
        "control": control,
        "progress": _Progress(),
    }
    if args.starter_pack:
        from hmdesk.core.memory.starter import load_starter_pack

        with tempfile.TemporaryDirectory(prefix="hmdesk-eval-") as tmp:
            ns = argparse.Namespace(db=str(Path(tmp) / "starter.db"))
            with open_store(ns, actor="eval") as store:
                load_starter_pack(store)
                if any(map(_semantic, [*profiles, control or ""])):
                    _embed_all(store)
                if now is None:  # as of the pack's loading: every recency exactly 1, repeatable
                    stamp = store.list()[0].timestamp
                    options["now"] = parse_now(stamp)
                try:
                    ev = evaluate_store(store, lset, profiles, **options)
                except LabelledSetError as exc:
                    raise UsageError(str(exc)) from None
    else:
        where = db_path(args)
        if isinstance(where, Path) and not where.exists():
            raise UsageError(
                f"there is no database at {db_path(args)}; pass --db FILE, or --starter-pack "
                "to measure on the starter pack alone"
            )
        with open_store(args, actor="eval") as store:
            if store.count() == 0:
                raise UsageError(
                    f"the database {db_path(args)} holds no memories to search; run "
                    "hmdesk-cli load-starter, or pass --starter-pack"
                )
            try:
                ev = evaluate_store(store, lset, profiles, **options)
            except LabelledSetError as exc:  # none of its ids here: said before any search
                raise UsageError(str(exc)) from None
    if args.json:
        print_json(evaluation_to_json(ev))
        for w in ev.warnings:
            print(f"warning: {w}", file=sys.stderr)
    else:
        print_evaluation(ev)
    return 0


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "eval",
        parents=[common],
        help="measure search quality on a labelled query set (recall lab)",
    )
    p.add_argument(
        "set",
        metavar="SET",
        nargs="?",
        help="the labelled set, a JSON file (default: the set shipped for the starter pack)",
    )
    p.add_argument(
        "--profile",
        action="append",
        metavar="P",
        help=f"a search profile to measure (repeat for several; default: all, {', '.join(PROFILES)}"
        "; default-norewrite: default without the query rewrite)",
    )
    p.add_argument(
        "--control",
        metavar="P",
        help="the control profile: every other profile's figures are shown as differences from it",
    )
    p.add_argument(
        "--k",
        type=_positive,
        default=5,
        metavar="N",
        help="how many results count as found: recall@N and nDCG@N (default 5)",
    )
    p.add_argument(
        "--depth",
        type=_positive,
        default=20,
        metavar="N",
        help="results read per query for the first relevant rank and MRR (default 20)",
    )
    p.add_argument(
        "--ties",
        choices=TIES,
        default="expected",
        help="results with equal scores: average the figures over their orders (expected, the "
        "default) or take them as listed (as-ranked)",
    )
    p.add_argument(
        "--now", metavar="TIME", help="score recency as of this ISO-8601 time (default: now)"
    )
    p.add_argument(
        "--starter-pack",
        action="store_true",
        help="search a throw-away database holding only the starter pack, not --db",
    )
    p.set_defaults(func=cmd_eval)

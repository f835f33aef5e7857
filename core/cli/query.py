"""hmdesk-cli ``query``: search the memories and explain every result.

    hmdesk-cli query TEXT [--layer L] [--env E] [--tag T]... [--limit N]
                          [--profile default|hmharness|hybrid] [--now ISO] [--include-superseded] [--json]

Without ``--json`` it prints a table (rank, score, the three weighted components, id, content) with,
under each row, every query term: ``+term`` matched (``[tag]`` when it matched a tag) or ``-term``
missed, the negated terms a memory holds with their penalty, and ``n similar: ids`` for the
near-duplicates folded into the row; above the table, what the query
rewrite made of the text (searched, negated, dropped; ``--no-rewrite`` searches it as it is).
With ``--json`` it prints :func:`hmdesk.core.memory.retrieve.results.result_to_json` (schema in the
README, "Query output (JSON)"; ``rewrite`` is null when the text was searched as it is).
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError, db_path, print_json

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import QueryResult

# ``hmdesk.core.memory.retrieve.profile.PROFILES``, spelled here so that parsing imports no numpy
# (tests/core/test_cli_startup.py checks that the two agree).
PROFILES = ("default", "hmharness", "hybrid")

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def parse_now(text: str) -> datetime:
    """``--now``: an ISO-8601 time as JavaScript's ``Date`` reads it (no offset = local time)."""
    from hmdesk.core.memory.jsdate import parse_js_date_ms

    ms = parse_js_date_ms(text.strip())
    if ms is None:
        raise UsageError(
            f"--now {text!r} is not an ISO-8601 time; use e.g. 2026-11-29T12:00:00Z or 2026-11-29"
        )
    try:
        return _EPOCH + timedelta(milliseconds=ms)
    except OverflowError:
        raise UsageError(f"--now {text!r} is outside the supported range (years 1–9999)") from None


def _limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def print_table(result: QueryResult) -> None:
    """The results as a table: ids whole, the content elided to the terminal's width (whole when
    the output is not a terminal), each row's query terms under it."""
    from hmdesk.core.cli.table import elide, free_width, pad, terminal_columns, text_width
    from hmdesk.core.memory.retrieve.results import FILTER_KEYS

    q = result.query
    print(f"query {q.text!r}  profile={q.profile.name}  terms={result.terms or '(none)'}")
    if result.rewrite is not None:
        print(f"rewrite: {result.rewrite.describe()}")
    if not result.results:
        print("no memory matched")
    else:
        id_width = max(text_width(r.memory.id) for r in result.results)
        first = result.results[0].components
        hybrid = "semantic" in first
        conf, rec, lex = (
            f"{first[k].weight:g}·{short}"
            for k, short in (("confidence", "conf"), ("recency", "rec"), ("lexical", "lex"))
        )
        lead = f"{'#':>3}  {'score':>6}  {conf:>8} {rec:>8} {lex:>8}  "
        if hybrid:
            lead += f"{first['semantic'].weight:g}·sem".rjust(8) + f" {'cosine':>6}  "
        content_width = free_width(terminal_columns(), len(lead) + id_width + 1)
        print(f"{lead}{pad('id', id_width)} content")
        for n, r in enumerate(result.results, 1):
            c = r.components
            sem = ""
            if hybrid and "semantic" in c:
                cos = c["semantic"].similarity
                sem = f"{c['semantic'].contribution:8.4f} " + (
                    f"{cos:6.3f}  " if cos is not None else f"{'—':>6}  "
                )
            print(
                f"{n:>3}  {r.score:6.4f}  {c['confidence'].contribution:8.4f} "
                f"{c['recency'].contribution:8.4f} {c['lexical'].contribution:8.4f}  {sem}"
                f"{pad(r.memory.id, id_width)} {elide(r.memory.content, content_width)}"
            )
            marks = []
            for t in r.terms:
                if not t.matched:
                    marks.append(f"-{t.term}")
                elif t.tags and not t.content_spans:
                    marks.append(f"+{t.term}[tag]")
                else:
                    marks.append(f"+{t.term}")
            if marks:
                print(f"{'':>40}terms: {' '.join(marks)}")
            held = [t.term for t in r.negated if t.matched]
            if held:
                penalty = c["negated"].contribution if "negated" in c else 0.0
                print(f"{'':>40}negated: {' '.join(held)} ({penalty:+.4f})")
            if r.similar:  # near-duplicates folded into this row (retrieve.diversity)
                print(
                    f"{'':>40}{len(r.similar)} similar: {' '.join(s.memory.id for s in r.similar)}"
                )
    removed = ", ".join(f"{k} {result.filtered[k]}" for k in FILTER_KEYS if result.filtered[k])
    print(
        f"{len(result.results)} shown of {result.matched} matching; pool {result.pool}"
        + (f"; removed: {removed}" if removed else "")
        + f"; {result.elapsed_ms:.1f} ms"
    )
    if result.note:
        print(f"note: {result.note}")


def _search_scoped(args: argparse.Namespace, query: Any) -> Any:
    """``query`` over the memories you wrote (``mine``) or the others wrote (``team``): the
    author of a memory is the actor of its ``add``/``import`` event (your identity: the ``user``
    setting, else the system login)."""
    from hmdesk.core.cli.common import open_store
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.team.identity import current_user
    from hmdesk.core.team.scope import search_scoped
    from hmdesk.core.team.sync import authors

    with open_store(args) as store:
        retriever = Retriever(store)
        try:
            return search_scoped(
                retriever.search, query, args.scope, authors(store), current_user()
            )
        finally:
            retriever.close()


def cmd_query(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.retrieve.profile import profile_named
    from hmdesk.core.memory.retrieve.results import Query, result_to_json
    from hmdesk.core.memory.search_index.file_search import search_file

    profile = profile_named(args.profile)
    if profile.semantic:
        from hmdesk.core.memory.semantic.choice import hybrid_unavailable_reason

        reason = hybrid_unavailable_reason()
        if reason is not None:
            raise UsageError(f"the {profile.name} profile is unavailable: {reason}")
    now = parse_now(args.now) if args.now is not None else None
    query = Query(
        text=args.text,
        layer=args.layer,
        environment=args.env,
        tags=tuple(args.tag or ()),
        limit=args.limit,
        profile=profile,
        now=now,
        include_superseded=args.include_superseded,
        rewrite=not args.no_rewrite,
    )
    from hmdesk.core.cli.access import special_query  # --as-of, --record, --ws

    result = special_query(args, query)
    if result is None and args.scope != "all":
        result = _search_scoped(args, query)
    if result is None:
        # the stored search index, read-only, without the ORM (the full way only when it must)
        result = search_file(db_path(args), query)
    if args.json:
        print_json(result_to_json(result))
    else:
        print_table(result)
    return 0


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "query",
        parents=[common],
        help="search memories and explain each result",
    )
    p.add_argument("text", metavar="TEXT", help="what to look for (words, or Chinese text)")
    p.add_argument("--layer", help="only memories of this layer")
    p.add_argument("--env", help="only memories of this environment (exact, case-sensitive)")
    p.add_argument(
        "--tag", action="append", metavar="TAG", help="only memories with this tag (repeat: any)"
    )
    p.add_argument(
        "--limit", type=_limit, default=10, metavar="N", help="results to show (default 10)"
    )
    p.add_argument(
        "--profile",
        choices=PROFILES,
        default="default",
        help="how the text becomes terms: default (Chinese segmented into words, word stems, a "
        "Chinese/English glossary: 构建 finds build), hmharness (exactly as hmharness splits it) "
        "or hybrid (default fused with semantic similarity; needs pip install "
        "'hmdesk[semantic]' or an embeddings endpoint, and hmdesk-cli embed)",
    )
    p.add_argument(
        "--now", metavar="TIME", help="score recency as of this ISO-8601 time (default: now)"
    )
    p.add_argument(
        "--include-superseded", action="store_true", help="also search superseded memories"
    )
    p.add_argument(
        "--no-rewrite",
        action="store_true",
        help="search the text as it is: no negation (不是签名问题, not a signing error, -signing), "
        "no dropped question boilerplate or stop words (default and hybrid profiles)",
    )
    p.add_argument(
        "--scope",
        choices=("all", "mine", "team"),
        default="all",
        help="whose memories: all (default), mine (those you wrote: the user setting, else "
        "your login) or team (those the others wrote)",
    )
    from hmdesk.core.cli.access import add_query_options

    add_query_options(p)
    p.set_defaults(func=cmd_query)

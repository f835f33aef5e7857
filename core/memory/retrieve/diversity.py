"""Diversity: near-duplicate memories do not fill the top of a ranking (a duplicate collapse).

A store written by agents holds the same claim several times in other words ("hdc install fails
9568320: unsigned HAP" three times over, once in Chinese). Ranked by score they sit side by side
and push the next distinct answer out of the top five. After ranking, for the ``default`` and
``hybrid`` profiles (never ``hmharness``, which stays hmharness's exact ranking), a result whose
content is near-identical to a better-ranked *kept* result is folded into it: the kept result's
:attr:`~.results.ScoredMemory.similar` lists the folded ones ("n similar" in the table, the JSON
and the window's expander), and the next distinct memory moves up. Scores are never changed, so
every shown score is still explained by its components.

**Why a collapse and not MMR.** MMR re-ranks by ``λ·score − (1−λ)·max similarity to the chosen``:
a score outside the explained ``confidence·0.4 + recency·0.2 + lexical·0.4`` frame, a λ to tune,
and the duplicates stay in the list further down, each time with another penalty. A collapse
keeps the scores and the order of what stays, hides nothing (the duplicates are one click
away) and is the same pure function of the ranked list in every search path. Measured on the
recall lab (``python -m tests.bench diversity``; docs/decisions/0027-diversity-collapse.md).

**Near-duplicates** are the app's one definition (:func:`~hmdesk.core.memory.lifecycle.claims.near_duplicates`):
the two memories the Review tab's scan would put in one duplicate group, so "n similar" here and
"Duplicate" there never disagree. Same layer, claims that agree (a negation or another value,
code or version makes another claim: ``install fails 9568278`` and ``install fails 9568263``),
most of their words shared; Chinese read by the default profile's segmenter, its glossary words
in English. A superseded memory (shown with ``include_superseded``) is never folded nor folds
others: an old version beside its replacement is what was asked for.

**Bounded work** (:func:`diversified`, what every search path calls). The first ``limit``
results are compared; only when something folds is the search run again for :data:`EXTRA`
more results (:func:`widen`) to fill the ``limit``: most queries fold nothing and pay one
search (the explanations of 30 more results would cost more than the search itself). At most
:data:`SCAN` results are compared, each against at most :data:`DIVERSE_TOP` kept results, with
each content's claim cached: a millisecond or two a query, whatever the store's size.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from hmdesk.core.memory.lifecycle.claims import Claim, claim_of, duplicate_claims
from hmdesk.core.memory.retrieve.results import Query, QueryResult, ScoredMemory

DIVERSE_TOP = 10
"""How many distinct results at the top are kept apart (the others pass through in order)."""
SCAN = 30
"""How many ranked results are compared."""
EXTRA = SCAN
"""How many more results the search is asked for, so folding some still fills ``limit``."""


def diversified(search: Callable[[Query], QueryResult | None], query: Query) -> QueryResult | None:
    """``search(query)`` with near-duplicates folded: the first ``limit`` results are checked;
    only when one folds is the search run again for :data:`EXTRA` more (:func:`widen`), so the
    common case costs one search and a comparison of claims. None when ``search`` gives
    None."""
    first = search(query)
    if first is None or not applies(query):
        return first
    checked = collapse(first, query)
    if not any(r.similar for r in checked.results):
        return checked
    for r in first.results:  # the wider search makes its own results
        r.similar.clear()
    wide = search(widen(query))
    return None if wide is None else collapse(wide, query)


def applies(query: Query) -> bool:
    """Whether ``query``'s results are collapsed: a text query of a profile with hmdesk's
    additions (default, hybrid; see :attr:`~.profile.Profile.additions`)."""
    return query.profile.additions and bool((query.text or "").strip()) and query.limit > 0


def widen(query: Query) -> Query:
    """The query to run so that :func:`collapse` can still fill ``query.limit``."""
    if not applies(query):
        return query
    return replace(query, limit=query.limit + EXTRA)


def collapse(result: QueryResult, query: Query) -> QueryResult:
    """``result`` (of :func:`widen`'s query) with near-duplicates folded into the better-ranked
    result they repeat, cut to ``query.limit`` and given back ``query``. Unchanged apart from
    ``query`` and the cut when ``query`` is not collapsed (see :func:`applies`)."""
    if not applies(query):
        if result.query is query:
            return result
        return replace(result, query=query, results=result.results[: max(query.limit, 0)])
    started = time.perf_counter()
    ranked = result.results
    kept: list[tuple[ScoredMemory, Claim]] = []
    out: list[ScoredMemory] = []
    for r in ranked[:SCAN]:
        if r.memory.is_superseded:  # shown on purpose (include_superseded): its own row
            out.append(r)
            continue
        own = claim_of(r.memory.content)
        for first, theirs in kept:
            if duplicate_claims(r.memory.layer, own, first.memory.layer, theirs):
                first.similar.append(r)
                break
        else:
            if len(kept) < DIVERSE_TOP:
                kept.append((r, own))
            out.append(r)
    out.extend(ranked[SCAN:])
    elapsed = (time.perf_counter() - started) * 1000
    return replace(
        result,
        query=query,
        results=out[: query.limit],
        elapsed_ms=result.elapsed_ms + elapsed,
    )

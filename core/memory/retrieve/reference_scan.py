"""The reference scans, written like hmharness: every entry, every term.

:func:`retrieve_hmharness_scan` is hmharness's ``retrieve()`` as a straight scan (the equivalence
reference and the bench baseline); :func:`retrieve_scan` is the same scan with a profile's terms,
the reference the index must equal. The formula is written out here with its literal weights, on
purpose: this is the oracle :func:`~.profile.score` and its table are proved against.
"""

from __future__ import annotations

from collections.abc import Iterable

from hmdesk.core.memory.jsdate import parse_js_date_ms
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.rewrite import plan_for
from hmdesk.core.memory.retrieve.scoring import (
    Groups,
    TermWeights,
    check_query,
    flat_weights,
    group_in,
    haystack,
    query_now_ms,
    recency_of,
    weights_for,
)
from hmdesk.core.memory.terms import hmharness_terms
from hmdesk.core.memory.workspace import workspace_tag


def retrieve_hmharness_scan(
    entries: Iterable[MemoryRecord], query: Query, now: int | None = None
) -> list[tuple[MemoryRecord, float]]:
    """hmharness's ``retrieve()`` as a straight scan: the equivalence reference and bench baseline.

    Returns ``(memory, score)`` pairs. ``query.profile`` is ignored (hmharness terms always).
    """
    return scan_groups(entries, query, [(t,) for t in hmharness_terms(query.text or "")], now)


def retrieve_scan(
    entries: Iterable[MemoryRecord], query: Query, now: int | None = None
) -> list[tuple[MemoryRecord, float]]:
    """The straight scan with ``query.profile``'s terms (the reference for the index; the hybrid
    profile's lexical part, without its semantic one)."""
    check_query(query)
    plan = plan_for(query)  # the query rewrite: negated terms re-rank (see .rewrite)
    if plan is not None:
        records = list(entries)
        return plan.run_pairs(lambda q: retrieve_scan(records, q, now))
    profile = query.profile
    groups = profile.terms(query.text or "")
    live = [e for e in entries if e.deleted_at is None]
    hays = [haystack(e) for e in live]

    def df_of(group: tuple[str, ...]) -> int:
        return sum(1 for h in hays if group_in(h, group))

    if not profile.rarity:
        return scan_groups(live, query, groups, now)
    return scan_groups(live, query, groups, now, weights_for(profile, groups, df_of, len(live)))


def scan_groups(
    entries: Iterable[MemoryRecord],
    query: Query,
    terms: Groups,
    now: int | None,
    weights: TermWeights | None = None,
) -> list[tuple[MemoryRecord, float]]:
    """``weights``: the terms' lexical weights (default: every term counts 1, as hmharness)."""
    now_value = query_now_ms(query) if now is None else now
    w = flat_weights(terms) if weights is None else weights
    pool = [e for e in entries if e.deleted_at is None]
    if not query.include_superseded:
        pool = [e for e in pool if not e.superseded_by]
    if query.layer:
        pool = [e for e in pool if e.layer == query.layer]
    if query.environment:
        pool = [e for e in pool if e.environment == query.environment]
    if query.tags:
        want = set(query.tags)
        pool = [e for e in pool if any(t in want for t in e.tags)]
    if query.workspace:  # hmdesk.core.memory.workspace
        pool = [e for e in pool if workspace_tag(query.workspace) in e.tags]

    def lexical_score(e: MemoryRecord) -> float:
        if not terms:
            return 0
        hay = (e.content + " " + " ".join(e.tags)).lower()
        if weights is None:  # hmharness's own loop
            hits = 0
            for group in terms:
                if any(t in hay for t in group):
                    hits += 1
            return hits / len(terms)
        got = 0.0
        for group, weight in zip(terms, w.raw, strict=True):
            if group_in(hay, group):
                got += weight
        return got / w.total if w.total else 0.0

    if terms:
        pool = [e for e in pool if lexical_score(e) > 0]
    scored = [
        (
            e,
            e.confidence * 0.4
            + recency_of(parse_js_date_ms(e.timestamp), now_value) * 0.2
            + lexical_score(e) * 0.4,
        )
        for e in pool
    ]
    scored.sort(key=lambda s: -s[1])
    return scored[: query.limit]

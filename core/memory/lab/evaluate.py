"""Run a labelled set through the retriever, per profile, and compare profiles.

:func:`evaluate` takes any ``search(Query) -> QueryResult`` (a :class:`Retriever`'s ``search``,
or the one-shot :func:`search_file` bound to a path) so a new profile is measured the moment the
retriever knows it. Each labelled query becomes a :class:`Query` with its hard filters (``layer``,
``env`` → ``environment``, ``tags``), ``limit`` = the evaluation depth, the profile and ``now``.

Per query and profile it keeps the ranking (ids and scores, down to the depth), the as-returned
**first relevant rank** (None: no relevant id in the ranking) and **relevant_in_top_k**, and the
metrics of :mod:`hmdesk.core.memory.lab.metrics` (tie-aware unless ``ties="as-ranked"``). A
profile's recall@k, MRR and nDCG@k are the means over the *scored* queries: those with at least
one relevant id the store holds. Relevant ids the store does not hold, or holds deleted or
superseded (a search never returns them), are left out with a warning; a query left with none
is not scored.

Between a baseline profile (the control, else the first profile) and each other profile a
:class:`Comparison` lists the queries **fixed** (no relevant id in the baseline's top k, at least
one in the profile's), **broken** (the reverse), **better** and **worse** (the first relevant
rank moved, other than fixed/broken), and every metric's difference (profile − baseline).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from hmdesk.core.memory.lab.labelled_set import LabelledQuery, LabelledSet, LabelledSetError
from hmdesk.core.memory.lab.metrics import TIES, Ties, mean, query_metrics, tie_groups
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import Query, QueryResult

if TYPE_CHECKING:
    from hmdesk.core.memory.store import MemoryStore

Search = Callable[[Query], QueryResult]
Lookup = Callable[[Sequence[str]], Sequence[MemoryRecord]]

MAX_WARNINGS = 100  # warnings kept about unusable ids (then "… N more warnings")
DEFAULT_K = 5
DEFAULT_DEPTH = 20
METRICS = ("recall_at_k", "mrr", "ndcg_at_k")


@dataclass
class QueryOutcome:
    """One labelled query under one profile."""

    query: LabelledQuery
    relevant: tuple[str, ...]  # the labelled ids the store can return (what is scored)
    ids: list[str]  # the ranking, best first, down to the depth
    scores: list[float]
    first_relevant_rank: int | None  # as returned, 1-based
    relevant_in_top_k: int  # as returned
    recall: float = 0.0
    reciprocal_rank: float = 0.0
    ndcg: float = 0.0
    first_rank_range: tuple[int, int] | None = None  # over the orders of tied scores
    result: QueryResult | None = None  # the retriever's answer, explanations included

    @property
    def scored(self) -> bool:
        return bool(self.relevant)

    def hit(self, k: int) -> bool:
        return self.first_relevant_rank is not None and self.first_relevant_rank <= k


@dataclass
class ProfileReport:
    profile: str
    queries: list[QueryOutcome]
    recall_at_k: float
    mrr: float
    ndcg_at_k: float

    @property
    def scored(self) -> int:
        return sum(1 for q in self.queries if q.scored)

    def metric(self, name: str) -> float:
        value: float = getattr(self, name)
        return value


@dataclass
class Comparison:
    """``profile`` against ``baseline``; the lists hold query numbers (0-based)."""

    baseline: str
    profile: str
    fixed: list[int]
    broken: list[int]
    better: list[int]
    worse: list[int]
    delta: dict[str, float]  # METRICS → profile − baseline


@dataclass
class Evaluation:
    lset: LabelledSet
    k: int
    depth: int
    ties: Ties
    profiles: dict[str, ProfileReport]
    baseline: str | None  # what the comparisons are against (None with a single profile)
    control: str | None  # the --control profile, when one was named
    comparisons: list[Comparison]
    warnings: list[str] = field(default_factory=list)


def check_ids(lset: LabelledSet, lookup: Lookup) -> tuple[list[tuple[str, ...]], list[str]]:
    """Per query the labelled ids a search can return, and a warning for each one it cannot
    (unknown, deleted or superseded)."""
    wanted = list(dict.fromkeys(i for q in lset.queries for i in q.relevant))
    records = {r.id: r for r in lookup(wanted)}
    why: dict[str, str] = {}
    for id_ in wanted:
        r = records.get(id_)
        if r is None:
            why[id_] = "is not in the store"
        elif r.is_deleted:
            why[id_] = "is deleted"
        elif r.is_superseded:
            why[id_] = f"is superseded (by {r.superseded_by})"
    usable: list[tuple[str, ...]] = []
    warnings: list[str] = []
    more = 0  # warnings past MAX_WARNINGS: counted, not kept

    def warn(text: str) -> None:
        nonlocal more
        if len(warnings) < MAX_WARNINGS:
            warnings.append(text)
        else:
            more += 1

    for n, q in enumerate(lset.queries, 1):
        usable.append(tuple(i for i in q.relevant if i not in why))
        for i in q.relevant:
            if i in why:
                warn(f"{lset.name}: entry {n} ({q.text!r}): {i} {why[i]}; left out")
        if q.relevant and not usable[-1]:
            warn(f"{lset.name}: entry {n} ({q.text!r}): no usable id; not scored")
    if more:
        warnings.append(f"… {more:,} more warnings")
    if why and not any(usable):
        first = next(iter(why))
        raise LabelledSetError(
            f"{lset.name}: none of its {len(wanted):,} labelled ids can be found in this store "
            f"({first} {why[first]}, …): is it the database the set was written for? "
            "Nothing was searched."
        )
    return usable, warnings


def to_query(q: LabelledQuery, profile: str, depth: int, now: datetime | None) -> Query:
    from hmdesk.core.memory.retrieve.profile import profile_named
    from hmdesk.core.memory.retrieve.rewrite import lab_profile

    name, rewrite = lab_profile(profile)  # "default-norewrite": default without the rewrite
    return Query(
        text=q.text,
        layer=q.layer,
        environment=q.env,
        tags=q.tags,
        limit=depth,
        profile=profile_named(name),
        now=now,
        rewrite=rewrite,
    )


def outcome(
    q: LabelledQuery,
    relevant: tuple[str, ...],
    result: QueryResult,
    k: int,
    ties: Ties,
    keep_result: bool = False,
) -> QueryOutcome:
    """Score one query's result (see the module doc)."""
    ids = [r.memory.id for r in result.results]
    scores = [r.score for r in result.results]
    rel = set(relevant)
    first = next((n for n, i in enumerate(ids, 1) if i in rel), None)
    out = QueryOutcome(
        query=q,
        relevant=relevant,
        ids=ids,
        scores=scores,
        first_relevant_rank=first,
        relevant_in_top_k=sum(1 for i in ids[:k] if i in rel),
        result=result if keep_result else None,
    )
    if rel:
        m = query_metrics(tie_groups(ids, scores, ties), rel, k)
        out.recall, out.reciprocal_rank, out.ndcg = m.recall, m.reciprocal_rank, m.ndcg
        out.first_rank_range = m.first_rank_range
    return out


def compare(baseline: ProfileReport, other: ProfileReport, k: int) -> Comparison:
    fixed: list[int] = []
    broken: list[int] = []
    better: list[int] = []
    worse: list[int] = []
    for n, (a, b) in enumerate(zip(baseline.queries, other.queries, strict=True)):
        if not a.scored:
            continue
        if not a.hit(k) and b.hit(k):
            fixed.append(n)
        elif a.hit(k) and not b.hit(k):
            broken.append(n)
        elif a.first_relevant_rank != b.first_relevant_rank:
            ra = a.first_relevant_rank or 10**9
            rb = b.first_relevant_rank or 10**9
            (better if rb < ra else worse).append(n)
    delta = {m: other.metric(m) - baseline.metric(m) for m in METRICS}
    return Comparison(baseline.profile, other.profile, fixed, broken, better, worse, delta)


def evaluate(
    lset: LabelledSet,
    search: Search,
    profiles: Iterable[str],
    *,
    k: int = DEFAULT_K,
    depth: int = DEFAULT_DEPTH,
    ties: Ties = "expected",
    now: datetime | None = None,
    control: str | None = None,
    lookup: Lookup | None = None,
    keep_results: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Evaluation:
    """Run every query of ``lset`` under each profile (see the module doc).

    ``lookup`` (e.g. ``MemoryStore.get_many``) checks the labelled ids; without it every id
    counts. ``control``, when given, is evaluated too (first) and is the baseline. The depth is
    raised to ``k`` when smaller. ``keep_results`` keeps each :class:`QueryResult` (the window
    shows the explanations). ``progress(done, total)`` after each search (``total``: queries
    times profiles). Raises :class:`LabelledSetError` before any search when ``lookup`` finds
    none of the labelled ids (a set written for another database)."""
    if k < 1:
        raise ValueError("k must be at least 1")
    if ties not in TIES:
        raise ValueError(f"ties must be one of {', '.join(TIES)}")
    depth = max(depth, k)
    names = list(dict.fromkeys([*([control] if control else []), *profiles]))
    if not names:
        raise ValueError("no profile to evaluate")
    if lookup is not None:
        usable, warnings = check_ids(lset, lookup)
    else:
        usable, warnings = [q.relevant for q in lset.queries], []
    warnings = [*lset.warnings, *warnings]
    reports: dict[str, ProfileReport] = {}
    total = len(names) * len(lset.queries)
    done = 0
    for name in names:
        outs = []
        for q, rel in zip(lset.queries, usable, strict=True):
            outs.append(
                outcome(q, rel, search(to_query(q, name, depth, now)), k, ties, keep_results)
            )
            done += 1
            if progress is not None:
                progress(done, total)
        scored = [o for o in outs if o.scored]
        reports[name] = ProfileReport(
            profile=name,
            queries=outs,
            recall_at_k=mean([o.recall for o in scored]),
            mrr=mean([o.reciprocal_rank for o in scored]),
            ndcg_at_k=mean([o.ndcg for o in scored]),
        )
    baseline = names[0] if len(names) > 1 else None
    comparisons = [compare(reports[baseline], reports[n], k) for n in names[1:]] if baseline else []
    return Evaluation(lset, k, depth, ties, reports, baseline, control, comparisons, warnings)


def evaluate_store(
    store: MemoryStore, lset: LabelledSet, profiles: Iterable[str], **kw: Any
) -> Evaluation:
    """:func:`evaluate` through a :class:`Retriever` over ``store`` (its index built once)."""
    from hmdesk.core.memory.retrieve.retriever import Retriever

    retriever = Retriever(store)
    try:
        return evaluate(lset, retriever.search, profiles, lookup=store.get_many, **kw)
    finally:
        retriever.close()


def _rounded(x: float) -> float:
    return round(x, 6)


def evaluation_to_json(ev: Evaluation) -> dict[str, Any]:
    """The ``hmdesk-cli eval --json`` document (README, "eval output (JSON)")."""
    comparisons = {c.profile: c for c in ev.comparisons}
    profiles: dict[str, Any] = {}
    for name, rep in ev.profiles.items():
        entry: dict[str, Any] = {m: _rounded(rep.metric(m)) for m in METRICS}
        entry["scored"] = rep.scored
        entry["queries"] = [
            {
                "text": o.query.text,
                "first_relevant_rank": o.first_relevant_rank,
                "relevant_in_top_k": o.relevant_in_top_k,
                "relevant": list(o.relevant),
                "first_rank_range": list(o.first_rank_range) if o.first_rank_range else None,
                "recall_at_k": _rounded(o.recall),
                "reciprocal_rank": _rounded(o.reciprocal_rank),
                "ndcg_at_k": _rounded(o.ndcg),
                "top_k": o.ids[: ev.k],
            }
            for o in rep.queries
        ]
        c = comparisons.get(name)
        if c is not None:
            entry["against"] = c.baseline
            entry["delta"] = {m: _rounded(v) for m, v in c.delta.items()}
            for kind in ("fixed", "broken", "better", "worse"):
                entry[kind] = [rep.queries[n].query.text for n in getattr(c, kind)]
        profiles[name] = entry
    return {
        "set": str(ev.lset.path) if ev.lset.path else None,
        "k": ev.k,
        "depth": ev.depth,
        "ties": ev.ties,
        "queries": len(ev.lset.queries),
        "control": ev.control,
        "baseline": ev.baseline,
        "profiles": profiles,
        "warnings": list(ev.warnings),
    }

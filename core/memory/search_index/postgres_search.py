"""A search answered by the PostgreSQL server: the team store's counterpart of the stored index.

The server finds and ranks the candidates in ``search_docs`` (:mod:`~.postgres_index`): the hard
filters, each term group's memories (``LIKE`` on the lowercased haystack, through the trigram
index when ``pg_trgm`` is there; a plain English word also by its word-boundary pattern, the
same regular expression the in-process index applies, which PostgreSQL's regex engine reads
alike), the document frequencies the ``default`` profile weighs by, and the score, in float8,
in the order :func:`~hmdesk.core.memory.retrieve.profile.score` adds its parts: the server its
static part, the client the lexical constant of each set of matched groups (:func:`_census`, one
scan and an aggregate; :func:`_top_rows`, a range of the order index). Only the counts, the rows
that may rank and the pending memories (read whole, scored in process as a second segment, as
the SQLite stored index does) come back. So a new process answers its first
query without reading every memory, with the same ids, scores and explanations as
:func:`~hmdesk.core.memory.retrieve.index.search_segments` (the equivalence tests run both).

Every statement of one search runs in one ``REPEATABLE READ`` snapshot (:func:`search_server`
opens it), so the pending rows, the counts and ``search_docs`` agree with each other.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hmdesk.core.memory.raw_records import RAW_COLUMNS, records_from_raw
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.diversity import diversified, widen
from hmdesk.core.memory.retrieve.profile import WEIGHTS, Profile
from hmdesk.core.memory.retrieve.results import FILTER_KEYS, Query, QueryResult, ScoredMemory
from hmdesk.core.memory.retrieve.rewrite import GROWTH, plan_for
from hmdesk.core.memory.retrieve.scoring import (
    DAY_MS,
    RECENCY_DAYS,
    TermWeights,
    check_query,
    explain_terms,
    flat_weights,
    query_now_ms,
    recency_of,
    unparseable_note,
    weights_for,
)
from hmdesk.core.memory.search_index.postgres_index import static_order
from hmdesk.core.memory.terms import form_anchor, form_matcher, word_forms

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.hybrid import SemanticQuery
    from hmdesk.core.memory.retrieve.index import MemoryIndex

_COLUMNS = ", ".join(
    f"{c}::text" if c in ("payload", "tags", "extra") else c for c in RAW_COLUMNS.split(", ")
)
"""``RAW_COLUMNS`` with the JSON columns as text (as SQLite hands them back)."""


def _like(text: str) -> str:
    """A ``LIKE`` pattern matching ``text`` anywhere (backslash the escape character)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class _Sql:
    """A statement's parameters, named, collected while its text is built."""

    def __init__(self) -> None:
        self.params: dict[str, Any] = {}

    def p(self, value: Any) -> str:
        """A named placeholder for ``value`` (the text may use it more than once)."""
        name = f"p{len(self.params)}"
        self.params[name] = value
        return f"%({name})s"

    def form(self, form: str) -> str:
        """The predicate of one accepted form (see :func:`~hmdesk.core.memory.terms.form_in`)."""
        if not form:
            return "true"
        # strpos: what LIKE '%anchor%' tests (a deterministic collation), in less time
        anchor = f"strpos(hay, {self.p(form_anchor(form))}) > 0"
        if form_matcher(form) is None:  # a substring
            return anchor
        # a plain English word: one of its inflected forms is a word of the haystack (the
        # anchor, a substring of each, first: it costs less than the word-list test)
        return f"({anchor} AND words && {self.p(sorted(word_forms(form)))}::text[])"

    def group(self, group: tuple[str, ...]) -> str:
        return "(" + " OR ".join(self.form(f) for f in group) + ")"

    def sieve(self, groups: list[tuple[str, ...]]) -> str:
        """A test every memory holding one of ``groups`` passes, a ``LIKE`` per form (the
        trigram index finds them): the exact tests then run once per memory that passes."""
        anchors = dict.fromkeys(form_anchor(f) for g in groups for f in g)
        if "" in anchors:
            return "true"
        return "(" + " OR ".join(f"hay LIKE {self.p(_like(a))}" for a in anchors) + ")"


def fetch_server_records(conn: Any, seqs: list[int]) -> dict[int, MemoryRecord]:
    """Memories by ``seq`` with their supersede back-links (as ``fetch_records`` on SQLite)."""
    if not seqs:
        return {}
    rows = conn.execute(f"SELECT {_COLUMNS} FROM memories WHERE seq = ANY(%s)", (seqs,)).fetchall()
    ids = [str(r[0]) for r in rows]
    back: dict[str, list[str]] = {}
    for old_id, new_id in conn.execute(
        "SELECT id, superseded_by FROM memories WHERE deleted_at IS NULL "
        "AND superseded_by = ANY(%s) ORDER BY seq",
        (ids,),
    ):
        back.setdefault(new_id, []).append(old_id)
    return {r.seq: r for r in records_from_raw(rows, back)}


@dataclass
class _Store:
    """What one search reads once, in its snapshot: the counts and the pending segment."""

    conn: Any
    _pending: list[MemoryIndex] | None = None
    _counts: tuple[int, int] | None = None
    fetched: dict[int, MemoryRecord] = field(default_factory=dict)
    _read: dict[tuple[str, str], tuple[int, list[Any]]] = field(default_factory=dict)
    tops: dict[tuple[str, str, str], tuple[int, list[Any]]] = field(default_factory=dict)
    """The top rows of a census for a set of weights: (the ``want`` read for, the rows)."""

    def read(
        self, sql: _Sql, text: str, limit: int = -1, need: int = -1, settings: str = ""
    ) -> list[Any]:
        """The rows of the statement ``text`` (its parameters in ``sql``), read once per search:
        the wider search of a fold and the rewrite's searches ask again. ``limit``: the
        statement's ``%(limit)s``, the rows it reads (-1: none); a later ask that needs at most
        as many rows as the first read (``need``) is answered from it. ``settings``: the
        planner's settings for this statement alone (``name = value; …``)."""
        key = (text, repr(sorted(sql.params.items())))
        had = self._read.get(key)
        if had is not None and need <= had[0]:
            return had[1]
        pairs = [part.split("=", 1) for part in settings.split(";") if part.strip()]
        if pairs:
            self.conn.execute("; ".join(f"SET LOCAL {n.strip()} = {v.strip()}" for n, v in pairs))
        rows = self.conn.execute(text, {**sql.params, "limit": limit}).fetchall()
        if pairs:
            self.conn.execute("; ".join(f"SET LOCAL {n.strip()} TO DEFAULT" for n, _ in pairs))
        self._read[key] = (limit, rows)
        return rows

    def counts(self) -> tuple[int, int]:
        """Live and live superseded memories of ``search_docs``."""
        if self._counts is None:
            row = self.conn.execute("SELECT live, superseded FROM search_counts").fetchone()
            self._counts = (int(row[0]), int(row[1]))
        return self._counts

    def pending(self) -> list[MemoryIndex]:
        """The pending live memories as an in-process segment (none: an empty list)."""
        if self._pending is None:
            seqs = [r[0] for r in self.conn.execute("SELECT seq FROM search_pending ORDER BY seq")]
            records = fetch_server_records(self.conn, seqs) if seqs else {}
            live = [records[s] for s in seqs if s in records and records[s].deleted_at is None]
            self._pending = []
            if live:
                from hmdesk.core.memory.retrieve.index import MemoryIndex

                self._pending = [MemoryIndex(live, order=[r.seq for r in live])]
        return self._pending


def search_server(conn: Any, query: Query, *, fold: bool = True) -> QueryResult:
    """``query`` answered by the server over the psycopg connection ``conn`` (autocommit, idle),
    near-duplicates folded as every path does (``fold``). The search runs in a read-only
    ``REPEATABLE READ`` transaction of its own, ended before it returns. A profile with a
    semantic part ranks by its lexical part here (the caller fuses the semantic one)."""
    conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    try:
        store = _Store(conn)
        if not fold:
            return _search(store, query)
        result = diversified(lambda q: _search(store, q), query)
        assert result is not None  # _search always answers
        return result
    finally:
        if not conn.closed:
            conn.execute("ROLLBACK")


def _filters(sql: _Sql, query: Query) -> list[tuple[str, str]]:
    """The hard filters as (``filtered`` key, SQL predicate), in the in-process order."""
    out = []
    if not query.include_superseded:
        out.append(("superseded", "NOT superseded"))
    if query.layer:
        out.append(("layer", f"layer = {sql.p(query.layer)}"))
    if query.environment:
        out.append(("environment", f"environment = {sql.p(query.environment)}"))
    if query.tags:
        out.append(("tags", f"tags && {sql.p(sorted(set(query.tags)))}::text[]"))
    if query.workspace:
        out.append(("tags", f"{sql.p('ws:' + query.workspace)} = ANY(tags)"))
    return out


def _filter_counts(store: _Store, query: Query, filtered: dict[str, int]) -> tuple[int, int]:
    """The hard filters over ``search_docs``: (pool, how many pass them); adds what each
    removed, in order, to ``filtered``."""
    live, live_superseded = store.counts()
    sql = _Sql()
    filters = _filters(sql, query)
    if len(filters) > (0 if query.include_superseded else 1):
        conds = [p for _, p in filters]
        stages = ", ".join(
            f"count(*) FILTER (WHERE {' AND '.join(conds[: i + 1])})" for i in range(len(conds))
        )
        text = f"SELECT count(*), {stages} FROM search_docs"
        row = store.conn.execute(text, sql.params).fetchone()
        kept = [int(n) for n in row]
    else:  # no filter, or the superseded one alone: the kept counts
        kept = [live] if query.include_superseded else [live, live - live_superseded]
    for (key, _), before, after in zip(filters, kept[:-1], kept[1:], strict=True):
        filtered[key] += before - after
    return kept[0], kept[-1]


def _search(store: _Store, query: Query) -> QueryResult:
    started = time.perf_counter()
    check_query(query)
    plan = plan_for(query)  # the query rewrite: negated terms re-rank (see retrieve.rewrite)
    if plan is not None:
        return plan.run(lambda q: _search(store, q))
    conn = store.conn
    profile = query.profile.without_semantic()
    groups = profile.terms(query.text or "")
    terms = [str(g[0]) for g in groups]
    dist = list(dict.fromkeys(groups))
    pending = store.pending()
    live, _ = store.counts()
    now = query_now_ms(query)
    scan = _scan(query, dist, now) if dist else None
    census = _census(store, scan) if scan is not None else []
    if groups and profile.rarity:  # the default profile weighs a term by its rarity
        df_sql = {g: sum(c.n for c in census if c.holds(i)) for i, g in enumerate(dist)}

        def df_of(group: tuple[str, ...]) -> int:
            return df_sql[group] + sum(
                seg.live_docs(seg.docs_containing_any(group)) for seg in pending
            )

        memories = live + sum(seg.live_count for seg in pending)
        weights = weights_for(profile, groups, df_of, memories)
    else:
        weights = flat_weights(groups)
    filtered = dict.fromkeys(FILTER_KEYS, 0)
    pool, n_mask = _filter_counts(store, query, filtered)
    rows, matched, unparseable = _ranked(
        store, query, profile, weights.distinct(groups), weights, now, scan, census, n_mask
    )
    if groups:
        filtered["no_match"] += n_mask - matched
    # the pending segment, scored in process (the same code as the in-process index)
    ranked: list[tuple[float, int, float, float, float | None, MemoryRecord | None]] = list(rows)
    for seg in pending:
        from hmdesk.core.memory.retrieve.ranking import exact_scores, hard_filters, unparseable_in

        seg_filters = hard_filters(seg, query, filtered)
        cand, _, lexical, seg_pool = seg._candidates(
            query, profile, groups, now, filtered, seg_filters, weights
        )
        scores = exact_scores(seg, cand, lexical, now, profile)  # at this query's ``now``
        pool += seg_pool
        matched += len(cand)
        unparseable += unparseable_in(seg, cand)
        if query.limit <= 0 or not len(cand):
            continue
        recs = seg.records_at(cand.tolist())
        for p, record, sc, lx in zip(
            cand.tolist(), recs, scores.tolist(), lexical.tolist(), strict=True
        ):
            ts = float(seg.ts_ms[p]) if bool(seg.ts_ok[p]) else None
            ranked.append((sc, record.seq, lx, float(seg.conf[p]), ts, record))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    top = ranked[: query.limit]
    need = [r[1] for r in top if r[5] is None and r[1] not in store.fetched]
    store.fetched.update(fetch_server_records(conn, need))
    lexical_weight = profile.weight("lexical")
    results = []
    for sc, seq, lx, conf, ts, held in top:
        memory = held if held is not None else store.fetched[seq]
        rec_v = recency_of(int(ts), now) if ts is not None else 0.0
        results.append(
            ScoredMemory(
                memory=memory,
                score=sc,
                components=profile.components(conf, rec_v, lx),
                terms=explain_terms(memory, groups, weights, lexical_weight),
            )
        )
    return QueryResult(
        query=query,
        terms=terms,
        results=results,
        filtered=filtered,
        pool=pool,
        note=unparseable_note(unparseable),
        elapsed_ms=(time.perf_counter() - started) * 1000,
        matched=matched,
    )


@dataclass(frozen=True)
class _Census:
    """How many memories of ``search_docs`` hold one set of the query's term groups (bit i of
    ``bits``: group i) and pass one set of the hard filters (``passes``, in ``_filters`` order),
    with a parseable timestamp or not (``undated``); and when they pass every filter, how many
    of them fall in each band of the static part of the score (:func:`_census`)."""

    bits: int
    passes: tuple[bool, ...]
    undated: bool
    n: int
    bands: tuple[tuple[float, int], ...]
    """(band, count): ``floor(static · BANDS)`` as the server computes it (not finite for a
    confidence or a time that is not), and its memories."""

    def holds(self, i: int) -> bool:
        return bool(self.bits >> i & 1)


_WORD_BITS = 62
"""Groups per bigint of the census (its sign bit unused)."""
BANDS = 1024
"""Bands per unit of the static part in the census (a static part is below 1)."""
_TIE = 1e-9
"""Far above the rounding of a band's bounds and of ``static + constant`` (all below 10)."""


CENSUS_SETTINGS = "jit = off; work_mem = '64MB'; parallel_tuple_cost = 0"
"""The census's plan: its workers scan in parallel and the leader counts in a hash table (the
planner, not knowing the few sets and bands there are, would sort every candidate first)."""


SIEVE_LEFT = 0.3
"""The share of the memories the sieve must be expected to pass for the census to go without
it (below it the rows it stops cost more to count than its tests cost to run twice)."""


def _want(query: Query, rounds: bool = True) -> int:
    """The rows to read for ``query``: as many as a wider search would ask for (the fold's; with
    ``rounds`` the rewrite's next two rounds too), so that it is answered from the first read.
    The top rows of a search with terms read without ``rounds``: a range of the order index
    reads them again, where a search without terms may have scored every candidate."""
    ahead = GROWTH * GROWTH * query.limit if rounds else 0
    return max(query.limit, widen(query).limit, ahead, 1)


def _static(sql: _Sql, now: int) -> str:
    """The score's part that depends on the memory alone (confidence and recency), in float8
    as :func:`~hmdesk.core.memory.retrieve.profile.score` adds it."""
    now_p, day, days = sql.p(float(now)), sql.p(float(DAY_MS)), sql.p(float(RECENCY_DAYS))
    rec = f"(1.0::float8 - ((({now_p} - ts_ms) / {day}) / {days}))"
    return (
        f"(conf * {sql.p(WEIGHTS['confidence'])} + "
        f"(CASE WHEN ts_ms IS NOT NULL AND {rec} > 0 THEN {rec} ELSE 0.0::float8 END)"
        f" * {sql.p(WEIGHTS['recency'])})"
    )


@dataclass
class _Scan:
    """The SQL of one census: the rows of ``search_docs`` the sieve passes, with their groups
    (``b0``…, a bigint per :data:`_WORD_BITS` groups), their hard filters (``f0``…) and their
    static part (``s``)."""

    sql: _Sql
    groups: list[tuple[str, ...]]
    words: int
    filters: int
    columns: str
    """``b0…, f0…, undated, seq, conf, ts_ms, s`` as SQL over ``search_docs``."""
    sieve: str

    def inner(self, where: str | None = None) -> str:
        """The rows the sieve passes (and ``where``) with the columns."""
        also = f" AND ({where})" if where else ""
        return f"SELECT {self.columns} FROM search_docs WHERE {self.sieve}{also}"


def _scan(query: Query, dist: list[tuple[str, ...]], now: int) -> _Scan:
    sql = _Sql()
    preds = [sql.group(g) for g in dist]
    words = []
    for start in range(0, len(preds), _WORD_BITS):
        chunk = preds[start : start + _WORD_BITS]
        words.append(
            " | ".join(
                f"(CASE WHEN {p} THEN {1 << i} ELSE 0 END)::bigint" for i, p in enumerate(chunk)
            )
        )
    filters = [p for _, p in _filters(sql, query)]
    select = [f"{w} AS b{i}" for i, w in enumerate(words)]
    select += [f"({p}) AS f{i}" for i, p in enumerate(filters)]
    columns = (
        f"{', '.join(select)}, ts_ms IS NULL AS undated, seq, conf, ts_ms, {_static(sql, now)} AS s"
    )
    return _Scan(sql, dist, len(words), len(filters), columns, sql.sieve(dist))


def _census(store: _Store, scan: _Scan) -> list[_Census]:
    """The memories holding any of the query's distinct groups, counted by which groups they
    hold, which hard filters they pass and whether their timestamp is unparseable, and those
    that pass every filter also by band of their static part: one scan (each test run once per
    memory; the trigram and word indexes find the memories) and an aggregate, no sort, gives
    the document frequencies, the candidates, their unparseable timestamps and the bands
    :func:`_top_rows` sets its threshold by.

    When the planner would read the sieve's memories by a sequential scan and expects it to
    pass :data:`SIEVE_LEFT` of them or more (the terms are common) the census reads every
    memory without it: a row's tests then run once, not once for the sieve and again for its
    groups (a memory holding none is a set of its own, counted but not ranked)."""
    nw, nf = scan.words, scan.filters
    cols = [f"b{i}" for i in range(nw)] + [f"f{i}" for i in range(nf)]
    listed = ", ".join([*cols, "undated"])
    passes = " AND ".join(f"f{i}" for i in range(nf)) or "true"
    ((plan,),) = store.read(
        scan.sql, f"EXPLAIN (FORMAT JSON) SELECT seq FROM search_docs WHERE {scan.sieve}"
    )
    plan = json.loads(plan) if isinstance(plan, str) else plan
    passing = float(plan[0]["Plan"].get("Plan Rows", 0))
    scanned = "Seq Scan" in json.dumps(plan) and passing >= SIEVE_LEFT * store.counts()[0]
    rows = store.read(
        scan.sql,
        f"SELECT {listed}, CASE WHEN {passes} THEN floor(s * {BANDS}) END AS band, "
        f"count(*) FROM ("
        f"{f'SELECT {scan.columns} FROM search_docs' if scanned else scan.inner()}"
        f") AS m GROUP BY {listed}, band",
        settings=CENSUS_SETTINGS,
    )
    sets: dict[tuple[Any, ...], tuple[int, list[tuple[float, int]]]] = {}
    for r in rows:
        key = tuple(r[: nw + nf + 1])
        n, bands = sets.get(key, (0, []))
        if r[-2] is not None:
            bands.append((float(r[-2]), int(r[-1])))
        sets[key] = (n + int(r[-1]), bands)
    return [
        _Census(
            bits=sum(int(b) << (_WORD_BITS * i) for i, b in enumerate(key[:nw])),
            passes=tuple(bool(f) for f in key[nw : nw + nf]),
            undated=bool(key[nw + nf]),
            n=n,
            bands=tuple(sorted(bands, reverse=True)),
        )
        for key, (n, bands) in sets.items()
    ]


def _top_rows(
    store: _Store,
    scan: _Scan,
    census: list[_Census],
    lexical: dict[int, float],
    df: dict[int, int],
    want: int,
    now: int,
) -> list[tuple[int, int, float, float, float | None]]:
    """(seq, groups held, static part, confidence, timestamp ms or None) of every candidate that
    may rank among the top ``want``: each set of groups held adds ``lexical[bits]`` (the
    lexical part times its weight) to the static part.

    The census's bands bound each band's scores; the threshold is the lowest bound of the
    first bands, best first, that hold ``want`` candidates: no memory scoring below it ranks
    among the top ``want``, so of each set only its bands whose highest score reaches it are
    read. Where every one of those is above what a memory with no recency scores (the highest
    confidence times ``w_c``), the memories are dated within the recency and their static part
    is their ``static_order()`` plus a constant of ``now``: the rows are found along
    ``search_docs_static`` from the top, a range that stops early; a set read lower down is
    found by the sieve of its rarest group instead (the trigram or word index)."""
    cells = []
    for c in census:
        if c.bits in lexical:
            for band, n in c.bands:
                if math.isfinite(band):  # else the set is read whole (below)
                    cells.append((band / BANDS + lexical[c.bits] - _TIE, n))
    cells.sort(reverse=True)
    threshold, seen = -math.inf, 0
    for low, n in cells:
        seen += n
        if seen >= want:
            threshold = low
            break
    lowest: dict[int, float] = {}  # per set, its lowest band read
    for c in census:
        if c.bits not in lexical:
            continue
        for band, _ in c.bands:
            if not math.isfinite(band):  # NaN or infinite: every band (-inf <= NaN in SQL)
                lowest[c.bits] = -math.inf
            elif (band + 1) / BANDS + lexical[c.bits] + _TIE >= threshold:
                lowest[c.bits] = min(band, lowest.get(c.bits, band))
    if not lowest:
        return []
    sql = _Sql()  # the census's parameters, and more (the census's own stay as it read them)
    sql.params = dict(scan.sql.params)
    ((top_conf,),) = store.read(_Sql(), "SELECT max(conf) FROM search_docs")
    undated_top = -math.inf if top_conf is None else top_conf * WEIGHTS["confidence"]
    recency_w = WEIGHTS["recency"]
    c_now = recency_w - recency_w * (now / float(DAY_MS * RECENCY_DAYS))
    along = {b: k for b, k in lowest.items() if k / BANDS - _TIE > undated_top + _TIE}
    ways = []
    if along:
        start = min(along.values()) / BANDS - c_now - 2 * _TIE
        ways.append(f"{static_order()} >= {sql.p(start)}")
    for bits in lowest.keys() - along.keys():  # its rarest group's sieve
        rarest = min((i for i in df if bits >> i & 1), key=lambda i: df[i])
        ways.append(sql.sieve([scan.groups[rarest]]))
    nw = scan.words
    sets = []
    for bits, band in lowest.items():
        same = [
            f"b{i} = {sql.p(bits >> (_WORD_BITS * i) & ((1 << _WORD_BITS) - 1))}" for i in range(nw)
        ]
        sets.append(f"({' AND '.join(same)} AND floor(s * {BANDS}) >= {sql.p(band)})")
    passes = " AND ".join(f"f{i}" for i in range(scan.filters)) or "true"
    rows = store.read(
        sql,
        f"SELECT seq, {', '.join(f'b{i}' for i in range(nw))}, s, conf, ts_ms FROM ("
        f"{scan.inner(' OR '.join(ways))}) AS m WHERE {passes} AND "
        # the lowest band read, first (the planner runs the cheaper tests first): the row's
        # groups are tested only above it
        f"floor(s * {BANDS}) >= {sql.p(min(lowest.values()))} AND ({' OR '.join(sets)})",
    )
    return [
        (
            int(r[0]),
            sum(int(b) << (_WORD_BITS * i) for i, b in enumerate(r[1 : 1 + nw])),
            r[-3],
            r[-2],
            r[-1],
        )
        for r in rows
    ]


def _ranked(
    store: _Store,
    query: Query,
    profile: Profile,
    dist: dict[tuple[str, ...], float],
    weights: TermWeights,
    now: int,
    scan: _Scan | None,
    census: list[_Census],
    kept: int,
) -> tuple[list[tuple[float, int, float, float, float | None, None]], int, int]:
    """The server's top ``query.limit`` candidates of ``search_docs`` as (score, seq, lexical,
    confidence, timestamp ms or None, None), and how many candidates there are and how many of
    them have an unparseable timestamp (from the ``census`` when the query has terms, its top
    rows scored here; else the ``kept`` memories that pass the hard filters are the
    candidates)."""
    lex_w = profile.weight("lexical")
    if dist:
        if not weights.total:  # no term is in any live memory
            return [], 0, 0
        # a group weighing 0 matches nothing (as in the in-process index)
        live_groups = [(i, w) for i, w in enumerate(dist.values()) if w > 0]
        wanted = sum(1 << i for i, _ in live_groups)
        candidates = [c for c in census if all(c.passes) and c.bits & wanted]
        matched = sum(c.n for c in candidates)
        unparseable = sum(c.n for c in candidates if c.undated)
        if query.limit <= 0:
            return [], matched, unparseable
        assert scan is not None
        lexical: dict[int, float] = {}  # per set of groups held, its lexical part
        for c in candidates:
            summed = 0.0  # added in query order from 0.0, as ranking.group_sums does
            for i, w in live_groups:
                summed = summed + (w if c.holds(i) else 0.0)
            lexical[c.bits] = summed / weights.total
        added = {bits: lx * lex_w for bits, lx in lexical.items()}
        df = {i: sum(c.n for c in census if c.holds(i)) for i, _ in live_groups}
        key = (scan.inner(), repr(sorted(scan.sql.params.items())), repr(sorted(added.items())))
        had = store.tops.get(key)
        if had is None or had[0] < query.limit:
            want = _want(query, rounds=False)
            had = (want, _top_rows(store, scan, census, added, df, want, now))
            store.tops[key] = had
        ranked = [
            (st + lexical[bits] * lex_w, seq, lexical[bits], cf, ts)
            for seq, bits, st, cf, ts in had[1]
        ]
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [(*r, None) for r in ranked[: query.limit]], matched, unparseable
    sql = _Sql()
    where = [p for _, p in _filters(sql, query)]
    static = _static(sql, now)
    cond = " AND ".join(where) if where else "true"
    (count,) = store.read(  # through the index of the order (NULL: no timestamp)
        sql, f"SELECT count(*) FROM search_docs WHERE {cond} AND {static_order()} IS NULL"
    )
    matched, unparseable = kept, int(count[0])
    if not matched or query.limit <= 0:
        return [], matched, unparseable
    want = _want(query)
    scored = f"SELECT seq, {static} + lexical * {sql.p(lex_w)} AS score, lexical, conf, ts_ms"
    rows: list[Any] | None = None
    if matched >= WALK_MIN:
        rows = _walked(store, sql, scored, cond, want, now)
    if rows is None:  # every candidate scored, the top rows by a top-N sort
        rows = store.read(
            sql,
            f"{scored} FROM (SELECT seq, conf, ts_ms, 0.0::float8 AS lexical FROM search_docs "
            f"WHERE {cond}) AS d ORDER BY score DESC, seq LIMIT %(limit)s",
            want,
            query.limit,
        )
    top = [(r[1], r[0], r[2], r[3], r[4], None) for r in rows[: query.limit]]
    return top, matched, unparseable


WALK_MIN = 4_096
"""Candidates from which a search without terms walks the order index (fewer: all scored)."""
WALK_ROWS = 1_024
"""Rows :func:`_walked` reads along the order index."""
_SLACK = 1e-9
"""Far above the rounding of ``bound`` (scores near 1, the order's terms near 50)."""


def _walked(
    store: _Store, sql: _Sql, scored: str, cond: str, want: int, now: int
) -> list[Any] | None:
    """The top ``want`` rows of a search without terms found along the order index (the
    threshold algorithm), or None when that cannot prove them the top ones.

    For a memory whose recency is above 0 the score is ``static_order() + c`` (``c`` a constant
    of ``now``), up to rounding; for any other its confidence times ``w_c``. The first
    :data:`WALK_ROWS` candidates in the order are scored; any other candidate scores at most
    ``bound``: the last one's order plus ``c``, or the highest confidence times ``w_c``, plus
    :data:`_SLACK`. When the ``want``-th best score seen is above it, no other candidate can
    enter the top: the rows are those every candidate scored would give (ties included)."""
    order = static_order()
    walk = WALK_ROWS
    rows = store.read(
        sql,
        f"{scored}, e FROM (SELECT seq, conf, ts_ms, 0.0::float8 AS lexical, {order} AS e "
        f"FROM search_docs WHERE {cond} AND {order} IS NOT NULL "
        f"ORDER BY {order} DESC NULLS LAST LIMIT {walk}) AS d",
    )
    ((top_conf,),) = store.read(_Sql(), "SELECT max(conf) FROM search_docs")
    bound = -math.inf if top_conf is None else top_conf * WEIGHTS["confidence"]
    if len(rows) == walk:  # else every dated candidate was seen
        recency_w = WEIGHTS["recency"]
        c = recency_w - recency_w * (now / float(DAY_MS * RECENCY_DAYS))
        bound = max(bound, min(r[5] for r in rows) + c)
    ranked = sorted((r[:5] for r in rows), key=lambda r: (-r[1], r[0]))
    if len(ranked) >= want and ranked[want - 1][1] > bound + _SLACK:
        return ranked[:want]
    return None


def connect(url: str) -> Any:
    """A psycopg connection (autocommit) to the team store at ``url``, without SQLAlchemy (a
    one-shot search must not pay for importing it): the URL's driver part dropped, the keyring's
    password and the connect timeouts added as every connection of hmdesk's gets them. A server
    that cannot be reached is a :class:`~hmdesk.core.dbfile.DatabaseError` of one line."""
    from types import SimpleNamespace
    from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

    import psycopg
    from hmdesk.core.dbfile import DatabaseError, redact_url
    from hmdesk.core.team.credentials import connect_args

    try:
        parts = urlsplit(url.strip())
        plain = urlunsplit(parts._replace(scheme=parts.scheme.split("+")[0]))
        view = SimpleNamespace(
            username=unquote(parts.username) if parts.username else None,
            password=parts.password,
            host=parts.hostname,
            port=parts.port,
            database=unquote(parts.path.lstrip("/")) or None,
            query=dict(parse_qsl(parts.query)),
        )
    except ValueError:  # a bad port, "[::1/db": as Database says it
        raise DatabaseError(
            f"{redact_url(url)} is not a valid database URL "
            "(postgresql://user@host[:port]/database)"
        ) from None
    try:
        return psycopg.connect(plain, autocommit=True, **connect_args(view))
    except psycopg.Error as exc:
        raise DatabaseError(
            f"cannot open the team store {redact_url(url)}: "
            f"{redact_url(' '.join(str(exc).split()))}. Check the server, the database name "
            "and the credentials (URL, PGPASSFILE or the keyring)."
        ) from None


def search_url(url: str, query: Query) -> QueryResult | None:
    """``query`` answered by the server of the team store at ``url`` on a connection of its own,
    or None when the store is not at this code's schema revision (the caller opens it the full
    way, which migrates it). A lexical profile only."""
    import psycopg
    from hmdesk.core.dbfile import SCHEMA_HEAD

    conn = connect(url)
    try:
        try:
            revs = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
        except psycopg.errors.UndefinedTable:
            return None
        if revs != [SCHEMA_HEAD]:
            return None
        return search_server(conn, query)
    except psycopg.OperationalError as exc:  # the server went away (a restart) mid-search
        raise lost(url, exc) from None
    finally:
        conn.close()


def lost(url: str, exc: Exception) -> Exception:
    """The one-line error of a connection lost in the middle of a search."""
    from hmdesk.core.dbfile import DatabaseError, redact_url

    return DatabaseError(
        f"the connection to the team store {redact_url(url)} was lost "
        f"({redact_url(' '.join(str(exc).split()))}); nothing was changed, run it again "
        "once the server is back"
    )


class ServerSearch:
    """The searches of one client on a team store: a connection of its own (opened at the first
    search), one search at a time on it. A connection lost (the server restarted) is opened
    again and the search repeated once; a server still away raises
    :class:`~hmdesk.core.dbfile.DatabaseError` (one line)."""

    def __init__(self, url: str) -> None:
        import threading

        self.url = url
        self._conn: Any = None
        self._lock = threading.Lock()
        self.reconnected = 0
        """How many times the connection was opened again (the status bar says so)."""

    def search(self, query: Query, semantic: SemanticQuery | None = None) -> QueryResult:
        """``query``'s ranking as scored (near-duplicates not folded: the caller folds); with
        ``semantic`` a hybrid one (:mod:`.postgres_hybrid`)."""
        import psycopg

        with self._lock:
            for attempt in (1, 2):
                if self._conn is None or self._conn.closed:
                    self._conn = connect(self.url)
                    if attempt == 2:
                        self.reconnected += 1
                try:
                    if semantic is not None:
                        from hmdesk.core.memory.search_index.postgres_hybrid import (
                            search_hybrid_server,
                        )

                        return search_hybrid_server(self._conn, query, semantic)
                    return search_server(self._conn, query, fold=False)
                except psycopg.OperationalError as exc:
                    self._drop()
                    if attempt == 2:
                        raise lost(self.url, exc) from None
            raise AssertionError("unreachable")

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - closing a broken connection: nothing to do
                pass

    def close(self) -> None:
        with self._lock:
            self._drop()

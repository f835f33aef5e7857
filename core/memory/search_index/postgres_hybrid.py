"""A hybrid search on a team store whose lexical candidates come from the server.

A new process (a one-shot ``hmdesk-cli query --profile hybrid``, an agent) on a team store took
its hybrid search's lexical candidates from an index built in process: every memory read and
tokenised. Here they come from the server as a lexical search's do (:mod:`.postgres_search`:
every row the census's sieve passes, read once for the document frequencies and the
candidates, not the top ones, since with the semantic part the static part alone no longer
orders a set), with the hard filters' counts of the same snapshot; the memories passing the
filters are listed by seq (the smaller side: those passing or those failing) for the nearest
memories by meaning (:meth:`~hmdesk.core.memory.retrieve.hybrid.Vectors.nearest`, on the
server with pgvector or in the process). Then the candidates are fused and scored as
:func:`~hmdesk.core.memory.retrieve.hybrid.fuse` does (the same float64 operations on the same
values), and only the top ``limit`` memories are read whole. Pending memories (written by
another client and not yet in ``search_docs``) are scored in process as a second segment, as
every server search does. The same ids, scores and explanations as the in-process index
(tests/core/memory/search_index/test_postgres_hybrid.py).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np
from hmdesk.core.memory.retrieve.profile import score
from hmdesk.core.memory.retrieve.results import FILTER_KEYS, Query, QueryResult, ScoredMemory
from hmdesk.core.memory.retrieve.rewrite import plan_for
from hmdesk.core.memory.retrieve.scoring import (
    DAY_MS,
    RECENCY_DAYS,
    check_query,
    explain_terms,
    flat_weights,
    query_now_ms,
    recency_of,
    unparseable_note,
    weights_for,
)
from hmdesk.core.memory.search_index.postgres_search import (
    _WORD_BITS,
    _filter_counts,
    _filters,
    _scan,
    _Sql,
    _Store,
    fetch_server_records,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.retrieve.hybrid import SemanticQuery
    from numpy.typing import NDArray


def search_hybrid_server(conn: Any, query: Query, sem: SemanticQuery) -> QueryResult:
    """``query`` (a hybrid profile, with text) ranked with the server's lexical candidates and
    ``sem``'s vectors, near-duplicates not folded (the caller folds), over the psycopg
    connection ``conn`` (autocommit, idle) in one ``REPEATABLE READ`` snapshot."""
    conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    try:
        return _search(_Store(conn), query, sem)
    finally:
        if not conn.closed:
            conn.execute("ROLLBACK")


class _Pool:
    """The candidates as columns: seq, confidence, timestamp ms (NaN: unparseable), lexical
    value, and where each is (-1: ``search_docs``; else its position in pending segment 0)."""

    def __init__(self) -> None:
        self.seq: list[int] = []
        self.conf: list[float] = []
        self.ts: list[float] = []
        self.lex: list[float] = []
        self.at: list[int] = []

    def add(self, seq: int, conf: float, ts: float | None, lex: float, at: int = -1) -> None:
        self.seq.append(seq)
        self.conf.append(conf)
        self.ts.append(np.nan if ts is None else float(ts))
        self.lex.append(lex)
        self.at.append(at)


def _search(store: _Store, query: Query, sem: SemanticQuery) -> QueryResult:
    started = time.perf_counter()
    check_query(query)
    plan = plan_for(query)  # the query rewrite: negated terms re-rank (see retrieve.rewrite)
    if plan is not None:
        return plan.run(lambda q: _search(store, q, sem))
    profile = query.profile
    groups = profile.terms(query.text or "")
    terms = [str(g[0]) for g in groups]
    dist = list(dict.fromkeys(groups))
    pending = store.pending()
    live, _ = store.counts()
    now = query_now_ms(query)
    scan = _scan(query, dist, now) if dist else None
    # every row the sieve passes, once: its groups give the document frequencies and, where it
    # passes the filters, it is a candidate (the nearest by meaning may rank any of them)
    held: list[tuple[int, bool, Any, Any, Any]] = []
    if scan is not None:
        nw, nf = scan.words, scan.filters
        for r in store.read(scan.sql, scan.inner()):
            bits = sum(int(b) << (_WORD_BITS * i) for i, b in enumerate(r[:nw]))
            if bits:
                held.append((bits, all(r[nw : nw + nf]), *r[nw + nf + 1 : nw + nf + 4]))
    memories = live + sum(seg.live_count for seg in pending)
    if groups and profile.rarity:
        df_sql = {g: sum(1 for h in held if h[0] >> i & 1) for i, g in enumerate(dist)}

        def df_of(group: tuple[str, ...]) -> int:
            return df_sql[group] + sum(
                seg.live_docs(seg.docs_containing_any(group)) for seg in pending
            )

        weights = weights_for(profile, groups, df_of, memories)
    else:
        weights = flat_weights(groups)
    filtered = dict.fromkeys(FILTER_KEYS, 0)
    pool, n_mask = _filter_counts(store, query, filtered)
    cands = _Pool()
    by_weight = weights.distinct(groups)
    if scan is not None and weights.total:
        live_groups = [(i, w) for i, w in enumerate(by_weight.values()) if w > 0]
        wanted = sum(1 << i for i, _ in live_groups)
        lexical_of: dict[int, float] = {}
        for bits, passes, seq, cf, ts in held:
            if not (passes and bits & wanted):
                continue
            lexical = lexical_of.get(bits)
            if lexical is None:
                summed = 0.0  # added in query order from 0.0, as ranking.group_sums does
                for i, w in live_groups:
                    summed = summed + (w if bits >> i & 1 else 0.0)
                lexical = lexical_of[bits] = summed / weights.total
            cands.add(int(seq), float(cf), ts, lexical)
    # the pending segment (at most one), its candidates found in process
    seg = pending[0] if pending else None
    seg_mask: NDArray[np.bool_] | None = None
    if seg is not None:
        from hmdesk.core.memory.retrieve.ranking import hard_filters

        seg_pool, seg_mask, seg_n = hard_filters(seg, query, filtered)
        pool += seg_pool
        n_mask += seg_n
        cand, _, lexical_values, _ = seg._candidates(
            query, profile, groups, now, dict.fromkeys(FILTER_KEYS, 0), (seg_pool, seg_mask, seg_n),
            weights,
        )  # fmt: skip
        if dist:
            for p, lx in zip(cand.tolist(), lexical_values.tolist(), strict=True):
                ts = float(seg.ts_ms[p]) if bool(seg.ts_ok[p]) else None
                cands.add(int(seg.order[p]), float(seg.conf[p]), ts, lx, p)
    # the memories nearest by meaning among those passing the filters
    matrix, vector = sem.matrix, sem.vector
    usable = len(matrix) > 0 and matrix.dim == len(vector)
    if usable and query.limit > 0 and n_mask:
        allowed = _allowed(store, query, matrix.seqs, n_mask - (seg_n if seg else 0), live)
        if seg is not None and seg_mask is not None:
            pend = seg.order[np.flatnonzero(seg_mask)]
            allowed |= np.isin(matrix.seqs, pend)
        near = matrix.seqs[matrix.nearest(vector, query.limit, allowed)[0]].tolist()
        known = set(cands.seq)
        extra = [int(q) for q in near if int(q) not in known]
        if seg is not None:
            at_seg = {int(q): p for p, q in enumerate(seg.order.tolist())}
            for q in [q for q in extra if q in at_seg]:
                p = at_seg[q]
                ts = float(seg.ts_ms[p]) if bool(seg.ts_ok[p]) else None
                cands.add(q, float(seg.conf[p]), ts, 0.0, p)
            extra = [q for q in extra if q not in at_seg]
        if extra:
            rows = store.conn.execute(
                "SELECT seq, conf, ts_ms FROM search_docs WHERE seq = ANY(%s)", (extra,)
            ).fetchall()
            for seq, cf, ts in rows:
                cands.add(int(seq), float(cf), ts, 0.0)
    filtered["no_match"] += n_mask - len(cands.seq)
    seqs = np.array(cands.seq, dtype=np.int64)
    conf = np.array(cands.conf, dtype=np.float64)
    ts_ms = np.array(cands.ts, dtype=np.float64)
    ts_ok = ~np.isnan(ts_ms)
    lex = np.array(cands.lex, dtype=np.float64)
    # the semantic part as fuse() computes it: cosines, min-max over the candidates
    cosine = np.full(len(seqs), np.nan, dtype=np.float64)
    if usable and len(seqs):
        order = np.argsort(matrix.seqs, kind="stable")
        at = order[np.minimum(np.searchsorted(matrix.seqs, seqs, sorter=order), len(order) - 1)]
        has = matrix.seqs[at] == seqs
        if has.any():
            cosine[has] = matrix.similarity(vector, at[has])
    every = cosine[~np.isnan(cosine)]
    low, high = (float(every.min()), float(every.max())) if len(every) else (0.0, 0.0)
    known_cos = ~np.isnan(cosine)
    sem_value = np.zeros(len(seqs), dtype=np.float64)
    if high > low:
        sem_value[known_cos] = np.clip((cosine[known_cos] - low) / (high - low), 0.0, 1.0)
    else:
        sem_value[known_cos] = 1.0
    days = (float(now) - np.where(ts_ok, ts_ms, 0.0)) / DAY_MS
    recency = 1 - days / RECENCY_DAYS
    recency = np.where((recency > 0) & ts_ok, recency, 0.0)
    scores = score(profile, conf, recency, lex, sem_value)
    matched = len(seqs)
    unparseable = int(np.count_nonzero(~ts_ok))
    results: list[ScoredMemory] = []
    if matched and query.limit > 0:
        ranked = np.lexsort((seqs, -scores))[: query.limit].tolist()
        from_server = [int(seqs[k]) for k in ranked if cands.at[k] < 0]
        fetched: dict[int, MemoryRecord] = fetch_server_records(store.conn, from_server)
        pending_at = [cands.at[k] for k in ranked if cands.at[k] >= 0]
        if seg is not None and pending_at:
            for p, rec in zip(pending_at, seg.records_at(pending_at), strict=True):
                fetched[int(seg.order[p])] = rec
        lexical_weight = profile.weight("lexical")
        for k in ranked:
            rec = fetched[int(seqs[k])]
            rec_v = recency_of(int(ts_ms[k]), now) if bool(ts_ok[k]) else 0.0
            cos_k = float(cosine[k])
            results.append(
                ScoredMemory(
                    memory=rec,
                    score=float(scores[k]),
                    components=profile.components(
                        float(conf[k]),
                        rec_v,
                        float(lex[k]),
                        (float(sem_value[k]), None if cos_k != cos_k else cos_k),
                    ),
                    terms=explain_terms(rec, groups, weights, lexical_weight),
                )
            )
    missing = memories - matrix.live
    note = None
    if missing > 0:
        note = (
            f"{missing} of {memories} memories have no embedding yet for {matrix.model}; "
            "they rank by their lexical part (hmdesk-cli embed computes them)"
        )
    return QueryResult(
        query=query,
        terms=terms,
        results=results,
        filtered=filtered,
        pool=pool,
        note="; ".join(n for n in (unparseable_note(unparseable), note) if n) or None,
        elapsed_ms=(time.perf_counter() - started) * 1000,
        matched=matched,
    )


def _allowed(
    store: _Store, query: Query, seqs: NDArray[np.int64], passing: int, live: int
) -> NDArray[np.bool_]:
    """Which of ``seqs`` are in ``search_docs`` and pass the hard filters: the seqs of the
    smaller side read (``passing`` of the ``live`` rows pass)."""
    sql = _Sql()
    conds = [p for _, p in _filters(sql, query)]
    cond = " AND ".join(conds) or "true"
    if conds and 2 * passing <= live:
        text = f"SELECT seq FROM search_docs WHERE {cond}"
        listed = [r[0] for r in store.conn.execute(text, sql.params)]
        return np.isin(seqs, np.array(listed, dtype=np.int64))
    # the failing ones (a NULL column fails, as in the counts), and the pending ones (not in
    # the table; the caller allows those of them that pass)
    text = f"SELECT seq FROM search_docs WHERE ({cond}) IS NOT TRUE"
    failing = np.array([r[0] for r in store.conn.execute(text, sql.params)], dtype=np.int64)
    absent = np.array(
        [r[0] for r in store.conn.execute("SELECT seq FROM search_pending")], dtype=np.int64
    )
    return ~np.isin(seqs, failing) & ~np.isin(seqs, absent)

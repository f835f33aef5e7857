"""One search over the stored index without numpy: what a new ``hmdesk-cli query`` process runs.

Importing numpy costs a one-shot process more (0.16 s here) than its whole search, so this module
reads the snapshot's arrays as memoryviews of the checked bytes (no copy, no parsing) and runs
:func:`hmdesk.core.memory.retrieve.search_segments`'s algorithm in plain Python:

* the filter counts from the snapshot's per-(superseded, layer, environment) counts, corrected
  for the pending rows, and for a tag filter from the tag postings;
* the memories holding each term from the chunk vocabulary and its bigram postings, as
  :class:`~hmdesk.core.memory.retrieve.postings.TermPostings` finds them;
* every candidate scored with the same float64 operations in the same order
  (``conf*0.4 + recency*0.2 + lexical*0.4``), ties by ``seq``.

The pending rows (changed since the snapshot) are read whole and scored like the scan does. The
result equals the numpy path's field for field (tests compare them). :func:`search` returns None
whenever it cannot answer exactly — the caller then takes the numpy path.
"""

from __future__ import annotations

import bisect
import heapq
import sqlite3
import time
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hmdesk.core.memory.jsdate import parse_js_date_ms
from hmdesk.core.memory.raw_records import fetch_records
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import FILTER_KEYS, Query, QueryResult, ScoredMemory
from hmdesk.core.memory.retrieve.rewrite import plan_for
from hmdesk.core.memory.retrieve.scoring import (
    DAY_MS,
    RECENCY_DAYS,
    check_query,
    components,
    explain_terms,
    flat_weights,
    group_in,
    haystack,
    query_now_ms,
    recency_of,
    unparseable_note,
    weighs_by_rarity,
    weights_for,
)
from hmdesk.core.memory.search_index.lean_parts import (
    SNAPSHOT_FORMAT,
    Every,
    Groups,
    LazyParts,
    matched_weights,
    read,
    read_header,
    superseded_positions,
)
from hmdesk.core.memory.search_index.schema import LIVE_COUNT, SnapshotError
from hmdesk.core.memory.terms import JS_WHITESPACE_CHARS, form_anchor, form_matcher, term_groups_for

__all__ = ["LEAN_MAX_SIZE", "SNAPSHOT_FORMAT", "LazyParts", "TooLarge", "View", "read", "search"]


class _Postings:
    """Which snapshot positions hold a term (TermPostings' lookup, in plain Python)."""

    def __init__(self, parts: dict[str, Any]) -> None:
        self.parts = parts
        self._words: list[bytes] | None = None
        self.chunk_ptr = parts["chunk_ptr"]
        self.chunk_docs = parts["chunk_docs"]
        self.keys = parts["gram_keys"]
        self.starts = parts["gram_starts"]
        self.gram_chunks = parts["gram_chunks"]

    def words(self) -> list[bytes]:
        """The vocabulary's words as UTF-8 (read at the first term that needs it: a term of
        two characters is found by its bigram alone)."""
        if self._words is None:
            parts = self.parts
            if isinstance(parts, LazyParts):
                self._words = parts.words()
            else:
                self._words = [w.encode("utf-8", "surrogatepass") for w in parts["vocab"]]
        return self._words

    def _gram(self, a: str, b: str) -> Sequence[int]:
        key = (ord(a) << 21) | ord(b)
        i = bisect.bisect_left(self.keys, key)
        if i < len(self.keys) and self.keys[i] == key:
            return self.gram_chunks[self.starts[i] : self.starts[i + 1]]
        return ()

    def chunks(self, term: str) -> Iterable[int]:
        pattern = form_matcher(term)
        found = self._chunks_with(form_anchor(term))
        if pattern is None:
            return found
        words, search = self.words(), pattern.search
        return [c for c in found if search(words[c].decode("utf-8", "surrogatepass"))]

    def _chunks_with(self, term: str) -> Iterable[int]:
        utf8 = term.encode("utf-8", "surrogatepass")  # in a word's bytes iff in its text
        if len(term) == 1:
            return [c for c, w in enumerate(self.words()) if utf8 in w]
        grams = {term[i : i + 2] for i in range(len(term) - 1)}
        lists = sorted((self._gram(g[0], g[1]) for g in grams), key=len)
        cand: set[int] = set(lists[0])
        for other in lists[1:]:
            if not cand:
                break
            cand.intersection_update(other)
        if len(term) == 2:
            return cand
        words = self.words()
        return [c for c in cand if utf8 in words[c]]

    def docs(self, forms: tuple[str, ...]) -> set[int]:
        out: set[int] = set()
        ptr, docs = self.chunk_ptr, self.chunk_docs
        for form in forms:
            for c in self.chunks(form):
                out.update(docs[ptr[c] : ptr[c + 1]])
        return out


def _pending(conn: sqlite3.Connection) -> tuple[list[int], list[MemoryRecord]]:
    """The pending rows' ``seq`` and, read whole, the live ones among them (seq order)."""
    dirty = [r[0] for r in conn.execute("SELECT seq FROM search_dirty ORDER BY seq")]
    if not dirty:
        return [], []
    fresh = fetch_records(conn, dirty, live_only=True)
    return dirty, [fresh[s] for s in sorted(fresh)]


LEAN_MAX_SIZE = 300_000
"""Past this many memories a one-shot search pays numpy's import back (its candidates are many):
:func:`search` then returns None and the caller searches the same parts with numpy."""


@dataclass(frozen=True)
class TooLarge:
    """What :func:`search` returns for a store past ``max_size``: the parts it read (checked),
    for the numpy path (:func:`hmdesk.core.memory.search_index.snapshot.from_lean`)."""

    parts: dict[str, Any]
    head: dict[str, Any]


class View:
    """One read of the stored index, searched as often as a query needs (the rewrite's re-rank,
    the diversity check's wider search): the snapshot's parts, the pending rows and the live
    count are read at the first search and kept. The caller holds ``conn`` in one read
    transaction for as long as the view is used (each search then sees the same state)."""

    def __init__(self, conn: sqlite3.Connection, *, max_size: int = LEAN_MAX_SIZE) -> None:
        self.conn = conn
        self.max_size = max_size
        self._read: tuple[dict[str, Any], dict[str, Any]] | None = None
        self._rows: tuple[list[int], list[MemoryRecord], int] | None = None

    def parts(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """(parts, header): each part read at its first use (:class:`LazyParts`); past
        ``max_size`` every part read at once, raw, for numpy (:func:`read`)."""
        if self._read is None:
            head = read_header(self.conn)
            size = head.get("size")
            if not isinstance(size, int):
                raise SnapshotError("the search index is damaged (no size)")
            if size > self.max_size:
                self._read = read(self.conn, max_size=self.max_size)
            else:
                self._read = (LazyParts(self.conn, head), head)
        return self._read

    def too_large(self) -> bool:
        return int(self.parts()[1].get("size", 0)) > self.max_size

    def rows(self) -> tuple[list[int], list[MemoryRecord], int]:
        """(pending seqs, the live pending records, the live count); read once."""
        if self._rows is None:
            dirty, fresh = _pending(self.conn)
            live = int(self.conn.execute(LIVE_COUNT).fetchone()[0])
            self._rows = (dirty, fresh, live)
        return self._rows


def search(
    conn: sqlite3.Connection,
    query: Query,
    *,
    max_size: int = LEAN_MAX_SIZE,
    view: View | None = None,
) -> QueryResult | TooLarge | None:
    """``query`` against the stored index of ``conn``'s database, in one read transaction.
    Raises :class:`SnapshotError` when the snapshot cannot be used; returns None for a query
    this path does not handle and :class:`TooLarge` for a store past ``max_size``. With
    ``view`` (of ``conn``, whose transaction the caller holds) what it read is reused."""
    started = time.perf_counter()
    check_query(query)
    own = not conn.in_transaction  # every search of the query reads the same state
    if own:
        conn.execute("BEGIN")
    try:
        if view is None:
            view = View(conn, max_size=max_size)
        plan = plan_for(query)  # the query rewrite: negated terms re-rank (see retrieve.rewrite)
        if plan is not None:
            return plan.run(lambda q: search(conn, q, view=view))
        groups = term_groups_for(query.profile, query.text or "")
        if any(not JS_WHITESPACE_CHARS.isdisjoint(form) for g in groups for form in g):
            return None  # never produced by the term splitters; the numpy path stays exact anyway
        parts, head = view.parts()
        if view.too_large():
            return TooLarge(parts, head)
        dirty, fresh, live = view.rows()
        return _search(conn, parts, head, dirty, fresh, live, query, groups, started)
    finally:
        if own:
            conn.execute("COMMIT")


def _search(
    conn: sqlite3.Connection,
    parts: dict[str, Any],
    head: dict[str, Any],
    dirty: list[int],
    fresh: list[MemoryRecord],
    live: int,
    query: Query,
    groups: list[tuple[str, ...]],
    started: float,
) -> QueryResult:
    seq, ts_ok = parts["seq"], parts["ts_ok"]
    sup = parts["superseded"]
    n = len(seq)
    dead: set[int] = set()
    for s in dirty:  # positions of pending rows in the snapshot (seq ascending)
        i = bisect.bisect_left(seq, s)
        if i < n and seq[i] == s:
            dead.add(i)
    if n - len(dead) + len(fresh) != live:
        raise SnapshotError("the search index is out of step with the memories")
    layer_code = {v: i for i, v in enumerate(parts["layer_names"])}.get(query.layer or "", -1)
    env_code = {v: i for i, v in enumerate(parts["env_names"])}.get(query.environment or "", -1)
    want_tags = set(query.tags)
    keep_sup = query.include_superseded

    def flags(p: int) -> tuple[int, int, int]:
        """Row ``p``'s superseded flag, layer and environment codes (the layer and environment
        parts are read only by a query that needs a row's: a filter, a tag, a pending row)."""
        return sup[p], parts["layer"][p], parts["env"][p]

    def passes(flag: int, lc: int, ec: int) -> tuple[bool, str | None]:
        """Whether the hard filters before the tag filter keep a row, else which removed it."""
        if not keep_sup and flag:
            return False, "superseded"
        if query.layer and lc != layer_code:
            return False, "layer"
        if query.environment and ec != env_code:
            return False, "environment"
        return True, None

    filtered = dict.fromkeys(FILTER_KEYS, 0)
    pool = n - len(dead)
    passing = 0  # rows of the snapshot past the filters before the tag filter
    for flag, lc, ec, count in head["combos"]:
        ok, why = passes(flag, lc, ec)
        if ok:
            passing += count
        else:
            filtered[str(why)] += count
    for p in dead:
        ok, why = passes(*flags(p))
        if ok:
            passing -= 1
        else:
            filtered[str(why)] -= 1
    tagged: set[int] | None = None
    if query.tags:
        ptr, tdocs = parts["tag_ptr"], parts["tag_docs"]
        tagged = set()
        for i, t in enumerate(parts["tag_names"]):
            if t in want_tags:
                tagged.update(tdocs[ptr[i] : ptr[i + 1]])
        tagged = {p for p in tagged if p not in dead and passes(*flags(p))[0]}
        filtered["tags"] += passing - len(tagged)
        passing = len(tagged)
    if query.workspace:  # hmdesk.core.memory.workspace: the tag ws:<name>
        ptr, tdocs = parts["tag_ptr"], parts["tag_docs"]
        names = list(parts["tag_names"])
        wtag = "ws:" + query.workspace
        in_ws: set[int] = set()
        if wtag in names:
            i = names.index(wtag)
            in_ws = {p for p in tdocs[ptr[i] : ptr[i + 1]] if p not in dead}
            in_ws = {p for p in in_ws if passes(*flags(p))[0]}
        if tagged is not None:
            in_ws &= tagged
        filtered["tags"] += passing - len(in_ws)
        passing = len(in_ws)
        tagged = in_ws

    terms = [str(g[0]) for g in groups]
    now = query_now_ms(query)
    fnow = float(now)
    weights = flat_weights(groups)
    # candidates of the snapshot: (position, matched weight)
    cand: dict[int, int] | Every | Groups
    if groups:
        post = _Postings(parts)
        cache: dict[tuple[str, ...], set[int]] = {}
        for g in groups:
            if g not in cache:
                cache[g] = post.docs(g)
        if weighs_by_rarity(query.profile):
            fresh_hays = [haystack(r) for r in fresh]

            def df_of(g: tuple[str, ...]) -> int:
                docs = cache[g]
                gone = len(docs & dead) if dead else 0
                return len(docs) - gone + sum(1 for h in fresh_hays if group_in(h, g))

            weights = weights_for(query.profile, groups, df_of, live)
            # query order, as the scan adds them; a weight of 0: the term is in no live memory
            steps: list[tuple[set[int], Any]] = [
                (cache[g], w) for g, w in weights.distinct(groups).items() if w
            ]
            zero: Any = 0.0
        else:
            steps = [(cache[g], 1) for g in groups]  # hmharness: every term, repeats too
            zero = 0
        by_value = matched_weights(steps, zero)
        for value, members in list(by_value.items()):  # the filters, set by set
            if tagged is not None:
                members &= tagged
            elif not (query.layer or query.environment):  # the common case: no call per row
                if dead:
                    members -= dead
                if not keep_sup and members:
                    members -= superseded_positions(parts)
            else:
                members = {p for p in members if p not in dead and passes(*flags(p))[0]}
            if members:
                by_value[value] = members
            else:
                del by_value[value]
        cand = Groups(by_value)
        filtered["no_match"] += passing - len(cand)
    elif tagged is not None:
        cand = dict.fromkeys(tagged, 0)
    elif not (query.layer or query.environment or dead):
        # no terms, no filter but superseded: every row passing, counted by the header
        cand = Every(passing, (lambda p: True) if keep_sup else (lambda p: not sup[p]), n)
    else:
        cand = Every(passing, lambda p: p not in dead and passes(*flags(p))[0], n)

    # (-score, seq, lexical, conf, ts or None, record or position); seq is unique, so the
    # tuples order as the numpy path ranks: score descending, then seq
    scored: list[tuple[float, int, float, float, float | None, Any]] = []
    for rec in fresh:  # pending rows: read whole, scored like the scan
        if not keep_sup and rec.superseded_by:
            filtered["superseded"] += 1
            continue
        if query.layer and rec.layer != query.layer:
            filtered["layer"] += 1
            continue
        if query.environment and rec.environment != query.environment:
            filtered["environment"] += 1
            continue
        if query.tags and not any(t in want_tags for t in rec.tags):
            filtered["tags"] += 1
            continue
        if query.workspace and "ws:" + query.workspace not in rec.tags:
            filtered["tags"] += 1
            continue
        hay = haystack(rec)
        got = 0.0
        for g, w in zip(groups, weights.raw, strict=True):
            if group_in(hay, g):
                got += w
        if groups and not got:
            filtered["no_match"] += 1
            continue
        lex = got / weights.total if weights.total else 0.0
        ms = parse_js_date_ms(rec.timestamp)
        if ms is not None:
            t = float(ms)
            rec_v = 1 - ((fnow - t) / DAY_MS) / RECENCY_DAYS
            if not rec_v > 0:
                rec_v = 0.0
            tv = t
        else:
            rec_v, tv = 0.0, None
        score = rec.confidence * 0.4 + rec_v * 0.2 + lex * 0.4
        scored.append((-score, rec.seq, lex, rec.confidence, tv, rec))
    pool += len(fresh)
    matched = len(scored) + len(cand)
    unparseable = sum(1 for s in scored if s[4] is None)
    zeros = ts_ok.tobytes()
    at = zeros.find(0)
    while at >= 0:  # timestamps that did not parse: few, found at C speed
        unparseable += at in cand
        at = zeros.find(0, at + 1)
    if query.limit:
        _score_snapshot(parts, head, cand, weights.total, fnow, query.limit, scored)
    top = heapq.nsmallest(query.limit, scored) if query.limit else []
    want = [s[1] for s in top if not isinstance(s[5], MemoryRecord)]
    fetched = fetch_records(conn, want) if want else {}
    results: list[ScoredMemory] = []
    for neg, s, lex, c, tv, what in top:
        rec = what if isinstance(what, MemoryRecord) else fetched[s]
        rv = recency_of(int(tv), now) if tv is not None else 0.0
        results.append(
            ScoredMemory(
                memory=rec,
                score=-neg,
                components=components(float(c), rv, float(lex)),
                terms=explain_terms(rec, groups, weights),
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


def _score_snapshot(
    parts: dict[str, Any],
    head: dict[str, Any],
    cand: dict[int, int] | Every | Groups,
    total: float,
    fnow: float,
    limit: int,
    scored: list[tuple[float, int, float, float, float | None, Any]],
) -> None:
    """Score the snapshot's candidates into ``scored``, those with the most matched term weight
    first, and stop before a matched weight whose best possible score (largest confidence, latest timestamp)
    is below the ``limit``-th score so far: none of them could rank. Float addition and
    multiplication are monotonic, so the bound computed with the same operations holds."""
    seq, conf, ts_ms, ts_ok = parts["seq"], parts["conf"], parts["ts_ms"], parts["ts_ok"]
    by_hits: dict[Any, Collection[int]] = {}
    if isinstance(cand, Every):  # one hit count (0): listed only if the bound cannot be used
        if len(cand):
            by_hits[0] = ()
    elif isinstance(cand, Groups):
        by_hits = dict(cand.by_value)  # the rows of each matched weight, as a set
    else:
        lists: dict[Any, list[int]] = {}
        for p, h in cand.items():
            lists.setdefault(h, []).append(p)
        by_hits = dict(lists)
    cmax, tmax = head.get("conf_max"), head.get("ts_max")
    best: float | None = None  # the best recency any row can have (None: no bound known)
    if isinstance(cmax, float | int) and (tmax is None or isinstance(tmax, float | int)):
        latest = [float(tmax)] if tmax is not None else []
        latest += [ts_ms[p] for p in parts["local_pos"] if ts_ok[p]]
        best = 0.0
        if latest:
            r = 1 - ((fnow - max(latest)) / DAY_MS) / RECENCY_DAYS
            best = r if r > 0 else 0.0
    append = scored.append
    if best is not None and len(by_hits) == 1 and len(cand) * 8 > len(seq):
        # one hit count for all (no text, or one term) and many candidates: visit them by
        # confidence, highest first, and stop where even the best recency cannot reach the
        # last rank kept so far
        (h,) = by_hits
        lex: float = h / total if total else 0.0
        kept: list[tuple[float, int]] = []  # (score, -seq): the worst kept at kept[0]
        for p in parts["by_conf"]:
            if p not in cand:
                continue
            c = conf[p]
            if len(kept) >= limit and c * 0.4 + best * 0.2 + lex * 0.4 < kept[0][0]:
                break
            if ts_ok[p]:
                t: float | None = ts_ms[p]
                rec_v = 1 - ((fnow - t) / DAY_MS) / RECENCY_DAYS  # type: ignore[operator]
                if not rec_v > 0:
                    rec_v = 0.0
            else:
                t, rec_v = None, 0.0
            score = c * 0.4 + rec_v * 0.2 + lex * 0.4
            append((-score, seq[p], lex, c, t, p))
            key = (score, -seq[p])
            if len(kept) < limit:
                heapq.heappush(kept, key)
            elif key > kept[0]:
                heapq.heapreplace(kept, key)
        return
    if isinstance(cand, Every) and by_hits:
        by_hits[0] = cand.listed()
    for h in sorted(by_hits, reverse=True):
        lex = h / total if total else 0.0
        if best is not None and len(scored) >= limit:
            kth = heapq.nsmallest(limit, scored)[-1][0]
            if -(float(cmax) * 0.4 + best * 0.2 + lex * 0.4) > kth:  # type: ignore[arg-type]
                break
        for p in by_hits[h]:
            c = conf[p]
            if ts_ok[p]:
                t = ts_ms[p]
                rec_v = 1 - ((fnow - t) / DAY_MS) / RECENCY_DAYS
                if not rec_v > 0:
                    rec_v = 0.0
                append((-(c * 0.4 + rec_v * 0.2 + lex * 0.4), seq[p], lex, c, t, p))
            else:
                append((-(c * 0.4 + 0.0 * 0.2 + lex * 0.4), seq[p], lex, c, None, p))

"""The in-memory index: :class:`MemoryIndex` and the search over its segments.

A :class:`MemoryIndex` is immutable: numpy arrays of confidence, timestamp, order, layer and
environment codes, tag postings, and the term postings (:mod:`~hmdesk.core.memory.retrieve.postings`,
built on first use). :func:`search_segments` scores the candidates of several segments as one
pool in the same float64 order as the reference scan, so results are equal; spans and tag lists
are computed only for the returned results.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.postings import TermPostings, empty_i64, sorted_unique
from hmdesk.core.memory.retrieve.profile import Profile
from hmdesk.core.memory.retrieve.ranking import (
    base_positions,
    exact_top,
    group_bits,
    group_sums,
    hard_filters,
    pooled,
    static_part,
    unparseable_in,
)
from hmdesk.core.memory.retrieve.results import FILTER_KEYS, Query, QueryResult, ScoredMemory
from hmdesk.core.memory.retrieve.rewrite import plan_for
from hmdesk.core.memory.retrieve.scoring import (
    DAY_MS,
    RECENCY_DAYS,
    Groups,
    TermWeights,
    check_query,
    explain_terms,
    flat_weights,
    query_now_ms,
    recency_of,
    unparseable_note,
    weights_for,
)
from hmdesk.core.memory.retrieve.timestamps import parse_timestamps
from hmdesk.core.memory.terms import JS_WHITESPACE, form_in

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.hybrid import Semantic, SemanticQuery
    from numpy.typing import NDArray

Fetch = Callable[[list[int]], dict[int, MemoryRecord]]
"""Reads memories by ``seq`` (for an index loaded without its records)."""

_HAS_WS = re.compile(f"[{JS_WHITESPACE}]")


class MemoryIndex:
    """An immutable index over ``records`` (in their tie-break order).

    ``order`` gives each record's tie-break key (default: its position); ``alive`` masks records
    out without rebuilding (used by :class:`Retriever` for edited or deleted memories).
    """

    def __init__(
        self,
        records: Sequence[MemoryRecord],
        order: Sequence[int] | NDArray[np.int64] | None = None,
    ) -> None:
        if order is not None and len(order) != len(records):
            raise ValueError("order must have one key per record")
        keep = [i for i, r in enumerate(records) if r.deleted_at is None]
        self.records: list[MemoryRecord] | None = [records[i] for i in keep]
        self._fetch: Fetch | None = None
        records = self.records
        n = len(records)
        self.size = n
        self.order: NDArray[np.int64] = (
            np.arange(n, dtype=np.int64)
            if order is None
            else np.asarray(order, dtype=np.int64)[np.array(keep, dtype=np.int64)]
        )
        self.conf: NDArray[np.float64] = np.array([r.confidence for r in records], dtype=np.float64)
        self.ts_ms: NDArray[np.float64]
        self.ts_ok: NDArray[np.bool_]
        self.ts_ms, self.ts_ok = parse_timestamps([r.timestamp for r in records])
        self.superseded: NDArray[np.bool_] = np.array(
            [bool(r.superseded_by) for r in records], dtype=bool
        )
        self.alive: NDArray[np.bool_] = np.ones(n, dtype=bool)
        self._all_alive = True  # no position masked out (document frequencies: see live_docs)
        self.pos_of: dict[str, int] = {r.id: i for i, r in enumerate(records)}
        self._layer_codes, self.layer = self._codes([r.layer for r in records])
        self._env_codes, self.env = self._codes([r.environment for r in records])
        tag_lists: dict[str, list[int]] = {}
        for i, r in enumerate(records):
            for t in set(r.tags):
                tag_lists.setdefault(t, []).append(i)
        self.tag_docs: dict[str, NDArray[np.int64]] = {
            t: np.array(v, dtype=np.int64) for t, v in tag_lists.items()
        }
        # The term postings (most of the build time) wait for the first search with terms, or
        # for warm(): a query without text is answered from the arrays above alone.
        self._terms = TermPostings(records)

    @classmethod
    def from_parts(cls, parts: dict[str, Any], fetch: Fetch) -> MemoryIndex:
        """An index from stored arrays (see :mod:`hmdesk.core.memory.search_index.snapshot`),
        with no records in memory: ``fetch(seqs)`` reads the returned ones (``order`` is the
        memories' ``seq``)."""
        self = object.__new__(cls)
        self.records = None
        self._fetch = fetch
        self.order = parts["seq"]
        n = self.size = len(self.order)
        self.conf = parts["conf"]
        self.ts_ms = parts["ts_ms"]
        self.ts_ok = parts["ts_ok"]
        self.superseded = parts["superseded"]
        self.alive = np.ones(n, dtype=bool)
        self._all_alive = True
        self.pos_of = {}
        self._layer_codes = {v: i for i, v in enumerate(parts["layer_names"])}
        self.layer = parts["layer"]
        self._env_codes = {v: i for i, v in enumerate(parts["env_names"])}
        self.env = parts["env"]
        ptr, docs = parts["tag_ptr"], parts["tag_docs"]
        self.tag_docs = {t: docs[ptr[i] : ptr[i + 1]] for i, t in enumerate(parts["tag_names"])}
        self._terms = TermPostings.from_parts(parts)
        return self

    def records_at(self, positions: Sequence[int]) -> list[MemoryRecord]:
        """The records at these positions (read through ``fetch`` for a stored index)."""
        if self.records is not None:
            return [self.records[p] for p in positions]
        seqs = [int(self.order[p]) for p in positions]
        assert self._fetch is not None  # a stored index always has its fetch
        found = self._fetch(seqs)
        return [found[q] for q in seqs]

    def with_dead_seqs(self, seqs: Iterable[int]) -> MemoryIndex:
        """A shallow copy in which the records with these ``seq`` (= ``order``) no longer count.
        Needs ``order`` ascending, as the store's segments have it."""
        want = np.fromiter(seqs, dtype=np.int64)
        if not (len(want) and self.size):
            return self._without(empty_i64())
        at = np.searchsorted(self.order, want)
        at[at == self.size] = 0
        return self._without(at[self.order[at] == want])

    def _without(self, dead: NDArray[np.int64] | list[int]) -> MemoryIndex:
        """A shallow copy in which the positions ``dead`` no longer count."""
        clone = object.__new__(MemoryIndex)
        clone.__dict__.update(self.__dict__)
        for key in ("_masks", "_base_pos"):
            clone.__dict__.pop(key, None)
        clone.alive = self.alive.copy()
        clone.alive[dead] = False
        clone._all_alive = bool(clone.alive.all())
        return clone

    @property
    def hay(self) -> list[str]:
        """The lowercased haystack of each record (see :func:`haystack`)."""
        if self.records is None:
            raise ValueError("a stored index keeps no haystacks")
        return self._terms.built().hay

    @property
    def warmed(self) -> bool:
        """True once the term postings are built."""
        return self._terms.ready

    def warm(self, pause: Callable[[], None] | None = None) -> None:
        """Build the term postings now (otherwise the first search with terms builds them);
        ``pause`` as in :meth:`Retriever.warm`."""
        self._terms.built(pause)

    @staticmethod
    def _codes(values: list[str]) -> tuple[dict[str, int], NDArray[np.int32]]:
        codes: dict[str, int] = {}
        arr = np.array([codes.setdefault(v, len(codes)) for v in values], dtype=np.int32)
        return codes, arr

    def chunks_containing(self, term: str) -> NDArray[np.int64]:
        """Ids of the distinct chunks that contain ``term`` (exact)."""
        return self._terms.built().chunks_containing(term)

    def docs_containing(self, term: str) -> NDArray[np.int64]:
        """Sorted positions of the records whose haystack contains ``term`` (exact)."""
        if not term:
            return np.arange(self.size, dtype=np.int64)
        post = self._terms.built()
        if _HAS_WS.search(term):  # never produced by the term splitters; stay exact anyway
            return np.array([i for i, h in enumerate(self.hay) if form_in(h, term)], dtype=np.int64)
        return post.docs_of(term, self.size, True)

    def docs_repeated(self, forms: tuple[str, ...]) -> NDArray[np.int64]:
        """The positions of :meth:`docs_containing_any`, unsorted and maybe repeated (cheaper
        where repeats do not count, as in ``a[docs] |= bit``)."""
        post = self._terms.built()
        found = [
            self.docs_containing(f)
            if not f or _HAS_WS.search(f)
            else post.docs_of(f, self.size, False)
            for f in forms
        ]
        return found[0] if len(found) == 1 else np.concatenate(found)

    def docs_containing_any(self, forms: tuple[str, ...]) -> NDArray[np.int64]:
        """Sorted positions of the records containing at least one of ``forms``."""
        if len(forms) == 1:
            return self.docs_containing(forms[0])
        found = [self.docs_containing(form) for form in forms]
        if sum(len(d) for d in found) * 16 < self.size:  # few: sorting them beats a full mask
            return sorted_unique(np.concatenate(found))  # a copy: postings stay unsorted
        mark = np.zeros(self.size, dtype=bool)
        for docs in found:
            mark[docs] = True
        return np.flatnonzero(mark)

    def with_dead(self, ids: Iterable[str]) -> MemoryIndex:
        """A shallow copy in which the records with these ids no longer count."""
        return self._without([p for p in map(self.pos_of.get, ids) if p is not None])

    @property
    def live_count(self) -> int:
        return self.size if self._all_alive else int(np.count_nonzero(self.alive))

    # -- search ----------------------------------------------------------------------------

    def _candidates(
        self,
        query: Query,
        profile: Profile,
        terms: Groups,
        now: int,
        filtered: dict[str, int],
        filters: tuple[int, NDArray[np.bool_], int] | None = None,
        weights: TermWeights | None = None,
        docs_of: Callable[[tuple[str, ...]], NDArray[np.int64]] | None = None,
        bits: tuple[NDArray[np.uint8], NDArray[np.int64]] | None = None,
    ) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64], int]:
        """Positions passing every filter, their scores and lexical values; adds to ``filtered``.
        Returns also the pool size of this segment. ``profile``: the weights scored with. ``filters``: what :meth:`_filter` returned
        (else it is called). ``weights``: the terms' lexical weights
        (default: each counts 1); ``docs_of``: :meth:`docs_containing_any`, maybe cached;
        ``bits``: the distinct groups' :func:`~.ranking.group_bits` (bits, live hits), if known."""
        pool, mask, n_mask = self._filter(query, filtered) if filters is None else filters
        w = flat_weights(terms) if weights is None else weights
        total = w.total
        lex_part: NDArray[np.float64] | None = None
        lex_w = profile.weight("lexical")
        if terms:
            docs_for = self.docs_containing_any if docs_of is None else docs_of
            dist = w.distinct(terms)  # a repeated term counts as often as it is repeated
            if not total:  # no term is in any live memory
                cand = empty_i64()
                lexical = np.zeros(0, dtype=np.float64)
            elif len(dist) == 1:  # one distinct term: its memories are the candidates
                ((group, gw),) = dist.items()
                docs = docs_for(group)
                cand = docs[mask[docs]]
                lexical = np.full(len(cand), gw, dtype=np.float64) / total
            elif len(dist) <= 8:  # a bit per term group: each position's matched groups
                if bits is None:
                    set_of = np.zeros(self.size, dtype=np.uint8)
                    docs_bit = self.docs_repeated if w.memories is None else docs_for
                    for g, (group, gw) in enumerate(dist.items()):
                        if gw > 0:  # as acc > 0 below: a group weighing 0 matches nothing
                            set_of[docs_bit(group)] |= 1 << g
                    cand = np.flatnonzero(np.logical_and(set_of, mask))
                else:  # a group weighing 0 has no live memory: none of its bits in ``hit``
                    set_of, hit = bits
                    cand = hit[mask[hit]]
                sets, lex_of = set_of[cand], group_sums(list(dist.values())) / total
                lexical, lex_part = lex_of[sets], (lex_of * lex_w)[sets]  # = lexical * lex_w
            else:
                acc = np.zeros(self.size, dtype=np.float64)
                for group, gw in dist.items():  # query order, as the scan adds them
                    acc[docs_for(group)] += gw  # unique positions per group
                cand = np.flatnonzero(mask & (acc > 0))
                lexical = acc[cand] / total
            filtered["no_match"] += n_mask - len(cand)
        else:
            cand = base_positions(self, query.include_superseded, mask)
            lexical = np.zeros(len(cand), dtype=np.float64)
        # the static part kept per index (see .ranking): the same float64 sums as score()
        scores = static_part(self, now)[1][cand]
        scores += lexical * lex_w if lex_part is None else lex_part
        return cand, scores, lexical, pool

    def live_docs(self, docs: NDArray[np.int64]) -> int:
        """How many of these positions are live (not masked out)."""
        if self._all_alive:
            return len(docs)
        return int(np.count_nonzero(self.alive[docs]))

    def _recency(self, cand: NDArray[np.int64], now: int) -> NDArray[np.float64]:
        days = (float(now) - self.ts_ms[cand]) / DAY_MS
        recency = 1 - days / RECENCY_DAYS
        return np.where((recency > 0) & self.ts_ok[cand], recency, 0.0)

    def _filter(self, query: Query, filtered: dict[str, int]) -> tuple[int, NDArray[np.bool_], int]:
        """The hard filters: (pool, the mask of positions passing them, its count); adds what
        each removed to ``filtered`` (see :func:`~.ranking.hard_filters`)."""
        return hard_filters(self, query, filtered)

    def _base(self, include_superseded: bool) -> tuple[int, NDArray[np.bool_]]:
        """The live memories (and their count), without the superseded ones unless included:
        computed once per index (a query's other filters make new arrays from it)."""
        cache = self.__dict__.setdefault("_masks", {})
        hit = cache.get(include_superseded)
        if hit is None:
            mask = self.alive if include_superseded else self.alive & ~self.superseded
            hit = cache[include_superseded] = (int(np.count_nonzero(self.alive)), mask)
        return hit

    def search(self, query: Query) -> QueryResult:
        return search_segments([self], query)


def search_segments(
    segments: Sequence[MemoryIndex],
    query: Query,
    semantic: SemanticQuery | None = None,
    note: str | None = None,
) -> QueryResult:
    """Search several index segments as one pool (ties broken by each segment's ``order``).

    ``semantic``: the hybrid profile's query vector and the cached memory vectors (see
    :mod:`.hybrid`); without it a hybrid query ranks by its lexical part alone (like default).
    ``note`` is added to the result's note."""
    started = time.perf_counter()
    check_query(query)
    plan = plan_for(query)  # the query rewrite: negated terms re-rank (see .rewrite)
    if plan is not None:
        return plan.run(lambda q: search_segments(segments, q, semantic, note))
    # without its semantic part (no text, no embedder) a profile ranks by its lexical part alone
    profile = query.profile if semantic is not None else query.profile.without_semantic()
    groups = profile.terms(query.text or "")
    terms = [str(g[0]) for g in groups]
    caches: list[dict[tuple[str, ...], NDArray[np.int64]]] = [{} for _ in segments]

    def docs_in(si: int) -> Callable[[tuple[str, ...]], NDArray[np.int64]]:
        seg, cache = segments[si], caches[si]

        def get(group: tuple[str, ...]) -> NDArray[np.int64]:
            got = cache.get(group)
            if got is None:
                got = cache[group] = seg.docs_containing_any(group)
            return got

        return get

    docs_of = [docs_in(si) for si in range(len(segments))]
    bits: list[tuple[NDArray[np.uint8], NDArray[np.int64]] | None] = [None] * len(segments)
    rarity, bit_of = profile.rarity, {g: i for i, g in enumerate(dict.fromkeys(groups))}
    if 1 < len(bit_of) <= 8:  # a bit per distinct term group (rarity: their dfs counted too)
        got = [group_bits(seg, list(bit_of), rarity) for seg in segments]
        bits = [(b, hit) for b, hit, _ in got]
    if groups and rarity:
        memories = sum(seg.live_count for seg in segments)
        if 1 < len(bit_of) <= 8:
            dfs = {g: sum(d[i] for _, _, d in got) for g, i in bit_of.items()}
            df_of: Callable[[tuple[str, ...]], int] = dfs.__getitem__
        else:

            def df_of(group: tuple[str, ...]) -> int:
                return sum(seg.live_docs(docs_of[si](group)) for si, seg in enumerate(segments))

        weights = weights_for(profile, groups, df_of, memories)
    else:
        weights = flat_weights(groups)
    lexical_weight = profile.weight("lexical")
    now = query_now_ms(query)
    filtered = dict.fromkeys(FILTER_KEYS, 0)
    pool = 0
    parts: list[tuple[int, NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]] = []
    hybrid = semantic is not None and profile.semantic
    sem_parts: list[Semantic] | None = None
    filters = [seg._filter(query, filtered) for seg in segments] if hybrid else None
    for si, seg in enumerate(segments):
        cand, scores, lexical, seg_pool = seg._candidates(
            query,
            profile,
            groups,
            now,
            filtered,
            None if filters is None else filters[si],
            weights,
            docs_of[si],
            bits[si],
        )
        pool += seg_pool
        if len(cand) or hybrid:
            parts.append((si, cand, scores, lexical))
    if semantic is not None and filters is not None:  # the semantic part: see .hybrid
        from hmdesk.core.memory.retrieve.hybrid import fuse  # a lexical search never imports it

        lexical_parts = [(p[1], p[3]) for p in parts]
        masks = [f[1] for f in filters]
        parts, sem_parts = fuse(
            segments, masks, lexical_parts, semantic, query.limit, now, filtered, profile
        )
        parts = [p for p in parts if len(p[1])]
    matched = sum(len(p[1]) for p in parts)
    results: list[ScoredMemory] = []
    unparseable = 0
    if parts and query.limit > 0:
        unparseable = sum(unparseable_in(segments[p[0]], p[1]) for p in parts)
        seg_ids, pos, scores, lexical = (  # the lexical scores may come from a kept part
            pooled(parts)
            if sem_parts is not None
            else exact_top(segments, parts, query.limit, now, profile)
        )
        if len(scores) > query.limit:
            kth = len(scores) - query.limit
            threshold = np.partition(scores, kth)[kth]
            sel = np.flatnonzero(scores >= threshold)
        else:
            sel = np.arange(len(scores))
        orders = np.empty(len(sel), dtype=np.int64)
        for si in np.unique(seg_ids[sel]).tolist():
            at = np.flatnonzero(seg_ids[sel] == si)
            orders[at] = segments[si].order[pos[sel[at]]]
        ranked = sel[np.lexsort((orders, -scores[sel]))][: query.limit].tolist()
        by_seg: dict[int, list[int]] = {}
        for k in ranked:
            by_seg.setdefault(int(seg_ids[k]), []).append(int(pos[k]))
        fetched: dict[tuple[int, int], MemoryRecord] = {}

        # every group weighs: a lexical value of 0 is no group matched (a hybrid result found
        # by its meaning alone)
        no_hit = (bit_of, 0) if all(w > 0 for w in weights.raw) else None

        def known(si: int, p: int, lex: float) -> tuple[dict[tuple[str, ...], int], int] | None:
            """The result's matched groups (explain_terms need not look for them again)."""
            seg_bits = bits[si]
            if seg_bits is not None:
                return bit_of, int(seg_bits[0][p])
            return no_hit if lex == 0.0 else None

        for si, plist in by_seg.items():
            for p, rec in zip(plist, segments[si].records_at(plist), strict=True):
                fetched[(si, p)] = rec
        for k in ranked:
            si = int(seg_ids[k])
            seg, p = segments[si], int(pos[k])
            rec = fetched[(si, p)]
            conf = float(seg.conf[p])
            rec_v = (
                recency_of(int(seg.ts_ms[p]), now) if bool(seg.ts_ok[p]) else 0.0
            )  # same value as the vectorised one
            if sem_parts is None:
                parts_of = profile.components(conf, rec_v, float(lexical[k]))
            else:
                cosine, sem_score = sem_parts[si].at(p)  # None: no embedding yet
                parts_of = profile.components(conf, rec_v, float(lexical[k]), (sem_score, cosine))
            results.append(
                ScoredMemory(
                    memory=rec,
                    score=float(scores[k]),
                    components=parts_of,
                    terms=explain_terms(
                        rec, groups, weights, lexical_weight, known(si, p, float(lexical[k]))
                    ),
                )
            )
    elif parts:
        unparseable = sum(unparseable_in(segments[p[0]], p[1]) for p in parts)
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


def search(records: Sequence[MemoryRecord], query: Query) -> QueryResult:
    """One-shot search over a list of records (builds a throwaway index)."""
    return MemoryIndex(records).search(query)

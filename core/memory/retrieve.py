"""Retrieval: profiles, explanations and the in-memory index.

Two profiles share one formula (reference/hmharness.md §2a):

    score = confidence*0.4 + recency*0.2 + lexical*0.4      (float64, in that order)
    recency = max(0, 1 - ageDays/90), ageDays = (now_ms - timestamp_ms) / 86_400_000
    lexical = (query terms found as substrings of lower(content + ' ' + ' '.join(tags))) / #terms

* ``hmharness`` reproduces hmharness's ``CognitiveMemory.retrieve()`` exactly: pool without
  superseded entries (any ``supersededBy``, the decay sentinel included), hard filters (layer exact,
  environment exact and case-sensitive, tags any-of exact), hmharness's term splitting
  (:func:`hmdesk.core.memory.terms.hmharness_terms`), entries with no hit dropped when there is a
  term, stable sort by score (ties keep insertion order), ``limit`` (default 10, 0 = nothing).
* ``default`` keeps all of that but takes its terms from
  :func:`hmdesk.core.memory.terms.default_term_groups`: Chinese segmentation, mixed tokens kept
  sensible, light English stemming, stop words and duplicates dropped, and a small bilingual
  glossary whose forms count as the same term (``构建`` also matches ``build``; a term matches when
  any of its forms is a substring).

Where we differ from hmharness, on purpose:

* **Unparseable timestamp** (see :mod:`hmdesk.core.memory.jsdate`): hmharness computes NaN, which
  makes the score NaN and the sort order unpredictable. We count its recency as 0 and say so in
  ``QueryResult.note``.
* ``include_superseded`` (an inspector extension; hmharness never does it) keeps superseded entries.
* Deleted memories (hmdesk's soft delete) are never in the pool.

:class:`MemoryIndex` is an immutable index over a list of records: the distinct whitespace-free
chunks of the lowercased haystacks with their postings, a character-bigram index over those chunks,
and numpy arrays of confidence, timestamp and order. A term never contains whitespace, so the
records containing it are the union of the postings of the chunks containing it: a query checks the
(small) chunk vocabulary through the bigram index with an exact substring test, then scores the
candidates with numpy in the same float64 order, so results equal :func:`retrieve_scan` (and, for
the ``hmharness`` profile, :func:`retrieve_hmharness_scan`) exactly. Spans and tag lists are
computed only for the returned results. The postings and the bigram index (about three quarters of
the build time) are built on first use, or by :meth:`MemoryIndex.warm`: a query without text needs
only the arrays. :class:`Retriever` keeps an index in step with a ``MemoryStore``.
"""

from __future__ import annotations

import bisect
import re
import threading
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
from hmdesk.core.memory.jsdate import _MAX_MS, datetime_ms, now_ms, parse_js_date_ms
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.terms import (
    JS_WHITESPACE,
    hmharness_terms,
    load_segmenter,
    term_groups_for,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

PROFILES = ("default", "hmharness")
WEIGHTS = {"confidence": 0.4, "recency": 0.2, "lexical": 0.4}
DAY_MS = 86_400_000
RECENCY_DAYS = 90
FILTER_KEYS = ("superseded", "layer", "environment", "tags", "no_match")
_CHUNK = re.compile(f"[^{JS_WHITESPACE}]+")
_HAS_WS = re.compile(f"[{JS_WHITESPACE}]")

# ---------------------------------------------------------------------------------------------
# Public data types (the GUI draws from these alone)


@dataclass
class Query:
    text: str = ""
    layer: str | None = None
    environment: str | None = None
    tags: Sequence[str] = ()
    limit: int = 10
    profile: str = "default"
    now: datetime | None = None  # None = the current time; a naive datetime is taken as UTC
    include_superseded: bool = False


@dataclass
class TermMatch:
    term: str
    matched: bool
    content_spans: list[tuple[int, int]]  # Python str indices into memory.content, end exclusive
    tags: list[str]  # the memory's tags that contain the term (case-insensitive)
    # other forms the term accepts (default profile glossary, e.g. 构建 → build); spans and tags
    # above cover every form
    alternatives: list[str] = field(default_factory=list)


@dataclass
class Component:
    name: str
    raw: float
    weight: float
    contribution: float


@dataclass
class ScoredMemory:
    memory: MemoryRecord
    score: float
    components: dict[str, Component]  # "confidence", "recency", "lexical"
    terms: list[TermMatch]


@dataclass
class QueryResult:
    query: Query
    terms: list[str]
    results: list[ScoredMemory]
    filtered: dict[str, int]  # how many entries each step removed (FILTER_KEYS)
    pool: int  # entries considered before any filter (deleted ones never count)
    note: str | None
    elapsed_ms: float
    matched: int = 0  # entries that passed every filter (before the limit)


# ---------------------------------------------------------------------------------------------
# Shared helpers


def haystack(rec: MemoryRecord) -> str:
    """What hmharness searches: ``(content + ' ' + tags.join(' ')).toLowerCase()``."""
    return (rec.content + " " + " ".join(rec.tags)).lower()


def query_now_ms(query: Query) -> int:
    return now_ms() if query.now is None else datetime_ms(query.now)


def _check_query(query: Query) -> None:
    if query.profile not in PROFILES:
        raise ValueError(
            f"unknown retrieval profile {query.profile!r}; use 'default' or 'hmharness'"
        )
    if query.limit < 0:
        raise ValueError(f"limit must be 0 or more, not {query.limit}")


def recency_of(ts_ms: int | None, now: int) -> float:
    """``max(0, 1 - ageDays/90)``; an unparseable timestamp (``None``) counts as 0."""
    if ts_ms is None:
        return 0.0
    days = (now - ts_ms) / DAY_MS
    value = 1 - days / RECENCY_DAYS
    return value if value > 0 else 0.0


def _find_all(hay: str, needle: str) -> list[tuple[int, int]]:
    """Every non-overlapping occurrence, left to right."""
    out: list[tuple[int, int]] = []
    n = len(needle)
    i = hay.find(needle)
    while i >= 0:
        out.append((i, i + n))
        i = hay.find(needle, i + n)
    return out


def _lower_map(text: str) -> tuple[str, list[int] | None]:
    """``text.lower()`` and, when lowercasing changed the length (e.g. ``İ`` → ``i̇``), the start
    of each original character in the lowered text (plus the total length at the end)."""
    low = text.lower()
    if len(low) == len(text):
        return low, None
    starts = [0]
    for ch in text:  # per-character lengths equal the whole-string ones (Final_Sigma is 1:1)
        starts.append(starts[-1] + len(ch.lower()))
    return low, starts


def content_spans(content: str, term: str) -> list[tuple[int, int]]:
    """All non-overlapping case-insensitive occurrences of the (lowercase) term in ``content``,
    as indices into the original ``content``."""
    low, starts = _lower_map(content)
    spans = _find_all(low, term)
    if starts is None or not spans:
        return spans
    out: list[tuple[int, int]] = []
    for a, b in spans:
        i = bisect.bisect_right(starts, a) - 1
        j = bisect.bisect_left(starts, b)
        out.append((i, max(j, i + 1)))
    return out


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


Groups = Sequence[tuple[str, ...]]


def explain_terms(rec: MemoryRecord, groups: Groups) -> list[TermMatch]:
    """Per query term (a group of accepted forms, term first): matched, content spans, tags."""
    hay = haystack(rec)
    seen: dict[tuple[str, ...], TermMatch] = {}
    out: list[TermMatch] = []
    for group in groups:
        tm = seen.get(group)
        if tm is None:
            if len(group) == 1:
                spans = content_spans(rec.content, group[0])
            else:
                spans = _merge([sp for form in group for sp in content_spans(rec.content, form)])
            tm = TermMatch(
                term=group[0],
                matched=any(form in hay for form in group),
                content_spans=spans,
                tags=[t for t in rec.tags if any(form in t.lower() for form in group)],
                alternatives=list(group[1:]),
            )
            seen[group] = tm
        else:
            tm = TermMatch(
                tm.term, tm.matched, list(tm.content_spans), list(tm.tags), list(tm.alternatives)
            )
        out.append(tm)
    return out


def _components(conf: float, rec: float, lex: float) -> dict[str, Component]:
    return {
        "confidence": Component("confidence", conf, 0.4, conf * 0.4),
        "recency": Component("recency", rec, 0.2, rec * 0.2),
        "lexical": Component("lexical", lex, 0.4, lex * 0.4),
    }


def _note(unparseable: int) -> str | None:
    if not unparseable:
        return None
    return (
        f"{unparseable} matching {'memory has' if unparseable == 1 else 'memories have'} an "
        "unparseable timestamp; recency counted as 0 (hmharness would compute NaN)"
    )


# ---------------------------------------------------------------------------------------------
# Reference scans (written like hmharness: every entry, every term)


def retrieve_hmharness_scan(
    entries: Iterable[MemoryRecord], query: Query, now: int | None = None
) -> list[tuple[MemoryRecord, float]]:
    """hmharness's ``retrieve()`` as a straight scan: the equivalence reference and bench baseline.

    Returns ``(memory, score)`` pairs. ``query.profile`` is ignored (hmharness terms always).
    """
    return _scan(entries, query, [(t,) for t in hmharness_terms(query.text or "")], now)


def retrieve_scan(
    entries: Iterable[MemoryRecord], query: Query, now: int | None = None
) -> list[tuple[MemoryRecord, float]]:
    """The straight scan with ``query.profile``'s terms (the reference for the index)."""
    _check_query(query)
    return _scan(entries, query, term_groups_for(query.profile, query.text or ""), now)


def _scan(
    entries: Iterable[MemoryRecord], query: Query, terms: Groups, now: int | None
) -> list[tuple[MemoryRecord, float]]:
    now_value = query_now_ms(query) if now is None else now
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

    def lexical_score(e: MemoryRecord) -> float:
        if not terms:
            return 0
        hay = (e.content + " " + " ".join(e.tags)).lower()
        hits = 0
        for group in terms:
            if any(t in hay for t in group):
                hits += 1
        return hits / len(terms)

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


# ---------------------------------------------------------------------------------------------
# The index


_ISO_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]


def parse_timestamps(texts: Sequence[str]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """:func:`~hmdesk.core.memory.jsdate.parse_js_date_ms` over many timestamps: milliseconds as
    float64 (0.0 where unparseable) and a parsed mask.

    ``toISOString()`` text (``2026-11-29T10:00:00.123Z``, what hmharness and hmdesk write) is
    decoded with numpy, ~10x faster; any other text goes through ``parse_js_date_ms``."""
    n = len(texts)
    ms = np.zeros(n, dtype=np.float64)
    ok = np.zeros(n, dtype=bool)
    if not n:
        return ms, ok
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    rows = np.flatnonzero(lengths == 24)
    slow = np.ones(n, dtype=bool)
    if len(rows):
        text = "".join([texts[i] for i in rows.tolist()])
        cp = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        c = cp.reshape(len(rows), 24).astype(np.int64)
        d = c - 48
        dig = d[:, _ISO_DIGITS]
        good = ((dig >= 0) & (dig <= 9)).all(axis=1)
        good &= (c[:, 4] == 45) & (c[:, 7] == 45) & (c[:, 13] == 58) & (c[:, 16] == 58)
        good &= (c[:, 10] == 84) | (c[:, 10] == 116) | (c[:, 10] == 32)  # T t space
        good &= (c[:, 19] == 46) & ((c[:, 23] == 90) | (c[:, 23] == 122))  # . and Z z
        year = d[:, 0] * 1000 + d[:, 1] * 100 + d[:, 2] * 10 + d[:, 3]
        month = d[:, 5] * 10 + d[:, 6]
        day = d[:, 8] * 10 + d[:, 9]
        hour = d[:, 11] * 10 + d[:, 12]
        minute = d[:, 14] * 10 + d[:, 15]
        second = d[:, 17] * 10 + d[:, 18]
        milli = d[:, 20] * 100 + d[:, 21] * 10 + d[:, 22]
        good &= (month >= 1) & (month <= 12) & (day >= 1) & (day <= 31)
        good &= (hour <= 24) & (minute <= 59) & (second <= 59)
        good &= (hour < 24) | ((minute == 0) & (second == 0) & (milli == 0))
        # jsdate._days_from_civil, vectorised (numpy's // floors like Python's)
        y = year - (month <= 2)
        era = y // 400
        yoe = y - era * 400
        doy = (153 * (month + np.where(month > 2, -3, 9)) + 2) // 5 + day - 1
        doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
        days = era * 146097 + doe - 719468
        total = days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli
        good &= np.abs(total) <= _MAX_MS
        fast = rows[good]
        ms[fast] = total[good].astype(np.float64)
        ok[fast] = True
        slow[fast] = False
    for i in np.flatnonzero(slow).tolist():
        t = parse_js_date_ms(texts[i])
        if t is not None:
            ms[i] = float(t)
            ok[i] = True
    return ms, ok


def _empty_i64() -> NDArray[np.int64]:
    return np.zeros(0, dtype=np.int64)


def _bigram_postings(
    strings: list[str],
) -> tuple[NDArray[np.uint64], NDArray[np.int64], NDArray[np.int64]]:
    """Character-bigram postings over ``strings``: sorted unique keys, CSR starts, string ids."""
    n = len(strings)
    lengths = np.array([len(w) for w in strings], dtype=np.int64)
    bits = max(1, int(n).bit_length())
    if bits > 22:
        raise ValueError("an index segment holds at most 4,194,303 distinct chunks")
    if int(lengths.sum()) < 2:
        return np.zeros(0, dtype=np.uint64), np.zeros(1, dtype=np.int64), _empty_i64()
    cps = np.frombuffer("".join(strings).encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    owner = np.repeat(np.arange(n, dtype=np.uint64), lengths)
    same = owner[:-1] == owner[1:]
    keys = (cps[:-1] << np.uint64(21)) | cps[1:]
    combined = (keys[same] << np.uint64(bits)) | owner[:-1][same]
    combined.sort()  # sort + adjacent dedupe: much faster than np.unique's hash path
    if len(combined) > 1:
        combined = combined[np.concatenate(([True], combined[1:] != combined[:-1]))]
    kk = combined >> np.uint64(bits)
    ids = (combined & np.uint64((1 << bits) - 1)).astype(np.int64)
    if not len(kk):
        return np.zeros(0, dtype=np.uint64), np.zeros(1, dtype=np.int64), _empty_i64()
    first = np.concatenate(([True], kk[1:] != kk[:-1]))
    starts = np.concatenate((np.flatnonzero(first), [len(kk)])).astype(np.int64)
    return kk[first], starts, ids


class _TermPostings:
    """The chunk postings and bigram index of a :class:`MemoryIndex`, built once on first use.

    Thread-safe; shared by the :meth:`MemoryIndex.with_dead` copies of an index, so they build
    (or reuse) the same postings.
    """

    def __init__(self, records: list[MemoryRecord]) -> None:
        self._records: list[MemoryRecord] | None = records
        self._lock = threading.Lock()
        self.ready = False

    def built(self, pause: Callable[[], None] | None = None) -> _TermPostings:
        """The built postings (building them first, once). ``pause`` is called every few dozen
        records during the build; it may block, to leave the GIL to a busier thread."""
        if not self.ready:
            with self._lock:
                if not self.ready:
                    records = self._records
                    assert records is not None
                    self.hay: list[str] = [haystack(r) for r in records]
                    self._build_postings(pause)
                    self._records = None
                    self.ready = True
        return self

    def _build_postings(self, pause: Callable[[], None] | None = None) -> None:
        """Chunk postings plus a character-bigram index over the distinct chunks.

        A chunk is a maximal run of non-whitespace (JavaScript ``\\s``) characters of a haystack.
        A query term never contains whitespace, so every occurrence of a term lies inside one
        chunk: the records containing a term are exactly the union of the postings of the
        distinct chunks containing it. Checking a term against the (much smaller) vocabulary of
        distinct chunks instead of against every record is what makes a query cheap.
        """
        vocab: dict[str, int] = {}
        setdefault = vocab.setdefault
        # machine-int arrays, not lists: no multi-million-element list to convert at the end
        # (that conversion holds the GIL for 100+ ms, stalling the GUI thread during a warm-up)
        chunk_ids = array("q")
        counts = array("q")
        findall = _CHUNK.findall
        for i, h in enumerate(self.hay):
            if pause is not None and not i & 63:
                pause()
            ids = {setdefault(c, len(vocab)) for c in findall(h)}
            chunk_ids.extend(ids)
            counts.append(len(ids))
        self.vocab: list[str] = list(vocab)
        cids = np.frombuffer(chunk_ids, dtype=np.int64)
        docs = np.repeat(
            np.arange(len(self.hay), dtype=np.int64), np.frombuffer(counts, dtype=np.int64)
        )
        by_chunk = np.argsort(cids, kind="stable")  # stable: docs stay ascending per chunk
        self._chunk_docs: NDArray[np.int64] = docs[by_chunk]
        self._chunk_ptr: NDArray[np.int64] = np.concatenate(
            ([0], np.cumsum(np.bincount(cids, minlength=len(self.vocab))))
        ).astype(np.int64)
        self._keys, self._starts, self._gram_chunks = _bigram_postings(self.vocab)

    def _posting(self, a: str, b: str) -> NDArray[np.int64]:
        key = np.uint64((ord(a) << 21) | ord(b))
        i = int(np.searchsorted(self._keys, key))
        if i < len(self._keys) and self._keys[i] == key:
            return self._gram_chunks[self._starts[i] : self._starts[i + 1]]
        return _empty_i64()

    def chunks_containing(self, term: str) -> NDArray[np.int64]:
        """Ids of the distinct chunks that contain ``term`` (exact)."""
        vocab = self.vocab
        if len(term) == 1:
            return np.array([c for c, w in enumerate(vocab) if term in w], dtype=np.int64)
        grams = {term[i : i + 2] for i in range(len(term) - 1)}
        postings = sorted((self._posting(g[0], g[1]) for g in grams), key=len)
        cand = postings[0]
        for p in postings[1:]:
            if not len(cand):
                break
            # sorted-array intersection by binary search: O(|cand| log |p|)
            at = np.searchsorted(p, cand)
            at[at == len(p)] = 0
            cand = cand[p[at] == cand] if len(p) else p
        if len(term) == 2 or not len(cand):
            return cand
        return np.array([c for c in cand.tolist() if term in vocab[c]], dtype=np.int64)


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
        self.records: list[MemoryRecord] = [records[i] for i in keep]
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
        self._terms = _TermPostings(records)

    @property
    def hay(self) -> list[str]:
        """The lowercased haystack of each record (see :func:`haystack`)."""
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
            return np.array([i for i, h in enumerate(post.hay) if term in h], dtype=np.int64)
        chunks = post.chunks_containing(term)
        if len(chunks) == 0:
            return _empty_i64()
        ptr = post._chunk_ptr
        if len(chunks) == 1:
            c = int(chunks[0])
            return post._chunk_docs[ptr[c] : ptr[c + 1]]
        starts = ptr[chunks]
        lens = ptr[chunks + 1] - starts
        offsets = np.repeat(starts - (np.cumsum(lens) - lens), lens)
        gathered = post._chunk_docs[offsets + np.arange(int(lens.sum()), dtype=np.int64)]
        mark = np.zeros(self.size, dtype=bool)
        mark[gathered] = True
        return np.flatnonzero(mark)

    def docs_containing_any(self, forms: tuple[str, ...]) -> NDArray[np.int64]:
        """Sorted positions of the records containing at least one of ``forms``."""
        if len(forms) == 1:
            return self.docs_containing(forms[0])
        mark = np.zeros(self.size, dtype=bool)
        for form in forms:
            mark[self.docs_containing(form)] = True
        return np.flatnonzero(mark)

    def with_dead(self, ids: Iterable[str]) -> MemoryIndex:
        """A shallow copy in which the records with these ids no longer count."""
        clone = object.__new__(MemoryIndex)
        clone.__dict__.update(self.__dict__)
        clone.alive = self.alive.copy()
        for i in ids:
            pos = self.pos_of.get(i)
            if pos is not None:
                clone.alive[pos] = False
        return clone

    @property
    def live_count(self) -> int:
        return int(self.alive.sum())

    # -- search ----------------------------------------------------------------------------

    def _candidates(
        self, query: Query, terms: Groups, now: int, filtered: dict[str, int]
    ) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64], int]:
        """Positions passing every filter, their scores and lexical values; adds to ``filtered``.
        Returns also the pool size of this segment."""
        mask = self.alive.copy()
        pool = int(mask.sum())
        if not query.include_superseded:
            keep = mask & ~self.superseded
            filtered["superseded"] += pool - int(keep.sum())
            mask = keep
        if query.layer:
            code = self._layer_codes.get(query.layer, -1)
            keep = mask & (self.layer == code)
            filtered["layer"] += int(mask.sum()) - int(keep.sum())
            mask = keep
        if query.environment:
            code = self._env_codes.get(query.environment, -1)
            keep = mask & (self.env == code)
            filtered["environment"] += int(mask.sum()) - int(keep.sum())
            mask = keep
        if query.tags:
            tagged = np.zeros(self.size, dtype=bool)
            for t in set(query.tags):
                docs = self.tag_docs.get(t)
                if docs is not None:
                    tagged[docs] = True
            keep = mask & tagged
            filtered["tags"] += int(mask.sum()) - int(keep.sum())
            mask = keep
        if terms:
            hits = np.zeros(self.size, dtype=np.int64)
            cache: dict[tuple[str, ...], NDArray[np.int64]] = {}
            for group in terms:
                docs = cache.get(group)
                if docs is None:
                    docs = cache[group] = self.docs_containing_any(group)
                hits[docs] += 1
            before = int(mask.sum())
            mask &= hits > 0
            cand = np.flatnonzero(mask)
            filtered["no_match"] += before - len(cand)
            lexical = hits[cand] / len(terms)
        else:
            cand = np.flatnonzero(mask)
            lexical = np.zeros(len(cand), dtype=np.float64)
        days = (float(now) - self.ts_ms[cand]) / DAY_MS
        recency = 1 - days / RECENCY_DAYS
        recency = np.where((recency > 0) & self.ts_ok[cand], recency, 0.0)
        scores = self.conf[cand] * 0.4 + recency * 0.2 + lexical * 0.4
        return cand, scores, lexical, pool

    def search(self, query: Query) -> QueryResult:
        return search_segments([self], query)


def search_segments(segments: Sequence[MemoryIndex], query: Query) -> QueryResult:
    """Search several index segments as one pool (ties broken by each segment's ``order``)."""
    started = time.perf_counter()
    _check_query(query)
    groups = term_groups_for(query.profile, query.text or "")
    terms = [g[0] for g in groups]
    now = query_now_ms(query)
    filtered = dict.fromkeys(FILTER_KEYS, 0)
    pool = 0
    parts: list[tuple[int, NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]] = []
    for si, seg in enumerate(segments):
        cand, scores, lexical, seg_pool = seg._candidates(query, groups, now, filtered)
        pool += seg_pool
        if len(cand):
            parts.append((si, cand, scores, lexical))
    matched = sum(len(p[1]) for p in parts)
    results: list[ScoredMemory] = []
    unparseable = 0
    if parts and query.limit > 0:
        seg_ids = np.concatenate([np.full(len(p[1]), p[0], dtype=np.int64) for p in parts])
        pos = np.concatenate([p[1] for p in parts])
        scores = np.concatenate([p[2] for p in parts])
        lexical = np.concatenate([p[3] for p in parts])
        orders = np.concatenate([segments[p[0]].order[p[1]] for p in parts])
        unparseable = sum(int((~segments[p[0]].ts_ok[p[1]]).sum()) for p in parts)
        if len(scores) > query.limit:
            kth = len(scores) - query.limit
            threshold = np.partition(scores, kth)[kth]
            sel = np.flatnonzero(scores >= threshold)
        else:
            sel = np.arange(len(scores))
        ranked = sel[np.lexsort((orders[sel], -scores[sel]))][: query.limit]
        for k in ranked.tolist():
            seg = segments[int(seg_ids[k])]
            p = int(pos[k])
            rec = seg.records[p]
            conf = float(seg.conf[p])
            rec_v = (
                recency_of(int(seg.ts_ms[p]), now) if bool(seg.ts_ok[p]) else 0.0
            )  # same value as the vectorised one
            results.append(
                ScoredMemory(
                    memory=rec,
                    score=float(scores[k]),
                    components=_components(conf, rec_v, float(lexical[k])),
                    terms=explain_terms(rec, groups),
                )
            )
    elif parts:
        unparseable = sum(int((~segments[p[0]].ts_ok[p[1]]).sum()) for p in parts)
    return QueryResult(
        query=query,
        terms=terms,
        results=results,
        filtered=filtered,
        pool=pool,
        note=_note(unparseable),
        elapsed_ms=(time.perf_counter() - started) * 1000,
        matched=matched,
    )


def search(records: Sequence[MemoryRecord], query: Query) -> QueryResult:
    """One-shot search over a list of records (builds a throwaway index)."""
    return MemoryIndex(records).search(query)


# ---------------------------------------------------------------------------------------------
# JSON (the `hmdesk-cli query --json` schema; README "Query output (JSON)")


def result_to_json(result: QueryResult) -> dict[str, Any]:
    q = result.query
    return {
        "query": {
            "text": q.text,
            "profile": q.profile,
            "layer": q.layer,
            "environment": q.environment,
            "tags": list(q.tags),
            "limit": q.limit,
            "include_superseded": q.include_superseded,
        },
        "terms": list(result.terms),
        "results": [
            {
                "id": r.memory.id,
                "score": r.score,
                "content": r.memory.content,
                "layer": r.memory.layer,
                "environment": r.memory.environment,
                "tags": list(r.memory.tags),
                "timestamp": r.memory.timestamp,
                "components": {
                    name: {"raw": c.raw, "weight": c.weight, "contribution": c.contribution}
                    for name, c in r.components.items()
                },
                "terms": [
                    {
                        "term": t.term,
                        "matched": t.matched,
                        "content_spans": [[a, b] for a, b in t.content_spans],
                        "tags": list(t.tags),
                        "alternatives": list(t.alternatives),
                    }
                    for t in r.terms
                ],
            }
            for r in result.results
        ],
        "filtered": dict(result.filtered),
        "pool": result.pool,
        "matched": result.matched,
        "note": result.note,
        "elapsed_ms": round(result.elapsed_ms, 3),
    }


# ---------------------------------------------------------------------------------------------
# Retriever: an index kept in step with a MemoryStore


class Retriever:
    """Searches a ``MemoryStore`` through an index kept in step with ``store.data_version()``.

    Thread-safe: ``search`` may run on a worker thread while another thread writes. The index is an
    immutable snapshot (a base segment plus small segments holding changed memories, with the old
    versions masked out); a refresh builds the new snapshot under a lock and swaps it in, so a
    running search keeps the snapshot it started with.

    When the version moved, the changed ids come from the store's event log: every write through
    ``MemoryStore`` (this process, the hmharness sync, another hmdesk, the CLI) appends events in
    its transaction, and event ids grow in commit order (one writer at a time). So the memories
    named by events after the last one seen are exactly the ones to re-read (a primary-key range
    read, sub-millisecond), plus those the store's listener reported. If the live count then
    disagrees with ``store.count()`` (a change that bypassed the store) the index is rebuilt from
    scratch, as it is on first use, when many memories changed at once and when masked-out rows
    pile up.
    """

    MAX_SEGMENTS = 8
    MAX_DEAD = 2_000  # masked-out base records tolerated before a full rebuild (or 20 %)

    def __init__(self, store: Any) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._pending_lock = threading.Lock()
        self._pending: set[str] = set()
        self._segments: list[MemoryIndex] | None = None
        self._version: int | None = None
        self._last_event = 0
        self.rebuilds = 0  # full rebuilds so far (tests and diagnostics)
        self._unsubscribe: Callable[[], None] | None = None
        add_listener = getattr(store, "add_listener", None)
        if add_listener is not None:
            self._unsubscribe = add_listener(self._on_change)

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _on_change(self, ids: set[str]) -> None:
        with self._pending_lock:
            self._pending |= set(ids)

    def _full_rebuild(self) -> list[MemoryIndex]:
        # The Chinese segmenter's import holds the GIL for ~120 ms: here, before the first
        # result, rather than at the first query with Han characters (a stall while typing).
        load_segmenter()
        # The last event id first: whatever commits after it is re-read at the next refresh,
        # even if list() below already saw it (re-reading is idempotent).
        with self.store.db.read() as session:
            last = session.connection().exec_driver_sql(_LAST_EVENT).scalar()
        records = self.store.list(include_superseded=True, include_deleted=False)
        self._last_event = int(last or 0)
        self.rebuilds += 1
        return [MemoryIndex(records, order=[r.seq for r in records])]

    def _changed_elsewhere(self) -> set[str]:
        """Memories named by events committed since the last refresh (any connection)."""
        with self.store.db.read() as session:
            rows = session.connection().exec_driver_sql(_EVENTS_AFTER, (self._last_event,)).all()
        if rows:
            self._last_event = max(self._last_event, *(int(r[0]) for r in rows))
        return {r[1] for r in rows}

    @staticmethod
    def _current(segments: list[MemoryIndex], id: str) -> MemoryRecord | None:
        for seg in reversed(segments):
            pos = seg.pos_of.get(id)
            if pos is not None and seg.alive[pos]:
                return seg.records[pos]
        return None

    def refresh(self, force: bool = False) -> None:
        """Bring the index up to date with the store (a no-op when it already is)."""
        with self._lock:
            version = self.store.data_version()
            if not force and self._segments is not None and version == self._version:
                return
            with self._pending_lock:
                pending, self._pending = self._pending, set()
            if force or self._segments is None:
                self._segments = self._full_rebuild()
                self._version = version
                return
            segments = self._segments
            changed = pending | self._changed_elsewhere()
            if len(changed) > max(self.MAX_DEAD, sum(x.size for x in segments) // 5):
                self._segments = self._full_rebuild()
                self._version = version
                return
            fresh = {r.id: r for r in self.store.get_many(sorted(changed))}
            dirty = [
                i for i in changed if fresh.get(i) != self._current(segments, i)
            ]  # re-read but unchanged memories stay where they are
            if dirty:
                segments = [s.with_dead(dirty) for s in segments]
                added = [fresh[i] for i in dirty if i in fresh and fresh[i].deleted_at is None]
                added.sort(key=lambda r: r.seq)
                if added:
                    segments.append(MemoryIndex(added, order=[r.seq for r in added]))
                if len(segments) > self.MAX_SEGMENTS:
                    small = [
                        r
                        for seg in segments[1:]
                        for r, ok in zip(seg.records, seg.alive.tolist(), strict=True)
                        if ok
                    ]
                    small.sort(key=lambda r: r.seq)
                    segments = [segments[0], MemoryIndex(small, order=[r.seq for r in small])]
            base = segments[0]
            too_many_dead = base.size - base.live_count > max(self.MAX_DEAD, base.size // 5)
            if too_many_dead or sum(s.live_count for s in segments) != self.store.count():
                segments = self._full_rebuild()
            self._segments = segments
            self._version = version

    def search(self, query: Query) -> QueryResult:
        self.refresh()
        segments = self._segments or []
        return search_segments(segments, query)

    def warm(self, pause: Callable[[], None] | None = None) -> None:
        """Bring the index up to date and build its term postings now.

        A search without text needs only the index's arrays; the postings (most of a full
        build) are otherwise built by the first search with text. An app calls this on a worker
        thread once the first result is shown. Searches without text go on meanwhile; one with
        text waits for the postings.

        The build is pure Python and holds the GIL most of the time: a GUI thread repainting
        meanwhile waits for it at every call into Python. ``pause()``, called every 64 records,
        may block while the GUI is busy (typing, a result being drawn) to leave it the GIL.
        """
        self.refresh()
        for seg in self._segments or []:
            seg.warm(pause)

    @property
    def warmed(self) -> bool:
        """True when the current index has its term postings (False before the first search)."""
        segments = self._segments
        return segments is not None and all(seg.warmed for seg in segments)


_LAST_EVENT = "SELECT max(id) FROM memory_events"
_EVENTS_AFTER = "SELECT id, memory_id FROM memory_events WHERE id > ?"

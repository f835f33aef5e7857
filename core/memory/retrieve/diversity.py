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

**Similarity** works without embeddings, so it is the same in every path (the lean one-shot path
has no numpy and no embedder): the Jaccard index of the two contents' shingle sets after NFKC
normalisation and case folding — each run of CJK characters read as its character bigrams (a
single character alone), each other word as the character trigrams of ``<word>`` (so ``fails``
and ``failed`` share most of theirs). Two memories are similar at :data:`SIMILAR_AT` or more,
unless their numbers disagree: the runs of digits of one must all be in the other (``install
fails 9568278`` and ``install fails 9568263`` are two claims, however alike their words). A superseded memory (shown with ``include_superseded``)
is never folded nor folds others: an old version beside its replacement is what was asked for.

**Bounded work** (:func:`diversified`, what every search path calls). The first ``limit``
results are compared; only when something folds is the search run again for :data:`EXTRA`
more results (:func:`widen`) to fill the ``limit``: most queries fold nothing and pay one
search (the explanations of 30 more results would cost more than the search itself). At most
:data:`SCAN` results are compared, each against at most :data:`DIVERSE_TOP` kept results, with
each content's shingles cached: well under a millisecond a query, whatever the store's size.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from functools import cache, lru_cache

from hmdesk.core.memory.retrieve.results import Query, QueryResult, ScoredMemory

SIMILAR_AT = 0.5
"""Shingle Jaccard from which two memories are the same claim (measured, see the module doc)."""
DIVERSE_TOP = 10
"""How many distinct results at the top are kept apart (the others pass through in order)."""
SCAN = 30
"""How many ranked results are compared."""
EXTRA = SCAN
"""How many more results the search is asked for, so folding some still fills ``limit``."""

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


@cache
def _word_pattern() -> re.Pattern[str]:
    """Runs of CJK characters (group ``cjk``) or of other word characters (``[^\\W_]`` is
    ``str.isalnum``). Compiled at its first use: see :func:`hmdesk.core.memory.terms.han_runs`."""
    return re.compile(f"(?P<cjk>[{_CJK}]+)|[^\\W_{_CJK}]+")


_DIGITS = re.compile(r"\d+")


def diversified(search: Callable[[Query], QueryResult | None], query: Query) -> QueryResult | None:
    """``search(query)`` with near-duplicates folded: the first ``limit`` results are checked;
    only when one folds is the search run again for :data:`EXTRA` more (:func:`widen`), so the
    common case costs one search and a comparison of shingles. None when ``search`` gives
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


SAMPLE_CHARS = 32_768
"""A content longer than twice this is compared by its head and its tail of this many
characters each (a pasted build log of 20 MB: the same bounded work as a short memory, and the
cache below keeps only the samples)."""


def shingles(content: str) -> frozenset[str]:
    """The normalised shingles of ``content`` (see the module doc)."""
    return _features(content)[0]


def numbers(content: str) -> frozenset[str]:
    """The runs of digits in ``content`` (codes, versions, ports, counts)."""
    return _features(content)[1]


def _features(content: str) -> tuple[frozenset[str], frozenset[str]]:
    if len(content) > 2 * SAMPLE_CHARS:
        content = content[:SAMPLE_CHARS] + "\n" + content[-SAMPLE_CHARS:]
    return _sample_features(content)


@lru_cache(maxsize=8192)
def _sample_features(content: str) -> tuple[frozenset[str], frozenset[str]]:
    text = unicodedata.normalize("NFKC", content).casefold()
    out: set[str] = set()
    for m in _word_pattern().finditer(text):
        word = m.group()
        if m.group("cjk"):
            if len(word) == 1:
                out.add(word)
            else:
                out.update(word[i : i + 2] for i in range(len(word) - 1))
        else:
            marked = f"<{word}>"
            out.update(marked[i : i + 3] for i in range(len(marked) - 2))
    return frozenset(out), frozenset(_DIGITS.findall(text))


def similarity(a: str, b: str) -> float:
    """The Jaccard index of two contents' shingles (1.0 for two empty ones)."""
    sa, sb = shingles(a), shingles(b)
    if not sa and not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)


def same_claim(a: str, b: str) -> bool:
    """Whether two contents are near-duplicates (see the module doc)."""
    return _similar(_features(a), _features(b))


def _similar(
    fa: tuple[frozenset[str], frozenset[str]], fb: tuple[frozenset[str], frozenset[str]]
) -> bool:
    (sa, na), (sb, nb) = fa, fb
    if not (na <= nb or nb <= na):  # other numbers: another code, build, port, device
        return False
    small, large = (len(sa), len(sb)) if len(sa) <= len(sb) else (len(sb), len(sa))
    if large == 0:
        return True
    if small < SIMILAR_AT * large:  # Jaccard ≤ small/large: no need to intersect
        return False
    inter = len(sa & sb)
    return inter >= SIMILAR_AT * (len(sa) + len(sb) - inter)


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
    kept: list[tuple[ScoredMemory, tuple[frozenset[str], frozenset[str]]]] = []
    out: list[ScoredMemory] = []
    for r in ranked[:SCAN]:
        if r.memory.is_superseded:  # shown on purpose (include_superseded): its own row
            out.append(r)
            continue
        own = _features(r.memory.content)
        for first, theirs in kept:
            if _similar(own, theirs):
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

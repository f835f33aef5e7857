"""The score and its explanation: recency, term spans in the content, score components.

What the index and the reference scans share: the haystack hmharness searches, recency from a
timestamp, where each term (or one of its accepted forms) occurs in a memory's content and tags,
and the note about unparseable timestamps.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hmdesk.core.memory.jsdate import datetime_ms, now_ms
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.profile import Profile
from hmdesk.core.memory.retrieve.results import Query, TermMatch
from hmdesk.core.memory.terms import form_count, form_in, form_spans

DAY_MS = 86_400_000
RECENCY_DAYS = 90


def haystack(rec: MemoryRecord) -> str:
    """What hmharness searches: ``(content + ' ' + tags.join(' ')).toLowerCase()``."""
    return haystack_text(rec.content, rec.tags)


def haystack_text(content: str, tags: Sequence[str]) -> str:
    """:func:`haystack` of a memory's content and tags."""
    return (content + " " + " ".join(tags)).lower()


def query_now_ms(query: Query) -> int:
    return now_ms() if query.now is None else datetime_ms(query.now)


def check_query(query: Query) -> None:
    if query.limit < 0:
        raise ValueError(f"limit must be 0 or more, not {query.limit}")


def recency_of(ts_ms: int | None, now: int) -> float:
    """``max(0, 1 - ageDays/90)``; an unparseable timestamp (``None``) counts as 0."""
    if ts_ms is None:
        return 0.0
    days = (now - ts_ms) / DAY_MS
    value = 1 - days / RECENCY_DAYS
    return value if value > 0 else 0.0


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


MAX_SPANS = 100
"""Spans kept per term and memory (an imported build log holds a word a million times: the
explanation says how many more instead of listing them, see ``TermMatch.more_spans``)."""


def content_spans(
    content: str,
    term: str,
    lowered: tuple[str, list[int] | None] | None = None,
    limit: int | None = None,
) -> list[tuple[int, int]]:
    """All non-overlapping case-insensitive occurrences of the (lowercase) term in ``content``
    (a plain English word at word boundaries, with its inflection: see
    :func:`~hmdesk.core.memory.terms.form_spans`), as indices into the original ``content``;
    the first ``limit`` when given."""
    low, starts = _lower_map(content) if lowered is None else lowered
    spans = form_spans(low, term, limit)
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


def group_in(hay: str, group: tuple[str, ...]) -> bool:
    """Whether the lowercased ``hay`` holds one of the group's forms (the matching rule of every
    path: word boundaries for plain English words, substrings otherwise)."""
    if len(group) == 1:
        return form_in(hay, group[0])
    return any(form_in(hay, form) for form in group)


def idf(df: int, n: int) -> float:
    """BM25's rarity weight ``ln(1 + (n − df + 0.5) / (df + 0.5))`` of a term held by ``df`` of
    ``n`` memories; 0 for a term in no memory (it cannot tell memories apart)."""
    if df <= 0:
        return 0.0
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


@dataclass(frozen=True)
class TermWeights:
    """The lexical weights of a query's term groups (one per group, in query order).

    ``lexical = (sum of the weights of the matched groups, added in query order) / total``. The
    default profile weighs a term by :func:`idf` over the live memories of the store; hmharness
    counts every term (and every repetition) 1."""

    raw: tuple[float, ...]
    total: float
    idf: tuple[float | None, ...]
    df: tuple[int | None, ...]
    memories: int | None

    def share(self, i: int) -> float:
        return self.raw[i] / self.total if self.total else 0.0

    def distinct(self, groups: Groups) -> dict[tuple[str, ...], float]:
        """Each distinct group's weight (a repeated group's weights added), first-seen order."""
        out: dict[tuple[str, ...], float] = {}
        for g, w in zip(groups, self.raw, strict=True):
            out[g] = out.get(g, 0.0) + w
        return out


def flat_weights(groups: Groups) -> TermWeights:
    """hmharness: every term (and every repetition) counts 1."""
    n = len(groups)
    return TermWeights((1.0,) * n, float(n), (None,) * n, (None,) * n, None)


def rarity_weights(groups: Groups, dfs: Sequence[int], memories: int) -> TermWeights:
    """The default profile's weights from each group's document frequency among ``memories``."""
    raw = tuple(idf(df, memories) for df in dfs)
    total = 0.0
    for w in raw:  # query order, as every path adds them
        total += w
    return TermWeights(raw, total, raw, tuple(dfs), memories)


def weights_for(
    profile: Profile, groups: Groups, df_of: Callable[[tuple[str, ...]], int], memories: int
) -> TermWeights:
    """The weights of ``profile``; ``df_of(group)`` counts the live memories holding a group."""
    if not profile.rarity:
        return flat_weights(groups)
    cache: dict[tuple[str, ...], int] = {}
    dfs = []
    for g in groups:
        if g not in cache:
            cache[g] = df_of(g)
        dfs.append(cache[g])
    return rarity_weights(groups, dfs, memories)


def explain_terms(
    rec: MemoryRecord,
    groups: Groups,
    weights: TermWeights | None = None,
    lexical_weight: float = 0.0,
    known: tuple[dict[tuple[str, ...], int], int] | None = None,
) -> list[TermMatch]:
    """Per query term (a group of accepted forms, term first): matched, content spans, tags, and
    with ``weights`` its share of lexical and its contribution to the score. ``known``: which
    groups the memory holds, if the caller knows (each group's bit, the memory's bits)."""
    content, tags = rec.content, rec.tags
    if known is not None and not known[1]:  # nothing matched (a result found by meaning alone)
        hay = tag_hay = ""
        tags_low: list[str] = []
        lowered: tuple[str, list[int] | None] = ("", None)
    else:
        low = content.lower()
        tags_low = [t.lower() for t in tags]
        # = haystack(rec): lowering each part alone changes nothing, as a space is neither
        # cased nor case-ignorable (the context of a final sigma stops at it)
        tag_hay = " ".join(tags_low)  # a form holds no whitespace: it matches in one tag or none
        hay = low + " " + tag_hay
        lowered = (low, None) if len(low) == len(content) else _lower_map(content)
    seen: dict[tuple[str, ...], TermMatch] = {}
    out: list[TermMatch] = []
    for i, group in enumerate(groups):
        if weights is None:
            weight, contribution, idf_i, df_i, memories = 1.0, 0.0, None, None, None
        else:
            weight, idf_i, df_i, memories = (
                weights.share(i),
                weights.idf[i],
                weights.df[i],
                weights.memories,
            )
            contribution = 0.0
        tm = seen.get(group)
        if tm is None:
            matched = (  # the haystack holds the tags: else no span, no tag
                group_in(hay, group) if known is None else bool(known[1] >> known[0][group] & 1)
            )
            spans: list[tuple[int, int]] = []
            tag_hits: list[str] = []
            more = 0
            if matched:
                if len(group) == 1:
                    spans = content_spans(content, group[0], lowered, MAX_SPANS)
                else:
                    found = [
                        sp
                        for form in group
                        for sp in content_spans(content, form, lowered, MAX_SPANS)
                    ]
                    spans = _merge(found)[:MAX_SPANS] if found else found
                if len(spans) >= MAX_SPANS:  # perhaps more: counted, not listed
                    more = max(0, sum(form_count(lowered[0], f) for f in group) - len(spans))
                if tags and group_in(tag_hay, group):
                    tag_hits = [
                        t for t, tl in zip(tags, tags_low, strict=True) if group_in(tl, group)
                    ]
            if weights is not None and matched:
                contribution = weight * lexical_weight
            tm = TermMatch(
                str(group[0]), matched, spans, tag_hits, [str(f) for f in group[1:]],
                weight, contribution, idf_i, df_i, memories, more,
            )  # fmt: skip
            seen[group] = tm
        else:
            if weights is not None and tm.matched:
                contribution = weight * lexical_weight
            tm = TermMatch(
                tm.term, tm.matched, list(tm.content_spans), list(tm.tags), list(tm.alternatives),
                weight, contribution, idf_i, df_i, memories, tm.more_spans,
            )  # fmt: skip
        out.append(tm)
    return out


def unparseable_note(unparseable: int) -> str | None:
    if not unparseable:
        return None
    return (
        f"{unparseable} matching {'memory has' if unparseable == 1 else 'memories have'} an "
        "unparseable timestamp; recency counted as 0 (hmharness would compute NaN)"
    )

"""The score and its explanation: recency, term spans in the content, score components.

What the index and the reference scans share: the haystack hmharness searches, recency from a
timestamp, where each term (or one of its accepted forms) occurs in a memory's content and tags,
the three weighted components, and the note about unparseable timestamps.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from hmdesk.core.memory.jsdate import datetime_ms, now_ms
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import PROFILES, Component, Query, TermMatch

DAY_MS = 86_400_000
RECENCY_DAYS = 90


def haystack(rec: MemoryRecord) -> str:
    """What hmharness searches: ``(content + ' ' + tags.join(' ')).toLowerCase()``."""
    return (rec.content + " " + " ".join(rec.tags)).lower()


def query_now_ms(query: Query) -> int:
    return now_ms() if query.now is None else datetime_ms(query.now)


def check_query(query: Query) -> None:
    if query.profile not in PROFILES:
        raise ValueError(
            f"unknown retrieval profile {query.profile!r}; use one of {', '.join(PROFILES)}"
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


def components(conf: float, rec: float, lex: float) -> dict[str, Component]:
    return {
        "confidence": Component("confidence", conf, 0.4, conf * 0.4),
        "recency": Component("recency", rec, 0.2, rec * 0.2),
        "lexical": Component("lexical", lex, 0.4, lex * 0.4),
    }


def hybrid_components(
    conf: float, rec: float, lex: float, sem: float, cosine: float | None
) -> dict[str, Component]:
    """The hybrid profile's four parts: lexical and semantic share lexical's 0.4, 0.2 each."""
    return {
        "confidence": Component("confidence", conf, 0.4, conf * 0.4),
        "recency": Component("recency", rec, 0.2, rec * 0.2),
        "lexical": Component("lexical", lex, 0.2, lex * 0.2),
        "semantic": Component("semantic", sem, 0.2, sem * 0.2, cosine),
    }


def unparseable_note(unparseable: int) -> str | None:
    if not unparseable:
        return None
    return (
        f"{unparseable} matching {'memory has' if unparseable == 1 else 'memories have'} an "
        "unparseable timestamp; recency counted as 0 (hmharness would compute NaN)"
    )

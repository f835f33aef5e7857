"""The recall floor: which pitfalls recalled for a failure are too weak to show.

A doctor's finding recalls pitfalls with its ``query_terms``; those include the first words of an
error code's meaning (``no``, ``file``, ``失败`` …), and on their own they pull in unrelated
memories with tiny lexical scores. :func:`recall_floor` drops those (see :func:`weak_reason`) and
keeps the rest untouched, explanations intact; the result's note says how many were hidden and
why. The runner's failure card and ``hmdesk-cli doctor --recall`` both go through
:func:`recall_for_terms`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from hmdesk.core.memory.retrieve.results import Query, QueryResult, ScoredMemory
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.terms import STOP_WORDS

# Terms too generic to recall a pitfall on their own, as the retriever spells them (lowercased,
# lightly stemmed: "failed" -> "fail", "files" -> "file"); the core's stop words are added below.
GENERIC_TERMS = frozenset(
    {
        "no",
        "not",
        "none",
        "file",
        "fail",
        "failed",
        "failure",
        "error",
        "found",
        "find",
        "cannot",
        "unable",
        "invalid",
        "please",
        "check",
        "失败",
        "错误",
        "文件",
    }
)
LEXICAL_FLOOR = 0.34  # with ≥ FLOOR_MIN_TERMS terms, less than this is a stray match …
FLOOR_MIN_TERMS = 3
_SPECIFIC = re.compile(r"\d")  # … unless it matched a code (9568320, 10104001, E0xxxxx)

RECALL_POOL = 20  # asked of the retriever: the floor may hide weak matches among the first
RECALL_SHOWN = 5  # shown


def _generic_terms() -> frozenset[str]:
    return GENERIC_TERMS | STOP_WORDS


def matched_share(scored: ScoredMemory, n_terms: int) -> float:
    """The share of the query's ``n_terms`` terms the memory matched (1.0 when unknown)."""
    if n_terms <= 0 or not scored.terms:
        return 1.0
    return sum(1 for tm in scored.terms if tm.matched) / max(n_terms, len(scored.terms))


def weak_reason(
    scored: ScoredMemory, n_terms: int, generic: frozenset[str] | None = None
) -> str | None:
    """Why a recalled memory is too weak to show (None: keep it).

    Weak: every term it matched is generic (``no``, ``file``, a stop word …); or, with at least
    :data:`FLOOR_MIN_TERMS` query terms, its lexical part (or the share of the terms it matched,
    whichever is lower) is under :data:`LEXICAL_FLOOR` and none of the terms it matched is
    specific (has a digit: an error code). The failure card and the crash card use this floor.
    """
    generic = _generic_terms() if generic is None else generic
    matched = [str(tm.term) for tm in scored.terms if tm.matched]
    strong = [t for t in matched if t.lower() not in generic]
    if matched and not strong:
        return "only generic words matched: " + ", ".join(matched)
    lexical = scored.components.get("lexical")
    raw = float(getattr(lexical, "raw", 1.0))
    # the share of the query's terms it matched: a term no memory has weighs 0 in the lexical
    # part (rarity), so "read" alone can score lexical 1.00 for "TypeError … read … undefined"
    raw = min(raw, matched_share(scored, n_terms))
    if (
        n_terms >= FLOOR_MIN_TERMS
        and raw < LEXICAL_FLOOR
        and not any(_SPECIFIC.search(t) for t in strong)
    ):
        return f"lexical {raw:.2f} < {LEXICAL_FLOOR} with no code matched"
    return None


def recall_floor(result: QueryResult, limit: int = 5) -> QueryResult:
    """``result`` without its weak matches (see :func:`weak_reason`), at most ``limit`` kept.

    The kept ``ScoredMemory`` objects are the retriever's own (explanations intact); the removed
    count is added to ``filtered["weak_match"]`` and to the note.
    """
    if result is None or not getattr(result, "results", None):
        return result
    generic = _generic_terms()
    n_terms = len(result.terms)
    kept = [s for s in result.results if weak_reason(s, n_terms, generic) is None]
    weak = len(result.results) - len(kept)
    kept = kept[:limit]
    if not weak:
        return (
            dataclasses.replace(result, results=kept)
            if len(kept) != len(result.results)
            else result
        )
    filtered = dict(result.filtered)
    filtered["weak_match"] = filtered.get("weak_match", 0) + weak
    hidden = f"{weak} weak match{'es' if weak != 1 else ''} hidden (only generic words in common)"
    note = f"{result.note}; {hidden}" if result.note else hidden
    return dataclasses.replace(result, results=kept, filtered=filtered, note=note)


def recall_for_terms(
    retriever: Retriever,
    terms: Sequence[str],
    *,
    pool: int = RECALL_POOL,
    shown: int = RECALL_SHOWN,
) -> QueryResult:
    """Pitfalls recalled for a finding's ``query_terms``, weak matches hidden, at most ``shown``."""
    query = Query(text=" ".join(str(t) for t in terms), limit=pool)
    return recall_floor(retriever.search(query), limit=shown)

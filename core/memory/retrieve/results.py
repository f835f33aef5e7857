"""The public data types of a query and its result, and their JSON form.

:class:`Query` in, :class:`QueryResult` out: each :class:`ScoredMemory` carries its score's
:class:`Component` parts and, per query term, a :class:`TermMatch` (matched, where in the content,
which tags). The GUI draws from these alone; :func:`result_to_json` is the
``hmdesk-cli query --json`` schema (README "Query output (JSON)").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.profile import DEFAULT, Profile

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.rewrite import Rewrite

FILTER_KEYS = ("superseded", "layer", "environment", "tags", "no_match")


@dataclass
class Query:
    text: str = ""
    layer: str | None = None
    environment: str | None = None
    tags: Sequence[str] = ()
    limit: int = 10
    profile: Profile = DEFAULT
    now: datetime | None = None  # None = the current time; a naive datetime is taken as UTC
    include_superseded: bool = False
    # the default and hybrid profiles' query rewrite (negation, boilerplate, stop words; see
    # hmdesk.core.memory.retrieve.rewrite); False searches the text as it is (the lab's control)
    rewrite: bool = True
    # only memories tagged ``ws:<workspace>`` (hmdesk.core.memory.workspace); a ``ws:name`` key
    # in the text of a default or hybrid query sets it and leaves the text
    workspace: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.profile, Profile):
            raise TypeError(f"Query.profile takes a Profile (see PROFILES), not {self.profile!r}")
        if self.profile.additions and "ws:" in self.text:
            from hmdesk.core.memory.workspace import split_workspace

            self.text, named = split_workspace(self.text)
            self.workspace = named or self.workspace


@dataclass
class TermMatch:
    term: str
    matched: bool
    content_spans: list[tuple[int, int]]  # Python str indices into memory.content, end exclusive
    tags: list[str]  # the memory's tags that contain the term (case-insensitive)
    # other forms the term accepts (default profile glossary, e.g. 构建 → build); spans and tags
    # above cover every form
    alternatives: list[str] = field(default_factory=list)
    # the term's share of the lexical value (a query's shares sum to 1): its weight over the sum
    # of the query's weights; ``contribution`` = share × lexical's weight when matched, else 0
    weight: float = 1.0
    contribution: float = 0.0
    # default and hybrid profiles: the rarity weight (BM25's IDF, 0 for a term in no memory) and
    # the number of memories holding the term, of ``memories`` in the store (hmharness: None)
    idf: float | None = None
    document_frequency: int | None = None
    memories: int | None = None
    # occurrences past the first MAX_SPANS (scoring.py) of ``content_spans``: counted, not listed
    more_spans: int = 0


@dataclass
class Component:
    name: str
    raw: float
    weight: float
    contribution: float
    # the semantic component only: the cosine between the query's and the memory's embeddings
    # (None: the memory has no embedding yet); ``raw`` is that cosine min-max normalised
    similarity: float | None = None


@dataclass
class ScoredMemory:
    memory: MemoryRecord
    score: float
    components: dict[str, Component]  # "confidence", "recency", "lexical" (+ "semantic")
    terms: list[TermMatch]
    # per negated term of a rewritten query: whether this memory holds it (see "negated")
    negated: list[TermMatch] = field(default_factory=list)
    # near-duplicates folded into this result, best first (see .diversity; default and hybrid)
    similar: list[ScoredMemory] = field(default_factory=list)


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
    rewrite: Rewrite | None = None  # what the query rewrite made of the text (None: as it is)


def result_to_json(result: QueryResult) -> dict[str, Any]:
    q = result.query
    return {
        "query": {
            "text": q.text,
            "profile": q.profile.name,
            "layer": q.layer,
            "environment": q.environment,
            "tags": list(q.tags),
            "limit": q.limit,
            "include_superseded": q.include_superseded,
            "workspace": q.workspace,
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
                    name: {
                        "raw": c.raw,
                        "weight": c.weight,
                        "contribution": c.contribution,
                        **({"similarity": c.similarity} if name == "semantic" else {}),
                    }
                    for name, c in r.components.items()
                },
                "terms": [
                    {
                        "term": t.term,
                        "matched": t.matched,
                        "content_spans": [[a, b] for a, b in t.content_spans],
                        "more_spans": t.more_spans,
                        "tags": list(t.tags),
                        "alternatives": list(t.alternatives),
                        "weight": t.weight,
                        "contribution": t.contribution,
                        "idf": t.idf,
                        "document_frequency": t.document_frequency,
                        "memories": t.memories,
                    }
                    for t in r.terms
                ],
                **(
                    {"negated": [{"term": t.term, "matched": t.matched} for t in r.negated]}
                    if result.rewrite is not None and result.rewrite.negated
                    else {}
                ),
                "similar": [s.memory.id for s in r.similar],
            }
            for r in result.results
        ],
        "filtered": dict(result.filtered),
        "pool": result.pool,
        "matched": result.matched,
        "note": result.note,
        "rewrite": None if result.rewrite is None else result.rewrite.to_json(),
        "elapsed_ms": round(result.elapsed_ms, 3),
    }

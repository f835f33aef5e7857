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
from typing import Any

from hmdesk.core.memory.record import MemoryRecord

PROFILES = ("default", "hmharness", "hybrid")
WEIGHTS = {"confidence": 0.4, "recency": 0.2, "lexical": 0.4}
# the hybrid profile splits the lexical weight 50/50 between lexical and semantic similarity
HYBRID_WEIGHTS = {"confidence": 0.4, "recency": 0.2, "lexical": 0.2, "semantic": 0.2}


def lexical_profile(profile: str) -> str:
    """The profile whose terms ``profile`` uses (hybrid ranks its text like default)."""
    return "default" if profile == "hybrid" else profile


FILTER_KEYS = ("superseded", "layer", "environment", "tags", "no_match")


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
    # only memories tagged ``ws:<workspace>`` (hmdesk.core.memory.workspace); a ``ws:name`` key
    # in the text of a default or hybrid query sets it and leaves the text
    workspace: str | None = None

    def __post_init__(self) -> None:
        if self.profile != "hmharness" and "ws:" in self.text:
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

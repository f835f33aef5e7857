"""Recall by location: a failure with a ``file:line`` recalls the memories anchored to that code
first, then the text matches.

A compile error (``file:line:col`` from the build doctor) or a crash's project frames give
locations. For each, the entity at the line (and its containers: ``Index.build``, then ``Index``)
and its callers to :data:`CALLER_DEPTH` levels (``CodeIndex.impact``) are looked up, and the live
memories anchored to any of them come first, ranked by closeness: the entity itself (innermost
first), then the callers by level; earlier locations before later ones. Then come the text
matches (the retriever's result for the failure's terms, as the failure card always had), without
the memories already shown. Each :class:`Recalled` says where it came from (``via`` ``"anchor"``
or ``"text"``, and a label such as "anchored to Index.build", "anchored to a caller:
Service.load", "text match"). The failure card, the crash card and ``hmdesk-cli run --json`` all
read this one list.

Scores: a text match keeps its retriever score; an anchored memory scores by closeness
(``1 / (1 + level)`` minus 0.01 per container step), or its retriever score when it also
matched by text and that is higher. Order is anchors first whatever the scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hmdesk.core.codeindex.anchors import AnchorStore, locate
from hmdesk.core.codeindex.entities import Entity
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import QueryResult, ScoredMemory
from hmdesk.core.memory.store import MemoryStore

CALLER_DEPTH = 2
MAX_LOCATIONS = 8  # a crash's project frames: the top few are enough

VIA_ANCHOR = "anchor"
VIA_TEXT = "text"


@dataclass(frozen=True, slots=True)
class Location:
    path: str  # absolute or relative to the project root
    line: int
    column: int = 0
    symbol: str = ""  # the function a stack frame names (its line may be the compiled file's)


@dataclass(frozen=True, slots=True)
class Recalled:
    """One recalled memory: ``via`` is ``"anchor"`` or ``"text"``; ``label`` says where from."""

    memory: MemoryRecord
    score: float
    via: str
    label: str
    scored: ScoredMemory | None = None  # the retriever's explanation when it matched by text
    entity: Entity | None = None  # the anchored entity (via anchor)
    level: int = 0  # 0 = the entity at the location (or a container), 1+ = callers

    def to_json(self) -> dict[str, Any]:
        return {"id": self.memory.id, "score": round(self.score, 4), "via": self.via}


def parse_location(text: str | None) -> Location | None:
    """``path:line[:col]`` (a doctor finding's location) → :class:`Location`; None when the text
    has no line number (Windows drive letters are kept in the path)."""
    if not text:
        return None
    parts = text.strip().rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return Location(parts[0], int(parts[1]), int(parts[2]))
    head, _, tail = text.strip().rpartition(":")
    if head and tail.isdigit():
        return Location(head, int(tail))
    return None


def _candidates(
    index: CodeIndex, locations: Iterable[Location], depth: int
) -> list[tuple[int, int, Entity]]:
    """(level, rank, entity) in the order they are shown, each entity once."""
    out: list[tuple[int, int, Entity]] = []
    seen: set[tuple[str, str]] = set()
    rank = 0
    for loc in list(locations)[:MAX_LOCATIONS]:
        try:
            chain = index.chain_at(loc.path, loc.line)
        except ValueError:  # a path outside the project
            continue
        named = _named(index, loc) if loc.symbol else None
        if named is not None and all(e.name != named.name for e in chain):
            # a raw release stack's line is the compiled .ts line: the frame's function, by name
            chain = [
                named,
                *(
                    e
                    for e in index.chain_at(loc.path, named.start_line)
                    if e.contains(named.end_line) and e != named
                ),
            ]
        if not chain:
            continue
        found: list[tuple[int, Entity]] = [(0, e) for e in chain]
        found += index.impact(chain[0], depth)
        for level, ent in found:
            key = (ent.path, ent.qualified)
            if key in seen:
                continue
            seen.add(key)
            out.append((level, rank, ent))
            rank += 1
    out.sort(key=lambda c: (c[0], c[1]))
    return out


def _named(index: CodeIndex, loc: Location) -> Entity | None:
    if loc.symbol in ("anonymous", "func_main_0"):
        return None
    try:
        return index.named(loc.path, loc.symbol)
    except ValueError:
        return None


def _label(level: int, entity: Entity) -> str:
    if level == 0:
        return f"anchored to {entity.qualified}"
    return f"anchored to a caller: {entity.qualified}"


def recall_by_location(
    store: MemoryStore | Any,
    index: CodeIndex | None,
    locations: Sequence[Location],
    text: QueryResult | None,
    *,
    depth: int = CALLER_DEPTH,
) -> list[Recalled]:
    """The memories anchored at ``locations`` (closest first), then ``text``'s results, each
    memory once. ``store`` is a :class:`MemoryStore` or anything with ``.store`` (a
    ``Retriever``). Without an index or locations this is the text recall alone."""
    text_rows = list(text.results) if text is not None else []
    by_text = {s.memory.id: s for s in text_rows}
    out: list[Recalled] = []
    seen: set[str] = set()
    if index is not None and locations:
        mstore: MemoryStore = store if isinstance(store, MemoryStore) else store.store
        cands = _candidates(index, locations, depth)
        order = {(e.path, e.qualified): (lvl, rank, e) for lvl, rank, e in cands}
        hits: list[tuple[int, int, int, str, Entity]] = []
        if cands:
            anchors = AnchorStore(mstore.db).for_symbols(
                index.root, {e.qualified for *_, e in cands}
            )
            for a in anchors:
                ent = locate(a, index)
                where = order.get((ent.path, ent.qualified)) if ent is not None else None
                if where is not None:
                    hits.append((where[0], where[1], a.id, a.memory_id, where[2]))
        hits.sort(key=lambda h: h[:3])
        records = {m.id: m for m in mstore.get_many({h[3] for h in hits})} if hits else {}
        for level, rank, _aid, memory_id, ent in hits:
            mem = records.get(memory_id)
            if mem is None or mem.id in seen or mem.is_deleted or mem.is_superseded:
                continue
            seen.add(mem.id)
            scored = by_text.get(mem.id)
            closeness = max(0.01, 1.0 / (1 + level) - 0.01 * min(rank, 50) * (level == 0))
            score = max(closeness, scored.score) if scored is not None else closeness
            out.append(Recalled(mem, score, VIA_ANCHOR, _label(level, ent), scored, ent, level))
    for s in text_rows:
        if s.memory.id in seen:
            continue
        seen.add(s.memory.id)
        out.append(Recalled(s.memory, s.score, VIA_TEXT, "text match", s))
    return out

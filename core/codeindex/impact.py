"""Impact: the callers of an entity to depth N, and the memories anchored along them.

"What may break if I change this, and what do we already know about that code?" The callers
come from :meth:`CodeIndex.impact` (a call graph by name); the memories are the anchors on the
entity itself (level 0) and on each caller, read in one query.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from hmdesk.core.codeindex.anchors import Anchor, AnchorStore
from hmdesk.core.codeindex.entities import Entity
from hmdesk.core.codeindex.index import CodeIndex

DEFAULT_DEPTH = 2
MAX_DEPTH = 8


@dataclass(frozen=True)
class ImpactRow:
    """One entity on the way: level 0 is the entity asked about, 1 its direct callers…"""

    level: int
    entity: Entity
    anchors: tuple[Anchor, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "entity": self.entity.to_json(),
            "memories": [a.memory_id for a in self.anchors],
        }


def impact(
    index: CodeIndex,
    entity: Entity,
    anchors: AnchorStore | None = None,
    *,
    depth: int = DEFAULT_DEPTH,
    project: str | os.PathLike[str] | None = None,
) -> list[ImpactRow]:
    """``entity`` and its callers to ``depth`` (capped at :data:`MAX_DEPTH`), each with the
    anchors on it (when ``anchors`` is given: the project is the index's root)."""
    depth = max(0, min(depth, MAX_DEPTH))
    chain = [(0, entity), *index.impact(entity, depth)]
    by_symbol: dict[tuple[str, str], list[Anchor]] = {}
    if anchors is not None:
        root = project if project is not None else index.root
        for a in anchors.for_symbols(root, {e.qualified for _lvl, e in chain}):
            by_symbol.setdefault((a.path, a.symbol), []).append(a)
    return [ImpactRow(lvl, e, tuple(by_symbol.get((e.path, e.qualified), ()))) for lvl, e in chain]

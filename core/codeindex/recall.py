"""Memories anchored to the code at a ``file:line`` (e.g. an ArkTS compile error's location).

:func:`recall_for_location` finds the entity at the line and its containers (``Index.build``,
then ``Index``), and returns the live memories anchored to any of them, innermost first. The
runner's failure card shows these next to the pitfalls recalled by text.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from hmdesk.core.codeindex.anchors import Anchor, AnchorStore, locate
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.parser import Entity
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.store import MemoryStore


@dataclass(frozen=True, slots=True)
class AnchoredMemory:
    memory: MemoryRecord
    anchor: Anchor
    entity: Entity  # where the anchor's symbol is now (one of the chain at the location)
    depth: int  # 0 = the innermost entity at the line, 1 = its container, ...


def recall_for_location(
    store: MemoryStore | Any,
    index: CodeIndex,
    path: str | os.PathLike[str],
    line: int,
    *,
    include_superseded: bool = False,
) -> list[AnchoredMemory]:
    """Live memories anchored to the entity at ``path:line`` or to one of its containers,
    innermost first (then oldest anchor first), each memory once. ``store`` is a
    :class:`MemoryStore` or anything with a ``.store`` (a ``Retriever``). ``path`` is absolute
    or relative to the index root; a location outside the project gives []."""
    mstore: MemoryStore = store if isinstance(store, MemoryStore) else store.store
    chain = index.chain_at(path, line)
    if not chain:
        return []
    depth_of = {(e.path, e.qualified): d for d, e in enumerate(chain)}
    anchors = AnchorStore(mstore.db).for_symbols(index.root, [e.qualified for e in chain])
    hits: list[tuple[int, Anchor, Entity]] = []
    for a in anchors:
        ent = locate(a, index)
        if ent is None:
            continue
        depth = depth_of.get((ent.path, ent.qualified))
        if depth is not None:
            hits.append((depth, a, ent))
    hits.sort(key=lambda h: (h[0], h[1].id))
    records = {m.id: m for m in mstore.get_many({a.memory_id for _, a, _ in hits})}
    out: list[AnchoredMemory] = []
    seen: set[str] = set()
    for depth, a, ent in hits:
        mem = records.get(a.memory_id)
        if mem is None or mem.id in seen or mem.is_deleted:
            continue
        if mem.is_superseded and not include_superseded:
            continue
        seen.add(mem.id)
        out.append(AnchoredMemory(mem, a, ent, depth))
    return out

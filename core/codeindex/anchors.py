"""Anchors: memories tied to the code they are about.

An anchor names a symbol by its qualified name (``Index.build``, ``EntryAbility.onCreate``) in a
file of a project, with the line it was last seen at. Code moves, so an anchor is *resolved*
against a :class:`~hmdesk.core.codeindex.index.CodeIndex`: the symbol is looked up by qualified
name (same file first, then anywhere in the project when the file was renamed); if it is gone,
the anchor is marked ``stale`` (kept, not deleted: the memory may still be worth reading).

Adding and removing an anchor appends a memory event in the same transaction, following the
memory store's conventions (``at`` = :func:`~hmdesk.core.db.iso`, an actor, a fresh
``group_id``), so it shows in the memory's history:

==============  ==========================================================================
``anchor``      ``field`` ``anchor``: None → the anchor (``{"id", "project", "path", ...}``)
``unanchor``    ``field`` ``anchor``: the anchor → None
==============  ==========================================================================

The store does not revert these (``revert`` says the event cannot be reverted; ``undo`` skips
them); remove or add the anchor again instead.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hmdesk.core.codeindex.entities import Entity
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.db import Database, iso
from hmdesk.core.models import Memory, MemoryAnchor, table_of
from hmdesk.core.models import MemoryEvent as EventRow


class AnchorError(Exception):
    """Bad input (unknown memory or anchor, a symbol that is not in the index)."""


@dataclass(frozen=True, slots=True)
class Anchor:
    id: int
    memory_id: str
    project: str
    path: str
    symbol: str
    kind: str
    line: int
    created_at: str
    stale: bool = False
    last_seen: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "memory_id": self.memory_id,
            "project": self.project,
            "path": self.path,
            "symbol": self.symbol,
            "kind": self.kind,
            "line": self.line,
            "created_at": self.created_at,
            "stale": self.stale,
            "last_seen": self.last_seen,
        }


@dataclass(frozen=True, slots=True)
class Resolution:
    """Where an anchor's symbol is now. ``entity`` None = gone (stale)."""

    anchor: Anchor
    entity: Entity | None

    @property
    def stale(self) -> bool:
        return self.entity is None

    @property
    def path(self) -> str:
        return self.entity.path if self.entity else self.anchor.path

    @property
    def line(self) -> int:
        return self.entity.start_line if self.entity else self.anchor.line

    @property
    def moved(self) -> bool:
        return self.entity is not None and (
            self.entity.path != self.anchor.path or self.entity.start_line != self.anchor.line
        )

    def to_json(self) -> dict[str, Any]:
        out = self.anchor.to_json()
        out["current"] = (
            None
            if self.entity is None
            else {
                "path": self.entity.path,
                "line": self.entity.start_line,
                "end_line": self.entity.end_line,
            }
        )
        out["stale"] = self.stale
        out["moved"] = self.moved
        return out


def project_key(root: str | os.PathLike[str]) -> str:
    """How a project root is stored: the absolute, resolved path."""
    return str(Path(root).expanduser().resolve())


def locate(anchor: Anchor, index: CodeIndex) -> Entity | None:
    """The anchor's symbol in ``index`` now: in the same file (the one nearest the old line if
    the name repeats), else the only one in the project (a renamed file), else None."""
    found = [e for e in index.find(anchor.symbol) if e.kind == anchor.kind] or index.find(
        anchor.symbol
    )
    same_file = [e for e in found if e.path == anchor.path]
    if same_file:
        return min(same_file, key=lambda e: abs(e.start_line - anchor.line))
    if len(found) == 1 and not (index.root / anchor.path).is_file():
        return found[0]
    return None


def _anchor(row: MemoryAnchor) -> Anchor:
    return Anchor(
        id=row.id,
        memory_id=row.memory_id,
        project=row.project,
        path=row.path,
        symbol=row.symbol,
        kind=row.kind,
        line=row.line,
        created_at=row.created_at,
        stale=bool(row.stale),
        last_seen=row.last_seen,
    )


class AnchorStore:
    """Add, remove, list and resolve anchors in one :class:`Database`.

    ``on_change(memory ids)`` is called after a commit that added or removed anchors (e.g. to
    refresh a history view); the memory store's own listeners are not told."""

    def __init__(
        self,
        db: Database,
        *,
        actor: str = "user",
        on_change: Callable[[set[str]], None] | None = None,
    ) -> None:
        self.db = db
        self.actor = actor
        self.on_change = on_change

    def _event(
        self, session: Any, memory_id: str, kind: str, old: Any, new: Any, actor: str | None
    ) -> None:
        session.execute(
            sa.insert(table_of(EventRow)),
            [
                {
                    "memory_id": memory_id,
                    "at": iso(),
                    "actor": actor or self.actor,
                    "kind": kind,
                    "field": "anchor",
                    "old": old,
                    "new": new,
                    "reason": None,
                    "group_id": uuid.uuid4().hex,
                    "reverts_event_id": None,
                }
            ],
        )

    def _changed(self, ids: set[str]) -> None:
        if ids and self.on_change is not None:
            self.on_change(ids)

    def add(
        self,
        memory_id: str,
        project: str | os.PathLike[str],
        entity: Entity,
        *,
        actor: str | None = None,
    ) -> Anchor:
        """Anchor memory ``memory_id`` to ``entity`` (from an index of ``project``)."""
        now = iso()
        with self.db.write() as s:
            mem = s.scalars(sa.select(Memory).where(Memory.id == memory_id)).one_or_none()
            if mem is None:
                raise AnchorError(f"no memory with id {memory_id!r}")
            if mem.deleted_at is not None:
                raise AnchorError(f"memory {memory_id} is deleted; restore it before anchoring")
            row = MemoryAnchor(
                memory_id=memory_id,
                project=project_key(project),
                path=entity.path,
                symbol=entity.qualified,
                kind=entity.kind,
                line=entity.start_line,
                created_at=now,
                stale=False,
                last_seen=now,
            )
            s.add(row)
            s.flush()
            anchor = _anchor(row)
            self._event(s, memory_id, "anchor", None, anchor.to_json(), actor)
        self._changed({memory_id})
        return anchor

    def remove(self, anchor_id: int, *, actor: str | None = None) -> Anchor:
        with self.db.write() as s:
            row = s.get(MemoryAnchor, anchor_id)
            if row is None:
                raise AnchorError(f"no anchor with id {anchor_id}; see `hmdesk-cli anchors ID`")
            anchor = _anchor(row)
            s.delete(row)
            self._event(s, anchor.memory_id, "unanchor", anchor.to_json(), None, actor)
        self._changed({anchor.memory_id})
        return anchor

    def get(self, anchor_id: int) -> Anchor:
        with self.db.read() as s:
            row = s.get(MemoryAnchor, anchor_id)
            if row is None:
                raise AnchorError(f"no anchor with id {anchor_id}")
            return _anchor(row)

    def for_memory(self, memory_id: str, *, project: str | None = None) -> list[Anchor]:
        stmt = sa.select(MemoryAnchor).where(MemoryAnchor.memory_id == memory_id)
        if project is not None:
            stmt = stmt.where(MemoryAnchor.project == project_key(project))
        with self.db.read() as s:
            return [_anchor(r) for r in s.scalars(stmt.order_by(MemoryAnchor.id))]

    def for_file(self, project: str | os.PathLike[str], path: str) -> list[Anchor]:
        stmt = sa.select(MemoryAnchor).where(
            MemoryAnchor.project == project_key(project), MemoryAnchor.path == path
        )
        with self.db.read() as s:
            return [_anchor(r) for r in s.scalars(stmt.order_by(MemoryAnchor.id))]

    def for_symbols(self, project: str | os.PathLike[str], symbols: Iterable[str]) -> list[Anchor]:
        symbols = list(dict.fromkeys(symbols))
        if not symbols:
            return []
        stmt = sa.select(MemoryAnchor).where(
            MemoryAnchor.project == project_key(project), MemoryAnchor.symbol.in_(symbols)
        )
        with self.db.read() as s:
            return [_anchor(r) for r in s.scalars(stmt.order_by(MemoryAnchor.id))]

    def resolve(self, anchor: Anchor, index: CodeIndex) -> Resolution:
        """Where ``anchor`` is now in ``index``; stores what it found (new path/line and
        ``last_seen``, or ``stale``) when that differs from the row."""
        return self.resolve_many([anchor], index)[0]

    def resolve_many(self, anchors: Sequence[Anchor], index: CodeIndex) -> list[Resolution]:
        now = iso()
        out: list[Resolution] = []
        updates: list[dict[str, Any]] = []
        for a in anchors:
            ent = locate(a, index)
            if ent is None:
                res = Resolution(replace(a, stale=True), None)
                if not a.stale:
                    updates.append({"id": a.id, "stale": True})
            else:
                res = Resolution(a, ent)  # the anchor as stored: `moved` compares with it
                updates.append(
                    {"id": a.id, "path": ent.path, "line": ent.start_line, "stale": False}
                )
            out.append(res)
        if updates:
            with self.db.write() as s:
                for u in updates:
                    row = s.get(MemoryAnchor, u["id"])
                    if row is None:
                        continue
                    for k, v in u.items():
                        if k != "id":
                            setattr(row, k, v)
                    if not u["stale"]:
                        row.last_seen = now
        return out

"""Plain, immutable views of memories and their events, safe to pass between threads.

The store returns these (never live ORM objects), the retriever scores them and the GUI draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LAYERS: tuple[str, ...] = ("episodic", "semantic", "procedural", "world")
"""Layers that are persisted. hmharness's ``working`` layer is runtime-only and never stored."""

DECAY_SENTINEL = "consolidation:stale"
"""hmharness's ``supersededBy`` value for decayed entries: not a link to another memory."""


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    # hmharness fields
    id: str
    layer: str
    content: str
    source: str
    provenance: str
    confidence: float
    timestamp: str
    environment: str
    session: str
    tags: tuple[str, ...] = ()
    payload: Any = None
    superseded_by: str | None = None
    # inspector fields
    seq: int = 0
    created_at: str = ""
    updated_at: str = ""
    recall_count: int = 0
    last_recalled_at: str | None = None
    superseded_at: str | None = None
    supersede_reason: str | None = None
    deleted_at: str | None = None
    origin: str = "hmdesk"
    extra: dict[str, Any] = field(default_factory=dict)
    # ids of the memories this one supersedes (the back-link), filled by the store
    supersedes: tuple[str, ...] = ()

    @property
    def is_superseded(self) -> bool:
        return self.superseded_by is not None

    @property
    def is_decayed(self) -> bool:
        return self.superseded_by == DECAY_SENTINEL

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None


@dataclass(frozen=True, slots=True)
class MemoryEvent:
    id: int
    memory_id: str
    at: str
    actor: str
    kind: str
    field: str | None = None
    old: Any = None
    new: Any = None
    reason: str | None = None
    group_id: str | None = None
    reverts_event_id: int | None = None

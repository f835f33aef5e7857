"""Records built without a store, for the lifecycle tests."""

from __future__ import annotations

from typing import Any

from hmdesk.core.memory.record import MemoryRecord


def rec(id: str, content: str, **kw: Any) -> MemoryRecord:
    """A record as the store would give it (semantic, 0.7, a fixed timestamp unless told)."""
    base: dict[str, Any] = {
        "layer": "semantic",
        "source": "t",
        "provenance": "t",
        "confidence": 0.7,
        "timestamp": "2026-11-01T00:00:00.000Z",
        "environment": "harmonyos",
        "session": "s",
    }
    base.update(kw)
    return MemoryRecord(id=id, content=content, **base)

"""The starter pack: real HarmonyOS pitfalls shipped in ``resources/starter_pack.jsonl``."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from hmdesk.core.db import iso
from hmdesk.core.memory.errors import NotFound
from hmdesk.core.memory.store import MemoryStore

STARTER_FILE = "starter_pack.jsonl"


def starter_entries() -> list[dict[str, Any]]:
    text = resources.files("hmdesk.resources").joinpath(STARTER_FILE).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def load_starter_pack(store: MemoryStore) -> int:
    """Add every starter memory not already in the store. Returns how many were added."""
    added = 0
    now = iso()
    for e in starter_entries():
        try:
            store.get(e["id"])
            continue
        except NotFound:
            pass
        store.add(
            e["content"],
            id=e["id"],
            layer=e.get("layer", "semantic"),
            tags=e.get("tags", ()),
            confidence=float(e.get("confidence", 0.8)),
            source=e.get("source", "starter-pack"),
            provenance=e.get("provenance", "hmdesk starter pack"),
            environment=e.get("environment", "harmonyos"),
            session=e.get("session", "starter-pack"),
            timestamp=now,
            reason="starter pack",
        )
        added += 1
    return added

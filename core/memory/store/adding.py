"""Adding a memory: its id, the checks on its fields, its row and its ``add`` event.

:func:`check_input` applies the rules a person's input must pass (the GUI editor's,
:func:`~hmdesk.core.memory.validation.memory_input_problem`) on top of the type checks;
:func:`insert_memory` writes a new memory in a store transaction (``MemoryStore.add`` and
``MemoryStore.supersede`` with new content).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from hmdesk.core.db import iso
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.record import DECAY_SENTINEL
from hmdesk.core.memory.safe_text import clean_json, clean_text
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.memory.validation import (
    memory_input_problem,
    validate_confidence,
    validate_content,
    validate_layer,
    validate_tags,
)
from hmdesk.core.models import Memory


def new_memory_id(content: str, layer: str) -> str:
    """``mem-`` + 12 hex, the shape hmharness uses."""
    seed = f"{content}\x00{layer}\x00{iso()}\x00{uuid.uuid4().hex}".encode()
    return "mem-" + hashlib.sha256(seed).hexdigest()[:12]


def required_text(name: str, value: object) -> str:
    """``value`` if it is a non-empty string, else :class:`StoreError` naming the field."""
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"{name} is required (a non-empty string), got {value!r}")
    return clean_text(value)


def check_input(content: object, tags: object, layer: object, environment: object) -> None:
    """:class:`StoreError` unless these values pass the rules a person's input must pass
    (:func:`~hmdesk.core.memory.validation.memory_input_problem`, what the GUI editor shows).
    hmharness imports do not go through this: they keep a record as the agent wrote it."""
    if not isinstance(environment, str):
        raise StoreError(f"environment must be text, got {environment!r}")
    problem = memory_input_problem(
        validate_content(content), validate_tags(tags), validate_layer(layer), environment
    )
    if problem is not None:
        raise StoreError(problem)


def insert_memory(
    tx: Transaction,
    content: str,
    *,
    layer: str = "semantic",
    tags: Iterable[str] = (),
    confidence: float = 0.7,
    source: str = "hmdesk",
    provenance: str = "manual",
    environment: str = "harmonyos",
    session: str = "hmdesk",
    payload: Any = None,
    id: str | None = None,
    timestamp: str | None = None,
    reason: str | None = None,
) -> Memory:
    """Insert a new memory row and its ``add`` event in ``tx`` (fields checked, not the
    editor's input rules: :func:`check_input` is for what a person typed)."""
    content = validate_content(content)
    layer = validate_layer(layer)
    tag_list = validate_tags(tags)
    conf = validate_confidence(confidence)
    source = required_text("source", source)
    provenance = required_text("provenance", provenance)
    if not isinstance(environment, str):
        raise StoreError(f"environment must be text, got {environment!r}")
    if not isinstance(session, str):
        raise StoreError(f"session must be text, got {session!r}")
    environment, session = clean_text(environment), clean_text(session)
    if timestamp is not None:
        timestamp = clean_text(timestamp)
    try:
        payload = clean_json(payload)[0]
        json.dumps(payload, allow_nan=False)  # NaN/Infinity: no JSON reader takes them back
    except (TypeError, ValueError) as exc:
        raise StoreError(f"payload must be JSON-serialisable: {exc}") from exc
    if id is None:
        id = new_memory_id(content, layer)
    else:
        id = required_text("id", id).strip()
        if id == DECAY_SENTINEL:
            raise StoreError(f"{id!r} is reserved by hmharness; choose another id")
    exists = tx.session.execute(sa.select(Memory.seq).where(Memory.id == id)).first()
    if exists:
        raise StoreError(f"a memory with id {id!r} already exists; choose another id")
    row = Memory(
        id=id,
        layer=layer,
        content=content,
        payload=payload,
        source=source,
        provenance=provenance,
        confidence=conf,
        timestamp=timestamp or tx.at,
        environment=environment,
        session=session,
        superseded_by=None,
        tags=tag_list,
        created_at=tx.at,
        updated_at=tx.at,
        recall_count=0,
        extra={},
        origin="hmdesk",
    )
    tx.session.add(row)
    tx.session.flush()
    snapshot = {
        "content": content,
        "layer": layer,
        "tags": tag_list,
        "confidence": conf,
        "environment": environment,
    }
    tx.event(id, "add", new=snapshot, reason=reason)
    return row

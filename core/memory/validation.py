"""What a memory may hold: one set of rules for the CLI, the GUI and the store.

The ``validate_*`` functions normalise a value or raise :class:`StoreError`;
:func:`memory_input_problem` is the first problem with a memory a person typed (the GUI's editor
shows it as the user types, the CLI prints it), or ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.record import LAYERS
from hmdesk.core.memory.safe_text import clean_text
from hmdesk.core.memory.workspace import WS_PREFIX, workspace_tag

MAX_CONTENT_CHARS = 20_000
MAX_TAG_CHARS = 64


def memory_input_problem(
    content: str, tags: Sequence[str], layer: str, environment: str
) -> str | None:
    """The first problem with these values, or None."""
    if not content.strip():
        return "Content is empty: write what the agent should remember."
    if len(content) > MAX_CONTENT_CHARS:
        return f"Content is {len(content):,} characters; keep a memory under {MAX_CONTENT_CHARS:,}."
    if layer not in LAYERS:
        return f"Layer must be one of {', '.join(LAYERS)}."
    if not environment.strip():
        return "Environment is empty (e.g. harmonyos)."
    if any(c.isspace() for c in environment.strip()):
        return "Environment must be one word (e.g. harmonyos)."
    for tag in tags:
        if any(c.isspace() for c in tag):
            return f"Tag “{tag}” contains a space; use - or _ instead."
        if len(tag) > MAX_TAG_CHARS:
            return f"Tag “{tag[:20]}…” is longer than {MAX_TAG_CHARS} characters."
    return None


def validate_content(content: object) -> str:
    if not isinstance(content, str):
        raise StoreError(f"content must be text, got {type(content).__name__}")
    if not content.strip():
        raise StoreError("content is empty; write what the memory says")
    return clean_text(content)  # lone surrogates → U+FFFD (safe_text's policy)


def validate_confidence(value: object) -> float:
    if isinstance(value, bool):
        raise StoreError(f"confidence must be a number between 0 and 1, got {value!r}")
    if not isinstance(value, int | float):
        try:
            value = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise StoreError(
                f"confidence must be a number between 0 and 1, got {value!r}"
            ) from None
    value = float(value)
    if math.isnan(value) or not 0.0 <= value <= 1.0:
        raise StoreError(f"confidence must be between 0 and 1, got {value!r}")
    return value


def validate_layer(layer: object) -> str:
    if layer == "working":
        raise StoreError(
            "layer 'working' is runtime-only in hmharness and never stored; "
            f"use one of {', '.join(LAYERS)}"
        )
    if layer not in LAYERS:
        raise StoreError(f"unknown layer {layer!r}; use one of {', '.join(LAYERS)}")
    return str(layer)


def validate_tags(tags: object) -> list[str]:
    if isinstance(tags, str) or not isinstance(tags, Iterable):
        raise StoreError(f"tags must be a list of strings, got {tags!r}")
    out: list[str] = []
    for tag in tags:
        if not isinstance(tag, str):
            raise StoreError(f"tags must be strings, got {tag!r}")
        tag = clean_text(tag.strip())
        if tag.startswith(WS_PREFIX):  # a workspace's spaces (an early notes import kept them)
            tag = workspace_tag(tag[len(WS_PREFIX) :])
        if tag and tag not in out:
            out.append(tag)
    return out

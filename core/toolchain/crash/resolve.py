"""From a crash to the code and the memories: frames resolved through the code index, the
words to recall pitfalls with, and the pitfall a crash card saves.

* :func:`resolve_crash` fills ``entity`` on every project frame whose file the
  :class:`~hmdesk.core.codeindex.index.CodeIndex` knows: the innermost component, method or
  function around the frame's line (``Index.build``). Frames of files the index does not have
  keep ``entity=None``.
* :func:`crash_terms`: the error class, the message's words, the reason and the entity;
  the same words find a pitfall saved from an earlier identical crash.
* :func:`crash_pitfall`: the text and tags of that pitfall (the real message, the location
  relative to the project, the top frames, tagged with the type and the error class).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Protocol

from hmdesk.core.toolchain.crash.model import Crash, Frame


class Entity(Protocol):
    """What is used of a code index entity (``core.codeindex.parser.Entity``)."""

    @property
    def qualified(self) -> str: ...


class CodeIndex(Protocol):
    """What is used of ``core.codeindex.index.CodeIndex`` (toolchain sits below codeindex)."""

    def at(self, path: str, line: int) -> Entity | None: ...


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}|[\u4e00-\u9fff]{2,}")
_HEXISH = re.compile(r"x?[0-9a-fA-F]*\d[0-9a-fA-F]*", re.ASCII)
_STOP = frozenset(
    {"the", "and", "for", "with", "not", "was", "are", "has", "had", "from", "this", "that"}
    | {"into", "can", "cannot", "get", "set", "app", "main", "thread", "error", "reason"}
    | {"message"}
)


def entity_for(frame: Frame, index: CodeIndex) -> Entity | None:
    if frame.source is None or not frame.line:
        return None
    try:
        return index.at(frame.source, frame.line)
    except (ValueError, OSError):
        return None


def resolve_crash(crash: Crash, index: CodeIndex | None) -> Crash:
    """The crash with ``entity`` set on the project frames the index can place."""
    if index is None or not crash.frames:
        return crash
    frames = []
    for f in crash.frames:
        ent = entity_for(f, index)
        frames.append(replace(f, entity=ent.qualified) if ent is not None else f)
    return replace(crash, frames=frames)


def crash_terms(crash: Crash, limit: int = 10) -> list[str]:
    """The words to recall pitfalls with: error class, message words, reason, entity."""
    out: list[str] = []

    def add(word: str) -> None:
        w = word.strip()
        if _HEXISH.fullmatch(w):  # addresses, ids: never the same twice
            return
        if w and w.lower() not in _STOP and w not in out:
            out.append(w)

    add(crash.error_class)
    for w in _WORD.findall(crash.message or ""):
        add(w)
    for w in _WORD.findall(crash.reason.split("@", 1)[0]):
        add(w)
    top = crash.top_project_frame
    if top is not None and top.entity:
        add(top.entity.rsplit(".", 1)[-1])
    return out[:limit]


def crash_pitfall(crash: Crash, root: str | None = None) -> dict[str, Any]:
    """``content`` and ``tags`` of a pitfall saved from this crash."""
    head = f"{crash.title} in {crash.bundle or 'the app'}: "
    head += f"{crash.name}: {crash.message}" if crash.message else (crash.name or crash.reason)
    lines = [head.strip()]
    top = crash.top_project_frame
    if top is not None:
        where = top.location
        if root and where.startswith(root.rstrip("/") + "/"):
            where = where[len(root.rstrip("/")) + 1 :]
        lines.append(f"At: {where}" + (f" (in {top.entity})" if top.entity else ""))
    if crash.reason and crash.reason not in head:
        lines.append(f"Reason: {crash.reason}")
    if crash.frames:
        lines.append("Stack: " + " < ".join(f.symbol for f in crash.frames[:4]))
    tags = ["pitfall", "harmonyos", "crash", crash.type]
    if crash.error_class and crash.error_class not in tags:
        tags.append(crash.error_class)
    return {"content": "\n".join(lines), "tags": tags, "entity": top.entity if top else None}

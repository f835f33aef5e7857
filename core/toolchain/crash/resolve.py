"""From a crash to the code and the memories: frames resolved through the code index, the
words to recall pitfalls with, and the pitfall a crash card saves.

* :func:`resolve_crash` fills ``entity`` on every project frame whose file the
  :class:`~hmdesk.core.codeindex.index.CodeIndex` knows: the innermost component, method or
  function around the frame's line (``Index.build``). Frames of files the index does not have
  keep ``entity=None``.
* :func:`crash_terms`: the crash's own words first (error class, name, fault type, the top app
  frame's symbol), then the message without its template words and the reason; the same words
  find a pitfall saved from an earlier identical crash. The recall floor
  (``core.memory.recall_floor``) drops what shares only a word or two with them.
* :func:`crash_pitfall`: the text and tags of that pitfall (the real message, the location
  relative to the project, the top frames, tagged with the type and the error class).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Protocol

from hmdesk.core.toolchain.crash.model import Crash, Frame


class Entity(Protocol):
    """What is used of a code index entity (``core.codeindex.entities.Entity``)."""

    @property
    def qualified(self) -> str: ...


class CodeIndex(Protocol):
    """What is used of ``core.codeindex.index.CodeIndex`` (toolchain sits below codeindex)."""

    def at(self, path: str, line: int) -> Entity | None: ...

    def named(self, path: str, name: str) -> Entity | None: ...


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}|[\u4e00-\u9fff]{2,}")
_HEXISH = re.compile(r"x?[0-9a-fA-F]*\d[0-9a-fA-F]*", re.ASCII)
_STOP = frozenset(
    {"the", "and", "for", "with", "not", "was", "are", "has", "had", "from", "this", "that"}
    | {"into", "can", "cannot", "get", "set", "app", "main", "thread", "error", "reason"}
    | {"message"}
)


# words of the engines' message templates ("Cannot read property X of undefined", "X is not
# callable"): every crash of the kind says them, so they find every pitfall that says "read"
_TEMPLATE = frozenset(
    {"read", "property", "properties", "call", "callable", "function", "object", "value"}
    | {"is", "of", "type", "null_pointer", "anonymous", "func_main_0"}
)
_NO_SYMBOL = frozenset({"anonymous", "func_main_0", ""})
# the methods every ArkUI component has (build, the lifecycle callbacks, the generated render
# functions): they name no pitfall, and ``build`` would recall build failures; the component
# (``Index`` of ``Index.build``) is the word instead
_GENERIC_METHODS = frozenset(
    {"build", "aboutToAppear", "aboutToDisappear", "aboutToReuse", "aboutToRecycle"}
    | {"onPageShow", "onPageHide", "onBackPress", "onDidBuild", "constructor"}
    | {"initialRender", "rerender", "updateStateVars", "render", "pageTransition"}
)


def entity_for(frame: Frame, index: CodeIndex) -> Entity | None:
    """The entity around the frame's line; when that is not the function the frame names (a
    raw release stack's line is the compiled ``.ts`` line), the entity of that name in the file."""
    if frame.source is None or not frame.line:
        return None
    try:
        ent = index.at(frame.source, frame.line)
        if ent is not None and ent.qualified.rsplit(".", 1)[-1] == frame.symbol:
            return ent
        named = index.named(frame.source, frame.symbol) if frame.symbol not in _NO_SYMBOL else None
    except (ValueError, OSError):
        return None
    return named if named is not None else ent


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
    """The words to recall pitfalls with, the crash's own first: the error class (``TypeError``,
    the signal ``SIGSEGV``, ``THREAD_BLOCK_6S``), the error name, the fault type (``jscrash``),
    the top app frame's symbol and entity (its component for ``build`` and the lifecycle
    methods every component has), then the message's words without its template
    (``Cannot read property … of``) and the reason's."""
    out: list[str] = []

    def add(word: str) -> None:
        w = word.strip()
        if _HEXISH.fullmatch(w):  # addresses, ids: never the same twice
            return
        low = w.lower()
        if w and low not in _STOP and low not in _TEMPLATE and low not in {o.lower() for o in out}:
            out.append(w)

    add(crash.error_class)
    add(crash.name)
    add(crash.type)
    top = crash.top_project_frame
    if top is not None:
        generic = top.symbol in _GENERIC_METHODS
        if top.symbol not in _NO_SYMBOL and not generic:
            add(top.symbol)
        if top.entity:
            owner, _, method = top.entity.rpartition(".")
            add(owner.rsplit(".", 1)[-1] if method in _GENERIC_METHODS and owner else method)
    for w in _WORD.findall(crash.message or ""):
        add(w)
    for w in _WORD.findall(crash.reason.split("@", 1)[0]):
        add(w)
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

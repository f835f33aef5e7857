"""What the code index knows of a source file: its entities and its calls.

An :class:`Entity` is a struct, class, interface, enum, type alias, namespace, function, method,
constructor or ArkUI ``build()`` with its name, kind, file, 1-based start/end lines and its
enclosing container (``Index.build``, ``EntryAbility.onCreate``); a :class:`Call` is a called
name and its line; a :class:`ParseResult` holds a file's. They are read from the source by
:mod:`.reading`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

LANGUAGES = {".ets": "arkts", ".ts": "typescript"}
"""File suffix → language name."""


@dataclass(frozen=True, slots=True)
class Entity:
    """One declaration. ``path`` is as given to the parser (the index passes root-relative
    POSIX paths); lines are 1-based and inclusive."""

    name: str
    kind: str
    path: str
    start_line: int
    end_line: int
    container: str | None = None

    @property
    def qualified(self) -> str:
        return f"{self.container}.{self.name}" if self.container else self.name

    def contains(self, line: int) -> bool:
        return self.start_line <= line <= self.end_line

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "qualified": self.qualified,
            "kind": self.kind,
            "path": self.path,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "container": self.container,
        }


class Call(NamedTuple):
    """A call in the source: the called name as written last (``this.load()`` → ``load``,
    ``Logger.info(x)`` → ``info``) and the 1-based line it is on. A named tuple: a project holds
    hundreds of thousands, made again from the kept index each time it is opened."""

    callee: str
    line: int


_NEW_CALL = functools.partial(tuple.__new__, Call)


def calls_of(callees: Iterable[str], lines: Iterable[int]) -> tuple[Call, ...]:
    """Calls from their names and lines, made without a Python call per call (a project holds
    hundreds of thousands; a saved file's calls after the edit are moved this way)."""
    return tuple(map(_NEW_CALL, zip(callees, lines, strict=True)))


@dataclass(frozen=True, slots=True)
class ParseResult:
    path: str
    language: str | None
    entities: tuple[Entity, ...]
    has_error: bool = False
    error: str | None = None  # why nothing could be read (I/O error, too large), else None
    calls: tuple[Call, ...] = ()


def language_for(path: str | os.PathLike[str]) -> str | None:
    """``"arkts"`` for ``.ets``, ``"typescript"`` for ``.ts``, else None."""
    return LANGUAGES.get(Path(path).suffix.lower())

"""An in-memory index of the entities of one project's ``.ets`` and ``.ts`` files.

``CodeIndex(root).scan()`` parses every source file under ``root`` (skipping dependency and build
folders, :data:`SKIP_DIRS`); :meth:`CodeIndex.update_file` re-parses one file (or drops it when it
is gone), which is what the watcher calls. Lookups: by name (exact, prefix, case-insensitive;
a dotted name matches the qualified name ``Index.build``), and by ``file:line`` (the innermost
entity containing the line, or the whole chain out to the outermost container).

Paths inside the index are POSIX paths relative to ``root``. Thread-safe (one lock).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hmdesk.core.codeindex.parser import LANGUAGES, Entity, ParseResult, parse_file

SKIP_DIRS = frozenset({"node_modules", "oh_modules", ".hvigor", ".preview", "build", ".git"})
"""Folder names never scanned (anywhere in the tree)."""

MATCH_MODES = ("exact", "prefix", "icase")


@dataclass(frozen=True, slots=True)
class ScanReport:
    files: int
    entities: int
    with_errors: list[str] = field(default_factory=list)  # parsed, but not cleanly
    unreadable: dict[str, str] = field(default_factory=dict)  # path → why
    elapsed_s: float = 0.0


@dataclass(slots=True)
class _FileEntry:
    stamp: tuple[int, int]  # (mtime_ns, size)
    result: ParseResult


class CodeIndex:
    def __init__(self, root: str | os.PathLike[str], *, skip_dirs: Iterable[str] = SKIP_DIRS):
        self.root = Path(root).expanduser().resolve()
        self.skip_dirs = frozenset(skip_dirs)
        self._lock = threading.RLock()
        self._files: dict[str, _FileEntry] = {}
        self._by_name: dict[str, list[Entity]] = {}
        self._by_qualified: dict[str, list[Entity]] = {}

    # ------------------------------------------------------------------ paths

    def relative(self, path: str | os.PathLike[str]) -> str:
        """``path`` (absolute, or relative to the root) as a root-relative POSIX path.
        ValueError if it lies outside the root."""
        p = Path(path).expanduser()
        if not p.is_absolute():
            p = self.root / p
        p = Path(os.path.normpath(p))
        try:
            rel = p.relative_to(self.root)
        except ValueError:
            try:
                rel = p.resolve().relative_to(self.root)
            except ValueError:
                raise ValueError(f"{path} is not inside the project {self.root}") from None
        return rel.as_posix()

    def is_indexable(self, path: str | os.PathLike[str]) -> bool:
        """A ``.ets``/``.ts`` file under the root, outside the skipped folders."""
        if Path(path).suffix.lower() not in LANGUAGES:
            return False
        try:
            rel = self.relative(path)
        except ValueError:
            return False
        return not any(part in self.skip_dirs for part in rel.split("/")[:-1])

    # ------------------------------------------------------------------ building

    def _source_files(self) -> Iterable[Path]:
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if d not in self.skip_dirs)
            for name in sorted(filenames):
                if Path(name).suffix.lower() in LANGUAGES:
                    yield Path(dirpath) / name

    def scan(self) -> ScanReport:
        """(Re)build the whole index from disk. Unchanged files are not parsed again."""
        t0 = time.perf_counter()
        seen: set[str] = set()
        for file in self._source_files():
            rel = file.relative_to(self.root).as_posix()
            seen.add(rel)
            self._update(file, rel, force=False)
        with self._lock:
            for rel in set(self._files) - seen:
                self._drop(rel)
            self._reindex_names()
            results = [e.result for e in self._files.values()]
        return ScanReport(
            files=len(results),
            entities=sum(len(r.entities) for r in results),
            with_errors=sorted(r.path for r in results if r.has_error),
            unreadable={r.path: r.error for r in results if r.error},
            elapsed_s=time.perf_counter() - t0,
        )

    def update_file(self, path: str | os.PathLike[str], *, force: bool = False) -> bool:
        """Re-parse one file (absolute or root-relative), or drop it if it is gone or not
        indexable. Returns True if the index changed."""
        try:
            rel = self.relative(path)
        except ValueError:
            return False
        file = self.root / rel
        if not self.is_indexable(file) or not file.is_file():
            with self._lock:
                if rel not in self._files:
                    return False
                self._drop(rel)
                self._reindex_names()
            return True
        changed = self._update(file, rel, force=force)
        if changed:
            with self._lock:
                self._reindex_names()
        return changed

    def remove_file(self, path: str | os.PathLike[str]) -> bool:
        try:
            rel = self.relative(path)
        except ValueError:
            return False
        with self._lock:
            if rel not in self._files:
                return False
            self._drop(rel)
            self._reindex_names()
        return True

    def _update(self, file: Path, rel: str, *, force: bool) -> bool:
        try:
            st = file.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = (-1, -1)
        with self._lock:
            old = self._files.get(rel)
        if old is not None and old.stamp == stamp and not force:
            return False
        result = parse_file(file, rel)
        with self._lock:
            self._files[rel] = _FileEntry(stamp, result)
        return old is None or old.result.entities != result.entities

    def _drop(self, rel: str) -> None:
        self._files.pop(rel, None)

    def _reindex_names(self) -> None:
        by_name: dict[str, list[Entity]] = {}
        by_qualified: dict[str, list[Entity]] = {}
        for rel in sorted(self._files):
            for ent in self._files[rel].result.entities:
                by_name.setdefault(ent.name, []).append(ent)
                by_qualified.setdefault(ent.qualified, []).append(ent)
        self._by_name = by_name
        self._by_qualified = by_qualified

    # ------------------------------------------------------------------ reading

    def files(self) -> list[str]:
        with self._lock:
            return sorted(self._files)

    def result(self, path: str | os.PathLike[str]) -> ParseResult | None:
        try:
            rel = self.relative(path)
        except ValueError:
            return None
        with self._lock:
            entry = self._files.get(rel)
        return entry.result if entry else None

    def entities(self, path: str | os.PathLike[str] | None = None) -> list[Entity]:
        """Every entity (files in path order, entities in source order), or one file's."""
        with self._lock:
            if path is None:
                return [e for rel in sorted(self._files) for e in self._files[rel].result.entities]
        result = self.result(path)
        return list(result.entities) if result else []

    def __len__(self) -> int:
        with self._lock:
            return sum(len(e.result.entities) for e in self._files.values())

    def find(self, name: str, *, mode: str = "exact") -> list[Entity]:
        """Entities named ``name``. A dotted name (``Index.build``) is matched against the
        qualified name, a plain one against the entity's own name. ``mode``: ``exact``,
        ``prefix`` (starts with; case-sensitive) or ``icase`` (equal ignoring case)."""
        if mode not in MATCH_MODES:
            raise ValueError(f"unknown match mode {mode!r}; use one of {', '.join(MATCH_MODES)}")
        dotted = "." in name
        with self._lock:
            by_name = self._by_name
            by_qualified = self._by_qualified
        if mode == "exact":
            return list((by_qualified if dotted else by_name).get(name, ()))
        key = name.casefold() if mode == "icase" else name
        out: list[Entity] = []
        for n, ents in by_name.items():
            for e in ents:
                subject = e.qualified if dotted else n
                if mode == "icase":
                    if subject.casefold() == key:
                        out.append(e)
                elif subject.startswith(key):
                    out.append(e)
        out.sort(key=lambda e: (e.path, e.start_line))
        return out

    def chain_at(self, path: str | os.PathLike[str], line: int) -> list[Entity]:
        """The entities containing ``line`` of ``path``, innermost first ([] if none)."""
        chain = [e for e in self.entities(path) if e.contains(line)]
        chain.sort(key=lambda e: (e.end_line - e.start_line, -e.start_line))
        return chain

    def at(self, path: str | os.PathLike[str], line: int) -> Entity | None:
        """The innermost entity containing ``line`` of ``path``, or None."""
        chain = self.chain_at(path, line)
        return chain[0] if chain else None

"""An in-memory index of the entities of one project's ``.ets`` and ``.ts`` files.

``CodeIndex(root).scan()`` parses every source file under ``root`` (skipping dependency and build
folders, :data:`SKIP_DIRS`); :meth:`CodeIndex.update_file` re-parses one file (or drops it when it
is gone), which is what the watcher calls.

Only regular files inside the root are read, each with a bounded read (at most
:data:`~hmdesk.core.codeindex.parser.MAX_FILE_BYTES`): a FIFO, a device (``X.ets -> /dev/zero``),
a symlink leading outside the project, a symlink loop, a folder named ``x.ets`` or a file over the
limit is skipped, and the scan report says why (``ScanReport.unreadable``). Lookups: by name (exact, prefix, case-insensitive;
a dotted name matches the qualified name ``Index.build``), and by ``file:line`` (the innermost
entity containing the line, or the whole chain out to the outermost container).

Paths inside the index are POSIX paths relative to ``root``. Thread-safe (one lock).
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hmdesk.core.codeindex.parser import (
    LANGUAGES,
    MAX_FILE_BYTES,
    Entity,
    ParseResult,
    parse_file,
)
from hmdesk.core.toolchain.project import ProjectError, read_build_profile

SKIP_DIRS = frozenset({"node_modules", "oh_modules", ".hvigor", ".preview", "build", ".git"})
"""Folder names never scanned (anywhere in the tree)."""

MATCH_MODES = ("exact", "prefix", "icase")


class ScanCancelled(Exception):
    """:meth:`CodeIndex.scan` was cancelled."""


@dataclass(frozen=True, slots=True)
class ScanReport:
    files: int
    entities: int
    with_errors: list[str] = field(default_factory=list)  # parsed, but not cleanly
    unreadable: dict[str, str] = field(default_factory=dict)  # path → why it was not indexed
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
        self._skipped: dict[str, str] = {}  # root-relative path → why it is not read
        self._by_name: dict[str, list[Entity]] = {}
        self._by_qualified: dict[str, list[Entity]] = {}
        self._callers: dict[str, list[Entity]] = {}
        self._modules: dict[str, str] | None = None  # module name → folder, read when needed

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
            except (ValueError, OSError, RuntimeError):  # outside, or a symlink loop
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

    def _source_files(self, skipped: dict[str, str]) -> Iterable[Path]:
        """The source files to read; folders with a source file's name go to ``skipped``.
        Symlinked folders are not followed (``os.walk``'s default), so no loop is walked."""
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if d not in self.skip_dirs)
            for name in dirnames:
                if Path(name).suffix.lower() in LANGUAGES:
                    rel = (Path(dirpath) / name).relative_to(self.root).as_posix()
                    skipped[rel] = "a folder, not a regular file"
            for name in sorted(filenames):
                if Path(name).suffix.lower() in LANGUAGES:
                    yield Path(dirpath) / name

    def skip_reason(self, file: Path) -> str | None:
        """Why ``file`` (under the root) must not be read, or None for a regular file inside the
        project. Only ``stat``: nothing is opened."""
        real = Path(os.path.realpath(file))
        if not real.is_relative_to(self.root):
            return f"a symlink to {real}, outside the project"
        try:
            st = os.stat(file)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return "a symlink loop"
            return None  # gone or unreadable: parse_file says so
        mode = st.st_mode
        if stat.S_ISREG(mode):
            return (
                f"{st.st_size} bytes, over the limit of {MAX_FILE_BYTES}"
                if st.st_size > MAX_FILE_BYTES
                else None
            )
        if stat.S_ISDIR(mode):
            return "a folder, not a regular file"
        if stat.S_ISFIFO(mode):
            return "a FIFO, not a regular file"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            return "a device, not a regular file"
        return "not a regular file"

    def scan(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> ScanReport:
        """(Re)build the whole index from disk. Unchanged files are not parsed again.

        ``progress(done, total)`` is called as files are read; when ``cancelled()`` turns true
        the scan stops and raises :class:`ScanCancelled` (the files read so far stay indexed,
        none is dropped)."""
        t0 = time.perf_counter()
        with self._lock:
            self._modules = None  # build-profile.json5 may have changed
        seen: set[str] = set()
        skipped: dict[str, str] = {}
        files = list(self._source_files(skipped))
        for n, file in enumerate(files):
            if cancelled is not None and cancelled():
                with self._lock:
                    self._reindex_names()
                raise ScanCancelled(f"indexing stopped after {n} of {len(files)} files")
            if progress is not None and n % 25 == 0:
                progress(n, len(files))
            rel = file.relative_to(self.root).as_posix()
            reason = self.skip_reason(file)
            if reason is not None:
                skipped[rel] = reason
                continue
            seen.add(rel)
            self._update(file, rel, force=False)
        with self._lock:
            for rel in set(self._files) - seen:
                self._drop(rel)
            self._skipped = skipped
            self._reindex_names()
            results = [e.result for e in self._files.values()]
        if progress is not None:
            progress(len(files), len(files))
        unreadable = {r.path: r.error for r in results if r.error}
        unreadable.update(skipped)
        return ScanReport(
            files=len(results),
            entities=sum(len(r.entities) for r in results),
            with_errors=sorted(r.path for r in results if r.has_error),
            unreadable=dict(sorted(unreadable.items())),
            elapsed_s=time.perf_counter() - t0,
        )

    def skipped(self) -> dict[str, str]:
        """The files found but not read (root-relative path → why), as of the last look."""
        with self._lock:
            return dict(self._skipped)

    def update_file(self, path: str | os.PathLike[str], *, force: bool = False) -> bool:
        """Re-parse one file (absolute or root-relative), or drop it if it is gone or not
        indexable. Returns True if the index changed."""
        try:
            rel = self.relative(path)
        except ValueError:
            return False
        file = self.root / rel
        reason = self.skip_reason(file) if self.is_indexable(file) else None
        with self._lock:
            if reason is None:
                self._skipped.pop(rel, None)
            else:
                self._skipped[rel] = reason
        if reason is not None or not self.is_indexable(file) or not file.is_file():
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
        result = parse_file(os.path.realpath(file), rel)  # the checked target, not a new link
        with self._lock:
            self._files[rel] = _FileEntry(stamp, result)
        return (
            old is None
            or old.result.entities != result.entities
            or old.result.calls != result.calls  # the callers changed
        )

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
        self._callers = _callers_by_name(self._files[rel].result for rel in sorted(self._files))

    # ------------------------------------------------------------------ reading

    def files(self) -> list[str]:
        with self._lock:
            return sorted(self._files)

    def result(self, path: str | os.PathLike[str]) -> ParseResult | None:
        """The parse of ``path`` (absolute, root-relative, or as a crash frame names it: the
        module's name, then its path in the module, ``phone/src/main/ets/pages/Index.ets``
        for a module whose folder is ``product/phone``)."""
        try:
            rel = self.relative(path)
        except ValueError:
            return None
        with self._lock:
            entry = self._files.get(rel)
        if entry is None:
            mapped = self._in_module(rel)
            if mapped is not None:
                with self._lock:
                    entry = self._files.get(mapped)
        return entry.result if entry else None

    def _in_module(self, rel: str) -> str | None:
        """``<module name>/<path in the module>`` as a root-relative path, through the modules
        of build-profile.json5 (None when the first part names no module)."""
        name, sep, rest = rel.partition("/")
        if not sep:
            return None
        folder = self._module_folders().get(name)
        if folder is None:
            return None
        return f"{folder}/{rest}" if folder else rest

    def _module_folders(self) -> dict[str, str]:
        with self._lock:
            if self._modules is not None:
                return self._modules
        folders: dict[str, str] = {}
        try:
            _configs, _products, refs = read_build_profile(self.root)
        except ProjectError:
            refs = []  # not a HarmonyOS project root, or a broken profile: plain paths only
        for name, folder in refs:
            try:
                rel = folder.relative_to(self.root).as_posix()
            except ValueError:
                continue  # a module outside the project is not indexed
            folders[name] = "" if rel == "." else rel
        with self._lock:
            self._modules = folders
        return folders

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

    def callers(self, name: str) -> list[Entity]:
        """The entities that call something named ``name`` (the last part of a qualified name),
        by name, as written: ``this.load()`` and ``other.load()`` both call ``load``. A call
        graph by name over-approximates (two unrelated ``load`` methods share their callers);
        for "what may break if this changes" that errs on the side of showing more."""
        with self._lock:
            return list(self._callers.get(name.rsplit(".", 1)[-1], ()))

    def impact(self, entity: Entity, depth: int = 2, limit: int = 500) -> list[tuple[int, Entity]]:
        """The callers of ``entity`` to ``depth`` levels, breadth first: ``(level, caller)``,
        level 1 = direct callers (of a constructor: the code that writes ``new <its class>()``).
        Each entity once (a recursion does not loop); at most ``limit`` entries."""
        seen = {(entity.path, entity.start_line, entity.qualified)}
        out: list[tuple[int, Entity]] = []
        level_items = [entity]
        for level in range(1, max(0, depth) + 1):
            nxt: list[Entity] = []
            for ent in level_items:
                called = ent.name
                if ent.kind == "constructor" and ent.container:  # `new Service()`
                    called = ent.container
                for caller in self.callers(called):
                    key = (caller.path, caller.start_line, caller.qualified)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append((level, caller))
                    nxt.append(caller)
                    if len(out) >= limit:
                        return out
            level_items = nxt
            if not nxt:
                break
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


_CALLING_KINDS = frozenset({"function", "method", "constructor", "build"})


def _callers_by_name(results: Iterable[ParseResult]) -> dict[str, list[Entity]]:
    """callee name → the entities whose bodies call it (innermost function-like entity around
    the call; a call outside any is not counted). A "call" on the line where an entity of that
    name starts is the grammar reading a declaration as a call, and is skipped."""
    out: dict[str, dict[tuple[str, int, str], Entity]] = {}
    for result in results:
        if not result.calls:
            continue
        funcs = [e for e in result.entities if e.kind in _CALLING_KINDS]
        starts = {(e.name, e.start_line) for e in result.entities}
        for call in result.calls:
            if (call.callee, call.line) in starts:
                continue
            around = [e for e in funcs if e.contains(call.line)]
            if not around:
                continue
            caller = min(around, key=lambda e: (e.end_line - e.start_line, -e.start_line))
            out.setdefault(call.callee, {})[(caller.path, caller.start_line, caller.qualified)] = (
                caller
            )
    return {name: list(by_key.values()) for name, by_key in out.items()}

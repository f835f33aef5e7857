"""An in-memory index of the entities of one project's ``.ets`` and ``.ts`` files.

``CodeIndex(root).scan()`` parses every source file under ``root`` (skipping dependency and build
folders, :data:`SKIP_DIRS`); :meth:`CodeIndex.update_file` re-parses one file (or drops it when it
is gone), which is what the watcher calls.

Only regular files inside the root are read, each with a bounded read (at most
:data:`~hmdesk.core.codeindex.reading.MAX_FILE_BYTES`): a FIFO, a device (``X.ets -> /dev/zero``),
a symlink leading outside the project, a symlink loop, a folder named ``x.ets`` or a file over the
limit is skipped, and the scan report says why (``ScanReport.unreadable``). Lookups: by name (exact, prefix, case-insensitive;
a dotted name matches the qualified name ``Index.build``), and by ``file:line`` (the innermost
entity containing the line, or the whole chain out to the outermost container).

Paths inside the index are POSIX paths relative to ``root``. Thread-safe (one lock).

Kept between runs: given a ``cache_file`` (:func:`cache_file_for` names the usual one), the first
:meth:`CodeIndex.scan` starts from what the file holds and parses only the files whose size or
modification time changed since, and every scan that changed something writes the file again
(gzip'd JSON, written to a temporary file and renamed). A file from another version of the parser
or grammars, or one that cannot be read, is ignored (everything is parsed, as without one).
"""

from __future__ import annotations

import errno
import gc
import gzip
import hashlib
import json
import logging
import os
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hmdesk.core.codeindex.entities import Entity, ParseResult, calls_of, language_for
from hmdesk.core.codeindex.reading import MAX_FILE_BYTES, Reading, read_file
from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.project_reader import read_build_profile

log = logging.getLogger(__name__)

SKIP_DIRS = frozenset({"node_modules", "oh_modules", ".hvigor", ".preview", "build", ".git"})
"""Folder names never scanned (anywhere in the tree)."""

MATCH_MODES = ("exact", "prefix", "icase")

KEPT_READINGS_BYTES = 2_000_000
"""Source bytes of the files whose last reading (their syntax tree, measured at 20 to 50 times
their size: some 70 MB for all of them) is kept so that their next save is parsed incrementally:
a saved file is re-indexed within the 200 ms a person notices after Ctrl+S, the largest (458 KB)
included (``python -m tests.bench.bench_codeindex --saves PROJECT`` measures it). The files saved
last are kept, and the largest files of the project from the scan (:data:`WARM_BYTES`; those of
every corpus project fit, 1.5 MB at most)."""

WARM_BYTES = 128_000
"""A file at least this large keeps its reading from :meth:`CodeIndex.scan` (the largest first,
within :data:`KEPT_READINGS_BYTES`; an unchanged one of a reopened project is read for it at the
end of the scan), so that its first save is parsed incrementally too: a full parse of the
largest corpus file (458 KB) takes 0.14 s on an idle machine and 0.3 to 0.5 s on a busy one; one
of a smaller file stays under 0.1 s there."""

CACHE_FORMAT = 2  # 2: a file's calls as two lists (names, lines)


def cache_file_for(root: str | os.PathLike[str]) -> Path:
    """Where the index of the project at ``root`` is kept between runs: ``codeindex/`` in
    ``HMDESK_CACHE_DIR``, else in the user cache folder (platformdirs), one file per project."""
    key = hashlib.sha256(str(Path(root).expanduser().resolve()).encode()).hexdigest()[:20]
    folder = os.environ.get("HMDESK_CACHE_DIR")
    if folder:
        base = Path(folder)
    else:
        from platformdirs import user_cache_path

        base = user_cache_path("hmdesk", appauthor=False)
    return base / "codeindex" / f"{key}.json.gz"


def _parser_fingerprint() -> str:
    """What a kept index depends on: the code that reads a source file (its four modules) and
    the grammar versions."""
    from importlib.metadata import PackageNotFoundError, version

    from hmdesk.core.codeindex import arkts_view, declarations, entities, reading

    h = hashlib.sha256()
    for file in (entities.__file__, arkts_view.__file__, declarations.__file__, reading.__file__):
        h.update(Path(file).read_bytes())
    for dist in ("tree-sitter", "tree-sitter-arkts-open", "tree-sitter-typescript"):
        try:
            h.update(f"{dist}={version(dist)}".encode())
        except PackageNotFoundError:
            h.update(dist.encode())
    return f"{CACHE_FORMAT}:{h.hexdigest()[:20]}"


class ScanCancelled(Exception):
    """:meth:`CodeIndex.scan` was cancelled."""


@dataclass(frozen=True, slots=True)
class ScanReport:
    files: int
    entities: int
    with_errors: list[str] = field(default_factory=list)  # parsed, but not cleanly
    unreadable: dict[str, str] = field(default_factory=dict)  # path → why it was not indexed
    elapsed_s: float = 0.0


class _FileEntry:
    """A file's stamp (mtime_ns, size) and parse. One loaded from the kept index holds its
    calls as kept (two lists) until they are first asked for: a reopened project is
    browsable before its hundreds of thousands of calls are made into objects."""

    __slots__ = ("_calls", "_result", "stamp")

    def __init__(
        self,
        stamp: tuple[int, int],
        result: ParseResult,
        calls: tuple[list[str], list[int]] | None = None,
    ) -> None:
        self.stamp = stamp
        self._result = result
        self._calls = calls

    @property
    def entities(self) -> tuple[Entity, ...]:
        return self._result.entities

    @property
    def result(self) -> ParseResult:
        kept = self._calls
        if kept is not None:
            callees, lines = kept
            self._result = replace(self._result, calls=calls_of(callees, lines))
            self._calls = None
        return self._result


class CodeIndex:
    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        skip_dirs: Iterable[str] = SKIP_DIRS,
        cache_file: str | os.PathLike[str] | None = None,
    ):
        self.root = Path(root).expanduser().resolve()
        self.cache_file = Path(cache_file) if cache_file is not None else None
        self.parsed = 0  # files parsed by the last scan (the others were unchanged)
        self.skip_dirs = frozenset(skip_dirs)
        self._lock = threading.RLock()
        self._files: dict[str, _FileEntry] = {}
        self._skipped: dict[str, str] = {}  # root-relative path → why it is not read
        # name → file → its entities of that name; kept per file, so that a saved file changes
        # only its own share (the whole map is never rebuilt: SAVE_GOAL_S in the bench)
        self._by_name: dict[str, dict[str, list[Entity]]] = {}
        self._by_qualified: dict[str, dict[str, list[Entity]]] = {}
        # callee → file → callers; built on the first question about callers, not on opening
        # (a reopened project is searchable before its call graph exists)
        self._callers: dict[str, dict[str, list[Entity]]] | None = None
        self._modules: dict[str, str] | None = None  # module name → folder, read when needed
        # root-relative path → the last reading of a file re-read by update_file (saved last
        # last) or of a large file the scan read (WARM_BYTES), at most KEPT_READINGS_BYTES
        self._readings: OrderedDict[str, Reading] = OrderedDict()

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
        if language_for(path) is None:
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
                if language_for(name) is not None:
                    rel = (Path(dirpath) / name).relative_to(self.root).as_posix()
                    skipped[rel] = "a folder, not a regular file"
            for name in sorted(filenames):
                if language_for(name) is not None:
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

    def load_kept(self) -> int:
        """Fill an empty index from the one kept by the last run (:attr:`cache_file`), without
        looking at the files: the reopened project can be browsed while :meth:`scan` checks
        which files changed. The number of files loaded (0: nothing kept, or already filled)."""
        with self._lock:
            if self._files or self.cache_file is None:
                return 0
            # a project's hundreds of thousands of objects, none in a cycle: the collector's
            # passes over them while they are made would double the time to open it
            collecting = gc.isenabled()
            gc.disable()
            try:
                for rel, entry in self._load_cache().items():
                    self._set(rel, entry)
            finally:
                if collecting:
                    gc.enable()
            return len(self._files)

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
        self.load_kept()
        with self._lock:
            self._modules = None  # build-profile.json5 may have changed
            kept = dict(self._files)
        self.parsed = 0
        seen: set[str] = set()
        skipped: dict[str, str] = {}
        files = list(self._source_files(skipped))
        warm = self._warm_files(files)
        warming = set(warm)
        for n, file in enumerate(files):
            if cancelled is not None and cancelled():
                raise ScanCancelled(f"indexing stopped after {n} of {len(files)} files")
            if progress is not None and n % 25 == 0:
                progress(n, len(files))
            rel = file.relative_to(self.root).as_posix()
            reason = self.skip_reason(file)
            if reason is not None:
                skipped[rel] = reason
                continue
            seen.add(rel)
            self._update(file, rel, force=False, incremental=rel in warming)
        # the unchanged ones (from the kept index) are read for their reading, largest last
        for rel in reversed(warm):
            if cancelled is not None and cancelled():
                raise ScanCancelled("indexing stopped while reading the largest files")
            self._warm(rel)
        with self._lock:
            for rel in set(self._files) - seen:
                self._drop(rel)
            self._skipped = skipped
            results = [e.result for e in self._files.values()]
            changed = self._files.keys() != kept.keys() or any(
                kept[rel] is not entry for rel, entry in self._files.items()
            )
        if changed and self.cache_file is not None:
            self.save()
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

    def _warm_files(self, files: list[Path]) -> list[str]:
        """The files at least :data:`WARM_BYTES` large, largest first, that fit together in
        :data:`KEPT_READINGS_BYTES` (root-relative)."""
        sizes = []
        for file in files:
            try:
                size = file.stat().st_size
            except OSError:
                continue
            if WARM_BYTES <= size <= KEPT_READINGS_BYTES:
                sizes.append((size, file.relative_to(self.root).as_posix()))
        out: list[str] = []
        total = 0
        for size, rel in sorted(sizes, reverse=True):
            if total + size <= KEPT_READINGS_BYTES:
                out.append(rel)
                total += size
        return out

    def _warm(self, rel: str) -> None:
        """Keep the reading of an indexed file that has none, when the file is still as
        indexed (its result is the indexed one: the same file, the same parser)."""
        with self._lock:
            entry = self._files.get(rel)
            if entry is None or rel in self._readings:
                return
        file = self.root / rel
        _, reading = read_file(os.path.realpath(file), rel)
        try:
            st = file.stat()
        except OSError:
            return
        with self._lock:
            still = self._files.get(rel) is entry and entry.stamp == (st.st_mtime_ns, st.st_size)
            if reading is not None and still:
                self._keep_reading(rel, reading)

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
            return True
        return self._update(file, rel, force=force, incremental=True)

    def _update(self, file: Path, rel: str, *, force: bool, incremental: bool = False) -> bool:
        """Parse ``file`` again if its stamp changed (or ``force``); ``incremental``: from its
        kept reading, keeping the new one (a saved file), else a full parse."""
        try:
            st = file.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = (-1, -1)
        with self._lock:
            old = self._files.get(rel)
        if old is not None and old.stamp == stamp and not force:
            return False
        with self._lock:
            previous = self._readings.pop(rel, None) if incremental else None
        # the checked target, not a new link
        result, reading = read_file(os.path.realpath(file), rel, previous)
        self.parsed += 1
        with self._lock:
            self._set(rel, _FileEntry(stamp, result))
            if incremental and reading is not None:
                self._keep_reading(rel, reading)
        return (
            old is None
            or old.result.entities != result.entities
            or old.result.calls != result.calls  # the callers changed
        )

    # ------------------------------------------------------------------ kept between runs

    def save(self) -> None:
        """Write the index to :attr:`cache_file` (nothing without one). An error writing it is
        logged, never raised: the index is only slower to open next time."""
        if self.cache_file is None:
            return
        with self._lock:
            files = {
                rel: [list(e.stamp), _result_to_json(e.result)] for rel, e in self._files.items()
            }
        data = {"fingerprint": _parser_fingerprint(), "root": str(self.root), "files": files}
        tmp = self.cache_file.with_name(f".{self.cache_file.name}.{os.getpid()}.tmp")
        try:
            self.cache_file.parent.mkdir(parents=True, exist_ok=True)
            with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=3) as f:
                json.dump(data, f, separators=(",", ":"))
            os.replace(tmp, self.cache_file)
        except OSError as exc:
            log.warning("could not keep the code index in %s: %s", self.cache_file, exc)
            tmp.unlink(missing_ok=True)

    def _load_cache(self) -> dict[str, _FileEntry]:
        assert self.cache_file is not None
        try:
            with gzip.open(self.cache_file, "rt", encoding="utf-8") as f:
                data = json.load(f)
            if data.get("fingerprint") != _parser_fingerprint() or data.get("root") != str(
                self.root
            ):
                return {}
            return {
                rel: _FileEntry((int(stamp[0]), int(stamp[1])), *_result_from_json(rel, res))
                for rel, (stamp, res) in data["files"].items()
            }
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, EOFError) as exc:
            log.warning("ignoring the kept code index %s: %s", self.cache_file, exc)
            return {}

    def _drop(self, rel: str) -> None:
        self._set(rel, None)
        self._readings.pop(rel, None)

    def kept_readings(self) -> list[str]:
        """The files whose last reading is kept for their next save, saved last last."""
        with self._lock:
            return list(self._readings)

    def _keep_reading(self, rel: str, reading: Reading) -> None:
        if len(reading.view.text) > KEPT_READINGS_BYTES:
            return  # a generated file of megabytes: its tree is not worth its memory
        self._readings[rel] = reading
        kept = sum(len(r.view.text) for r in self._readings.values())
        while kept > KEPT_READINGS_BYTES:
            _, oldest = self._readings.popitem(last=False)
            kept -= len(oldest.view.text)

    def _set(self, rel: str, entry: _FileEntry | None) -> None:
        """Put ``entry`` in the place of ``rel`` (None: drop it), its names and calls too."""
        old = self._files.pop(rel, None)
        if old is not None:
            for ent in old.entities:
                _unmap(self._by_name, ent.name, rel)
                _unmap(self._by_qualified, ent.qualified, rel)
            if self._callers is not None:
                for callee in {c.callee for c in old.result.calls}:
                    _unmap(self._callers, callee, rel)
        if entry is None:
            return
        self._files[rel] = entry
        for ent in entry.entities:
            self._by_name.setdefault(ent.name, {}).setdefault(rel, []).append(ent)
            self._by_qualified.setdefault(ent.qualified, {}).setdefault(rel, []).append(ent)
        if self._callers is not None:
            self._add_callers(self._callers, rel, entry.result)

    @staticmethod
    def _add_callers(
        graph: dict[str, dict[str, list[Entity]]], rel: str, result: ParseResult
    ) -> None:
        for callee, callers in _callers_in(result).items():
            graph.setdefault(callee, {})[rel] = callers

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
                return [e for rel in sorted(self._files) for e in self._files[rel].entities]
        result = self.result(path)
        return list(result.entities) if result else []

    def __len__(self) -> int:
        with self._lock:
            return sum(len(e.entities) for e in self._files.values())

    def find(self, name: str, *, mode: str = "exact") -> list[Entity]:
        """Entities named ``name``. A dotted name (``Index.build``) is matched against the
        qualified name, a plain one against the entity's own name. ``mode``: ``exact``,
        ``prefix`` (starts with; case-sensitive) or ``icase`` (equal ignoring case)."""
        if mode not in MATCH_MODES:
            raise ValueError(f"unknown match mode {mode!r}; use one of {', '.join(MATCH_MODES)}")
        dotted = "." in name
        with self._lock:
            if mode == "exact":
                return _flat((self._by_qualified if dotted else self._by_name).get(name))
            by_name = [(n, _flat(files)) for n, files in self._by_name.items()]
        key = name.casefold() if mode == "icase" else name
        out: list[Entity] = []
        for n, ents in by_name:
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
            if self._callers is None:
                self._callers = {}
                for rel, entry in self._files.items():
                    self._add_callers(self._callers, rel, entry.result)
            return _flat(self._callers.get(name.rsplit(".", 1)[-1]))

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

    def named(self, path: str | os.PathLike[str], name: str) -> Entity | None:
        """The entity called ``name`` (or ``Container.name``) in ``path``, the first one, or None:
        a crash frame names its function when its line is the compiled file's."""
        for e in self.entities(path):
            if e.name == name or e.qualified == name:
                return e
        return None


def _result_to_json(r: ParseResult) -> list[Any]:
    return [
        r.language,
        [[e.name, e.kind, e.start_line, e.end_line, e.container] for e in r.entities],
        r.has_error,
        r.error,
        [c.callee for c in r.calls],
        [c.line for c in r.calls],
    ]


def _result_from_json(
    path: str, data: list[Any]
) -> tuple[ParseResult, tuple[list[str], list[int]]]:
    """A kept parse, its calls apart (see :class:`_FileEntry`)."""
    language, ents, has_error, error, callees, lines = data
    if not (isinstance(callees, list) and isinstance(lines, list) and len(callees) == len(lines)):
        raise ValueError(f"the calls of {path} are not two lists of one length")
    result = ParseResult(
        path=path,
        language=language,
        entities=tuple(Entity(n, k, path, s, e, c) for n, k, s, e, c in ents),
        has_error=bool(has_error),
        error=error,
    )
    return result, (callees, lines)


_CALLING_KINDS = frozenset({"function", "method", "constructor", "build"})


def _flat(files: dict[str, list[Entity]] | None) -> list[Entity]:
    """The entities of a name map's entry, files in path order."""
    if not files:
        return []
    return [e for rel in sorted(files) for e in files[rel]]


def _unmap(index: dict[str, dict[str, list[Entity]]], key: str, rel: str) -> None:
    files = index.get(key)
    if files is not None:
        files.pop(rel, None)
        if not files:
            del index[key]


def _callers_in(result: ParseResult) -> dict[str, list[Entity]]:
    """callee name → the entities of one file whose bodies call it (the innermost function-like
    entity around the call; a call outside any is not counted). A "call" on the line where an
    entity of that name starts is the grammar reading a declaration as a call, and is
    skipped."""
    if not result.calls:
        return {}
    funcs = [e for e in result.entities if e.kind in _CALLING_KINDS]
    if not funcs:
        return {}
    # the innermost function around each line: paint the widest first, the narrower over them
    last = max(e.end_line for e in funcs)
    owner: list[Entity | None] = [None] * (last + 2)
    for e in sorted(funcs, key=lambda e: (-(e.end_line - e.start_line), e.start_line)):
        owner[e.start_line : e.end_line + 1] = [e] * (e.end_line - e.start_line + 1)
    starts = {(e.name, e.start_line) for e in result.entities}
    out: dict[str, dict[tuple[int, str], Entity]] = {}
    for call in result.calls:
        if call.line > last or (call.callee, call.line) in starts:
            continue
        caller = owner[call.line]
        if caller is not None:
            out.setdefault(call.callee, {})[(caller.start_line, caller.qualified)] = caller
    return {name: list(by_key.values()) for name, by_key in out.items()}

r"""The open project's code index, shared by the window: built in the background, kept current.

One :class:`CodeIndexHolder` per settings object (as :class:`~.device_hub.DeviceHub`), so the Code
area, the memory detail pane's "Anchor to code…" and the Runs area see the same index; each area
:meth:`~CodeIndexHolder.acquire`\ s it and releases it in its ``shutdown``, and the last release
stops the build and the watchdog thread. The project
is the one the Runs area opened last (``runs/project``); :meth:`set_root` follows a newly opened
one. Building the index (tree-sitter over every ``.ets``/``.ts`` file) runs on a worker with
progress and can be cancelled; then a watchdog :class:`~hmdesk.core.codeindex.watcher.IndexWatcher`
re-parses changed files on its own thread and :attr:`changed` tells the GUI which.

Signals (GUI thread):
    progress(int, int): files read, files in all, while building.
    ready(): an index for the current root can be read (:attr:`index`): first the one kept by
        the last run, as soon as it is loaded (``building`` still true), then the checked one.
    changed(list[str]): files re-read by the watcher (root-relative).
    failed(str): the build failed or was cancelled (a message for the user).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol

from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QCoreApplication, QObject, QSettings, Qt, Signal

if TYPE_CHECKING:
    from hmdesk.core.codeindex.index import CodeIndex, ScanReport
    from hmdesk.core.codeindex.watcher import IndexWatcher

log = logging.getLogger(__name__)

PROJECT_KEY = "runs/project"  # the Runs area's last project (gui/runs/project_bar.py)


class _HasSettings(Protocol):
    settings: QSettings


class CodeIndexHolder(QObject):
    progress = Signal(int, int)
    ready = Signal()
    changed = Signal(list)
    failed = Signal(str)
    _watched = Signal(list)  # from the watcher's thread
    _kept = Signal(int, object)  # from the build's thread: (generation, the index kept last run)

    _holders: ClassVar[dict[int, CodeIndexHolder]] = {}

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.root: Path | None = None
        self.index: CodeIndex | None = None  # for ``root`` (kept or complete)
        self.report: ScanReport | None = None
        self.building = False
        self._cancel = threading.Event()
        self._generation = 0
        self._watcher: IndexWatcher | None = None
        self._users = 0
        self._watched.connect(self._on_watched, Qt.ConnectionType.QueuedConnection)
        self._kept.connect(self._on_kept, Qt.ConnectionType.QueuedConnection)

    @classmethod
    def for_context(cls, ctx: _HasSettings) -> CodeIndexHolder:
        key = id(ctx.settings)
        holder = cls._holders.get(key)
        if holder is None:
            holder = cls._holders[key] = cls(ctx.settings, QCoreApplication.instance())
        return holder

    def acquire(self) -> CodeIndexHolder:
        """An area uses the index (each :meth:`acquire` is paired with a :meth:`release`)."""
        self._users += 1
        return self

    def release(self) -> None:
        """An area is done with it; the last one out stops the build and the watcher."""
        self._users = max(0, self._users - 1)
        if self._users == 0:
            self.shutdown()

    def last_project(self) -> Path | None:
        value = str(self.settings.value(PROJECT_KEY, "") or "")
        return Path(value) if value and Path(value).is_dir() else None

    def ensure(self) -> None:
        """Build the index of the last project if nothing was asked yet."""
        if self.root is None:
            root = self.last_project()
            if root is not None:
                self.set_root(root)

    def set_root(self, root: str | Path | None) -> None:
        """Index ``root`` (in the background); the same root again does nothing."""
        new = Path(root).resolve() if root else None
        if new == self.root and (self.index is not None or self.building):
            return
        self._stop_watch()
        self.cancel()
        self.root = new
        self.index = None
        self.report = None
        self._generation += 1
        if new is not None:
            self.rebuild()

    def rebuild(self) -> None:
        root = self.root
        if root is None:
            return
        self._generation += 1
        generation = self._generation
        self._cancel = cancel = threading.Event()
        self.building = True
        emit_progress = self.progress.emit

        emit_kept = self._kept.emit

        def build() -> tuple[CodeIndex, ScanReport]:
            from hmdesk.core.codeindex.index import CodeIndex, cache_file_for

            index = CodeIndex(root, cache_file=cache_file_for(root))
            if index.load_kept():  # reopened: browsable now, while the scan finds the changes
                emit_kept(generation, index)
            report = index.scan(progress=emit_progress, cancelled=cancel.is_set)
            return index, report

        def done(result: tuple[CodeIndex, ScanReport]) -> None:
            if generation != self._generation:
                return  # another root (or a rebuild) was asked meanwhile
            self.building = False
            self.index, self.report = result
            self._start_watch(result[0])
            self.ready.emit()

        def error(exc: BaseException) -> None:
            from hmdesk.core.codeindex.index import ScanCancelled

            if generation != self._generation:
                return
            self.building = False
            if isinstance(exc, ScanCancelled):
                self.failed.emit(f"Indexing {root.name} cancelled ({exc})")
            else:
                self.failed.emit(f"Could not index {root}: {exc}")

        run_in_thread(build, on_done=done, on_error=error)

    def _on_kept(self, generation: int, index: CodeIndex) -> None:
        """The index kept by the last run is loaded: usable now (``building`` stays true until
        the scan has re-read the files changed since)."""
        if generation == self._generation and self.index is None:
            self.index = index
            self.ready.emit()

    def cancel(self) -> None:
        """Stop a build in progress (the index stays as it was)."""
        self._cancel.set()

    def _start_watch(self, index: CodeIndex) -> None:
        from hmdesk.core.codeindex.watcher import IndexWatcher

        emit = self._watched.emit
        watcher = IndexWatcher(index, on_change=lambda paths: emit(sorted(paths)))
        try:
            watcher.start()
        except OSError as exc:  # inotify limits, a vanished folder: the index works unwatched
            log.warning("watching %s: %s", index.root, exc)
            return
        self._watcher = watcher

    def _on_watched(self, paths: list[str]) -> None:
        if self.index is not None:
            self.changed.emit(paths)

    def _stop_watch(self) -> None:
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.stop()

    def shutdown(self) -> None:
        self.cancel()
        self._stop_watch()
        for key, holder in list(CodeIndexHolder._holders.items()):
            if holder is self:
                del CodeIndexHolder._holders[key]

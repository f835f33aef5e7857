"""Keeps a :class:`~hmdesk.core.codeindex.index.CodeIndex` current while files change.

:class:`IndexWatcher` watches the project root recursively (watchdog). Events for ``.ets``/``.ts``
files outside the skipped folders are collected; after ~200 ms without new ones, each collected
file is re-parsed (or dropped when gone) and ``on_change(changed root-relative paths)`` is called
from the watcher's own thread. A folder that is moved or deleted triggers a rescan (unchanged
files are not parsed again). Errors go to ``on_error(exc)`` (default: logged); the watch goes on.

Symlinked folders are not followed, and a changed path is read only through
:meth:`CodeIndex.update_file`, which reads regular files inside the project only (a FIFO, a
device or a link leaving the project is skipped with its reason in :meth:`CodeIndex.skipped`).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Any

from hmdesk.core.codeindex.index import CodeIndex

log = logging.getLogger(__name__)


class IndexWatcher:
    def __init__(
        self,
        index: CodeIndex,
        on_change: Callable[[set[str]], None] | None = None,
        *,
        on_error: Callable[[Exception], None] | None = None,
        debounce: float = 0.2,
    ) -> None:
        self.index = index
        self.on_change = on_change
        self.on_error = on_error
        self.debounce = debounce
        self._lock = threading.Lock()
        self._pending: set[str] = set()
        self._rescan = False
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._observer: Any = None

    # watchdog's thread
    def _on_fs_event(self, event: Any) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return
        paths = [os.fsdecode(event.src_path)]
        dest = getattr(event, "dest_path", "")
        if dest:
            paths.append(os.fsdecode(dest))
        if event.is_directory:
            if event.event_type in ("deleted", "moved", "created"):
                with self._lock:
                    self._rescan = True
                self._wake.set()
            return
        wanted = [p for p in paths if self.index.is_indexable(p)]
        if not wanted:
            return
        with self._lock:
            self._pending.update(wanted)
        self._wake.set()

    def start(self) -> None:
        """Start watching (the index should have been scanned already)."""
        if self._thread is not None:
            return
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                try:
                    watcher._on_fs_event(event)
                except Exception as exc:  # noqa: BLE001 - never kill watchdog's thread; reported
                    watcher._error(exc)

        observer = Observer()
        observer.daemon = True
        observer.schedule(Handler(), str(self.index.root), recursive=True, follow_symlink=False)
        observer.start()
        self._observer = observer
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="codeindex-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop watching and join both threads."""
        self._stop.set()
        self._wake.set()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> IndexWatcher:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self._wake.wait(timeout=1.0):
                continue
            self._wake.clear()
            # debounce: wait for self.debounce seconds without a new event
            while self._wake.wait(timeout=self.debounce) and not self._stop.is_set():
                self._wake.clear()
            if self._stop.is_set():
                break
            self.flush()

    def flush(self) -> set[str]:
        """Apply the collected changes now; returns (and reports) the changed paths."""
        with self._lock:
            pending, self._pending = self._pending, set()
            rescan, self._rescan = self._rescan, False
        changed: set[str] = set()
        try:
            if rescan:
                before = {p: self.index.entities(p) for p in self.index.files()}
                self.index.scan()
                after = {p: self.index.entities(p) for p in self.index.files()}
                changed |= {
                    p for p in before.keys() | after.keys() if before.get(p) != after.get(p)
                }
            for path in sorted(pending):
                if self.index.update_file(path):
                    changed.add(self.index.relative(path))
        except Exception as exc:  # noqa: BLE001 - the watch goes on; reported to on_error
            self._error(exc)
        if changed and self.on_change is not None:
            try:
                self.on_change(changed)
            except Exception as exc:  # noqa: BLE001 - a caller's callback must not end the watch
                self._error(exc)
        return changed

    def _error(self, exc: Exception) -> None:
        if self.on_error is not None:
            try:
                self.on_error(exc)
                return
            except Exception:  # noqa: BLE001 - a failing on_error falls back to the log below
                pass
        log.warning("code index watcher: %s", exc, exc_info=exc)

"""Getting work off the GUI thread and results back onto it.

* :func:`run_in_thread` runs a plain function in the global ``QThreadPool`` and calls
  ``on_done(result)`` or ``on_error(exc)`` on the GUI thread (queued signal).
* :class:`Batcher` accepts items from any thread (``put`` is thread-safe and cheap) and hands
  them to ``flush(items)`` on the GUI thread at most every ``interval_ms``, as one list: one model
  insert per tick, never one per item (DESIGN.md, qt-practices §8).
* :class:`LatestOnly` runs a search-like function off the GUI thread, dropping stale requests:
  only the newest request's result is delivered (typing a query).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot


class _Bridge(QObject):
    done = Signal(object)
    failed = Signal(object)


class _Task(QRunnable):
    def __init__(self, fn: Callable[[], Any], bridge: _Bridge) -> None:
        super().__init__()
        self.fn = fn
        self.bridge = bridge
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.fn()
        except BaseException as exc:  # delivered to the GUI thread, never lost
            self.bridge.failed.emit(exc)
        else:
            self.bridge.done.emit(result)


_live: set[_Bridge] = set()


def run_in_thread(
    fn: Callable[..., Any],
    *args: Any,
    on_done: Callable[[Any], None] | None = None,
    on_error: Callable[[BaseException], None] | None = None,
    pool: QThreadPool | None = None,
    **kwargs: Any,
) -> None:
    """Run ``fn(*args, **kwargs)`` in a worker thread; callbacks run on the GUI thread."""
    bridge = _Bridge()
    _live.add(bridge)

    def finish() -> None:
        _live.discard(bridge)
        bridge.deleteLater()

    def done(result: Any) -> None:
        try:
            if on_done is not None:
                on_done(result)
        finally:
            finish()

    def failed(exc: BaseException) -> None:
        try:
            if on_error is not None:
                on_error(exc)
            else:
                raise exc
        finally:
            finish()

    bridge.done.connect(done)
    bridge.failed.connect(failed)
    (pool or QThreadPool.globalInstance()).start(_Task(lambda: fn(*args, **kwargs), bridge))


class Batcher(QObject):
    """Collects items from any thread and flushes them in batches on the GUI thread."""

    def __init__(
        self,
        flush: Callable[[list[Any]], None],
        interval_ms: int = 75,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._flush = flush
        self._lock = threading.Lock()
        self._items: list[Any] = []
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.flush_now)
        self._timer.start()

    def put(self, item: Any) -> None:
        with self._lock:
            self._items.append(item)

    def extend(self, items: list[Any]) -> None:
        with self._lock:
            self._items.extend(items)

    @Slot()
    def flush_now(self) -> None:
        with self._lock:
            if not self._items:
                return
            items, self._items = self._items, []
        self._flush(items)

    def stop(self) -> None:
        self._timer.stop()
        self.flush_now()


class LatestOnly(QObject):
    """Run requests off the GUI thread; deliver only the result of the newest request."""

    result = Signal(object, object)  # (request, result)
    error = Signal(object, object)  # (request, exception)

    def __init__(self, fn: Callable[[Any], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._fn = fn
        self._generation = 0
        self._busy = False
        self._pending: tuple[int, Any] | None = None

    def submit(self, request: Any) -> None:
        self._generation += 1
        self._pending = (self._generation, request)
        if not self._busy:
            self._start_next()

    def _start_next(self) -> None:
        if self._pending is None:
            return
        generation, request = self._pending
        self._pending = None
        self._busy = True

        def done(res: Any) -> None:
            self._busy = False
            if generation == self._generation:
                self.result.emit(request, res)
            self._start_next()

        def failed(exc: BaseException) -> None:
            self._busy = False
            if generation == self._generation:
                self.error.emit(request, exc)
            self._start_next()

        run_in_thread(self._fn, request, on_done=done, on_error=failed)

"""Getting work off the GUI thread and results back onto it.

* :func:`run_in_thread` runs a plain function in the global ``QThreadPool`` and calls
  ``on_done(result)`` or ``on_error(exc)`` on the GUI thread (queued signal).
* :class:`Batcher` accepts items from any thread (``put`` is thread-safe and cheap) and hands
  them to ``flush(items)`` on the GUI thread at most every ``interval_ms``, as one list: one model
  insert per tick, never one per item (a model that is told about every line of a chatty build
  repaints thousands of times a second).
* :class:`LatestOnly` runs a search-like function off the GUI thread, dropping stale requests:
  only the newest request's result is delivered (typing a query).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)

T = TypeVar("T")
Item = TypeVar("Item")
Request = TypeVar("Request")
Result = TypeVar("Result")


class _Dispatcher(QObject):
    """Runs ``callback(value)`` on the GUI thread for any thread: one object for the whole app,
    never deleted.

    (A bridge object per call, deleted once its callback had run, could be deleted by the GUI
    thread while the worker thread was still inside its ``emit``: Qt forbids deleting a sender
    during an emission in another thread, and it crashed once in a few thousand runs.)"""

    deliver = Signal(object, object)  # (callback, value)

    @Slot(object, object)
    def _run(self, callback: Callable[[object], object], value: object) -> None:
        try:
            callback(value)
        except RuntimeError as exc:
            # The widget the result was for was closed while the work ran (its C++ object is
            # gone, or its signal's source is): there is nothing left to show it in, so the
            # result is dropped.
            if "already deleted" not in str(exc) and "source has been deleted" not in str(exc):
                raise


_dispatcher: _Dispatcher | None = None
_dispatcher_lock = threading.Lock()


def _dispatch() -> _Dispatcher:
    """The app's dispatcher, made on first use and moved to the GUI thread."""
    global _dispatcher
    with _dispatcher_lock:
        if _dispatcher is None:
            made = _Dispatcher()
            app = QCoreApplication.instance()
            if app is not None and made.thread() is not app.thread():
                made.moveToThread(app.thread())
            made.deliver.connect(made._run, Qt.ConnectionType.QueuedConnection)
            _dispatcher = made
        return _dispatcher


class _Task(QRunnable):
    def __init__(
        self,
        fn: Callable[[], object],
        done: Callable[[object], object],
        failed: Callable[[BaseException], object],
    ) -> None:
        super().__init__()
        self.fn, self.done, self.failed = fn, done, failed
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.fn()
        except BaseException as exc:  # noqa: BLE001 - anything the work raises is handed to on_error on the GUI thread, never lost in the pool
            _dispatch().deliver.emit(self.failed, exc)
        else:
            _dispatch().deliver.emit(self.done, result)


def run_in_thread(
    fn: Callable[..., T],
    *args: object,
    on_done: Callable[[T], object] | None = None,
    on_error: Callable[[BaseException], object] | None = None,
    pool: QThreadPool | None = None,
    **kwargs: object,
) -> None:
    """Run ``fn(*args, **kwargs)`` in a worker thread; callbacks run on the GUI thread.

    Without ``on_error`` an exception is re-raised on the GUI thread (the app's excepthook
    shows it)."""
    _dispatch()  # made here, on the GUI thread, before any worker needs it

    def done(result: object) -> None:
        if on_done is not None:
            on_done(result)  # type: ignore[arg-type]  # fn's result

    def failed(exc: BaseException) -> None:
        if on_error is not None:
            on_error(exc)
        else:
            raise exc

    def call() -> object:
        return fn(*args, **kwargs)

    (pool or QThreadPool.globalInstance()).start(_Task(call, done, failed))


class Batcher(QObject, Generic[Item]):
    """Collects items from any thread and flushes them in batches on the GUI thread."""

    def __init__(
        self,
        flush: Callable[[list[Item]], object],
        interval_ms: int = 75,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._flush = flush
        self._lock = threading.Lock()
        self._items: list[Item] = []
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.flush_now)
        self._timer.start()

    def put(self, item: Item) -> None:
        with self._lock:
            self._items.append(item)

    def extend(self, items: list[Item]) -> None:
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


class LatestOnly(QObject, Generic[Request, Result]):
    """Run requests off the GUI thread; deliver only the result of the newest request.

    Signals:
        result(request, result): the newest request's result.
        error(request, exception): the newest request raised.
    """

    result = Signal(object, object)
    error = Signal(object, object)

    def __init__(self, fn: Callable[[Request], Result], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._fn = fn
        self._generation = 0
        self._busy = False
        self._pending: tuple[int, Request] | None = None

    def submit(self, request: Request) -> None:
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

        def done(res: Result) -> None:
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

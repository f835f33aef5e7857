"""A device's hilog stream as a feed for :class:`~hmdesk.gui.runs.hilog.view.HilogView`.

The core ``HilogStream`` parses on its own thread and calls ``on_lines(batch)`` there; the feed
only appends the batch to a lock-protected list (bounded: if the GUI falls behind by more than
``capacity`` lines the oldest are dropped and counted). The view's timer calls :meth:`drain` on
the GUI thread. Status changes (connected / restarting / device gone) are re-emitted as a signal,
which Qt queues to the GUI thread.

Stopping never blocks the GUI thread: :meth:`HilogFeed.stop_in_background` *detaches* the feed at
once (from then on it drops whatever the old stream still delivers, lines and statuses) and kills
hdc in a worker (``gui.workers.run_in_thread``): terminating, waiting, killing the group takes the
whole kill grace (2 s) when hdc ignores SIGTERM. A new stream can start meanwhile. So that no hdc
outlives the app, :func:`wait_for_stops` (run when the application is about to quit, and at
interpreter exit with every feed still streaming) waits for the stops in flight.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from hmdesk.core.toolchain.crash.detect import IDLE_SECONDS, CrashDetector
from hmdesk.core.toolchain.hilog.line import HilogLine
from hmdesk.core.toolchain.hilog.stream import HilogStream, StreamStatus
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QCoreApplication, QObject, Signal

if TYPE_CHECKING:
    pass

MAX_BATCH = 1000  # lines parsed between two looks at GUI_BUSY

STATE_TEXT = {
    "starting": "connecting to the device log…",
    "connected": "streaming",
    "restarting": "stream ended — restarting",
    "device-gone": "device disconnected — waiting for it to come back",
    "error": "stream error",
    "stopped": "stopped",
}


def freeze_long_lived_heap() -> bool:
    """Move the app's start-up heap out of the cyclic GC's way, once per process (unless
    something froze it already): a 50k lines/s stream sets off full collections every second or
    two, each a walk of the whole app heap (docs/decisions/0007-garbage-collector-policy.md).
    Once, never per stream: a frozen cycle is never collected. True if it froze."""
    from hmdesk.core import gc_policy

    return gc_policy.freeze(unless_frozen=True)


class GuiGate:
    """The GUI thread marks its busy spells (a tick of the log view, a paint of its table); the
    stream thread waits, at most ``max_wait`` seconds, before it parses its next batch while
    one lasts (``HilogStream(between_batches=GUI_BUSY.wait)``).

    Why: CPython runs one thread at a time. At 50k lines/s the parser and the pipe reader
    want the interpreter all the time, and the switch interval hands it back and forth, so
    the GUI thread got a third of it while it painted, and a paint of the table took several
    times as long (docs/decisions/0015-hilog-view-under-a-flood.md). Parsing a little late costs
    nothing: the lines wait in the reader's queue.
    """

    def __init__(self, max_wait: float = 0.05) -> None:
        self.max_wait = max_wait
        self._idle = threading.Event()
        self._idle.set()
        self._depth = 0  # GUI thread only

    def busy(self) -> None:
        """A busy spell starts (GUI thread; nests)."""
        self._depth += 1
        self._idle.clear()

    def idle(self) -> None:
        """The spell ends (GUI thread)."""
        self._depth = max(0, self._depth - 1)
        if not self._depth:
            self._idle.set()

    @property
    def is_busy(self) -> bool:
        return not self._idle.is_set()

    def wait(self) -> bool:
        """Stream thread: wait while the GUI is busy, ``max_wait`` s at most; True if idle."""
        return self._idle.wait(self.max_wait)


GUI_BUSY = GuiGate()

_stopping: dict[HilogFeed, threading.Event] = {}  # feeds whose hdc is being stopped
_started: weakref.WeakSet[HilogFeed] = weakref.WeakSet()  # every feed ever started
_registry_lock = threading.Lock()
_quit_hooked = False


def stops_pending() -> int:
    """Feeds whose hdc is still being stopped in the background."""
    with _registry_lock:
        return sum(1 for ev in _stopping.values() if not ev.is_set())


def wait_for_stops(timeout: float = 15.0) -> bool:
    """Block until every background stop has finished (hdc gone); True if all did in time.

    Meant for the app's last moments (``aboutToQuit``, interpreter exit), never for a live GUI.
    """
    deadline = time.monotonic() + timeout
    with _registry_lock:
        events = list(_stopping.values())
    return all(ev.wait(max(0.0, deadline - time.monotonic())) for ev in events)


def _hook_quit() -> None:
    """Once: wait for the stops in flight when the application quits (the window is gone)."""
    global _quit_hooked
    app = QCoreApplication.instance()
    if _quit_hooked or app is None:
        return
    _quit_hooked = True
    app.aboutToQuit.connect(wait_for_stops)


@atexit.register
def _stop_everything_at_exit() -> None:
    """Interpreter exit: no hdc may outlive the app (the stream threads are daemons)."""
    wait_for_stops()
    for feed in list(_started):
        with contextlib.suppress(Exception):
            if feed.stream.running:
                feed.stream.stop()


class HilogFeed(QObject):
    """Owns one ``HilogStream``; the view drains its lines per tick.

    Signals:
        status(str, str, int): state, human message, restarts so far.
        crashed(object): crashes completed by the stream's lines (``list[CrashGroup]``; the
            detector runs on the stream thread, the signal is queued to the GUI thread).
    """

    status = Signal(str, str, int)
    crashed = Signal(object)

    def __init__(
        self, hdc: str, device_key: str, capacity: int = 200_000, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.device_key = device_key
        self.capacity = capacity
        self._lock = threading.Lock()
        self._pending: list[HilogLine] = []
        self._overflow = 0
        self.closed = False  # detached: late lines and statuses of the old stream are dropped
        self.stopped = threading.Event()  # set once hdc is gone after a stop
        self.crashes = CrashDetector()  # crashes and freezes in the lines (core.toolchain.crash)
        self.stream = HilogStream(
            hdc,
            device_key,
            on_lines=self._on_lines,
            on_status=self._on_status,
            # small batches: the parser checks the GUI gate often during a flood
            # (docs/decisions/0015-hilog-view-under-a-flood.md)
            max_batch=MAX_BATCH,
            between_batches=GUI_BUSY.wait,
        )

    def start(self) -> None:
        freeze_long_lived_heap()
        _started.add(self)
        self.stream.start()

    def detach(self) -> None:
        """From now on deliver nothing (GUI thread; instant). The stream may still run."""
        with self._lock:
            self.closed = True
            self._pending = []

    def stop(self) -> None:
        """Detach and stop the stream, waiting for hdc to be gone (blocks: not on the GUI thread)."""
        self.detach()
        try:
            self.stream.stop()
        finally:
            self.stopped.set()

    def stop_in_background(self, on_done: Callable[[], None] | None = None) -> None:
        """Detach now and stop the stream in a worker thread; the caller never waits for hdc.

        The feed keeps itself alive until the stop is done, then deletes itself (``on_done``
        runs first, on the GUI thread).
        """
        self.detach()
        if self.stopped.is_set():
            return
        if self.parent() is not None:  # outlive the area that made it: the stop is in flight
            self.setParent(None)
        with _registry_lock:
            _stopping[self] = self.stopped
        _hook_quit()

        def finished(_result: object = None) -> None:
            with _registry_lock:
                _stopping.pop(self, None)
            try:
                if on_done is not None:
                    on_done()
            finally:
                self.deleteLater()

        run_in_thread(self.stop, on_done=finished, on_error=lambda _e: finished())

    def _on_lines(self, lines: list[HilogLine]) -> None:  # stream thread
        with self._lock:
            if self.closed:
                return
            self._pending.extend(lines)
            over = len(self._pending) - self.capacity
            if over > 0:
                del self._pending[:over]
                self._overflow += over
        found = self.crashes.feed(lines)
        if found and not self.closed:
            self.crashed.emit(found)

    def flush_crashes(self) -> None:
        """Report crashes whose lines stopped coming (GUI timer; cheap when none is open)."""
        found = self.crashes.flush(IDLE_SECONDS)
        if found and not self.closed:
            self.crashed.emit(found)

    def _on_status(self, st: StreamStatus) -> None:  # stream thread
        if self.closed:
            return
        message = st.message or STATE_TEXT.get(st.state, st.state)
        if st.fix:
            message = f"{message} — {st.fix}"
        self.status.emit(st.state, message, st.restarts)

    def drain(self) -> list[HilogLine]:
        with self._lock:
            if not self._pending:
                return []
            lines, self._pending = self._pending, []
        return lines

    @property
    def dropped(self) -> int:
        """Lines the reader or this feed had to discard because the GUI fell behind."""
        return self._overflow + self.stream.local_dropped

    @property
    def device_dropped(self) -> int:
        """Lines the device reported lost (LOGLIMIT / LOGLIMITD markers), current while streaming."""
        return self.stream.device_dropped

    @property
    def received(self) -> int:
        return self.stream.lines_received

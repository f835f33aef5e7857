"""A device's hilog stream as a feed for :class:`~hmdesk.gui.runs.hilog_view.HilogView`.

The core ``HilogStream`` parses on its own thread and calls ``on_lines(batch)`` there; the feed
only appends the batch to a lock-protected list (bounded: if the GUI falls behind by more than
``capacity`` lines the oldest are dropped and counted). The view's timer calls :meth:`drain` on
the GUI thread. Status changes (connected / restarting / device gone) are re-emitted as a signal,
which Qt queues to the GUI thread.
"""

from __future__ import annotations

import gc
import os
import shutil
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

STATE_TEXT = {
    "starting": "connecting to the device log…",
    "connected": "streaming",
    "restarting": "stream ended — restarting",
    "device-gone": "device disconnected — waiting for it to come back",
    "error": "stream error",
    "stopped": "stopped",
}


def find_hdc(db: Any = None) -> str:
    """The hdc binary (core ``find_tool``; raises its ``ToolNotFound`` with the fix)."""
    try:
        from hmdesk.core.toolchain.tools import find_tool
    except ImportError:
        path = os.environ.get("HMDESK_HDC") or shutil.which("hdc")
        if not path:
            raise FileNotFoundError(
                "hdc was not found: install DevEco Studio or the Command Line Tools and put "
                "<sdk>/default/openharmony/toolchains on PATH (or set HMDESK_HDC)."
            ) from None
        return path
    return os.fspath(find_tool("hdc", db=db).path)


def freeze_long_lived_heap() -> bool:
    """Move the app's start-up heap out of the cyclic GC's way, once per process.

    A 50k lines/s stream allocates fast, so CPython's full collections come every second or
    two; each walks every tracked object alive (the whole app: ~100k functions, dicts, Qt
    wrappers, ORM metadata): 80-160 ms stalls measured, frozen < 2 ms. Making the line records
    untracked does not help (the collections come anyway; their cost is the app heap).

    Frozen objects are still freed by reference counting, but a *cycle* among them is never
    collected, so freezing is done once (the first stream starts within seconds of the window
    opening: the heap then is the long-lived app state), never per stream: repeated freezes
    would pin every cycle alive at each call, e.g. a finished run's objects. Nothing is done
    if something else (app start-up, the memory inspector) froze the heap already.
    Returns True if it froze.
    """
    if gc.get_freeze_count() > 0:
        return False
    gc.freeze()
    return True


class HilogFeed(QObject):
    """Owns one ``HilogStream``; the view drains its lines per tick.

    Signals:
        status(str, str, int): state, human message, restarts so far.
    """

    status = Signal(str, str, int)

    def __init__(
        self, hdc: str, device_key: str, capacity: int = 200_000, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        from hmdesk.core.toolchain.hilog_stream import HilogStream

        self.device_key = device_key
        self.capacity = capacity
        self._lock = threading.Lock()
        self._pending: list[Any] = []
        self._overflow = 0
        self.stream = HilogStream(
            hdc, device_key, on_lines=self._on_lines, on_status=self._on_status
        )

    def start(self) -> None:
        freeze_long_lived_heap()
        self.stream.start()

    def stop(self) -> None:
        self.stream.stop()

    def _on_lines(self, lines: list[Any]) -> None:  # stream thread
        with self._lock:
            self._pending.extend(lines)
            over = len(self._pending) - self.capacity
            if over > 0:
                del self._pending[:over]
                self._overflow += over

    def _on_status(self, st: Any) -> None:  # stream thread
        state = str(getattr(st, "state", st))
        message = str(getattr(st, "message", "") or STATE_TEXT.get(state, state))
        fix = getattr(st, "fix", None)
        if fix:
            message = f"{message} — {fix}"
        self.status.emit(state, message, int(getattr(st, "restarts", 0) or 0))

    def drain(self) -> list[Any]:
        with self._lock:
            if not self._pending:
                return []
            lines, self._pending = self._pending, []
        return lines

    @property
    def dropped(self) -> int:
        """Lines the reader or this feed had to discard because the GUI fell behind."""
        return self._overflow + int(getattr(self.stream, "local_dropped", 0) or 0)

    @property
    def received(self) -> int:
        return int(getattr(self.stream, "lines_received", 0) or 0)

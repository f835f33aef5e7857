"""Keeps the Runs tab's hilog view streaming from the target device.

:class:`DeviceLogLink` follows the shared :class:`~hmdesk.gui.common.device_hub.DeviceHub`: while
the target is connected it owns one :class:`~hmdesk.gui.runs.hilog.feed.HilogFeed` for it (the
stream restarts itself after a disconnect), replaces it when the target changes, and says over
the view why nothing streams (the hub's state: no device, the target is gone, choose one).
Stopping a stream never blocks the GUI thread (the old hdc is stopped in a worker). "Clear
device buffer" runs ``hilog -r`` off the GUI thread too, and so do the fixes for lines lost on the
device (``hilog -G 16M``, ``hilog -Q pidoff``) and ``pidof`` after a launch (the view follows the
app's new pid).

Crashes: the feed's detector reports crashes and freezes (``crashed``); the link keeps those of
the project's app (the view's bundle; all when none is known), re-emits them, and copies the
device's fault logs (``hdc file recv``, off the GUI thread, once a moment after a crash) to
complete them with the stack the log lines lack.
"""

from __future__ import annotations

from hmdesk.core.db import Database
from hmdesk.core.toolchain.crash.detect import CrashGroup
from hmdesk.core.toolchain.crash.faultlog_files import FetchResult, fetch_faultlogs
from hmdesk.core.toolchain.hdc import Outcome
from hmdesk.core.toolchain.hilog import device_fixes
from hmdesk.core.toolchain.hilog.stream import clear_buffer
from hmdesk.core.toolchain.tools import ToolNotFound, hdc_path
from hmdesk.gui.common.device_hub import DeviceHub
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import MessageBus
from hmdesk.gui.runs.hilog.feed import STATE_TEXT, HilogFeed
from hmdesk.gui.runs.hilog.view import HilogView
from PySide6.QtCore import QObject, QTimer, Signal

FAULTLOG_DELAY_MS = 1500  # the device writes the fault log a moment after the crash lines


def stream_note(state: str, message: str, restarts: int) -> str:
    """The counter line's words for a stream state."""
    text = STATE_TEXT.get(state, state)
    if state == "connected" and restarts:
        return f"stream restarted ({restarts}×) after a disconnect"
    if state in ("restarting", "device-gone", "error"):
        return f"{text}: {message}"
    return text


class DeviceLogLink(QObject):
    """One hilog stream from the hub's target into ``view``; ``ensure()`` after any change.

    Signals: crashed(object): crashes of the app (``list[CrashGroup]``), new or repeated.
    """

    crashed = Signal(object)

    def __init__(
        self,
        hub: DeviceHub,
        view: HilogView,
        db: Database,
        bus: MessageBus,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.view = view
        self.db = db
        self.bus = bus
        self.feed: HilogFeed | None = None
        self.closed = False
        self.fetch_faultlogs = True
        self._fetching = False
        self._crash_timer = QTimer(self)
        self._crash_timer.setInterval(500)
        self._crash_timer.timeout.connect(self._flush_crashes)
        self._crash_timer.start()

    def ensure(self) -> None:
        """Stream from the target while it is connected (the stream restarts itself)."""
        if self.closed:
            return
        dev = self.hub.target_device()
        key = self.hub.target
        # "No device connected", "X is gone — …", "Choose a device": said over the log, never
        # a silently empty view ("" while the target is connected)
        self.view.set_device_state(self.hub.state_text())
        if self.feed is not None and self.feed.device_key == key:
            return
        if self.feed is not None:
            self.stop()
        if not key or dev is None or not dev.usable:
            self.view.set_stream_note(
                "no device to stream from" if not key else f"{key} not connected"
            )
            return
        try:
            hdc = hdc_path(self.db)
        except ToolNotFound as exc:
            self.view.set_stream_note(str(exc))
            return
        feed = self.feed = HilogFeed(hdc, key, self.view.model.capacity, self)

        def on_status(state: str, message: str, restarts: int) -> None:
            if feed is self.feed:  # a replaced stream's last words (queued) are not news
                self.view.set_stream_note(stream_note(state, message, restarts))

        feed.status.connect(on_status)
        feed.crashed.connect(lambda groups: self._on_crashed(feed, groups))
        self.view.set_feed(feed)
        feed.start()

    def _flush_crashes(self) -> None:
        if self.feed is not None:
            self.feed.flush_crashes()

    def _on_crashed(self, feed: HilogFeed, groups: list[CrashGroup]) -> None:
        bundle = self.view.bundle
        mine = [g for g in groups if not bundle or not g.crash.bundle or g.crash.bundle == bundle]
        if feed is not self.feed or not mine:
            return
        self.crashed.emit(mine)
        if self.fetch_faultlogs and not self._fetching:
            self._fetching = True
            QTimer.singleShot(FAULTLOG_DELAY_MS, lambda: self._fetch(feed))

    def _fetch(self, feed: HilogFeed) -> None:
        """Copy the device's fault logs and merge them into the feed's crashes (worker)."""
        key, db, bundle = feed.device_key, self.db, self.view.bundle

        def work() -> FetchResult:
            return fetch_faultlogs(hdc_path(db), key, bundle=bundle)

        def done(result: FetchResult) -> None:
            self._fetching = False
            if feed is not self.feed:
                return
            if not result.ok:
                self.view.set_stream_note(f"{result.message} — {result.fix}")
                return
            merged = [feed.crashes.book.merge(c) for c in result.crashes]
            if merged:
                self.crashed.emit(list({g.id: g for g in merged}.values()))

        def failed(exc: BaseException) -> None:
            self._fetching = False
            self.view.set_stream_note(f"could not copy the fault logs: {exc}")

        run_in_thread(work, on_done=done, on_error=failed)

    def stop(self) -> None:
        """Detach the stream now; hdc is stopped in a worker (it may take the kill grace).

        The GUI thread only flips state: a new stream can start at once, and whatever the old
        one still delivers is dropped (``HilogFeed.detach``).
        """
        feed, self.feed = self.feed, None
        if feed is not None:
            self.view.set_feed(None)
            feed.stop_in_background()

    def close(self) -> None:
        """Stop streaming for good (the area is closing)."""
        self.closed = True
        self.stop()

    def set_capacity(self, capacity: int) -> None:
        self.view.set_capacity(capacity)
        if self.feed is not None:
            self.feed.capacity = capacity

    def clear_device_buffer(self) -> None:
        """``hilog -r`` on the target, off the GUI thread; the view is cleared when it worked."""
        key = self.hub.target
        if not key:
            self.bus.show_error("No device to clear.", "Pick a device first.")
            return
        db = self.db

        def work() -> Outcome:
            return clear_buffer(hdc_path(db), key)

        def done(outcome: Outcome) -> None:
            if outcome.ok:
                self.view.clear_view()
                self.bus.show_info(f"Cleared the hilog buffer of {key}")
                self.view.set_stream_note(f"device buffer of {key} cleared")
            else:
                self.bus.show_error(
                    f"Could not clear the device log: {outcome.message}", outcome.fix or ""
                )

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda e: self.bus.show_error(f"Could not clear the device log: {e}", ""),
        )

    def apply_log_fix(self, kind: str) -> None:
        """On the user's click: ``"buffer"`` (``hilog -G 16M``) or ``"flow"`` (``hilog -Q
        pidoff``) on the target, off the GUI thread; the outcome is said either way."""
        key = self.hub.target
        what = "enlarge the device's hilog buffer" if kind == "buffer" else "turn off flow control"
        if not key:
            self.bus.show_error(f"Cannot {what}: no device.", "Pick a device first.")
            return
        db = self.db

        def work() -> Outcome:
            hdc = hdc_path(db)
            if kind == "buffer":
                return device_fixes.set_buffer_size(hdc, key)
            return device_fixes.flow_control_off(hdc, key)

        def done(outcome: Outcome) -> None:
            if outcome.ok:
                self.bus.show_info(f"{key}: {outcome.message}")
                self.view.set_stream_note(f"{key}: {outcome.message}")
            else:
                self.bus.show_error(f"Could not {what}: {outcome.message}", outcome.fix or "")

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda e: self.bus.show_error(f"Could not {what}: {e}", ""),
        )

    def follow_launch(self, bundle: str) -> None:
        """After a launch: ask the target for the app's pids (``pidof``) and follow them."""
        key = self.hub.target
        if not key or not bundle:
            return
        db = self.db

        def work() -> list[int]:
            return device_fixes.pidof(hdc_path(db), key, bundle)

        def done(pids: list[int]) -> None:
            if self.view.bundle == bundle:
                for pid in pids:
                    self.view.follow_pid(pid)

        run_in_thread(work, on_done=done, on_error=lambda _e: None)  # pidof is a bonus

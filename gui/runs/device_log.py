"""Keeps the Runs tab's hilog view streaming from the target device.

:class:`DeviceLogLink` follows the shared :class:`~hmdesk.gui.common.device_hub.DeviceHub`: while
the target is connected it owns one :class:`~hmdesk.gui.runs.hilog_feed.HilogFeed` for it (the
stream restarts itself after a disconnect), replaces it when the target changes, and says over
the view why nothing streams (the hub's state: no device, the target is gone, choose one).
Stopping a stream never blocks the GUI thread (the old hdc is stopped in a worker). "Clear
device buffer" runs ``hilog -r`` off the GUI thread too, and so do the fixes for lines lost on the
device (``hilog -G 16M``, ``hilog -Q pidoff``) and ``pidof`` after a launch (the view follows the
app's new pid).
"""

from __future__ import annotations

from hmdesk.core.db import Database
from hmdesk.core.toolchain.hdc import Outcome
from hmdesk.core.toolchain.hilog import device_fixes
from hmdesk.core.toolchain.hilog.stream import clear_buffer
from hmdesk.core.toolchain.tools import ToolNotFound
from hmdesk.gui.common.device_hub import DeviceHub
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import MessageBus
from hmdesk.gui.runs.hilog_feed import STATE_TEXT, HilogFeed, find_hdc
from hmdesk.gui.runs.hilog_view import HilogView
from PySide6.QtCore import QObject


def stream_note(state: str, message: str, restarts: int) -> str:
    """The counter line's words for a stream state."""
    text = STATE_TEXT.get(state, state)
    if state == "connected" and restarts:
        return f"stream restarted ({restarts}×) after a disconnect"
    if state in ("restarting", "device-gone", "error"):
        return f"{text}: {message}"
    return text


class DeviceLogLink(QObject):
    """One hilog stream from the hub's target into ``view``; ``ensure()`` after any change."""

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
            hdc = find_hdc(self.db)
        except ToolNotFound as exc:
            self.view.set_stream_note(str(exc))
            return
        feed = self.feed = HilogFeed(hdc, key, self.view.model.capacity, self)

        def on_status(state: str, message: str, restarts: int) -> None:
            if feed is self.feed:  # a replaced stream's last words (queued) are not news
                self.view.set_stream_note(stream_note(state, message, restarts))

        feed.status.connect(on_status)
        self.view.set_feed(feed)
        feed.start()

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
            return clear_buffer(find_hdc(db), key)

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
            hdc = find_hdc(db)
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
            return device_fixes.pidof(find_hdc(db), key, bundle)

        def done(pids: list[int]) -> None:
            if self.view.bundle == bundle:
                for pid in pids:
                    self.view.follow_pid(pid)

        run_in_thread(work, on_done=done, on_error=lambda _e: None)  # pidof is a bonus

"""One device poller per application, shared by the Devices and Runs areas.

The core :class:`~hmdesk.core.toolchain.devices.DevicePoller` calls back on its own worker
thread with a :class:`~hmdesk.core.toolchain.devices.DeviceChange`; :class:`DeviceHub` re-emits
it through a signal, which Qt queues to the GUI thread. The chosen target lives in
``ctx.settings`` (``devices/target``) so it survives a restart.

A remembered target that is gone (not listed, or Offline) is never kept silently while other
devices are connected: with exactly one connected device the hub switches to it (as the CLI
picks the only device) and says so (``notice``); with several it selects none and asks
(``prompt`` is :data:`CHOOSE_PROMPT`). A device the user picked while it was Offline stays the
target while it is listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from hmdesk.core.toolchain.devices import DeviceChange, DevicePoller
from hmdesk.core.toolchain.hdc import Device
from PySide6.QtCore import QCoreApplication, QObject, QSettings, Signal

if TYPE_CHECKING:
    from hmdesk.core.db import Database

TARGET_KEY = "devices/target"
READY_TEXT = "Ready."
CHOOSE_PROMPT = "Choose a device"
NO_DEVICE_TEXT = "No device connected"


def gone_text(key: str) -> str:
    """What the user reads about a target that is not connected."""
    return f"{key} is gone — reconnect it or choose another device"


class HubContext(Protocol):
    """What a hub needs of the app context (``gui.context.AppContext`` has it)."""

    @property
    def settings(self) -> QSettings: ...

    @property
    def db(self) -> Database: ...

    @property
    def bus(self) -> Notifier: ...


class Notifier(Protocol):
    """Where the hub's notices go (the app's ``MessageBus``: the status bar)."""

    def show_info(self, text: str) -> None: ...


def device_guidance(dev: Device) -> str:
    """What to do about a device: the core's guidance for its state (nothing for a usable one)."""
    if dev.usable:
        return READY_TEXT
    return dev.guidance or f"State {dev.state!r}: hdc cannot run commands on it yet."


def change_error(change: DeviceChange) -> str:
    """Why the device list could not be read ("" when it could), with the fix when known."""
    if change.status in ("ok", "empty"):
        return ""
    message = change.message or "hdc could not list devices"
    return f"{message} — {change.fix}" if change.fix else message


class DeviceHub(QObject):
    """Live device list + the chosen target.

    Signals:
        devices_changed(list[Device]): a new snapshot (GUI thread).
        target_changed(str): the chosen target's key ("" for none).
        error_changed(str): why the list could not be read ("" when it could).
        notice(str): the hub changed the target by itself, or asks to choose one (status bar).
    """

    devices_changed = Signal(list)
    target_changed = Signal(str)
    error_changed = Signal(str)
    notice = Signal(str)
    _incoming = Signal(list, str)

    _hubs: ClassVar[dict[int, DeviceHub]] = {}

    def __init__(
        self, settings: QSettings, db: Database | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.db = db
        self.devices: list[Device] = []
        self.error = ""
        self._users = 0
        self._poller: DevicePoller | None = None
        self._incoming.connect(self._apply)
        value = settings.value(TARGET_KEY, "")
        self.target: str = str(value or "")
        self.prompt = ""  # CHOOSE_PROMPT while several devices are connected and none is chosen
        self._pinned = ""  # a device the user chose while it was not connected
        self._listed = False  # a snapshot has arrived

    @classmethod
    def for_context(cls, ctx: HubContext) -> DeviceHub:
        key = id(ctx.settings)
        hub = cls._hubs.get(key)
        if hub is None:
            hub = cls(ctx.settings, ctx.db, QCoreApplication.instance())
            hub.notice.connect(ctx.bus.show_info)
            cls._hubs[key] = hub
        return hub

    # --- lifetime -------------------------------------------------------------------------
    def acquire(self) -> None:
        self._users += 1
        if self._poller is None:
            self._start()

    def release(self) -> None:
        self._users = max(0, self._users - 1)
        if self._users == 0:
            self.stop()
            for k, hub in list(DeviceHub._hubs.items()):
                if hub is self:
                    del DeviceHub._hubs[k]

    def _start(self) -> None:
        poller = DevicePoller(self._on_change_thread, db=self.db)
        try:
            poller.start()
        except RuntimeError as exc:  # no thread could be started
            self._apply([], str(exc))
            return
        self._poller = poller

    def stop(self) -> None:
        poller, self._poller = self._poller, None
        if poller is not None:
            poller.stop()

    def _on_change_thread(self, change: DeviceChange) -> None:
        """Called by the poller on its worker thread: only emit (queued to the GUI thread)."""
        self._incoming.emit(list(change.devices), change_error(change))

    def _apply(self, devices: list[Device], error: str) -> None:
        self.devices = list(devices)
        self.devices_changed.emit(self.devices)
        if error != self.error:
            self.error = error
            self.error_changed.emit(error)
        self._listed = True
        self._follow_devices()

    def _follow_devices(self) -> None:
        """Choose the only connected device, or ask, when the target is none or gone."""
        ready = [d for d in self.devices if d.usable]
        current = self.target_device()
        if current is not None and current.usable and self._pinned == current.key:
            self._pinned = ""  # it came back: from now on it is an ordinary target
        # an Offline device the user picked on purpose stays; one no longer listed is gone
        offline = current is not None and current.state == "Offline" and current.key != self._pinned
        gone = bool(self.target) and (current is None or offline)
        if self.target and (not gone or not ready):
            self._set_prompt("")  # connected, chosen on purpose, or nothing else to use
            return
        if len(ready) == 1:
            old = self.target
            self._set_prompt("")
            self._set(ready[0].key)
            if old:
                self.notice.emit(
                    f"{old} is not connected: using {ready[0].key}, the only connected device."
                )
            return
        if len(ready) > 1:
            if self.target:
                old = self.target
                self._set("")
                self._set_prompt(CHOOSE_PROMPT)
                self.notice.emit(
                    f"{old} is not connected and {len(ready)} devices are: choose one for "
                    "Build & Run and the device log."
                )
            else:
                self._set_prompt(CHOOSE_PROMPT)
            return
        self._set_prompt("")

    def _set_prompt(self, prompt: str) -> None:
        if prompt != self.prompt:
            self.prompt = prompt
            self.target_changed.emit(self.target)  # views re-read the target and the prompt

    # --- target ---------------------------------------------------------------------------
    def set_target(self, key: str | None) -> None:
        """The user's choice (kept even when the device is offline right now)."""
        key = key or ""
        dev = next((d for d in self.devices if d.key == key), None)
        self._pinned = key if key and self._listed and (dev is None or not dev.usable) else ""
        if key:
            self.prompt = ""
        self._set(key)

    def _set(self, key: str) -> None:
        if key == self.target:
            return
        self.target = key
        self.settings.setValue(TARGET_KEY, key)
        self.target_changed.emit(key)

    def state_text(self) -> str:
        """What the device log and the views say when nothing streams ("" when the target is
        connected)."""
        dev = self.target_device()
        if dev is not None and dev.usable:
            return ""
        if self.prompt:
            return self.prompt
        if not self.target:
            return NO_DEVICE_TEXT
        if dev is None:
            return gone_text(self.target)
        return f"{self.target} is {dev.state}: {device_guidance(dev)}"

    def target_device(self) -> Device | None:
        return next((d for d in self.devices if d.key == self.target), None)

    def refresh(self) -> None:
        """Poll now instead of waiting for the next interval."""
        if self._poller is not None:
            self._poller.poll_now()

    def inject(self, devices: list[Device], error: str = "") -> None:
        """Set a snapshot directly (tests, screenshots)."""
        self._apply(devices, error)

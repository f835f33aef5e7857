"""One device poller per application, shared by the Devices and Runs areas.

The core :class:`~hmdesk.core.toolchain.devices.DevicePoller` calls back on its own worker
thread with a :class:`~hmdesk.core.toolchain.devices.DeviceChange`; :class:`DeviceHub` re-emits
it through a signal, which Qt queues to the GUI thread. The chosen target lives in
``ctx.settings`` (``devices/target``) so it survives a restart.
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


class HubContext(Protocol):
    """What a hub needs of the app context (``gui.context.AppContext`` has it)."""

    @property
    def settings(self) -> QSettings: ...

    @property
    def db(self) -> Database: ...


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
    """

    devices_changed = Signal(list)
    target_changed = Signal(str)
    error_changed = Signal(str)
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

    @classmethod
    def for_context(cls, ctx: HubContext) -> DeviceHub:
        key = id(ctx.settings)
        hub = cls._hubs.get(key)
        if hub is None:
            hub = cls(ctx.settings, ctx.db, QCoreApplication.instance())
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
        if not self.target:
            ready = [d for d in self.devices if d.usable]
            if len(ready) == 1:
                self.set_target(ready[0].key)

    # --- target ---------------------------------------------------------------------------
    def set_target(self, key: str | None) -> None:
        key = key or ""
        if key == self.target:
            return
        self.target = key
        self.settings.setValue(TARGET_KEY, key)
        self.target_changed.emit(key)

    def target_device(self) -> Device | None:
        return next((d for d in self.devices if d.key == self.target), None)

    def refresh(self) -> None:
        """Poll now instead of waiting for the next interval."""
        if self._poller is not None:
            self._poller.poll_now()

    def inject(self, devices: list[Device], error: str = "") -> None:
        """Set a snapshot directly (tests, screenshots)."""
        self._apply(devices, error)

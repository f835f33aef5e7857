"""One device poller per application, shared by the Devices and Runs areas.

The core ``DevicePoller`` calls back on its own worker thread; :class:`DeviceHub` re-emits the
snapshot through a signal, which Qt queues to the GUI thread. The chosen target lives in
``ctx.settings`` (``devices/target``) so it survives a restart.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

TARGET_KEY = "devices/target"

ADVICE = {
    "Connected": "Ready.",
    "Offline": "The device is known but not reachable: reconnect the cable (USB) or run "
    "`hdc tconn KEY` again (TCP); if it stays offline, `hdc kill -r` restarts the hdc server.",
    "Unauthorized": "Unlock the device and accept the \u201cAllow USB debugging?\u201d dialog. "
    "No dialog? Developer options \u2192 Revoke USB debugging authorizations, then replug.",
    "Unknown": "Still connecting \u2014 wait a few seconds; if it stays Unknown, replug the cable.",
    "Ready": "Still connecting \u2014 wait a few seconds.",
}


def field(dev: Any, name: str) -> str:
    value = dev.get(name) if isinstance(dev, dict) else getattr(dev, name, None)
    if value is None:
        return ""
    return str(getattr(value, "value", value))


def advice(dev: Any) -> str:
    guidance = getattr(dev, "guidance", None)
    if isinstance(guidance, str) and guidance:
        return guidance
    state = field(dev, "state")
    text = ADVICE.get(state, f"State {state!r}: hdc cannot run commands on it yet.")
    return text.replace("KEY", field(dev, "key"))


def usable(dev: Any) -> bool:
    return field(dev, "state") == "Connected"


class DeviceHub(QObject):
    """Live device list + the chosen target.

    Signals:
        devices_changed(list): a new snapshot (GUI thread).
        target_changed(str): the chosen target's key ("" for none).
        error_changed(str): why the list could not be read ("" when it could).
    """

    devices_changed = Signal(list)
    target_changed = Signal(str)
    error_changed = Signal(str)
    _incoming = Signal(object, object)

    _hubs: dict[int, DeviceHub] = {}

    def __init__(self, settings: Any, db: Any = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.db = db
        self.devices: list[Any] = []
        self.error = ""
        self._users = 0
        self._poller: Any = None
        self._incoming.connect(self._apply)
        value = settings.value(TARGET_KEY, "")
        self.target: str = str(value or "")

    @classmethod
    def for_context(cls, ctx: Any) -> DeviceHub:
        key = id(ctx.settings)
        hub = cls._hubs.get(key)
        if hub is None:
            hub = cls(ctx.settings, getattr(ctx, "db", None), QCoreApplication.instance())
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
        try:
            from hmdesk.core.toolchain.devices import DevicePoller
        except ImportError as exc:  # the core poller is part of every release
            self._apply([], f"device polling is unavailable ({exc})")
            return
        self._poller = DevicePoller(self._on_change_thread, db=self.db)
        try:
            self._poller.start()
        except Exception as exc:
            self._poller = None
            self._apply([], str(exc))

    def stop(self) -> None:
        poller, self._poller = self._poller, None
        if poller is not None:
            with contextlib.suppress(Exception):
                poller.stop()

    def _on_change_thread(self, *args: Any) -> None:
        """Called by the poller on its worker thread: only emit (queued to the GUI thread)."""
        snapshot = args[0] if args else []
        error = args[1] if len(args) > 1 else None
        devices = getattr(snapshot, "devices", snapshot)
        error = error or getattr(snapshot, "error", None)
        status = getattr(snapshot, "status", None)
        if not error and status not in (None, "ok", "empty"):
            msg = getattr(snapshot, "message", "") or "hdc could not list devices"
            fix = getattr(snapshot, "fix", None)
            error = f"{msg} — {fix}" if fix else msg
        self._incoming.emit(list(devices or []), error)

    def _apply(self, devices: list[Any], error: Any) -> None:
        self.devices = list(devices)
        err = str(error or "")
        self.devices_changed.emit(self.devices)
        if err != self.error:
            self.error = err
            self.error_changed.emit(err)
        if not self.target:
            ready = [d for d in self.devices if usable(d)]
            if len(ready) == 1:
                self.set_target(field(ready[0], "key"))

    # --- target ---------------------------------------------------------------------------
    def set_target(self, key: str | None) -> None:
        key = key or ""
        if key == self.target:
            return
        self.target = key
        self.settings.setValue(TARGET_KEY, key)
        self.target_changed.emit(key)

    def target_device(self) -> Any:
        return next((d for d in self.devices if field(d, "key") == self.target), None)

    def refresh(self) -> None:
        """Poll now instead of waiting for the next interval."""
        if self._poller is not None and hasattr(self._poller, "poll_now"):
            self._poller.poll_now()

    def inject(self, devices: list[Any], error: str | None = None) -> None:
        """Set a snapshot directly (tests, screenshots)."""
        self._apply(devices, error)

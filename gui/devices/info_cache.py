"""Model, OS version and API level per device, read off the GUI thread and cached per key.

Each connected device is read once (``param get``, four short hdc calls on a worker); a read that
failed (the device went away mid-read) is forgotten, so it is read again when the device is next
seen connected.
"""

from __future__ import annotations

from hmdesk.core.db import Database
from hmdesk.core.toolchain.device_info import DeviceInfo, read_device_info
from hmdesk.core.toolchain.hdc import Device
from hmdesk.core.toolchain.tools import hdc_path
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import QObject, Signal


class DeviceInfoCache(QObject):
    """``want(devices)`` reads what is missing; ``changed`` fires as each answer arrives.

    Signals:
        changed(): ``info`` has a new entry.
    """

    changed = Signal()

    def __init__(self, db: Database | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.info: dict[str, DeviceInfo] = {}
        self.pending: set[str] = set()
        self.closed = False

    def want(self, devices: list[Device]) -> None:
        """Read every connected device not read yet (each at most once at a time)."""
        for dev in devices:
            if dev.usable and dev.key not in self.info and dev.key not in self.pending:
                self._read(dev.key)

    def _read(self, key: str) -> None:
        self.pending.add(key)
        db = self.db

        def work() -> DeviceInfo:
            return read_device_info(hdc_path(db), key)

        def done(info: DeviceInfo) -> None:
            self.pending.discard(key)
            if self.closed:
                return
            self.info[key] = info
            self.changed.emit()

        def failed(exc: BaseException) -> None:
            done(DeviceInfo(key, problem=str(exc)))

        run_in_thread(work, on_done=done, on_error=failed)

    def forget_failed(self, devices: list[Device]) -> None:
        """Drop failed reads of devices that are no longer connected (read again on return)."""
        connected = {d.key for d in devices if d.usable}
        for key in [k for k, v in self.info.items() if v.problem and k not in connected]:
            del self.info[key]

    def close(self) -> None:
        self.closed = True

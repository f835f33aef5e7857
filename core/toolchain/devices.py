"""Devices: one-shot listing and a poller on ``hdc list targets -v`` (every 2 s by default).

The poller runs on its own thread and calls ``on_change(DeviceChange)`` — on that thread — after
the first poll and whenever something changed: a device appeared (``connected``), went away
(``disconnected``), or changed state (``state``, e.g. Unauthorized → Connected), or the overall
status changed (hdc missing, server unreachable, ...). Offline and Unauthorized devices come with
guidance text (``Device.guidance``). A GUI adapts the callback to a queued signal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from hmdesk.core.toolchain.hdc import (
    DEVICE_GUIDANCE,
    Device,
    DeviceState,
    TargetsResult,
    TargetsStatus,
    list_targets_argv,
    parse_targets,
)
from hmdesk.core.toolchain.process import CancelToken, run_streaming
from hmdesk.core.toolchain.tools import ToolNotFound, hdc_path

if TYPE_CHECKING:
    from hmdesk.core.db import Database

LIST_TIMEOUT = 10.0

DeviceEventKind = Literal["connected", "disconnected", "state"]


@dataclass(frozen=True)
class DeviceEvent:
    kind: DeviceEventKind
    device: Device
    old_state: DeviceState | None = None

    @property
    def guidance(self) -> str | None:
        return None if self.kind == "disconnected" else DEVICE_GUIDANCE.get(self.device.state)

    def describe(self) -> str:
        d = self.device
        if self.kind == "connected":
            text = f"{d.key} connected ({d.connection}, {d.state})"
        elif self.kind == "disconnected":
            text = f"{d.key} disconnected"
        else:
            text = f"{d.key}: {self.old_state} → {d.state}"
        g = self.guidance
        return f"{text}. {g}" if g else text


@dataclass(frozen=True)
class DeviceChange:
    """A snapshot after a poll, with the status of ``hdc list targets`` (or ``no-tool``)."""

    devices: list[Device]
    events: list[DeviceEvent] = field(default_factory=list)
    status: TargetsStatus = "ok"
    message: str = ""
    fix: str | None = None
    status_changed: bool = False


def list_devices(
    hdc: str, *, timeout: float = LIST_TIMEOUT, cancel: CancelToken | None = None
) -> TargetsResult:
    """Run ``hdc list targets -v`` once and classify it."""
    lines: list[str] = []
    res = run_streaming(
        list_targets_argv(hdc),
        timeout=timeout,
        cancel=cancel,
        on_line=lambda _s, t: lines.append(t),
    )
    if res.error:
        return TargetsResult("error", [], res.error, None)
    if res.timed_out:
        return TargetsResult(
            "timeout",
            [],
            f"hdc list targets did not answer within {timeout:g} s",
            "The hdc server may be wedged: run `hdc kill` then `hdc start`.",
        )
    return parse_targets("\n".join(lines))


def diff_devices(old: list[Device], new: list[Device]) -> list[DeviceEvent]:
    before = {d.key: d for d in old}
    after = {d.key: d for d in new}
    events: list[DeviceEvent] = []
    for key, dev in after.items():
        prev = before.get(key)
        if prev is None:
            events.append(DeviceEvent("connected", dev))
        elif prev.state != dev.state:
            events.append(DeviceEvent("state", dev, prev.state))
    for key, dev in before.items():
        if key not in after:
            events.append(DeviceEvent("disconnected", dev))
    return events


class DevicePoller:
    def __init__(
        self,
        on_change: Callable[[DeviceChange], None],
        interval: float = 2.0,
        *,
        hdc: str | None = None,
        db: Database | None = None,
        timeout: float = LIST_TIMEOUT,
    ) -> None:
        self.on_change = on_change
        self.interval = interval
        self.hdc = hdc
        self.db = db
        self.timeout = timeout
        self.devices: list[Device] = []
        self.status: TargetsStatus | None = None
        self._stop = threading.Event()
        self._cancel = CancelToken()
        self._thread: threading.Thread | None = None
        self._wake = threading.Event()

    def _hdc(self) -> str:
        if self.hdc:
            return self.hdc
        return hdc_path(self.db)

    def poll_once(self) -> DeviceChange | None:
        """Poll now; returns the change (None when nothing changed since the last poll)."""
        try:
            hdc = self._hdc()
        except ToolNotFound as exc:
            result = TargetsResult("no-tool", [], str(exc), None)
        else:
            result = list_devices(hdc, timeout=self.timeout, cancel=self._cancel)
        if self._cancel.cancelled:
            return None
        first = self.status is None
        events = diff_devices(self.devices, result.devices)
        status_changed = result.status != self.status
        self.devices = list(result.devices)
        self.status = result.status
        if not (first or events or status_changed):
            return None
        return DeviceChange(
            devices=list(result.devices),
            events=events,
            status=result.status,
            message=result.message,
            fix=result.fix,
            status_changed=status_changed,
        )

    def _run(self) -> None:
        while not self._stop.is_set():
            change = self.poll_once()
            if change is not None and not self._stop.is_set():
                try:
                    self.on_change(change)
                except Exception:  # noqa: BLE001 - a broken listener must not kill the poller
                    pass
            self._wake.wait(self.interval)
            self._wake.clear()

    def start(self) -> DevicePoller:
        if self._thread is not None:
            return self
        self._stop = threading.Event()
        self._cancel = CancelToken()
        self._thread = threading.Thread(target=self._run, name="hmdesk-device-poller", daemon=True)
        self._thread.start()
        return self

    def poll_now(self) -> None:
        """Ask the running poller to poll at once (e.g. after the user plugged something)."""
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._cancel.cancel()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

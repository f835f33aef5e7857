"""``hdc list targets [-v]``: the devices, their state and what to do about a state.

States and connection types are the ones hdc prints (``Connected``, ``Offline``,
``Unauthorized``, ``Ready``, ``Unknown``; ``USB``, ``TCP``, ``UART``, ``BT``, ``UNKNOWN``).
Parsing never raises: a ``-v`` row whose connection or state is not one of those is not a device
row (hdc's diagnostics also contain tabs) and is left out; :func:`device_state` and
:func:`connection_type` map any other text to ``Unknown`` / ``UNKNOWN`` for callers that read
the values from elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeGuard, get_args

from hmdesk.core.toolchain.hdc.hdc_codes import SERVER_FAILED_FIX
from hmdesk.core.toolchain.hdc.names import DEVICE_KEY_RE
from hmdesk.core.toolchain.hdc.outcomes import classify_fail

DeviceState = Literal["Connected", "Offline", "Unauthorized", "Ready", "Unknown"]
Connection = Literal["USB", "TCP", "UART", "BT", "UNKNOWN"]
TargetsStatus = Literal["ok", "empty", "server-failed", "error", "timeout", "no-tool"]
"""``ok`` (devices listed, maybe none), ``empty`` (hdc printed ``[Empty]``), ``server-failed``,
``error``; ``timeout`` and ``no-tool`` come from the callers that run hdc (``devices``)."""

STATES: frozenset[str] = frozenset(get_args(DeviceState))
CONNECTIONS: frozenset[str] = frozenset(get_args(Connection))


def is_device_state(text: str) -> TypeGuard[DeviceState]:
    return text in STATES


def is_connection(text: str) -> TypeGuard[Connection]:
    return text in CONNECTIONS


def device_state(text: str) -> DeviceState:
    """``text`` as a state; anything hdc does not document is ``Unknown``."""
    return text if is_device_state(text) else "Unknown"


def connection_type(text: str) -> Connection:
    """``text`` as a connection type; anything hdc does not document is ``UNKNOWN``."""
    return text if is_connection(text) else "UNKNOWN"


@dataclass(frozen=True)
class Device:
    key: str
    connection: Connection
    state: DeviceState
    name: str

    @property
    def usable(self) -> bool:
        return self.state == "Connected"

    @property
    def guidance(self) -> str | None:
        return DEVICE_GUIDANCE.get(self.state)

    def to_dict(self) -> dict[str, str]:
        return {
            "key": self.key,
            "connection": self.connection,
            "state": self.state,
            "name": self.name,
        }


DEVICE_GUIDANCE: dict[str, str] = {
    "Offline": (
        "The device is known but offline: a device or emulator still booting shows so until its "
        "system is up, so wait for it; then replug the cable or reconnect (`hdc tconn IP:port` "
        "for TCP), make sure USB debugging is still on, and unlock the screen."
    ),
    "Unauthorized": (
        "The device has not authorised this computer: unlock it and accept the "
        "'Allow USB debugging?' dialog (tick 'Always allow'). If no dialog shows, revoke "
        "USB debugging authorisations in Developer options and replug."
    ),
    "Unknown": "The device state is unknown: wait a moment, or replug it.",
    "Ready": "The device is starting its daemon: wait a moment.",
}


@dataclass(frozen=True)
class TargetsResult:
    status: TargetsStatus
    devices: list[Device]
    message: str = ""
    fix: str | None = None


def parse_targets(text: str) -> TargetsResult:
    """Parse ``hdc list targets [-v]`` output.

    ``-v`` rows are split on runs of whitespace (the empty 2nd column shifts single-tab splits);
    lines without a tab are prose (diagnostics) and ignored, except the known ones.
    """
    devices: list[Device] = []
    saw_empty = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line == "[Empty]":
            saw_empty = True
            continue
        if line.startswith("Connect server failed"):
            return TargetsResult(
                "server-failed", [], "hdc could not connect to its server", SERVER_FAILED_FIX
            )
        if line.startswith("[Fail]"):
            fail = classify_fail(line)
            return TargetsResult("error", [], line, fail.fix if fail else None)
        parts = line.split()
        if "\t" not in raw:
            # non -v output: just a key per line (only Connected ones)
            if len(parts) == 1 and DEVICE_KEY_RE.match(parts[0]) and not line.startswith("["):
                devices.append(Device(parts[0], "UNKNOWN", "Connected", ""))
            continue
        if len(parts) == 2 and parts[1] == "Unauthorized":
            devices.append(Device(parts[0], "UNKNOWN", "Unauthorized", ""))
            continue
        if len(parts) >= 3 and is_connection(parts[1]) and is_device_state(parts[2]):
            name = parts[3] if len(parts) >= 4 and parts[3] != "hdc" else ""
            devices.append(Device(parts[0], parts[1], parts[2], name))
    if not devices and saw_empty:
        return TargetsResult("empty", [], "no device connected", NO_DEVICE_FIX)
    return TargetsResult("ok", devices)


NO_DEVICE_FIX = (
    "Connect a device with USB debugging on (Settings > System > Developer options), or start "
    "an emulator; then it appears here within a few seconds."
)

"""What a device is and what can be done to it from the Devices tab (and the CLI).

* model, OS version and API level: ``hdc -t KEY shell param get NAME`` per system parameter
  (``const.product.model``, ``const.product.software.version``, ``const.ohos.fullname``,
  ``const.ohos.apiversion``); a missing one prints ``Get parameter "NAME" fail! errNum is:106!``;
* connecting a device over the network: ``hdc tconn IP:PORT`` → ``Connect OK`` |
  ``[Info]Target is connected, repeat operation`` | ``[Fail]Connect failed``;
* a screenshot: ``hdc -t KEY shell snapshot_display -f REMOTE.jpeg`` (``success: snapshot
  display 0 , write to … as jpeg, width W, height H`` or ``error: … as jpeg failed!``), then
  ``hdc -t KEY file recv REMOTE LOCAL`` (``FileTransfer finish, Size:…`` or ``[Fail]Error
  opening file: …``).

hdc exits 0 on failures too: every verdict is read from the text, the positive line required.
The functions that run hdc block: call them off the GUI thread.
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hmdesk.core.toolchain.device.call import run_hdc
from hmdesk.core.toolchain.hdc import InvalidName, Outcome, classify_fail, validate_device_key

PARAM_MODEL = "const.product.model"
PARAM_SOFTWARE = "const.product.software.version"
PARAM_FULLNAME = "const.ohos.fullname"
PARAM_API = "const.ohos.apiversion"
PARAMS = (PARAM_MODEL, PARAM_SOFTWARE, PARAM_FULLNAME, PARAM_API)
PARAM_RE = re.compile(r"^[a-z][a-z0-9_.]{0,95}\Z")
_MISSING_RE = re.compile(r'^Get parameter ".*" fail! errNum is:-?\d+!?$')

REMOTE_SNAPSHOT = "/data/local/tmp/hmdesk_snap.jpeg"
INFO_TIMEOUT = 10.0
TCONN_TIMEOUT = 30.0
SNAPSHOT_TIMEOUT = 30.0

TCONN_FIX = (
    "Check that the device is on the same network as this computer, that wireless debugging "
    "is on (Settings → System → Developer options → Wireless debugging) and that the IP and "
    "port are the ones it shows."
)
SNAPSHOT_FIX = (
    "Unlock the device's screen and try again; a secure screen (password entry, protected "
    "video) cannot be captured."
)


@dataclass(frozen=True)
class DeviceInfo:
    """What ``param get`` told about one device; ``problem`` says why it could not be read."""

    key: str
    model: str | None = None
    software_version: str | None = None
    os_fullname: str | None = None
    api_level: str | None = None
    problem: str | None = None

    @property
    def os_version(self) -> str | None:
        """The OS version people read (the product's software version, else OpenHarmony's)."""
        return self.software_version or self.os_fullname

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "os_version": self.os_version,
            "os_fullname": self.os_fullname,
            "api_level": self.api_level,
            "info_problem": self.problem,
        }


# --- argv ---------------------------------------------------------------------------------
def param_get_argv(hdc: str, key: str, name: str) -> list[str]:
    if not PARAM_RE.fullmatch(name):
        raise InvalidName(f"system parameter {name!r} is not valid")
    return [hdc, "-t", validate_device_key(key), "shell", "param", "get", name]


def tconn_argv(hdc: str, address: str) -> list[str]:
    problem = address_problem(address)
    if problem:
        raise InvalidName(problem)
    return [hdc, "tconn", address.strip()]


def snapshot_argv(hdc: str, key: str, remote: str = REMOTE_SNAPSHOT) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "snapshot_display", "-f", remote]


def file_recv_argv(hdc: str, key: str, remote: str, local: str) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "file", "recv", remote, local]


# --- outputs ------------------------------------------------------------------------------
def parse_param(text: str) -> str | None:
    """The value ``param get`` printed (None for a missing parameter or an hdc failure)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines or classify_fail(text) is not None:
        return None
    value = lines[-1]
    if _MISSING_RE.match(value):
        return None
    return value


def address_problem(address: str) -> str | None:
    """Why ``address`` is not an ``IP:PORT`` for ``hdc tconn`` (None when it is)."""
    text = address.strip()
    if not text:
        return "Enter the device's IP address and port, e.g. 192.168.1.20:5555."
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        return f"{text} has no port: write IP:PORT, e.g. 192.168.1.20:5555."
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return f"{host} is not an IP address: write four numbers 0–255, e.g. 192.168.1.20."
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        return f"{port or 'The port'} is not a port: use a number from 1 to 65535."
    return None


def classify_tconn(text: str, address: str) -> Outcome:
    if "Target is connected, repeat operation" in text:
        return Outcome(True, f"{address} was already connected.")
    if "Connect OK" in text:
        return Outcome(True, f"Connected to {address}.")
    if "Connect failed" in text:
        return Outcome(
            False, f"Could not connect to {address}.", fix=TCONN_FIX, evidence=text.strip()
        )
    fail = classify_fail(text)
    if fail is not None:
        return fail
    last = text.strip().splitlines()[-1] if text.strip() else None
    return Outcome(False, "hdc tconn did not report a connection.", fix=TCONN_FIX, evidence=last)


_SNAP_OK_RE = re.compile(r"success: snapshot display.*?width:? (\d+), height:? (\d+)")


def classify_snapshot(text: str) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    m = _SNAP_OK_RE.search(text)
    if m:
        return Outcome(
            True,
            "screenshot taken",
            extra={"width": int(m.group(1)), "height": int(m.group(2))},
        )
    if "success: snapshot display" in text:
        return Outcome(True, "screenshot taken")
    evidence = next((ln.strip() for ln in text.splitlines() if "error" in ln.lower()), None)
    if evidence is None and text.strip():
        evidence = text.strip().splitlines()[-1]
    return Outcome(
        False,
        "The device could not take the screenshot.",
        fix=SNAPSHOT_FIX,
        evidence=evidence,
        kind="file",
    )


def classify_recv(text: str) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "FileTransfer finish" in text:
        return Outcome(True, "file received")
    last = text.strip().splitlines()[-1] if text.strip() else None
    return Outcome(False, "hdc file recv did not report success.", evidence=last, kind="file")


# --- running ------------------------------------------------------------------------------
def _run(argv: list[str], timeout: float) -> tuple[str, Outcome | None]:
    """The output of one hdc call, or the Outcome of it not running / not answering."""
    reply, failed = run_hdc(argv, timeout=timeout)
    return ("", failed) if failed is not None else (reply.text, None)


def _problem(outcome: Outcome) -> str:
    return f"{outcome.message} — {outcome.fix}" if outcome.fix else outcome.message


def read_device_info(hdc: str, key: str, *, timeout: float = INFO_TIMEOUT) -> DeviceInfo:
    """Model, OS version and API level of ``key`` (one ``param get`` each). Stops at the first
    hdc-level failure (the device went away, hdc is missing) and says it in ``problem``."""
    values: dict[str, str | None] = {}
    for name in PARAMS:
        text, failed = _run(param_get_argv(hdc, key, name), timeout)
        if failed is None:
            failed = classify_fail(text)
        if failed is not None:
            return DeviceInfo(key, problem=_problem(failed))
        values[name] = parse_param(text)
    return DeviceInfo(
        key,
        model=values[PARAM_MODEL],
        software_version=values[PARAM_SOFTWARE],
        os_fullname=values[PARAM_FULLNAME],
        api_level=values[PARAM_API],
    )


def connect_over_network(hdc: str, address: str, *, timeout: float = TCONN_TIMEOUT) -> Outcome:
    """``hdc tconn IP:PORT`` (the address is checked first: an InvalidName says why)."""
    text, failed = _run(tconn_argv(hdc, address), timeout)
    return failed or classify_tconn(text, address.strip())


def take_screenshot(
    hdc: str,
    key: str,
    local: str | os.PathLike[str],
    *,
    remote: str = REMOTE_SNAPSHOT,
    timeout: float = SNAPSHOT_TIMEOUT,
) -> Outcome:
    """Capture the screen of ``key`` into the JPEG file ``local``; ``extra`` has ``path``,
    ``width`` and ``height`` (when the device said them)."""
    text, failed = _run(snapshot_argv(hdc, key, remote), timeout)
    shot = failed or classify_snapshot(text)
    if not shot.ok:
        return shot
    path = Path(local)
    text, failed = _run(file_recv_argv(hdc, key, remote, os.fspath(path)), timeout)
    got = failed or classify_recv(text)
    if not got.ok:
        return Outcome(
            False,
            f"The screenshot was taken but could not be copied from the device: {got.message}",
            got.code,
            got.meaning,
            got.fix,
            got.evidence,
            got.kind,
        )
    if not path.is_file() or path.stat().st_size == 0:
        return Outcome(
            False,
            f"hdc reported the copy finished but {path} is missing or empty.",
            fix="Check the free space and permissions of the folder and try again.",
            kind="file",
        )
    return Outcome(True, f"Screenshot of {key}", extra={**shot.extra, "path": os.fspath(path)})

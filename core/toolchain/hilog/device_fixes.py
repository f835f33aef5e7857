"""Device-side hilog settings hmdesk offers to change, and ``pidof`` for following the app.

Lines lost on the device show up as markers (``LOGLIMIT``: a process over its quota, ``Slow
reader missed log lines: N``: the buffer wrapped before hdc read it). Two documented fixes, run
only on the user's click:

* a larger buffer: ``hilog -G 16M`` (the largest size hilog accepts, 64K–16M), which prints
  ``Set log type app buffer size to 16.0M successfully`` once per log type;
* per-process flow control off: ``hilog -Q pidoff`` → ``Set flow control by process to
  disabled successfully`` (debuggable apps usually have it off already).

hdc exits 0 whatever the device says, so only the success line makes either pass. Both last
until the device reboots.
"""

from __future__ import annotations

import os
import re

from hmdesk.core.toolchain import hdc as hdc_mod
from hmdesk.core.toolchain.device.call import run_hdc
from hmdesk.core.toolchain.device.stats import parse_pidof, pidof_argv
from hmdesk.core.toolchain.hdc.names import validate_device_key

BUFFER_SIZE = "16M"
"""The size the "larger buffer" fix sets: hilog's largest."""

_SIZE = re.compile(r"\d{1,5}[KkMm]?")


def buffer_size_argv(hdc: str, key: str, size: str = BUFFER_SIZE) -> list[str]:
    if not _SIZE.fullmatch(size):
        raise hdc_mod.InvalidName(f"not a hilog buffer size: {size!r} (e.g. 16M, 512K)")
    return [hdc, "-t", validate_device_key(key), "shell", "hilog", "-G", size]


def flow_control_off_argv(hdc: str, key: str) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "hilog", "-Q", "pidoff"]


def classify_buffer_size(text: str) -> hdc_mod.Outcome:
    fail = hdc_mod.classify_fail(text)
    if fail is not None:
        return fail
    done = re.findall(r"Set log type (\S+) buffer size to (\S+) successfully", text)
    if done:
        size = done[0][1]
        return hdc_mod.Outcome(True, f"hilog buffer set to {size} ({len(done)} log types)")
    return hdc_mod.Outcome(
        False,
        "hilog -G did not report success",
        evidence=_last_line(text),
        fix="The device may not allow it (a user build): see `hilog -g` in `hdc shell`.",
        kind="hilog",
    )


def classify_flow_control_off(text: str) -> hdc_mod.Outcome:
    fail = hdc_mod.classify_fail(text)
    if fail is not None:
        return fail
    if "Set flow control by process to disabled successfully" in text:
        return hdc_mod.Outcome(True, "per-process flow control is off until the device reboots")
    return hdc_mod.Outcome(
        False,
        "hilog -Q pidoff did not report success",
        evidence=_last_line(text),
        fix="Release devices may refuse it; log less from the app (about 50 KB/s per process).",
        kind="hilog",
    )


def set_buffer_size(
    hdc: str | os.PathLike[str], key: str, size: str = BUFFER_SIZE, *, timeout: float = 30.0
) -> hdc_mod.Outcome:
    reply, failed = run_hdc(buffer_size_argv(os.fspath(hdc), key, size), timeout=timeout)
    return failed or classify_buffer_size(reply.text)


def flow_control_off(
    hdc: str | os.PathLike[str], key: str, *, timeout: float = 30.0
) -> hdc_mod.Outcome:
    reply, failed = run_hdc(flow_control_off_argv(os.fspath(hdc), key), timeout=timeout)
    return failed or classify_flow_control_off(reply.text)


def pidof(
    hdc: str | os.PathLike[str], key: str, bundle: str, *, timeout: float = 15.0
) -> list[int]:
    """The bundle's running pids on the device ([] when none, or hdc failed)."""
    reply, failed = run_hdc(pidof_argv(os.fspath(hdc), key, bundle), timeout=timeout)
    return [] if failed else parse_pidof(reply.text)


def _last_line(text: str) -> str | None:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else None

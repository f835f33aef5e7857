"""The device's screen: a screenshot, and taps and swipes through ``uitest uiInput``.

A screenshot is ``snapshot_display -f /data/local/tmp/….jpeg`` (``success: snapshot display 0 ,
write to … as jpeg, width W, height H``); where the device has no ``snapshot_display`` or it
fails (``error: … as jpeg failed!``), the documented fallback ``uitest screenCap -p ….png``
(``ScreenCap saved to PATH`` | ``ScreenCap failed: …``, testfwk_arkxtest
``uitest/server/server_main.cpp``). The file is then copied with ``file recv`` (written to a
``.part`` name, renamed when complete: :func:`~hmdesk.core.toolchain.device.files.pull`).

Input: ``uitest uiInput click X Y`` and ``uitest uiInput swipe X1 Y1 X2 Y2 [velocity]``
(velocity 200–40000, default 600; testfwk_arkxtest ``uitest/input/ui_input.cpp``). It prints an
empty line on success (the empty message of no error) and injects the touch whatever the screen
shows, a lock screen too; a coordinate of 0 or less gets ``Please confirm that the coordinate
values are correct.`` and the usage, a device without uitest ``/bin/sh: uitest: inaccessible or
not found``. Coordinates are checked (whole numbers 1–20000) before anything runs, and the lock
screen first: ``hidumper -s 3704 -a -all`` (the screen lock service, theme_screenlock_mgr
``RegisterDumpCommand``) prints `` * screenLocked  \t\ttrue\t\t…`` and `` * screenState …``; a
locked or dark screen is said plainly and nothing is tapped.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from hmdesk.core.toolchain.device.call import run_hdc
from hmdesk.core.toolchain.device.files import pull
from hmdesk.core.toolchain.device.remote import TMP_DIR
from hmdesk.core.toolchain.device_info import SNAPSHOT_FIX, classify_snapshot, snapshot_argv
from hmdesk.core.toolchain.hdc import InvalidName, Outcome, classify_fail, validate_device_key

SNAPSHOT_REMOTE = f"{TMP_DIR}/hmdesk_screen.jpeg"
SCREENCAP_REMOTE = f"{TMP_DIR}/hmdesk_screen.png"
SHOT_TIMEOUT = 30.0
INPUT_TIMEOUT = 15.0
MIN_COORD = 1  # uitest refuses 0 and less ("Please confirm that the coordinate values …")
MAX_COORD = 20_000
NO_UITEST = (
    "This device has no uitest, so hmdesk cannot tap or swipe on it (the screenshot still works)."
)
INPUT_FIX = (
    "This device's uitest does not take this input (an older system?); tap on the device "
    "itself, or update its system software."
)


LOCK_SERVICE = "3704"  # SCREENLOCK_SERVICE_ID (samgr system_ability_definition.h)
LOCKED = "The screen is locked: unlock the device, then try again."
SCREEN_OFF = "The screen is off: wake and unlock the device, then try again."
_LOCK_STATE_RE = re.compile(r"^\s*\*\s*(screenLocked|screenState)\s+(true|false)\b", re.M)


def lock_argv(hdc: str, key: str) -> list[str]:
    return [
        hdc,
        "-t",
        validate_device_key(key),
        "shell",
        "hidumper",
        "-s",
        LOCK_SERVICE,
        "-a",
        "-all",
    ]


def parse_lock_state(text: str) -> dict[str, bool]:
    """``screenLocked`` and ``screenState`` (on) from the screen lock service's dump (the keys
    the text has)."""
    return {m[1]: m[2] == "true" for m in _LOCK_STATE_RE.finditer(text)}


def input_blocked(hdc: str, key: str, *, timeout: float = INPUT_TIMEOUT) -> Outcome | None:
    """Why a tap would not reach the app (a locked or dark screen, no device), or None. A
    device whose lock service says nothing readable is not held back (uitest decides)."""
    reply, failed = run_hdc(lock_argv(hdc, key), timeout=timeout)
    if failed is not None:
        return failed
    fail = classify_fail(reply.text)
    if fail is not None:
        return fail
    state = parse_lock_state(reply.text)
    if state.get("screenState") is False:
        return Outcome(False, SCREEN_OFF, evidence=_evidence(reply.text), kind="locked")
    if state.get("screenLocked"):
        return Outcome(False, LOCKED, evidence=_evidence(reply.text), kind="locked")
    return None


def _evidence(text: str) -> str | None:
    return next((ln.strip() for ln in text.splitlines() if "screenLocked" in ln), None)


def screencap_argv(hdc: str, key: str, remote: str = SCREENCAP_REMOTE) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "uitest", "screenCap", "-p", remote]


def _coord(v: object, what: str) -> str:
    if isinstance(v, bool) or not isinstance(v, int) or not MIN_COORD <= v <= MAX_COORD:
        raise InvalidName(
            f"{what} {v!r} is not a screen coordinate (a whole number {MIN_COORD}–{MAX_COORD})."
        )
    return str(v)


def tap_argv(hdc: str, key: str, x: int, y: int) -> list[str]:
    return [
        hdc,
        "-t",
        validate_device_key(key),
        "shell",
        "uitest",
        "uiInput",
        "click",
        _coord(x, "x"),
        _coord(y, "y"),
    ]


def swipe_argv(
    hdc: str, key: str, x1: int, y1: int, x2: int, y2: int, velocity: int = 600
) -> list[str]:
    if isinstance(velocity, bool) or not isinstance(velocity, int) or not 200 <= velocity <= 40000:
        raise InvalidName(f"swipe velocity {velocity!r} must be a whole number from 200 to 40000.")
    xy = [_coord(x1, "x1"), _coord(y1, "y1"), _coord(x2, "x2"), _coord(y2, "y2")]
    return [
        hdc,
        "-t",
        validate_device_key(key),
        "shell",
        "uitest",
        "uiInput",
        "swipe",
        *xy,
        str(velocity),
    ]


def _missing_tool(text: str) -> bool:
    return "inaccessible or not found" in text or ": not found" in text


def classify_screencap(text: str) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    for line in text.splitlines():
        if line.startswith("ScreenCap saved to"):
            return Outcome(
                True, "screenshot taken", extra={"remote": line.split("saved to", 1)[1].strip()}
            )
    if _missing_tool(text):
        return Outcome(
            False,
            "This device has neither snapshot_display nor uitest.",
            evidence=text.strip()[:200],
            kind="unsupported",
        )
    evidence = next(
        (ln for ln in text.splitlines() if ln.startswith("ScreenCap failed")),
        text.strip()[:200] or None,
    )
    return Outcome(
        False,
        "The device could not take the screenshot.",
        fix=SNAPSHOT_FIX,
        evidence=evidence,
        kind="file",
    )


def classify_input(text: str, exit_code: int | None) -> Outcome:
    """What ``uitest uiInput`` answered: an empty line when it injected the input."""
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if _missing_tool(text):
        return Outcome(False, NO_UITEST, evidence=text.strip()[:200], kind="unsupported")
    if text.strip() or (exit_code not in (0, None)):
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
        return Outcome(
            False,
            f"uitest did not take the input{': ' + first if first else ''}",
            fix=INPUT_FIX,
            evidence=text.strip()[:200] or None,
            kind="unsupported",
        )
    return Outcome(True, "done")


def capture(
    hdc: str,
    key: str,
    local_dir: str | os.PathLike[str],
    stem: str,
    *,
    timeout: float = SHOT_TIMEOUT,
) -> Outcome:
    """A screenshot of ``key`` saved as ``local_dir/stem.jpeg`` (or ``.png`` from the fallback);
    ``extra``: ``path``, ``width``/``height`` when the device said them, ``method``."""
    folder = Path(local_dir)
    folder.mkdir(parents=True, exist_ok=True)
    reply, failed = run_hdc(snapshot_argv(hdc, key, SNAPSHOT_REMOTE), timeout=timeout)
    if failed is not None:
        return failed
    shot = classify_snapshot(reply.text)
    remote, suffix, method = SNAPSHOT_REMOTE, ".jpeg", "snapshot_display"
    if not shot.ok:
        if classify_fail(reply.text) is not None:  # no device, unauthorized: no fallback helps
            return shot
        reply, failed = run_hdc(screencap_argv(hdc, key), timeout=timeout)
        if failed is not None:
            return failed
        cap = classify_screencap(reply.text)
        if not cap.ok:
            return Outcome(
                False,
                cap.message,
                fix=cap.fix,
                evidence=f"snapshot_display: {shot.evidence or shot.message}; uitest: {cap.evidence}",
                kind=cap.kind,
            )
        remote, suffix, method = SCREENCAP_REMOTE, ".png", "uitest screenCap"
    got = pull(hdc, key, remote, folder / f"{stem}{suffix}", timeout=timeout)
    if not got.ok:
        return Outcome(
            False,
            f"The screenshot was taken but could not be copied: {got.message}",
            fix=got.fix,
            evidence=got.evidence,
            kind=got.kind,
        )
    return Outcome(
        True,
        f"screenshot of {key}",
        extra={**shot.extra, "path": got.extra["path"], "method": method},
    )


def tap(hdc: str, key: str, x: int, y: int, *, timeout: float = INPUT_TIMEOUT) -> Outcome:
    argv = tap_argv(hdc, key, x, y)
    blocked = input_blocked(hdc, key, timeout=timeout)
    if blocked is not None:
        return blocked
    reply, failed = run_hdc(argv, timeout=timeout)
    return failed or classify_input(reply.text, reply.exit_code)


def swipe(
    hdc: str,
    key: str,
    x1: int,
    y1: int,
    x2: int,
    y2: int,
    *,
    velocity: int = 600,
    timeout: float = INPUT_TIMEOUT,
) -> Outcome:
    argv = swipe_argv(hdc, key, x1, y1, x2, y2, velocity)
    blocked = input_blocked(hdc, key, timeout=timeout)
    if blocked is not None:
        return blocked
    reply, failed = run_hdc(argv, timeout=timeout)
    return failed or classify_input(reply.text, reply.exit_code)

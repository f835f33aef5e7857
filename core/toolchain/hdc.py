"""hdc: argv builders and output classifiers. Pure functions; nothing here runs a process.

Facts from reference/toolchain.md §1. The rules that matter:

* **hdc exits 0 on almost everything** (no device, failed install, failed ``aa start``).
  Every classifier requires the *positive* line (``install bundle successfully``,
  ``start ability successfully.``, ...). An exit code of 0 never makes a step pass; a non-zero
  one makes it fail.
* Device commands always carry ``-t KEY`` (global options go between ``hdc`` and the command).
* Values that end up in the remote ``hdc shell`` command line (bundle, module, ability names,
  hilog filters) are validated against their documented character sets, which are shell-safe,
  so nothing needs quoting and nothing can inject a second command. Anything else is refused
  with :class:`InvalidName` before any process runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# --------------------------------------------------------------------------- validation


class InvalidName(ValueError):
    """A bundle/module/ability name or device key that does not fit its documented format."""


# bundleName: reverse domain, starts with a letter; letters, digits, underscores, dots;
# 7–128 characters (app.json5 schema).
BUNDLE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+$")
# module name: letters, digits, underscores, starts with a letter, ≤31 chars (module.json5).
MODULE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,30}$")
# ability name: letters, digits, underscores, dots; starts with a letter; ≤127 chars.
ABILITY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_.]{0,126}$")
# connect key: a USB serial or IP:port (IPv6 in brackets); never starts with "-".
DEVICE_KEY_RE = re.compile(r"^[A-Za-z0-9_.\[][A-Za-z0-9_.:\-\[\]%]{0,127}$")
# hilog tag filter (-T): a tag is ≤31 chars; allow what apps use, nothing a shell interprets.
HILOG_TAG_RE = re.compile(r"^[A-Za-z0-9_.:/@#+\-]{1,31}$")
HILOG_LEVELS = {
    "D": "D",
    "DEBUG": "D",
    "I": "I",
    "INFO": "I",
    "W": "W",
    "WARN": "W",
    "E": "E",
    "ERROR": "E",
    "F": "F",
    "FATAL": "F",
}
MAX_HILOG_TAGS = 10
MAX_HILOG_PIDS = 5


def validate_bundle(name: str) -> str:
    if not isinstance(name, str) or not (7 <= len(name) <= 128) or not BUNDLE_RE.match(name):
        raise InvalidName(
            f"bundle name {name!r} is not valid: it must look like com.example.app "
            "(letters, digits, underscores and dots, starting with a letter, 7–128 characters). "
            "Check app.bundleName in AppScope/app.json5."
        )
    return name


def validate_module(name: str) -> str:
    if not isinstance(name, str) or not MODULE_RE.match(name):
        raise InvalidName(
            f"module name {name!r} is not valid: letters, digits and underscores, starting "
            "with a letter, at most 31 characters. Check module.name in module.json5."
        )
    return name


def validate_ability(name: str) -> str:
    if not isinstance(name, str) or not ABILITY_RE.match(name):
        raise InvalidName(
            f"ability name {name!r} is not valid: letters, digits, underscores and dots, "
            "starting with a letter, at most 127 characters. Check abilities[].name / "
            "mainElement in module.json5."
        )
    return name


def validate_device_key(key: str) -> str:
    if not isinstance(key, str) or not DEVICE_KEY_RE.match(key):
        raise InvalidName(
            f"device key {key!r} is not valid: use the key shown by `hdc list targets` "
            "(a serial such as FMR0224109025576 or IP:port such as 127.0.0.1:5555)."
        )
    return key


# --------------------------------------------------------------------------- argv builders


def _t(hdc: str, key: str) -> list[str]:
    return [hdc, "-t", validate_device_key(key)]


def list_targets_argv(hdc: str) -> list[str]:
    return [hdc, "list", "targets", "-v"]


def install_argv(hdc: str, key: str, hap: str, *, replace: bool = True) -> list[str]:
    if not hap or hap.startswith("-"):
        raise InvalidName(f"HAP path {hap!r} is not valid: pass the path of a .hap file.")
    return [*_t(hdc, key), "install", *(["-r"] if replace else []), hap]


def uninstall_argv(hdc: str, key: str, bundle: str) -> list[str]:
    return [*_t(hdc, key), "uninstall", validate_bundle(bundle)]


def aa_start_argv(
    hdc: str, key: str, *, ability: str, bundle: str, module: str | None = None, wait: bool = False
) -> list[str]:
    argv = [*_t(hdc, key), "shell", "aa", "start", "-a", validate_ability(ability)]
    argv += ["-b", validate_bundle(bundle)]
    if module:
        argv += ["-m", validate_module(module)]
    if wait:
        argv.append("-W")
    return argv


def force_stop_argv(hdc: str, key: str, bundle: str) -> list[str]:
    # positional bundle: `aa force-stop -b X` is wrong (Error Code:10104002)
    return [*_t(hdc, key), "shell", "aa", "force-stop", validate_bundle(bundle)]


def bm_dump_argv(hdc: str, key: str, bundle: str) -> list[str]:
    return [*_t(hdc, key), "shell", "bm", "dump", "-n", validate_bundle(bundle)]


def _levels(levels: Iterable[str]) -> list[str]:
    out: list[str] = []
    for lv in levels:
        code = HILOG_LEVELS.get(str(lv).strip().upper())
        if code is None:
            raise InvalidName(f"hilog level {lv!r} is not one of D, I, W, E, F.")
        if code not in out:
            out.append(code)
    return out


def hilog_argv(
    hdc: str,
    key: str,
    *,
    tags: Sequence[str] = (),
    levels: Sequence[str] = (),
    pids: Sequence[int | str] = (),
    dump: bool = False,
    tail: int | None = None,
) -> list[str]:
    """``hdc -t KEY shell hilog [-x] [-z N] [-T t1,t2] [-L E,F] [-P p1,p2]``.

    Never ``hdc hilog`` with flags: hdc drops them. Server-side filters only when asked;
    hilog allows at most 10 tags and 5 pids.
    """
    argv = [*_t(hdc, key), "shell", "hilog"]
    if dump:
        argv.append("-x")
    if tail is not None:
        if int(tail) < 1:
            raise InvalidName("hilog tail must be a positive number of lines.")
        argv += ["-z", str(int(tail))]
    if tags:
        if len(tags) > MAX_HILOG_TAGS:
            raise InvalidName(f"hilog accepts at most {MAX_HILOG_TAGS} tags (-T); got {len(tags)}.")
        for tag in tags:
            if not HILOG_TAG_RE.match(tag):
                raise InvalidName(
                    f"hilog tag {tag!r} cannot be filtered on the device (1–31 of letters, digits, "
                    "_ . : / @ # + -); filter it in the app instead."
                )
        argv += ["-T", ",".join(tags)]
    if levels:
        argv += ["-L", ",".join(_levels(levels))]
    if pids:
        if len(pids) > MAX_HILOG_PIDS:
            raise InvalidName(f"hilog accepts at most {MAX_HILOG_PIDS} pids (-P); got {len(pids)}.")
        clean = []
        for pid in pids:
            if not str(pid).isdigit():
                raise InvalidName(f"pid {pid!r} is not a number.")
            clean.append(str(int(pid)))
        argv += ["-P", ",".join(clean)]
    return argv


def hilog_clear_argv(hdc: str, key: str) -> list[str]:
    return [*_t(hdc, key), "shell", "hilog", "-r"]


def hilog_dump_argv(hdc: str, key: str, *, tail: int | None = None) -> list[str]:
    return hilog_argv(hdc, key, dump=True, tail=tail)


# --------------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class Outcome:
    """What a tool's output means. ``ok`` is the verdict; the rest explains a failure."""

    ok: bool
    message: str
    code: str | None = None  # "9568320", "10104001", "E001005", ...
    meaning: str | None = None
    fix: str | None = None
    evidence: str | None = None  # the line it was judged by
    kind: str | None = None  # "no-device", "unauthorized", "server", "install", "launch", ...
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "message": self.message,
            "code": self.code,
            "meaning": self.meaning,
            "fix": self.fix,
            "evidence": self.evidence,
            "kind": self.kind,
        }


# [Fail] / E0xxxxx codes (reference §1.3, §1.4, §1.6)
HDC_FAIL_CODES: dict[str, tuple[str, str, str]] = {
    # code: (kind, meaning, fix)
    "E001005": (
        "no-device",
        "the device is not found or not connected",
        "Reconnect the device (cable, USB debugging on) and pick a Connected one from the device list.",
    ),
    "E002106": (
        "daemon",
        "hdc could not communicate with the device daemon",
        "Replug the device or run `hdc kill` then `hdc start -r`; restart the device if it persists.",
    ),
    "E006001": (
        "install",
        "no installation package was found",
        "Check the HAP path: build first, then install the *-signed.hap under <module>/build/.",
    ),
    "E005005": (
        "file",
        "could not create a directory on the device",
        "Check the destination path and free space on the device.",
    ),
    "E000002": (
        "unauthorized",
        "the device has not authorised this computer",
        "Unlock the device and accept the 'Allow USB debugging?' dialog, then retry.",
    ),
    "E000003": (
        "unauthorized",
        "the device has not authorised this computer",
        "Unlock the device and accept the 'Allow USB debugging?' dialog, then retry.",
    ),
}

_FAIL_PROSE: list[tuple[re.Pattern[str], str, str, str]] = [
    (
        re.compile(r"Not match target founded", re.I),
        "no-device",
        "no device has this connect key",
        "Pick a device from `hdc list targets -v`; the key may have changed after a reconnect.",
    ),
    (
        re.compile(r"need connect-key", re.I),
        "no-device",
        "no device, or several devices and none chosen",
        "Connect a device, or choose one with -t KEY (the device list in hmdesk does this).",
    ),
    (
        re.compile(r"unauthori[sz]ed", re.I),
        "unauthorized",
        "the device has not authorised this computer",
        "Unlock the device and accept the 'Allow USB debugging?' dialog, then retry.",
    ),
    (
        re.compile(r"Device not found or connected", re.I),
        "no-device",
        "the device is not found or not connected",
        "Reconnect the device (cable, USB debugging on) and pick a Connected one from the device list.",
    ),
    (
        re.compile(r"Failed to communicate with daemon", re.I),
        "daemon",
        "hdc could not communicate with the device daemon",
        "Replug the device or run `hdc kill` then `hdc start -r`; restart the device if it persists.",
    ),
]

SERVER_FAILED_FIX = (
    "hdc could not reach its server (port 8710 or OHOS_HDC_SERVER_PORT). Close DevEco Studio's "
    "embedded hdc or run `hdc kill` then `hdc start`, and check that nothing else uses the port."
)

_FAIL_CODE_RE = re.compile(r"\[Fail\]\s*(?:\[(E\d{6})\])?\s*(.*)")


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def classify_fail(text: str) -> Outcome | None:
    """hdc-level failures common to every command: ``[Fail]...``, ``Connect server failed``,
    unauthorized. Returns None when there is none."""
    for line in _lines(text):
        if line.startswith("Connect server failed"):
            return Outcome(
                False,
                "hdc could not connect to its server",
                code=None,
                meaning="Connect server failed",
                fix=SERVER_FAILED_FIX,
                evidence=line,
                kind="server",
            )
        m = _FAIL_CODE_RE.match(line)
        if m:
            code, rest = m.group(1), m.group(2).strip()
            if code and code in HDC_FAIL_CODES:
                kind, meaning, fix = HDC_FAIL_CODES[code]
                return Outcome(False, rest or meaning, code, meaning, fix, line, kind)
            for pat, kind, meaning, fix in _FAIL_PROSE:
                if pat.search(rest):
                    return Outcome(False, rest, code, meaning, fix, line, kind)
            return Outcome(
                False,
                rest or "hdc reported a failure",
                code,
                rest or None,
                "Read the hdc message above; `hdc -l 5` gives a detailed log.",
                line,
                "hdc",
            )
        if "unauthorized" in line.lower() and "device" in line.lower():
            _pat, kind, meaning, fix = _FAIL_PROSE[2]
            return Outcome(False, line, None, meaning, fix, line, kind)
    return None


def _exit_failed(exit_code: int | None) -> bool:
    return exit_code is not None and exit_code != 0


# --------------------------------------------------------------------------- list targets


@dataclass(frozen=True)
class Device:
    key: str
    connection: str  # USB | TCP | UART | BT | UNKNOWN
    state: str  # Connected | Offline | Unauthorized | Ready | Unknown
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


DEVICE_GUIDANCE = {
    "Offline": (
        "The device is known but offline: replug the cable or reconnect (`hdc tconn IP:port` for "
        "TCP), make sure USB debugging is still on, and unlock the screen."
    ),
    "Unauthorized": (
        "The device has not authorised this computer: unlock it and accept the "
        "'Allow USB debugging?' dialog (tick 'Always allow'). If no dialog shows, revoke "
        "USB debugging authorisations in Developer options and replug."
    ),
    "Unknown": "The device state is unknown: wait a moment, or replug it.",
    "Ready": "The device is starting its daemon: wait a moment.",
}

CONNECTIONS = {"USB", "TCP", "UART", "BT", "UNKNOWN"}
STATES = {"Connected", "Offline", "Unauthorized", "Ready", "Unknown"}


@dataclass(frozen=True)
class TargetsResult:
    """``status``: ok (devices listed, maybe none) | empty | server-failed | error."""

    status: str
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
        if len(parts) >= 3 and parts[1] in CONNECTIONS and parts[2] in STATES:
            name = parts[3] if len(parts) >= 4 and parts[3] != "hdc" else ""
            devices.append(Device(parts[0], parts[1], parts[2], name))
    if not devices and saw_empty:
        return TargetsResult("empty", [], "no device connected", NO_DEVICE_FIX)
    return TargetsResult("ok", devices)


NO_DEVICE_FIX = (
    "Connect a device with USB debugging on (Settings > System > Developer options), or start "
    "an emulator; then it appears here within a few seconds."
)


# --------------------------------------------------------------------------- install


INSTALL_CODES: dict[str, tuple[str, str]] = {
    # code: (meaning, fix) — reference/toolchain.md §1.4 (bm error table)
    "9568320": (
        "no signature file",
        "The HAP is unsigned. Add a signingConfig in build-profile.json5 and reference it from the "
        "product (DevEco: File > Project Structure > Signing Configs > Automatically generate signature), then rebuild.",
    ),
    "9568322": (
        "signature verification failed due to not trusted app source",
        "The device's UDID is not in the debug profile, or a release-signed HAP was sideloaded. "
        "Re-sign with a debug profile that includes this device (automatic signing does it).",
    ),
    "9568332": (
        "install sign info inconsistent",
        "An app with the same bundle name but another certificate is installed: uninstall it "
        "first (`hdc uninstall <bundle>`), then install again.",
    ),
    "9568278": (
        "install version code not same",
        "The installed app has another versionCode (DevEco debug vs hdc build): uninstall it first.",
    ),
    "9568263": (
        "install version downgrade",
        "The installed versionCode is higher: raise versionCode in AppScope/app.json5 or uninstall first.",
    ),
    "9568336": (
        "install debug type not same",
        "A debug build is installed over a release one (or the reverse): uninstall the app first.",
    ),
    "9568286": (
        "install provision type not same",
        "The signing profile type differs from the installed app's: uninstall the app first.",
    ),
    "9568347": (
        "install parse native so failed",
        "Native libraries do not match the device ABI (`hdc shell param get const.product.cpu.abilist`): "
        "build for that ABI (abiFilters in build-profile.json5).",
    ),
    "9568297": (
        "install failed due to older sdk version in the device",
        "compatibleSdkVersion is newer than the device's API level: lower it in build-profile.json5 or update the device.",
    ),
    "9568289": (
        "install failed due to grant request permissions failed",
        "The app requests a system_basic/system_core permission without an ACL: remove it or add it to the profile's ACL.",
    ),
    "9568305": (
        "dependent module does not exist",
        "An HSP this module depends on is not installed: install the HSP first (or together).",
    ),
    "9568344": (
        "install parse profile prop check error",
        "A field in app.json5/module.json5 is invalid (often bundleName): fix the value and rebuild.",
    ),
    "9568259": (
        "install parse profile missing prop",
        "A required field is missing in module.json5/app.json5: add it and rebuild.",
    ),
    "9568304": (
        "device type is not supported",
        "Add this device's type to deviceTypes in module.json5 and rebuild.",
    ),
    "9568288": (
        "install failed due to insufficient disk memory",
        "The device storage is full: free some space and retry.",
    ),
    "9568269": (
        "install file path invalid",
        "The HAP path is missing or longer than 256 bytes: use a shorter path.",
    ),
    "9568266": (
        "install permission denied",
        "Enterprise/release HAPs cannot be installed via hdc: build and sign a debug HAP.",
    ),
    "9568448": (
        "verify app signature failed",
        "The HAP is signed with an app_gallery distribution profile: sign with a debug profile for device testing.",
    ),
}

_CODE_RE = re.compile(r"\bcode:\s*(\d+)")
_ERROR_MSG_RE = re.compile(r"^error:\s*(.+?)\.?$", re.I)


def classify_install(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    code_m = _CODE_RE.search(text)
    success = "install bundle successfully" in text
    if code_m:
        code = code_m.group(1)
        meaning, fix = INSTALL_CODES.get(code, (None, None))
        printed = None
        for line in _lines(text[code_m.end() :]):
            m = _ERROR_MSG_RE.match(line)
            if m:
                printed = m.group(1).strip()
                break
        meaning = meaning or printed or "install failed"
        evidence = next((ln for ln in _lines(text) if f"code:{code}" in ln.replace(" ", "")), None)
        return Outcome(
            False,
            f"install failed: {meaning} (code {code})",
            code,
            meaning,
            fix
            or "Look up the code in the bm error table (bm-tool.md) and rebuild or uninstall as it says.",
            evidence,
            "install",
        )
    if success and not _exit_failed(exit_code) and "failed to install" not in text:
        return Outcome(True, "installed", evidence=_first_with(text, "install bundle successfully"))
    if "failed to install" in text:
        return Outcome(
            False,
            "install failed",
            meaning=_first_with(text, "failed to install"),
            fix="Read the bm message above; uninstall the app and retry.",
            evidence=_first_with(text, "failed to install"),
            kind="install",
        )
    return Outcome(
        False,
        "install did not report success"
        + (f" (exit code {exit_code})" if _exit_failed(exit_code) else ""),
        fix="hdc did not print `install bundle successfully`; check the device connection and the output above.",
        evidence=_last_line(text),
        kind="install",
    )


def classify_uninstall(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "uninstall bundle successfully" in text and not _exit_failed(exit_code):
        return Outcome(True, "uninstalled")
    if "missing installed bundle" in text:
        return Outcome(
            False, "the app is not installed", meaning="missing installed bundle", kind="uninstall"
        )
    return Outcome(
        False, "uninstall did not report success", evidence=_last_line(text), kind="uninstall"
    )


# --------------------------------------------------------------------------- aa start / stop

AA_CODES: dict[str, tuple[str, str]] = {
    "10104001": (
        "the specified ability does not exist",
        "Check mainElement / abilities[].name in module.json5 and the module name (-m); rebuild and reinstall.",
    ),
    "10103001": (
        "the ability is not exported",
        'Set "exported": true on the ability in module.json5, or start it from inside the app.',
    ),
    "10106102": (
        "the device screen is locked",
        "Unlock the device screen and launch again.",
    ),
    "10103101": (
        "no ability matches the implicit start",
        "Pass the ability with -a (explicit start); -b alone makes an implicit start.",
    ),
    "10105002": (
        "the ability info could not be found",
        "The app may not be installed for this user: reinstall it and retry.",
    ),
    "10106002": (
        "window options need a debug-signed app",
        "Sign the app with a debug profile to use window options.",
    ),
    "10104002": (
        "invalid parameter",
        "The aa command line was wrong (e.g. `force-stop -b`): pass the bundle name positionally.",
    ),
}

_AA_CODE_RE = re.compile(r"Error Code:\s*(\d+)(?:\s+Error Message:\s*(.*))?", re.I)


def _aa_failure(text: str, what: str, kind: str) -> Outcome:
    m = _AA_CODE_RE.search(text)
    if m:
        code = m.group(1)
        meaning, fix = AA_CODES.get(code, (None, None))
        printed = (m.group(2) or "").strip() or None
        meaning = meaning or printed or f"{what} failed"
        return Outcome(
            False,
            f"{what} failed: {meaning} (Error Code {code})",
            code,
            meaning,
            fix or "See the aa tool error codes (aa-tool.md) for this code.",
            m.group(0).strip(),
            kind,
        )
    err = _first_with(text, "error:")
    return Outcome(
        False,
        f"{what} failed" + (f": {err}" if err else ""),
        meaning=err,
        fix="Read the aa output above; check that the app is installed and the device is unlocked.",
        evidence=err or _last_line(text),
        kind=kind,
    )


def classify_aa_start(text: str, exit_code: int | None = 0) -> Outcome:
    """Success only on ``start ability successfully.``; ``Error Code:N`` → meaning and fix."""
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if (
        "start ability successfully" in text
        and not _AA_CODE_RE.search(text)
        and not _exit_failed(exit_code)
    ):
        extra = {}
        for key in ("StartMode", "TotalTime", "WaitTime"):
            m = re.search(rf"^{key}:\s*(\S+)", text, re.M)
            if m:
                extra[key] = m.group(1)
        return Outcome(True, "launched", evidence="start ability successfully.", extra=extra)
    return _aa_failure(text, "launch", "launch")


def classify_force_stop(text: str, exit_code: int | None = 0) -> Outcome:
    """``force stop process successfully.`` (also printed when the app was not running)."""
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "force stop process successfully" in text and not _exit_failed(exit_code):
        return Outcome(True, "stopped", evidence="force stop process successfully.")
    return _aa_failure(text, "force-stop", "stop")


def classify_hilog_clear(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "buffer clear successfully" in text:
        return Outcome(True, "device log buffer cleared")
    return Outcome(
        False, "hilog -r did not report success", evidence=_last_line(text), kind="hilog"
    )


def parse_bm_dump(text: str) -> dict[str, Any] | None:
    """``bm dump -n BUNDLE``: a ``bundle:`` header then JSON. None when unknown (prose)."""
    start = text.find("{")
    if start < 0:
        return None
    try:
        data = json.loads(text[start:])
    except ValueError:
        end = text.rfind("}")
        try:
            data = json.loads(text[start : end + 1])
        except ValueError:
            return None
    return data if isinstance(data, dict) else None


def ability_names(dump: dict[str, Any]) -> list[str]:
    names: list[str] = []
    for mod in dump.get("hapModuleInfos", []) or []:
        for ab in mod.get("abilityInfos", []) or []:
            if isinstance(ab, dict) and ab.get("name"):
                names.append(str(ab["name"]))
    return names


def _first_with(text: str, needle: str) -> str | None:
    low = needle.lower()
    return next((ln for ln in _lines(text) if low in ln.lower()), None)


def _last_line(text: str) -> str | None:
    lines = _lines(text)
    return lines[-1][:200] if lines else None

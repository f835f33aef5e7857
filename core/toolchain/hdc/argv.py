"""hdc argv builders. Pure functions; nothing here runs a process.

Device commands always carry ``-t KEY`` (global options go between ``hdc`` and the command), and
every name that reaches the device's shell is validated first (:mod:`.names`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from hmdesk.core.toolchain.hdc.names import (
    InvalidName,
    validate_ability,
    validate_bundle,
    validate_device_key,
    validate_module,
)

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

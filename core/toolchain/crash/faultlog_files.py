"""A fault log's files: one read from disk, a folder of them read oldest first, and the device's
fault log folder copied over hdc (``hdc file recv``) and read. Parsing is :mod:`.faultlog`'s."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hmdesk.core.bounded import InputError, open_input
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog, parse_name
from hmdesk.core.toolchain.crash.model import TYPES, Crash

REMOTE_DIR = "/data/log/faultlog/faultlogger"
FETCH_TIMEOUT = 60.0
MAX_BYTES = 4 * 1024 * 1024  # a fault log is at most a few hundred KiB; more is not read
MAX_FILE = 1 << 40  # a fault log's size is not refused (only MAX_BYTES of it are read)


def read_faultlog(path: str | os.PathLike[str]) -> Crash:
    """Read one fault log file (any bytes: undecodable ones are replaced)."""
    p = Path(path)
    try:
        # a regular file only (a FIFO would block, a device never end); a link is not followed
        with open_input(p, limit=MAX_FILE, what="the fault log", follow_symlinks=False) as fh:
            data = fh.read(MAX_BYTES)
    except (InputError, OSError) as exc:
        info = parse_name(p.name)
        why = (
            str(exc)
            if isinstance(exc, InputError)
            else f"could not read {p}: {exc.strerror or exc}"
        )
        return Crash(
            type=info.type if info is not None else "unknown",
            raw=why,
            origin="faultlog",
            faultlog=p.name,
            parsed=False,
        )
    return parse_faultlog(data.decode("utf-8", errors="replace"), p.name)


def read_faultlog_dir(folder: str | os.PathLike[str], *, bundle: str | None = None) -> list[Crash]:
    """Every crash/freeze fault log under ``folder`` (oldest first), of ``bundle`` if given.
    Only the regular files inside ``folder``: a symbolic link (to a file or a folder, perhaps
    outside it) is never followed."""
    out: list[tuple[str, Crash]] = []
    found: list[Path] = []
    for dirpath, _dirs, files in os.walk(folder, followlinks=False):
        found += [Path(dirpath) / f for f in files]
    for p in sorted(found):
        if p.is_symlink() or not p.is_file():
            continue
        info = parse_name(p.name)
        if info is None or info.type not in TYPES:
            continue
        if bundle and info.module != bundle:
            continue
        out.append((info.stamp.ljust(17, "0"), read_faultlog(p)))
    out.sort(key=lambda t: t[0])
    return [c for _, c in out]


@dataclass
class FetchResult:
    crashes: list[Crash] = field(default_factory=list)
    ok: bool = True
    message: str = ""
    fix: str = ""


FETCH_FIX = (
    "Turn on Developer options (and USB debugging) on the device; the fault logs are readable "
    "only then. The crash lines in hilog are shown meanwhile."
)


def fetch_faultlogs(
    hdc: str,
    key: str,
    *,
    bundle: str | None = None,
    dest: str | os.PathLike[str] | None = None,
    timeout: float = FETCH_TIMEOUT,
) -> FetchResult:
    """Copy the device's fault log folder (``hdc file recv``) and read the crash files."""
    from hmdesk.core.toolchain.device_info import classify_recv, file_recv_argv
    from hmdesk.core.toolchain.process import run_streaming

    with tempfile.TemporaryDirectory(prefix="hmdesk-faultlog-") as tmp:
        target = Path(dest) if dest is not None else Path(tmp) / "faultlogger"
        target.mkdir(parents=True, exist_ok=True)
        out: list[str] = []
        res = run_streaming(
            file_recv_argv(hdc, key, REMOTE_DIR, os.fspath(target)),
            timeout=timeout,
            on_line=lambda _s, t: out.append(t),
        )
        if res.error:
            return FetchResult(ok=False, message=res.error)
        if res.timed_out:
            return FetchResult(
                ok=False, message=f"hdc file recv did not answer within {timeout:g} s"
            )
        got = classify_recv("\n".join(out))
        crashes = read_faultlog_dir(target, bundle=bundle)
        if not got.ok and not crashes:
            return FetchResult(
                ok=False,
                message=f"could not copy the fault logs: {got.evidence or got.message}",
                fix=FETCH_FIX,
            )
        return FetchResult(crashes=crashes)

"""The app's files on the device: list a folder (``ls -la``), download (``hdc file recv``),
upload (``hdc file send``), delete (``rm -f``); and a downloaded SQLite file opened read-only.

Formats (hdc exits 0 on failures: every verdict is read from the text):

* ``ls -la`` (toybox) prints ``total N`` then one line per entry, e.g.
  ``-rw-r----- 1 logd   system 12239 1970-01-02 03:34 hilog.002.19700102-033431.gz`` (mode,
  links, owner, group, size — ``major, minor`` for a device —, date, time, name, ``-> target``
  for a link); a folder it may not read gives ``ls: PATH: Permission denied``, a missing one
  ``ls: PATH: No such file or directory``.
* ``file recv``/``file send`` end with ``FileTransfer finish, Size:N, File count = 1,
  time:Tms rate:R kB/s`` (hdc ``HdcFile::TransferSummary``); a transfer cut short prints
  ``[Fail]Transfer Stop at:DONE/TOTAL(Bytes), Reason: …``, an unreadable file
  ``[Fail]Error opening file: …, path:…``.

A download is written to ``NAME.part`` beside the destination and renamed only once hdc said
it finished and the size matches, so a device that disconnects mid-transfer leaves no file
under the complete name. An upload goes to ``NAME.hmdesk-part`` on the device and is renamed
with ``mv`` once complete.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from hmdesk.core.toolchain.device.call import run_hdc
from hmdesk.core.toolchain.device.remote import join, validate_name, validate_remote_path
from hmdesk.core.toolchain.hdc import (
    InvalidName,
    Outcome,
    OutcomeKind,
    classify_fail,
    validate_device_key,
)

LIST_TIMEOUT = 20.0
TRANSFER_TIMEOUT = 300.0
MAX_ENTRIES = 5000
"""A folder listing keeps at most this many entries (the rest is counted as cut off)."""
MAX_DB_ROWS = 1000

_LS_RE = re.compile(
    r"^(?P<mode>[bcdlps-][rwxsStT-]{9})[.+@]?\s+\d+\s+(?P<owner>\S+)\s+(?P<group>\S+)\s+"
    r"(?:\d+,\s*)?(?P<size>\d+)\s+(?P<date>\d{4}-\d\d-\d\d)\s+(?P<time>\d\d:\d\d(?::\d\d)?)\s+"
    r"(?P<name>.+)$"
)
_LS_ERR_RE = re.compile(r"^ls: (?P<path>.+?): (?P<why>.+)$")
_FINISH_RE = re.compile(r"FileTransfer finish, Size:\s*(\d+)")
_STOP_RE = re.compile(r"Transfer Stop at:\s*(\d+)/(\d+)")
PERMISSION_FIX = (
    "The device's shell may not read or write there. The sandbox of a release-signed app and "
    "the fault logs of other apps are closed to it; use a debug-signed build."
)


@dataclass(frozen=True)
class Entry:
    """One line of a listing."""

    name: str
    kind: str  # file | dir | link | other
    size: int
    mode: str
    owner: str
    group: str
    modified: str  # "YYYY-MM-DD HH:MM" as the device printed it (device time)
    target: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Listing:
    path: str
    entries: list[Entry]
    truncated: bool = False
    problem: Outcome | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "entries": [e.to_dict() for e in self.entries],
            "truncated": self.truncated,
            "problem": self.problem.to_dict() if self.problem else None,
        }


def _t(hdc: str, key: str) -> list[str]:
    return [hdc, "-t", validate_device_key(key)]


def ls_argv(hdc: str, key: str, path: str) -> list[str]:
    return [*_t(hdc, key), "shell", "ls", "-la", validate_remote_path(path)]


def rm_argv(hdc: str, key: str, path: str) -> list[str]:
    return [*_t(hdc, key), "shell", "rm", "-f", validate_remote_path(path)]


def mv_argv(hdc: str, key: str, src: str, dst: str) -> list[str]:
    return [*_t(hdc, key), "shell", "mv", validate_remote_path(src), validate_remote_path(dst)]


def recv_argv(hdc: str, key: str, remote: str, local: str) -> list[str]:
    return [*_t(hdc, key), "file", "recv", validate_remote_path(remote), local]


def send_argv(hdc: str, key: str, local: str, remote: str) -> list[str]:
    if local.startswith("-"):
        raise InvalidName(f"local path {local!r} starts with '-': pass ./{local}.")
    return [*_t(hdc, key), "file", "send", local, validate_remote_path(remote)]


def parse_ls_line(line: str) -> Entry | None:
    """One ``ls -l`` line as an :class:`Entry` (None for ``total``, ``.``/``..`` and noise)."""
    m = _LS_RE.match(line.rstrip())
    if not m:
        return None
    mode, name = m["mode"], m["name"]
    target = None
    if mode[0] == "l" and " -> " in name:
        name, target = name.split(" -> ", 1)
    if name in (".", ".."):
        return None
    kind = {"-": "file", "d": "dir", "l": "link"}.get(mode[0], "other")
    return Entry(
        name, kind, int(m["size"]), mode, m["owner"], m["group"], f"{m['date']} {m['time']}", target
    )


def classify_ls(lines: list[str], path: str) -> Outcome | None:
    """Why the listing failed (None when it did not)."""
    fail = classify_fail("\n".join(lines))
    if fail is not None:
        return fail
    for line in lines:
        m = _LS_ERR_RE.match(line.strip())
        if not m:
            continue
        why = m["why"]
        if "Permission denied" in why:
            return Outcome(
                False,
                f"{path}: permission denied",
                fix=PERMISSION_FIX,
                evidence=line,
                kind="permission",
            )
        return Outcome(False, f"{path}: {why}", evidence=line, kind="file")
    if any("inaccessible or not found" in ln for ln in lines):
        return Outcome(False, "the device has no ls", evidence=lines[-1], kind="unsupported")
    return None


def list_dir(
    hdc: str,
    key: str,
    path: str,
    *,
    timeout: float = LIST_TIMEOUT,
    max_entries: int = MAX_ENTRIES,
    on_entry: Callable[[Entry], None] | None = None,
) -> Listing:
    """The entries of remote folder ``path``, streamed to ``on_entry`` as they come; at most
    ``max_entries`` (then ``truncated``; the listing command is stopped)."""
    path = validate_remote_path(path)
    entries: list[Entry] = []

    def take(line: str) -> None:
        entry = parse_ls_line(line)
        if entry is not None and len(entries) < max_entries:
            entries.append(entry)
            if on_entry is not None:
                on_entry(entry)

    reply, failed = run_hdc(
        ls_argv(hdc, key, path), timeout=timeout, max_lines=max_entries + 3, on_line=take
    )
    problem = failed or classify_ls(reply.lines, path)
    return Listing(path, entries, truncated=reply.truncated, problem=problem)


def _transfer_outcome(lines: list[str], what: str) -> tuple[Outcome | None, int | None]:
    """(failure or None, the size hdc reported)."""
    text = "\n".join(lines)
    m = _FINISH_RE.search(text)
    fail = classify_fail(text)
    if fail is not None:
        stop = _STOP_RE.search(text)
        if stop:
            return Outcome(
                False,
                f"the {what} stopped at {int(stop[1]):,} of {int(stop[2]):,} bytes (the device "
                "went away?)",
                fix="Reconnect the device and try again.",
                evidence=fail.evidence,
                kind="file",
            ), None
        if "permission denied" in text.lower():
            return Outcome(
                False, fail.message, fix=PERMISSION_FIX, evidence=fail.evidence, kind="permission"
            ), None
        return fail, None
    if m is None:
        last = lines[-1].strip() if lines else None
        return Outcome(
            False, f"hdc did not report the {what} finished.", evidence=last, kind="file"
        ), None
    return None, int(m[1])


def pull(
    hdc: str,
    key: str,
    remote: str,
    local: str | os.PathLike[str],
    *,
    timeout: float = TRANSFER_TIMEOUT,
) -> Outcome:
    """Download ``remote`` to the file ``local`` (``NAME.part`` first, renamed when complete)."""
    remote = validate_remote_path(remote)
    dest = Path(local)
    part = dest.with_name(dest.name + ".part")
    part.unlink(missing_ok=True)
    reply, failed = run_hdc(recv_argv(hdc, key, remote, os.fspath(part)), timeout=timeout)
    problem, size = (failed, None) if failed else _transfer_outcome(reply.lines, "download")
    if problem is None:
        have = part.stat().st_size if part.is_file() else None
        if have is None or (size is not None and have != size):
            problem = Outcome(
                False,
                f"hdc reported {size} bytes but {have if have is not None else 'no file'} arrived.",
                fix="Try again; check the free space of the folder.",
                kind="file",
            )
    if problem is not None:
        part.unlink(missing_ok=True)
        return problem
    os.replace(part, dest)
    return Outcome(True, f"{remote} → {dest}", extra={"path": os.fspath(dest), "size": size})


def pull_many(
    hdc: str,
    key: str,
    remotes: list[str],
    folder: str | os.PathLike[str],
    *,
    timeout: float = TRANSFER_TIMEOUT,
) -> list[Outcome]:
    """Each of ``remotes`` into ``folder`` under its own name; one Outcome per file."""
    out: list[Outcome] = []
    for remote in remotes:
        try:
            name = validate_name(validate_remote_path(remote).rsplit("/", 1)[-1])
            out.append(pull(hdc, key, remote, Path(folder) / name, timeout=timeout))
        except InvalidName as exc:
            out.append(Outcome(False, str(exc), kind="file"))
    return out


def push(
    hdc: str,
    key: str,
    local: str | os.PathLike[str],
    folder: str,
    *,
    timeout: float = TRANSFER_TIMEOUT,
) -> Outcome:
    """Upload the file ``local`` into remote ``folder`` (as ``NAME.hmdesk-part``, then ``mv``)."""
    src = Path(local)
    if not src.is_file():
        return Outcome(False, f"{src} is not a file.", kind="file")
    final = join(folder, src.name)
    part = final + ".hmdesk-part"
    reply, failed = run_hdc(send_argv(hdc, key, os.fspath(src), part), timeout=timeout)
    problem = failed or _transfer_outcome(reply.lines, "upload")[0]
    if problem is None:
        reply, failed = run_hdc(mv_argv(hdc, key, part, final), timeout=LIST_TIMEOUT)
        problem = failed or _shell_problem(reply.lines, "mv")
    if problem is not None:
        run_hdc(rm_argv(hdc, key, part), timeout=LIST_TIMEOUT)
        return problem
    return Outcome(True, f"{src} → {final}", extra={"path": final})


def _shell_problem(lines: list[str], tool: str) -> Outcome | None:
    fail = classify_fail("\n".join(lines))
    if fail is not None:
        return fail
    for line in lines:
        if line.startswith(f"{tool}: "):
            kind: OutcomeKind = "permission" if "Permission denied" in line else "file"
            return Outcome(
                False,
                line.strip(),
                evidence=line,
                kind=kind,
                fix=PERMISSION_FIX if kind == "permission" else None,
            )
    return None


def remove(hdc: str, key: str, remote: str, *, timeout: float = LIST_TIMEOUT) -> Outcome:
    """Delete the remote file ``remote`` (folders are refused by ``rm`` without ``-r``)."""
    reply, failed = run_hdc(rm_argv(hdc, key, remote), timeout=timeout)
    problem = failed or _shell_problem(reply.lines, "rm")
    return problem or Outcome(True, f"deleted {remote}")


# --- a downloaded SQLite file, read-only ----------------------------------------------------
def with_log(path: str | os.PathLike[str]) -> Path:
    """The database to read for the downloaded SQLite file ``path``: itself, or, when its
    write-ahead log ``NAME-wal`` was downloaded beside it (the app's RelationalStore writes in
    WAL mode: the latest rows are still in the log), a copy with the log applied
    (``NAME.with-log``, made once per download). The downloaded files are never changed."""
    db = Path(path)
    wal = db.with_name(db.name + "-wal")
    if not wal.is_file() or wal.stat().st_size == 0:
        return db
    merged = db.with_name(db.name + ".with-log")
    if merged.is_file() and merged.stat().st_mtime >= max(db.stat().st_mtime, wal.stat().st_mtime):
        return merged
    work = merged.with_name(merged.name + ".part")
    shutil.copyfile(db, work)
    shutil.copyfile(wal, work.with_name(work.name + "-wal"))
    con = sqlite3.connect(work)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("PRAGMA journal_mode=DELETE")
    finally:
        con.close()
    for extra in ("-wal", "-shm"):
        work.with_name(work.name + extra).unlink(missing_ok=True)
    os.replace(work, merged)
    return merged


def _ro(path: str | os.PathLike[str]) -> sqlite3.Connection:
    uri = "file:" + quote(os.path.abspath(os.fspath(path))) + "?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True)


def db_tables(path: str | os.PathLike[str]) -> list[tuple[str, int]]:
    """The tables of the SQLite file ``path`` and their row counts (opened read-only;
    ``sqlite3.DatabaseError`` for a file that is not a database). A file with a write-ahead
    log: pass :func:`with_log` of it."""
    con = _ro(path)
    try:
        names = [
            r[0]
            for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
        ]
        return [
            (n, con.execute(f'SELECT count(*) FROM "{_ident(n)}"').fetchone()[0]) for n in names
        ]
    finally:
        con.close()


def db_rows(
    path: str | os.PathLike[str], table: str, *, limit: int = MAX_DB_ROWS
) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Column names and the first ``limit`` rows of ``table`` (read-only)."""
    con = _ro(path)
    try:
        cur = con.execute(f'SELECT * FROM "{_ident(table)}" LIMIT ?', (int(limit),))
        cols = [d[0] for d in cur.description or ()]
        return cols, list(cur.fetchall())
    finally:
        con.close()


def _ident(name: str) -> str:
    return name.replace('"', '""')


def download_kind(path: str | os.PathLike[str]) -> str:
    """How a downloaded file opens: ``db`` (an SQLite file: a read-only table view),
    ``faultlog`` (a fault log by its name or its header: a crash card) or ``file``."""
    from hmdesk.core.bounded import InputError, open_input
    from hmdesk.core.toolchain.crash.faultlog import FAULT_HINT, parse_name

    p = Path(path)
    try:  # only the head is read: any size, but never a FIFO or a device
        with open_input(p, limit=1 << 62, what="the downloaded file") as fh:
            head = fh.read(4096)
    except (OSError, InputError):
        return "file"
    if head.startswith(b"SQLite format 3\x00"):
        return "db"
    if parse_name(p.name) is not None or FAULT_HINT.search(head.decode("utf-8", errors="replace")):
        return "faultlog"
    return "file"

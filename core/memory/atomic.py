"""Write a file atomically: a temporary file beside it, fsync, ``os.replace``.

* A **new** file gets the mode of ``mode_like`` when that file exists (the hmharness export passes
  the source ``memory.jsonl``), else 0600: memories are private, like the database. An existing
  file keeps its mode.
* A temporary file left by a writer that was killed (its process is gone) is removed by the next
  write to the same path.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections.abc import Iterable
from pathlib import Path

from hmdesk.core.memory.errors import StoreError

NEW_FILE_MODE = 0o600


def _tmp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.hmdesk-{os.getpid()}-{threading.get_ident()}.tmp")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # e.g. EPERM: someone else's live process
        return True
    return True


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove ``path``'s temporary files whose writer process is gone; return them."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.hmdesk-(\d+)-\d+\.tmp")
    removed: list[Path] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        m = pattern.fullmatch(name)
        if m is None:
            continue
        pid = int(m.group(1))
        if pid == os.getpid() or _pid_alive(pid):
            continue
        stale = path.parent / name
        with contextlib.suppress(OSError):
            stale.unlink()
            removed.append(stale)
    return removed


def _mode_for(path: Path, mode_like: Path | None) -> int:
    for candidate in (path, mode_like):
        if candidate is None:
            continue
        try:
            return os.stat(candidate).st_mode & 0o777
        except OSError:
            continue
    return NEW_FILE_MODE


def write_atomic(path: Path, data: bytes, *, mode_like: Path | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see the module doc); :class:`StoreError` on failure."""
    write_atomic_chunks(path, (data,), mode_like=mode_like)


def write_atomic_chunks(
    path: Path, chunks: Iterable[bytes], *, mode_like: Path | None = None
) -> None:
    """:func:`write_atomic` of the concatenated ``chunks``, written as they come (a large file
    need not be held in memory). An exception from ``chunks`` leaves ``path`` as it was."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create {path.parent}: {exc.strerror}") from exc
    if path.is_dir():
        raise StoreError(f"{path} is a directory; pass a file path")
    remove_stale_temps(path)
    tmp = _tmp_name(path)
    try:
        mode = _mode_for(path, mode_like)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "wb") as fh:
                os.fchmod(fh.fileno(), mode)
                for chunk in chunks:
                    fh.write(chunk)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {exc.strerror}") from exc

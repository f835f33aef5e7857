"""Bounded input: the ONE way hmdesk opens a file it reads, and reads JSON it did not write.

:func:`open_input` opens a file only after checking, on the open descriptor, that it is a
regular file (never a device such as ``/dev/zero``, a FIFO that blocks the reader for ever, a
socket or a folder) and not larger than the caller's limit; :func:`read_input` reads it whole
(stopping at the limit should the file grow meanwhile). :func:`loads_json` parses JSON with a
depth limit. Each refusal is an :class:`InputError` whose message names the file and says why,
in one line. The settings, the recall lab's labelled sets and pairs, hmharness's memory and
notes files, the fault logs, a project's ``.json5`` files and the code index's sources go
through here.

The lowest core layer: the standard library only.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

MB = 1024 * 1024
MAX_DEPTH = 64
"""The deepest JSON nesting accepted (hmdesk's own files nest 4 levels; 100,000 is an attack)."""


class InputError(ValueError):
    """A file or a JSON text hmdesk refuses to read: the message says which and why."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n:,} bytes"


def open_input(
    path: Path | str, *, limit: int, what: str, follow_symlinks: bool = True
) -> BinaryIO:
    """``path`` opened for reading in binary, once it is known to be a regular file of at most
    ``limit`` bytes; ``what`` names it in the error ("the settings file"). The check is made on
    the open descriptor (opened without blocking, so a FIFO cannot hang it): no race with a
    rename in between. ``follow_symlinks=False``: a symbolic link is refused, not followed (a
    file of a copied folder that points outside it). Raises :class:`InputError`, or
    ``FileNotFoundError`` when it is absent."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow_symlinks:
        if os.path.islink(path):  # O_NOFOLLOW (below) closes the race where it exists
            raise InputError(f"{what} {path} is a symbolic link; it was not followed")
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise InputError(f"{what} {path} is a folder, not a file") from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise InputError(f"cannot read {what} {path}: {exc.strerror}") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{what} {path} is {_kind(st.st_mode)}, not a file; nothing was read")
        if st.st_size > limit:
            raise InputError(
                f"{what} {path} is {_size(st.st_size)}, more than the {_size(limit)} it may be; "
                "nothing was read"
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: Path | str, *, limit: int, what: str) -> bytes:
    """The bytes of ``path`` (see :func:`open_input`); a file that grows past ``limit`` while
    it is read is refused too."""
    with open_input(path, limit=limit, what=what) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{what} {path} grew past {_size(limit)} while it was read")
    return data


def check_depth(value: Any, what: str, max_depth: int = MAX_DEPTH) -> None:
    """:class:`InputError` if ``value`` (parsed JSON) nests deeper than ``max_depth``."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict | list):
            if depth > max_depth:
                raise InputError(f"{what} nests deeper than {max_depth} levels")
            items = v.values() if isinstance(v, dict) else v
            stack.extend((x, depth + 1) for x in items if isinstance(x, dict | list))


def loads_json(text: str | bytes, what: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` with a depth limit; NaN and Infinity (which JSON has not) refused.
    :class:`InputError` names ``what`` and the reason; ``json.JSONDecodeError`` (a subclass of
    ``ValueError``) is raised as it comes for the caller's own message."""

    def no_constant(name: str) -> Any:
        raise InputError(f"{what} holds {name}, which is not a JSON number")

    try:
        value = json.loads(text, parse_constant=no_constant)
    except RecursionError:
        raise InputError(f"{what} nests deeper than {max_depth} levels") from None
    check_depth(value, what, max_depth)
    return value

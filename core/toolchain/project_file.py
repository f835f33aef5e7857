"""Reading one file of a HarmonyOS project (``app.json5``, ``module.json5``,
``build-profile.json5``, ``oh-package.json5``, ``hvigor-config.json5``): JSON5 (comments, trailing
commas, unquoted keys), read as JSON first (docs/decisions/0024-project-files-read-as-json-first.md)
and by the ``json5`` library otherwise. A missing or malformed file, or a field of the wrong type,
raises :class:`ProjectError` naming the file and (when known) the line, with what to do.

Only regular files are read, and only up to :data:`MAX_PROJECT_FILE_BYTES`: a FIFO, a device (a
symlink to ``/dev/zero``), a folder or a symlink loop in the place of a project file is refused
with one line, never waited on or read without end (:func:`read_regular_file`, which the code
index uses too).
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import json5

MAX_PROJECT_FILE_BYTES = 256 * 1024
"""Larger ``app.json5``/``module.json5``/``build-profile.json5`` files are refused (real ones are a
few KB; the JSON5 parser would take seconds over megabytes)."""


class NotRegularFile(Exception):
    """A path that must not be read: not a regular file, a symlink loop, or over the size limit.
    ``str()`` says why, e.g. ``a FIFO, not a regular file``."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return f"{kind}, not a regular file"


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` (a symlink is followed) if it is a regular file of at most ``limit``
    bytes. Never blocks on a FIFO or reads a device: the kind is checked before the file is
    opened (non-blocking) and again on the open descriptor, and at most ``limit + 1`` bytes are
    read. Raises :class:`NotRegularFile` (why) or ``OSError`` (missing, permission denied)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile("a symlink loop") from exc
        raise
    problem = _kind_problem(st.st_mode)
    if problem is None and st.st_size > limit:
        problem = f"{st.st_size} bytes, over the limit of {limit}"
    if problem:
        raise NotRegularFile(problem)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        problem = _kind_problem(os.fstat(fd).st_mode)  # replaced since the stat above
        if problem:
            raise NotRegularFile(problem)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise NotRegularFile(f"over the limit of {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


class ProjectError(Exception):
    """A project file is missing or wrong. ``str()`` is ``file:line: message``."""

    def __init__(self, file: Path | str, line: int | None, msg: str) -> None:
        self.file = str(file)
        self.line = line
        self.msg = msg
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {msg}")


_JSON5_ERR_RE = re.compile(r"^<string>:(\d+)\s+(.*)$", re.S)
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def _one_line(message: str) -> str:
    """``message`` with control characters escaped (json5 quotes a stray newline as it is)."""
    return _CONTROL_RE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), message)


_STRING_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"')  # disjoint alternatives: linear
_SPECIAL_RE = re.compile(r'["/,}\]]')
_NO_FAST = object()


def _strip_light_json5(text: str) -> str | None:
    """``text`` without comments and trailing commas, or None when it is not that simple.
    One pass (``str.find`` and non-backtracking patterns): linear on any input."""
    out: list[str] = []
    comma: int | None = None  # index in ``out`` of a comma followed only by blanks and comments
    i, n = 0, len(text)
    while i < n:
        m = _SPECIAL_RE.search(text, i)
        j = m.start() if m else n
        if text[i:j].strip():
            comma = None
        out.append(text[i:j])
        if m is None:
            break
        c = text[j]
        if c == '"':
            s = _STRING_RE.match(text, j)
            if s is None:
                return None
            out.append(s.group())
            comma = None
            i = s.end()
        elif text.startswith("//", j):
            end = text.find("\n", j)
            i = n if end < 0 else end
        elif text.startswith("/*", j):
            end = text.find("*/", j + 2)
            if end < 0:
                return None
            i = end + 2
        elif c == ",":
            comma = len(out)
            out.append(",")
            i = j + 1
        else:
            if c in "}]" and comma is not None:
                out[comma] = ""
            comma = None
            out.append(c)
            i = j + 1
    return "".join(out)


def _fast_json5(text: str) -> Any:
    """Most project files are JSON plus comments and trailing commas: strip those and use the
    C JSON parser (docs/decisions/0024-project-files-read-as-json-first.md). Anything else (unquoted
    keys, single quotes, errors) returns ``_NO_FAST`` and goes to ``json5``, which is the
    authority and reports error lines."""
    stripped = _strip_light_json5(text)
    if stripped is None:
        return _NO_FAST
    try:
        return json.loads(stripped)
    except (ValueError, RecursionError):
        return _NO_FAST


def load_json5_file(path: Path) -> tuple[Any, str]:
    """(the parsed value, the text) of the project file at ``path``; :class:`ProjectError`
    when it cannot be read or is not JSON5."""
    try:
        raw = read_regular_file(path, MAX_PROJECT_FILE_BYTES)
    except FileNotFoundError as exc:
        raise ProjectError(
            path,
            None,
            "file not found. Is this a HarmonyOS project root (the folder with "
            "build-profile.json5, AppScope/ and entry/)?",
        ) from exc
    except NotRegularFile as exc:
        raise ProjectError(path, None, f"not read: it is {exc}.") from exc
    except OSError as exc:
        raise ProjectError(path, None, f"cannot read the file ({exc.strerror or exc}).") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ProjectError(
            path, raw.count(b"\n", 0, exc.start) + 1, f"not UTF-8 text (byte {exc.start})."
        ) from exc
    fast = _fast_json5(text)
    if fast is not _NO_FAST:
        return fast, text
    try:
        data = json5.loads(text)
    except ValueError as exc:
        m = _JSON5_ERR_RE.match(str(exc))
        if m:
            detail = _one_line(m.group(2))
            raise ProjectError(path, int(m.group(1)), f"not valid JSON5: {detail}.") from exc
        raise ProjectError(path, None, f"not valid JSON5: {_one_line(str(exc))}.") from exc
    except RecursionError as exc:
        raise ProjectError(path, None, "not valid JSON5: nested too deeply.") from exc
    return data, text


def line_of(text: str, key: str) -> int | None:
    """The line of ``text`` where ``key`` is first set (None when it is not)."""
    m = re.search(rf"""(?:^|[\s{{,])["']?{re.escape(key)}["']?\s*:""", text)
    if not m:
        return None
    return text.count("\n", 0, m.end()) + 1


def as_object(value: Any, path: Path, text: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProjectError(path, line_of(text, key), f'"{key}" must be an object.')
    return value


def as_list(value: Any, path: Path, text: str, key: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ProjectError(path, line_of(text, key), f'"{key}" must be a list.')
    return value


def nonempty_str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None

"""Reading one file of a HarmonyOS project (``app.json5``, ``module.json5``,
``build-profile.json5``, ``oh-package.json5``, ``hvigor-config.json5``): JSON5 (comments, trailing
commas, unquoted keys), read as JSON first (docs/decisions/0024-project-files-read-as-json-first.md)
and by the ``json5`` library otherwise. A missing or malformed file, or a field of the wrong type,
raises :class:`ProjectError` naming the file and (when known) the line, with what to do.

Only regular files are read, and only up to :data:`MAX_PROJECT_FILE_BYTES`: a FIFO, a device (a
symlink to ``/dev/zero``), a folder or a symlink loop in the place of a project file is refused
with one line, never waited on or read without end (:func:`hmdesk.core.bounded.read_input`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import json5
from hmdesk.core.bounded import InputError, read_input

MAX_PROJECT_FILE_BYTES = 256 * 1024
"""Larger ``app.json5``/``module.json5``/``build-profile.json5`` files are refused (real ones are a
few KB; the JSON5 parser would take seconds over megabytes)."""


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
        raw = read_input(path, limit=MAX_PROJECT_FILE_BYTES, what="the project file")
    except FileNotFoundError as exc:
        raise ProjectError(
            path,
            None,
            "file not found. Is this a HarmonyOS project root (the folder with "
            "build-profile.json5, AppScope/ and entry/)?",
        ) from exc
    except InputError as exc:  # a FIFO, a device, a folder, a symlink loop, too large, unreadable
        raise ProjectError(path, None, f"{exc}.") from exc
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

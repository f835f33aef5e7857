"""Remote paths and names, checked before they reach the device's shell.

``hdc shell CMD ARGS…`` joins its arguments into one command line that the device's shell
(toybox ``sh``) reads, so an argument with a space, a quote, ``;``, ``$`` or a backtick would be
read as shell syntax. Nothing is quoted here: a remote path must consist of the characters that
the shell reads literally (letters, digits, ``_ . - + @ , =`` and ``/`` between names), be
absolute, hold no ``.`` or ``..`` part and no empty part, and not start with ``-``. Anything else
is refused with :class:`~hmdesk.core.toolchain.hdc.InvalidName` saying why, before any process runs.

The places the file view shows (issue 33): the app's sandbox as the device keeps it
(``/data/app/el1|el2/100/base|database/<bundle>``), the fault logs and the persisted hilog.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from hmdesk.core.toolchain.hdc import InvalidName, validate_bundle

MAX_REMOTE_PATH = 1024
_PART_RE = re.compile(r"^[A-Za-z0-9_.+@,=\-]{1,255}\Z")
TMP_DIR = "/data/local/tmp"
"""Where hmdesk's own remote files go (the only folder an unrooted shell may always write)."""


@dataclass(frozen=True)
class Root:
    """A place the file view lists: its path on the device and whether uploads go there."""

    label: str
    path: str
    writable: bool


def validate_name(name: str) -> str:
    """A file name (one path part) that may go on a device command line."""
    if not isinstance(name, str) or name in (".", "..") or not _PART_RE.fullmatch(name):
        raise InvalidName(
            f"file name {name!r} cannot be passed to the device safely: use letters, digits "
            "and _ . - + @ , = (no spaces, quotes or shell characters), not '.' or '..'."
        )
    if name.startswith("-"):
        raise InvalidName(
            f"file name {name!r} starts with '-', which a command would take as an option."
        )
    return name


def validate_remote_path(path: str) -> str:
    """``path`` if it is an absolute device path that is safe on a shell command line."""
    if not isinstance(path, str) or not path.startswith("/"):
        raise InvalidName(f"remote path {path!r} must be absolute (start with /).")
    if len(path) > MAX_REMOTE_PATH:
        raise InvalidName(f"remote path is {len(path)} characters long; at most {MAX_REMOTE_PATH}.")
    if path == "/":
        return path
    parts = path[1:].rstrip("/").split("/")
    for part in parts:
        if part in ("", ".", ".."):
            raise InvalidName(f"remote path {path!r} has an empty, '.' or '..' part.")
        validate_name(part)
    return "/" + "/".join(parts)


def join(folder: str, name: str) -> str:
    """``folder/name``, both checked."""
    return validate_remote_path(posixpath.join(validate_remote_path(folder), validate_name(name)))


def app_roots(bundle: str | None) -> list[Root]:
    """The places the file view offers for ``bundle`` (or only the logs when there is none)."""
    roots: list[Root] = []
    if bundle:
        validate_bundle(bundle)
        for el in ("el2", "el1"):
            roots.append(Root(f"{el} files", f"/data/app/{el}/100/base/{bundle}", True))
            roots.append(Root(f"{el} databases", f"/data/app/{el}/100/database/{bundle}", True))
    roots.append(Root("fault logs", "/data/log/faultlog", False))
    roots.append(Root("hilog files", "/data/log/hilog", False))
    roots.append(Root("temporary", TMP_DIR, True))
    return roots


def root_of(path: str, roots: list[Root]) -> Root | None:
    """The root ``path`` lies in (or is), None when it is in none of them."""
    path = validate_remote_path(path)
    for root in roots:
        if path == root.path or path.startswith(root.path + "/"):
            return root
    return None

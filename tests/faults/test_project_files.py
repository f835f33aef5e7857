"""Hostile files in a project: FIFOs, devices, symlinks out or in loops, huge and unreadable
files, folders with a file's name.

The project reader answers each with one :class:`ProjectError` line; the code index and its
watcher skip each with a reason and index the rest. A FIFO with no writer would block a plain
``open()`` for ever, so every call runs in a thread with a short deadline and the test asserts
that it returned.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hmdesk.core.toolchain.project import (
    MAX_PROJECT_FILE_BYTES,
    ProjectError,
    read_project,
)

from tests.fixtures.fake_tools import PROJECTS

T = TypeVar("T")
DEADLINE = 10.0  # generous: a hang is for ever, a pass takes milliseconds


def returns_in_time(fn: Callable[[], T]) -> T:
    """``fn()`` on a daemon thread; fails the test if it has not returned by the deadline."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test thread below
            box["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(DEADLINE)
    assert not t.is_alive(), "the call hung (blocked on a FIFO or reading without end)"
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]


@pytest.fixture
def hello(tmp_path: Path) -> Path:
    dest = tmp_path / "hello"
    shutil.copytree(PROJECTS / "hello", dest)
    return dest


PROJECT_FILES = ["AppScope/app.json5", "entry/src/main/module.json5", "build-profile.json5"]


def _replace(path: Path, make: Callable[[Path], None]) -> None:
    path.unlink()
    make(path)


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _zero(p: Path) -> None:
    p.symlink_to("/dev/zero")


def _folder(p: Path) -> None:
    p.mkdir()


def _loop(p: Path) -> None:
    p.symlink_to(p.name)


def _huge(p: Path) -> None:
    with p.open("wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse: 50 MB without writing them


HOSTILE = {
    "fifo": (_fifo, "a FIFO, not a regular file"),
    "dev-zero": (_zero, "a character device, not a regular file"),
    "folder": (_folder, "a folder, not a regular file"),
    "loop": (_loop, "a symlink loop"),
    "huge": (_huge, f"over the limit of {MAX_PROJECT_FILE_BYTES}"),
}


@pytest.mark.parametrize("rel", PROJECT_FILES)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_project_file_that_is_not_a_plain_file(hello: Path, rel: str, kind: str) -> None:
    make, why = HOSTILE[kind]
    _replace(hello / rel, make)
    with pytest.raises(ProjectError) as ei:
        returns_in_time(lambda: read_project(hello))
    msg = str(ei.value)
    assert msg.startswith(str(hello / rel)) and why in msg and "\n" not in msg


def test_project_file_with_invalid_utf8_says_where(hello: Path) -> None:
    app = hello / "AppScope" / "app.json5"
    app.write_bytes(b'{\n  "app": {\n    "bundleName": "com.\xff"\n  }\n}\n')
    with pytest.raises(ProjectError, match=r"app\.json5:3: not UTF-8 text"):
        returns_in_time(lambda: read_project(hello))


@pytest.mark.parametrize("rel", PROJECT_FILES)
def test_deeply_nested_project_file(hello: Path, rel: str) -> None:
    (hello / rel).write_text('{"app": ' * 5000 + "1" + "}" * 5000)
    with pytest.raises(ProjectError, match=r"nested too deeply|must be|missing"):
        returns_in_time(lambda: read_project(hello))


@pytest.mark.parametrize("text", [",//" * 3000, ",/*" * 3000, "{" + '"a": 1, //' * 3000])
def test_comment_soup_is_linear(hello: Path, text: str) -> None:
    """Found while probing: the old comment-stripping regex backtracked exponentially."""
    (hello / "build-profile.json5").write_text(text)
    with pytest.raises(ProjectError, match="not valid JSON5"):
        returns_in_time(lambda: read_project(hello))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a 000 file")
def test_unreadable_project_file(hello: Path) -> None:
    app = hello / "AppScope" / "app.json5"
    app.chmod(0)
    with pytest.raises(ProjectError, match="cannot read the file"):
        read_project(hello)


def test_module_src_path_with_nul_byte(hello: Path) -> None:
    profile = hello / "build-profile.json5"
    profile.write_text('{"app": {}, "modules": [{"name": "entry", "srcPath": "./en\\u0000try"}]}')
    with pytest.raises(ProjectError, match="unusable srcPath"):
        read_project(hello)

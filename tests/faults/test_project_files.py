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
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.reading import MAX_FILE_BYTES, parse_file
from hmdesk.core.codeindex.watcher import IndexWatcher
from hmdesk.core.toolchain.project_file import MAX_PROJECT_FILE_BYTES, ProjectError
from hmdesk.core.toolchain.project_reader import read_project

from tests.fixtures.fake_tools import PROJECTS
from tests.fixtures.waiting import wait_until

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


HOSTILE = {  # core.bounded's refusals: each says what the file is and that nothing was read
    "fifo": (_fifo, "is a FIFO (named pipe), not a file; nothing was read"),
    "dev-zero": (_zero, "is a device, not a file; nothing was read"),
    "folder": (_folder, "is a folder, not a file; nothing was read"),
    "loop": (_loop, "Too many levels of symbolic links"),  # the system's words, via core.bounded
    "huge": (_huge, f"more than the {MAX_PROJECT_FILE_BYTES:,} bytes it may be; nothing was read"),
}


@pytest.mark.hostile(
    "project-file-is-a-fifo",
    "project-file-is-a-device",
    "project-file-is-a-folder",
    "project-file-symlink-loop",
    "project-file-over-the-size-limit",
)
@pytest.mark.parametrize("rel", PROJECT_FILES)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_project_file_that_is_not_a_plain_file(hello: Path, rel: str, kind: str) -> None:
    make, why = HOSTILE[kind]
    _replace(hello / rel, make)
    with pytest.raises(ProjectError) as ei:
        returns_in_time(lambda: read_project(hello))
    msg = str(ei.value)
    assert msg.startswith(str(hello / rel)) and why in msg and "\n" not in msg


@pytest.mark.hostile("project-file-not-utf8")
def test_project_file_with_invalid_utf8_says_where(hello: Path) -> None:
    app = hello / "AppScope" / "app.json5"
    app.write_bytes(b'{\n  "app": {\n    "bundleName": "com.\xff"\n  }\n}\n')
    with pytest.raises(ProjectError, match=r"app\.json5:3: not UTF-8 text"):
        returns_in_time(lambda: read_project(hello))


@pytest.mark.hostile("project-file-nested-5000-deep")
@pytest.mark.parametrize("rel", PROJECT_FILES)
def test_deeply_nested_project_file(hello: Path, rel: str) -> None:
    (hello / rel).write_text('{"app": ' * 5000 + "1" + "}" * 5000)
    with pytest.raises(ProjectError, match=r"nested too deeply|must be|missing"):
        returns_in_time(lambda: read_project(hello))


@pytest.mark.hostile("json5-comment-soup")
@pytest.mark.parametrize("text", [",//" * 3000, ",/*" * 3000, "{" + '"a": 1, //' * 3000])
def test_comment_soup_is_linear(hello: Path, text: str) -> None:
    """Found while probing: the old comment-stripping regex backtracked exponentially."""
    (hello / "build-profile.json5").write_text(text)
    with pytest.raises(ProjectError, match="not valid JSON5"):
        returns_in_time(lambda: read_project(hello))


@pytest.mark.hostile("project-file-unreadable")
@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a 000 file")
def test_unreadable_project_file(hello: Path) -> None:
    app = hello / "AppScope" / "app.json5"
    app.chmod(0)
    with pytest.raises(ProjectError, match=r"cannot read the project file .*: Permission denied"):
        read_project(hello)


@pytest.mark.hostile("nul-byte-in-a-module-path")
def test_module_src_path_with_nul_byte(hello: Path) -> None:
    profile = hello / "build-profile.json5"
    profile.write_text('{"app": {}, "modules": [{"name": "entry", "srcPath": "./en\\u0000try"}]}')
    with pytest.raises(ProjectError, match="unusable srcPath"):
        read_project(hello)


# --------------------------------------------------------------------------- the code index

GOOD = "ets/Good.ets"
GOOD_SOURCE = "export function good(): number {\n  return 1\n}\n"


@pytest.fixture
def code(tmp_path: Path) -> Path:
    """A project with one good source file and an outside folder holding a secret source."""
    root = tmp_path / "proj"
    (root / "ets").mkdir(parents=True)
    (root / GOOD).write_text(GOOD_SOURCE)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "Secret.ets").write_text("export function secret(): void {}\n")
    return root


def _hostile_sources(root: Path) -> dict[str, str]:
    """Every kind of hostile ``.ets`` entry; returns path → the reason the scan must give."""
    ets = root / "ets"
    os.mkfifo(ets / "Fifo.ets")
    (ets / "Zero.ets").symlink_to("/dev/zero")
    (ets / "Out.ets").symlink_to(root.parent / "outside" / "Secret.ets")
    (ets / "Loop.ets").symlink_to("Loop.ets")
    (ets / "Folder.ets").mkdir()
    with (ets / "Huge.ets").open("wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse
    (ets / "Inside.ets").symlink_to("Good.ets")  # a symlink inside the project is fine
    return {
        "ets/Fifo.ets": "a FIFO, not a regular file",
        "ets/Zero.ets": "a symlink to /dev/zero, outside the project",
        "ets/Out.ets": "outside the project",
        "ets/Loop.ets": "a symlink loop",
        "ets/Folder.ets": "a folder, not a regular file",
        "ets/Huge.ets": f"over the limit of {MAX_FILE_BYTES}",
    }


@pytest.mark.hostile(
    "source-file-is-a-fifo",
    "source-symlink-to-a-device",
    "source-symlink-out-of-the-project",
    "source-symlink-loop",
    "source-path-is-a-folder",
    "source-file-over-the-size-limit",
)
def test_code_index_skips_hostile_files_with_a_reason(code: Path) -> None:
    expected = _hostile_sources(code)
    index = CodeIndex(code)
    report = returns_in_time(index.scan)
    for path, why in expected.items():
        assert why in report.unreadable[path], (path, report.unreadable)
    assert set(report.unreadable) == set(expected)
    assert sorted(index.files()) == ["ets/Good.ets", "ets/Inside.ets"]
    assert [e.name for e in index.find("good")] == ["good", "good"]
    assert index.find("secret") == []  # nothing read through the link that leaves the project


@pytest.mark.hostile("source-file-unreadable")
@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a 000 file")
def test_code_index_reports_an_unreadable_file(code: Path) -> None:
    (code / "ets" / "Locked.ets").write_text(GOOD_SOURCE)
    (code / "ets" / "Locked.ets").chmod(0)
    report = CodeIndex(code).scan()
    assert "Permission denied" in report.unreadable["ets/Locked.ets"]


@pytest.mark.hostile("source-file-replaced-by-a-fifo")
def test_update_file_never_reads_a_hostile_file(code: Path) -> None:
    """What the watcher calls for a changed path: the same rules, and a replaced file drops out."""
    index = CodeIndex(code)
    index.scan()
    expected = _hostile_sources(code)
    for path in expected:
        assert returns_in_time(lambda p=path: index.update_file(p)) is False
    assert set(index.skipped()) == set(expected)  # every reason kept
    good = code / GOOD
    good.unlink()
    os.mkfifo(good)  # a source file replaced by a FIFO leaves the index
    assert returns_in_time(lambda: index.update_file(GOOD)) is True
    assert index.find("good") == [] and "FIFO" in index.skipped()[GOOD]


@pytest.mark.hostile("source-symlink-to-a-device", "source-file-is-a-fifo")
def test_parse_file_bounds_its_read(tmp_path: Path) -> None:
    """Even called directly (no index in front), a device or FIFO is not read."""
    zero = tmp_path / "Z.ets"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "F.ets"
    os.mkfifo(fifo)
    for f in (zero, fifo):
        result = returns_in_time(lambda f=f: parse_file(f))
        assert result.entities == () and result.error and "nothing was read" in result.error


@pytest.mark.hostile("hostile-source-files-appearing-while-watched")
def test_watcher_does_not_follow_hostile_files(code: Path) -> None:
    index = CodeIndex(code)
    index.scan()
    errors: list[Exception] = []
    with IndexWatcher(index, on_error=errors.append, debounce=0.05) as watcher:
        expected = _hostile_sources(code)
        (code / "ets" / "Later.ets").write_text("export function later(): void {}\n")
        wait_until(lambda: bool(index.find("later")))
        returns_in_time(watcher.flush)
        assert watcher._thread is not None and watcher._thread.is_alive()
    assert errors == []
    assert set(index.files()) == {"ets/Good.ets", "ets/Inside.ets", "ets/Later.ets"}
    assert not set(expected) & set(index.files())


@pytest.mark.hostile("source-file-is-a-device-node")
def test_code_index_skips_a_device_node(code: Path) -> None:
    dev = code / "ets" / "Dev.ets"
    try:
        os.mknod(dev, 0o600 | stat.S_IFCHR, os.makedev(1, 5))  # the /dev/zero device
    except PermissionError:
        pytest.skip("creating a device node needs privileges")
    report = returns_in_time(CodeIndex(code).scan)
    assert report.unreadable == {"ets/Dev.ets": "a device, not a regular file"}
    assert report.files == 1


@pytest.mark.hostile(
    "source-file-is-a-fifo",
    "source-symlink-to-a-device",
    "source-symlink-out-of-the-project",
    "source-symlink-loop",
    "source-path-is-a-folder",
    "source-file-over-the-size-limit",
)
def test_code_index_cli_says_how_many_were_not_read(
    code: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hmdesk.core.cli.main import main

    _hostile_sources(code)
    assert returns_in_time(lambda: main(["code-index", str(code)])) == 0
    out, err = capsys.readouterr()
    assert "ets/Good.ets:1-3\tfunction\tgood" in out
    assert err.startswith("2 entities in 2 files;") and err.count("\n") == 1
    assert err.rstrip().endswith("; 6 not read (--json says why)")

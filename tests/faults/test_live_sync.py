"""The live sync and the imports meet a memory file that is not a file: a FIFO put in its place
for a moment (the sync must not block on it, and later lines are still synced), a device, a folder.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.hmharness.jsonl import HmharnessSync, import_file
from hmdesk.core.memory.hmharness.notes import import_notes_file
from hmdesk.core.memory.store import MemoryStore

from tests.faults.test_import import line

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s  # type: ignore[misc]
    s.close()
    db.close()


def _replace_with(path: Path, data: bytes) -> None:
    """What hmharness does: write beside the file, then rename over it."""
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@posix_only
@pytest.mark.hostile("memory-file-briefly-a-fifo")
def test_a_fifo_in_place_of_the_memory_file_does_not_block_the_live_sync(
    store: MemoryStore, tmp_path: Path
) -> None:
    path = tmp_path / "hmh" / "memory.jsonl"
    path.parent.mkdir()
    _replace_with(path, line("mem-a") + b"\n")
    errors: list[Exception] = []
    changed = threading.Condition()

    def on_error(exc: Exception) -> None:
        with changed:
            errors.append(exc)
            changed.notify_all()

    def on_report(_report: object) -> None:
        with changed:
            changed.notify_all()

    sync = HmharnessSync(store, path, on_report=on_report, on_error=on_error)
    sync.start()
    fifo = tmp_path / "hmh" / "fifo"
    try:
        with changed:
            assert changed.wait_for(lambda: store.count() == 1, timeout=10)
        os.mkfifo(fifo)
        os.replace(fifo, path)  # for a moment, a named pipe nobody writes
        with changed:
            assert changed.wait_for(lambda: bool(errors), timeout=10)
        assert "a FIFO (named pipe), not a file" in str(errors[0])
        _replace_with(path, line("mem-a") + b"\n" + line("mem-b") + b"\n")
        with changed:
            assert changed.wait_for(lambda: store.count() == 2, timeout=10)  # later lines synced
    finally:
        # unblock a reader stuck on the FIFO (the code before the fix), so the test can end
        with contextlib.suppress(OSError):
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        sync.stop()


@posix_only
@pytest.mark.hostile("memory-file-is-a-fifo", "memory-file-is-a-device", "memory-file-is-a-folder")
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
@pytest.mark.parametrize("which", ["memory.jsonl", "memory.md"])
def test_an_import_of_a_memory_file_that_is_not_a_file_says_so(
    store: MemoryStore, tmp_path: Path, kind: str, which: str
) -> None:
    path = tmp_path / which
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path = Path("/dev/zero")
    read = import_file if which == "memory.jsonl" else import_notes_file
    done: list[BaseException] = []

    def attempt() -> None:
        try:
            read(store, path)
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            done.append(exc)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout=10)
    if worker.is_alive():  # blocked on the FIFO: unblock it, then fail
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        worker.join(timeout=10)
        pytest.fail(f"importing {which} as a {kind} blocked")
    assert len(done) == 1 and isinstance(done[0], StoreError)
    want = {"fifo": "a FIFO", "device": "a device", "folder": "a folder"}[kind]
    assert want in str(done[0]) and str(path) in str(done[0])
    assert store.count() == 0

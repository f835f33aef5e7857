"""Every file a command reads is checked before it is read: a FIFO (which would block the read
for ever) or a device (which never ends) named as the log to diagnose, the database, or an
agent's instruction file is one clear error line, at once."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


def _answers(argv: list[str], fifo: Path | None) -> int:
    """``main(argv)``'s exit code; fails the test when it blocks (a FIFO read)."""
    code: list[object] = []

    def run() -> None:
        try:
            code.append(main(argv))
        except SystemExit as exc:
            code.append(exc.code)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():
        if fifo is not None:  # unblock the reader, then fail
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(timeout=10)
        pytest.fail(f"{argv} did not answer")
    return int(code[0])  # type: ignore[call-overload]


@posix_only
@pytest.mark.hostile("log-to-diagnose-is-a-fifo", "log-to-diagnose-is-a-device")
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_doctor_refuses_a_log_that_is_not_a_file(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "build.log"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    assert _answers(["doctor", str(path)], path if kind == "fifo" else None) == 2
    err = capsys.readouterr().err
    assert ("a FIFO" if kind == "fifo" else "a device") in err and "Traceback" not in err


@posix_only
@pytest.mark.hostile("database-path-is-a-fifo")
def test_a_database_path_that_is_a_fifo_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.db"
    os.mkfifo(path)
    assert _answers(["query", "--db", str(path), "hdc"], path) != 0
    err = capsys.readouterr().err
    assert "a FIFO (named pipe), not a file" in err and "Traceback" not in err


@posix_only
@pytest.mark.hostile("instruction-file-is-a-fifo")
def test_an_instruction_file_that_is_a_fifo_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    d = Database(db)
    s = MemoryStore(d)
    s.add("hdc install fails with 9568320 when the signature differs", confidence=0.9)
    s.close()
    d.close()
    path = tmp_path / "AGENTS.md"
    os.mkfifo(path)
    assert _answers(["instructions", "--db", str(db), str(path)], path) != 0
    err = capsys.readouterr().err
    assert "a FIFO (named pipe), not a file" in err and "Traceback" not in err

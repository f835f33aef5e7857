"""The recall lab's and the lifecycle's inputs, made hostile: a labelled set or a pair set nested
100,000 deep, read from /dev/zero or a FIFO, a labelled set of many queries whose ids the store
does not hold; and ``helped --run`` with a number no database holds."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

posix_only = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")


def _one_error_line(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err and all(w in err for w in words), err
    return err


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "m.db"
    d = Database(path)
    s = MemoryStore(d)
    s.add("hdc install fails with 9568320 when the signature differs")
    s.add("hvigor build needs the SDK path in local.properties")
    s.close()
    d.close()
    return str(path)


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.hostile("labelled-set-nested-100k-deep", "pair-set-nested-100k-deep")
@pytest.mark.parametrize("command", ["eval", "lifecycle-eval"])
def test_a_set_nested_100k_deep_is_one_clear_error(
    command: str, db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(_deep(100_000), "utf-8")
    argv = ["eval", "--db", db, str(path)] if command == "eval" else [command, "--pairs", str(path)]
    assert main(argv) == 2
    _one_error_line(capsys, "nests deeper than 64 levels")


@posix_only
@pytest.mark.hostile("labelled-set-from-dev-zero", "pair-set-from-dev-zero", "pair-set-is-a-fifo")
@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
@pytest.mark.parametrize("command", ["eval", "lifecycle-eval"])
def test_a_set_from_a_device_or_a_fifo_is_refused_at_once(
    command: str, source: str, db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = source
    if source == "fifo":
        path = str(tmp_path / "fifo")
        os.mkfifo(path)
    argv = ["eval", "--db", db, path] if command == "eval" else [command, "--pairs", path]
    code: list[int] = []
    worker = threading.Thread(target=lambda: code.append(main(argv)), daemon=True)
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():  # unblock a reader stuck on the FIFO, then fail
        if source == "fifo":
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(timeout=10)
        pytest.fail(f"{command} on {source} did not answer")
    assert code == [2]
    _one_error_line(capsys, "a device" if source == "/dev/zero" else "a FIFO", "nothing was read")


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("labelled-set-of-unknown-ids")
def test_a_large_set_of_unknown_ids_stops_before_searching(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    n = 200_000  # the million behaves alike, only slower to write
    entries = [{"text": f"query {i}", "relevant": [f"mem-unknown{i:07d}"]} for i in range(n)]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(entries), "utf-8")
    assert main(["eval", "--db", db, str(path), "--profile", "default"]) == 2
    err = _one_error_line(capsys, "none of its 200,000 labelled ids can be found in this store")
    assert "Nothing was searched" in err


@pytest.mark.hostile("labelled-set-mostly-unknown-ids")
def test_warnings_about_unknown_ids_are_capped(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = Database(Path(db))
    s = MemoryStore(d)
    known = s.list()[0].id
    s.close()
    d.close()
    entries = [{"text": "hdc install", "relevant": [known]}]
    entries += [{"text": f"query {i}", "relevant": [f"mem-unknown{i:07d}"]} for i in range(500)]
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(entries), "utf-8")
    assert main(["eval", "--db", db, str(path), "--profile", "default"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 101 and warnings[-1] == "warning: … 900 more warnings"


@pytest.mark.hostile("run-number-out-of-range")
@pytest.mark.parametrize("run", [str(10**23), "-1", "0", "twelve"])
def test_helped_with_an_impossible_run_number_is_an_argument_error(
    db: str, run: str, capsys: pytest.CaptureFixture[str]
) -> None:
    d = Database(Path(db))
    s = MemoryStore(d)
    mid = s.list()[0].id
    s.close()
    d.close()
    with pytest.raises(SystemExit) as info:
        main(["helped", "--db", db, mid, "--run", run])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "is not a run number" in err and "Traceback" not in err


@pytest.mark.hostile("labelled-set-mostly-unknown-ids")
def test_the_evaluation_reports_its_progress(db: str) -> None:
    from hmdesk.core.memory.lab.evaluate import evaluate_store
    from hmdesk.core.memory.lab.labelled_set import parse_set

    d = Database(Path(db))
    s = MemoryStore(d)
    try:
        known = s.list()[0].id
        lset = parse_set([{"text": f"hdc {i}", "relevant": [known]} for i in range(30)], "set")
        seen: list[tuple[int, int]] = []
        evaluate_store(s, lset, ["default", "hmharness"], progress=lambda d, t: seen.append((d, t)))
    finally:
        s.close()
        d.close()
    assert seen == [(i, 60) for i in range(1, 61)]

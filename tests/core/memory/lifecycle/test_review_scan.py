"""The Review scan in a child process: the same answer as in process, progress, cancel (the child
is killed), a child that dies or cannot start, bad requests and a missing database."""

from __future__ import annotations

import io
import json
import sys
import threading

import pytest
from hmdesk.core.memory.hmharness.rules import Cancelled
from hmdesk.core.memory.lifecycle import review_scan
from hmdesk.core.memory.lifecycle.review_scan import (
    Decoder,
    ScanFailed,
    ScanProcess,
    ScanRequest,
    ScanUnavailable,
    encode,
    proposal_from_json,
    scan_store,
    serve,
    store_location,
)

from tests.fixtures.review_seed import seed_review_store
from tests.fixtures.waiting import wait_until


@pytest.fixture
def seeded(store):
    seed_review_store(store)
    return store


def _request(store, **kw) -> ScanRequest:
    return ScanRequest(store_location(store), proposals=True, **kw)


def _through_serve(request: ScanRequest) -> tuple[list[dict], Decoder]:
    out = io.BytesIO()
    serve(io.BytesIO(json.dumps(request.to_json()).encode() + b"\n"), out)
    lines = out.getvalue().splitlines()
    steps: list[tuple[int, int]] = []
    decoder = Decoder(lambda d, t: steps.append((d, t)))
    for line in lines:
        decoder.feed(line)
    return [json.loads(x) for x in lines], decoder


def test_the_wire_gives_back_what_the_scan_found(seeded):
    request = _request(seeded, with_plan=True, now_ms=1_800_000_000_000)
    here = scan_store(seeded, request)
    assert [(g.kind, g.ids) for g in here.groups] == [
        ("contradiction", ("a", "b")),
        ("duplicate", ("d1", "d2")),
    ]
    assert here.proposals is not None and [r[:2] for r in here.proposals] == [
        ("x", "promote-helped")
    ]
    decoder = Decoder()
    for msg in encode(here):
        decoder.feed(json.dumps(msg))
    assert decoder.done and decoder.output.groups == here.groups
    assert decoder.output.proposals == here.proposals
    assert decoder.output.plan == here.plan and decoder.output.records == 5
    p = proposal_from_json(here.proposals[0][4])
    assert (p.memory_id, p.field, p.old, p.new) == ("x", "confidence", 0.7, 0.8)


def test_serve_streams_progress_then_the_result(seeded):
    msgs, decoder = _through_serve(_request(seeded))
    assert "p" in msgs[0] and msgs[-1].keys() == {"done"}
    progress = [m["p"] for m in msgs if "p" in m]
    assert progress[-1][0] == progress[-1][1] == review_scan.STEPS
    assert decoder.done and len(decoder.output.groups) == 2
    assert decoder.output.proposals == scan_store(seeded, _request(seeded)).proposals


def test_the_child_process_answers_like_the_scan_in_process(seeded):
    steps: list[tuple[int, int]] = []
    child = ScanProcess(_request(seeded))
    got = child.read(lambda d, t: steps.append((d, t)))
    want = scan_store(seeded, _request(seeded))
    assert got.groups == want.groups and got.proposals == want.proposals
    assert steps and steps[-1] == (review_scan.STEPS, review_scan.STEPS)


BLOCKS = (
    "import sys, threading; sys.stdin.read(); "
    "sys.stdout.write('{\"p\": [1, 10]}\\n'); sys.stdout.flush(); threading.Event().wait()"
)


def test_kill_stops_the_child_and_read_says_cancelled(seeded):
    child = ScanProcess(_request(seeded), [sys.executable, "-c", BLOCKS])
    steps: list[tuple[int, int]] = []
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            child.read(lambda d, t: steps.append((d, t)))
        except BaseException as exc:  # noqa: BLE001 - the test looks at what it was
            outcome.append(exc)

    reader = threading.Thread(target=read)
    reader.start()
    wait_until(lambda: steps == [(1, 10)])
    child.kill()
    reader.join(10)
    assert not reader.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], Cancelled)
    assert child._proc.poll() is not None  # the child is gone


def test_a_child_that_dies_gives_its_exit_code_and_last_words(seeded):
    dies = "import sys; sys.stderr.write('MemoryError: out of memory\\n'); sys.exit(3)"
    child = ScanProcess(_request(seeded), [sys.executable, "-c", dies])
    with pytest.raises(ScanFailed, match=r"ended before its result \(exit 3\): MemoryError"):
        child.read()


def test_a_child_that_writes_nonsense_is_a_clear_error(seeded):
    child = ScanProcess(_request(seeded), [sys.executable, "-c", "print('hello')"])
    with pytest.raises(ScanFailed, match="the scan process wrote 'hello'"):
        child.read()


def test_no_interpreter_or_a_frozen_build_means_no_child(seeded, tmp_path, monkeypatch):
    with pytest.raises(ScanUnavailable, match="cannot start the scan process"):
        ScanProcess(_request(seeded), [str(tmp_path / "no-such-python")])
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(ScanUnavailable, match="bundled build"):
        ScanProcess(_request(seeded))


def test_a_missing_database_or_a_bad_request_is_one_line(tmp_path):
    _msgs, decoder = _through_serve(ScanRequest(str(tmp_path / "gone.db")))
    assert decoder.error == f"the database {tmp_path / 'gone.db'} is not there any more"
    assert not (tmp_path / "gone.db").exists()  # the child never creates one
    out = io.BytesIO()
    serve(io.BytesIO(b"[1, 2]\n"), out)
    assert json.loads(out.getvalue()) == {
        "error": "a bad scan request: a scan request is a JSON object with a 'db'"
    }


def test_the_child_reports_an_error_line_as_scan_failed(tmp_path):
    child = ScanProcess(ScanRequest(str(tmp_path / "gone.db")))
    with pytest.raises(ScanFailed, match="is not there any more"):
        child.read()

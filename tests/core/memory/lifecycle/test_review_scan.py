"""The Review scan as a child-process job: the same answer in the child as in process, its
items and progress, bad requests and a missing database (the protocol itself, cancel and crashes:
tests/core/test_child_process.py)."""

from __future__ import annotations

import io
import json

import pytest
from hmdesk.core.child_process import JobFailed, serve
from hmdesk.core.memory.lifecycle import review_scan
from hmdesk.core.memory.lifecycle.review_scan import (
    JOB,
    ScanRequest,
    _Collector,
    encode,
    proposal_from_json,
    run_scan,
    scan_child,
    scan_store,
    store_location,
)

from tests.fixtures.review_seed import seed_review_store


@pytest.fixture
def seeded(store):
    seed_review_store(store)
    return store


def _request(store, **kw) -> ScanRequest:
    return ScanRequest(store_location(store), proposals=True, **kw)


def _through_serve(request: object) -> list[dict]:
    out = io.BytesIO()
    serve(JOB, "scan", io.BytesIO(json.dumps(request).encode() + b"\n"), out)
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_the_items_give_back_what_the_scan_found(seeded):
    request = _request(seeded, with_plan=True, now_ms=1_800_000_000_000)
    here = scan_store(seeded, request)
    assert [(g.kind, g.ids) for g in here.groups] == [
        ("contradiction", ("a", "b")),
        ("duplicate", ("d1", "d2")),
    ]
    assert here.proposals is not None and [r[:2] for r in here.proposals] == [
        ("x", "promote-helped")
    ]
    items = _Collector()
    for item in encode(here):
        items.take(json.loads(json.dumps(item)))
    assert items.output.groups == here.groups and items.output.proposals == here.proposals
    assert items.output.plan == here.plan
    p = proposal_from_json(here.proposals[0][4])
    assert (p.memory_id, p.field, p.old, p.new) == ("x", "confidence", 0.7, 0.8)


def test_the_job_streams_progress_then_items_then_its_counts(seeded):
    msgs = _through_serve(_request(seeded).to_json())
    assert "progress" in msgs[0] and msgs[-1]["done"]["records"] == 5
    progress = [m["progress"] for m in msgs if "progress" in m]
    assert progress[-1][0] == progress[-1][1] == review_scan.STEPS
    assert sum("g" in m["item"] for m in msgs if "item" in m) == 2


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.parametrize("in_process", [False, True])
def test_the_child_answers_like_the_scan_in_process(seeded, in_process):
    steps: list[tuple[int, int]] = []
    child = scan_child(_request(seeded), in_process=in_process)
    got = run_scan(child, lambda d, t: steps.append((d, t)))
    want = scan_store(seeded, _request(seeded))
    assert got.groups == want.groups and got.proposals == want.proposals
    assert got.records == 5
    assert steps and steps[-1] == (review_scan.STEPS, review_scan.STEPS)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_missing_database_or_a_bad_request_is_one_line(tmp_path):
    gone = tmp_path / "gone.db"
    assert _through_serve(ScanRequest(str(gone)).to_json()) == [
        {"error": f"the database {gone} is not there any more"}
    ]
    assert not gone.exists()  # the job never creates one
    assert _through_serve([1, 2]) == [
        {"error": "a bad scan request: a scan request is a JSON object with a 'db'"}
    ]
    with pytest.raises(JobFailed, match="is not there any more"):
        run_scan(scan_child(ScanRequest(str(gone))))


def test_an_item_out_of_place_is_a_clear_error():
    items = _Collector()
    with pytest.raises(JobFailed, match="the scan sent"):
        items.take({"q": ["a", "b", "c", "d", "e"]})  # a proposal before the count
    with pytest.raises(JobFailed, match="an unknown item"):
        items.take({"z": 1})

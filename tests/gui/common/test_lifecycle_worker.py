"""LifecycleScan: detection runs off the GUI thread, reports progress, can be cancelled."""

from __future__ import annotations

import threading

import pytest
from hmdesk.gui.common.lifecycle_worker import LifecycleScan, ScanResult


def _seed(ctx) -> list[str]:
    return [
        ctx.store.add("hvigor构建时路径需要用引号包裹").id,
        ctx.store.add("hvigor构建时路径不需要用引号包裹").id,
        ctx.store.add("真机调试前需要先在设置里打开开发者模式", confidence=0.5).id,
        ctx.store.add("真机调试之前需要在设置里打开开发者模式", confidence=0.9).id,
        ctx.store.add("hdc list targets prints [Empty] without a device").id,
    ]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_scan_runs_off_the_gui_thread_and_reports_progress(qtbot, ctx):
    ids = _seed(ctx)
    scan = LifecycleScan(ctx.store)
    steps: list[tuple[int, int, int]] = []
    scan.progress.connect(lambda d, t: steps.append((d, t, threading.get_ident())))
    with qtbot.waitSignal(scan.finished, timeout=30_000) as blocker:
        scan.start()
        assert scan.running  # start returned at once; the work is on a worker
    result = blocker.args[0]
    assert isinstance(result, ScanResult)
    gui = threading.get_ident()
    assert result.worker_thread != gui
    assert steps and steps[-1][0] == steps[-1][1] > 0
    assert all(thread == gui for _, _, thread in steps)  # delivered on the GUI thread
    got = [(g.kind, g.ids) for g in result.groups]
    assert got == [("contradiction", tuple(ids[:2])), ("duplicate", tuple(ids[2:4]))]
    assert result.counts == {"duplicate": 1, "contradiction": 1}
    assert result.plan is not None and result.plan.empty
    assert not scan.running


def test_cancel_reports_cancelled_and_nothing_found(qtbot, ctx):
    _seed(ctx)
    scan = LifecycleScan(ctx.store)
    found: list[object] = []
    scan.finished.connect(found.append)
    with qtbot.waitSignal(scan.cancelled, timeout=30_000):
        scan.start()
        scan.cancel()
    assert found == [] and not scan.running


def test_a_new_start_replaces_the_running_scan(qtbot, ctx):
    _seed(ctx)
    scan = LifecycleScan(ctx.store)
    cancelled: list[bool] = []
    scan.cancelled.connect(lambda: cancelled.append(True))
    with qtbot.waitSignal(scan.finished, timeout=30_000) as blocker:
        scan.start("default")
        scan.start("hmharness", ("contradiction",), with_plan=False)
    result = blocker.args[0]
    assert result.profile == "hmharness" and result.plan is None
    assert [g.key for g in result.groups] == []  # no spaces: hmharness sees one subject each
    assert cancelled == []


# ---------------------------------------------------------------- the child process


def test_by_default_the_scan_runs_in_a_child_and_finds_what_the_thread_finds(qtbot, ctx):
    _seed(ctx)
    results = {}
    for use_process in (True, False):
        scan = LifecycleScan(ctx.store, use_process=use_process)
        steps: list[tuple[int, int]] = []
        scan.progress.connect(lambda d, t, steps=steps: steps.append((d, t)))
        with qtbot.waitSignal(scan.finished, timeout=60_000) as blocker:
            scan.start(with_plan=True, proposals=True)
        results[use_process] = blocker.args[0]
        assert steps and steps[-1][0] == steps[-1][1] > 0
    child, thread = results[True], results[False]
    assert (child.where, thread.where) == ("process", "thread")
    assert child.note == "" and thread.note == ""
    assert child.groups == thread.groups and child.counts == thread.counts
    assert child.proposals == thread.proposals == []
    assert child.plan is not None and child.plan.merged == thread.plan.merged


def test_cancel_kills_the_child(qtbot, ctx):
    import sys

    _seed(ctx)
    blocks = "import sys, threading; sys.stdin.read(); threading.Event().wait()"
    scan = LifecycleScan(ctx.store, command=[sys.executable, "-c", blocks])
    found: list[object] = []
    scan.finished.connect(found.append)
    scan.start()
    qtbot.waitUntil(lambda: scan.child_pid is not None, timeout=30_000)
    child = scan._cancel.child
    with qtbot.waitSignal(scan.cancelled, timeout=30_000):
        scan.cancel()
    assert found == [] and not scan.running
    assert child._proc.poll() is not None  # killed, and reaped


def test_a_child_that_dies_is_a_clear_failure(qtbot, ctx):
    import sys

    _seed(ctx)
    scan = LifecycleScan(ctx.store, command=[sys.executable, "-c", "import sys; sys.exit(9)"])
    with qtbot.waitSignal(scan.failed, timeout=30_000) as blocker:
        scan.start()
    assert blocker.args[0] == "the scan process ended before its result (exit 9)"
    assert not scan.running


def test_no_child_possible_scans_in_process_and_says_so(qtbot, ctx, monkeypatch):
    import sys

    ids = _seed(ctx)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    scan = LifecycleScan(ctx.store)
    with qtbot.waitSignal(scan.finished, timeout=30_000) as blocker:
        scan.start()
    result = blocker.args[0]
    assert result.where == "thread"
    assert result.note.startswith("scanned in the window's process: a bundled build")
    assert [g.ids for g in result.groups] == [tuple(ids[:2]), tuple(ids[2:4])]

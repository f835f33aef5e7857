"""LifecycleScan: detection runs off the GUI thread, reports progress, can be cancelled."""

from __future__ import annotations

import threading

from hmdesk.gui.common.lifecycle_worker import LifecycleScan, ScanResult


def _seed(ctx) -> list[str]:
    return [
        ctx.store.add("hvigor构建时路径需要用引号包裹").id,
        ctx.store.add("hvigor构建时路径不需要用引号包裹").id,
        ctx.store.add("真机调试前需要先在设置里打开开发者模式", confidence=0.5).id,
        ctx.store.add("真机调试之前需要在设置里打开开发者模式", confidence=0.9).id,
        ctx.store.add("hdc list targets prints [Empty] without a device").id,
    ]


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

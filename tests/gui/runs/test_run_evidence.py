"""The run's evidence beside the device log: the screenshot a run kept, the app sampled after a
successful run (kept with the run), crash and freeze marks, and an old run shown as it was kept.
Its place beside the log (collapsible, remembered): tests/gui/runs/test_area.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.detect import CrashBook, CrashGroup
from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog
from hmdesk.core.toolchain.device import screen
from hmdesk.core.toolchain.device.evidence import Evidence, run_folder
from hmdesk.core.toolchain.pipeline.recorder import RunRecorder
from hmdesk.gui.runs.resources_chart import ResourcesChart
from hmdesk.gui.runs.run_evidence import RunEvidence

from tests.fixtures.fake_tools import FAKE_HDC_KEY

REAL = Path(__file__).resolve().parents[2] / "data/real_logs"


def real_crash_groups() -> list[CrashGroup]:
    """A JS crash and an app freeze from real public fault logs (tests/data/real_logs: the
    HarmonyOS FAQ's TypeError, the OpenHarmony appfreeze guide's APP_INPUT_BLOCK)."""
    book = CrashBook()
    return [
        book.add(read_faultlog(REAL / "jscrash/read-property-of-undefined.log")),
        book.add(read_faultlog(REAL / "appfreeze/app-input-block.log")),
    ]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_shows_the_kept_screenshot_samples_and_marks(qtbot, ctx, fake_tools):
    fake_tools.device_root()
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    run_id, _ = RunRecorder(ctx.db).create_run(
        project="/p", device=FAKE_HDC_KEY, options={}, rerun_of=None, plan=[]
    )
    shot = screen.capture(str(fake_tools.hdc), FAKE_HDC_KEY, run_folder(run_id), "launch")
    Evidence(ctx.db).add_artifact(run_id, "screenshot", shot.extra["path"], {})
    view = RunEvidence(ctx)
    qtbot.addWidget(view)
    view.show()
    view.show_run(run_id, device=FAKE_HDC_KEY, bundle="com.example.hello", follow=True)
    qtbot.waitUntil(lambda: not view.picture.image.isNull(), timeout=15_000)
    assert "screen after the launch" in view.title.text()
    qtbot.waitUntil(lambda: len(view.chart.samples) >= 2, timeout=30_000)
    assert view.chart.samples[0].pss_kb == 92998 and view.stop_button.isVisible()
    crash, freeze = real_crash_groups()
    view.mark_crashes([crash, freeze])
    view.mark_crashes([crash])  # signalled again (a fault log completed it): no second mark
    view.stop_sampling()
    qtbot.waitUntil(lambda: any(s.mark == "freeze" for s in Evidence(ctx.db).samples(run_id)))
    assert [s.mark for s in Evidence(ctx.db).samples(run_id) if s.pss_kb is None] == [
        "crash",
        "freeze",
    ]
    # the samples and the marks are written by two workers: either may land first
    qtbot.waitUntil(
        lambda: sum(1 for s in Evidence(ctx.db).samples(run_id) if s.pss_kb == 92998) >= 2,
        timeout=15_000,
    )
    assert "crash at" in view.chart.summary() and "freeze at" in view.chart.summary()
    # an old run: what it kept, no sampling
    view.show_run(run_id)
    qtbot.waitUntil(lambda: len(view.chart.samples) == len(Evidence(ctx.db).samples(run_id)))
    assert not view.stop_button.isVisible() and view.sampler is None
    view.shutdown()


def test_a_run_without_evidence_says_so(qtbot, ctx):
    run_id, _ = RunRecorder(ctx.db).create_run(
        project="/p", device=None, options={}, rerun_of=None, plan=[]
    )
    view = RunEvidence(ctx)
    qtbot.addWidget(view)
    view.show_run(run_id)
    qtbot.waitUntil(lambda: "No screenshot" in view.picture.text())
    assert ResourcesChart().summary() == "No samples yet."


def test_sampling_stops_by_itself_once_the_app_is_gone(qtbot, ctx, fake_tools):
    """pidof finds no process (FAKE_HDC_PIDS unset): after gone_limit samples the sampler
    ends, the button goes and the status says why."""
    run_id, _ = RunRecorder(ctx.db).create_run(
        project="/p", device=FAKE_HDC_KEY, options={}, rerun_of=None, plan=[]
    )
    view = RunEvidence(ctx)
    qtbot.addWidget(view)
    view.show()
    view.interval, view.gone_limit = 0.5, 2
    view.show_run(run_id, device=FAKE_HDC_KEY, bundle="com.example.hello", follow=True)
    qtbot.waitUntil(lambda: view.sampler is not None, timeout=15_000)
    qtbot.waitUntil(lambda: "not running" in view.status.text(), timeout=30_000)
    assert view.sampler is None and not view.stop_button.isVisible()
    assert len(view.chart.samples) == 2
    view.shutdown()

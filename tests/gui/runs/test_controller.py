"""RunController: the pipeline's typed events become batched signals; a crash is a typed outcome."""

from __future__ import annotations

from hmdesk.core.toolchain.runs import PipelineEvent, RunResult, StepResult
from hmdesk.gui.runs.controller import RunController, RunCrashed


def record(controller: RunController) -> list[tuple]:
    got: list[tuple] = []
    controller.run_started.connect(lambda rid: got.append(("run-started", rid)))
    controller.step_started.connect(lambda s, argv: got.append(("step-started", s, argv)))
    controller.step_lines.connect(lambda s, lines: got.append(("lines", s, lines)))
    controller.step_progress.connect(lambda *a: got.append(("progress", *a)))
    controller.step_finished.connect(lambda *a: got.append(("step-finished", *a)))
    controller.run_finished.connect(lambda r: got.append(("run-finished", r)))
    return got


def test_events_become_signals_and_lines_are_batched_per_step(qtbot):
    c = RunController()
    got = record(c)
    result = RunResult(
        7,
        "failed",
        "/p",
        "DEV",
        "com.x",
        "t0",
        "t1",
        [StepResult("build", 0, verdict="failed")],
        None,
    )
    c._flush(
        [
            PipelineEvent("run-started", 7, data={"project": "/p", "steps": ["build"]}),
            PipelineEvent(
                "step-started", 7, step="build", data={"argv": ["hvigorw", "assembleHap"]}
            ),
            PipelineEvent("line", 7, step="build", stream="stdout", text="one"),
            PipelineEvent("line", 7, step="build", stream="stderr", text="two"),
            PipelineEvent("progress", 7, step="build", done=3, total=10, task=":entry:Compile"),
            PipelineEvent("warning", 7, step="build", text="Will skip sign"),
            PipelineEvent("line", 7, step="build", stream="stdout", text="three"),
            PipelineEvent(
                "step-finished",
                7,
                step="build",
                verdict="failed",
                data={"message": "ArkTS error", "error_meaning": "the code does not compile"},
            ),
            PipelineEvent("run-finished", 7, status="failed", data={"doctor": None}),
            result,
        ]
    )
    assert got == [
        ("run-started", 7),
        ("step-started", "build", ["hvigorw", "assembleHap"]),
        ("lines", "build", ["one", "two"]),
        ("progress", "build", 3, 10, ":entry:Compile"),
        ("lines", "build", ["three"]),
        ("step-finished", "build", "failed", "ArkTS error", "the code does not compile"),
        ("run-finished", result),
    ]
    assert c.run_id == 7


class Exploding:
    run_id = 3

    def run(self) -> RunResult:
        raise OSError("disk full")


def test_a_crashing_pipeline_is_reported_as_a_failed_run(qtbot):
    c = RunController()
    got = record(c)
    c._work(Exploding())
    c._batcher.flush_now()
    assert got == [("run-finished", RunCrashed(3, "OSError: disk full"))]
    assert got[0][1].status == "failed" and c.run_id == 3

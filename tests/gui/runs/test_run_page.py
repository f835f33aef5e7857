"""The run page: which finding and step a failed run shows on its card."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import Finding
from hmdesk.core.toolchain.runs import RunResult, StepResult
from hmdesk.gui.runs.run_page import failure_of


def run_with(steps: list[StepResult], doctor: Finding | None = None) -> RunResult:
    return RunResult(5, "failed", "/p", "DEV", "com.x", "t0", "t1", steps, doctor)


def test_failure_of_prefers_the_runs_finding_then_the_steps():
    signing = Finding(kind="signing", evidence="code:9568320", fix="sign", code="9568320")
    run = run_with(
        [StepResult("build", 0, verdict="passed"), StepResult("install", 1, verdict="failed")],
        signing,
    )
    assert failure_of(run) == (signing, "install")
    step_finding = Finding(kind="arkts-source", evidence="e", fix="f")
    run = run_with([StepResult("build", 0, verdict="failed", doctor=step_finding)])
    assert failure_of(run) == (step_finding, "build")
    assert failure_of(None) == (None, None)


def test_an_unclassified_failed_step_still_gets_a_finding():
    run = run_with([StepResult("build", 0, verdict="timeout", message="build timed out after 2 s")])
    finding, step = failure_of(run)
    assert step == "build" and finding is not None
    assert finding.kind == "timeout" and finding.evidence == "build timed out after 2 s"
    assert finding.query_terms == ["build"]
    run = run_with(
        [StepResult("launch", 0, verdict="failed", error_code="10104001", message="aa failed")]
    )
    finding, _ = failure_of(run)
    assert finding is not None and finding.kind == "failed"
    assert finding.code == "10104001" and finding.query_terms == ["launch", "10104001"]

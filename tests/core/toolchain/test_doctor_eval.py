"""The scorer's report: the crash and freeze cards' figure (issue 27, requirement 7: cards with
a cause), counted over the fault kinds' logs whose fix is written down."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from hmdesk.core.toolchain.doctor_eval import FAULT_KINDS, evaluate, format_report

CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"


def assert_fault_line(report_text: str, right: int, of: int) -> None:
    line = next(ln for ln in report_text.splitlines() if ln.startswith("crash and freeze"))
    assert line.endswith(f": {right}/{of} {100 * right / of:.0f}%"), line


def test_the_report_counts_the_crash_and_freeze_reports_with_a_right_cause(tmp_path: Path) -> None:
    """One real crash of each fault kind; a copy whose written-down fix words no finding can
    hold counts as a card without its cause."""
    report = evaluate(CORPUS)
    for kind in FAULT_KINDS:
        right = [o for o in report.outcomes if o.kind == kind and o.actionable]
        assert right, kind
        log = CORPUS / right[0].path
        side = log.with_suffix(".toml").read_text(encoding="utf-8")
        (tmp_path / kind).mkdir()
        for name, toml in (
            ("right", side),
            (
                "wrong",
                re.sub(r"fix\s*=\s*\[.*?\]", 'fix = ["zzz-no-fix-says-this"]', side, flags=re.S),
            ),
        ):
            shutil.copy(log, tmp_path / kind / f"{name}.log")
            (tmp_path / kind / f"{name}.toml").write_text(toml, encoding="utf-8")
    assert_fault_line(format_report(evaluate(tmp_path)), 3, 6)


def test_no_fault_logs_no_fault_line(tmp_path: Path) -> None:
    (tmp_path / "bm").mkdir()
    log = sorted((CORPUS / "bm").glob("*.log"))[0]
    shutil.copy(log, tmp_path / "bm" / "a.log")
    shutil.copy(log.with_suffix(".toml"), tmp_path / "bm" / "a.toml")
    assert "crash and freeze" not in format_report(evaluate(tmp_path))

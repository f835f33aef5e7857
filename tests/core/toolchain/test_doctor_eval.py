"""The scorer's report: the crash and freeze cards' figure (issue 27, requirement 7: cards with
a cause), counted over the fault kinds' logs whose fix is written down."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from hmdesk.core.toolchain.doctor_eval import FAULT_KINDS, evaluate, format_report, location_right

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


def test_a_location_written_binary_bang_symbol_names_a_native_frame() -> None:
    # batch Z's tomls write a native frame as a debugger does: ``module!function``
    found = "/data/test/test_processdump((anonymous namespace)::Dfx_Test::TestBody())"
    assert location_right(found, "test_processdump!(anonymous namespace)::Dfx_Test::TestBody")
    assert location_right(
        "/data/crasher_cpp(DoStackOverflow(void*))", "crasher_cpp!DoStackOverflow"
    )
    assert location_right(
        "/system/lib64/ndk/libjsvm.so(OH_JSVM_CallFunction)", "libjsvm.so!OH_JSVM_CallFunction"
    )
    # another binary, another function, or a function whose name only starts the same: wrong
    assert not location_right("/data/other(DoStackOverflow(void*))", "crasher_cpp!DoStackOverflow")
    assert not location_right("/data/crasher_cpp(main)", "crasher_cpp!DoStackOverflow")
    assert not location_right(
        "/data/crasher_cpp(DoStackOverflowTwice())", "crasher_cpp!DoStackOverflow"
    )
    # a source location keeps its own reading
    assert location_right(
        "entry/src/main/cpp/napi_init.cpp:14:9", "E:/app/entry/src/main/cpp/napi_init.cpp:14:9"
    )

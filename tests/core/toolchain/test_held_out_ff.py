"""What held-out batch FF (2026-12-07, its logs named ``f1-`` (failing builds from committed
hvigor debug logs) and ``f2-`` (the device's logs of the FAQ's ability and CANN pages); scored
blind on 318d3132, then folded in) taught (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.parse import parse_lines

from tests.fixtures.real_logs import real_log


def test_the_log_windows_lines_with_pid_tid_and_no_time() -> None:
    # ``8153-8153  A00000/com.exa...demo/testTag  hidumper  I  msg``: a process column without
    # a dot was no log line when the time column was hidden
    lines = real_log("hilog/f2-onnewwant-home-ability134.log").splitlines()
    parsed = parse_lines(lines)
    assert all(p.kind == "log" for p in parsed)
    second = parsed[1]
    assert (second.pid, second.tag, second.process, second.level) == (
        8153,
        "testTag",
        "hidumper",
        "I",
    )
    assert second.message == "Ability onWindowStageCreate"

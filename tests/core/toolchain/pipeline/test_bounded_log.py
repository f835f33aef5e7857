"""The bounded step log: head and tail kept, the lines in between counted."""

from __future__ import annotations

from hmdesk.core.toolchain.pipeline import BoundedLog


def test_bounded_log_keeps_head_and_tail() -> None:
    log = BoundedLog(max_chars=1000)
    for i in range(1000):
        log.append(f"line {i:04d}")
    text = log.text()
    assert text.startswith("line 0000\n") and text.endswith("line 0999")
    assert log.dropped_lines > 0 and f"… {log.dropped_lines} lines left out …" in text
    assert len(text) < 1100


def test_verdict_text_keeps_every_decisive_line_within_a_bound() -> None:
    from hmdesk.core.toolchain.hdc.outcomes import classify_install, is_decisive
    from hmdesk.core.toolchain.pipeline.bounded_log import VerdictText

    text = VerdictText(is_decisive, head=5, tail=5, decisive_keep=3)
    for i in range(20_000):
        text.append(f"[D][transfer.cpp:412] Transfer Send {i}")
        if i == 9_000:
            text.append("[Info]App install path:/x.hap msg:install bundle successfully.")
    for i in range(50):
        text.append(f"noise after {i}")
    kept = text.text()
    assert kept.count("\n") < 30  # 5 head + 5 tail + the decisive line
    assert "install bundle successfully." in kept
    assert classify_install(kept, 0).ok
    assert text.lines == 20_051


def test_verdict_text_bounds_a_flood_of_decisive_lines() -> None:
    from hmdesk.core.toolchain.hdc.outcomes import is_decisive
    from hmdesk.core.toolchain.pipeline.bounded_log import VerdictText

    text = VerdictText(is_decisive, head=2, tail=2, decisive_keep=4, max_line=50)
    for i in range(10_000):
        text.append(f"error: {i} " + "x" * 500)
    kept = text.text().splitlines()
    assert kept[0].startswith("error: 0 ") and kept[-1].startswith("error: 9999 ")
    assert len(kept) <= 2 + 2 + 8 and all(len(line) <= 50 for line in kept)


def test_hvigor_parser_memory_is_bounded_and_the_verdict_line_still_counts() -> None:
    from hmdesk.core.toolchain import hvigor as hv

    parser = hv.HvigorLogParser()
    for i in range(hv.MAX_TASKS + 500):
        parser.feed(f"> hvigor Finished :entry:default@Task{i}... after 1 ms")
    for i in range(hv.MAX_WARNINGS + 5):
        parser.feed(f"> hvigor WARN: warning {i}")
    for i in range(hv.MAX_ERRORS + 7):
        parser.feed(f"> hvigor ERROR: 00303168 Configuration Error {i}")
    parser.feed("> hvigor BUILD SUCCESSFUL in 2 s 1 ms")
    log = parser.result()
    assert log.task_count == hv.MAX_TASKS + 500 and len(log.tasks) == hv.MAX_TASKS
    assert len(log.warnings) == hv.MAX_WARNINGS and log.dropped_warnings == 5
    assert len(log.errors) <= hv.MAX_ERRORS and log.dropped_errors == 7
    assert log.status == "success"

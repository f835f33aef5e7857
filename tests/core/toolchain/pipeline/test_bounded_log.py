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

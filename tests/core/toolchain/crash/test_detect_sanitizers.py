"""The live detector opens a crash card for a sanitizer's report streamed through hilog.

hiview's sanitizer collector (``gwpasan_collector.cpp``, domain 0xD002D12, tag ``Sanitizer``)
runs in the app's process and logs the GWP-ASan report it writes to the fault log
(``[gwp_asan] %{public}s``); hilog prints each line of it under the line's header. The reports
here are the corpus's real ones (``tests/data/real_logs/cppcrash``), streamed line by line in that
layout; whether the lines are a report and what kind is read with :mod:`.sanitizers`' table.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.detect import CrashDetector, detect_text
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.model import CPP
from hmdesk.core.toolchain.hilog.parse import HilogParser

from tests.fixtures.fakes import hdc_crash
from tests.fixtures.real_logs import real_log

PID = 3594


def _hilog(report: str, pid: int = PID, first: str = "[gwp_asan] ") -> list[str]:
    """``report`` as hilog streams it: one line per report line, the header on each."""
    head = f"08-05 10:00:00.123  {pid}  {pid} I C02d12/Sanitizer: "
    lines = [ln for ln in report.splitlines() if ln.strip()]
    return [head + (first if i == 0 else "") + ln for i, ln in enumerate(lines)]


def _stream(texts: list[str]):
    """Feed the lines one by one (a live stream), then end it."""
    det = CrashDetector()
    parser = HilogParser()
    for i, text in enumerate(texts):
        det.feed(parser.feed([text]), now=float(i) * 0.01)
    det.flush()
    return det.book.groups()


@pytest.mark.parametrize(
    ("name", "kind", "place"),
    [
        ("hcB-gwpasan-guide-use-after-free", "Use After Free", "0 bytes into a 10-byte"),
        ("hcB-gwpasan-guide-buffer-underflow", "Buffer Underflow", "4063 bytes to the left"),
    ],
)
def test_a_gwp_asan_report_streamed_through_hilog_opens_a_crash_card(
    name: str, kind: str, place: str
) -> None:
    texts = _hilog(real_log(f"cppcrash/{name}.log"))
    (g,) = _stream(texts)
    c = g.crash
    assert (c.type, c.pid, c.time) == (CPP, PID, "08-05 10:00:00.123")
    assert (c.reason, c.name, c.error_class) == (kind, kind, kind)
    assert place in c.message
    assert c.frames and c.frames[0].raw.startswith("#0 0x")
    # every line of the report belongs to the card (``is:crash``)
    assert c.lines == texts
    # the card explains it as the doctor does: the kind's remedy, the app's first frame
    why = explain(c)
    assert why is not None and why.certain and kind in why.cause
    assert why.location == next(f.file for f in c.frames if f.file.startswith("/data/"))


def test_the_signal_a_gwp_asan_report_ends_with_joins_its_card() -> None:
    report = _hilog(real_log("cppcrash/hcB-gwpasan-guide-use-after-free.log"), pid=777)
    signal = hdc_crash.cpp_lines(777, "00:00.200")
    (g,) = _stream(report + signal)
    c = g.crash
    assert (c.reason, c.bundle, c.pid) == ("Use After Free", "com.example.hello", 777)
    assert len(c.lines) == len(report) + len(signal) - 1  # the MUSL-SIGCHAIN line is not watched


def test_sanitizer_lines_that_are_no_report_open_nothing_but_a_signal_still_does() -> None:
    noise = ["08-05 10:00:00.100  777  777 I C02d12/Sanitizer: Get application name failed"]
    assert _stream(noise) == []
    (g,) = _stream(noise + hdc_crash.cpp_lines(777, "00:00.200"))
    assert (g.crash.reason, g.crash.name) == ("Signal:SIGSEGV", "SIGSEGV")


def test_a_pasted_hilog_with_a_gwp_asan_report_shows_its_card() -> None:
    text = "\n".join(_hilog(real_log("cppcrash/hcB-gwpasan-guide-buffer-underflow.log")))
    _lines, book = detect_text(text)
    (g,) = book.groups()
    assert g.crash.reason == "Buffer Underflow"


# the other sanitizers' reports, were they streamed on the same tag: the same table reads them
_HWASAN = real_log("cppcrash/faq-stability-50-hwasan-napi-int64-pointer.log")
_UBSAN = real_log("cppcrash/ubsan-index-out-of-bounds.log")


@pytest.mark.parametrize(
    ("report", "reason"),
    [
        (_HWASAN[_HWASAN.index("==appspawn==") :], "tag-mismatch"),
        (_UBSAN[_UBSAN.index("2. E:/") :], "UBSAN"),
        (
            "==com.example.hello==3594==ERROR: AddressSanitizer: heap-use-after-free on address "
            "0x003a375eb724 at pc 0x005b0b3c4b1c bp 0x007fe2a7d8d0 sp 0x007fe2a7d8c8\n"
            "READ of size 4 at 0x003a375eb724 thread T0 (easonapp)\n"
            "    #0 0x5b0b3c4b18  (/data/storage/el1/bundle/libs/arm64/libentry.so+0x4b18)\n",
            "heap-use-after-free",
        ),
        (
            "WARNING: ThreadSanitizer: data race (pid=3594)\n"
            "  Write of size 4 at 0x007f8b2c0010 by thread T2:\n"
            "    #0 0x5b0b3c4b18  (/data/storage/el1/bundle/libs/arm64/libentry.so+0x4b18)\n",
            "data race",
        ),
    ],
)
def test_the_other_sanitizers_reports_on_that_tag_are_read_with_the_same_table(
    report: str, reason: str
) -> None:
    (g,) = _stream(_hilog(report, first=""))
    assert (g.crash.type, g.crash.pid, g.crash.reason) == (CPP, PID, reason)

"""GWP-ASan's report (the sampling allocator ``"GWPAsanEnabled": true`` turns on): every kind the
stability guide's GWP-ASan page shows (bpta-stability-gwpasan-detection: double free,
use_after_free, invalid free left/right, buffer underflow) and the rest of llvm's gwp_asan kinds
(Buffer Overflow, Unknown), read from the report's layout into the kind, its remedy and the app's
first frame (the C library ``/lib/ld-musl-*.so.1`` is system code).
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import real_log

_STACK = """\
  #0 0x7f8dc716b8 (/lib/ld-musl-aarch64.so.1+0x1286b8)
  #1 0x7f8dc71268 (/lib/ld-musl-aarch64.so.1+0x128268)
  #2 0x55801287f8 (/data/storage/el1/bundle/libs/arm64/libentry.so+0x17f8)
  #3 0x7f8dbe9d74 (/lib/ld-musl-aarch64.so.1+0xa0d74)
"""


def _report(header: str) -> str:
    return (
        "*** GWP-ASan detected a memory error ***\n"
        f"{header} by thread 12086 here:\n{_STACK}"
        f"0x7f8db1aff1 was allocated by thread 12086 here:\n{_STACK}"
        "*** End GWP-ASan report ***\n"
    )


# (the kind line's start as gwp_asan prints it, words its remedy must hold)
KINDS = [
    (
        "Use After Free at 0x7fa2ab6000 (0 bytes into a 10-byte allocation at 0x7fa2ab6000)",
        "lifetime",
    ),
    ("Double Free at 0x7f9c31efe0 (a 20-byte allocation)", "free each allocation once"),
    (
        "Invalid (Wild) Free at 0x7f8551ffff (1 byte to the left of a 1-byte allocation at 0x7f85520000)",
        "free only what malloc/new returned",
    ),
    (
        "Invalid (Wild) Free at 0x7fa4e96ff1 (1 byte to the right of a 1-byte allocation at 0x7fa4e96ff0)",
        "free only what malloc/new returned",
    ),
    (
        "Buffer Underflow at 0x7f8db1aff1 (4063 bytes to the left of a 48-byte allocation at 0x7f8db1bfd0)",
        "not negative",
    ),
    (
        "Buffer Overflow at 0x7f8db1c000 (48 bytes to the right of a 48-byte allocation at 0x7f8db1bfd0)",
        "check the index",
    ),
]


@pytest.mark.parametrize(("header", "remedy"), KINDS)
def test_every_gwp_asan_kind_is_read_with_its_remedy_and_the_apps_frame(
    header: str, remedy: str
) -> None:
    f = diagnose(_report(header))
    assert f is not None and f.kind == "crash"
    kind = header.split(" at 0x", 1)[0]
    assert f.code == kind
    assert remedy in f.fix.lower()
    assert f.location == "/data/storage/el1/bundle/libs/arm64/libentry.so"
    # the kind line's place (bytes into / left / right of the block) is the evidence
    assert header.split(" at ", 1)[1][:12] in f.evidence


def test_a_gwp_asan_access_it_cannot_tie_to_an_allocation() -> None:
    text = (
        "*** GWP-ASan detected a memory error ***\n"
        "GWP-ASan cannot provide any more information about this error. This may occur due to a "
        "wild memory access into the GWP-ASan pool, or an overflow/underflow that is > 512B in "
        "length.\n" + _STACK
    )
    f = diagnose(text)
    assert f is not None and f.kind == "crash" and f.code == "Unknown"
    assert "wild pointer" in f.fix or "wild pointer" in (f.meaning or "")


def test_the_guides_reports_as_printed() -> None:
    under = diagnose(real_log("cppcrash/hcB-gwpasan-guide-buffer-underflow.log"))
    assert under is not None and under.code == "Buffer Underflow"
    assert under.location == "/data/local/tmp/gwp_asan_buffer_overflow_test"
    uaf = diagnose(real_log("cppcrash/hcB-gwpasan-guide-use-after-free.log"))
    assert uaf is not None and uaf.code == "Use After Free" and "lifetime" in uaf.fix


def test_a_kind_word_without_the_gwp_asan_header_is_no_report() -> None:
    # "Double Free at 0x…" in prose alone, no report around it: not read as GWP-ASan's
    f = diagnose("We saw Double Free at 0x1234 in the logs yesterday.\n")
    assert f is None or f.code != "Double Free"

"""Every ``hilog -v`` layout, built from the format's definition, parses into the same fields.

For most ``-v`` variants no real pasted sample exists in any public source we could search
(``tests/data/real_logs/hilog`` holds the ones that do: the default time format, ``-v nsec``, one
``-v epoch`` line, DevEco Studio's Log window). So these lines are built by the rules of hilog's
own printer, ``PrintLogPrefix`` / ``LogPrintWithFormat`` / ``AdaptWrap`` in
openharmony/hiviewdfx_hilog ``frameworks/libhilog/utils/log_print.cpp`` (commit d3ab881, 2026-07-31),
with the options ``services/hilogtool/main.cpp`` accepts (``color``, ``time``/``epoch``/
``monotonic``, ``msec``/``usec``/``nsec``, ``year``, ``zone``, ``wrap``):

* time: ``[zone ]`` ``[YYYY-]`` ``MM-DD hh:mm:ss`` (zero-padded); ``monotonic``: the seconds
  ``setw(8)`` (space-padded); ``epoch``: ``setw(10)``; then ``.`` and 3 / 6 / 9 fraction digits;
* `` `` pid ``setw(5)`` `` `` tid ``setw(5)`` `` `` level `` `` type letter, domain ``%05x``,
  ``/`` tag ``: `` message (kmsg lines: `` <tag> `` instead);
* a message with ``\\n`` is printed piece by piece, each with the prefix, or with ``-v wrap``
  padded with ``42 + len(tag)`` spaces; ``-v color`` puts ``ESC[38;5;Nm`` before the first piece
  and ``ESC[0m`` after the last.
"""

from __future__ import annotations

import itertools

import pytest
from hmdesk.core.toolchain.hilog.line import KMSG, LOG
from hmdesk.core.toolchain.hilog.parse import parse_lines

PREFIX_LEN = 42  # log_print.cpp
COLORS = {"D": 75, "I": 40, "W": 166, "E": 196, "F": 226}


def _prefix(
    time_format: str,
    accuracy: str,
    year: bool,
    zone: str | None,
    pid: int,
    tid: int,
    level: str,
    domain: int,
    tag: str,
) -> tuple[str, str]:
    """(prefix, the time as printed) — a line-by-line restatement of PrintLogPrefix."""
    nsec = 27_123_456
    if time_format == "time":
        t = (f"{zone} " if zone else "") + ("2026-" if year else "") + "11-15 16:36:21"
    elif time_format == "monotonic":
        t = f"{4294:>8}"
    else:  # epoch
        t = f"{1763195781:>10}"
    frac = {"msec": f"{nsec // 1_000_000:03}", "usec": f"{nsec // 1000:06}", "nsec": f"{nsec:09}"}
    t += "." + frac[accuracy]
    prefix = f"{t} {pid:>5} {tid:>5} {level} A{domain:05x}/{tag}: "
    shown = t.strip()
    if zone:
        shown = shown[len(zone) + 1 :]
    return prefix, shown


def _print(message: str, prefix: str, tag: str, *, wrap: bool, color: str | None) -> list[str]:
    """LogPrintWithFormat: one printed line per piece of the message."""
    pieces = [p for p in message.split("\n") if p]
    out = []
    for i, piece in enumerate(pieces):
        head = prefix if i == 0 or not wrap else " " * (PREFIX_LEN + len(tag))
        out.append(head + piece)
    if color:
        out[0] = f"\x1b[38;5;{color}m" + out[0]
        out[-1] += "\x1b[0m"
    return out


CASES = [
    (t, a, y, z, w, c)
    for t, a, y, z, w, c in itertools.product(
        ("time", "epoch", "monotonic"),
        ("msec", "usec", "nsec"),
        (False, True),  # year
        (None, "CST", "GMT"),  # zone
        (False, True),  # wrap
        (False, True),  # color
    )
    if t == "time" or not (y or z)  # year and zone apply to -v time only (log_print.cpp)
]


@pytest.mark.parametrize(("time_format", "accuracy", "year", "zone", "wrap", "color"), CASES)
def test_every_v_combination_gives_the_same_fields(
    time_format: str, accuracy: str, year: bool, zone: str | None, wrap: bool, color: bool
) -> None:
    tag = "testTag"
    prefix, shown = _prefix(time_format, accuracy, year, zone, 5394, 25836, "E", 0x3200, tag)
    message = "TypeError: Cannot read property x of undefined\n    at foo (entry/src/main/ets/pages/Index.ets:12:3)"
    lines = _print(message, prefix, tag, wrap=wrap, color=str(COLORS["E"]) if color else None)
    # a second, single-line entry after it must not be taken for a continuation
    lines += _print("next entry", prefix.replace(" E A", " I A"), tag, wrap=wrap, color=None)
    parsed = parse_lines(lines)
    assert [p.kind for p in parsed] == [LOG, LOG, LOG]
    first, second, other = parsed
    for p in (first, second, other):
        assert (p.time, p.pid, p.tid, p.type, p.domain, p.tag) == (
            shown,
            5394,
            25836,
            "A",
            0x3200,
            tag,
        ), p.raw
    assert (first.level, first.message, first.cont) == (
        "E",
        "TypeError: Cannot read property x of undefined",
        False,
    )
    assert second.message.strip() == "at foo (entry/src/main/ets/pages/Index.ets:12:3)"
    assert (second.level, second.cont) == ("E", True)
    assert (other.level, other.message, other.cont) == ("I", "next entry", False)


def test_wide_pids_and_kmsg_lines_as_hilog_prints_them() -> None:
    # setw(5) is a minimum: a 7-digit tid is printed whole (a real line in
    # tests/data/real_logs/hilog/hdc-hilog-crypto-spike.log has tid 2988188); kmsg lines carry
    # no pid or domain (log_print.cpp's own comment gives this example line)
    pid_line, kmsg = parse_lines(
        [
            "11-15 16:36:21.027 85926 2988188 I A03d00/JSAPP: wide",
            "08-06 16:51:04.945 <6> [4294.967295] hungtask_base whitelist[0]-init-1",
        ]
    )
    assert (pid_line.kind, pid_line.pid, pid_line.tid, pid_line.message) == (
        LOG,
        85926,
        2988188,
        "wide",
    )
    assert (kmsg.kind, kmsg.time, kmsg.message) == (
        KMSG,
        "08-06 16:51:04.945",
        "hungtask_base whitelist[0]-init-1",
    )

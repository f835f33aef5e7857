"""A restarted ``hdc shell hilog`` prints the device buffer again: ReplayFilter skips what was
delivered, on its own and inside HilogStream over the fake hdc that replays its buffer."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.detect import CrashDetector
from hmdesk.core.toolchain.hilog import HilogStream
from hmdesk.core.toolchain.hilog.parse import parse_line
from hmdesk.core.toolchain.hilog.replay import ReplayFilter, time_key

from tests.core.toolchain.hilog.test_stream import Collector, _stream
from tests.fixtures.fake_tools import FakeTools
from tests.fixtures.fakes import hdc_crash
from tests.fixtures.waiting import wait_until

# lines as hilog prints them (the OpenHarmony hilog docs' samples, their times made to follow)
BUFFER = [
    "11-15 15:51:02.087  2823  2823 I A01B05/com.ohos.sceneboard/AOD: AodClockFullScreen --> timeFontSize:114.48717948717947",
    "11-15 15:51:02.110  1197  1197 E C01406/render_service/OHOS::RS: [LoadImgsbyResolution] Can't find resolution (1084 x 2412) in config file",
    "11-15 15:51:02.110  1197  1197 E C01406/render_service/OHOS::RS: second line at the same time",
]
NEW = (
    "11-15 15:51:02.301  2823  2823 I A01B05/com.ohos.sceneboard/AOD: AodClockFullScreen --> later"
)


def _parsed(raw: list[str]):
    return [parse_line(r) for r in raw]


def test_a_restart_that_prints_the_buffer_again_delivers_only_the_new_lines() -> None:
    f = ReplayFilter()
    assert [x.raw for x in f.filter(_parsed(BUFFER[:2]))] == BUFFER[:2]
    f.restart()
    # the buffer again, then the line printed at the same millisecond we had not seen, then new
    out = f.filter(_parsed([*BUFFER, NEW]))
    assert [x.raw for x in out] == [BUFFER[2], NEW]
    assert f.skipped == 2 and not f.replaying
    # after the replay every line passes, even one older (lines of two processes interleave)
    assert len(f.filter(_parsed(BUFFER[:1]))) == 1


def test_the_first_stream_and_a_stream_without_news_lose_nothing() -> None:
    f = ReplayFilter()
    f.restart()  # nothing delivered yet: nothing is a replay
    assert len(f.filter(_parsed(BUFFER))) == 3
    f.restart()
    assert f.filter(_parsed(BUFFER)) == [] and f.replaying
    assert [x.raw for x in f.filter(_parsed([NEW]))] == [NEW]


def test_epoch_times_compare_as_numbers() -> None:
    assert time_key("999.5") < time_key("1000.25")  # type: ignore[operator]
    assert time_key("") is None


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_stream_restarting_twice_over_a_replaying_hilog_shows_each_line_once(
    fake_tools: FakeTools, tmp_path: Path
) -> None:
    """31 lines and a crash twice in the device buffer; hilog ends twice and is restarted, each
    time printing the buffer again (the fake's FAKE_HILOG_BUFFER): every line once, ×2 stays ×2."""
    buffer = tmp_path / "device-buffer.log"
    fake_tools.hdc_scenario("one-device", "crash-js-twice")
    fake_tools.set("FAKE_HILOG_BUFFER", str(buffer))
    fake_tools.set("FAKE_HILOG_LINES", "31")
    fake_tools.set("FAKE_HILOG_RESTARTS", "2")
    fake_tools.set("FAKE_HILOG_NEW", "4")
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.01")
    col = Collector()
    detector = CrashDetector()
    stream: HilogStream = _stream(fake_tools, col)
    stream.on_lines = lambda lines: (col.on_lines(lines), detector.feed(lines))
    first = len(hdc_crash.scenario({"crash-js-twice"})[0]) + 31  # the buffer at the start
    stream.start()
    try:  # two ends of 4 new lines each, then one line after the second restart
        wait_until(lambda: stream.restarts >= 2 and len(col.lines) >= first + 9)
    finally:
        stream.stop()
    detector.flush()
    raws = [x.raw for x in col.lines]
    assert len(raws) == len(set(raws))  # no line twice
    printed = buffer.read_text(encoding="utf-8").splitlines()
    assert raws == printed[: len(raws)]  # in the device's order, none lost
    assert stream.replayed >= 2 * 31
    (group,) = detector.book.groups()
    assert group.count == 2 and group.pids == [5394, 5501]

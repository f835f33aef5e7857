"""HilogStream over the fake hdc (restarts, device gone, drops, stop), dump and clear."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from hmdesk.core.toolchain import hdc as hdc_mod
from hmdesk.core.toolchain.hilog import (
    CONNECTED,
    DEVICE_GONE,
    ERROR,
    RESTARTING,
    STOPPED,
    HilogLine,
    HilogRing,
    HilogStream,
    StreamStatus,
    clear_buffer,
    dump,
    lines_text,
)

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools
from tests.fixtures.waiting import wait_until


class Collector:
    def __init__(self) -> None:
        self.lines: list[HilogLine] = []
        self.statuses: list[StreamStatus] = []
        self.lock = threading.Lock()

    def on_lines(self, lines: list[HilogLine]) -> None:
        with self.lock:
            self.lines.extend(lines)

    def on_status(self, status: StreamStatus) -> None:
        with self.lock:
            self.statuses.append(status)

    def states(self) -> list[str]:
        with self.lock:
            return [s.state for s in self.statuses]


def _stream(fake_tools: FakeTools, col: Collector, **kw: object) -> HilogStream:
    return HilogStream(
        str(fake_tools.hdc),
        FAKE_HDC_KEY,
        on_lines=col.on_lines,
        on_status=col.on_status,
        backoff=(0.1, 0.2),
        device_poll=0.1,
        **kw,  # type: ignore[arg-type]
    )


def test_stream_uses_hdc_shell_hilog_never_hdc_hilog(fake_tools: FakeTools) -> None:
    stream = HilogStream(str(fake_tools.hdc), FAKE_HDC_KEY, tags=["ArkUI"], levels=["W"], pids=[12])
    assert stream.argv == [
        str(fake_tools.hdc),
        "-t",
        FAKE_HDC_KEY,
        "shell",
        "hilog",
        "-T",
        "ArkUI",
        "-L",
        "W",
        "-P",
        "12",
    ]
    with pytest.raises(hdc_mod.InvalidName):
        HilogStream(str(fake_tools.hdc), FAKE_HDC_KEY, tags=["a;reboot"])


def test_stream_delivers_parsed_batches_and_stops(fake_tools: FakeTools) -> None:
    fake_tools.set("FAKE_HILOG_LINES", "22")
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.01")
    col = Collector()
    ring = HilogRing(1000)
    stream = _stream(fake_tools, col, ring=ring)
    stream.start()
    try:
        wait_until(lambda: len(col.lines) >= 40)
        assert CONNECTED in col.states()
        assert stream.running and stream.status.state == CONNECTED
        assert _fake_hdc_processes(fake_tools)  # the check below can see them
    finally:
        stream.stop()
    assert not stream.running
    assert col.statuses[-1].state == STOPPED
    assert ring.received == len(col.lines) == stream.lines_received
    kinds = {x.kind for x in col.lines}
    assert {"log", "kmsg", "dropped"} <= kinds
    assert ring.device_dropped == stream.device_dropped > 0
    # the multi-line sample is marked as a continuation
    second = [x for x in col.lines if x.message == "multi-line second"]
    assert second and all(x.cont for x in second)
    # hdc was started the documented way, and nothing of it is left running
    hilog_calls = [c["argv"] for c in fake_tools.calls("hdc") if "hilog" in c["argv"]]
    assert hilog_calls and all(c[:4] == ["-t", FAKE_HDC_KEY, "shell", "hilog"] for c in hilog_calls)
    assert not _fake_hdc_processes(fake_tools)


def test_between_batches_runs_on_the_stream_thread_before_each_parse(
    fake_tools: FakeTools,
) -> None:
    """The GUI's gate: called before every batch is parsed; a failing hook loses no line."""
    fake_tools.set("FAKE_HILOG_LINES", "22")
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.01")
    col = Collector()
    calls: list[tuple[str, int]] = []

    def hook() -> None:
        with col.lock:
            calls.append((threading.current_thread().name, len(col.lines)))
        raise RuntimeError("a broken hook")

    stream = _stream(fake_tools, col, between_batches=hook, max_batch=5)
    stream.start()
    try:
        wait_until(lambda: len(col.lines) >= 22)
    finally:
        stream.stop()
    assert {name for name, _n in calls} == {"hmdesk-hilog-stream"}
    assert len(calls) >= 22 // 5  # batches of at most 5 lines: one call each
    assert stream.lines_received == len(col.lines) >= 22


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_stream_restarts_when_stream_ends_but_device_is_listed(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("one-device", "vanish-mid-hilog")
    fake_tools.set("FAKE_HILOG_LINES", "5")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: stream.restarts >= 2 and stream.replayed >= 10)
    finally:
        stream.stop()
    states = col.states()
    assert states[0] == "starting" and CONNECTED in states and RESTARTING in states
    assert DEVICE_GONE not in states
    # three runs of the same five buffered lines: delivered once, the replays skipped
    assert len(col.lines) == 5 and stream.replayed >= 10
    restarting = [s for s in col.statuses if s.state == RESTARTING]
    assert restarting[0].restarts == 1 and "restarting" in restarting[0].message


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_stream_device_vanishes_mid_stream_then_returns(fake_tools: FakeTools) -> None:
    devices = fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    fake_tools.set("FAKE_HILOG_LINES", "3")
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.02")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: len(col.lines) >= 10)
        devices.write_text("", encoding="utf-8")  # unplugged: the hilog stream ends
        wait_until(lambda: DEVICE_GONE in col.states())
        gone = next(s for s in col.statuses if s.state == DEVICE_GONE)
        assert FAKE_HDC_KEY in gone.message and gone.fix
        n = len(col.lines)
        polls = _list_calls(fake_tools)
        wait_until(lambda: _list_calls(fake_tools) >= polls + 2)  # it looked for the device twice
        assert len(col.lines) == n  # nothing streams while it is gone
        devices.write_text(f"{FAKE_HDC_KEY} USB Connected localhost\n", encoding="utf-8")
        wait_until(lambda: col.states()[-1] == CONNECTED and len(col.lines) > n)
    finally:
        stream.stop()
    states = col.states()
    assert states.index(DEVICE_GONE) < len(states) - states[::-1].index(CONNECTED) - 1
    assert stream.restarts >= 1


def test_stop_is_prompt_while_hdc_hangs(fake_tools: FakeTools) -> None:
    # the stream ends, then `hdc list targets` hangs: stop() must not wait for it
    fake_tools.hdc_scenario("one-device", "vanish-mid-hilog", "hang-list")
    fake_tools.set("FAKE_HILOG_LINES", "2")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    wait_until(lambda: len(col.lines) >= 2)
    wait_until(lambda: _list_calls(fake_tools) >= 1)  # now inside device_listed()
    t0 = time.monotonic()
    stream.stop()
    assert time.monotonic() - t0 < 5  # hang guard: without the kill it blocks for minutes
    assert not stream.running and col.states()[-1] == STOPPED
    assert not _fake_hdc_processes(fake_tools)


def test_reader_drops_are_counted_while_hdc_still_runs(
    fake_tools: FakeTools, tmp_path: Path
) -> None:
    # 2000 lines at once, then hdc keeps running (follows, silent): a consumer that is stuck
    # makes the reader discard lines beyond max_queue; the count must show up live, not only
    # when hdc ends
    src = tmp_path / "burst.txt"
    src.write_text(
        "".join(f"04-19 17:02:14.735  5394  5394 I A03200/burst: line {i}\n" for i in range(2000)),
        encoding="utf-8",
    )
    fake_tools.set("FAKE_HILOG_FILE", str(src))
    fake_tools.set("FAKE_HILOG_INTERVAL", "120")
    release = threading.Event()
    col = Collector()

    def stuck(lines: list[HilogLine]) -> None:
        release.wait(20)
        col.on_lines(lines)

    stream = HilogStream(
        str(fake_tools.hdc),
        FAKE_HDC_KEY,
        on_lines=stuck,
        on_status=col.on_status,
        max_batch=10,
        max_queue=50,
        batch_interval=0.01,
    )
    stream.start()
    try:
        wait_until(lambda: stream.local_dropped > 0)
        assert stream.local_dropped <= 2000
        assert _fake_hdc_processes(fake_tools)  # hdc has not ended: the count is live
        release.set()
        wait_until(lambda: stream.lines_received + stream.local_dropped == 2000)
        assert stream.restarts == 0 and _fake_hdc_processes(fake_tools)
        live = stream.local_dropped
        assert live > 0 and len(col.lines) == 2000 - live
    finally:
        release.set()
        stream.stop()
    assert stream.local_dropped == live  # the ended process is not counted twice


def test_hdc_failure_mid_stream_is_not_a_log_line(fake_tools: FakeTools, tmp_path: Path) -> None:
    src = tmp_path / "hilog.txt"
    src.write_text(
        "04-19 17:02:14.735  5394  5394 I A03200/testTag: before\n"
        "[Fail][E002106] Failed to communicate with daemon\n",
        encoding="utf-8",
    )
    fake_tools.set("FAKE_HILOG_FILE", str(src))
    fake_tools.set("FAKE_HILOG_FOLLOW", "0")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: stream.restarts >= 1 and stream.replayed >= 1)
    finally:
        stream.stop()
    # the restart prints the same line again: skipped as a replay
    assert [x.message for x in col.lines] == ["before"]
    assert RESTARTING in col.states()  # the device is still listed: restart


def test_stream_reports_unknown_device(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("no-device")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: DEVICE_GONE in col.states())
    finally:
        stream.stop()
    assert col.lines == []  # the [Fail] text is a status, not a log line
    assert CONNECTED not in col.states()


def test_stream_reports_server_failure(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("connect-server-failed")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: ERROR in col.states())
    finally:
        stream.stop()
    err = next(s for s in col.statuses if s.state == ERROR)
    assert err.fix and "server" in err.message
    assert col.lines == []


def test_stream_non_utf8_bytes(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("one-device", "non-utf8")
    fake_tools.set("FAKE_HILOG_LINES", "6")
    fake_tools.set("FAKE_HILOG_FOLLOW", "0")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: any("\ufffd" in x.message and x.kind == "log" for x in col.lines))
    finally:
        stream.stop()
    bad = next(x for x in col.lines if x.kind == "log" and "\ufffd" in x.message)
    assert bad.tag == "testTag" and bad.message == "bad \ufffd\ufffd bytes"


def test_stream_missing_hdc_is_an_error_status(tmp_path: Path) -> None:
    col = Collector()
    stream = HilogStream(
        str(tmp_path / "no-such-hdc"),
        FAKE_HDC_KEY,
        on_lines=col.on_lines,
        on_status=col.on_status,
        backoff=(0.1,),
    )
    stream.start()
    try:
        wait_until(lambda: ERROR in col.states())
    finally:
        stream.stop()
    err = next(s for s in col.statuses if s.state == ERROR)
    assert "could not start" in err.message and err.fix


def test_stream_survives_a_failing_callback(fake_tools: FakeTools) -> None:
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.01")
    calls = []

    def boom(lines: list[HilogLine]) -> None:
        calls.append(len(lines))
        raise RuntimeError("consumer bug")

    stream = HilogStream(str(fake_tools.hdc), FAKE_HDC_KEY, on_lines=boom, ring=HilogRing(100))
    with stream:
        wait_until(lambda: len(calls) >= 3)
        assert stream.running


def _list_calls(fake_tools: FakeTools) -> int:
    """How many times hdc was asked to list the devices (logged as each call starts)."""
    return sum(1 for c in fake_tools.calls("hdc") if c["argv"][:2] == ["list", "targets"])


def _fake_hdc_processes(fake_tools: FakeTools) -> list[str]:
    """Live processes started with this test's fake tools (their env names our call log)."""
    if not os.path.isdir("/proc"):
        return []
    marker = f"FAKE_TOOLS_LOG={fake_tools.log}".encode()
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if marker in environ.split(b"\0") and state not in ("Z", "X"):
            out.append(cmd)
    return out


# --------------------------------------------------------------------------- dump / clear


def test_dump_reads_the_buffer_once(fake_tools: FakeTools) -> None:
    fake_tools.set("FAKE_HILOG_LINES", "11")
    seen: list[HilogLine] = []
    result = dump(str(fake_tools.hdc), FAKE_HDC_KEY, on_line=seen.append)
    assert result.ok and result.failure is None
    assert len(result.lines) == 11 and seen == result.lines
    assert result.result is not None and result.result.argv[-1] == "-x"
    assert lines_text(result.lines).count("\n") == 11
    assert result.lines[6].cont  # multi-line sample
    tail = dump(str(fake_tools.hdc), FAKE_HDC_KEY, tail=5)
    assert tail.result is not None and tail.result.argv[-3:] == ["-x", "-z", "5"]
    assert len(tail.lines) == 5 and tail.lines[-1].raw == result.lines[-1].raw


def test_dump_reports_hdc_failures(fake_tools: FakeTools) -> None:
    result = dump(str(fake_tools.hdc), "NOSUCHKEY")
    assert not result.ok and result.failure is not None
    assert result.failure.kind == "no-device" and result.lines == []
    fake_tools.hdc_scenario("connect-server-failed")
    result = dump(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert result.failure is not None and result.failure.kind == "server"


def test_clear_buffer_judged_by_text(fake_tools: FakeTools) -> None:
    ok = clear_buffer(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert ok.ok and "cleared" in ok.message
    assert any(c["argv"][-2:] == ["hilog", "-r"] for c in fake_tools.calls("hdc"))
    bad = clear_buffer(str(fake_tools.hdc), "NOSUCHKEY")  # hdc exits 0 here too
    assert not bad.ok and bad.kind == "no-device"
    fake_tools.hdc_scenario("daemon-broken")
    assert not clear_buffer(str(fake_tools.hdc), FAKE_HDC_KEY).ok

"""HilogRing (bounded, seq numbers, counts), HilogStream over the fake hdc, dump, clear, CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hmdesk.core.cli import main as cli_main
from hmdesk.core.toolchain import hdc as hdc_mod
from hmdesk.core.toolchain.hilog import (
    CONNECTED,
    DEVICE_GONE,
    DROPPED,
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
    parse_line,
    parse_lines,
)

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def _line(i: int, tag: str = "t") -> HilogLine:
    return parse_line(f"04-19 17:02:14.735  {i:5d}  {i:5d} I A03200/{tag}: message {i}")


def wait_until(cond: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.02)
    raise AssertionError("condition not met in time")


# --------------------------------------------------------------------------- ring


def test_ring_sequence_numbers_and_since() -> None:
    ring = HilogRing(capacity=10)
    assert ring.next_seq == 0 and ring.first_seq == 0 and len(ring) == 0
    assert ring.extend([_line(i) for i in range(4)]) == 0
    assert ring.extend([_line(i) for i in range(4, 7)]) == 4
    assert ring.append(_line(7)) == 7
    assert len(ring) == 8 and ring.next_seq == 8
    got = ring.since(5)
    assert got.first_seq == 5 and [x.pid for x in got.lines] == [5, 6, 7] and got.missed == 0
    assert got.next_seq == 8
    assert ring.since(8).lines == [] and ring.since(8).first_seq == 8
    assert ring.since(100).lines == [] and ring.since(100).first_seq == 8
    assert [x.pid for x in ring.since(0, limit=2).lines] == [0, 1]
    assert [x.pid for x in ring.since(6, limit=5).lines] == [6, 7]
    assert ring.get(3) is not None and ring.get(3).pid == 3  # type: ignore[union-attr]
    assert ring.get(8) is None


def test_ring_evicts_oldest_and_counts() -> None:
    ring = HilogRing(capacity=5)
    ring.extend([_line(i) for i in range(3)])
    ring.extend([_line(i) for i in range(3, 8)])
    assert len(ring) == 5 and ring.evicted == 3 and ring.received == 8
    assert ring.first_seq == 3
    got = ring.since(1)
    assert got.missed == 2 and got.first_seq == 3 and [x.pid for x in got.lines] == [3, 4, 5, 6, 7]
    # a batch bigger than the ring keeps its newest lines
    ring.extend([_line(i) for i in range(100, 112)])
    assert [x.pid for x in ring.snapshot().lines] == [107, 108, 109, 110, 111]
    assert ring.evicted == 3 + 5 + 7 and ring.received == 20
    assert ring.snapshot().first_seq == 15
    # seq continues across clear()
    ring.clear()
    assert len(ring) == 0 and ring.cleared == 5 and ring.first_seq == 20
    assert ring.extend([_line(1)]) == 20
    assert ring.stats()["held"] == 1


def test_ring_reads_from_either_end_agree() -> None:
    ring = HilogRing(capacity=1000)
    ring.extend([_line(i) for i in range(1000)])
    for start, limit in [(0, 10), (10, 5), (500, 1), (900, None), (995, 3), (3, 990)]:
        got = ring.since(start, limit)
        want = list(range(start, 1000 if limit is None else start + limit))
        assert [x.pid for x in got.lines] == want


def test_ring_counts_device_drops_and_seen_tags() -> None:
    ring = HilogRing()
    lines = parse_lines(
        [
            "04-19 17:02:15.001  5394  5394 W A00000/LOGLIMIT: ==LOGS OVER PROC QUOTA, 12 DROPPED==",
            "04-19 17:02:34.219   512   530 W C00000/LOGLIMITD: 57 line(s) dropped!",
            "11-15 15:51:02.087  2823  2823 I A01B05/com.ohos.sceneboard/AOD: x",
            "11-15 15:51:02.088  2823  2823 I A01B05/com.ohos.sceneboard/AOD: y",
            "garbage",
        ]
    )
    ring.extend(lines)
    assert ring.device_dropped == 69 and ring.drop_markers == 2
    assert ring.tags() == ["AOD", "LOGLIMIT", "LOGLIMITD"]
    assert ring.processes() == ["com.ohos.sceneboard"]
    assert lines[0].kind == DROPPED


def test_ring_thread_safe_appends() -> None:
    ring = HilogRing(capacity=50_000)
    batch = [_line(i) for i in range(100)]

    def writer() -> None:
        for _ in range(100):
            ring.extend(batch)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for t in threads:
        t.start()
    seen = 0
    while any(t.is_alive() for t in threads):
        got = ring.since(seen)
        seen = got.next_seq
    for t in threads:
        t.join()
    assert ring.received == 40_000 and len(ring) == 40_000 and ring.evicted == 0
    assert ring.since(seen).next_seq == 40_000


def test_ring_rejects_zero_capacity() -> None:
    with pytest.raises(ValueError):
        HilogRing(0)


# --------------------------------------------------------------------------- stream


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


def test_stream_restarts_when_stream_ends_but_device_is_listed(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("one-device", "vanish-mid-hilog")
    fake_tools.set("FAKE_HILOG_LINES", "5")
    col = Collector()
    stream = _stream(fake_tools, col)
    stream.start()
    try:
        wait_until(lambda: stream.restarts >= 2 and len(col.lines) >= 15)
    finally:
        stream.stop()
    states = col.states()
    assert states[0] == "starting" and CONNECTED in states and RESTARTING in states
    assert DEVICE_GONE not in states
    assert len(col.lines) >= 15  # three runs of five lines
    restarting = [s for s in col.statuses if s.state == RESTARTING]
    assert restarting[0].restarts == 1 and "restarting" in restarting[0].message


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
        time.sleep(0.3)
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
    time.sleep(0.3)  # now inside device_listed()
    t0 = time.monotonic()
    stream.stop()
    assert time.monotonic() - t0 < 5
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
        wait_until(lambda: stream.restarts >= 1 and len(col.lines) >= 2)
    finally:
        stream.stop()
    assert all(x.message == "before" for x in col.lines)
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


# --------------------------------------------------------------------------- CLI


def test_cli_logs_dump_prints_lines_exactly(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = (
        b"04-19 17:02:14.735  5394  5394 I A03200/ArkUI: keep me   \n"
        b"04-19 17:02:14.736  5394  5394 W A03200/ArkUI: heartbeat\n"
        b"04-19 17:02:14.737  5394  5394 E A03200/ArkUI: Error message: x\n"
        b"04-19 17:02:14.737  5394  5394 E A03200/ArkUI:     at f (a.ets:1:2)\n"
        b"04-19 17:02:14.738  5394  5394 E A03200/Other: caf\xe9\n"
        b"odd raw line\n"
    )
    src = tmp_path / "hilog.txt"
    src.write_bytes(raw)
    fake_tools.set("FAKE_HILOG_FILE", str(src))
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump"]) == 0
    out = capsys.readouterr().out
    assert out == raw.decode("utf-8", errors="replace")
    assert (
        cli_main(
            [
                "logs",
                "--device",
                FAKE_HDC_KEY,
                "--dump",
                "--query",
                "tag:ArkUI level:W -message:heartbeat",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "04-19 17:02:14.737  5394  5394 E A03200/ArkUI: Error message: x",
        "04-19 17:02:14.737  5394  5394 E A03200/ArkUI:     at f (a.ets:1:2)",
    ]
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump", "--json", "-q", "tag=:Other"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(rows) == 1 and rows[0]["tag"] == "Other" and rows[0]["message"] == "caf\ufffd"


def test_cli_logs_fallback_note_goes_to_stderr(
    fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.set("FAKE_HILOG_LINES", "11")
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump", "--query", "tag~:("]) == 0
    cap = capsys.readouterr()
    assert cap.out == ""
    assert "plain text" in cap.err and "bad regex" in cap.err


def test_cli_logs_errors(fake_tools: FakeTools, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["logs", "--device", "NOSUCHKEY", "--dump"]) == 1
    err = capsys.readouterr().err
    assert "Not match target" in err and "hdc list targets" in err
    assert cli_main(["logs", "--device", "bad key;reboot", "--dump"]) == 2
    assert cli_main(["logs", "--device", FAKE_HDC_KEY, "--dump", "--tail", "0"]) == 2


def test_cli_logs_streams_until_interrupted(fake_tools: FakeTools) -> None:
    env = dict(os.environ)
    env["FAKE_HILOG_LINES"] = "11"
    env["FAKE_HILOG_INTERVAL"] = "0.01"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hmdesk.core.cli",
            "logs",
            "--device",
            FAKE_HDC_KEY,
            "-q",
            "is:dropped",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        second = proc.stdout.readline()
        assert "LOGLIMIT" in first and "LOGLIMIT" in second
        proc.send_signal(2)  # Ctrl+C
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert "connected" in err
    assert all("LOGLIMIT" in line for line in out.splitlines())

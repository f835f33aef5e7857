"""The process runner: streaming order, line ends, decoding, caps, timeout, cancel, no orphans."""

from __future__ import annotations

import os
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from hmdesk.core.toolchain.process import (
    CancelToken,
    LineProcess,
    LineSplitter,
    run_streaming,
)
from hypothesis import given
from hypothesis import strategies as st

from tests.fixtures.waiting import poll_until

PY = sys.executable
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="process groups are POSIX here")


def py(code: str) -> list[str]:
    return [PY, "-c", textwrap.dedent(code)]


def pid_exists(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        return state not in ("Z", "X")
    return True


def wait_gone(pid: int, timeout: float = 5.0) -> bool:
    return poll_until(lambda: not pid_exists(pid), timeout)


# --------------------------------------------------------------------------- LineSplitter


def test_splitter_line_ends_and_split_crlf() -> None:
    s = LineSplitter()
    assert s.feed(b"a\nb\r\nc\rd") == ["a", "b", "c"]
    assert s.feed(b"\r") == ["d"]
    # the \n of a \r\n split across reads does not make an empty line
    assert s.feed(b"\ne\n\n") == ["e", ""]
    assert s.finish() == []


def test_splitter_utf8_split_across_reads_and_invalid_bytes() -> None:
    s = LineSplitter()
    data = "构建失败\n".encode()
    out: list[str] = []
    for i in range(len(data)):
        out += s.feed(data[i : i + 1])
    assert out == ["构建失败"]
    assert s.feed(b"bad \xff\xfe bytes\n") == ["bad \ufffd\ufffd bytes"]
    assert s.feed(b"tail \xe6\x9e") == []
    assert s.finish() == ["tail \ufffd"]


def test_splitter_caps_a_long_line_and_counts_the_rest() -> None:
    s = LineSplitter(max_line=10)
    assert s.feed(b"x" * 7) == []
    assert s.feed(b"y" * 8 + b"\nshort\n") == ["xxxxxxxyyy", "short"]
    assert s.stats.truncated_lines == 1
    assert s.stats.dropped_chars == 5
    assert s.stats.lines == 2


# --------------------------------------------------------------------------- run_streaming


def test_streams_lines_as_they_come_in_order() -> None:
    seen: list[tuple[str, str, float]] = []
    code = """
        import sys, time
        for i in range(3):
            print(f"out {i}", flush=True)
            print(f"err {i}", file=sys.stderr, flush=True)
            time.sleep(0.15)  # sleep-ok: runs in the child process (a slow or hung tool)
    """
    start = time.monotonic()
    res = run_streaming(py(code), on_line=lambda s, t: seen.append((s, t, time.monotonic())))
    assert res.exit_code == 0 and res.ok
    assert [(s, t) for s, t, _ in seen if s == "stdout"] == [
        ("stdout", "out 0"),
        ("stdout", "out 1"),
        ("stdout", "out 2"),
    ]
    assert [t for s, t, _ in seen if s == "stderr"] == ["err 0", "err 1", "err 2"]
    # the first line arrived long before the process ended (streamed, not buffered)
    assert seen[0][2] - start < res.duration - 0.2
    assert res.lines == 6


def test_callback_runs_on_calling_thread() -> None:
    threads: set[int] = set()
    run_streaming(
        py("print('a'); print('b')"), on_line=lambda s, t: threads.add(threading.get_ident())
    )
    assert threads == {threading.get_ident()}


def test_exit_code_and_unterminated_last_line() -> None:
    lines: list[str] = []
    res = run_streaming(
        py("import sys; sys.stdout.write('no newline'); sys.exit(3)"),
        on_line=lambda s, t: lines.append(t),
    )
    assert res.exit_code == 3 and not res.ok
    assert lines == ["no newline"]


def test_missing_program_is_an_error_not_an_exception(tmp_path: Path) -> None:
    res = run_streaming([str(tmp_path / "nope")])
    assert res.exit_code is None
    assert res.error and "not found" in res.error


def test_non_utf8_output_is_replaced() -> None:
    lines: list[str] = []
    code = "import sys; sys.stdout.buffer.write(b'ok \\xff\\xfe\\x80 end\\r\\nnext\\n')"
    res = run_streaming(py(code), on_line=lambda s, t: lines.append(t))
    assert res.exit_code == 0
    assert lines == ["ok \ufffd\ufffd\ufffd end", "next"]


def test_one_megabyte_line_is_capped_and_counted() -> None:
    lines: list[str] = []
    code = "import sys; sys.stdout.write('z' * (1024 * 1024) + '\\nafter\\n')"
    res = run_streaming(py(code), on_line=lambda s, t: lines.append(t), max_line=64 * 1024)
    assert res.exit_code == 0
    assert [len(x) for x in lines] == [64 * 1024, 5]
    assert lines[1] == "after"
    assert res.truncated_lines == 1
    assert res.dropped_chars == 1024 * 1024 - 64 * 1024


def grandchild_script(pidfile: Path, ignore_term: bool = False) -> list[str]:
    return py(
        f"""
        import signal, subprocess, sys, time
        {"signal.signal(signal.SIGTERM, signal.SIG_IGN)" if ignore_term else ""}
        hung = "import time; time.sleep(600)"  # sleep-ok: a tool's hung helper process
        child = subprocess.Popen([sys.executable, "-c", hung])
        open({str(pidfile)!r}, "w").write(str(child.pid))
        print("started", flush=True)
        time.sleep(600)  # sleep-ok: runs in the child process (a slow or hung tool)
        """
    )


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@posix_only
def test_timeout_kills_the_whole_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    pids: list[int] = []
    res = run_streaming(
        grandchild_script(pidfile),
        timeout=1.0,
        on_line=lambda s, t: pids.append(1),
    )
    assert res.timed_out and not res.cancelled and not res.ok
    assert pids == [1]
    child = int(pidfile.read_text())
    assert wait_gone(child), "grandchild survived the timeout"
    assert res.duration < 4


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@posix_only
def test_cancel_kills_the_group_even_when_sigterm_is_ignored(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    token = CancelToken()

    def on_line(stream: str, text: str) -> None:
        if text == "started":
            threading.Timer(0.1, token.cancel).start()

    start = time.monotonic()
    res = run_streaming(
        grandchild_script(pidfile, ignore_term=True), cancel=token, on_line=on_line, kill_grace=0.5
    )
    assert res.cancelled and not res.timed_out
    assert time.monotonic() - start < 5  # hang guard: without the kill it blocks for minutes
    child = int(pidfile.read_text())
    assert wait_gone(child)


def test_cancel_before_start_does_not_run() -> None:
    token = CancelToken()
    token.cancel()
    res = run_streaming(py("print('x')"), cancel=token)
    assert res.cancelled and res.exit_code is None


def test_callback_exception_stops_process_and_propagates() -> None:
    def boom(stream: str, text: str) -> None:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        hung = "import time; print('x', flush=True); time.sleep(30)"  # sleep-ok: child process
        run_streaming(py(hung), on_line=boom)


def test_background_holder_of_pipes_does_not_hang_us(tmp_path: Path) -> None:
    # The main process exits at once but leaves a child holding stdout (like a daemon).
    code = """
        import subprocess, sys
        p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"])  # sleep-ok: runs in the child process (a slow or hung tool)
        print(p.pid, flush=True)
    """
    lines: list[str] = []
    res = run_streaming(py(code), on_line=lambda s, t: lines.append(t), eof_grace=0.3)
    assert res.exit_code == 0
    holder = int(lines[0])
    # we returned while the pipe holder still lives: run_streaming did not wait for its EOF
    assert pid_exists(holder)
    os.kill(holder, 9)


# --------------------------------------------------------------------------- LineProcess


def test_line_process_iterates_until_the_stream_ends() -> None:
    code = """
        import sys
        for i in range(5):
            print(f"line {i}", flush=True)
        print("oops", file=sys.stderr)
    """
    lp = LineProcess(py(code)).start()
    assert list(lp.lines()) == [f"line {i}" for i in range(5)]
    assert lp.wait(5) == 0
    assert lp.finished
    assert lp.stderr_tail == ["oops"]
    assert not lp.stopped


@posix_only
def test_line_process_stop_kills_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    lp = LineProcess(grandchild_script(pidfile), kill_grace=0.5)
    with lp:
        it = lp.lines()
        assert next(it) == "started"
        pid = lp.pid
    assert lp.stopped
    assert pid is not None and wait_gone(pid)
    assert wait_gone(int(pidfile.read_text()))
    assert list(it) == []


def test_line_process_read_available_and_drop_count() -> None:
    lp = LineProcess(py("for i in range(50): print(i)"), max_queue=10).start()
    lp.wait(5)
    assert lp.read_available(3) == ["0", "1", "2"]
    assert lp.read_available() == [str(i) for i in range(3, 10)]
    assert lp.dropped == 40
    lp.stop()


def test_line_process_missing_program_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        LineProcess([str(tmp_path / "nope")]).start()


@given(
    data=st.binary(max_size=400) | st.text(alphabet="ab\r\n构\ufffd", max_size=200).map(str.encode),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=12),
    cap=st.integers(min_value=1, max_value=50),
)
def test_splitter_chunking_never_changes_the_lines(data: bytes, cuts: list[int], cap: int) -> None:
    """However the bytes are cut into reads, the lines (and counts) are the same, never raising."""
    whole = LineSplitter(max_line=cap)
    expected = whole.feed(data) + whole.finish()
    pieces = sorted({c for c in cuts if c < len(data)})
    chunked = LineSplitter(max_line=cap)
    got: list[str] = []
    prev = 0
    for c in [*pieces, len(data)]:
        got += chunked.feed(data[prev:c])
        prev = c
    got += chunked.finish()
    assert got == expected
    assert all(len(line) <= cap for line in got)
    assert (chunked.stats.truncated_lines, chunked.stats.dropped_chars) == (
        whole.stats.truncated_lines,
        whole.stats.dropped_chars,
    )
    # every character is either delivered, counted as dropped, or a line end
    text = data.decode("utf-8", errors="replace")
    ends = text.count("\n") + text.count("\r")
    assert sum(map(len, got)) + whole.stats.dropped_chars == len(text) - ends


def test_pid_exists_is_false_for_an_unused_pid() -> None:
    assert not pid_exists(10**7)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_flooding_tool_waits_for_a_slow_consumer_instead_of_growing_memory(
    tmp_path: Path,
) -> None:
    done = tmp_path / "done"
    code = f"""
        import sys
        for i in range(200_000):
            sys.stdout.write(f"{{i}}\\n")
        sys.stdout.flush()
        open({str(done)!r}, "w").close()
    """
    seen: list[str] = []
    finished_while_blocked: list[bool] = []

    def on_line(_stream: str, text: str) -> None:
        if not seen:  # the consumer is stuck on its first line: the tool must wait on its pipe
            finished_while_blocked.append(poll_until(done.exists, timeout=1.0))
        seen.append(text)

    res = run_streaming(py(code), on_line=on_line, max_queued=1, timeout=60)
    assert finished_while_blocked == [False]  # the 1.3 MB were not all read into memory
    assert res.exit_code == 0 and len(seen) == 200_000 and seen[-1] == "199999"


def test_line_process_bounds_unconsumed_characters() -> None:
    lp = LineProcess(py("for i in range(50): print('x' * 99)"), max_queue_chars=1000).start()
    lp.wait(5)
    assert len(lp.read_available()) == 10
    assert lp.dropped == 40
    lp.stop()


@given(
    text=st.text(alphabet="ab\n构", max_size=300),
    cuts=st.lists(st.integers(min_value=0, max_value=900), max_size=12),
    cap=st.integers(min_value=1, max_value=40),
)
def test_splitter_newline_only_reads_match_a_plain_split(
    text: str, cuts: list[int], cap: int
) -> None:
    """The one-split path (\\n only) gives the lines and counts of splitting the whole text."""
    data = text.encode()
    lines = text.split("\n")
    last = lines.pop()
    originals = lines + ([last] if last else [])
    expected = [ln[:cap] for ln in originals]
    s = LineSplitter(max_line=cap)
    got: list[str] = []
    prev = 0
    for c in [*sorted({c for c in cuts if c < len(data)}), len(data)]:
        got += s.feed(data[prev:c])
        prev = c
    got += s.finish()
    assert got == expected
    assert s.stats.lines == len(expected)
    assert s.stats.truncated_lines == sum(len(ln) > cap for ln in originals)


def test_sink_queues_a_read_at_once_and_counts_what_does_not_fit() -> None:
    proc = LineProcess(["unused"], max_queue=3)
    proc._sink_lines("stdout", ["a", "b"])
    proc._sink_lines("stdout", ["c", "d", "e"])  # one fits, two are dropped and counted
    assert proc.read_available() == ["a", "b", "c"]
    assert proc.dropped == 2
    proc._sink_lines("stdout", ["f"])
    assert proc.read_available() == ["f"] and proc._queued_chars == 0

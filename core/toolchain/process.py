"""Running external tools: streamed lines, timeouts, cancel, and no orphans.

Two entry points:

* :func:`run_streaming` runs one command to completion (a pipeline step). Lines of stdout and
  stderr are delivered to ``on_line(stream, text)`` **on the calling thread**, in the order they
  arrived, while the process runs. It returns a :class:`ProcessResult`.
* :class:`LineProcess` is a long-lived stream (``hdc shell hilog``): ``start()``, then iterate
  ``lines()`` (or drain ``read_available()``), then ``stop()``.

How it behaves, for every command:

* argv lists only, ``shell=False``; stdin is ``/dev/null``.
* The child gets its own process group (POSIX ``start_new_session=True``; Windows
  ``CREATE_NEW_PROCESS_GROUP``), so a timeout or cancel reaches its children too: SIGTERM to
  the group, up to ``kill_grace`` seconds (default 2) for it to go, then SIGKILL to the group.
  On Windows: ``taskkill /T`` then ``taskkill /T /F`` (best effort).
* Output is read by one thread per pipe in raw chunks and decoded with an incremental UTF-8
  decoder (``errors="replace"``): a multi-byte character split across reads decodes correctly,
  invalid bytes become U+FFFD, nothing raises.
* Line ends: ``\\n``, ``\\r\\n`` and a bare ``\\r`` all end a line (Python's universal newlines).
  A progress bar that rewrites itself with ``\\r`` therefore yields one line per rewrite; nothing
  is lost and the last one is the final state. Empty lines are delivered as ``""``.
* A single line longer than ``max_line`` characters (default 64 KiB) is cut: the first
  ``max_line`` characters are delivered, the rest is counted (``ProcessResult.truncated_lines``
  / ``dropped_chars``), never stored.
* Memory does not grow with the output: ``run_streaming`` holds at most ``max_queued`` reads
  (the lines of up to 64 KiB of output each) not yet delivered (a tool that prints faster than ``on_line`` consumes waits on its pipe),
  and :class:`ProcessResult` keeps counts, never the text. What a caller keeps of the lines is
  its own bound (the pipeline's :class:`~hmdesk.core.toolchain.pipeline.bounded_log.BoundedLog`).
  :class:`LineProcess` holds at most ``max_queue`` lines and ``max_queue_chars`` characters.
* When the main process exits normally but something it started still holds the pipes open
  (a daemon), we wait ``eof_grace`` seconds for end of file and then stop reading; that
  background process is *not* killed (it may be the shared hdc server).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import IO, Literal

Stream = Literal["stdout", "stderr"]
LineCallback = Callable[[Stream, str], None]

DEFAULT_MAX_LINE = 64 * 1024
DEFAULT_KILL_GRACE = 2.0
DEFAULT_EOF_GRACE = 1.0
DEFAULT_MAX_QUEUED = 4  # reads (≤ 64 KiB of lines each) not yet delivered to on_line
_CHUNK = 64 * 1024
_IS_WINDOWS = sys.platform == "win32"


def _now() -> datetime:
    return datetime.now(UTC)


class CancelToken:
    """Set once to ask a running step (or a whole pipeline) to stop. Thread-safe."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], None]] = []

    def cancel(self) -> None:
        with self._lock:
            if self._event.is_set():
                return
            self._event.set()
            callbacks = list(self._callbacks)
        for cb in callbacks:
            with contextlib.suppress(Exception):
                cb()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._event.wait(timeout)

    def on_cancel(self, cb: Callable[[], None]) -> Callable[[], None]:
        """Call ``cb`` (once) when cancelled; at once if already cancelled. Returns unsubscribe."""
        with self._lock:
            if not self._event.is_set():
                self._callbacks.append(cb)

                def remove() -> None:
                    with self._lock, contextlib.suppress(ValueError):
                        self._callbacks.remove(cb)

                return remove
        cb()
        return lambda: None


@dataclass
class ProcessResult:
    argv: list[str]
    exit_code: int | None  # None when the process could not be started
    timed_out: bool
    cancelled: bool
    started_at: datetime
    ended_at: datetime
    error: str | None = None  # could not start: what happened and what to do
    truncated_lines: int = 0
    dropped_chars: int = 0
    lines: int = 0

    @property
    def duration(self) -> float:
        return (self.ended_at - self.started_at).total_seconds()

    @property
    def ok(self) -> bool:
        """Exit code 0 and not stopped. Never enough on its own for hdc: classify the text."""
        return self.exit_code == 0 and not self.timed_out and not self.cancelled and not self.error


# --------------------------------------------------------------------------- line splitting


@dataclass
class LineStats:
    lines: int = 0
    truncated_lines: int = 0
    dropped_chars: int = 0


class LineSplitter:
    """Incremental bytes → lines: UTF-8 with replacement, ``\\n`` / ``\\r\\n`` / ``\\r``, a cap.

    ``feed(bytes)`` returns the completed lines; ``finish()`` returns the last unterminated line
    (if any). Pure and single-threaded; one per stream.
    """

    def __init__(self, max_line: int = DEFAULT_MAX_LINE, stats: LineStats | None = None) -> None:
        if max_line < 1:
            raise ValueError("max_line must be at least 1")
        self.max_line = max_line
        self.stats = stats if stats is not None else LineStats()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._parts: list[str] = []
        self._len = 0
        self._over = 0  # characters beyond max_line in the current line
        self._pending_cr = False

    def _append(self, text: str) -> None:
        if not text:
            return
        room = self.max_line - self._len
        if room > 0:
            kept = text[:room]
            self._parts.append(kept)
            self._len += len(kept)
            self._over += len(text) - len(kept)
        else:
            self._over += len(text)

    def _end_line(self, out: list[str]) -> None:
        line = "".join(self._parts)
        self._parts = []
        self._len = 0
        if self._over:
            self.stats.truncated_lines += 1
            self.stats.dropped_chars += self._over
            self._over = 0
        self.stats.lines += 1
        out.append(line)

    def feed(self, data: bytes) -> list[str]:
        return self._feed_text(self._decoder.decode(data))

    def _feed_text(self, text: str) -> list[str]:
        out: list[str] = []
        if not text:
            return out
        if not self._over and not self._pending_cr and "\r" not in text:
            # the common case (\n only, no line over the cap): one split, no loop per line
            parts = text.split("\n")
            if len(parts) > 1:
                rest = parts.pop()
                if self._parts:  # the line the last read left open
                    parts[0] = "".join(self._parts) + parts[0]
                if max(map(len, parts)) <= self.max_line:
                    self._parts = []
                    self._len = 0
                    self.stats.lines += len(parts)
                    self._append(rest)
                    return parts
        i = 0
        n = len(text)
        if self._pending_cr:
            self._pending_cr = False
            if text[0] == "\n":
                i = 1  # the \n of a \r\n split across reads: the line already ended
        while i < n:
            nl = text.find("\n", i)
            cr = text.find("\r", i)
            if nl < 0 and cr < 0:
                self._append(text[i:])
                break
            if cr < 0 or (0 <= nl < cr):
                self._append(text[i:nl])
                self._end_line(out)
                i = nl + 1
                continue
            # a \r at position cr
            self._append(text[i:cr])
            self._end_line(out)
            if cr + 1 < n:
                i = cr + 2 if text[cr + 1] == "\n" else cr + 1
            else:
                self._pending_cr = True
                i = n
        return out

    def finish(self) -> list[str]:
        out = self._feed_text(self._decoder.decode(b"", final=True))
        if self._parts or self._over:
            self._end_line(out)
        return out


# --------------------------------------------------------------------------- spawning & killing


def _popen(
    argv: Sequence[str],
    cwd: str | os.PathLike[str] | None,
    env: Mapping[str, str] | None,
    stderr_to_stdout: bool = False,
) -> subprocess.Popen[bytes]:
    kwargs: dict[str, object] = {}
    if _IS_WINDOWS:
        kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) | getattr(
            subprocess, "CREATE_NO_WINDOW", 0
        )
    else:
        kwargs["start_new_session"] = True
    return subprocess.Popen(
        list(argv),
        cwd=cwd,
        env=dict(env) if env is not None else None,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if stderr_to_stdout else subprocess.PIPE,
        shell=False,
        bufsize=0,
        **kwargs,  # type: ignore[call-overload]
    )


def _group_alive(pgid: int) -> bool:
    """Does process group ``pgid`` still have a live (non-zombie) member?

    ``killpg(pgid, 0)`` also succeeds for zombies that nobody has reaped yet (a container's
    PID 1 may reap late), so on Linux the members' states are read from ``/proc``.
    """
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    if not os.path.isdir("/proc/self"):
        return True
    try:
        entries = os.listdir("/proc")
    except OSError:
        return True
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat.rpartition(b")")[2].split()
        if len(fields) >= 3 and fields[2] == str(pgid).encode() and fields[0] not in (b"Z", b"X"):
            return True
    return False


def _signal_group(proc: subprocess.Popen[bytes], sig: int) -> None:
    if _IS_WINDOWS:  # pragma: no cover - exercised on Windows only
        force = ["/F"] if sig == getattr(signal, "SIGKILL", 9) else []
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(
                ["taskkill", "/T", *force, "/PID", str(proc.pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=10,
                check=False,
            )
        if force:
            with contextlib.suppress(OSError):
                proc.kill()
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, sig)


def kill_process_group(proc: subprocess.Popen[bytes], grace: float = DEFAULT_KILL_GRACE) -> None:
    """SIGTERM the child's group, wait up to ``grace`` s for all of it to go, then SIGKILL it.

    Returns after the child itself has been reaped.
    """
    _signal_group(proc, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if proc.poll() is not None and (_IS_WINDOWS or not _group_alive(proc.pid)):
            break
        time.sleep(0.02)
    else:
        _signal_group(proc, getattr(signal, "SIGKILL", signal.SIGTERM))
    # Whatever is left of the group (a grandchild that ignored SIGTERM while the child exited).
    if not _IS_WINDOWS and _group_alive(proc.pid):
        _signal_group(proc, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


def _reader(
    pipe: IO[bytes],
    stream: Stream,
    splitter: LineSplitter,
    sink: Callable[[Stream, list[str]], None],
    done: Callable[[Stream], None],
) -> None:
    """Read ``pipe`` to its end; ``sink`` gets the lines of each read (one list per read)."""
    try:
        while True:
            try:
                data = pipe.read(_CHUNK)
            except (OSError, ValueError):
                break
            if not data:
                break
            lines = splitter.feed(data)
            if lines:
                sink(stream, lines)
        last = splitter.finish()
        if last:
            sink(stream, last)
    finally:
        with contextlib.suppress(OSError):
            pipe.close()
        done(stream)


def _start_error(argv: Sequence[str], exc: OSError) -> str:
    prog = argv[0] if argv else "(empty argv)"
    if isinstance(exc, FileNotFoundError):
        return (
            f"{prog} was not found. Install it or set its path (HMDESK_HDC / HMDESK_HVIGORW, "
            "or the tool paths in the settings)."
        )
    if isinstance(exc, PermissionError):
        return f"{prog} could not be run (permission denied). Make it executable (chmod +x)."
    return f"{prog} could not be started: {exc.strerror or exc}."


# --------------------------------------------------------------------------- run_streaming

_EOF = object()


def run_streaming(
    argv: Sequence[str],
    *,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    on_line: LineCallback | None = None,
    cancel: CancelToken | None = None,
    max_line: int = DEFAULT_MAX_LINE,
    kill_grace: float = DEFAULT_KILL_GRACE,
    eof_grace: float = DEFAULT_EOF_GRACE,
    max_queued: int = DEFAULT_MAX_QUEUED,
) -> ProcessResult:
    """Run ``argv`` to completion, streaming its lines to ``on_line`` on this thread.

    Never raises for a process problem: a program that cannot start gives ``exit_code=None``
    and ``error``; a timeout or cancel kills the whole process group and sets ``timed_out`` /
    ``cancelled`` (``exit_code`` is then the signal's negative number on POSIX).
    """
    argv = [os.fspath(a) for a in argv]
    started = _now()
    if cancel is not None and cancel.cancelled:
        return ProcessResult(argv, None, False, True, started, _now(), None)
    try:
        proc = _popen(argv, cwd, env)
    except OSError as exc:
        return ProcessResult(argv, None, False, False, started, _now(), _start_error(argv, exc))

    stats = LineStats()
    # Bounded: a tool that prints faster than ``on_line`` consumes waits on its pipe instead of
    # growing our memory (at most ``max_queued`` reads' lines; one read is ≤ _CHUNK bytes, and
    # a line cut at ``max_line`` characters is the only one that can span reads).
    events: queue.Queue[object] = queue.Queue(maxsize=max_queued)
    open_streams = {"stdout", "stderr"}
    wake = threading.Event()
    closing = threading.Event()  # the loop stopped reading: readers drop what they still have

    def put(item: object) -> None:
        while not closing.is_set():
            try:
                events.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def sink(stream: Stream, lines: list[str]) -> None:
        put((stream, lines))

    def done(stream: Stream) -> None:
        put((_EOF, stream))

    def on_cancel() -> None:  # may run in a signal handler on this thread: never block
        with contextlib.suppress(queue.Full):
            events.put_nowait(wake)

    unsubscribe: Callable[[], None] = lambda: None  # noqa: E731
    if cancel is not None:
        unsubscribe = cancel.on_cancel(on_cancel)

    assert proc.stdout is not None and proc.stderr is not None
    threads = [
        threading.Thread(
            target=_reader,
            args=(proc.stdout, "stdout", LineSplitter(max_line, stats), sink, done),
            name="hmdesk-stdout",
            daemon=True,
        ),
        threading.Thread(
            target=_reader,
            args=(proc.stderr, "stderr", LineSplitter(max_line, stats), sink, done),
            name="hmdesk-stderr",
            daemon=True,
        ),
    ]
    for t in threads:
        t.start()

    deadline = time.monotonic() + timeout if timeout is not None else None
    timed_out = False
    cancelled = False
    killed = False
    exited_at: float | None = None
    callback_error: BaseException | None = None

    def deliver(item: object) -> None:
        nonlocal callback_error
        if isinstance(item, tuple):
            if item[0] is _EOF:
                open_streams.discard(item[1])
                return
            if on_line is not None and callback_error is None:
                stream, lines = item
                try:
                    for line in lines:
                        on_line(stream, line)
                except BaseException as exc:  # noqa: BLE001 - stop the process, re-raise after cleanup
                    callback_error = exc

    try:
        while open_streams or (proc.poll() is None and not killed):
            now = time.monotonic()
            wait = 0.05
            if deadline is not None:
                wait = max(0.0, min(wait, deadline - now))
            if open_streams:
                try:
                    item = events.get(timeout=wait)
                except queue.Empty:
                    item = None
                if item is not None:
                    deliver(item)
            else:
                # Output is complete; wait for the exit itself (cancel/timeout still apply).
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=wait)
            if killed:
                if not open_streams:
                    break
                # Children are dead; pipes close at once. Guard against a stuck holder.
                if exited_at is not None and time.monotonic() - exited_at > eof_grace + 5:
                    break
                continue
            stop = False
            if callback_error is not None:
                stop = True
            elif cancel is not None and cancel.cancelled:
                cancelled = stop = True
            elif deadline is not None and time.monotonic() >= deadline:
                timed_out = stop = True
            if stop:
                kill_process_group(proc, kill_grace)
                killed = True
                exited_at = time.monotonic()
                continue
            if proc.poll() is not None:
                if exited_at is None:
                    exited_at = time.monotonic()
                elif open_streams and time.monotonic() - exited_at > eof_grace:
                    break  # a background process holds our pipes; stop reading
        # Drain whatever is already queued (readers still running stop queueing first).
        closing.set()
        while True:
            try:
                item = events.get_nowait()
            except queue.Empty:
                break
            deliver(item)
    finally:
        closing.set()
        unsubscribe()
        if proc.poll() is None:
            kill_process_group(proc, kill_grace)
    if callback_error is not None:
        raise callback_error
    exit_code = proc.wait()
    return ProcessResult(
        argv=argv,
        exit_code=exit_code,
        timed_out=timed_out,
        cancelled=cancelled,
        started_at=started,
        ended_at=_now(),
        error=None,
        truncated_lines=stats.truncated_lines,
        dropped_chars=stats.dropped_chars,
        lines=stats.lines,
    )


# --------------------------------------------------------------------------- LineProcess


@dataclass
class _LPState:
    stderr_tail: deque[str] = field(default_factory=lambda: deque(maxlen=50))
    dropped: int = 0


class LineProcess:
    """A long-running command whose stdout lines you consume (``hdc shell hilog``).

    ``start()`` spawns it (raises ``OSError`` if it cannot start); ``lines()`` blocks and yields
    each stdout line (str) until the process has ended and everything it printed is consumed;
    ``read_available()`` returns what is there now without blocking; ``stop()`` terminates the
    process group (SIGTERM, then SIGKILL after ``kill_grace``) and is safe to call twice.

    stderr is kept apart: its last 50 lines are in ``stderr_tail`` (for a message such as
    ``Connect server failed``), unless ``merge_stderr=True`` puts them in the line stream.
    Optionally ``on_line(stream, text)`` is called on the reader threads for every line.
    At most ``max_queue`` unconsumed lines (``max_queue_chars`` characters) are held; beyond that new lines are counted in
    ``dropped`` and discarded (the consumer is too slow).
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        on_line: LineCallback | None = None,
        merge_stderr: bool = False,
        max_line: int = DEFAULT_MAX_LINE,
        max_queue: int = 200_000,
        kill_grace: float = DEFAULT_KILL_GRACE,
        max_queue_chars: int = 64 * 1024 * 1024,
    ) -> None:
        self.argv = [os.fspath(a) for a in argv]
        self.cwd = cwd
        self.env = env
        self.on_line = on_line
        self.merge_stderr = merge_stderr
        self.max_line = max_line
        self.max_queue = max_queue
        self.max_queue_chars = max_queue_chars
        self._queued_chars = 0
        self.kill_grace = kill_grace
        self.stats = LineStats()
        self._state = _LPState()
        self._queue: deque[str] = deque()
        self._cond = threading.Condition()
        self._open = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._threads: list[threading.Thread] = []
        self._stopped = False
        self.started_at: datetime | None = None
        self.ended_at: datetime | None = None

    # -- lifecycle
    def start(self) -> LineProcess:
        if self._proc is not None:
            raise RuntimeError("LineProcess already started")
        self._proc = _popen(self.argv, self.cwd, self.env, stderr_to_stdout=self.merge_stderr)
        self.started_at = _now()
        pipes: list[tuple[IO[bytes], Stream]] = []
        assert self._proc.stdout is not None
        pipes.append((self._proc.stdout, "stdout"))
        if not self.merge_stderr:
            assert self._proc.stderr is not None
            pipes.append((self._proc.stderr, "stderr"))
        self._open = len(pipes)
        for pipe, name in pipes:
            t = threading.Thread(
                target=_reader,
                args=(
                    pipe,
                    name,
                    LineSplitter(self.max_line, self.stats),
                    self._sink_lines,
                    self._done,
                ),
                name=f"hmdesk-lineprocess-{name}",
                daemon=True,
            )
            self._threads.append(t)
            t.start()
        return self

    def _sink_lines(self, stream: Stream, lines: list[str]) -> None:
        if self.on_line is not None or stream == "stderr":
            for text in lines:
                self._sink(stream, text)
            return
        # the lines of one read under one lock and one wake-up (a 50k lines/s stream: the
        # reader took the lock and woke the consumer per line, a fifth of a core)
        with self._cond:
            room = self.max_queue - len(self._queue)
            chars = sum(map(len, lines))
            if room >= len(lines) and self._queued_chars + chars <= self.max_queue_chars:
                self._queue.extend(lines)
                self._queued_chars += chars
            else:
                for text in lines:
                    if (
                        len(self._queue) >= self.max_queue
                        or self._queued_chars + len(text) > self.max_queue_chars
                    ):
                        self._state.dropped += 1
                        continue
                    self._queue.append(text)
                    self._queued_chars += len(text)
            self._cond.notify_all()

    def _sink(self, stream: Stream, text: str) -> None:
        if self.on_line is not None:
            with contextlib.suppress(Exception):
                self.on_line(stream, text)
        if stream == "stderr":
            self._state.stderr_tail.append(text)
            return
        with self._cond:
            if (
                len(self._queue) >= self.max_queue
                or self._queued_chars + len(text) > self.max_queue_chars
            ):
                self._state.dropped += 1
                return
            self._queue.append(text)
            self._queued_chars += len(text)
            self._cond.notify_all()

    def _done(self, _stream: Stream) -> None:
        with self._cond:
            self._open -= 1
            self._cond.notify_all()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def finished(self) -> bool:
        """The process ended and every line it printed has been read off the pipes."""
        with self._cond:
            return self._proc is not None and self._open == 0 and self._proc.poll() is not None

    @property
    def exit_code(self) -> int | None:
        return self._proc.poll() if self._proc is not None else None

    @property
    def dropped(self) -> int:
        return self._state.dropped

    @property
    def stderr_tail(self) -> list[str]:
        return list(self._state.stderr_tail)

    @property
    def stopped(self) -> bool:
        """``stop()`` was called (the stream did not just end)."""
        return self._stopped

    # -- consuming
    def read_available(self, max_lines: int | None = None) -> list[str]:
        with self._cond:
            if max_lines is None or max_lines >= len(self._queue):
                out = list(self._queue)
                self._queue.clear()
            else:
                out = [self._queue.popleft() for _ in range(max_lines)]
            self._queued_chars -= sum(len(line) for line in out)
            return out

    def lines(self, poll: float = 0.1) -> Iterator[str]:
        """Yield stdout lines as they come; ends when the stream ended (or stop() was called)."""
        while True:
            with self._cond:
                while not self._queue:
                    if self._open == 0 or self._proc is None:
                        return
                    self._cond.wait(poll)
                line = self._queue.popleft()
                self._queued_chars -= len(line)
            yield line

    def wait(self, timeout: float | None = None) -> int | None:
        """Wait for the process to end; returns its exit code (None on timeout)."""
        if self._proc is None:
            return None
        try:
            code = self._proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        for t in self._threads:
            t.join(timeout=1.0)
        if self.ended_at is None:
            self.ended_at = _now()
        return code

    def stop(self) -> int | None:
        """Terminate the whole process group (then kill it); returns the exit code."""
        self._stopped = True
        proc = self._proc
        if proc is None:
            return None
        if proc.poll() is None or (not _IS_WINDOWS and _group_alive(proc.pid)):
            kill_process_group(proc, self.kill_grace)
        for t in self._threads:
            t.join(timeout=2.0)
        if self.ended_at is None:
            self.ended_at = _now()
        with self._cond:
            self._cond.notify_all()
        return proc.poll()

    def __enter__(self) -> LineProcess:
        if self._proc is None:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

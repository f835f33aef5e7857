"""Live hilog: a self-restarting stream into a ring of parsed lines (:mod:`.ring`), dump, clear.

* :class:`HilogStream` — runs ``hdc -t KEY shell hilog [-T …] [-L …] [-P …]`` (never
  ``hdc hilog`` with flags: hdc drops them), parses the output in batches and hands each batch
  to ``on_lines`` (and the ring). When the stream ends while the device is still listed it
  restarts itself with a backoff; when the device is gone it waits for it to come back.
  Status changes go to ``on_status`` (``connected``, ``restarting``, ``device-gone``, …).
  ``stop()`` kills the whole process group. Callbacks run on the stream's own thread.
* :func:`dump` — ``hilog -x``: the device buffer once. :func:`clear_buffer` — ``hilog -r``,
  judged by its text (``buffer clear successfully``), never by hdc's exit code.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Final, Literal

from hmdesk.core.toolchain import hdc as hdc_mod
from hmdesk.core.toolchain.hilog.line import HilogLine
from hmdesk.core.toolchain.hilog.parse import HilogParser
from hmdesk.core.toolchain.hilog.replay import ReplayFilter
from hmdesk.core.toolchain.hilog.ring import HilogRing
from hmdesk.core.toolchain.process import CancelToken, LineProcess, ProcessResult, run_streaming

__all__ = [
    "CONNECTED",
    "DEVICE_GONE",
    "ERROR",
    "RESTARTING",
    "STARTING",
    "STOPPED",
    "DumpResult",
    "HilogStream",
    "StreamStatus",
    "clear_buffer",
    "dump",
]

_dropped_of = attrgetter("dropped")


# --------------------------------------------------------------------------- stream

StreamState = Literal["starting", "connected", "restarting", "device-gone", "error", "stopped"]
STARTING: Final = "starting"
CONNECTED: Final = "connected"
RESTARTING: Final = "restarting"
DEVICE_GONE: Final = "device-gone"
ERROR: Final = "error"
STOPPED: Final = "stopped"


@dataclass(frozen=True)
class StreamStatus:
    """``state`` is one of the constants above; ``message`` says what happened in words."""

    state: StreamState
    message: str
    restarts: int = 0
    fix: str | None = None


LinesCallback = Callable[[list[HilogLine]], None]
StatusCallback = Callable[[StreamStatus], None]


def _is_hdc_failure(text: str) -> bool:
    return text.startswith("[Fail]") or text.startswith("Connect server failed")


class HilogStream:
    """``hdc -t KEY shell hilog`` kept alive: parsed batches to ``on_lines`` and the ring.

    ``hdc`` is the path of the hdc binary (``tools.find_tool("hdc").path``). ``tags`` /
    ``levels`` / ``pids`` become hilog's server-side ``-T`` / ``-L`` / ``-P`` (validated; an
    invalid value raises :class:`hdc.InvalidName` here, before anything runs).

    Batches are delivered about every ``batch_interval`` seconds (at most ``max_batch`` lines
    each); ``between_batches()`` (if given) is called on the stream thread before each one is
    parsed. When the reader holds ``max_queue`` unread lines it discards new ones; they are
    counted in :attr:`local_dropped`, which is current while hdc runs. After the stream ends: if the device is still listed (``hdc list targets -v``), it
    restarts after ``backoff[n]`` seconds (n = failed attempts in a row); if the device is gone,
    it checks every ``device_poll`` seconds and restarts when the device is back.
    """

    def __init__(
        self,
        hdc: str | os.PathLike[str],
        device_key: str,
        *,
        on_lines: LinesCallback | None = None,
        on_status: StatusCallback | None = None,
        ring: HilogRing | None = None,
        tags: Sequence[str] = (),
        levels: Sequence[str] = (),
        pids: Sequence[int | str] = (),
        batch_interval: float = 0.05,
        max_batch: int = 5000,
        max_queue: int | None = None,
        backoff: Sequence[float] = (0.5, 1.0, 2.0, 5.0),
        device_poll: float = 2.0,
        list_timeout: float = 10.0,
        env: Mapping[str, str] | None = None,
        between_batches: Callable[[], object] | None = None,
    ) -> None:
        self.hdc = os.fspath(hdc)
        self.device_key = device_key
        self.argv = hdc_mod.hilog_argv(self.hdc, device_key, tags=tags, levels=levels, pids=pids)
        self.on_lines = on_lines
        self.on_status = on_status
        self.ring = ring
        self.batch_interval = max(0.005, float(batch_interval))
        self.max_batch = max(1, int(max_batch))
        # lines the reader may hold unread before it discards (and counts) new ones
        self.max_queue = max(1, int(max_queue)) if max_queue else max(self.max_batch * 40, 200_000)
        self.backoff = tuple(backoff) or (1.0,)
        self.device_poll = float(device_poll)
        self.list_timeout = float(list_timeout)
        self.env = env
        # called on the stream thread before each batch is parsed: a GUI can make the parser
        # wait (briefly) while it paints, so the two do not fight over the interpreter
        self.between_batches = between_batches
        self._parser = HilogParser()
        self._replay = ReplayFilter()  # a restart prints the buffer again: skipped
        self._stop = threading.Event()
        self._cancel = CancelToken()  # cancels a `list targets` in flight when stop() is called
        self._thread: threading.Thread | None = None
        self._proc: LineProcess | None = None
        self._proc_lock = threading.Lock()
        self._status = StreamStatus(STOPPED, "not started")
        self._history: list[StreamStatus] = []
        self.restarts = 0
        self.lines_received = 0
        self.device_dropped = 0
        self._local_dropped = 0  # of the hdc processes that ended (see local_dropped)

    # -- public
    @property
    def status(self) -> StreamStatus:
        return self._status

    @property
    def history(self) -> list[StreamStatus]:
        """Every status reported so far (oldest first)."""
        return list(self._history)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def local_dropped(self) -> int:
        """Lines the reader had to discard because we fell behind, current while streaming.

        The ended hdc processes' counts plus the running one's (read live from its reader, so a
        GUI polling this each tick sees drops as they happen, not when hdc ends).
        """
        with self._proc_lock:
            proc = self._proc
            done = self._local_dropped
        return done + (proc.dropped if proc is not None else 0)

    def start(self) -> HilogStream:
        if self.running:
            return self
        self._stop.clear()
        self._cancel = CancelToken()
        self._thread = threading.Thread(target=self._run, name="hmdesk-hilog-stream", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Stop streaming: kill hdc's process group and wait for the thread."""
        self._stop.set()
        self._cancel.cancel()
        with self._proc_lock:
            proc = self._proc
        if proc is not None:
            with contextlib.suppress(Exception):
                proc.stop()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        if self._status.state != STOPPED:
            self._report(STOPPED, "stopped")

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> HilogStream:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- internals
    def _report(self, state: StreamState, message: str, fix: str | None = None) -> None:
        status = StreamStatus(state, message, self.restarts, fix)
        self._status = status
        self._history.append(status)
        if self.on_status is not None:
            with contextlib.suppress(Exception):
                self.on_status(status)

    @property
    def replayed(self) -> int:
        """Lines a restarted hilog printed again and the stream skipped (:mod:`.replay`)."""
        return self._replay.skipped

    def _deliver(self, lines: list[HilogLine]) -> None:
        lines = self._replay.filter(lines)
        if not lines:
            return
        self.lines_received += len(lines)
        dropped = sum(map(_dropped_of, lines))
        if dropped:
            self.device_dropped += dropped
        if self.ring is not None:
            self.ring.extend(lines)
        if self.on_lines is not None:
            with contextlib.suppress(Exception):
                self.on_lines(lines)

    def device_listed(self) -> bool | None:
        """Is the device listed as Connected? None when hdc could not tell (server trouble)."""
        out: list[str] = []
        result = run_streaming(
            hdc_mod.list_targets_argv(self.hdc),
            env=self.env,
            timeout=self.list_timeout,
            on_line=lambda _s, text: out.append(text),
            cancel=self._cancel,
        )
        if result.error or result.timed_out or result.cancelled:
            return None
        targets = hdc_mod.parse_targets("\n".join(out))
        if targets.status not in ("ok", "empty"):
            return None
        return any(d.key == self.device_key and d.usable for d in targets.devices)

    def _run(self) -> None:
        failures = 0
        first = True
        while not self._stop.is_set():
            if not first:
                self.restarts += 1
            self._report(STARTING if first else RESTARTING, self._starting_message(first))
            first = False
            got_log, failure = self._run_once()
            if self._stop.is_set():
                break
            failures = 0 if got_log else failures + 1
            if failure is not None and failure.kind not in ("no-device", "daemon"):
                # hdc itself failed (server unreachable, …): say so, retry after a pause
                self._report(ERROR, failure.message, failure.fix)
                self._stop.wait(self._delay(failures))
                continue
            listed = self.device_listed()
            if self._stop.is_set():
                break
            if listed is None:
                self._report(
                    ERROR,
                    "hdc could not list the devices; retrying",
                    hdc_mod.SERVER_FAILED_FIX,
                )
                self._stop.wait(self._delay(failures))
                continue
            if not listed:
                self._report(
                    DEVICE_GONE,
                    f"device {self.device_key} is no longer connected; waiting for it to come back",
                    "Reconnect the device (cable, USB debugging on) or pick another one.",
                )
                while not self._stop.wait(self.device_poll):
                    if self.device_listed():
                        break
                failures = 0
                continue
            self._stop.wait(self._delay(failures))
        self._report(STOPPED, "stopped")

    def _starting_message(self, first: bool) -> str:
        what = f"hilog of {self.device_key}"
        if first:
            return f"starting {what}"
        return f"the stream ended; restarting {what} (restart {self.restarts})"

    def _delay(self, failures: int) -> float:
        return self.backoff[min(failures, len(self.backoff) - 1)]

    def _run_once(self) -> tuple[bool, hdc_mod.Outcome | None]:
        """One hdc process: read until it ends. Returns (any log line seen, hdc failure)."""
        self._parser.reset()
        self._replay.restart()
        proc = LineProcess(self.argv, env=self.env, max_queue=self.max_queue)
        try:
            proc.start()
        except OSError as exc:
            return False, hdc_mod.Outcome(
                False,
                f"could not start {self.hdc}: {exc.strerror or exc}",
                fix="Install hdc or set its path (HMDESK_HDC or the settings).",
                kind="tool",
            )
        with self._proc_lock:
            self._proc = proc
        if self._stop.is_set():
            proc.stop()
        started = time.monotonic()
        connected = False
        got_log = False
        fail_lines: list[str] = []
        try:
            while True:
                batch = proc.read_available(self.max_batch)
                if batch:
                    # hdc's own failures ("[Fail]…", also mid-stream) are status, not log lines
                    keep = [s for s in batch if not _is_hdc_failure(s)]
                    if len(keep) != len(batch):
                        fail_lines += [s for s in batch if _is_hdc_failure(s)]
                        batch = keep
                    if batch:
                        got_log = True
                        if self.between_batches is not None:
                            with contextlib.suppress(Exception):
                                self.between_batches()
                        self._deliver(self._parser.feed(batch))
                elif proc.finished or proc.stopped:
                    break
                if (
                    not connected
                    and not fail_lines
                    and (got_log or (proc.running and time.monotonic() - started > 0.5))
                ):
                    connected = True
                    self._report(CONNECTED, f"streaming hilog of {self.device_key}")
                if not batch and self._stop.wait(self.batch_interval):
                    break
        finally:
            proc.stop()
            with self._proc_lock:  # one step: local_dropped never counts this process twice
                self._local_dropped += proc.dropped
                self._proc = None
        # what is left after stop()
        rest = proc.read_available()
        fail_lines += [s for s in rest if _is_hdc_failure(s)]
        rest = [s for s in rest if not _is_hdc_failure(s)]
        if rest and not self._stop.is_set():
            self._deliver(self._parser.feed(rest))
        fail_lines += [s for s in proc.stderr_tail if _is_hdc_failure(s)]
        failure = hdc_mod.classify_fail("\n".join(fail_lines)) if fail_lines else None
        return got_log, failure


# --------------------------------------------------------------------------- dump / clear


@dataclass
class DumpResult:
    """``hilog -x``: the lines, hdc's failure (None when it worked) and the process result."""

    lines: list[HilogLine] = field(default_factory=list)
    failure: hdc_mod.Outcome | None = None
    result: ProcessResult | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def dump(
    hdc: str | os.PathLike[str],
    device_key: str,
    *,
    tail: int | None = None,
    timeout: float | None = 60.0,
    on_line: Callable[[HilogLine], None] | None = None,
    keep: bool = True,
    env: Mapping[str, str] | None = None,
) -> DumpResult:
    """Print the device's log buffer once (``hdc -t KEY shell hilog -x [-z N]``).

    ``on_line`` gets every parsed line as it arrives; ``keep=False`` does not collect them.
    hdc's own errors (``[Fail]…``, ``Connect server failed``) become ``failure``, not lines.
    """
    argv = hdc_mod.hilog_dump_argv(os.fspath(hdc), device_key, tail=tail)
    parser = HilogParser()
    out = DumpResult()
    fails: list[str] = []
    seen_log = False

    def line_cb(stream: str, text: str) -> None:
        nonlocal seen_log
        if stream == "stderr" or (not seen_log and _is_hdc_failure(text)):
            if _is_hdc_failure(text):
                fails.append(text)
            return
        seen_log = True
        parsed = parser.feed((text,))[0]
        if keep:
            out.lines.append(parsed)
        if on_line is not None:
            on_line(parsed)

    out.result = run_streaming(argv, env=env, timeout=timeout, on_line=line_cb)
    if out.result.error:
        out.failure = hdc_mod.Outcome(False, out.result.error, kind="tool")
    elif out.result.timed_out:
        out.failure = hdc_mod.Outcome(
            False,
            f"hilog -x did not finish within {timeout:g} s",
            fix="Try again, or use --tail to read fewer lines.",
            kind="timeout",
        )
    elif fails:
        out.failure = hdc_mod.classify_fail("\n".join(fails))
    return out


def clear_buffer(
    hdc: str | os.PathLike[str],
    device_key: str,
    *,
    timeout: float | None = 30.0,
    env: Mapping[str, str] | None = None,
) -> hdc_mod.Outcome:
    """``hdc -t KEY shell hilog -r``: ok only when it printed ``buffer clear successfully``."""
    argv = hdc_mod.hilog_clear_argv(os.fspath(hdc), device_key)
    text: list[str] = []
    result = run_streaming(
        argv, env=env, timeout=timeout, on_line=lambda _s, line: text.append(line)
    )
    if result.error:
        return hdc_mod.Outcome(False, result.error, kind="tool")
    if result.timed_out:
        return hdc_mod.Outcome(
            False, f"hilog -r did not finish within {timeout:g} s", kind="timeout"
        )
    return hdc_mod.classify_hilog_clear("\n".join(text), result.exit_code)


def lines_text(lines: Iterable[HilogLine]) -> str:
    """The lines as hilog printed them, one per line."""
    return "".join(line.raw + "\n" for line in lines)

"""A job run in a child process that answers in JSON lines: hmdesk's one way to run Python work
beside the window (docs/decisions/0006-review-scan-in-a-child-process.md says why one is worth it).

A *job* is a function ``job(request, out) -> done`` of an importable module, named
``"package.module:function"``. ``request`` and ``done`` are JSON values; the job reports with
``out.progress(done, total)`` and hands its results over one at a time with ``out.item(value)``
(JSON values too), and may ask ``out.cancelled()``. It raises :class:`JobError` with one line
for the user when it cannot do its work.

:meth:`ChildJob.run` starts ``python -c`` running :func:`serve` (no console window on Windows,
below the window's priority), writes the request as one line on its stdin and reads its stdout,
one JSON object per line::

    {"progress": [done, total]}   at most every PROGRESS_EVERY_S, and at the end
    {"item": value}               in order
    {"done": value}               last; or instead
    {"error": "one line"}

Waiting on the pipe does not hold the interpreter lock, so a worker thread reading it costs the
window next to nothing. :meth:`ChildJob.kill` (any thread) kills the child: ``run`` raises
:class:`JobCancelled`. A child that ends without its ``done`` line raises :class:`JobFailed` with
its exit code and the last line it wrote to stderr.

A frozen build (PyInstaller: no Python to start) or a child that cannot be started runs the same
job in this process, on the calling thread, with the same ``out`` (``kill`` then makes
``out.cancelled()`` true and the next ``out.progress``/``out.item`` raise); :attr:`ChildJob.note`
says why.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

PROGRESS_EVERY_S = 0.05
"""The job's progress is passed on at most this often (and always at ``done == total``)."""
NICENESS = 5
"""The child lowers its priority by this much (POSIX; Windows: below normal priority)."""
CHILD = "from hmdesk.core.child_process import serve; serve()"
"""The child's program; its arguments are the job's target and its name for people."""

Job = Callable[[Any, "JobOutput"], Any]
OnProgress = Callable[[int, int], None]
OnItem = Callable[[Any], None]


class JobError(RuntimeError):
    """Raised by a job: its message is one line for the user."""


class JobFailed(RuntimeError):
    """The job failed; the message is one line for the user. ``exit_code`` and ``stderr_line``
    when the child ended without its answer."""

    def __init__(self, message: str, exit_code: int | None = None, stderr_line: str = "") -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.stderr_line = stderr_line


class JobCancelled(RuntimeError):
    """The job was killed (:meth:`ChildJob.kill`)."""


class JobOutput:
    """What a job reports through: in the child it writes lines, in process it calls the
    handlers. Progress is throttled here, so a job may report as often as it likes."""

    def __init__(
        self,
        on_progress: OnProgress,
        on_item: OnItem,
        cancelled: Callable[[], bool] = lambda: False,
    ) -> None:
        self._on_progress = on_progress
        self._on_item = on_item
        self._cancelled = cancelled
        self._last = 0.0

    def cancelled(self) -> bool:
        return self._cancelled()

    def progress(self, done: int, total: int) -> None:
        self._check()
        now = time.monotonic()
        if done >= total or now - self._last >= PROGRESS_EVERY_S:
            self._last = now
            self._on_progress(done, total)

    def item(self, value: Any) -> None:
        self._check()
        self._on_item(value)

    def _check(self) -> None:
        if self._cancelled():
            raise JobCancelled("cancelled")


def _resolve(target: str) -> Job:
    module, _, name = target.partition(":")
    job: Job = getattr(importlib.import_module(module), name)
    return job


# ------------------------------------------------------------------------------ the child


def serve(
    target: str | None = None,
    name: str = "job",
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
) -> None:
    """The child: one request line in, progress, item and done (or error) lines out."""
    from hmdesk.core import gc_policy

    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    if stdin is None:  # the child process (not a test calling it with buffers)
        gc_policy.short_lived_process()
        if hasattr(os, "nice"):
            try:  # background work: the window's process comes first when the cores are busy
                os.nice(NICENESS)
            except OSError:
                pass

    def write(msg: dict[str, Any]) -> None:
        out.write(json.dumps(msg, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n")

    def progress(done: int, total: int) -> None:
        write({"progress": [done, total]})
        out.flush()

    try:
        if target is None:
            target, name = sys.argv[1], sys.argv[2]
        job = _resolve(target)
        request = json.loads(inp.readline() or b"null")
        done = job(request, JobOutput(progress, lambda v: write({"item": v})))
    except JobError as exc:
        write({"error": str(exc)})
    except Exception as exc:  # noqa: BLE001 - whatever the job raises goes to the parent as one line
        write({"error": f"the {name} failed: {type(exc).__name__}: {exc}"})
    else:
        write({"done": done})
    out.flush()


# ------------------------------------------------------------------------------ the parent


class ChildJob:
    """One run of ``target`` on ``request``: :meth:`run` (blocking), :meth:`kill` (any thread).

    ``name``: what the job is called in messages for people ("the scan process ended …");
    ``command``: the child's argv instead of ``python -c CHILD target name`` (tests);
    ``in_process``: run in this process (default: only in a frozen build)."""

    def __init__(
        self,
        target: str,
        request: Any,
        *,
        name: str = "job",
        command: Sequence[str] | None = None,
        in_process: bool | None = None,
    ) -> None:
        self.target = target
        self.request = request
        self.name = name
        self.command = list(command) if command is not None else None
        frozen = in_process is None and getattr(sys, "frozen", False)
        self.in_process = frozen or bool(in_process)
        self.note = f"a bundled build has no Python to start the {name} process" if frozen else ""
        self.killed = False
        self.pid: int | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    @property
    def where(self) -> str:
        """``"process"``: the job ran (or runs) in a child; ``"thread"``: in this process."""
        return "thread" if self.in_process else "process"

    def kill(self) -> None:
        """Stop the job now: :meth:`run` raises :class:`JobCancelled`."""
        with self._lock:
            self.killed = True
            proc = self._proc
        if proc is not None:
            try:
                proc.kill()
            except OSError:
                pass  # it had ended

    def run(self, on_progress: OnProgress | None = None, on_item: OnItem | None = None) -> Any:
        """The job's ``done`` value; its progress and items go to the handlers meanwhile."""
        progress = on_progress or (lambda _d, _t: None)
        item = on_item or (lambda _v: None)
        if not self.in_process:
            proc = self._start()
            if proc is not None:
                return self._read(proc, progress, item)
        out = JobOutput(progress, item, lambda: self.killed)
        try:
            return _resolve(self.target)(self.request, out)
        except JobError as exc:
            if self.killed:
                raise JobCancelled("cancelled") from exc
            raise JobFailed(str(exc)) from exc
        except Exception as exc:
            if self.killed:
                raise JobCancelled("cancelled") from exc
            raise

    def _start(self) -> subprocess.Popen[bytes] | None:
        """The started child, or None (with :attr:`note`) when none can start here."""
        argv = self.command or [sys.executable, "-c", CHILD, self.target, self.name]
        flags = 0
        if os.name == "nt":  # no console window; below the window's priority (os.nice's part)
            flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) | getattr(
                subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0
            )
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in _read()
        try:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                creationflags=flags,
            )
        except OSError as exc:
            self._stderr.close()
            self.in_process = True
            self.note = f"cannot start the {self.name} process: {exc}"
            return None
        with self._lock:
            self._proc, self.pid = proc, proc.pid
            if self.killed:  # killed while it started
                proc.kill()
        assert proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(self.request).encode("utf-8") + b"\n")
            proc.stdin.close()
        except OSError:
            pass  # it died at once: _read() says how
        return proc

    def _read(self, proc: subprocess.Popen[bytes], progress: OnProgress, item: OnItem) -> Any:
        assert proc.stdout is not None
        done: list[Any] = []
        error: str | None = None
        try:
            for line in proc.stdout:  # waits on the pipe without the interpreter lock
                if self.killed:
                    break
                msg = self._message(line)
                if "progress" in msg:
                    a, b = msg["progress"]
                    progress(int(a), int(b))
                elif "item" in msg:
                    item(msg["item"])
                elif "done" in msg:
                    done.append(msg["done"])
                    break
                else:
                    error = str(msg["error"])
                    break
        except OSError as exc:
            if not self.killed:
                raise JobFailed(f"the {self.name} process could not be read: {exc}") from exc
        finally:
            if not done and error is None and proc.poll() is None:
                proc.kill()  # a line that is not of the protocol, or a failed read
            code = _wait(proc)
            why = _last_line(self._stderr)
        if self.killed:
            raise JobCancelled("cancelled")
        if error is not None:
            raise JobFailed(error, code, why)
        if not done:
            raise JobFailed(
                f"the {self.name} process ended before its result (exit {code})"
                + (f": {why}" if why else ""),
                code,
                why,
            )
        return done[0]

    def _message(self, line: bytes) -> dict[str, Any]:
        try:
            msg = json.loads(line)
        except ValueError:
            msg = None
        if not isinstance(msg, dict) or not msg.keys() & {"progress", "item", "done", "error"}:
            text = line.decode("utf-8", "replace").strip()
            raise JobFailed(
                f"the {self.name} process wrote {text[:80]!r}, not a line of its answer"
            )
        return msg


def _wait(proc: subprocess.Popen[bytes]) -> int | None:
    try:
        code = proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()
    return code


def _last_line(stderr: IO[bytes]) -> str:
    """The last non-blank line the child wrote to stderr (at most 200 characters)."""
    try:
        stderr.seek(0)
        text = stderr.read()[-4000:].decode("utf-8", "replace")
    except (OSError, ValueError):
        return ""
    finally:
        stderr.close()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[-1][:200] if lines else ""

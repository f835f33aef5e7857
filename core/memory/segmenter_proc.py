"""The Chinese segmenter in a child process, for the window.

rjieba loads its dictionary when it is imported, inside its C extension's initialiser, holding
the interpreter lock the whole time (about 0.2 s on an idle machine, a second under load). In the
window that is a 0.2 s freeze of the event loop whenever it happens: no Python code, so no paint
and no key press, can run meanwhile. So the window does not import rjieba at all while it
opens and searches: a child process does (on the other core), and the window's terms ask it for
the words of each run of Han characters, over a pipe. A query has a few such runs (the answers
are cached, see ``terms._segment_han``), and while the worker thread waits on the pipe it does
not hold the lock.

Bulk work is the exception: building the search index of a whole store would make one round trip
per run of every memory. After :data:`BULK_CALLS` requests the segmenter imports rjieba in
process and answers from there on directly: a bulk build shows progress anyway, and from then on
the dictionary is loaded. Should the child be missing or die, the same in-process import
answers (once logged); the words are the same either way, since both are rjieba's.

Wire protocol: one JSON string per line to the child, one JSON list of words per line back.
The child is ``python -c`` with this module's :func:`serve`; a frozen build (no Python to
start) segments in process.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import IO

log = logging.getLogger(__name__)

BULK_CALLS = 5_000
"""Requests to the child after which the segmenter loads rjieba in process (a bulk build)."""

_CHILD = "from hmdesk.core.memory.segmenter_proc import serve; serve()"


def local_cut(run: str) -> list[str]:
    """rjieba in this process (imports it, and so loads its dictionary, on first use)."""
    import rjieba

    return list(rjieba.cut(run))


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """The child's loop: a JSON string per line in, its rjieba words as a JSON list out.

    Ends at end of input (the parent closed the pipe or died)."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    import rjieba  # the dictionary loads here, in the child

    for line in inp:
        try:
            run = json.loads(line)
            words = list(rjieba.cut(run)) if isinstance(run, str) else []
        except ValueError:
            words = []
        out.write(json.dumps(words, ensure_ascii=False).encode("utf-8") + b"\n")
        out.flush()


class SegmenterGone(RuntimeError):
    """The child process could not be started, or it stopped answering."""


class SegmenterProcess:
    """A started child running :func:`serve`; :meth:`cut` is thread-safe (one request at a time)."""

    def __init__(self, command: Sequence[str] | None = None) -> None:
        argv = list(command) if command is not None else [sys.executable, "-c", _CHILD]
        # no console window flashing up beside the app on Windows
        flags: int = getattr(subprocess, "CREATE_NO_WINDOW", 0) if os.name == "nt" else 0
        try:
            self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                creationflags=flags,
            )
        except OSError as exc:
            raise SegmenterGone(f"cannot start the segmenter process: {exc}") from exc
        self._lock = threading.Lock()

    def cut(self, run: str) -> list[str]:
        with self._lock:
            proc = self._proc
            if proc is None or proc.stdin is None or proc.stdout is None:
                raise SegmenterGone("the segmenter process was closed")
            try:
                proc.stdin.write(json.dumps(run).encode("ascii") + b"\n")
                proc.stdin.flush()
                line = proc.stdout.readline()  # waits without the interpreter lock
            except (OSError, ValueError) as exc:
                raise SegmenterGone(f"the segmenter process stopped: {exc}") from exc
            if not line:
                raise SegmenterGone(f"the segmenter process ended (exit {proc.poll()})")
            try:
                words = json.loads(line)
            except ValueError as exc:
                raise SegmenterGone(f"the segmenter process answered {line[:80]!r}") from exc
            if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                raise SegmenterGone(f"the segmenter process answered {line[:80]!r}")
            return words

    def close(self) -> None:
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            try:
                proc.stdin.close()  # the child ends at end of input
            except OSError:
                pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


class WindowSegmenter:
    """The Han segmenter the window installs (``terms.use_han_segmenter``): the child process
    first, rjieba in process after :data:`BULK_CALLS` requests or once the child fails."""

    def __init__(
        self,
        start: Callable[[], SegmenterProcess] = SegmenterProcess,
        bulk_calls: int = BULK_CALLS,
    ) -> None:
        self._bulk_calls = bulk_calls
        self.calls = 0
        self.local = False
        self._child: SegmenterProcess | None = None
        if getattr(sys, "frozen", False):  # a bundle has no Python to start
            self.local = True
            return
        try:
            self._child = start()
        except SegmenterGone as exc:
            log.warning("%s; segmenting in process", exc)
            self.local = True

    def __call__(self, run: str) -> list[str]:
        child = self._child
        if not self.local and child is not None:
            self.calls += 1
            if self.calls <= self._bulk_calls:
                try:
                    return child.cut(run)
                except SegmenterGone as exc:
                    log.warning("%s; segmenting in process", exc)
            self._go_local()
        return local_cut(run)

    def warm(self) -> None:
        """Wait (without the interpreter lock) until the child has its dictionary loaded."""
        self("预热")

    def _go_local(self) -> None:
        self.local = True
        child, self._child = self._child, None
        if child is not None:
            threading.Thread(target=child.close, name="segmenter-close", daemon=True).start()

    def close(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.close()

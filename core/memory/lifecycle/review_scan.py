"""The Review area's scan in a child process: groups, consolidation plan and proposals.

Why a child: the scan of 100,000 memories is seconds of pure-Python work (segmenting, claims,
grouping, the policy's proposals) plus numpy steps and garbage collections that hold the
interpreter lock for tens to hundreds of milliseconds at a time. On a worker thread of the
window's process every one of those is a stall of the event loop. A child process runs it on the
other core; the window only reads its answer off a pipe.

* :func:`scan_store` is the work itself, the same in the child and in process (the fallback):
  :func:`~.plans.contradiction_groups`, optionally :func:`~.plans.consolidation_plan` and the
  access policy's :func:`~hmdesk.core.memory.access.policy.proposals` (each with the
  fingerprint the Review area remembers a dismissal by, :func:`~.grouping.proposal_fingerprint`),
  over one read of the store.
* :func:`serve` is the child: it reads one :class:`ScanRequest` (a JSON line) on stdin, opens the
  database itself (the file path, or the PostgreSQL URL: the child connects as the window does),
  only reads, and writes JSON lines on stdout: ``{"p": [done, total]}`` now and then (at most
  every :data:`PROGRESS_EVERY_S`), then one line per group (``{"g": [...]}``), the plan
  (``{"plan": ...}``), one line per proposal (``{"q": {...}, "f": fingerprint}``) and
  ``{"done": {...}}``; or ``{"error": "one line"}``. One small line at a time, so the reader
  never parses megabytes in one call.
* :class:`ScanProcess` is the parent's side: it starts ``python -c`` running :func:`serve`
  (no console window on Windows), sends the request and :meth:`~ScanProcess.read` turns the
  lines back into a :class:`ScanOutput` (blocking: call it on a worker thread; waiting on the
  pipe does not hold the interpreter lock). :meth:`~ScanProcess.kill` stops the child (cancel);
  a child that ends without its ``done`` line raises :class:`ScanFailed` with its exit code and
  the last line it wrote to stderr. A frozen build (no Python to start) or a failed start raises
  :class:`ScanUnavailable`: the caller scans in process instead.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from hmdesk.core.memory.hmharness.rules import (
    DEFAULT_STALE_DAYS,
    Cancelled,
    ConsolidationPlan,
    Merge,
    Progress,
)
from hmdesk.core.memory.lifecycle.grouping import Group, proposal_fingerprint
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.store import MemoryStore

if TYPE_CHECKING:
    from hmdesk.core.memory.access.policy import Proposal

CHILD = (
    "import gc; gc.disable(); from hmdesk.core.memory.lifecycle.review_scan import serve; serve()"
)
"""The child's program. The cyclic garbage collector is off from its first line: the child is
short-lived and frees everything at exit, and the collector's passes over the imports (numpy,
SQLAlchemy) and the 100,000 records and claims cost about a third of its time."""
PROGRESS_EVERY_S = 0.05
"""The child writes a progress line at most this often (and at the end of each step)."""
STEPS = 1000
"""Progress is reported out of this many steps: the groups take the first
:data:`GROUPS_SHARE`, the plan and the proposals the rest."""
GROUPS_SHARE = 0.85
NICENESS = 5
"""The child lowers its priority by this much (POSIX; Windows: below normal priority)."""


@dataclass(frozen=True)
class ScanRequest:
    db: str  # the database file, or a PostgreSQL URL
    profile: str = "default"
    kinds: tuple[str, ...] = ("duplicate", "contradiction")
    with_plan: bool = False
    proposals: bool = False  # the access policy's promotion and decay proposals too
    now_ms: int = 0  # the plan's "now" (0: the clock's)
    stale_days: int = DEFAULT_STALE_DAYS

    def to_json(self) -> dict[str, Any]:
        return {
            "db": self.db,
            "profile": self.profile,
            "kinds": list(self.kinds),
            "with_plan": self.with_plan,
            "proposals": self.proposals,
            "now_ms": self.now_ms,
            "stale_days": self.stale_days,
        }

    @classmethod
    def from_json(cls, data: object) -> ScanRequest:
        if not isinstance(data, dict) or not isinstance(data.get("db"), str):
            raise ValueError("a scan request is a JSON object with a 'db'")
        return cls(
            db=data["db"],
            profile=str(data.get("profile", "default")),
            kinds=tuple(str(k) for k in data.get("kinds", ("duplicate", "contradiction"))),
            with_plan=bool(data.get("with_plan", False)),
            proposals=bool(data.get("proposals", False)),
            now_ms=int(data.get("now_ms", 0)),
            stale_days=int(data.get("stale_days", DEFAULT_STALE_DAYS)),
        )


ProposalRow = tuple[str, str, str, str, str]
"""A proposal as the scan hands it over: ``(memory id, rule, fingerprint, summary, json)``.
``summary`` is its one-line description (:func:`proposal_summary`), ``json`` the proposal
(:func:`proposal_from_json`), decoded only when it is looked at or applied. A plain tuple of
strings on purpose: the window's process keeps 50,000 of them, and the garbage collector stops
tracking a plain tuple of strings (not a named tuple) at its first pass, so its full passes do
not walk them (each walk is a stall of the event loop)."""


@dataclass
class ScanOutput:
    """What one scan found. ``proposals`` is None when they were not asked for; each comes with
    its fingerprint (it depends on the memory's state at the time of the scan)."""

    groups: list[Group]
    plan: ConsolidationPlan | None = None
    proposals: list[ProposalRow] | None = None
    records: int = 0
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


class ScanUnavailable(RuntimeError):
    """The child process cannot be started here (a frozen build, no interpreter): scan in
    process instead."""


class ScanFailed(RuntimeError):
    """The scan failed (its message is one line for the user)."""


# ------------------------------------------------------------------------------ the work


def scan_store(
    store: MemoryStore,
    request: ScanRequest,
    *,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> ScanOutput:
    """The scan of ``request`` over ``store`` (one read of the memories)."""
    from hmdesk.core.memory.jsdate import now_ms
    from hmdesk.core.memory.lifecycle.plans import consolidation_plan, contradiction_groups

    t0 = time.perf_counter()
    share = GROUPS_SHARE if (request.with_plan or request.proposals) else 1.0

    def groups_progress(done: int, total: int) -> None:
        if progress is not None:
            progress(int(STEPS * share * done / max(total, 1)), STEPS)

    records = store.list()
    groups = contradiction_groups(
        request.profile, records, kinds=request.kinds, progress=groups_progress, cancel=cancel
    )
    groups_progress(1, 1)
    plan = None
    if request.with_plan:
        plan = consolidation_plan(
            request.profile,
            records,
            stale_days=request.stale_days,
            now_ms=request.now_ms or now_ms(),
            cancel=cancel,
        )
    if cancel is not None and cancel():
        raise Cancelled("cancelled")
    found: list[ProposalRow] | None = None
    if request.proposals:
        from hmdesk.core.memory.access.policy import proposals

        listed = _Listed(store, records)
        by_id = {r.id: r for r in records}
        found = [
            (
                p.memory_id,
                p.rule,
                proposal_fingerprint(p, by_id.get(p.memory_id)),
                proposal_summary(p),
                proposal_to_json(p),
            )
            for p in proposals(listed)
        ]
    if progress is not None:
        progress(STEPS, STEPS)
    return ScanOutput(groups, plan, found, len(records), time.perf_counter() - t0)


class _Listed(MemoryStore):
    """The store, with :meth:`list` answered from the records already read (the policy lists
    the live memories again otherwise: a second read of 100,000 rows)."""

    def __init__(self, store: MemoryStore, records: Sequence[MemoryRecord]) -> None:
        super().__init__(store.db, store.actor, keep_index=False)
        self._records = records

    def list(
        self, *, include_superseded: bool = True, include_deleted: bool = False
    ) -> list[MemoryRecord]:
        if include_deleted:  # not what the store was read with: read again
            return super().list(include_superseded=include_superseded, include_deleted=True)
        return [r for r in self._records if include_superseded or r.superseded_by is None]


# ------------------------------------------------------------------------------ the wire


def proposal_summary(p: Proposal) -> str:
    """One line: the change and the start of the memory's text."""
    text = " ".join(p.content.split())
    short = text if len(text) <= 60 else text[:59] + "…"
    return f"{p.field} {_value(p.old)} → {_value(p.new)} · {short}"


def _value(v: object) -> str:
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def proposal_to_json(p: Proposal) -> str:
    return json.dumps(p.to_json(), ensure_ascii=False)


def proposal_from_json(text: str) -> Proposal:
    """The :class:`~hmdesk.core.memory.access.policy.Proposal` of :func:`proposal_to_json`."""
    from hmdesk.core.memory.access.policy import Proposal

    q = json.loads(text)
    return Proposal(
        q["id"],
        q["rule"],
        q["memory_id"],
        q["content"],
        q["field"],
        q["old"],
        q["new"],
        q["why"],
        dict(q.get("evidence") or {}),
    )


def encode(output: ScanOutput) -> Iterator[dict[str, Any]]:
    """The result lines of ``output`` (progress lines aside), ``done`` last."""
    for g in output.groups:
        yield {"g": [g.kind, g.key, list(g.ids), g.action, g.keep, g.fingerprint, g.similarity]}
    if output.plan is not None:
        p = output.plan
        yield {
            "plan": {
                "merged": [[m.id, m.into] for m in p.merged],
                "decayed": list(p.decayed),
                "stale_days": p.stale_days,
                "now_ms": p.now_ms,
                "reasons": p.reasons,
            }
        }
    if output.proposals is not None:
        yield {"qs": len(output.proposals)}
        for row in output.proposals:
            yield {"q": list(row)}
    yield {"done": {"records": output.records, "seconds": output.seconds}}


class Decoder:
    """Turns the child's lines back into a :class:`ScanOutput` (:meth:`feed` one at a time)."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.progress = progress
        self.output = ScanOutput([])
        self.done = False
        self.error: str | None = None

    def feed(self, line: bytes | str) -> None:
        try:
            msg = json.loads(line)
            self._take(msg)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            text = line if isinstance(line, str) else line.decode("utf-8", "replace")
            raise ScanFailed(f"the scan process wrote {text.strip()[:80]!r} ({exc})") from None

    def _take(self, msg: dict[str, Any]) -> None:
        out = self.output
        if "p" in msg:
            if self.progress is not None:
                done, total = msg["p"]
                self.progress(int(done), int(total))
        elif "g" in msg:
            kind, key, ids, action, keep, fp, sim = msg["g"]
            out.groups.append(
                Group(str(kind), str(key), tuple(ids), str(action), str(keep), str(fp), float(sim))
            )
        elif "q" in msg:
            q = msg["q"]
            if out.proposals is None or len(q) != 5 or not all(isinstance(x, str) for x in q):
                raise ValueError("a proposal line out of place")
            out.proposals.append((q[0], q[1], q[2], q[3], q[4]))
        elif "qs" in msg:
            out.proposals = []
        elif "plan" in msg:
            p = msg["plan"]
            out.plan = ConsolidationPlan(
                tuple(Merge(str(a), str(b)) for a, b in p["merged"]),
                tuple(str(i) for i in p["decayed"]),
                int(p["stale_days"]),
                int(p["now_ms"]),
                {str(k): str(v) for k, v in p["reasons"].items()},
            )
        elif "done" in msg:
            out.records = int(msg["done"]["records"])
            out.seconds = float(msg["done"]["seconds"])
            self.done = True
        elif "error" in msg:
            self.error = str(msg["error"])
        else:
            raise ValueError("an unknown line")


# ------------------------------------------------------------------------------ the child


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """The child: one request line in, progress and result lines out (see the module doc)."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    if stdin is None:  # the child process (not a test calling it with buffers)
        gc.disable()  # see CHILD (a child started another way)
        if hasattr(os, "nice"):
            try:  # background work: the window's process comes first when the cores are busy
                os.nice(NICENESS)
            except OSError:
                pass

    def write(msg: dict[str, Any]) -> None:
        out.write(json.dumps(msg, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n")

    try:
        request = ScanRequest.from_json(json.loads(inp.readline() or b"null"))
    except ValueError as exc:
        write({"error": f"a bad scan request: {exc}"})
        out.flush()
        return
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - last[0] >= PROGRESS_EVERY_S:
            last[0] = now
            write({"p": [done, total]})
            out.flush()

    try:
        store = _open_store(request.db)
    except ScanFailed as exc:
        write({"error": str(exc)})
        out.flush()
        return
    try:
        output = scan_store(store, request, progress=progress)
    except Exception as exc:  # noqa: BLE001 - whatever the scan raises goes to the window as one line
        write({"error": f"the scan failed: {type(exc).__name__}: {exc}"})
        out.flush()
        return
    finally:
        store.close()
        store.db.close()
    for msg in encode(output):
        write(msg)
    out.flush()


def _open_store(where: str) -> MemoryStore:
    """The store at ``where`` for reading. A file must exist (the child never creates one)."""
    from pathlib import Path

    from hmdesk.core.db import Database, DatabaseError
    from hmdesk.core.dbfile import is_url
    from hmdesk.core.memory.store import MemoryStore

    if not is_url(where) and not Path(where).is_file():
        raise ScanFailed(f"the database {where} is not there any more")
    try:
        db = Database(where)
    except DatabaseError as exc:
        raise ScanFailed(str(exc)) from None
    return MemoryStore(db, keep_index=False)


# ------------------------------------------------------------------------------ the parent


def store_location(store: MemoryStore) -> str:
    """What the child opens: the store's PostgreSQL URL, else its database file."""
    db = store.db
    if db.dialect == "postgresql" and db.url:
        return db.url
    return str(db.path)


class ScanProcess:
    """A started child running :func:`serve` for ``request``."""

    def __init__(self, request: ScanRequest, command: Sequence[str] | None = None) -> None:
        if command is None and getattr(sys, "frozen", False):
            raise ScanUnavailable("a bundled build has no Python to start the scan process")
        argv = list(command) if command is not None else [sys.executable, "-c", CHILD]
        flags: int = 0
        if os.name == "nt":  # no console window; below the window's priority (os.nice's part)
            flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) | getattr(
                subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0
            )
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in read()/kill()
        self.killed = False
        try:
            self._proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                creationflags=flags,
            )
        except OSError as exc:
            self._stderr.close()
            raise ScanUnavailable(f"cannot start the scan process: {exc}") from exc
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(json.dumps(request.to_json()).encode("utf-8") + b"\n")
            self._proc.stdin.close()
        except OSError:
            pass  # it died at once: read() says how

    @property
    def pid(self) -> int:
        return self._proc.pid

    def read(self, progress: Progress | None = None) -> ScanOutput:
        """Every line until the child ends; the result, or :class:`Cancelled` after
        :meth:`kill`, or :class:`ScanFailed` saying what went wrong."""
        proc = self._proc
        assert proc.stdout is not None
        decoder = Decoder(progress)
        try:
            for line in proc.stdout:  # waits on the pipe without the interpreter lock
                if self.killed:
                    break
                decoder.feed(line)
                if decoder.error is not None or decoder.done:
                    break
        except OSError as exc:
            if not self.killed:
                raise ScanFailed(f"the scan process could not be read: {exc}") from exc
        finally:
            code = self._finish()
            why = self._last_stderr_line()
        if self.killed:
            raise Cancelled("cancelled")
        if decoder.error is not None:
            raise ScanFailed(decoder.error)
        if not decoder.done:
            raise ScanFailed(
                f"the scan process ended before its result (exit {code})"
                + (f": {why}" if why else "")
            )
        return decoder.output

    def _finish(self) -> int | None:
        proc = self._proc
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        return code

    def _last_stderr_line(self) -> str:
        try:
            self._stderr.seek(0)
            text = self._stderr.read()[-4000:].decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""
        finally:
            self._stderr.close()
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        return lines[-1][:200] if lines else ""

    def kill(self) -> None:
        """Stop the child now (cancel): :meth:`read` raises :class:`Cancelled`."""
        self.killed = True
        try:
            self._proc.kill()
        except OSError:
            pass  # it had ended

"""The Review area's scan: groups, consolidation plan and proposals, in a child process.

Why a child: the scan of 100,000 memories is seconds of pure-Python work (segmenting, claims,
grouping, the policy's proposals) plus numpy steps and garbage collections that hold the
interpreter lock for long spells; on a worker thread of the window's process every one of those
is a stall of the event loop (docs/decisions/0006-review-scan-in-a-child-process.md).

* :func:`scan_store` is the work itself: :func:`~.plans.contradiction_groups`, optionally
  :func:`~.plans.consolidation_plan` and the access policy's
  :func:`~hmdesk.core.memory.access.policy.proposals` (each with the fingerprint the Review area
  remembers a dismissal by, :func:`~.grouping.proposal_fingerprint`), over one read of the store.
* :func:`scan_job` is the job :class:`~hmdesk.core.child_process.ChildJob` runs (in the child,
  or in process in a frozen build): it opens the store itself (the file, or the PostgreSQL URL),
  only reads, and hands over one small item per group (``{"g": [...]}``), the plan
  (``{"plan": ...}``), the number of proposals (``{"qs": n}``) and one item per proposal
  (``{"q": [...]}``), so the reader never parses megabytes in one call.
* :func:`scan_child` makes that job for a :class:`ScanRequest`; :func:`run_scan` runs it and
  turns the items back into a :class:`ScanOutput`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hmdesk.core.child_process import ChildJob, JobError, JobFailed, JobOutput
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

STEPS = 1000
"""Progress is reported out of this many steps: the groups take the first
:data:`GROUPS_SHARE`, the plan and the proposals the rest."""
GROUPS_SHARE = 0.85


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
    """The items of ``output``, in the order :class:`_Collector` expects them."""
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


class _Collector:
    """Turns the scan's items back into a :class:`ScanOutput` (:meth:`take` one at a time)."""

    def __init__(self) -> None:
        self.output = ScanOutput([])

    def take(self, item: Any) -> None:
        try:
            self._take(item)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            raise JobFailed(f"the scan sent {str(item)[:80]!r} ({exc})") from None

    def _take(self, msg: dict[str, Any]) -> None:
        out = self.output
        if "g" in msg:
            kind, key, ids, action, keep, fp, sim = msg["g"]
            out.groups.append(
                Group(str(kind), str(key), tuple(ids), str(action), str(keep), str(fp), float(sim))
            )
        elif "q" in msg:
            q = msg["q"]
            if out.proposals is None or len(q) != 5 or not all(isinstance(x, str) for x in q):
                raise ValueError("a proposal out of place")
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
        else:
            raise ValueError("an unknown item")


# ------------------------------------------------------------------------------ the job

JOB = "hmdesk.core.memory.lifecycle.review_scan:scan_job"


def scan_job(request: Any, out: JobOutput) -> dict[str, Any]:
    """The job (see the module doc): the request's JSON in, items out, counts back."""
    try:
        req = ScanRequest.from_json(request)
    except (ValueError, TypeError) as exc:
        raise JobError(f"a bad scan request: {exc}") from None
    store = _open_store(req.db)
    try:
        output = scan_store(store, req, progress=out.progress, cancel=out.cancelled)
    finally:
        store.close()
        store.db.close()
    for item in encode(output):
        out.item(item)
    return {"records": output.records, "seconds": output.seconds}


def _open_store(where: str) -> MemoryStore:
    """The store at ``where`` for reading. A file must exist (the job never creates one)."""
    from pathlib import Path

    from hmdesk.core.db import Database, DatabaseError
    from hmdesk.core.dbfile import is_url
    from hmdesk.core.memory.store import MemoryStore

    if not is_url(where) and not Path(where).is_file():
        raise JobError(f"the database {where} is not there any more")
    try:
        db = Database(where)
    except DatabaseError as exc:
        raise JobError(str(exc)) from None
    return MemoryStore(db, keep_index=False)


def store_location(store: MemoryStore) -> str:
    """What the job opens: the store's PostgreSQL URL, else its database file."""
    db = store.db
    if db.dialect == "postgresql" and db.url:
        return db.url
    return str(db.path)


def scan_child(
    request: ScanRequest,
    *,
    command: Sequence[str] | None = None,
    in_process: bool | None = None,
) -> ChildJob:
    """The scan of ``request`` as a job to run (``command``/``in_process``: see
    :class:`~hmdesk.core.child_process.ChildJob`)."""
    return ChildJob(JOB, request.to_json(), name="scan", command=command, in_process=in_process)


def run_scan(child: ChildJob, progress: Progress | None = None) -> ScanOutput:
    """Run ``child`` (blocking: a worker thread) and collect its :class:`ScanOutput`; raises
    :class:`~hmdesk.core.child_process.JobCancelled` after ``child.kill()`` and
    :class:`~hmdesk.core.child_process.JobFailed` with one line for the user."""
    items = _Collector()
    done = child.run(progress, items.take)
    try:
        items.output.records = int(done["records"])
        items.output.seconds = float(done["seconds"])
    except (TypeError, KeyError, ValueError) as exc:
        raise JobFailed(f"the scan answered {str(done)[:80]!r} ({exc})") from None
    return items.output

"""One entry point per question, whichever the profile: which groups, which consolidation plan.

``hmharness`` answers exactly as hmharness does (:mod:`~hmdesk.core.memory.hmharness.rules`). ``default``:

* groups: :func:`~.grouping.find_groups` (subjects from segmented words, near-duplicates,
  contradictions by negation or different values);
* consolidation: exact duplicates (same layer, same normalised claim) are merged into the best
  of *their own* claim group — hmharness compares only with the best of the subject group, so two
  copies of a claim that is not the best one stay; near-duplicates are proposed in the Review
  area, never merged blindly — and decay follows hmharness's rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hmdesk.core.memory.hmharness.rules import (
    DEFAULT_STALE_DAYS,
    Cancelled,
    ConsolidationPlan,
    Merge,
    Progress,
    consolidate,
    detect_contradictions,
    is_active,
    normalize_claim,
)
from hmdesk.core.memory.lifecycle.grouping import Group, best_of, find_groups
from hmdesk.core.memory.record import MemoryRecord

PROFILES = ("default", "hmharness")


def contradiction_groups(
    profile: str,
    records: Sequence[MemoryRecord],
    *,
    kinds: tuple[str, ...] = ("contradiction",),
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[Group]:
    """Groups of ``kinds`` under ``profile``. hmharness groups are contradictions only; they come
    back as :class:`Group` with the hmharness key and ids (action ``review``)."""
    if profile == "hmharness":
        from hmdesk.core.memory.lifecycle.grouping import fingerprint

        by_id = {r.id: r for r in records}
        out: list[Group] = []
        if "contradiction" not in kinds:
            return out
        for g in detect_contradictions(records, progress=progress, cancel=cancel):
            recs = [by_id[i] for i in g.ids]
            out.append(
                Group(
                    "contradiction",
                    g.key,
                    g.ids,
                    "review",
                    best_of(recs).id,
                    fingerprint("contradiction", recs),
                    0.0,
                )
            )
        return out
    if profile == "default":
        return find_groups(records, kinds=kinds, progress=progress, cancel=cancel)
    raise ValueError(f"unknown profile {profile!r}; use one of {', '.join(PROFILES)}")


def consolidation_plan(
    profile: str,
    records: Sequence[MemoryRecord],
    *,
    stale_days: int = DEFAULT_STALE_DAYS,
    now_ms: int,
    cancel: Callable[[], bool] | None = None,
) -> ConsolidationPlan:
    if profile == "hmharness":
        return consolidate(records, stale_days=stale_days, now_ms=now_ms, cancel=cancel)
    if profile != "default":
        raise ValueError(f"unknown profile {profile!r}; use one of {', '.join(PROFILES)}")
    claims: dict[tuple[str, str], list[MemoryRecord]] = {}
    for r in records:
        if r.layer in ("semantic", "episodic") and is_active(r):
            claims.setdefault((r.layer, normalize_claim(r.content)), []).append(r)
    if cancel is not None and cancel():
        raise Cancelled("cancelled")
    merged: list[Merge] = []
    reasons: dict[str, str] = {}
    for members in claims.values():
        if len(members) < 2:
            continue
        best = best_of(members)
        for r in members:
            if r.id != best.id:
                merged.append(Merge(r.id, best.id))
                reasons[r.id] = f"consolidate: exact duplicate of {best.id}"
    gone = {m.id for m in merged}
    decayed = tuple(r.id for r in records if r.id not in gone and _stale(r, stale_days, now_ms))
    for i in decayed:
        reasons[i] = _stale_reason(stale_days)
    return ConsolidationPlan(tuple(merged), decayed, stale_days, now_ms, reasons)


def _stale_reason(stale_days: int) -> str:
    from hmdesk.core.memory.hmharness.rules import STALE_CONFIDENCE

    return (
        f"consolidate: stale episodic, confidence < {STALE_CONFIDENCE}, "
        f"not updated for {stale_days} days"
    )


def _stale(r: MemoryRecord, stale_days: int, now_ms: int) -> bool:
    from hmdesk.core.memory.hmharness.rules import DAY_MS, STALE_CONFIDENCE
    from hmdesk.core.memory.jsdate import parse_js_date_ms

    ts = parse_js_date_ms(r.timestamp) if r.timestamp else None
    return (
        r.layer == "episodic"
        and is_active(r)
        and ts is not None
        and ts < now_ms - stale_days * DAY_MS
        and r.confidence < STALE_CONFIDENCE
    )

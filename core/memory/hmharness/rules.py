"""hmharness's own contradiction and consolidation rules, reproduced exactly (the ``hmharness``
profile of ``hmdesk-cli contradictions`` / ``consolidate``).

* **Normalised claim**: lowercase, the characters ``。.!！?？,，、'"`` removed, runs of whitespace
  collapsed to one space, trimmed.
* **Subject key**: the first two space-separated tokens of the normalised claim (fewer when the
  claim has fewer).
* **Contradictions** (:func:`detect_contradictions`): active (not superseded, not deleted)
  ``semantic`` memories grouped by subject key; a group with two or more *distinct* normalised
  claims is reported. Groups come in the order their first member appears in the store, members in
  store order.
* **Consolidation** (:func:`consolidate`), two steps over the store as it is before the call:

  1. *merge*: active ``semantic`` and ``episodic`` memories grouped by ``layer:subject key``; each
     group of two or more is ordered by confidence (highest first), then timestamp (newest first),
     ties in store order (a stable sort); the first one wins, and every other member whose
     normalised claim equals the winner's gets ``supersededBy = winner id``. Members with another
     claim are left alone, even when they duplicate each other.
  2. *decay*: every ``episodic`` memory still active after step 1 whose timestamp is older than
     ``stale_days`` days before "now" **and** whose confidence is below 0.5 gets ``supersededBy =
     "consolidation:stale"``. A timestamp JavaScript cannot parse is never stale (its age is NaN).

All functions are pure: they take records (in store order) and return a plan; nothing is written
(see :mod:`~hmdesk.core.memory.lifecycle.apply`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from hmdesk.core.memory.jsdate import parse_js_date_ms
from hmdesk.core.memory.record import DECAY_SENTINEL, MemoryRecord

DEFAULT_STALE_DAYS = 60
"""hmharness's ``consolidate({staleDays = 60})``."""
STALE_CONFIDENCE = 0.5
"""An episodic memory decays only with a confidence strictly below this."""
DAY_MS = 86_400_000

_STRIP = re.compile("[。.!！?？,，、'\"]")
_SPACES = re.compile(r"\s+")

Progress = Callable[[int, int], None]
"""``progress(done, total)``; called from the worker thread, cheap."""


class Cancelled(Exception):
    """The caller's cancel flag was set; nothing was returned and nothing was written."""


def normalize_claim(content: str) -> str:
    """hmharness's normalised claim (see the module doc)."""
    return _SPACES.sub(" ", _STRIP.sub("", content.lower())).strip()


def subject_key(content: str) -> str:
    """hmharness's subject key: the first two tokens of the normalised claim."""
    return " ".join(normalize_claim(content).split(" ")[:2])


def is_active(r: MemoryRecord) -> bool:
    return r.superseded_by is None and r.deleted_at is None


@dataclass(frozen=True, slots=True)
class SubjectGroup:
    """A group of memories reported together: ``key`` and member ids in store order."""

    key: str
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Merge:
    id: str
    into: str


@dataclass(frozen=True, slots=True)
class ConsolidationPlan:
    """What consolidation would change: merges (``id`` superseded by ``into``) and decays."""

    merged: tuple[Merge, ...] = ()
    decayed: tuple[str, ...] = ()
    stale_days: int = DEFAULT_STALE_DAYS
    now_ms: int = 0
    reasons: dict[str, str] = field(default_factory=dict)  # memory id → reason of its change

    @property
    def empty(self) -> bool:
        return not self.merged and not self.decayed

    def as_json(self) -> dict[str, object]:
        """hmharness's result shape: ``{"merged": [{"id", "into"}], "decayed": [id, …]}``."""
        return {
            "merged": [{"id": m.id, "into": m.into} for m in self.merged],
            "decayed": list(self.decayed),
        }


def _check(cancel: Callable[[], bool] | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled("cancelled")


def detect_contradictions(
    records: Iterable[MemoryRecord],
    *,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[SubjectGroup]:
    """hmharness's ``detectContradictions()`` over ``records`` (in store order)."""
    groups: dict[str, list[tuple[str, str]]] = {}
    recs = records if isinstance(records, Sequence) else list(records)
    total = len(recs)
    for i, r in enumerate(recs):
        if i % 5000 == 0:
            _check(cancel)
            if progress is not None:
                progress(i, total)
        if r.layer != "semantic" or not is_active(r):
            continue
        claim = normalize_claim(r.content)
        key = " ".join(claim.split(" ")[:2])
        groups.setdefault(key, []).append((r.id, claim))
    if progress is not None:
        progress(total, total)
    return [
        SubjectGroup(key, tuple(i for i, _ in members))
        for key, members in groups.items()
        if len({c for _, c in members}) >= 2
    ]


def _ts_ms(r: MemoryRecord) -> int | None:
    return parse_js_date_ms(r.timestamp) if r.timestamp else None


def consolidate(
    records: Iterable[MemoryRecord],
    *,
    stale_days: int = DEFAULT_STALE_DAYS,
    now_ms: int,
    cancel: Callable[[], bool] | None = None,
) -> ConsolidationPlan:
    """hmharness's ``consolidate({staleDays})`` as a plan (nothing is changed)."""
    recs = list(records)
    groups: dict[str, list[tuple[int, MemoryRecord, str]]] = {}
    for pos, r in enumerate(recs):
        if r.layer not in ("semantic", "episodic") or not is_active(r):
            continue
        claim = normalize_claim(r.content)
        key = r.layer + ":" + " ".join(claim.split(" ")[:2])
        groups.setdefault(key, []).append((pos, r, claim))
    _check(cancel)
    merged: list[Merge] = []
    reasons: dict[str, str] = {}
    gone: set[str] = set()
    for members in groups.values():
        if len(members) < 2:
            continue

        def order(m: tuple[int, MemoryRecord, str]) -> tuple[float, float, int]:
            ts = _ts_ms(m[1])
            return (-m[1].confidence, -(ts if ts is not None else float("-inf")), m[0])

        ranked = sorted(members, key=order)
        _, best, best_claim = ranked[0]
        for _, r, claim in ranked[1:]:
            if claim == best_claim:
                merged.append(Merge(r.id, best.id))
                gone.add(r.id)
                reasons[r.id] = f"consolidate: exact duplicate of {best.id}"
    _check(cancel)
    decayed: list[str] = []
    cutoff = now_ms - stale_days * DAY_MS
    for r in recs:
        if r.layer != "episodic" or not is_active(r) or r.id in gone:
            continue
        ts = _ts_ms(r)
        if ts is not None and ts < cutoff and r.confidence < STALE_CONFIDENCE:
            decayed.append(r.id)
            reasons[r.id] = (
                f"consolidate: stale episodic, confidence < {STALE_CONFIDENCE}, "
                f"not updated for {stale_days} days"
            )
    return ConsolidationPlan(tuple(merged), tuple(decayed), stale_days, now_ms, reasons)


__all__ = [
    "DECAY_SENTINEL",
    "DEFAULT_STALE_DAYS",
    "STALE_CONFIDENCE",
    "Cancelled",
    "ConsolidationPlan",
    "Merge",
    "Progress",
    "SubjectGroup",
    "consolidate",
    "detect_contradictions",
    "is_active",
    "normalize_claim",
    "subject_key",
]

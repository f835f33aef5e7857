"""The default profile's duplicate and contradiction groups, for the CLI and the Review area.

Active (not superseded, not deleted) memories are compared pairwise by their
:class:`~.claims.Claim` (:func:`~.claims.relation`): duplicates are the app's one definition of
near-duplicates (:func:`~.claims.duplicate_claims`, the same the memory list folds as "n
similar"), contradictions are between ``semantic`` memories (episodic run records differ by
nature). Which pairs are compared:

* up to :data:`EXACT_LIMIT` memories: every pair that shares a core word (exact);
* above it: MinHash over the core words (:data:`HASHES` hashes, :data:`BANDS` bands of
  :data:`ROWS`; numpy), candidates whose estimated similarity reaches :data:`LSH_FLOOR` are
  compared exactly. A pair at similarity 0.7 is found with probability ~0.97, at 0.6 ~0.8 and at
  0.5 ~0.5. Identical word sets share every hash, so exact copies are always found; claims
  without words are matched by their normalised text.

Pairs are joined into groups (connected components, one per kind). A contradiction group joins
only memories of one subject: a contradicting pair of two subjects is a group of its own, so
"A contradicts B, B contradicts C" never puts A and C (which may be about different things) in
one group (a chain of 57 memories of many subjects did). A :class:`Group` has its
``kind`` (``duplicate`` / ``contradiction``), a ``key`` (the subject: an anchor such as an error
code or API name, else the first two words), its members in store order, a proposed action and a
``fingerprint`` that changes whenever a member's id, content, confidence or supersede state does —
the Review area remembers a dismissal by it ("unless the memories change").
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hmdesk.core.memory.hmharness.rules import (
    Cancelled,
    Progress,
    is_active,
    normalize_claim,
)
from hmdesk.core.memory.jsdate import parse_js_date_ms
from hmdesk.core.memory.lifecycle.claims import Claim, claim_of, duplicate_claims, relation
from hmdesk.core.memory.record import MemoryRecord

if TYPE_CHECKING:
    from hmdesk.core.memory.access.policy import Proposal

EXACT_LIMIT = 3000
HASHES = 100
ROWS = 5
BANDS = HASHES // ROWS
LSH_FLOOR = 0.45
MAX_RUN = 50  # a bucket bigger than this links only neighbours (same band, same hashes)
_CHECK_EVERY = 2000


@dataclass(frozen=True, slots=True)
class Group:
    kind: str  # "duplicate" | "contradiction"
    key: str
    ids: tuple[str, ...]  # store order
    action: str  # "supersede" (duplicates: the others by ``keep``) | "review"
    keep: str  # the proposed survivor: highest confidence, then newest, then first
    fingerprint: str
    similarity: float  # the lowest similarity of the pairs that joined the group

    def as_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "key": self.key,
            "ids": list(self.ids),
            "action": self.action,
            "keep": self.keep,
            "fingerprint": self.fingerprint,
            "similarity": round(self.similarity, 3),
        }


def fingerprint(kind: str, records: Sequence[MemoryRecord]) -> str:
    """A stable digest of a group's kind and its members' id, content, confidence and state."""
    h = hashlib.sha256(kind.encode())
    for r in sorted(records, key=lambda r: r.id):
        for part in (r.id, r.content, repr(float(r.confidence)), r.superseded_by or ""):
            h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:20]


def proposal_fingerprint(p: Proposal, record: MemoryRecord | None = None) -> str:
    """A promotion / decay proposal's digest: the proposal (its memory, rule and change) and, when
    given, its memory's layer, confidence and supersede state at the time."""
    h = hashlib.sha256(p.id.encode())
    parts = [p.field, repr(p.old), repr(p.new), p.content]
    if record is not None:
        parts += [record.layer, repr(float(record.confidence)), record.superseded_by or ""]
    for part in parts:
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return "p:" + h.hexdigest()[:20]


def best_of(records: Sequence[MemoryRecord]) -> MemoryRecord:
    """Highest confidence, then newest timestamp, then first in store order."""

    def order(ir: tuple[int, MemoryRecord]) -> tuple[float, float, int]:
        ts = parse_js_date_ms(ir[1].timestamp) if ir[1].timestamp else None
        return (-ir[1].confidence, -(ts if ts is not None else float("-inf")), ir[0])

    return min(enumerate(records), key=order)[1]


class _Union:
    def __init__(self) -> None:
        self.parent: dict[int, int] = {}

    def find(self, x: int) -> int:
        p = self.parent.setdefault(x, x)
        while p != self.parent.setdefault(p, p):
            self.parent[p] = self.parent[self.parent[p]]
            p = self.parent[p]
        self.parent[x] = p
        return p

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _exact_candidates(claims: Sequence[Claim]) -> set[tuple[int, int]]:
    index: dict[str, list[int]] = {}
    for i, c in enumerate(claims):
        for w in c.core:
            index.setdefault(w, []).append(i)
    out: set[tuple[int, int]] = set()
    for members in index.values():
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                out.add((members[x], members[y]))
    return out


def _lsh_candidates(claims: Sequence[Claim], tick: Callable[[float], None]) -> set[tuple[int, int]]:
    from hmdesk.core.memory.lifecycle.minhash import candidate_pairs

    return candidate_pairs([c.core for c in claims], HASHES, ROWS, LSH_FLOOR, MAX_RUN, tick=tick)


def find_groups(
    records: Sequence[MemoryRecord],
    *,
    kinds: tuple[str, ...] = ("duplicate", "contradiction"),
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[Group]:
    """Duplicate and contradiction groups among ``records`` (store order), in the order of their
    first member. ``progress(done, total)`` counts memories read, then pairs compared."""
    pool = [r for r in records if is_active(r)]
    total = len(pool)
    # progress in thirds: reading the claims, finding candidate pairs, comparing them
    steps = 3 * total

    def report(done: int) -> None:
        if cancel is not None and cancel():
            raise Cancelled("cancelled")
        if progress is not None:
            progress(done, steps)

    claims: list[Claim] = []
    for i, r in enumerate(pool):
        if i % _CHECK_EVERY == 0:
            report(i)
        claims.append(claim_of(r.content))
    report(total)
    if len(pool) <= EXACT_LIMIT:
        pairs = _exact_candidates(claims)
    else:
        pairs = _lsh_candidates(claims, lambda f: report(total + int(f * total)))
    # identical claims always share every hash and every word; claims without words only here
    same: dict[tuple[str, str], int] = {}
    for i, r in enumerate(pool):
        if not claims[i].core:
            j = same.setdefault((r.layer, normalize_claim(r.content)), i)
            if j != i:
                pairs.add((j, i))
    report(2 * total)
    unions = {k: _Union() for k in kinds}
    direct: list[tuple[int, int, float]] = []  # contradicting pairs of two subjects
    low: dict[tuple[str, int], float] = {}
    step = max(1, len(pairs) // 20)
    for n, (a, b) in enumerate(pairs):
        if n % step == 0:
            report(2 * total + (n * total) // max(1, len(pairs)))
        ra, rb = pool[a], pool[b]
        kind, sim = relation(claims[a], claims[b])
        if kind is None or kind not in unions:
            continue
        if kind == "duplicate" and not duplicate_claims(ra.layer, claims[a], rb.layer, claims[b]):
            continue
        if kind == "contradiction" and not (ra.layer == rb.layer == "semantic"):
            continue
        if kind == "contradiction" and claims[a].subject != claims[b].subject:
            direct.append((min(a, b), max(a, b), sim))  # a pair of its own, never a chain
            continue
        unions[kind].union(a, b)
        for x in (a, b):
            low[(kind, x)] = min(low.get((kind, x), 1.0), sim)
    report(steps)
    components: list[tuple[str, list[int], float | None]] = []
    for kind, u in unions.items():
        comps: dict[int, list[int]] = {}
        for x in sorted(u.parent):
            comps.setdefault(u.find(x), []).append(x)
        components += [(kind, m, None) for m in comps.values()]
    components += [("contradiction", [a, b], sim) for a, b, sim in sorted(set(direct))]
    out: list[tuple[int, Group]] = []
    for kind, members, pair_sim in components:
        if len(members) < 2:
            continue
        recs = [pool[i] for i in members]
        keep = best_of(recs)
        key = claims[members[0]].subject
        out.append(
            (
                members[0],
                Group(
                    kind=kind,
                    key=key,
                    ids=tuple(r.id for r in recs),
                    action="supersede" if kind == "duplicate" else "review",
                    keep=keep.id,
                    fingerprint=fingerprint(kind, recs),
                    similarity=pair_sim
                    if pair_sim is not None
                    else min(low.get((kind, i), 1.0) for i in members),
                ),
            )
        )
    out.sort(key=lambda p: (p[0], p[1].kind))
    return [g for _, g in out]

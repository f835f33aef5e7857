"""The kept confidence/recency part and the exact near-top (retrieve/ranking.py)."""

from __future__ import annotations

import numpy as np
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.profile import DEFAULT
from hmdesk.core.memory.retrieve.ranking import (
    STATIC_FOR_MS,
    exact_scores,
    group_bits,
    group_sums,
    static_drop,
    static_part,
    unparseable_in,
)

NOW = 1_795_953_600_000  # 2026-11-29T12:00:00Z


def rec(i: int, ts: str, conf: float, content: str | None = None) -> MemoryRecord:
    return MemoryRecord(
        id=f"m{i}", layer="semantic", content=content or f"c{i}", source="t", provenance="t",
        confidence=conf, timestamp=ts, environment="terminal", session="s", tags=(), seq=i + 1,
    )  # fmt: skip


def index() -> MemoryIndex:
    stamps = ["2026-11-29T11:00:00.000Z", "2026-10-01T00:00:00.000Z", "2026-09-01T00:00:00.000Z"]
    return MemoryIndex([rec(i, stamps[i % 3], 0.1 * (i % 7)) for i in range(30)] + [
        rec(30, "not a date", 0.9)
    ])  # fmt: skip


def test_group_sums_add_weights_in_query_order() -> None:
    weights = [0.1, 0.7, 1 / 3]
    sums = group_sums(weights)
    for bits in range(8):
        want = 0.0
        for g, w in enumerate(weights):
            if bits >> g & 1:
                want += w
        assert sums[bits] == want


def test_kept_part_exact_at_its_now_and_an_upper_bound_later() -> None:
    ix = index()
    pos = np.arange(ix.size, dtype=np.int64)
    zero = np.zeros(ix.size)
    now0, kept = static_part(ix, NOW)
    assert now0 == NOW and static_drop(ix, NOW) == 0.0
    assert (kept == exact_scores(ix, pos, zero, NOW, DEFAULT)).all()
    later = NOW + STATIC_FOR_MS // 2
    assert static_part(ix, later)[0] == NOW  # still served
    exact = exact_scores(ix, pos, zero, later, DEFAULT)
    assert (kept >= exact).all() and (kept - exact <= static_drop(ix, later)).all()
    assert static_part(ix, NOW + STATIC_FOR_MS + 1)[0] == NOW + STATIC_FOR_MS + 1  # renewed
    assert static_part(ix, NOW - 1)[0] == NOW - 1  # an earlier now: renewed too


def test_unparseable_in_counts_bad_timestamps() -> None:
    ix = index()
    assert unparseable_in(ix, np.arange(ix.size, dtype=np.int64)) == 1
    assert unparseable_in(ix, np.arange(30, dtype=np.int64)) == 0
    assert (
        unparseable_in(
            MemoryIndex([rec(0, "2026-11-29T11:00:00.000Z", 1.0)]), np.zeros(1, dtype=np.int64)
        )
        == 0
    )


def test_group_bits_and_document_frequencies_over_live_memories() -> None:
    """Both ways of setting bits (a rare group ORed in place, a common one through a mask of its
    own), forms repeated in a memory, and memories masked out (not counted)."""
    words = ["build", "build failed", "构建 build.", "fail", "sign", "签名 sign sign"]
    texts = [words[i % len(words)] + (" rare" if i == 7 else "") for i in range(64)]
    ts = "2026-11-29T11:00:00.000Z"
    full = MemoryIndex([rec(i, ts, 0.5, t) for i, t in enumerate(texts)])
    groups = [("build", "构建"), ("fail",), ("rare",), ("签名", "sign"), ("nothing",)]
    for ix in (full, full.with_dead(["m2", "m7", "m11"])):
        bits, hit, dfs = group_bits(ix, groups)
        for g, group in enumerate(groups):
            holds = np.array([any(ix.docs_containing(f).tolist().count(p) for f in group)
                              for p in range(ix.size)])  # fmt: skip
            assert ((bits >> g & 1) == holds).all()
            assert dfs[g] == int(np.count_nonzero(holds & ix.alive))
        assert hit.tolist() == np.flatnonzero((bits != 0) & ix.alive).tolist()
    assert group_bits(full, groups)[2] == [33, 22, 1, 20, 0]  # i % 6 in {0,1,2}, {1,3}, …

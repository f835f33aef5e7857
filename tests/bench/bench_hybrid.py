"""Hybrid profile benchmark: its query time, excluding the one query embedding, against default's.

Builds a database of ``N`` memories (bench_gui_startup's generator), stores a random unit vector
of 384 dimensions per memory (multilingual-e5-small's size) under the fake embedder's model id,
then times bench_retrieval's queries with text, warm, under both profiles: the median of
``QueryResult.elapsed_ms`` (the search itself; the query vectors are embedded before it and
cached). Goal (issue 12, requirement 6): hybrid within 2× of default.
``python -m tests.bench hybrid`` runs only this one; ``python -m tests.bench.bench_hybrid N``
another size.
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

N_MEMORIES = 100_000
GOAL = 2.0


def run(n: int = N_MEMORIES) -> tuple[float, float, tuple[int, int, float]]:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve import Query, Retriever
    from hmdesk.core.memory.semantic import FakeEmbedder
    from hmdesk.core.memory.store import MemoryStore

    from tests.bench.bench_gui_startup import make_store
    from tests.bench.bench_retrieval import make_queries

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hybrid.db"
        make_store(path, n)
        embedder = FakeEmbedder(dim=384)
        con = sqlite3.connect(path)
        seqs = [r[0] for r in con.execute("SELECT seq FROM memories ORDER BY seq")]
        vectors = np.random.default_rng(1).standard_normal((len(seqs), 384)).astype("<f4")
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        with con:
            con.executemany(
                "INSERT INTO memory_embeddings (memory_seq, model, content_hash, dim, vector) "
                "VALUES (?,?,?,?,?)",
                (
                    (q, embedder.model_id, "-", 384, vectors[i].tobytes())
                    for i, q in enumerate(seqs)
                ),
            )
        con.close()
        db = Database(path)
        store = MemoryStore(db)
        retriever = Retriever(store, embedder=embedder)
        try:
            retriever.warm()
            queries = [q for q in make_queries() if q.text.strip()]
            times: dict[str, list[float]] = {"default": [], "hybrid": []}
            for rnd in range(2):  # the first round warms (query vectors, the matrix)
                for q in queries:
                    for profile, out in times.items():
                        ms = retriever.search(Query(**{**q.__dict__, "profile": profile}))
                        if rnd:
                            out.append(ms.elapsed_ms)
            agreement = _against_exact(retriever, queries)
        finally:
            retriever.close()
            store.close()
            db.close()
    return statistics.median(times["default"]), statistics.median(times["hybrid"]), agreement


def _against_exact(retriever: Any, queries: list[Any]) -> tuple[int, int, float]:
    """The large-store path's rankings against the exact one (every cosine): (queries with the
    same top-k ids in the same order, with the same first five, share of top-k ids in common)."""
    from hmdesk.core.memory.retrieve import Query, hybrid

    def ranked() -> list[list[str]]:
        return [
            [
                x.memory.id
                for x in retriever.search_ranked(
                    Query(**{**q.__dict__, "profile": "hybrid"})
                ).results
            ]
            for q in queries
        ]

    large = ranked()
    was = hybrid.COARSE_FROM
    hybrid.COARSE_FROM = 1 << 62
    try:
        exact = ranked()
    finally:
        hybrid.COARSE_FROM = was
    same = sum(a == b for a, b in zip(large, exact, strict=True))
    top5 = sum(a[:5] == b[:5] for a, b in zip(large, exact, strict=True))
    common = sum(len(set(a) & set(b)) for a, b in zip(large, exact, strict=True))
    return same, top5, common / max(1, sum(len(b) for b in exact))


def main(n: int = N_MEMORIES) -> bool:
    default, hybrid, (same, top5, common) = run(n)
    ratio = hybrid / default
    print(
        f"{n:,} memories: default {default:.2f} ms, hybrid {hybrid:.2f} ms excluding the query "
        f"embedding (median, warm): {ratio:.2f}× (goal ≤ {GOAL:g}×)"
    )
    print(
        f"against the exact hybrid (every cosine; random vectors, fake query vectors): same top-k "
        f"{same}, same top 5 {top5} of the queries, {common:.1%} of the top-k ids in common"
    )
    return ratio <= GOAL


if __name__ == "__main__":
    sys.exit(0 if main(int(sys.argv[1]) if len(sys.argv) > 1 else N_MEMORIES) else 1)

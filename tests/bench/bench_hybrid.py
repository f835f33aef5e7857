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

import numpy as np

N_MEMORIES = 100_000
GOAL = 2.0


def run(n: int = N_MEMORIES) -> tuple[float, float]:
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
        finally:
            retriever.close()
            store.close()
            db.close()
    return statistics.median(times["default"]), statistics.median(times["hybrid"])


def main(n: int = N_MEMORIES) -> bool:
    default, hybrid = run(n)
    ratio = hybrid / default
    print(
        f"{n:,} memories: default {default:.2f} ms, hybrid {hybrid:.2f} ms excluding the query "
        f"embedding (median, warm): {ratio:.1f}× (goal ≤ {GOAL:g}×)"
    )
    return ratio <= GOAL


if __name__ == "__main__":
    sys.exit(0 if main(int(sys.argv[1]) if len(sys.argv) > 1 else N_MEMORIES) else 1)

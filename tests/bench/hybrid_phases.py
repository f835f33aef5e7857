"""Where a warm hybrid query's time goes, next to the default's: per-phase medians.

Not a benchmark with a goal (``make bench`` does not run it): the tool for continuing issue
12's requirement 6 (see docs/ARCHITECTURE.md, "Fewer calls per hybrid query"). It builds
bench_hybrid's store (``N`` memories, semi-real vectors when ``hmdesk[semantic]`` is installed,
else random ones), runs bench_retrieval's queries with text under ``default`` and ``hybrid``
alternately, and times named functions of the search by wrapping them (nested ones are counted
in their callers too). Prints, per profile, the median and mean milliseconds per query of each.

``python -m tests.bench.hybrid_phases [N] [random]`` (``HMDESK_NO_JIT=1``: the numpy path)
"""

from __future__ import annotations

import importlib
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hmdesk.core.memory.retrieve.profile import PROFILES

PHASES = [  # (module, attribute path, label)
    ("hmdesk.core.memory.retrieve.index", "group_bits", "group_bits"),
    ("hmdesk.core.memory.retrieve.hybrid_search", "prepare", "hybrid prepare"),
    ("hmdesk.core.memory.retrieve.hybrid", "_large", "  semantic part"),
    ("hmdesk.core.memory.semantic.clusters", "ClusterLists.probe", "    probe"),
    ("hmdesk.core.memory.semantic.clusters", "ClusterLists.nearest_lists", "      numpy: lists"),
    ("hmdesk.core.memory.retrieve.hybrid", "_large_compiled", "    compiled rounds"),
    ("hmdesk.core.memory.retrieve.hybrid", "_Rescored.add", "    numpy: rescoring"),
    ("hmdesk.core.memory.retrieve.hybrid", "_scale", "    numpy: scale"),
    ("hmdesk.core.memory.retrieve.hybrid", "_kth_score", "    numpy: kth score"),
    ("hmdesk.core.memory.retrieve.index", "MemoryIndex._candidates", "candidates"),
    ("hmdesk.core.memory.retrieve.index", "explain_terms", "explanations"),
]


def _wrap(spent: dict[str, float]) -> list[str]:
    """Wrap each phase, adding its wall time to ``spent``; the phases not found."""
    missing = []
    for module, path, label in PHASES:
        owner: Any = importlib.import_module(module)
        *outer, name = path.split(".")
        for part in outer:
            owner = getattr(owner, part, None)
        real = getattr(owner, name, None) if owner is not None else None
        if real is None:
            missing.append(f"{module}.{path}")
            continue

        def timed(*a: Any, _real: Callable[..., Any] = real, _label: str = label, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return _real(*a, **k)
            finally:
                spent[_label] += time.perf_counter() - started

        setattr(owner, name, timed)
    return missing


def main(n: int = 100_000, kind: str = "semi") -> None:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve import Query, Retriever
    from hmdesk.core.memory.semantic import FakeEmbedder
    from hmdesk.core.memory.store import MemoryStore

    from tests.bench import bench_hybrid as bh
    from tests.bench.bench_retrieval import make_queries

    queries = [q for q in make_queries() if q.text.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "phases.db"
        seqs = bh.new_store(path, n)
        semi = (
            None
            if kind == "random"
            else bh._semi_real(len(seqs), sorted({q.text for q in queries}))
        )
        if semi is None:
            vectors, embedder = bh._random(len(seqs)), FakeEmbedder(dim=bh.DIM)
        else:
            vectors, embedder = semi[0], bh._table_embedder("bench-e5-semi", semi[1])
        bh._store_vectors(path, seqs, vectors, embedder.model_id)
        db = Database(path)
        store = MemoryStore(db)
        retriever = Retriever(store, embedder=embedder)
        try:
            retriever.warm()
            by = {
                p: [Query(**{**q.__dict__, "profile": PROFILES[p]}) for q in queries]
                for p in ("default", "hybrid")
            }
            for p in by:  # warm: query vectors, the matrix and its lists
                for q in by[p]:
                    retriever.search(q)
            spent: dict[str, float] = defaultdict(float)
            missing = _wrap(spent)
            rows: dict[str, dict[str, list[float]]] = {p: defaultdict(list) for p in by}
            for _ in range(2):
                for i in range(len(queries)):
                    for p in by:
                        spent.clear()
                        rows[p]["search (elapsed_ms)"].append(retriever.search(by[p][i]).elapsed_ms)
                        for _m, _p, label in PHASES:
                            rows[p][label].append(spent.get(label, 0.0) * 1000)
        finally:
            retriever.close()
            store.close()
            db.close()
    print(
        f"{n:,} memories, {'semi-real' if semi is not None else 'random'} vectors, {len(queries)} queries × 2"
    )
    print(f"{'phase':28} {'default med':>11} {'mean':>7} {'hybrid med':>11} {'mean':>7}  (ms)")
    for label in ["search (elapsed_ms)", *(x[2] for x in PHASES)]:
        d, h = rows["default"][label], rows["hybrid"][label]
        print(
            f"{label:28} {statistics.median(d):11.3f} {statistics.mean(d):7.3f} "
            f"{statistics.median(h):11.3f} {statistics.mean(h):7.3f}"
        )
    for name in missing:
        print(f"(not timed: {name} is gone; update PHASES)")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if args and args[0].isdigit() else 100_000,
        "random" if "random" in args else "semi",
    )

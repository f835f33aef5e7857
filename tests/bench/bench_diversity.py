"""Diversity on the recall lab: the duplicate collapse's effect, before (ranked) and after (folded).

A throw-away store holds the starter pack plus ``resources/recall_lab/diversity_memories.jsonl``:
near-duplicates of ten starter memories (the same claim reworded, in English and Chinese; each
names the memory it repeats in ``duplicate_of``). Two labelled sets run under ``default`` and
``hybrid`` (the local model when ``hmdesk[semantic]`` is installed, else the deterministic fake),
each through :meth:`Retriever.search_ranked` (before) and :meth:`Retriever.search` (after):

* ``starter_set.json`` (103 queries): recall@5, MRR, nDCG@5 must not drop;
* ``diversity_set.json`` (20 queries, a claim's memories all relevant): the same, and the mean
  number of **distinct claims in the top 5** (a duplicate counts as its original's claim).

``python -m tests.bench diversity``. Goal: fewer duplicate slots, no metric lower.
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hmdesk.core.memory.retrieve.profile import PROFILES

ROOT = Path(__file__).resolve().parents[2]
MEMORIES = ROOT / "resources" / "recall_lab" / "diversity_memories.jsonl"
SET = ROOT / "resources" / "recall_lab" / "diversity_set.json"


def duplicates() -> list[dict[str, Any]]:
    return [json.loads(line) for line in MEMORIES.read_text("utf-8").splitlines() if line.strip()]


def load_duplicates(store: Any) -> dict[str, str]:
    """Add the near-duplicates to ``store``; every memory's claim (its own id, or the
    original's)."""
    claims: dict[str, str] = {}
    stamp = store.list()[0].timestamp
    for e in duplicates():
        store.add(
            e["content"],
            id=e["id"],
            layer=e["layer"],
            tags=e["tags"],
            confidence=e["confidence"],
            source=e["source"],
            provenance=e["provenance"],
            environment=e["environment"],
            session=e["session"],
            timestamp=stamp,
            reason="recall lab",
        )
        claims[e["id"]] = e["duplicate_of"]
    return claims


def _embedder() -> Any:
    from hmdesk.core.memory.semantic import FakeEmbedder

    try:
        from hmdesk.core.memory.semantic.local import load_local

        return load_local()
    except Exception:  # noqa: BLE001 - the extra is not installed: the fake
        return FakeEmbedder(dim=384)


def claim_metrics(
    ids: list[str], relevant: set[str], claims: dict[str, str], k: int = 5
) -> tuple[float, float, float, int]:
    """(recall@k, reciprocal rank, nDCG@k, distinct claims in the top k) of a ranking read as
    claims: a duplicate is its original's claim, a claim counts at its first rank only."""
    seen: list[str] = []
    for i in ids:
        c = claims.get(i, i)
        seen.append(c if c not in seen else "")
    want = {claims.get(i, i) for i in relevant}
    ranks = [n for n, c in enumerate(seen, 1) if c in want]
    recall = sum(1 for r in ranks if r <= k) / len(want)
    rr = 1 / ranks[0] if ranks else 0.0
    dcg = sum(1 / math.log2(r + 1) for r in ranks if r <= k)
    ideal = sum(1 / math.log2(r + 1) for r in range(1, min(len(want), k) + 1))
    return recall, rr, dcg / ideal, len({c for c in seen[:k] if c})


Row = tuple[str, str, str, dict[str, float]]


def _measure(
    retriever: Any, lset: Any, claims: dict[str, str], now: datetime, label: str
) -> list[Row]:
    from hmdesk.core.memory.retrieve.results import Query

    rows: list[Row] = []
    for profile in ("default", "hybrid"):
        for way in ("before", "after"):
            search = retriever.search_ranked if way == "before" else retriever.search
            sums = [0.0, 0.0, 0.0, 0.0]
            for q in lset.queries:
                result = search(Query(text=q.text, limit=20, profile=PROFILES[profile], now=now))
                ids = [r.memory.id for r in result.results]
                for n, v in enumerate(claim_metrics(ids, set(q.relevant), claims)):
                    sums[n] += v
            count = len(lset.queries)
            rows.append(
                (
                    label,
                    profile,
                    way,
                    {
                        "recall_at_5": sums[0] / count,
                        "mrr": sums[1] / count,
                        "ndcg_at_5": sums[2] / count,
                        "distinct_top5": sums[3] / count,
                    },
                )
            )
    return rows


def run() -> list[Row]:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.lab import load_set, starter_set
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.semantic.fill import fill_embeddings
    from hmdesk.core.memory.starter import load_starter_pack
    from hmdesk.core.memory.store import MemoryStore

    rows: list[Row] = []
    embedder = _embedder()
    with tempfile.TemporaryDirectory() as tmp:
        for with_duplicates in (False, True):
            db = Database(Path(tmp) / f"diversity{int(with_duplicates)}.db")
            store = MemoryStore(db)
            load_starter_pack(store)
            claims = load_duplicates(store) if with_duplicates else {}
            fill_embeddings(db, embedder)
            stamp = store.list()[0].timestamp
            now = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(UTC)
            retriever = Retriever(store, embedder=embedder)
            try:
                if with_duplicates:
                    rows += _measure(retriever, starter_set(), claims, now, "starter+dup")
                    rows += _measure(retriever, load_set(SET), claims, now, "diversity")
                else:
                    rows += _measure(retriever, starter_set(), claims, now, "starter")
            finally:
                retriever.close()
                store.close()
                db.close()
    print(f"embedder: {embedder.model_id}")
    return rows


def main() -> bool:
    rows = run()
    print(
        f"{'set':<12} {'profile':<8} {'':<7} {'R@5':>6} {'MRR':>6} {'nDCG@5':>7} "
        f"{'distinct claims in top 5':>25}"
    )
    ok = True
    for n, (set_name, profile, way, f) in enumerate(rows):
        print(
            f"{set_name:<12} {profile:<8} {way:<7} {f['recall_at_5']:6.3f} {f['mrr']:6.3f} "
            f"{f['ndcg_at_5']:7.3f} {f['distinct_top5']:25.2f}"
        )
        if way == "after":
            before = rows[n - 1][3]
            ok &= f["distinct_top5"] >= before["distinct_top5"]
            ok &= all(f[m] >= before[m] - 0.02 for m in ("recall_at_5", "mrr", "ndcg_at_5"))
    return ok


if __name__ == "__main__":
    sys.exit(0 if main() else 1)

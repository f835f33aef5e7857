"""Memory store at 100,000 memories: hmharness import, list(), re-import, export, single edits.

``list()`` is compared with the floor it cannot beat: a bare ``sqlite3`` ``SELECT`` of the same
rows with ``json.loads`` of the tags (same machine, same run). Goals: ``list()`` within 3× of that
floor, an unchanged re-import faster than the first import, and the export of untouched memories
byte-identical to the imported file.
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

N = 100_000
LAYERS = ("episodic", "semantic", "procedural", "world")
ENVS = ("harmonyos", "terminal", "runtime", "openharmony")
WORDS = [
    "hvigor",
    "build",
    "failed",
    "path",
    "spaces",
    "quote",
    "hdc",
    "install",
    "signing",
    "profile",
    "module",
    "ability",
    "构建",
    "失败",
    "签名",
    "安装",
    "设备",
    "日志",
    "hilog",
    "ArkTS",
    "ohpm",
    "install",
    "deps",
    "EntryAbility",
]


def make_file(path: Path, n: int) -> None:
    rng = random.Random(7)
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            obj = {
                "id": f"mem-{i:012x}",
                "layer": rng.choice(LAYERS),
                "content": " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14))),
                "source": "learning-loop",
                "provenance": f"opportunity:{i}",
                "confidence": round(rng.random(), 3),
                "timestamp": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}T10:00:00.000Z",
                "environment": rng.choice(ENVS),
                "session": f"s{i % 300}",
                "tags": rng.sample(["build", "hdc", "signing", "arkts", "ohpm", "hilog"], 2),
            }
            if i % 10 == 0:
                obj["payload"] = {"trajectoryId": f"trj-{i}", "turns": i % 7}
            if i % 50 == 0:
                obj["supersededBy"] = "consolidation:stale"
            fh.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - t


def main() -> bool:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.hmharness import export_file, import_file
    from hmdesk.core.memory.store import MemoryStore

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        src = d / "memory.jsonl"
        make_file(src, N)
        db = Database(d / "bench.db")
        store = MemoryStore(db)
        report, t_import = timed(lambda: import_file(store, src))
        assert report.imported == N, report
        lists = []
        for _ in range(3):
            records, t = timed(store.list)
            assert len(records) == N
            lists.append(t)
        t_list = statistics.median(lists)

        def floor() -> int:
            con = sqlite3.connect(d / "bench.db")
            try:
                rows = con.execute("SELECT * FROM memories WHERE deleted_at IS NULL ORDER BY seq")
                return sum(len(json.loads(r[12])) for r in rows)
            finally:
                con.close()

        floors = [timed(floor)[1] for _ in range(3)]
        t_floor = statistics.median(floors)
        report2, t_reimport = timed(lambda: import_file(store, src))
        assert report2.unchanged == N, report2
        out = d / "out.jsonl"
        _, t_export = timed(lambda: export_file(store, out))
        identical = out.read_bytes() == src.read_bytes()
        ids = [f"mem-{i:012x}" for i in random.Random(1).sample(range(N), 50)]
        edits = [timed(lambda i=i: store.set_confidence(i, 0.5, reason="bench"))[1] for i in ids]
        gets = [timed(lambda i=i: store.get(i))[1] for i in ids]
        store.close()
        db.close()

    ratio = t_list / t_floor
    rows = [
        ("import 100k lines (new)", t_import),
        ("list() 100k", t_list),
        ("  floor: raw sqlite3 SELECT + json tags", t_floor),
        ("re-import 100k (unchanged)", t_reimport),
        ("export 100k", t_export),
        ("set_confidence (median of 50)", statistics.median(edits)),
        ("get (median of 50)", statistics.median(gets)),
    ]
    print(f"{'operation':<42}{'seconds':>10}")
    for name, t in rows:
        print(f"{name:<42}{t:>10.4f}")
    print(f"list()/floor ratio: {ratio:.2f} (goal ≤ 3)")
    print(f"re-import/import ratio: {t_reimport / t_import:.2f} (goal < 1)")
    print(f"export byte-identical to the imported file: {identical}")
    return ratio <= 3 and t_reimport < t_import and identical


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

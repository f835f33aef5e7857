"""Memory store at 100,000 memories: hmharness import, list(), re-import, export, single edits.

``list()`` is compared with the floor it cannot beat: a bare ``sqlite3`` ``SELECT`` of the same
rows with ``json.loads`` of the tags (same machine, same run). Goals: ``list()`` within 3× of that
floor, an unchanged re-import faster than the first import, the export of untouched memories
byte-identical to the imported file, and an import of 50,000 lines of which 1 % are hostile
(lone surrogates, deep nesting, huge numbers, NaN, bad UTF-8, …) that keeps every good line and
reports every bad one.
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


N_HOSTILE_FILE = 50_000
# every 100th line is one of these: (make the line, kept?); a lone surrogate is kept as U+FFFD
HOSTILE = [
    (lambda i: _hostile_obj(i, content="cut \ud83d"), True),
    (lambda i: b'{"id":' + b"[" * 50_000 + b"]" * 50_000 + b"}", False),
    (lambda i: _hostile_obj(i)[:-1] + b',"confidence":' + b"9" * 400 + b"}", False),
    (lambda i: _hostile_obj(i)[:-1] + b',"payload":' + b"[" * 1000 + b"]" * 1000 + b"}", False),
    (lambda i: _hostile_obj(i).replace(b'"confidence":0.5', b'"confidence":NaN'), False),
    (lambda i: _hostile_obj(i, content="x").replace(b'"x"', b'"\xff\xfe"'), False),
    (lambda i: b"[1, 2, 3]", False),
    (lambda i: _hostile_obj(i, layer="working"), False),
    (lambda i: _hostile_obj(i) + b" trailing", False),
    (lambda i: _hostile_obj(i, tags=["ok", "\udc80"]), True),
]


def _hostile_obj(i: int, **kw: object) -> bytes:
    obj = {
        "id": f"bad-{i:08d}",
        "layer": "semantic",
        "content": "hvigor build",
        "source": "learning-loop",
        "provenance": "p",
        "confidence": 0.5,
        "timestamp": "2026-11-01T10:00:00.000Z",
        "environment": "harmonyos",
        "session": "s",
        **kw,
    }
    return json.dumps(obj, separators=(",", ":")).encode()


def make_hostile_file(path: Path, n: int) -> tuple[set[str], int]:
    """``n`` lines, every 100th hostile; returns the ids that must be kept, the lines to skip."""
    make_file(path, n)
    lines = path.read_bytes().split(b"\n")[:-1]
    keep = {f"mem-{i:012x}" for i in range(n)}
    bad = 0
    for k, i in enumerate(range(50, n, 100)):
        make, kept = HOSTILE[k % len(HOSTILE)]
        keep.discard(f"mem-{i:012x}")
        lines[i] = make(i)
        if kept:
            keep.add(f"bad-{i:08d}")
        else:
            bad += 1
    path.write_bytes(b"\n".join(lines) + b"\n")
    return keep, bad


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - t


def main() -> bool:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.hmharness.jsonl import export_file, import_file
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

        hostile = d / "hostile.jsonl"
        keep, n_bad = make_hostile_file(hostile, N_HOSTILE_FILE)
        db2 = Database(d / "hostile.db")
        store2 = MemoryStore(db2)
        report3, t_hostile = timed(lambda: import_file(store2, hostile))
        kept_ids = {r.id for r in store2.list(include_superseded=True)}
        store2.close()
        db2.close()
        every_good_kept = keep <= kept_ids and len(kept_ids) == len(keep)
        every_bad_reported = len(report3.skipped) == n_bad

    ratio = t_list / t_floor
    rows = [
        ("import 100k lines (new)", t_import),
        ("list() 100k", t_list),
        ("  floor: raw sqlite3 SELECT + json tags", t_floor),
        ("re-import 100k (unchanged)", t_reimport),
        ("export 100k", t_export),
        ("import 50k lines, 1 % hostile", t_hostile),
        ("set_confidence (median of 50)", statistics.median(edits)),
        ("get (median of 50)", statistics.median(gets)),
    ]
    print(f"{'operation':<42}{'seconds':>10}")
    for name, t in rows:
        print(f"{name:<42}{t:>10.4f}")
    print(f"list()/floor ratio: {ratio:.2f} (goal ≤ 3)")
    print(f"re-import/import ratio: {t_reimport / t_import:.2f} (goal < 1)")
    print(f"export byte-identical to the imported file: {identical}")
    print(
        f"hostile import: {len(kept_ids):,} of {len(keep):,} good lines kept, "
        f"{len(report3.skipped)} of {n_bad} bad lines reported, "
        f"{len(report3.repaired)} repaired; every good line kept: "
        f"{every_good_kept and every_bad_reported} (goal True)"
    )
    return (
        ratio <= 3
        and t_reimport < t_import
        and identical
        and every_good_kept
        and every_bad_reported
    )


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

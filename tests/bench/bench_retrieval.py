"""Retrieval benchmark: indexed profiles vs the straight hmharness-style scan, in one run.

100,000 generated memories (every layer, several environments, tags, English, Chinese with and
without spaces, code identifiers) and 200 mixed queries. For every query it times

* ``hmharness`` — the hmharness profile through :class:`MemoryIndex`,
* ``default``   — the default profile (segmentation) through the same index,
* ``scan``      — :func:`retrieve_hmharness_scan`, written like hmharness (every entry, every term),

checks that ``hmharness`` returns the same ids in the same order as ``scan`` for every query, and
prints median / p95 side by side with the ratios. It also times opening a 100,000-memory SQLite
store from disk (MemoryStore + Retriever) and running the first query.

Goals: same ids for every query; hmharness median ≥ 20× lower than scan; default median
(weighted lexical, issue 12) within 1.5× of hmharness — with the postings of recent terms kept
by the index (as while a query is typed and edited) and, in a second pass, with every query's
terms looked up afresh (a query of words not seen before). The first pass alternates with the
scan, which leaves the CPU caches cold: its times are higher than the second pass's. ``python -m tests.bench retrieval`` runs only this one.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hmdesk.core.memory.record import DECAY_SENTINEL, LAYERS, MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.profile import HMHARNESS, PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_hmharness_scan
from hmdesk.core.memory.retrieve.results import Query

N_MEMORIES = 100_000
N_QUERIES = 200
SEED = 20261129
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

ENVIRONMENTS = [
    "harmonyos",
    "harmonyos",
    "harmonyos",
    "terminal",
    "runtime",
    "openharmony-5.0",
    "ci",
]
TAGS = [
    "build",
    "hvigor",
    "hdc",
    "install",
    "launch",
    "signing",
    "ohpm",
    "arkts",
    "hilog",
    "sdk",
    "config",
    "network",
    "emulator",
    "device",
    "run",
    "ok",
    "fail",
    "lesson",
    "ui",
    "perf",
    "permissions",
    "json5",
    "deps",
    "windows",
    "macos",
    "linux",
    "ci",
    "test",
    "debug",
    "release",
    "构建",
    "签名",
    "安装",
    "日志",
    "真机",
    "模拟器",
    "依赖",
    "权限",
    "配置",
    "网络",
]
EN_WORDS = [
    "build",
    "failed",
    "when",
    "the",
    "path",
    "contains",
    "spaces",
    "on",
    "windows",
    "use",
    "quotes",
    "around",
    "it",
    "hvigor",
    "daemon",
    "crashed",
    "after",
    "upgrading",
    "node",
    "so",
    "delete",
    "the",
    "cache",
    "and",
    "retry",
    "install",
    "error",
    "signature",
    "verify",
    "failed",
    "because",
    "the",
    "profile",
    "expired",
    "regenerate",
    "it",
    "launch",
    "ability",
    "did",
    "not",
    "start",
    "check",
    "the",
    "bundle",
    "name",
    "and",
    "module",
    "name",
    "in",
    "module",
    "json",
    "hilog",
    "shows",
    "nothing",
    "unless",
    "the",
    "domain",
    "filter",
    "matches",
    "the",
    "tag",
    "you",
    "log",
    "with",
    "ohpm",
    "install",
    "fails",
    "behind",
    "a",
    "proxy",
    "set",
    "the",
    "registry",
    "mirror",
    "and",
    "bypass",
    "localhost",
    "arkts",
    "compiler",
    "rejects",
    "any",
    "type",
    "annotate",
    "the",
    "state",
    "variable",
    "with",
    "an",
    "explicit",
    "interface",
    "emulator",
    "target",
    "disappears",
    "after",
    "sleep",
    "reconnect",
    "with",
    "hdc",
    "tconn",
    "and",
    "restart",
    "the",
    "server",
    "sdk",
    "version",
    "mismatch",
    "compatible",
    "sdk",
    "version",
    "must",
    "match",
    "an",
    "installed",
    "api",
    "level",
    "release",
    "signing",
    "needs",
    "the",
    "appgallery",
    "certificate",
    "debug",
    "builds",
    "use",
    "the",
    "auto",
    "signing",
    "permission",
    "denied",
    "for",
    "internet",
    "declare",
    "ohos",
    "permission",
    "internet",
    "in",
    "requestPermissions",
    "device",
    "offline",
    "unauthorized",
    "accept",
    "the",
    "debugging",
    "prompt",
    "on",
    "the",
    "phone",
    "screen",
    "resource",
    "not",
    "found",
    "rawfile",
    "path",
    "is",
    "relative",
    "to",
    "resources",
    "rawfile",
    "directory",
    "router",
    "push",
    "page",
    "not",
    "registered",
    "add",
    "it",
    "to",
    "main",
    "pages",
    "json",
    "profile",
    "state",
    "not",
    "updated",
    "because",
    "the",
    "object",
    "was",
    "mutated",
    "in",
    "place",
    "assign",
    "a",
    "new",
    "object",
    "preview",
    "fails",
    "with",
    "a",
    "blank",
    "screen",
    "restart",
    "the",
    "previewer",
    "and",
    "clean",
    "the",
    "build",
    "cache",
    "gradle",
    "is",
    "not",
    "used",
    "harmonyos",
    "projects",
    "build",
    "with",
    "hvigor",
    "and",
    "ohpm",
    "instead",
    "network",
    "request",
    "times",
    "out",
    "on",
    "the",
    "emulator",
    "use",
    "the",
    "host",
    "address",
    "not",
    "localhost",
    "unit",
    "tests",
    "run",
    "with",
    "hypium",
    "on",
    "device",
    "collect",
    "the",
    "results",
    "from",
    "the",
    "test",
    "runner",
    "memory",
    "leak",
    "from",
    "an",
    "unregistered",
    "listener",
    "unsubscribe",
    "in",
    "aboutToDisappear",
]
ZH_WORDS = [
    "构建",
    "失败",
    "路径",
    "空格",
    "引号",
    "包裹",
    "签名",
    "证书",
    "过期",
    "重新",
    "生成",
    "安装",
    "报错",
    "启动",
    "能力",
    "包名",
    "模块",
    "日志",
    "过滤",
    "标签",
    "代理",
    "镜像",
    "仓库",
    "依赖",
    "编译器",
    "类型",
    "接口",
    "状态",
    "变量",
    "模拟器",
    "断开",
    "重连",
    "服务",
    "版本",
    "不匹配",
    "接口",
    "级别",
    "发布",
    "调试",
    "自动",
    "权限",
    "拒绝",
    "网络",
    "声明",
    "设备",
    "离线",
    "授权",
    "提示",
    "资源",
    "找不到",
    "目录",
    "页面",
    "注册",
    "路由",
    "刷新",
    "对象",
    "修改",
    "预览",
    "白屏",
    "缓存",
    "清理",
    "测试",
    "结果",
    "内存",
    "泄漏",
    "监听",
    "取消",
    "订阅",
    "真机",
    "运行",
    "配置",
    "文件",
    "字段",
    "缺少",
    "环境",
    "变量",
    "设置",
    "命令",
    "行",
    "工具",
    "升级",
    "降级",
    "鸿蒙",
    "应用",
    "工程",
    "打包",
    "上架",
    "审核",
    "性能",
    "卡顿",
    "动画",
    "布局",
    "组件",
    "渲染",
    "线程",
    "任务",
    "超时",
    "重试",
]
CODE_IDS = [
    "9568320",
    "9568322",
    "9568289",
    "00306042",
    "entry-default-signed.hap",
    "entry-default-unsigned.hap",
    "DEVECO_SDK_HOME",
    "NODE_HOME",
    "@ohos.hilog",
    "@ohos.router",
    "@ohos.net.http",
    "EntryAbility",
    "build-profile.json5",
    "module.json5",
    "oh-package.json5",
    "app.json5",
    "ArkTS-1123",
    "hvigorw",
    "assembleHap",
    "hdc_std",
    "compatibleSdkVersion",
    "requestPermissions",
    "ohos.permission.INTERNET",
    "A03200/testTag",
    "127.0.0.1:5555",
    "aboutToAppear",
    "aboutToDisappear",
    "@State",
    "@Prop",
    "@Link",
]


def _zipf_pick(rng: random.Random, words: list[str]) -> str:
    # heavier weight on the first words: a realistic, skewed vocabulary
    i = min(int(rng.paretovariate(1.1)) - 1, len(words) - 1)
    return words[i] if rng.random() < 0.5 else rng.choice(words)


def _content(rng: random.Random, i: int) -> str:
    kind = rng.random()
    parts: list[str] = []
    if kind < 0.4:  # English
        parts = [_zipf_pick(rng, EN_WORDS) for _ in range(rng.randint(8, 18))]
    elif kind < 0.6:  # Chinese with spaces
        parts = [rng.choice(ZH_WORDS) for _ in range(rng.randint(5, 12))]
    elif kind < 0.8:  # Chinese without spaces (one or two runs)
        run = "".join(rng.choice(ZH_WORDS) for _ in range(rng.randint(4, 10)))
        parts = [run]
        if rng.random() < 0.5:
            parts.append("，" + "".join(rng.choice(ZH_WORDS) for _ in range(rng.randint(2, 6))))
    else:  # mixed Chinese / English / code
        for _ in range(rng.randint(4, 9)):
            r = rng.random()
            if r < 0.35:
                parts.append(rng.choice(ZH_WORDS) + rng.choice(ZH_WORDS))
            elif r < 0.7:
                parts.append(_zipf_pick(rng, EN_WORDS))
            else:
                parts.append(rng.choice(CODE_IDS))
    if rng.random() < 0.3:
        parts.insert(rng.randint(0, len(parts)), rng.choice(CODE_IDS))
    if rng.random() < 0.05:
        parts.append(f"code:{rng.randint(9_500_000, 9_600_000)}")
    text = " ".join(parts)
    if rng.random() < 0.2:
        text = text[:1].upper() + text[1:]
    return text


def generate(n: int = N_MEMORIES, seed: int = SEED) -> list[MemoryRecord]:
    return list(iter_records(n, seed))


def iter_records(n: int = N_MEMORIES, seed: int = SEED) -> Iterator[MemoryRecord]:
    """The generated memories one by one (the same as :func:`generate`, without holding them)."""
    rng = random.Random(seed)
    for i in range(n):
        days = rng.uniform(-2, 200)
        ts = NOW - timedelta(days=days)
        timestamp = ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z"
        sup = None
        r = rng.random()
        if r < 0.04 and i > 0:
            sup = f"bench-{rng.randrange(i):06d}"
        elif r < 0.05:
            sup = DECAY_SENTINEL
        yield (
            MemoryRecord(
                id=f"bench-{i:06d}",
                layer=rng.choice(LAYERS),
                content=_content(rng, i),
                source="bench",
                provenance=f"trajectory:{i}",
                confidence=round(rng.uniform(0.1, 1.0), 2),
                timestamp=timestamp,
                environment=rng.choice(ENVIRONMENTS),
                session=f"s{i % 97}",
                tags=tuple(rng.sample(TAGS, rng.choice([0, 1, 1, 2, 2, 3]))),
                superseded_by=sup,
                seq=i + 1,
            )
        )


def write_hmharness_jsonl(records: Iterable[MemoryRecord], path: Path) -> int:
    """Write ``records`` as an hmharness ``memory.jsonl`` (streaming); returns how many."""
    count = 0
    with path.open("w", encoding="utf-8") as fh:
        for r in records:
            obj: dict[str, object] = {
                "id": r.id,
                "layer": r.layer,
                "content": r.content,
                "source": r.source,
                "provenance": r.provenance,
                "confidence": r.confidence,
                "timestamp": r.timestamp,
                "environment": r.environment,
                "session": r.session,
                "tags": list(r.tags),
            }
            if r.superseded_by:
                obj["supersededBy"] = r.superseded_by
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
            count += 1
    return count


def make_queries(n: int = N_QUERIES, seed: int = SEED + 1) -> list[Query]:
    rng = random.Random(seed)
    out: list[Query] = []
    for i in range(n):
        kind = i % 8
        if kind == 0:
            text = " ".join(rng.choice(EN_WORDS) for _ in range(rng.randint(2, 4)))
        elif kind == 1:
            text = " ".join(rng.choice(ZH_WORDS) for _ in range(rng.randint(2, 3)))
        elif kind == 2:
            text = "".join(rng.choice(ZH_WORDS) for _ in range(rng.randint(2, 3)))
        elif kind == 3:
            text = rng.choice(CODE_IDS) + " " + rng.choice(EN_WORDS)
        elif kind == 4:
            text = (
                rng.choice(["hdc", "hvigor", "ohpm", "aa start"])
                + rng.choice(ZH_WORDS)
                + rng.choice(ZH_WORDS)
                + rng.choice(["", "9568320", "00306042"])
            )
        elif kind == 5:
            text = rng.choice(CODE_IDS)
        elif kind == 6:
            text = f"{rng.choice(EN_WORDS)} {rng.choice(ZH_WORDS)} {rng.choice(CODE_IDS)}"
        else:
            text = rng.choice(["", "a", "build", "hvigor build windows", "构建 失败", "failed"])
        layer = rng.choice(LAYERS) if rng.random() < 0.2 else None
        env = rng.choice(ENVIRONMENTS) if rng.random() < 0.2 else None
        tags = rng.sample(TAGS, rng.randint(1, 2)) if rng.random() < 0.15 else []
        limit = rng.choice([10, 10, 10, 5, 20, 50])
        out.append(Query(text=text, layer=layer, environment=env, tags=tags, limit=limit, now=NOW))
    return out


def _stats(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


def _open_store_and_query(records: list[MemoryRecord], query: Query) -> dict[str, float] | None:
    """Write the memories to an SQLite store once, then time open + first query from disk."""
    try:
        from hmdesk.core.db import Database
        from hmdesk.core.memory.hmharness.jsonl import import_file
        from hmdesk.core.memory.retrieve.retriever import Retriever
        from hmdesk.core.memory.store import MemoryStore
    except ImportError as exc:  # the store has not landed
        print(f"(store timing skipped: {exc})")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        jsonl = Path(tmp) / "memory.jsonl"
        write_hmharness_jsonl(records, jsonl)
        t0 = time.perf_counter()
        db = Database(path)
        report = import_file(MemoryStore(db), jsonl)
        db.close()
        fill = time.perf_counter() - t0
        assert report.imported == len(records), report
        t0 = time.perf_counter()
        db = Database(path)
        store = MemoryStore(db)
        retriever = Retriever(store)
        t_open = time.perf_counter() - t0
        result = retriever.search(query)
        t_first = time.perf_counter() - t0
        again = []
        for _ in range(5):
            t1 = time.perf_counter()
            retriever.search(query)
            again.append(time.perf_counter() - t1)
        t_second = statistics.median(again)
        target = next(r.id for r in records[len(records) // 2 :] if not r.superseded_by)
        store.edit(target, content="editedbybench: hvigor 构建失败 9568320")
        t1 = time.perf_counter()
        after = retriever.search(Query(text="editedbybench", now=NOW, profile=HMHARNESS))
        t_after_edit = time.perf_counter() - t1
        assert [r.memory.id for r in after.results] == [target], after.results[:2]
        assert retriever.rebuilds == 1
        retriever.close()
        store.close()
        db.close()
        return {
            "fill_s": fill,
            "open_s": t_open,
            "first_query_s": t_first,
            "second_query_ms": t_second * 1000,
            "after_edit_ms": t_after_edit * 1000,
            "hits": float(len(result.results)),
        }


def main() -> bool:
    t_all = time.perf_counter()
    t0 = time.perf_counter()
    records = generate()
    queries = make_queries()
    print(
        f"generated {len(records):,} memories and {len(queries)} queries in {time.perf_counter() - t0:.1f} s"
    )
    t0 = time.perf_counter()
    index = MemoryIndex(records)
    index.warm()  # the term postings too (otherwise built by the first query with text)
    t_build = time.perf_counter() - t0
    print(f"index build: {t_build:.2f} s")

    times: dict[str, list[float]] = {"hmharness": [], "default": [], "scan": []}
    mismatches: list[str] = []
    hits = 0
    for q in queries:
        qh = Query(**{**q.__dict__, "profile": PROFILES["hmharness"]})
        qd = Query(**{**q.__dict__, "profile": PROFILES["default"]})
        t0 = time.perf_counter()
        rh = index.search(qh)
        times["hmharness"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        index.search(qd)
        times["default"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        rs = retrieve_hmharness_scan(records, qh)
        times["scan"].append(time.perf_counter() - t0)
        got = [r.memory.id for r in rh.results]
        want = [m.id for m, _ in rs]
        hits += bool(got)
        if got != want or [r.score for r in rh.results] != [s for _, s in rs]:
            mismatches.append(q.text)

    # the same queries with every term's postings looked up afresh (no form kept from earlier
    # queries: a query of new words), both profiles interleaved as above
    fresh: dict[str, list[float]] = {"hmharness": [], "default": []}
    for q in queries:
        for profile, out in fresh.items():
            index._terms.forget()
            t0 = time.perf_counter()
            index.search(Query(**{**q.__dict__, "profile": PROFILES[profile]}))
            out.append(time.perf_counter() - t0)
    times.update({f"{k} (fresh terms)": v for k, v in fresh.items()})
    med = {k: _stats(v)[0] * 1000 for k, v in times.items()}
    p95 = {k: _stats(v)[1] * 1000 for k, v in times.items()}
    print()
    print(f"{'per query (ms)':<34}{'median':>10}{'p95':>10}")
    labels = {
        "hmharness": "hmharness profile (index)",
        "default": "default profile (index)",
        "scan": "straight scan (hmharness-style)",
    }
    labels.update({f"{k} (fresh terms)": f"{k}, terms looked up afresh" for k in fresh})
    for k in ("hmharness", "default", "scan", *(f"{k} (fresh terms)" for k in fresh)):
        print(f"{labels[k]:<34}{med[k]:>10.2f}{p95[k]:>10.2f}")
    speedup = med["scan"] / med["hmharness"]
    default_ratio = med["default"] / med["hmharness"]
    fresh_ratio = med["default (fresh terms)"] / med["hmharness (fresh terms)"]
    print()
    print(f"scan / hmharness median:     {speedup:6.1f}x   (goal >= 20x)")
    print(f"default / hmharness median:  {default_ratio:6.2f}x   (goal <= 1.5x)")
    print(f"  the same, terms afresh:    {fresh_ratio:6.2f}x   (goal <= 1.5x)")
    print(
        f"same ids and scores as scan: {len(queries) - len(mismatches)}/{len(queries)} queries"
        f" ({hits} with at least one hit)"
    )
    for text in mismatches[:5]:
        print(f"  MISMATCH: {text!r}")

    store_t = _open_store_and_query(records, queries[0])
    if store_t is not None:
        print()
        print(
            f"fill a {len(records):,}-memory SQLite store: {store_t['fill_s']:.1f} s (import-hmharness)"
        )
        print(
            f"open it from disk:               {store_t['open_s']:.2f} s (Database + MemoryStore + Retriever)"
        )
        print(
            f"open + first query:              {store_t['first_query_s']:.2f} s (index built on first use)"
        )
        print(f"later queries (median of 5):     {store_t['second_query_ms']:.2f} ms")
        print(
            f"edit one memory, then query:     {store_t['after_edit_ms']:.2f} ms (incremental refresh)"
        )
    print(f"\nbench total {time.perf_counter() - t_all:.0f} s")
    return not mismatches and speedup >= 20 and max(default_ratio, fresh_ratio) <= 1.5


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)

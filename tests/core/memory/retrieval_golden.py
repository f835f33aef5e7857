"""A small labelled set for measuring recall of the retrieval profiles.

30 realistic HarmonyOS pitfalls (Chinese, English, mixed with code) and 32 queries, each with the
memories a developer would want to see. Used by tests/core/memory/test_retrieve_recall.py and
``python -m tests.bench recall``.
"""

from __future__ import annotations

from typing import Any

from hmdesk.core.memory.retrieve.profile import PROFILES

MEMORIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "m01": ("hvigor 构建在 Windows 路径含空格时失败，需引号包裹", ("build",)),
    "m02": ("build doctor classifies seven failure signatures", ("build", "tooling")),
    "m03": (
        "hdc install 报错 code:9568320 error: no signature file — 先用 DevEco 自动签名或 hap-sign-tool 签名后再安装",
        ("install", "signing"),
    ),
    "m04": (
        "安装失败 9568322：签名证书与已安装应用不一致，先 hdc uninstall 旧包再装",
        ("install",),
    ),
    "m05": (
        "DEVECO_SDK_HOME 未设置导致 hvigor 报 Invalid value of DEVECO_SDK_HOME，export DEVECO_SDK_HOME=<DevEco>/sdk",
        ("sdk", "build"),
    ),
    "m06": (
        "ohpm install fails behind a corporate proxy: set the registry mirror with ohpm config set registry",
        ("ohpm", "network"),
    ),
    "m07": (
        "aa start 启动失败：检查 module.json5 中 mainElement 和 abilities 名称是否一致",
        ("launch",),
    ),
    "m08": ("hdc list targets 显示 [Empty]：USB 调试未授权，在手机上点允许", ("device", "hdc")),
    "m09": ("hilog 里看不到日志：domain 过滤不匹配，用 hilog -T 指定 tag", ("hilog",)),
    "m10": ("ArkTS 不支持 any 类型，给状态变量声明显式接口 (arkts-no-any-unknown)", ("arkts",)),
    "m11": ("@State 修饰的对象原地修改不会刷新 UI，要整体赋值新对象", ("arkts", "ui")),
    "m12": (
        "compatibleSdkVersion 与已安装 SDK 不匹配会报 00306042 Specification Limit Violation",
        ("sdk", "build"),
    ),
    "m13": (
        "The emulator loses its hdc connection after the host sleeps; run hdc kill, hdc start and reconnect with hdc tconn 127.0.0.1:5555",
        ("emulator", "hdc"),
    ),
    "m14": (
        "entry-default-signed.hap 只在配置了签名时生成；没有签名只有 unsigned 包，不能安装到真机",
        ("signing", "build"),
    ),
    "m15": (
        "网络请求需要在 module.json5 声明 ohos.permission.INTERNET 权限",
        ("permissions", "network"),
    ),
    "m16": ("router.pushUrl 跳转的页面未在 main_pages.json 注册时报错 100002", ("ui",)),
    "m17": ("Previewer 白屏：清理 .preview 缓存后重启预览器", ("ui",)),
    "m18": (
        "hvigor daemon crashed after upgrading node; delete the .hvigor cache and rerun with --no-daemon",
        ("build", "hvigor"),
    ),
    "m19": (
        "Cannot find module '@ohos/axios': 运行 ohpm install 并检查 oh-package.json5 依赖版本",
        ("ohpm", "deps"),
    ),
    "m20": (
        "release 包需要 AppGallery 的发布证书，调试证书只能用于 debug 构建",
        ("signing", "release"),
    ),
    "m21": (
        "import hilog from '@ohos.hilog' 后用 hilog.info(0x0000, 'testTag', '%{public}s', msg) 打日志",
        ("hilog",),
    ),
    "m22": ("真机安装报错 9568289：设备空间不足，清理存储后重试", ("install",)),
    "m23": (
        "build-profile.json5 里 products 缺少 signingConfig 字段时构建不会签名",
        ("build", "signing", "config"),
    ),
    "m24": ("unrelated gardening note about roses", ("misc",)),
    "m25": ("模拟器启动后 hdc 连不上：确认模拟器已开启并使用 hdc tconn 连接", ("emulator",)),
    "m26": (
        "Unit tests with hypium must run on a device or emulator; collect results with the test runner",
        ("test",),
    ),
    "m27": ("内存泄漏：在 aboutToDisappear 中注销监听器", ("perf",)),
    "m28": ("hvigorw assembleHap --mode module -p product=default 在命令行构建 HAP", ("build",)),
    "m29": (
        "NODE_HOME not set: hvigor cannot find node; set HM_DEVECO_HOME so the bundled node is used",
        ("build", "hvigor"),
    ),
    "m30": (
        "Signing failed: the debug profile template expired in 2023; regenerate the p7b with sign-profile",
        ("signing",),
    ),
}

QUERIES: list[tuple[str, set[str]]] = [
    ("hvigor构建失败", {"m01", "m18", "m29", "m05"}),
    ("hdc安装报错9568320", {"m03"}),
    ("签名失败", {"m03", "m30", "m14", "m23"}),
    ("安装报错", {"m03", "m04", "m22"}),
    ("DEVECO_SDK_HOME未设置", {"m05"}),
    ("ohpm安装依赖失败", {"m06", "m19"}),
    ("aa start失败", {"m07"}),
    ("设备连接不上", {"m08", "m25", "m13"}),
    ("hilog看不到日志", {"m09"}),
    ("ArkTS any类型报错", {"m10"}),
    ("状态变量修改后UI不刷新", {"m11"}),
    ("00306042", {"m12"}),
    ("emulator disconnected after sleep", {"m13"}),
    ("entry-default-signed.hap找不到", {"m14"}),
    ("网络权限", {"m15"}),
    ("页面跳转报错", {"m16"}),
    ("预览白屏", {"m17"}),
    ("hvigor daemon crashes", {"m18"}),
    ("Cannot find module @ohos/axios", {"m19"}),
    ("发布证书", {"m20"}),
    ("@ohos.hilog", {"m21"}),
    ("设备空间不足安装失败", {"m22"}),
    ("signingConfig缺少", {"m23"}),
    ("build failures", {"m02"}),
    ("hdc tconn连接模拟器", {"m25", "m13"}),
    ("running unit tests", {"m26"}),
    ("内存泄漏怎么办", {"m27"}),
    ("命令行构建HAP", {"m28"}),
    ("node not found hvigor", {"m29"}),
    ("signing profile expired", {"m30"}),
    ("installing signed hap on device", {"m14", "m03"}),
    ("hvigor build windows", {"m01", "m02"}),
]


def records() -> list:  # type: ignore[type-arg]
    from hmdesk.core.memory.record import MemoryRecord

    return [
        MemoryRecord(
            id=k,
            layer="semantic",
            content=c,
            source="golden",
            provenance="golden",
            confidence=0.7,
            timestamp="2026-11-29T00:00:00.000Z",
            environment="harmonyos",
            session="golden",
            tags=t,
        )
        for k, (c, t) in MEMORIES.items()
    ]


def evaluate(profile: str, k: int = 5, groups_fn: Any = None) -> dict[str, float]:
    """recall@k (mean share of the relevant memories in the top k), hit@k and MRR for a profile
    (or, with ``groups_fn(text) -> term groups``, for a variant scored by the reference scan)."""
    from datetime import UTC, datetime

    from hmdesk.core.memory.retrieve.index import MemoryIndex
    from hmdesk.core.memory.retrieve.reference_scan import scan_groups
    from hmdesk.core.memory.retrieve.results import Query

    recs = records()
    index = MemoryIndex(recs)
    now = datetime(2026, 11, 29, tzinfo=UTC)
    recall = hit = mrr = 0.0
    for text, relevant in QUERIES:
        q = Query(text, profile=PROFILES[profile], limit=k, now=now)
        if groups_fn is None:
            got = [r.memory.id for r in index.search(q).results]
        else:
            got = [m.id for m, _ in scan_groups(recs, q, groups_fn(text), None)]
        found = len(relevant & set(got))
        recall += found / len(relevant)
        hit += found > 0
        mrr += next((1 / (i + 1) for i, x in enumerate(got) if x in relevant), 0.0)
    n = len(QUERIES)
    return {"recall": recall / n, "hit": hit / n, "mrr": mrr / n}

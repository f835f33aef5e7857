"""Runtime text the doctor reads without a device log's frame: a loader's message quoted bare,
freeze stacks pasted without a freeze header, API codes under a Chinese page's labels (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog import says


def test_initial_exec_tls_quoted_bare_without_its_symbol() -> None:
    text = (
        "dlopen of the plugin fails:\n"
        "Error relocating /data/storage/el2/base/libs/arm64/libplugin.so: initial-exec TLS "
        "resolves to dynamic definition\n"
    )
    said = says.native_load(text)
    assert said is not None and said.meaning.startswith("the loader refuses libplugin.so")
    f = diagnose(text)
    assert f is not None and f.kind == "native" and "TLSDESC" in f.fix and "ohos-go" in f.fix


def test_a_chinese_pages_fault_fields_are_the_fault_logs() -> None:
    text = (
        "错误名称：BusinessError\n"
        "错误消息：资源ID无效。\n"
        "错误代码：9001001\n"
        "SourceCode：let s = getContext().resourceManager.getStringSync($r('app.string.x').id)\n"
    )
    f = diagnose(text)
    assert f is not None and f.kind == "crash" and f.code == "9001001"
    assert "createModuleContext" in f.fix and "getStringByNameSync" in f.fix


def test_a_build_codes_chinese_labels_are_no_crash() -> None:
    text = "错误码：00303038\n错误信息：模块配置有误\n"
    f = diagnose(text)
    assert f is None or f.kind != "crash"
    # a message label alone, no code or name beside it: not read as a fault log
    alone = diagnose("错误信息：连接超时，请重试")
    assert alone is None or alone.kind != "crash"

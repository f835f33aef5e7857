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

"""General rules batch H's run logs (hcB-*, folded into the corpus after their blind run) showed
missing, each taught as its documented family, not as the one log:

- hdc: every error message of the hdc guide's error-code section (hdc.md, "hdc错误码") printed
  without its ``[Exxxxxx]`` (the guide's 错误信息 as printed, an hdc that prints no code) names
  its code when it starts a line and is long enough to name it alone; E000002/E000003 carry the
  guide's remedies (Always trust, the debugging switch, ``hdc kill -r``); hdc in a sandbox or a
  container sees no device and no server;
- bm's uninstall codes are ``uninstall`` findings with the bm guide's remedies (9568380: a
  non-removable preinstalled app);
- musl's loader: its hilog line ``relocating failed: symbol not found. dso=… s=…`` and dlopen's
  ``Error relocating <so>: <symbol>: symbol not found`` name the .so and the symbol, and both
  causes (a symbol nothing defines, a newer API than the device's);
- a developer's note that names where a crash or a freeze was in code spans (``崩溃位置：…
  (`A::b`)``, ``主线程调用栈位于 `f`、`g```) gives those functions as its frames.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.bm_codes import INSTALL_CODES
from hmdesk.core.toolchain.hdc.hdc_codes import HDC_FAIL_CODES, HDC_MESSAGES

from tests.fixtures.real_logs import assert_found, real_log

_LONG = [(c, w) for c, ws in sorted(HDC_MESSAGES.items()) for w in ws if len(w) >= 24]


@pytest.mark.parametrize(("code", "words"), _LONG)
def test_an_hdc_message_without_its_code_starting_a_line_names_its_code(
    code: str, words: str
) -> None:
    f = assert_found(f"$ hdc shell ls\n{words}.\n")
    assert f.code == code, f
    assert HDC_FAIL_CODES[code][1] in (f.meaning or "")


def test_the_hdc_guides_e000002_as_printed() -> None:
    f = assert_found(real_log("hdc/hcB-ohdocs-hdc-e000002-public-key-not-set.log"))
    assert f.kind == "hdc" and f.code == "E000002"
    assert "Always trust" in f.fix and "hdc kill -r" in f.fix and "Developer options" in f.fix
    denied = assert_found("The device unauthorized.\nThe user denied the access for the device.\n")
    assert denied.code == "E000003" and "Always trust" in denied.fix


def test_a_short_hdc_message_alone_does_not_name_a_code() -> None:
    # "Operation not allowed." (E005008) and "IP address incorrect." (E001104) are any tool's
    for words in ("Operation not allowed.", "IP address incorrect.", "Unknown command."):
        f = diagnose(f"{words}\n")
        assert f is None or f.code not in HDC_FAIL_CODES


def test_hdc_in_a_sandbox_is_named_with_the_server_failure() -> None:
    f = assert_found(real_log("hdc/hcB-ohos-rust-sandbox-connect-server-failed.log"))
    assert "sandbox" in f.fix and "outside" in f.fix


@pytest.mark.parametrize(
    "code",
    [
        c
        for c in INSTALL_CODES
        if c.startswith("95683") and INSTALL_CODES[c][0].startswith("uninstall")
    ],
)
def test_bms_uninstall_codes_are_uninstall_findings(code: str) -> None:
    message = INSTALL_CODES[code][0]
    f = assert_found(f"error: failed to uninstall bundle.\ncode:{code}\nerror: {message}.\n")
    assert f.kind == "uninstall" and f.code == code


def test_the_bm_guides_9568380_remedy() -> None:
    f = assert_found(real_log("bm/hcB-hdc-desktop-uninstall-system-app-9568380.log"))
    assert f.kind == "uninstall" and "preinstalled" in f.fix and "user-installed" in f.fix


@pytest.mark.parametrize(
    "line",
    [
        "W C03F00/MUSL-LDSO: relocating failed: symbol not found. "
        "dso=/data/storage/el1/bundle/libs/arm64/libfoo.so s=bar_init use_vna_hash=0 van_hash=0",
        "Error relocating /data/storage/el1/bundle/libs/arm64/libfoo.so: bar_init: symbol not found",
    ],
)
def test_musls_relocation_failure_names_the_so_and_the_symbol(line: str) -> None:
    f = assert_found(line)
    assert f.kind == "native"
    assert f.location == "/data/storage/el1/bundle/libs/arm64/libfoo.so"
    assert "bar_init" in f.fix and "unresolved-symbols" in f.fix and "API level" in f.fix


def test_another_relocation_error_is_not_a_missing_symbol() -> None:
    # the loader's initial-exec TLS error names a .so and a symbol too, but nothing is missing
    f = diagnose(
        "Error relocating /data/libfoo.so: tls_var: initial-exec TLS resolves to dynamic "
        "definition in /data/libbar.so\n"
    )
    assert f is None or f.meaning != "a .so needs a symbol no loaded library defines"


def test_a_note_naming_the_crash_place_in_code_spans_gives_its_frames() -> None:
    crash = assert_found(real_log("cppcrash/hcB-expo-camera-second-photo-binder-segv.log"))
    assert crash.location == "OHOS::ProcessSkeleton::AttachInvokerProcInfo"
    freeze = assert_found(real_log("appfreeze/hcB-harmony-gguf-loadmodel-main-thread-6s.log"))
    assert freeze.kind == "freeze" and freeze.location == "llama_vocab::impl::load"
    # the English wording, and an event name in a code span is no frame
    text = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0\n"
        "The app crashed in `Renderer::drawFrame()` while `THREAD_BLOCK_6S` was reported.\n"
    )
    f = assert_found(text)
    assert f.location == "Renderer::drawFrame"
    none = assert_found(
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0\nIt crashed in `THREAD_BLOCK_6S`.\n"
    )
    assert none.location != "THREAD_BLOCK_6S"

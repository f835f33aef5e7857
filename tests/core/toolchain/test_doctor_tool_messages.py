"""The doctor reads what a tool says over the task that failed (the sixth blind batch, 27f).

Each case is a real log of ``tests/data/real_logs`` (its ``.toml`` names the source): the rule it
shows is general, the corpus test holds the figures.
"""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.toolchain.doctor import diagnose

REAL = Path(__file__).resolve().parents[2] / "data" / "real_logs"


def _diagnose(name: str):  # type: ignore[no-untyped-def]
    f = diagnose((REAL / name).read_text(encoding="utf-8"))
    assert f is not None, name
    return f


def test_a_specific_cause_in_a_warning_line_beats_the_failed_native_task() -> None:
    # hvigor prints CMake's own error as WARN; the failed BuildNativeWithNinja task names no cause
    f = _diagnose("native/libpag-2687-cmake-no-ninja-build-program.log")
    assert f.kind == "native"
    assert "CMAKE_MAKE_PROGRAM" in f.fix and "ninja" in f.fix.lower()


def test_a_codes_range_beats_a_file_name_in_the_tools_advice() -> None:
    # "Check if the build-profile.json5 is configured correctly" is advice, not the symptom
    f = _diagnose("hvigor/faq-env-39-00302013-root-node-home-hvigor.log")
    assert f.kind == "hvigor-env" and f.code == "00302013"
    assert "hvigorconfig.ts" in f.fix


def test_the_tools_message_after_tools_execution_failed_decides() -> None:
    assert _diagnose("config/faq-204-packageapp-vendor-different.log").kind == "config"
    assert _diagnose("java-node/faq-env-41-signhap-jvm-page-file-1455.log").kind == "java"
    assert _diagnose("java-node/jianguo-hap-sign-tool-invalid-cen-header.log").kind == "java"
    assert "limits.conf" in _diagnose("java-node/faq-env-39-packagehap-exit-code-null.log").fix
    packing = _diagnose("java-node/joplin-packagehap-tools-execution-failed.log")
    assert packing.kind == "java" and packing.code == "00308018"


def test_the_linker_reference_keeps_the_full_path() -> None:
    f = _diagnose("native/faq-huks-9-undefined-symbol-oh-huks.log")
    assert f.location is not None and f.location.endswith("src/main/cpp/hello.cpp:7")
    assert "target_link_libraries" in f.fix


def test_compiler_driver_errors_name_the_flag() -> None:
    f = _diagnose("native/paddle-lite-10442-march-armv7-a-unsupported.log")
    assert f.kind == "native" and "-march" in f.fix
    g = _diagnose("native/onnxruntime-20895-gcc-toolchain-unused-werror.log")
    assert "-Wno-unused-command-line-argument" in g.fix

"""The hilog lines that can carry a fault are found by one scan over the text's UTF-8 bytes
(:func:`hmdesk.core.toolchain.fault_text._fault_lines`): a dump with Chinese in it, and a line
read from undecodable bytes (Python's ``surrogateescape``), give back the lines exactly."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.fault_text import _fault_lines

CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"


def _real(kind: str, name: str) -> str:
    return (CORPUS / kind / f"{name}.log").read_text(encoding="utf-8")


def test_a_crash_inside_a_dump_with_chinese_and_bad_bytes_reads_as_alone() -> None:
    crash = _real("hilog", "hdc-hilog-native-module-crash")
    around = _real("hilog", "hdc-hilog-faq-video")
    assert not around.isascii()  # the real dump holds Chinese
    bad = b"08-20 11:06:01.891  1948  1948 I A03D00/JSAPP: \xff\xfe bytes\n".decode(
        "utf-8", "surrogateescape"
    )
    text = around * 40 + bad + crash + "\n" + around * 40
    alone = diagnose(crash)
    inside = diagnose(text)
    assert alone is not None and inside is not None
    assert (inside.kind, inside.location, inside.evidence) == (
        alone.kind,
        alone.location,
        alone.evidence,
    )


def test_the_lines_come_back_in_order_each_once() -> None:
    text = "\n".join(
        [
            "开始 08-20 11:06:01.891  1948  1948 I A03D00/JSAPP: 正常",
            "08-20 11:06:02.001  1948  1948 E C03f00/ArkCompiler: TypeError: 不是函数",
            "08-20 11:06:02.002  1948  1948 E C03f00/ArkCompiler:     at f (pages/Index.ets:3:5)",
            "08-20 11:06:03.000  1948  1948 F C03f00/ArkCompiler: fatal \udcff",
        ]
    )
    lines = _fault_lines(text)
    assert lines == text.splitlines()[1:]

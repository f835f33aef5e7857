"""Frames → project files → code index entities; recall terms; the pitfall text."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.toolchain.crash.frames import parse_frame, source_of
from hmdesk.core.toolchain.crash.model import CPP, JS, Crash
from hmdesk.core.toolchain.crash.resolve import crash_pitfall, crash_terms, resolve_crash

from tests.fixtures.fake_tools import PROJECTS


def test_frame_forms() -> None:
    f = parse_frame("    at onPageShow entry (entry/src/main/ets/pages/Index.ets:7:13)")
    assert f is not None and (f.symbol, f.file, f.line, f.column) == (
        "onPageShow",
        "entry/src/main/ets/pages/Index.ets",
        7,
        13,
    )
    n = parse_frame(
        "#01 pc 000064d1 /system/bin/crasher_cpp(DfxCrasher::Parse(char const*) const+160)(adfc)"
    )
    assert n is not None and n.symbol == "DfxCrasher::Parse(char const*) const" and n.line == 0
    assert not n.is_project and n.location == "/system/bin/crasher_cpp"
    assert parse_frame("just text") is None
    assert parse_frame("    at f (native)") is not None


def test_project_sources() -> None:
    assert (
        source_of("entry|har1|1.0.0|src/main/ets/pages/Index.ts")
        == "har1/src/main/ets/pages/Index.ets"
    )
    assert source_of("entry/src/main/ets/a/B.ets") == "entry/src/main/ets/a/B.ets"
    assert source_of("/system/lib/x.so") is None
    assert source_of("entry|entry") is None
    assert source_of("oh_modules/lib/src/main/ets/x.ets") is None


def test_resolve_through_the_code_index() -> None:
    index = CodeIndex(PROJECTS / "hello")
    index.scan()
    crash = Crash(
        JS,
        name="TypeError",
        message="Cannot read property message of undefined",
        frames=[
            parse_frame("    at build (entry|entry|1.0.0|src/main/ets/pages/Index.ts:8:12)"),  # type: ignore[list-item]
            parse_frame("    at x (/system/lib/y.js:1:1)"),  # type: ignore[list-item]
        ],
    )
    r = resolve_crash(crash, index)
    assert r.frames[0].entity == "Index.build" and r.frames[1].entity is None
    assert resolve_crash(crash, None) is crash
    terms = crash_terms(r)
    # not "read", "property"; not "build" (every component has one, and the word recalls build
    # failures): the component instead
    assert terms == ["TypeError", "jscrash", "Index", "undefined"]
    p = crash_pitfall(r, str(Path("/x")))
    assert p["content"].splitlines()[0] == (
        "JS crash in the app: TypeError: Cannot read property message of undefined"
    )
    assert "At: entry/src/main/ets/pages/Index.ets:8:12 (in Index.build)" in p["content"]
    assert p["tags"] == ["pitfall", "harmonyos", "crash", "jscrash", "TypeError"]
    assert p["entity"] == "Index.build"


def test_cpp_error_class_is_the_signal() -> None:
    c = Crash(CPP, reason="Signal:SIGABRT(SI_TKILL)@0x000000c5 from:197:1201")
    assert c.error_class == "SIGABRT"
    assert crash_pitfall(c)["tags"][-1] == "SIGABRT"

"""Entity extraction from ArkTS and TypeScript sources."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.codeindex.entities import language_for
from hmdesk.core.codeindex.reading import parse_file, parse_source

from .sources import ENTRY_ABILITY_ETS, INDEX_ETS, UTIL_TS


def _summary(result):
    return [(e.kind, e.qualified, e.start_line, e.end_line) for e in result.entities]


def test_entry_component_struct_with_build():
    r = parse_source(INDEX_ETS.encode(), "arkts", "Index.ets")
    assert not r.has_error
    assert _summary(r) == [
        ("struct", "Index", 3, 22),
        ("method", "Index.aboutToAppear", 8, 10),
        ("build", "Index.build", 12, 21),
    ]
    build = r.entities[2]
    assert (build.name, build.container, build.path) == ("build", "Index", "Index.ets")


def test_ability_class_and_its_methods():
    r = parse_source(ENTRY_ABILITY_ETS, "arkts")
    assert _summary(r) == [
        ("class", "EntryAbility", 4, 16),
        ("method", "EntryAbility.onCreate", 5, 7),
        ("method", "EntryAbility.onWindowStageCreate", 9, 15),
    ]


def test_typescript_functions_interface_enum():
    r = parse_source(UTIL_TS.encode(), "typescript", "util.ts")
    assert _summary(r) == [
        ("function", "formatPrice", 1, 3),
        ("function", "double", 5, 5),
        ("interface", "Shape", 7, 9),
        ("method", "Shape.area", 8, 8),
        ("enum", "Dir", 11, 11),
    ]


def test_arkts_builders_and_classes():
    src = """\
@Builder
function card(text: string) {
  Text(text)
}

abstract class Base {
  constructor() {}
  static make(): number { return 1; }
}

enum Color { Red, Green }
type Id = string;
"""
    assert _summary(parse_source(src, "arkts")) == [
        ("function", "card", 1, 4),
        ("class", "Base", 6, 9),
        ("constructor", "Base.constructor", 7, 7),
        ("method", "Base.make", 8, 8),
        ("enum", "Color", 11, 11),
        ("type", "Id", 12, 12),
    ]


def test_broken_source_still_yields_what_parses():
    src = INDEX_ETS.replace("build() {", "build() {{{ ))) <<<", 1) + "\nfunction tail(): void {}\n"
    r = parse_source(src, "arkts")
    assert r.has_error
    names = {e.qualified for e in r.entities}
    assert {"Index", "Index.aboutToAppear"} <= names


def test_non_utf8_bytes_never_raise(tmp_path: Path):
    data = b"// caf\xe9 \xff\xfe\n" + ENTRY_ABILITY_ETS.encode() + b"\n// \x80\x81 end\n"
    f = tmp_path / "Latin.ets"
    f.write_bytes(data)
    r = parse_file(f, "Latin.ets")
    assert r.error is None
    assert ("method", "EntryAbility.onCreate", 6, 8) in _summary(r)
    # a name with bad bytes comes back with replacement characters
    r2 = parse_source(b"function bad\xff() {}\n", "typescript")
    assert all(isinstance(e.name, str) for e in r2.entities)


def test_garbage_and_empty_and_unreadable(tmp_path: Path):
    assert parse_source(b"", "arkts").entities == ()
    assert isinstance(parse_source(bytes(range(256)) * 20, "arkts").entities, tuple)
    assert isinstance(parse_source(bytes(range(256)) * 20, "typescript").entities, tuple)
    r = parse_file(tmp_path / "missing.ets")
    assert r.entities == () and r.error and "cannot read" in r.error
    assert parse_file(tmp_path / "x.py").error


def test_language_for():
    assert language_for("a/B.ets") == "arkts"
    assert language_for("a/b.ts") == "typescript"
    assert language_for("a/b.js") is None


def test_a_default_import_named_lazy_is_not_taken_for_import_lazy():
    # `import lazy from …` imports a binding named `lazy` (React's `lazy`); `import lazy { … }`
    # and `import lazy X from …` are ArkTS's lazy imports
    for src in ("import lazy from 'react';\n", "import lazy { a } from './a';\n"):
        text = src + "export function f(): void {}\n"
        for language in ("typescript", "arkts"):
            r = parse_source(text, language, "f")
            assert not r.has_error, (src, language)
            assert [(e.kind, e.name, e.start_line) for e in r.entities] == [("function", "f", 2)]

"""General rules the held-out batch L (14 build logs, folded into the corpus) showed missing.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.toolchain.doctor import Finding, diagnose
from hmdesk.core.toolchain.hvigor import parse_log

REAL = Path(__file__).resolve().parents[2] / "data" / "real_logs"


def _real(name: str) -> str:
    return (REAL / name).read_text(encoding="utf-8")


def _diagnose(text: str) -> Finding:
    f = diagnose(text)
    assert f is not None, text[:200]
    return f


def test_a_hvigor_error_pasted_without_its_prompt_is_parsed() -> None:
    log = parse_log(_real("config/dyy-flutter-00303038-usenormalizedohmurl-module.log"))
    err = log.first_error
    assert err is not None and err.code == "00303038"
    assert err.file is not None and err.file.endswith("ohos/entry/build-profile.json5")
    # a line that only mentions hvigor is not an error head
    assert parse_log("hvigor is the build tool\nhvigorw assembleHap").errors == []


def test_a_schema_reports_place_inside_its_field_list_is_the_location() -> None:
    f = _diagnose(_real("config/dyy-flutter-00303038-usenormalizedohmurl-module.log"))
    assert f.code == "00303038"
    assert f.location is not None and f.location.endswith("entry/build-profile.json5:4:19")
    # the property the object does not allow, and where it belongs
    assert "'useNormalizedOHMUrl' is not allowed there (buildOption)" in f.fix
    assert "strictMode" in f.fix and "project-level" in f.fix


def test_a_property_the_schema_does_not_know_is_to_be_removed() -> None:
    f = _diagnose(_real("config/cangjie-web-00303038-cangjieoptions-schema.log"))
    assert f.code == "00303038" and f.location == "entry\\build-profile.json5"
    assert "remove 'cangjieOptions'" in f.fix
    # the allowed names on one line, whatever the log's wrapping
    assert "'napiLibFilterOption', 'arkOptions'" in f.fix


def test_a_misplaced_field_names_its_home_in_another_report() -> None:
    log = (
        "> hvigor ERROR: 00303038 Configuration Error\n"
        "Error Message: Schema validate failed, at file: D:/a/entry/build-profile.json5\n"
        "* Try the following:\n"
        "  > Please check the following fields.{instancePath: 'buildOption',keyword: "
        "'propertyNames',params: { propertyName: 'caseSensitiveCheck' },message: 'property name "
        "must be valid',location: 'D:/a/entry/build-profile.json5:6:7'}\n"
    )
    f = _diagnose(log)
    assert f.location == "D:/a/entry/build-profile.json5:6:7"
    assert "strictMode" in f.fix and "remove" not in f.fix.split("strictMode")[0][-80:]


def test_a_bare_at_file_without_a_line_is_the_location() -> None:
    f = _diagnose(_real("signing/freecad-00303074-bundlename-renamed.log"))
    assert f.kind == "signing" and f.code == "00303074"
    assert f.location == "build-profile.json5"
    g = _diagnose(
        "> hvigor ERROR: 00303074 Configuration Error\n"
        "Error Message: The bundleName in app.json5/hvigorfile.ts does not match the bundleName "
        "in the generated SigningConfigs.\nAt file: E:\\work\\app\\build-profile.json5:1\n"
    )
    assert g.location == "E:\\work\\app\\build-profile.json5:1"

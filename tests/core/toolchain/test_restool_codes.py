"""restool's documented error codes (:mod:`restool_codes`, restool.md's "restool工具错误码"): the
table holds every code of the page, and a code printed in the forms restool and hvigor print it
gives the row's kind, meaning and fix with restool's own line."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.toolchain.build_codes import BUILD_CODES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import is_finding_kind
from hmdesk.core.toolchain.restool_codes import RESTOOL_CODES

from tests.fixtures.real_logs import assert_found, real_log

# the page's codes, in its order (its "### 112xxxxx" headings: 66)
_PAGE = [
    "11201001",
    "11203001",
    "11203002",
    "11203003",
    "11203004",
    "11203005",
    "11203006",
    "11203007",
    "11204001",
    "11204003",
    "11204004",
    "11204005",
    "11204006",
    "11210001",
    "11210002",
    "11210003",
    "11210004",
    "11210005",
    "11210006",
    "11210007",
    "11210008",
    "11210009",
    "11210010",
    "11210011",
    "11210012",
    "11210013",
    "11210014",
    "11210015",
    "11210016",
    "11210017",
    "11210018",
    "11210019",
    "11210020",
    "11210021",
    "11210022",
    "11210023",
    "11210024",
    "11210025",
    "11210026",
    "11211001",
    "11211002",
    "11211003",
    "11211004",
    "11211007",
    "11211008",
    "11211012",
    "11211014",
    "11211101",
    "11211103",
    "11211104",
    "11211106",
    "11211107",
    "11211108",
    "11211109",
    "11211110",
    "11211111",
    "11211112",
    "11211113",
    "11211114",
    "11211115",
    "11211116",
    "11211117",
    "11211118",
    "11211120",
    "11211124",
    "11212001",
]


def test_the_table_holds_every_code_of_the_page() -> None:
    assert len(_PAGE) == 66
    assert list(RESTOOL_CODES) == _PAGE
    for code, (kind, meaning, fix, says) in RESTOOL_CODES.items():
        assert is_finding_kind(kind) and meaning and len(fix) > 30, code
        if says:
            re.compile(says)
        assert BUILD_CODES[code].fix == fix and BUILD_CODES[code].kind == kind, code


def test_resource_codes_are_config_and_file_access_codes_permission() -> None:
    assert {RESTOOL_CODES[c][0] for c in _PAGE if c.startswith("11211")} == {"config"}
    assert {RESTOOL_CODES[c][0] for c in _PAGE if c.startswith("11204")} == {"permission"}
    assert RESTOOL_CODES["11210020"][0] == "project-path"  # a non-ASCII path


_MESSAGE = "Invalid resource directory name 'graphic'"


@pytest.mark.parametrize(
    "log",
    [
        f"{_MESSAGE}\nResource Pack Error: 11211104\n",
        f"ERROR: 11211104\n{_MESSAGE}\n",
        f'> hvigor ERROR: 11211104 {_MESSAGE}. Valid values: ["element","media","profile"].\n',
        f"Error Code: 11211104\nError: Resource Pack Error\nError Message: {_MESSAGE}.\n",
    ],
)
def test_a_printed_code_gives_its_row_and_keeps_restools_line(log: str) -> None:
    found = diagnose(log)
    assert found is not None
    assert (found.kind, found.code, found.certain) == ("config", "11211104", True)
    assert found.meaning == RESTOOL_CODES["11211104"][1]
    for folder in ("base/", "element/", "media/", "profile/"):
        assert folder in found.fix
    assert _MESSAGE in found.fix and _MESSAGE in found.evidence


@pytest.mark.parametrize("code", _PAGE)
@pytest.mark.parametrize("form", ["Resource Pack Error: {c}", "ERROR: {c}", "Error Code: {c}"])
def test_every_code_in_every_form_gives_its_kind_and_meaning(code: str, form: str) -> None:
    found = diagnose(f"restool failed\n{form.format(c=code)}\n")
    assert found is not None, code
    kind, meaning, _, _ = RESTOOL_CODES[code]
    assert (found.kind, found.code, found.meaning) == (kind, code, meaning)


def test_hvigors_block_for_a_duplicated_resource() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@CompileResource...\n"
        "> hvigor ERROR: 11211117 Resource 'app_name' conflict. It is first declared at "
        "'entry/src/main/resources/base/element/string.json' and declared again at "
        "'entry/src/main/resources/en_US/element/string.json'.\n"
    )
    found = diagnose(log)
    assert found is not None
    assert (found.kind, found.code) == ("config", "11211117")
    assert "unique" in found.fix and "'app_name' conflict" in found.fix


def test_the_message_without_its_code_still_gives_the_row_possibly_as_a_page_says() -> None:
    found = diagnose(
        "> hvigor ERROR: Failed :entry:default@CompileResource...\n"
        "Error: Invalid qualifier key 'zh-CN'. It should match the pattern of the qualifiers "
        "directory, for example zh_CN or en_US.\n"
    )
    assert found is not None and found.kind == "config"
    assert "qualifier" in found.fix


def test_an_empty_resource_array_in_the_wording_a_developer_quotes() -> None:
    # batch RS: an AI workspace's pitfall note quotes the empty "string" array of string.json so
    found = assert_found("Required attribute 'string' must be a non-empty array\n")
    assert found.kind == "config" and "string.json" in found.fix and "placeholder" in found.fix


def test_an_unknown_restool_code_keeps_the_tools_reading() -> None:
    # not on the page: the tool's title and message decide, as before the table
    found = diagnose("Error Code: 11211199\nError: Resource Pack Error\nError Message: new one\n")
    assert found is not None and found.kind == "config"
    assert found.code == "11211199" and "new one" in found.fix


@pytest.mark.parametrize(
    ("name", "kind", "code", "word"),
    [
        (
            "config/buildlog-weather-11211116-invalid-resource-name.log",
            "config",
            "11211116",
            "[a-zA-Z0-9_]",
        ),
        (
            "config/multicommunity-restool-duplicate-resource-11211117.log",
            "config",
            "11211117",
            "content_15",
        ),
        (
            "config/traveljournal-string-app-name-undefined-11211120.log",
            "config",
            "11211120",
            "app_name",
        ),
        ("config/waterflow-restool-string-json-11203002.log", "config", "11203002", "root bracket"),
        ("paths/hmproject-11204003-readonly-rawfile.log", "permission", "11204003", "attrib -r"),
    ],
)
def test_the_corpus_logs_with_restool_codes_read_their_row(
    name: str, kind: str, code: str, word: str
) -> None:
    found = assert_found(real_log(name))
    assert (found.kind, found.code, found.certain) == (kind, code, True)
    assert found.meaning == RESTOOL_CODES[code][1] and word in found.fix


def test_a_library_restool_cannot_load_is_possibly_its_cause() -> None:
    # the page names three causes, and a .dylib on a host that is not a Mac a fourth
    found = assert_found(real_log("hvigor/qt5-ohos-pc-11201001-dylib-os-type.log"))
    assert (found.kind, found.code, found.certain) == ("hvigor-env", "11201001", False)
    assert "os.type" in found.fix and "Path" in found.fix

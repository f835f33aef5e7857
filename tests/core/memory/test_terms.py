"""Term splitting: hmharness's exact rule and the default profile's segmentation."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.memory.terms import (
    JS_WHITESPACE,
    JS_WHITESPACE_CHARS,
    default_terms,
    hmharness_terms,
    typed_forms,
    utf16_len,
)
from hypothesis import given
from hypothesis import strategies as st


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hvigor build windows", ["hvigor", "build", "windows"]),
        ("构建 失败", ["构建", "失败"]),
        ("Hvigor,BUILD，x;windows；", ["hvigor", "build", "windows"]),
        ("  a  bb   ", ["bb"]),
        ("build build", ["build", "build"]),  # no dedupe
        ("hvigor构建失败", ["hvigor构建失败"]),  # no segmentation
        (
            "entry-default-signed.hap @ohos.hilog a.b/c:d、e",
            ["entry-default-signed.hap", "@ohos.hilog", "a.b/c:d、e"],
        ),
        ("", []),
        ("x y z", []),
        ("😀 构", ["😀"]),  # an astral char is 2 UTF-16 units, a CJK char 1
    ],
)
def test_hmharness_terms(text: str, expected: list[str]) -> None:
    assert hmharness_terms(text) == expected


def test_hmharness_split_uses_javascript_whitespace() -> None:
    # JS \s includes U+FEFF and U+3000 but not U+001C or U+0085 (Python's str.split differs).
    assert hmharness_terms("ab\ufeffcd\u3000ef") == ["ab", "cd", "ef"]
    assert hmharness_terms("ab\x1ccd ab\x85cd") == ["ab\x1ccd", "ab\x85cd"]


def test_utf16_len() -> None:
    assert utf16_len("构建") == 2
    assert utf16_len("😀") == 2
    assert utf16_len("a😀") == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hvigor构建失败", ["hvigor", "构建", "失败"]),
        ("hdc安装报错9568320", ["hdc", "安装", "报错", "9568320"]),
        ("aa start失败", ["aa", "start", "失败"]),
        ("entry-default-signed.hap", ["entry-default-signed.hap"]),
        ("@ohos.hilog", ["@ohos.hilog"]),
        ("DEVECO_SDK_HOME未设置", ["deveco_sdk_home", "设置"]),
        ('"hvigorw" failed:', ["hvigorw", "fail"]),
        ("签名（signing）失败。", ["签名", "sign", "失败"]),
        ("构建 构建失败 build BUILD", ["构建", "失败", "build"]),  # deduplicated
        ("hvigor build windows", ["hvigor", "build", "window"]),
        ("hvigor daemon crashes", ["hvigor", "daemon", "crash"]),
        ("how to fix the signing", ["fix", "sign"]),  # stop words dropped
        ("the how", ["the", "how"]),  # ... unless nothing else is left
        ("内存泄漏怎么办", ["内存", "泄漏"]),
        ("process status dependencies", ["process", "statu", "dependenc"]),
        ("runs uses file", ["runs", "uses", "file"]),  # stems shorter than 4 letters: kept whole
    ],
)
def test_default_terms(text: str, expected: list[str]) -> None:
    assert default_terms(text) == expected


def test_default_terms_drop_single_characters() -> None:
    assert "在" not in default_terms("构建在Windows上失败")
    assert default_terms("在") == []


def test_light_stem_is_a_prefix() -> None:
    from hmdesk.core.memory.terms import light_stem

    for word in ["failed", "signing", "crashes", "dependencies", "windows", "hap", "9568320"]:
        assert word.startswith(light_stem(word))
    assert light_stem("entry-default-signed.hap") == "entry-default-signed.hap"


def test_an_unknown_profile_is_a_clear_error() -> None:
    from hmdesk.core.memory.retrieve.profile import profile_named

    with pytest.raises(ValueError, match="unknown retrieval profile 'bm25'; use one of default"):
        profile_named("bm25")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ArkTS", ["arkts"]),
        ("HAP APIs API", ["hap", "api"]),  # acronyms whole; an acronym's plural s goes
        ("versionCode abilityStages", ["versioncode", "abilitystages"]),
        ("Failed Crashes", ["fail", "crash"]),  # a capitalised plain word is still stemmed
    ],
)
def test_identifiers_and_acronyms_are_not_stemmed(text: str, expected: list[str]) -> None:
    assert default_terms(text) == expected


def test_camel_case_terms_keep_substring_semantics() -> None:
    from hmdesk.core.memory.terms import SubstringTerm, form_in

    (term,) = default_terms("ArkTS")
    assert isinstance(term, SubstringTerm)
    assert form_in("arktscompiler", term)
    assert not form_in("arktscompiler", "arkts")  # the same letters as a plain word


@pytest.mark.parametrize(
    ("hay", "form", "found"),
    [
        ("not set", "no", False),
        ("no signature", "no", True),
        ("profile", "file", False),
        ("files", "file", True),
        ("file_path", "file", True),  # _ and digits are boundaries
        ("api9", "api", True),
        ("安装file", "file", True),
        ("node", "no", False),
        ("crashed", "crash", True),
        ("crashing", "crash", True),
        ("expire", "expir", True),
        ("logging", "log", True),
        ("hilog", "log", False),
        ("compiling", "compile", True),
        ("memories", "memory", True),
        ("rebuild", "build", False),
        ("hvigor构建失败", "构建", True),  # Han: substring
        ("code:9568320,", "9568320", True),
        ("entry-default-signed.hap", "signed.hap", True),
    ],
)
def test_word_boundaries(hay: str, form: str, found: bool) -> None:
    from hmdesk.core.memory.terms import form_in, form_spans

    assert form_in(hay, form) is found
    assert bool(form_spans(hay, form)) is found


def test_hmharness_groups_match_substrings() -> None:
    from hmdesk.core.memory.retrieve.profile import HMHARNESS
    from hmdesk.core.memory.terms import form_in

    ((form,),) = HMHARNESS.terms("file")
    assert form_in("profile", form)


def test_js_whitespace_chars_are_the_class() -> None:
    ws = re.compile(f"[{JS_WHITESPACE}]")
    assert {chr(o) for o in range(0x110000) if ws.match(chr(o))} == JS_WHITESPACE_CHARS


@given(
    st.text(alphabet="abcdefgilnorsty .-_9构", max_size=30),
    st.sampled_from(["log", "build", "compile", "memory", "retry", "fail", "crash", "sign", "no"]),
)
def test_word_forms_are_the_words_the_pattern_matches(text: str, form: str) -> None:
    """The team store's server tests a plain word by its forms in a memory's word list: the same
    answer as the pattern on the text."""
    from hmdesk.core.memory.terms import form_in, word_forms

    runs = set(re.findall("[a-z]+", text))
    assert form_in(text, form) == bool(runs & word_forms(form))


def test_typed_forms_give_each_term_the_word_as_typed():
    """What a chip shows for a term: the crash's words, not the index's stems."""
    text = "TypeError jscrash build undefined Crashes 构建失败"
    forms = typed_forms(text)
    for term in default_terms(text):
        assert term in forms
    assert forms["undefin"] == "undefined" and forms["crash"] == "Crashes"
    assert forms["typeerror"] == "TypeError" and forms["构建"] == "构建"

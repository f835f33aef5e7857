"""Term splitting: hmharness's exact rule and the default profile's segmentation."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.memory.terms import (
    JS_WHITESPACE,
    JS_WHITESPACE_CHARS,
    default_terms,
    han_split,
    has_han,
    hmharness_terms,
    is_han,
    utf16_len,
)
from hypothesis import given, settings
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


def test_a_single_han_character_is_its_own_word_without_the_segmenter():
    """A run of one Han character needs no dictionary (rjieba gives the character itself), so a
    query whose Han runs are single characters never loads it."""
    import rjieba
    from hmdesk.core.memory import terms

    asked: list[str] = []

    def cut(run: str) -> list[str]:
        asked.append(run)
        return list(rjieba.cut(run))

    terms.use_han_segmenter(cut)
    try:
        assert default_terms("装 hdc 包") == ["hdc"]
        assert asked == []
        assert default_terms("安装 hdc") == ["安装", "hdc"]
        assert asked == ["安装"]
    finally:
        terms.use_han_segmenter(None)
    for ch in "装包构的了𠀀\uf900\u9fff":
        assert terms._segment_han(ch) == tuple(w for w in rjieba.cut(ch) if w.strip())


# --- the Han classes, by code point (terms.is_han / has_han / han_split) -----------------------

_HAN_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_OLD_HAS_HAN = re.compile(f"[{_HAN_CLASS}]")
_OLD_HAN_RUN = re.compile(f"([{_HAN_CLASS}]+)")

# every edge of the Han ranges and of the UTF-16 planes, and what a query holds besides
_EDGES = "".join(
    chr(o)
    for base in (0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xF900, 0xFAFF, 0x20000, 0x3134F, 0xFFFF)
    for o in (base - 1, base, base + 1)
)
_ALPHABET = st.one_of(
    st.sampled_from(
        list(_EDGES + "构建失败签名，。；！？「」（）、…_-0123456789aZ  \t\u3000\u2003")
    ),
    st.characters(min_codepoint=0x2E80, max_codepoint=0xFFFF),  # CJK, compatibility, forms
    st.characters(min_codepoint=0x1F000, max_codepoint=0x323AF),  # astral: extensions B–H
    st.characters(),  # anything else (no surrogates)
)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=40))
def test_han_scanning_equals_the_regex_classes(text: str) -> None:
    assert has_han(text) == bool(_OLD_HAS_HAN.search(text))
    assert han_split(text) == _OLD_HAN_RUN.split(text)
    for ch in text:
        assert is_han(ch) == bool(_OLD_HAS_HAN.match(ch))


def test_is_han_at_every_code_point_edge() -> None:
    for o in range(0x3300, 0x9FFF + 0x200):  # the whole BMP part (and around it)
        assert is_han(chr(o)) == bool(_OLD_HAS_HAN.match(chr(o))), hex(o)
    for o in (0x1FFFF, 0x20000, 0x2A6DF, 0x2A700, 0x3134F, 0x31350, 0x323AF, 0x10FFFF):
        assert is_han(chr(o)) == bool(_OLD_HAS_HAN.match(chr(o))), hex(o)
    assert han_split("") == [""] and han_split("构建") == ["", "构建", ""]
    assert han_split("a构建b失败") == ["a", "构建", "b", "失败", ""]


def test_js_whitespace_chars_are_the_class() -> None:
    ws = re.compile(f"[{JS_WHITESPACE}]")
    assert {chr(o) for o in range(0x110000) if ws.match(chr(o))} == JS_WHITESPACE_CHARS

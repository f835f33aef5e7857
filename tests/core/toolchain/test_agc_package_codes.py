"""AppGallery Connect's package parsing error codes (:mod:`hmdesk.core.toolchain.
agc_package_codes`): every code of the page read with its message, in Chinese and in English, a
message that names its problem read without its code, and the upload FAQ's no-code message. The
real log is batch H's ``signing/hcA-flutter-notes-agc-993-debug-profile-in-release``."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.agc_package_codes import PACKAGE_CODES, SHARED_MESSAGES
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log

_UPLOAD = "软件包解析失败，详细信息点击软件包管理列表中的错误码查看，请按照指导重新打包上传。\n"


@pytest.mark.parametrize(("code", "kind", "zh", "en", "fix"), PACKAGE_CODES)
def test_every_code_is_read_with_its_chinese_message(
    code: str, kind: str, zh: str, en: str, fix: str
) -> None:
    f = assert_found(f"{_UPLOAD}{code}，{zh or SHARED_MESSAGES[code]}\n")
    assert (f.kind, f.code) == (kind, code), (f.kind, f.code, f.fix)
    assert fix[:40] in f.fix, f.fix


@pytest.mark.parametrize(
    ("code", "kind", "en"), [(r[0], r[1], r[3]) for r in PACKAGE_CODES if r[3]]
)
def test_a_code_is_read_with_the_english_page_s_message(code: str, kind: str, en: str) -> None:
    message = (
        en.replace(r".{0,40}", " ")
        .replace(r".{0,60}", " in the ")
        .replace(r"(?:valid|effective)", "valid")
    )
    f = assert_found(f"Error code {code}: {message[0].upper()}{message[1:]}.\n")
    assert (f.kind, f.code) == (kind, code), (message, f.kind, f.code)


@pytest.mark.parametrize(
    ("code", "kind", "zh"), [(r[0], r[1], r[2]) for r in PACKAGE_CODES if r[2]]
)
def test_a_message_that_names_its_problem_decides_without_its_code(
    code: str, kind: str, zh: str
) -> None:
    f = assert_found(f"上传失败：{zh}。\n")
    row = next(r for r in PACKAGE_CODES if r[0] == code)
    # the code is not printed, so none is claimed; the row's own fix is the answer
    assert (f.kind, f.code) == (kind, None), (f.kind, f.code)
    assert row[4][:40] in f.fix, f.fix


def test_codes_sharing_a_message_are_told_apart_by_their_code() -> None:
    for code in ("7022", "7025", "4", "996"):
        f = assert_found(f"{code}，{SHARED_MESSAGES[code]}\n")
        assert f.code == code, (code, f.code)
    assert "internal-test profile" in assert_found("7025，当前软件包不支持上架到应用市场\n").fix
    # the shared message alone decides nothing: the code is needed
    assert diagnose("当前软件包不支持上架到应用市场\n") is None
    # a number that only ends in a code is not the code
    assert diagnose("17022，当前软件包不支持上架到应用市场\n") is None


def test_the_real_993_log_names_the_release_signing_config() -> None:
    f = assert_found(real_log("signing/hcA-flutter-notes-agc-993-debug-profile-in-release.log"))
    assert (f.kind, f.code) == ("signing", "993")
    for word in ("release profile", "products[].signingConfig", "build-profile.json5"):
        assert word in f.fix, (word, f.fix)


def test_the_faq_s_parse_failure_without_a_code_names_the_resource_names() -> None:
    f = assert_found("软件包解析失败，请联系客服处理\n")
    assert f.kind == "config" and f.code is None
    assert "100 characters" in f.fix

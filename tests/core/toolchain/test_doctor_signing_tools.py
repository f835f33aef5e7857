"""The signing tools' own errors and bm's signing/install codes, as families from their docs.

hap-sign-tool and binary-sign-tool print ``NAME, code: N. Details: …`` (the Java tool's codes
101-118, the C++ tools' -101..-119: :mod:`hmdesk.core.toolchain.signing_tool_errors`); DevEco's
SignHap prints the signature tool's 8-digit codes (``11013002``, every code of the "Signature
Tool Error Codes" page, in ``BUILD_CODES``); bm's codes 9568266, 9568297, 9568257, 9568320,
9568404, 9568448 carry their documented causes. Each group reads the real logs of batch V
(``tests/data/real_logs``, sources in their ``.toml``) and variants no log was written from.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.build_codes import BUILD_CODES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.bm_codes import INSTALL_CODES, INSTALL_NAMES
from hmdesk.core.toolchain.signing_tool_errors import (
    GUIDE_INSTALL_MESSAGES,
    SIGN_TOOL_CASES,
    SIGN_TOOL_ERRORS,
    sign_tool_finding,
)

from tests.fixtures.real_logs import assert_found, real_log

# ----------------------------------------------------------------- the tools' NAME, code lines


@pytest.mark.parametrize("name", sorted(SIGN_TOOL_ERRORS))
def test_every_error_name_of_the_tools_is_read_with_its_own_code(name: str) -> None:
    err = SIGN_TOOL_ERRORS[name]
    for code in (err.java, err.cpp):
        if code is None:
            continue
        prefix = "hap-sign-tool: error: " if code > 0 else "ERROR - "
        f = assert_found(f"{prefix}{name}, code: {code}. Details: something the guide never saw\n")
        assert (f.kind, f.code) == ("signing", str(code)), (f.kind, f.code, f.fix)
        assert err.fix[:40] in f.fix, f.fix
        # the C++ tools' line alone decides; the Java tool's (``hap-sign-tool: error:``) adds
        # its cause to the signing signature's finding
        assert code > 0 or f.meaning.startswith(name)
        assert "something the guide never saw" in f.fix  # the tool's own words kept


def test_a_name_with_another_tools_code_or_no_such_name_is_not_read_as_a_signing_error() -> None:
    assert sign_tool_finding("ERROR - KEY_PASSWORD_ERROR, code: 114. Details: x\n") is None
    assert sign_tool_finding("ERROR - SOME_OTHER_ERROR, code: -114. Details: x\n") is None
    assert sign_tool_finding("hap-sign-tool: error: SIGN_ERROR, code: -105. Details: x\n")


_DETAILS = {
    r"Wrong key usage": "Failed to verify signature: Wrong key usage",
    r"must a cert chain": "Profile cert 'a/b.pem' must a cert chain",
    r"unable to find valid certification path": (
        "Failed to verify signature: unable to find valid certification path to requested target"
    ),
    r"SignAlg params is incorrect|signature algorithms include": (
        "SignAlg params is incorrect, signature algorithms include SHA256withECDSA"
    ),
    r"Common name of certificate is empty": "Common name of certificate is empty!",
    r"key\s*-\s*value must in pairs|must in pairs": (
        "'sign-app' Parameters error, Param key - value must in pairs"
    ),
    r"keypair password error": "'my-key' keypair password error",
    r"Not support file": "Not support file: ./keys/release.p1",
    r"key alias already exists": (
        "'k2' key alias already exists and cannot be generated repeatedly"
    ),
    r"keyAlias:\s*'[^'\n]*'\s*is not exist": "keyAlias: 'k3' is not exist in/home/u/k.p12",
    r"keyStore password error": "keyStore password error",
    r"Tag app-distribution-type is empty": "Tag app-distribution-type is empty",
    r"Require build type must be debug or release": "Require build type must be debug or release",
    r"zip init failed": "zip init failed",
    r"No certificates configured for sign": "No certificates configured for sign",
    r"does not exist or the path is invalid": (
        "The 'x.cer' file does not exist or the path is invalid, parameter name '-appCertFile'"
    ),
}


@pytest.mark.parametrize("case", SIGN_TOOL_CASES, ids=lambda c: c.details[:30])
def test_every_details_the_guides_explain_gets_their_cause_and_fix(case) -> None:  # type: ignore[no-untyped-def]
    details = _DETAILS[case.details]  # each documented case has a variant here
    f = assert_found(f"11-02 10:00:01 ERROR - VERIFY_ERROR, code: -106. Details: {details}\n")
    assert f.kind == "signing" and case.cause in f.meaning and case.fix in f.fix, f.fix


def test_the_real_signing_tool_logs_of_batch_v() -> None:
    f = assert_found(real_log("signing/binary-sign-tool-key-password-error.log"))
    assert (f.code, f.kind) == ("-114", "signing") and "-keyPwd" in f.fix
    f = assert_found(real_log("signing/binary-sign-tool-sign-error-no-certificates.log"))
    assert f.code == "-105" and "-keyAlias" in f.fix and "-appCertFile" in f.fix
    f = assert_found(real_log("signing/hapsigntool-guide-verify-error-108-cert-path.log"))
    assert f.code == "108" and "C, O, OU, CN" in f.fix


def test_a_tools_line_under_a_failed_signhap_task_decides() -> None:
    log = (
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "> hvigor ERROR: Tools execution failed.\n"
        "hap-sign-tool: error: NOT_SUPPORT_ERROR, code: 105. Details: Profile cert "
        "'C:\\s\\p.pem' must a cert chain\n"
        "> hvigor ERROR: BUILD FAILED in 3 s\n"
    )
    f = assert_found(log)
    assert (f.kind, f.code) == ("signing", "105") and "certChain" in f.fix


# ------------------------------------------------------------- the install messages of the guide


@pytest.mark.parametrize("entry", GUIDE_INSTALL_MESSAGES, ids=lambda e: e[2][:30])
def test_the_install_failures_the_hapsigntool_guide_explains(entry) -> None:  # type: ignore[no-untyped-def]
    _rx, kind, cause, fix = entry
    said = {
        "signing": "[Info]App install path:x.hap, verify pkcs7 info failed",
        "install": ("install failed: device type is not supports"),
    }[kind]
    f = assert_found(said)
    assert (f.kind, f.meaning) == (kind, cause) and fix in f.fix


def test_the_guides_pkcs7_log_of_batch_v() -> None:
    f = assert_found(real_log("bm/hapsigntool-guide-debug-profile-udid-pkcs7.log"))
    assert f.kind == "signing" and "bm get --udid" in f.fix and "device-ids" in f.fix


# ------------------------------------------------------- the signature tool's 8-digit codes


_SIGN_CODES = sorted(c for c in BUILD_CODES if c.startswith(("110", "111")))


def test_every_code_of_the_signature_tool_error_page_is_in_the_code_table() -> None:
    assert len(_SIGN_CODES) == 49  # hapsigntool-errorcode.md: 11010001 … 11114001
    assert all(BUILD_CODES[c].kind == "signing" for c in _SIGN_CODES)


@pytest.mark.parametrize("code", _SIGN_CODES)
def test_each_signature_tool_code_printed_by_signhap_gives_its_handling(code: str) -> None:
    info = BUILD_CODES[code]
    log = (
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        f"> hvigor ERROR: {code} Signing Error\nError Message: something went wrong here\n"
    )
    f = assert_found(log)
    assert (f.kind, f.code, f.meaning) == ("signing", code, info.meaning)
    assert info.fix.split("{")[0][:40] in f.fix


def test_a_signature_tool_code_the_page_lacks_is_read_by_its_range() -> None:
    f = assert_found("> hvigor ERROR: 11019999 Signing Error\nError Message: a new one\n")
    assert (f.kind, f.code) == ("signing", "11019999") and "signingConfigs" in f.fix


def test_an_expired_certificate_under_11013002_says_update_it() -> None:
    f = assert_found(real_log("signing/rainbow-11013002-cert-expired.log"))
    assert f.code == "11013002" and "expired" in f.fix


# ---------------------------------------------------------------------------- bm's codes


@pytest.mark.parametrize(
    ("log", "code", "words"),
    [
        (
            "bm/faq-mdm-7-install-permission-denied-9568266.log",
            "9568266",
            ("debug certificate", "edm enable-admin"),
        ),
        (
            "bm/webkitview-oniro-delivery-sign-profile-9568404.log",
            "9568404",
            ("/dev/code_sign", "release profile", "Restart"),
        ),
        (
            "bm/hap-kb-older-sdk-9568297.log",
            "9568297",
            ("const.ohos.apiversion", "compatibleSdkVersion", "runtimeOS"),
        ),
        ("bm/karing-hm-self-signed-ca-9568257.log", "9568257", ("not trusted", "Automatically")),
        ("bm/npu-spike-unsigned-hap-9568320.log", "9568320", ("unsigned", "signingConfig")),
        (
            "bm/hokit-not-trusted-9568322.log",
            "9568322",
            ("bm get -u", "device-ids"),
        ),
    ],
)
def test_bm_codes_carry_their_documented_causes(
    log: str, code: str, words: tuple[str, ...]
) -> None:
    f = assert_found(real_log(log))
    assert f.code == code
    for w in words:
        assert w in f.fix, (w, f.fix)


def test_bm_9568448_is_the_app_packages_signature() -> None:
    assert ".app" in INSTALL_CODES["9568448"][1]
    f = diagnose(
        "error: failed to install bundle. code:9568448 error: verify app signature failed."
    )
    assert f is not None and f.code == "9568448" and "debug certificate" in f.fix


def test_every_bm_message_quoted_alone_on_its_line_names_its_code() -> None:
    # the hapsigntool guide quotes bm's words without the code ("报错提示：install sign info
    # inconsistent"); a line that is one of bm's documented messages whole names the code
    checked = 0
    for code, (meaning, _fix) in INSTALL_CODES.items():
        said = meaning.split(" (")[0]
        if len(said) < 20:
            continue
        f = diagnose(f"> {said}.\n")
        assert f is not None, code
        same = {
            c for c, (m, _f) in INSTALL_CODES.items() if m.split(" (")[0].lower() == said.lower()
        }
        assert any(f"bm code {c}," in f.meaning for c in same), (code, f.meaning)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", sorted(INSTALL_NAMES))
def test_every_named_bm_result_reads_as_its_code(name: str) -> None:
    code = INSTALL_NAMES[name]
    f = assert_found(f"[Fail]Install Failed: Failure[{name}]\n")
    assert f.code == name and f"bm code {code})" in f.meaning, (f.code, f.meaning)
    if code in INSTALL_CODES:
        assert INSTALL_CODES[code][1][:40] in f.fix
    else:  # a name bm's guide does not document: its own words, never another code's remedy
        assert "does not document" in f.fix and name in f.fix


def test_harmonyos_4s_msg_names_are_not_bms_named_results() -> None:
    f = assert_found("Failure[MSG_ERR_INSTALL_FAILED_VERIFY_APP_PKCS7_FAIL]\n")
    assert f.code != "ERR_INSTALL_FAILED_VERIFY_APP_PKCS7_FAIL"


def test_the_tools_own_errormsg_layout_whatever_its_description_starts_with() -> None:
    # SignToolErrMsg's layout: ``ERROR: <code> <description>``, ``Error Message: <cause>``,
    # ``* Try the following:`` (descriptions such as "generate csr failed", "{-x} param is …")
    for code, description in (
        ("11013008", "generate csr failed"),
        ("11011002", "-keyAlias param is incorrect"),
    ):
        f = assert_found(
            f"\nERROR: {code} {description}\nError Message: the cause\n\n* Try the following: \n"
            " > check it\n"
        )
        assert (f.kind, f.code) == ("signing", code)
    other = diagnose("ERROR: 12345678 lower case words\n")  # another tool's code: not signing
    assert other is None or other.kind != "signing"

"""The signing tools' own error lines, read into a finding: hap-sign-tool and binary-sign-tool.

Both print ``NAME, code: N. Details: …`` (the Java hap-sign-tool after ``hap-sign-tool: error:``
with its positive codes, ``VERIFY_ERROR, code: 108``; the C++ tools after ``ERROR -`` with their
negative ones, ``KEY_PASSWORD_ERROR, code: -114``). :data:`SIGN_TOOL_ERRORS` is every name of
the tools' error enums (the Java tool's ``ERROR.java``, the C++ tools'
``signature_tools_errno.h``) with its codes, meaning and fix; :data:`SIGN_TOOL_CASES` are the
``Details`` the guides' FAQs explain (the hapsigntool guide's Java and C++ FAQs, the
binary-sign-tool guide's error list), each with the documented cause and fix, which win over
the name's general one. :data:`GUIDE_INSTALL_MESSAGES` are the install failures the hapsigntool
guide's FAQ explains for a package signed with its own material (OpenHarmony's ``verify pkcs7
info failed`` when the debug profile lacks the device's UDID).

The 8-digit codes DevEco prints for the same tool (``11013002``) are in
:data:`~hmdesk.core.toolchain.build_codes.BUILD_CODES`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from hmdesk.core.toolchain.finding import (
    EVIDENCE_CHARS,
    Finding,
    FindingKind,
    first_error_block,
    search_terms,
)


class SignToolError(NamedTuple):
    java: int | None  # the Java hap-sign-tool's code (ERROR.java)
    cpp: int | None  # the C++ hap-sign-tool's and binary-sign-tool's (signature_tools_errno.h)
    meaning: str
    fix: str


_CHECK_COMMAND = "Check the command's parameters against the tool's guide (hapsigner guide)."
_PASSWORDS = (
    "Give the password each file was made with: -keystorePwd for the keystore (signingConfigs "
    "storePassword), -keyPwd for the key pair (keyPassword), -issuerKeyPwd for the issuer's key."
)

# every name of the tools' error enums
SIGN_TOOL_ERRORS: dict[str, SignToolError] = {
    "COMMAND_ERROR": SignToolError(
        101, -101, "the command is not one the tool has", f"{_CHECK_COMMAND}"
    ),
    "FILE_NOT_FOUND": SignToolError(
        102,
        -102,
        "an input file does not exist or its path is invalid",
        "Check the path and name of the file the message names (the parameter it gives).",
    ),
    "WRITE_FILE_ERROR": SignToolError(
        103, None, "the output file cannot be written", "Check -outFile's folder and permission."
    ),
    "READ_FILE_ERROR": SignToolError(
        104, None, "an input file cannot be read", "Check the file's path and read permission."
    ),
    "IO_ERROR": SignToolError(
        None,
        -103,
        "a file cannot be read or written",
        "Check the input files' paths and -outFile's folder and permission.",
    ),
    "NOT_SUPPORT_ERROR": SignToolError(
        105,
        -104,
        "a file type, algorithm or certificate form the tool does not support",
        "Use what the tool supports: a keystore .p12 (the Java tool also .jks), signAlg "
        "SHA256withECDSA or SHA384withECDSA, certificate chains where a chain is asked for.",
    ),
    "NETWORK_ERROR": SignToolError(
        106, None, "the remote signing service cannot be reached", "Sign with -mode localSign."
    ),
    "SIGN_ERROR": SignToolError(
        107,
        -105,
        "signing failed",
        "Check that the key (-keyAlias in -keystoreFile) and the certificate (-appCertFile) "
        "belong together, and the certificate chain's order.",
    ),
    "VERIFY_ERROR": SignToolError(
        108,
        -106,
        "a signature or certificate chain does not verify",
        "Check the certificate chain: its order, the -issuer / -issuerKeyAlias it was made "
        "with, and the subject's order (C, O, OU, CN).",
    ),
    "ACCESS_ERROR": SignToolError(
        109,
        None,
        "a keystore, certificate or profile cannot be read",
        "Check the keystore (-keystoreFile, its password), the certificate (-appCertFile) and "
        "the profile (-profileFile): each the right file of the right format.",
    ),
    "COMMAND_PARAM_ERROR": SignToolError(
        110,
        -107,
        "a parameter of the command is wrong",
        f"Check the command: no text pasted into it, every -name with its value. {_CHECK_COMMAND}",
    ),
    "OPERATOR_CREATION_ERROR": SignToolError(
        111, None, "the signing operation could not be created", _CHECK_COMMAND
    ),
    "PARAM_NOT_EXIST_ERROR": SignToolError(
        113, None, "a mandatory parameter is missing", f"Add it. {_CHECK_COMMAND}"
    ),
    "KEYSTORE_OPERATION_ERROR": SignToolError(
        114,
        None,
        "the keystore cannot be opened or used",
        f"Check the keystore file and its passwords. {_PASSWORDS}",
    ),
    "CERTIFICATE_ERROR": SignToolError(
        115,
        -108,
        "a certificate is wrong",
        "Check the certificate file (-appCertFile; signingConfigs certpath): an X.509 .cer "
        "chain, not expired, the one of the key.",
    ),
    "KEY_ERROR": SignToolError(
        116, None, "the key is wrong", "Check -keyAlias and -keyPwd (keyAlias, keyPassword)."
    ),
    "IO_CERT_ERROR": SignToolError(
        117, None, "the certificate cannot be written", "Check -outFile's folder and permission."
    ),
    "IO_CSR_ERROR": SignToolError(
        118, None, "the CSR cannot be written", "Check -outFile's folder and permission."
    ),
    "KEY_ALIAS_ERROR": SignToolError(
        None,
        -109,
        "the key alias does not exist in the keystore, or already exists",
        "Use the alias given when the key pair was generated; to generate a new key pair, "
        "choose an alias the keystore does not hold.",
    ),
    "INVALIDPARAM_ERROR": SignToolError(
        None, -110, "a parameter's value is invalid", _CHECK_COMMAND
    ),
    "ZIP_ERROR": SignToolError(
        None,
        -111,
        "the package cannot be read as a ZIP",
        "Keep the package under 4 GB (split resources, more modules) and pack it again.",
    ),
    "FORMAT_ERROR": SignToolError(
        None, -112, "a file's format is wrong", "Check the format of the file the message names."
    ),
    "PARSE_ERROR": SignToolError(
        None, -113, "a file cannot be parsed", "Check the content of the file the message names."
    ),
    "KEY_PASSWORD_ERROR": SignToolError(
        None,
        -114,
        "the key pair's password is wrong",
        f"Check the password parameters. {_PASSWORDS} Each keystore's key has its own password.",
    ),
    "KEYSTORE_PASSWORD_ERROR": SignToolError(
        None,
        -115,
        "the keystore's password is wrong",
        "Give -keystorePwd (signingConfigs storePassword) as it was when the keystore was made.",
    ),
    "KEYSTORE_STRUCTURE_ERROR": SignToolError(
        None,
        -116,
        "the keystore is not a PKCS#12 file",
        "The C++ tools read only PKCS#12 keystores (.p12): convert a .jks with keytool "
        "-importkeystore, or make the key pair in a .p12.",
    ),
    "PROVISION_INVALID": SignToolError(
        None,
        -117,
        "the profile is invalid",
        "Check the profile json (type, bundle-info, app-distribution-type) and sign it into a "
        ".p7b before signing the package.",
    ),
    "STAPLE_ERROR": SignToolError(
        None, -118, "stapling the ticket failed", "Check the ticket file and the package."
    ),
    "STAPLE_VERIFY_ERROR": SignToolError(
        None, -119, "the stapled ticket does not verify", "Check the ticket belongs to the package."
    ),
}
# the C++ header names it PROVISION_INVALID_ERROR; the tools print PROVISION_INVALID
SIGN_TOOL_ERRORS["PROVISION_INVALID_ERROR"] = SIGN_TOOL_ERRORS["PROVISION_INVALID"]


class SignToolCase(NamedTuple):
    details: str  # a regex of the ``Details`` the guide quotes
    cause: str
    fix: str


# the Details the guides explain (hapsigntool guide, Java and C++ FAQs; binary-sign-tool's
# error list): cause and fix as documented
SIGN_TOOL_CASES: tuple[SignToolCase, ...] = (
    SignToolCase(
        r"Wrong key usage",
        "the profile signing certificate's chain is in the wrong order",
        "Order the chain entity - intermediate CA - root (or the exact reverse), never mixed.",
    ),
    SignToolCase(
        r"must a cert chain",
        "the profile signing (or app) certificate given is not a certificate chain",
        "Give the chain (generate the certificate with -outForm certChain and -rootCaCertFile / "
        "-subCaCertFile), not the entity certificate alone.",
    ),
    SignToolCase(
        r"unable to find valid certification path",
        "the certificate chain does not lead to a trusted CA",
        "Generate the certificate again with the subject in the order C, O, OU, CN and the "
        "right -issuer / -issuerKeyAlias (the intermediate CA's); a profile json's type must "
        'fit its bundle-info certificate ("debug" with development-certificate, "release" '
        "with distribution-certificate).",
    ),
    SignToolCase(
        r"SignAlg params is incorrect|signature algorithms include",
        "signAlg is not one the tool supports",
        "Use SHA256withECDSA or SHA384withECDSA, with a key pair generated with -keyAlg ECC.",
    ),
    SignToolCase(
        r"Common name of certificate is empty",
        "the signing certificate's subject has no CN",
        "Generate the certificate again with a CN in -subject (C=…, O=…, OU=…, CN=…).",
    ),
    SignToolCase(
        r"key\s*-\s*value must in pairs|must in pairs",
        "a parameter has no value (the last one left empty, or extra text pasted in)",
        "Check the command for pasted extra text and give every -name its value.",
    ),
    SignToolCase(
        r"keypair password error",
        "the key pair's password is wrong (or the issuer's key has a password that "
        "-issuerKeyPwd does not give)",
        f"{_PASSWORDS} Each keystore's key has its own password.",
    ),
    SignToolCase(
        r"Not support file",
        "the keystore file's type is not supported",
        "Use a keystore ending in .p12 (the Java hap-sign-tool also takes .jks).",
    ),
    SignToolCase(
        r"key alias already exists",
        "the keystore already holds a key pair under this alias",
        "Generate the key pair under another -keyAlias.",
    ),
    SignToolCase(
        r"keyAlias:\s*'[^'\n]*'\s*is not exist",
        "the keystore has no key under this -keyAlias",
        "Use the -keyAlias given when the key pair was generated (signingConfigs keyAlias).",
    ),
    SignToolCase(
        r"keyStore password error",
        "the keystore's password is wrong",
        "Give -keystorePwd (storePassword) as it was when the key pair / keystore was made.",
    ),
    SignToolCase(
        r"Tag app-distribution-type is empty",
        "the profile json has no app-distribution-type, or the certificate it names was made "
        "with the subject out of order or the wrong -issuerKeyAlias",
        "Fill in app-distribution-type (the template UnsgnedReleasedProfileTemplate.json has "
        "it) and check the certificate's subject order C, O, OU, CN and -issuerKeyAlias.",
    ),
    SignToolCase(
        r"Require build type must be debug or release",
        "the profile used is an unsigned json without a type",
        'Add "type": "debug" or "release" to the profile json, or sign it into a .p7b '
        "(sign-profile) and sign with that.",
    ),
    SignToolCase(
        r"zip init failed",
        "the package is over 4 GB, so its ZIP format changed",
        "Make the HAP smaller (split resources, more modules): at most 4 GB.",
    ),
    SignToolCase(
        r"No certificates configured for sign",
        "the signing key and the entity certificate do not match",
        "Check -keyAlias (the key) and -appCertFile (the certificate): the key must be the "
        "certificate's.",
    ),
    SignToolCase(
        r"does not exist or the path is invalid",
        "an input file does not exist or its path is wrong",
        "Check the path and name of the file given to the parameter the message names.",
    ),
)

# install failures the hapsigntool guide's FAQ explains (a package signed with the tool's own
# material on an OpenHarmony device): (message, kind, cause, fix)
GUIDE_INSTALL_MESSAGES: tuple[tuple[str, FindingKind, str, str], ...] = (
    (
        r"verify pkcs7 info fail(?:ed|ied)|verify pkcs7 info falied",
        "signing",
        "the debug profile's device-ids does not hold this device's UDID",
        "Get the UDID with `hdc shell bm get --udid`, add it to device-ids of the debug "
        "profile json, sign the profile again (sign-profile) and sign the HAP with it.",
    ),
    (
        r"device type is not supports?\b",
        "install",
        "the device's type is not one of the HAP's device types",
        "See the device's type with `hdc shell param get const.product.devicetype` and put it "
        "in deviceTypes (module.json5), then build and sign again.",
    ),
)

# ``hap-sign-tool: error: VERIFY_ERROR, code: 108. Details: …`` / ``ERROR - KEY_PASSWORD_ERROR,
# code: -114. Details: …``
_LINE = re.compile(
    r"\b(?P<name>[A-Z][A-Z_]{3,}[A-Z]), code: ?(?P<code>-?\d{1,3})\b\.?\s*"
    r"(?:Details:\s*(?P<details>[^\n]*))?"
)
_CASES = [(re.compile(c.details, re.I), c) for c in SIGN_TOOL_CASES]
_INSTALL = [
    (re.compile(rx, re.I), kind, cause, fix) for rx, kind, cause, fix in GUIDE_INSTALL_MESSAGES
]


def _tool_of(err: SignToolError, code: int, line: str) -> str | None:
    """Which tool printed ``code`` for this name (None: the name's codes are not that one)."""
    if "binary-sign-tool" in line:
        return "binary-sign-tool"
    if code == err.java:
        return "hap-sign-tool (Java)"
    if code == err.cpp or (code == 0 and err.cpp == -117):  # the guide's PROVISION_INVALID
        return "the C++ signing tool (hap-sign-tool / binary-sign-tool)"
    return None


def sign_tool_finding(tail: str) -> Finding | None:
    """The signing tool's own error line (its name and code from the tools' enums; the cause and
    fix the guides give for its Details), or one of the install failures the hapsigntool guide
    explains; None when neither is in ``tail``."""
    for m in _LINE.finditer(tail) if ", code:" in tail else ():
        err = SIGN_TOOL_ERRORS.get(m["name"])
        if err is None:
            continue
        line_start = tail.rfind("\n", 0, m.start()) + 1
        line_end = tail.find("\n", m.end())
        line = tail[line_start : line_end if line_end >= 0 else len(tail)].strip()
        tool = _tool_of(err, int(m["code"]), line)
        if tool is None:
            continue
        details = (m["details"] or "").strip()
        case = next((c for rx, c in _CASES if details and rx.search(details)), None)
        if case is not None:
            meaning, fix = f"{m['name']}: {case.cause}", case.fix
        else:
            meaning, fix = f"{m['name']}: {err.meaning}", err.fix
            if details:
                fix = f"{fix} The tool says: {details[:200]}"
        return Finding(
            kind="signing",
            evidence=line[:EVIDENCE_CHARS],
            fix=f"{tool} failed with {m['name']} (code {m['code']}): {fix}",
            code=m["code"],
            query_terms=search_terms("signing", m["name"], "hap-sign-tool", "签名"),
            meaning=meaning,
            block=first_error_block(tail),
        )
    low = tail.lower()
    for rx, kind, cause, fix in _INSTALL if "pkcs7" in low or "device type" in low else ():
        hit = rx.search(tail)
        if hit is not None:
            line_start = tail.rfind("\n", 0, hit.start()) + 1
            line_end = tail.find("\n", hit.end())
            return Finding(
                kind=kind,
                evidence=tail[line_start : line_end if line_end >= 0 else len(tail)].strip()[
                    :EVIDENCE_CHARS
                ],
                fix=f"The install was refused: {cause}. {fix}",
                query_terms=search_terms(kind, "install", "安装失败", "pkcs7", "udid"),
                meaning=cause,
                block=first_error_block(tail),
            )
    return None

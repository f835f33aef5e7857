"""General rules blind batch Y's tool logs (aa, hdc, signing; folded into the corpus after their
blind run) showed missing, each covered as its documented family, not as the one log:

- aa: every Error Message of the aa guide's error codes (aa-tool.md), printed alone on its line,
  names its code, however short (``The current device is not in developer mode.``);
- hdc: the server's own words the hdc guide and the HarmonyOS FAQ list without a code (the port
  in use, ``Kill server failed``, ``connect failed status``, CryptAcquireContext, docker's missing
  USB nodes, DevEco's ``Error while Deploy Hap``) and the reason of a stopped transfer (libuv's
  strerror after ``Reason:``);
- signing: hap-sign-tool's and DevEco's signing messages of the FAQ (a corrupt unsigned package's
  ``invalid CEN header (bad signature)``, the system time, the certificate file, the key and
  certificate mismatch, AppGallery Connect's automatic signing);
- an OS refusal (``operation not permitted``) that names no path is no project's place.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source page), then
members of the same family the batch did not show, in the docs' own wording.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.error_subjects import os_refusal
from hmdesk.core.toolchain.hdc.aa_codes import AA_CODES
from hmdesk.core.toolchain.hdc.bm_codes import INSTALL_CODES
from hmdesk.core.toolchain.hdc.hdc_codes import HDC_FAIL_CODES, HDC_MESSAGES
from hmdesk.core.toolchain.hdc.outcomes import classify_fail

from tests.fixtures.real_logs import assert_found, real_log


def test_an_aa_message_alone_on_its_line_names_its_code() -> None:
    # aa-tool.md, 10106001's 错误信息, quoted alone
    f = assert_found(real_log("aa/aa-tool-guide-10106001-not-developer-mode.log"))
    assert f.kind == "launch" and "developer mode" in f.fix and "10106001" in f.meaning
    # aa-tool.md's other messages, as the guide words them (10103001, 10106106, 10103101)
    v = assert_found("error: Failed to verify the visibility of the target ability.")
    assert "10103001" in v.meaning and '"exported": true' in v.fix
    assert "10106106" in assert_found("The target application is managed by EDM.").meaning
    w = assert_found("Failed to find a matching application for implicit launch.")
    assert "10103101" in w.meaning
    # a short phrase of another tool is no aa message
    assert diagnose("Unsupport command.") is None


@pytest.mark.parametrize("code", sorted(c for c, (m, _f) in AA_CODES.items() if len(m) >= 20))
def test_every_documented_aa_message_alone_names_its_code(code: str) -> None:
    message = AA_CODES[code][0].split(" (")[0]
    f = assert_found(message[0].upper() + message[1:] + ".")
    assert f.kind == "launch" and code in f.meaning


def _bm_messages() -> list[str]:
    said = [m.lower() for m, _f in INSTALL_CODES.values()]
    # a message two codes share (the guide gives 9568258 and 9568282 the same words) names neither
    return sorted(
        c for c, (m, _f) in INSTALL_CODES.items() if len(m) >= 20 and said.count(m.lower()) == 1
    )


@pytest.mark.parametrize("code", _bm_messages())
def test_every_documented_bm_message_after_its_failure_names_its_code(code: str) -> None:
    # the bm guide's 错误信息 under bm's ``failed to install bundle`` line, no code printed (DevEco's
    # "Install Failed" window); bm's own spellings kept (9568413's "check syscap filed")
    message = INSTALL_CODES[code][0].split(" (HNP)")[0]
    f = assert_found(f"error: failed to install bundle.\nerror: {message}.")
    assert code in f.meaning


@pytest.mark.parametrize(
    ("code", "words"), [(c, w) for c, ws in sorted(HDC_MESSAGES.items()) for w in ws]
)
def test_every_documented_hdc_message_without_its_code_is_read_as_that_code(
    code: str, words: str
) -> None:
    # the hdc guide's 错误信息 after ``[Fail]`` with no ``[E0xxxxx]`` (an older hdc, a paste)
    line = f"[Fail]{words}."
    out = classify_fail(line)
    assert out is not None and out.kind == HDC_FAIL_CODES[code][0]
    f = assert_found(line)
    # (E006001's words have a signature of their own, the pipeline's "no-hap")
    assert f.kind == "no-hap" or (f.kind == "hdc" and HDC_FAIL_CODES[code][1] in f.meaning)


def test_the_hdc_servers_port_in_use() -> None:
    # faqs-app-debugging-19: DevEco's Chinese words for it
    f = assert_found(real_log("hdc/faq-app-debugging-19-server-port-used.log"))
    assert f.kind == "hdc-server" and "OHOS_HDC_SERVER_PORT" in f.fix and "netstat" in f.fix
    # faqs-performance-analysis-kit-43 / -75: hdc's own English
    v = assert_found("hdc server port 8710 has been used")
    assert v.kind == "hdc-server" and "excludedportrange" in v.fix
    # hmdesk's own hdc runs read the same words
    out = classify_fail("hdc server port 8710 has been used")
    assert out is not None and out.kind == "server" and "OHOS_HDC_SERVER_PORT" in (out.fix or "")
    # the hdc guide's "hdc命令执行异常", scenario 2: the same server that cannot be reached
    assert assert_found("connect failed status:-4078").kind == "hdc-server"


def test_kill_server_failed_is_hdcs_and_not_a_project_path() -> None:
    # faqs-performance-analysis-kit-40 (before: "project-path" from "operation not permitted")
    f = assert_found(real_log("hdc/faq-pak-40-kill-server-not-permitted.log"))
    assert f.kind == "hdc-server" and "sudo kill -9" in f.fix and "hdc.exe" in f.fix
    assert assert_found("Kill server failed: permission denied").kind == "hdc-server"
    out = classify_fail("Kill server failed: operation not permitted")
    assert out is not None and out.kind == "server" and "sudo kill -9" in (out.fix or "")
    # the word that decided it: an OS refusal naming no path is nobody's place …
    assert os_refusal("operation not permitted") is None
    # … one naming a file stays the project's
    assert os_refusal("EPERM: operation not permitted, unlink 'D:\\p\\entry\\x.json'") == (
        "project-path"
    )


def test_the_hdc_guides_other_uncoded_failures() -> None:
    # the hdc guide's FAQ: "执行任意hdc命令报错：CryptAcquireContext second failed XXX"
    f = assert_found("CryptAcquireContext second failed 0x80090016")
    assert f.kind == "hdc" and "ProtectionPolicy" in f.fix
    # faqs-performance-analysis-kit-66: hdc.log in docker / WSL
    g = assert_found("USB mod ctxUSB is nullptr, recompile please.")
    assert "--device" in g.fix and "3.1.0e" in g.fix
    # faqs-app-debugging-35
    h = assert_found("FileTransfer Failed: Error while Deploy Hap")
    assert h.kind == "file" and "Wipe User Data" in h.fix
    # faqs-app-debugging-39
    k = assert_found(
        "error: failed to start ability.\nerror: unlock screen failed in developer mode"
    )
    assert k.kind == "launch" and "lock-screen password" in k.fix


def test_a_stopped_transfer_is_read_by_its_reason() -> None:
    # faqs-app-debugging-62: "Transfer Stop at:XXX, Reason: no space left on device"
    f = assert_found(real_log("hdc/faq-app-debugging-62-no-space-left.log"))
    assert "Wipe User Data" in f.fix and "storage" in f.fix
    # hdc's own format (src/common/file.cpp: "Transfer Stop at:%lld/%lld(Bytes), Reason: %s")
    # with other reasons libuv words
    v = assert_found("[Fail]Transfer Stop at:1024/40960(Bytes), Reason: read-only file system")
    assert "/data/local/tmp" in v.fix
    w = assert_found("[Fail]Transfer Stop at:0/1024(Bytes), Reason: connection reset by peer")
    assert "hdc kill -r" in w.fix
    # hmdesk's own hdc runs read the same table
    out = classify_fail("[Fail]Transfer Stop at:10/99(Bytes), Reason: no space left on device")
    assert out is not None and out.kind == "file" and "Wipe User Data" in (out.fix or "")


def test_a_corrupt_unsigned_package_is_signings_not_the_jdks() -> None:
    # faqs-signature-service-10 (before: "java", the JDK's zip64 checks)
    f = assert_found(real_log("signing/faq-signature-service-10-invalid-cen-header.log"))
    assert f.kind == "signing" and "Clean Project" in f.fix
    # the JDK's own zip checks stay the JDK's (JDK-8313765)
    v = assert_found(
        "hap-sign-tool: error: Invalid CEN header (invalid zip64 extra data field size)"
    )
    assert v.kind == "java" and "JDK 17" in v.fix


def test_the_signing_faqs_messages() -> None:
    # faqs-app-debugging-29: the computer's clock
    f = assert_found(real_log("signing/faq-app-debugging-29-calibrate-system-time.log"))
    assert f.kind == "signing" and "Date and Time" in f.fix and "Beijing" in f.fix
    # the JDK's words for a certificate whose validity has not begun
    v = assert_found(
        "java.security.cert.CertificateNotYetValidException: NotBefore: Mon Dec 07 10:00:00 CST"
    )
    assert v.kind == "signing" and "system clock" in v.fix
    # faqs-signature-service-14, -16
    g = assert_found("DerValue.getOID, not an OID 49 Detail: Please check the message from tools")
    assert g.kind == "signing" and "keytool -printcert" in g.fix
    h = assert_found("ERROR - Verify Signature failed")
    assert h.kind == "signing" and "SubjectKeyIdentifier" in h.fix
    # faqs-signature-service-11, -18; faqs-app-debugging-5: AppGallery Connect's automatic signing
    assert "proxy" in assert_found("Failed to query agreement signing records").fix.lower()
    k = assert_found("Bundle name com.example.demo is already in use. Choose a different name")
    assert k.kind == "signing" and "bundleName" in k.fix
    m = assert_found("Unsupported restricted ACL permission exist in the configuration")
    assert m.kind == "signing" and "sign manually" in m.fix

"""Fuzzing the build doctor and the redaction of secrets (issue 9, requirement 3).

Arbitrary logs give a Finding or None, never an exception; the finding's text fields are strings
and hold no secret the log's signing flags carried; ``redact`` never raises and is idempotent.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose, format_finding
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.redact import redact
from hypothesis import given
from hypothesis import strategies as st

# pieces of real failure logs, so the fuzzer reaches the signatures and the evidence picking
PIECES = [
    "> hvigor ERROR: ",
    "> hvigor WARN: ",
    "ERROR: ",
    "BUILD FAILED in 1 s",
    "Failed :entry:default@SignHap...",
    "Failed :entry:default@CompileArkTS...",
    "10505001 ArkTS Compiler Error",
    "00303217",
    "Error Message: ",
    "At File: /p/Index.ets:18:34",
    "DEVECO_SDK_HOME",
    "error: failed to install bundle. code:9568320",
    "Error Code:10104001",
    "[Fail][E000004]",
    "Connect server failed",
    "Will skip sign",
    "COMPILE RESULT:FAIL {ERROR:2 WARN:0}",
    "-keyPwd ",
    "-keystorePwd ",
    "storePassword: ",
    "token=",
    "Authorization: Bearer ",
    "\x1b[31m",
    "\n",
    "\r\n",
    "\t",
    "\ud800",
    "\x00",
    "中文",
]
LOG = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=16)), max_size=30).map("".join),
)


@pytest.mark.hostile("arbitrary-tool-log-to-diagnose")
@given(LOG)
def test_doctor_gives_a_finding_or_none(log: str) -> None:
    finding = diagnose(log)
    assert finding is None or isinstance(finding, Finding)
    text = format_finding(finding)
    assert isinstance(text, str) and text
    if finding is not None:
        assert isinstance(finding.evidence, str) and isinstance(finding.fix, str)
        assert Finding.from_dict(finding.to_dict()).kind == finding.kind


@pytest.mark.hostile("arbitrary-text-to-redact")
@given(LOG, st.lists(st.text(max_size=12), max_size=3))
def test_redact_never_raises_and_is_idempotent(text: str, extra: list[str]) -> None:
    out = redact(text, extra)
    assert isinstance(out, str)
    once = redact(text)
    assert redact(once) == once  # masking a masked text changes nothing
    assert out.count("\n") <= text.count("\n")  # lines are never merged or multiplied


@pytest.mark.hostile("signing-password-in-a-build-log")
@given(st.from_regex(r"[A-Za-z0-9_]{6,20}", fullmatch=True), LOG)
def test_a_signing_password_never_reaches_the_finding(secret: str, log: str) -> None:
    leaky = f"{log}\nsign-app -keyPwd {secret} -keystorePwd {secret}\n> hvigor ERROR: SignHap\n"
    finding = diagnose(leaky)
    if finding is not None:
        assert f"-keyPwd {secret}" not in format_finding(finding)
        assert f"-keystorePwd {secret}" not in repr(finding.to_dict())

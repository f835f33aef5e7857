"""sdkmgr / ohsdkmgr, the Command Line Tools' SDK manager: its failed request to the SDK server
(faqs-development-environment-11: the JVM's country code; the guide's proxy options) and its
license message. The real log is batch H's ``sdk/hcA-faq-env-11-sdkmgr-getsdklist-country-code``."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


@pytest.mark.parametrize(
    "line",
    [
        "Failed to request URL https://devecostudio-dre.op.hicloud.com/sdkmanager/v5/hos/getSdkList",
        "[ERROR] Failed to request URL https://devecostudio-drcn.deveco.dbankcloud.com/sdkmanager/v7/hos/getSdkList.",
        "Failed to request URL https://devecostudio-dre.op.hicloud.com/sdkmanager/v5/oh/download",
    ],
)
def test_the_sdk_server_request_names_the_country_code_and_the_proxy(line: str) -> None:
    f = assert_found(f"$ sdkmgr list\n{line}\n")
    assert f.kind == "network", (f.kind, f.fix)
    for word in ("-Duser.country=CN", "sdkmanager/bin/sdkmgr", "--proxy-type", "--no-ssl-verify"):
        assert word in f.fix, (word, f.fix)


def test_another_tool_s_failed_request_is_not_sdkmgr_s() -> None:
    f = diagnose("Failed to request URL https://example.com/api/v1/items\n")
    assert f is None or "user.country" not in f.fix


def test_the_license_message_names_both_sdk_managers() -> None:
    f = assert_found("The SDK license agreement is not accepted.\n")
    assert f.kind == "sdk-missing"
    assert "sdkmgr install" in f.fix and "--accept-license" in f.fix and "ohsdkmgr" in f.fix


def test_the_real_faq_log() -> None:
    f = assert_found(real_log("sdk/hcA-faq-env-11-sdkmgr-getsdklist-country-code.log"))
    assert f.kind == "network" and "-Duser.country=CN" in f.fix

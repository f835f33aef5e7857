"""hdc output classifiers, with the outputs hdc, bm and aa print (exit 0 never passes alone)."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain import hdc


@pytest.mark.parametrize(
    ("text", "kind", "code"),
    [
        ("[Fail]Not match target founded, check connect-key please\n", "no-device", None),
        ("[Fail][E001005] Device not found or connected\n", "no-device", "E001005"),
        (
            "[Fail]ExecuteCommand need connect-key? please confirm a device by help info\n",
            "no-device",
            None,
        ),
        ("[Fail][E002106] Failed to communicate with daemon\n", "daemon", "E002106"),
        ("[Fail][E006001] Not any installation package was found\n", "install", "E006001"),
        ("[Fail][E005005] Error create directory: /data/x\n", "file", "E005005"),
        (
            "The device unauthorized. Please check for a confirmation dialog on your device.\n",
            "unauthorized",
            None,
        ),
        ("Connect server failed\n", "server", None),
    ],
)
def test_fail_lines_fail_every_command_even_with_exit_0(
    text: str, kind: str, code: str | None
) -> None:
    for classify in (
        hdc.classify_install,
        hdc.classify_aa_start,
        hdc.classify_force_stop,
        hdc.classify_uninstall,
    ):
        out = classify(text, 0)
        assert not out.ok
        assert out.kind == kind
        assert out.code == code
        assert out.fix


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        # the daemon's texts, verbatim (openharmony/developtools_hdc src/daemon/daemon.cpp,
        # HandDaemonAuthPubkey and the version / permission checks)
        (
            "[Fail][E000002]:The device unauthorized.\r\nThis server's public key is not set.\r\n"
            "Please check for a confirmation dialog on your device.\r\n"
            "Otherwise try 'hdc kill' if that seems wrong.\n",
            "E000002",
            ("dialog",),
        ),
        (
            "[Fail][E000003]:The device unauthorized.\r\nThe user denied the access for the device.\r\n"
            "Please execute 'hdc kill' and redo your command,\r\n"
            "then check for a confirmation dialog on your device.\n",
            "E000003",
            ("hdc kill", "dialog"),
        ),
        (
            "[Fail][E000006]:The current computer has not obtained the permission to debug the "
            "control device.\n",
            "E000006",
            ("USB debugging",),
        ),
    ],
)
def test_hdc_authorisation_codes_as_the_daemon_prints_them(
    text: str, code: str, words: tuple[str, ...]
) -> None:
    out = hdc.classify_install(text, 0)
    assert (out.ok, out.kind, out.code) == (False, "unauthorized", code)
    assert all(w in out.fix for w in words), out.fix


def test_hdc_version_too_low_says_update_the_sdk() -> None:
    out = hdc.classify_install(
        "[Fail][E000001]:The sdk hdc.exe version is too low, please upgrade to the latest version.\n",
        0,
    )
    assert (out.ok, out.code) == (False, "E000001")
    assert "SDK" in out.fix


# --------------------------------------------------------------------------- install


def test_install_success_from_the_docs() -> None:
    text = (
        "[Info]App install path:D:\\example.hap msg:install bundle successfully.\nAppMod finish\n"
    )
    out = hdc.classify_install(text, 0)
    assert out.ok and out.message == "installed"
    # a non-zero exit never passes
    assert not hdc.classify_install(text, 1).ok


def test_install_failure_9568320_multiline() -> None:
    text = (
        "[Info]App install path:/p/entry-default.hap msg:error: failed to install bundle.\n"
        "code:9568320\n"
        "error: no signature file.\n"
        "AppMod finish\n"
    )
    out = hdc.classify_install(text, 0)
    assert not out.ok
    assert out.code == "9568320"
    assert out.meaning == "no signature file"
    assert out.fix and "signingConfig" in out.fix
    assert out.evidence == "code:9568320"


def test_install_failure_old_queuesize_single_line() -> None:
    # real output from likuai2010/ClashMeta#10
    text = "[Info]App install path:/x/entry-default.hap, queuesize:0, msg:error: failed to install bundle. code:9568320 error: no signature file."
    out = hdc.classify_install(text, 0)
    assert not out.ok and out.code == "9568320"


@pytest.mark.parametrize("code", sorted(hdc.INSTALL_CODES))
def test_every_install_code_has_meaning_and_fix(code: str) -> None:
    text = f"[Info]App install path:x.hap msg:error: failed to install bundle.\ncode:{code}\nerror: something.\nAppMod finish\n"
    out = hdc.classify_install(text, 0)
    assert not out.ok and out.code == code
    assert out.meaning == hdc.INSTALL_CODES[code][0]
    assert out.fix and len(out.fix) > 30


def test_install_unknown_code_uses_printed_message_and_missing_success_fails() -> None:
    out = hdc.classify_install(
        "msg:error: failed to install bundle.\ncode:9568999\nerror: brand new failure.\n", 0
    )
    assert not out.ok and out.code == "9568999" and out.meaning == "brand new failure"
    assert not hdc.classify_install("", 0).ok
    assert not hdc.classify_install("AppMod finish\n", 0).ok


# --------------------------------------------------------------------------- aa start / force-stop


def test_aa_start_success_and_wait_fields() -> None:
    assert hdc.classify_aa_start("start ability successfully.\n", 0).ok
    out = hdc.classify_aa_start(
        "StartMode: Cold\nstart ability successfully.\nTotalTime: 1163\nWaitTime: 1175\n", 0
    )
    assert out.ok and out.extra == {"StartMode": "Cold", "TotalTime": "1163", "WaitTime": "1175"}


def test_aa_start_10104001_exit_0_fails() -> None:
    text = (
        "error: failed to start ability.\n"
        "Error Code:10104001  Error Message:The specified ability does not exist\n"
        "Possible causes: ...\n"
    )
    out = hdc.classify_aa_start(text, 0)
    assert not out.ok
    assert out.code == "10104001"
    assert out.meaning == "the specified ability does not exist"
    assert out.evidence and out.evidence.startswith("Error Code:10104001")


@pytest.mark.parametrize("code", sorted(hdc.AA_CODES))
def test_aa_codes(code: str) -> None:
    out = hdc.classify_aa_start(
        f"error: failed to start ability.\nError Code:{code}  Error Message:X\n", 0
    )
    assert not out.ok and out.code == code and out.fix


def test_aa_start_without_code_or_success_fails() -> None:
    out = hdc.classify_aa_start("error: failed to start ability.\n", 0)
    assert not out.ok and out.code is None and out.meaning == "error: failed to start ability."
    assert not hdc.classify_aa_start("", 0).ok
    assert not hdc.classify_aa_start("start ability successfully.\n", 255).ok


def test_force_stop() -> None:
    assert hdc.classify_force_stop("force stop process successfully.\n", 0).ok
    assert not hdc.classify_force_stop("error: failed to force stop process.\n", 0).ok
    bad = hdc.classify_force_stop(
        "error: failed to force stop process.\nError Code:10104002  Error Message:Invalid parameter\n",
        0,
    )
    assert bad.code == "10104002" and bad.fix and "positionally" in bad.fix


def test_uninstall_and_hilog_clear_and_bm_dump() -> None:
    assert hdc.classify_uninstall(
        "[Info]App uninstall path: msg:uninstall bundle successfully.\nAppMod finish\n", 0
    ).ok
    missing = hdc.classify_uninstall(
        "error: failed to uninstall bundle. code:9568386 missing installed bundle\n", 0
    )
    assert not missing.ok and missing.meaning == "missing installed bundle"
    assert hdc.classify_hilog_clear(
        "Log type core,app,only_prerelease buffer clear successfully\n", 0
    ).ok
    dump = hdc.parse_bm_dump(
        'com.example.hello:\n{\n "hapModuleInfos": [{"moduleName": "entry", "abilityInfos": [{"name": "EntryAbility"}]}]\n}\n'
    )
    assert dump is not None and hdc.ability_names(dump) == ["EntryAbility"]
    assert (
        hdc.parse_bm_dump("error: failed to get information and the parameters may be wrong.\n")
        is None
    )


def test_hmharness_canned_outputs() -> None:
    """The inline outputs of hmharness's signing.test.ts fake runner."""
    assert hdc.classify_install("App install path: x msg:install bundle successfully.", 0).ok
    assert hdc.classify_aa_start("start ability successfully.", 0).ok
    assert hdc.classify_uninstall("App uninstall msg:uninstall bundle successfully.", 0).ok
    bad = hdc.classify_install("install failed: signature verify failed", 0)
    assert not bad.ok and bad.kind == "install"


def test_an_unknown_code_carries_the_tools_words_not_a_generic_remedy() -> None:
    out = hdc.classify_install(
        "error: failed to install bundle.\ncode:9568499\nerror: frob table bad.\n"
    )
    assert not out.ok and out.code == "9568499" and "frob table bad" in (out.fix or "")
    aa = hdc.classify_aa_start(
        "error: failed to start ability.\nError Code:10199999  Error Message:Frob busy\n"
    )
    assert not aa.ok and aa.code == "10199999" and "Frob busy" in (aa.fix or "")

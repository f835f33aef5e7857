"""hdc argv builders and classifiers, with the outputs quoted in reference/toolchain.md §1."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain import hdc
from hmdesk.core.toolchain.hdc import Device, InvalidName

H = "/opt/hdc"
KEY = "FMR0224109025576"

# --------------------------------------------------------------------------- argv


def test_argv_builders_put_target_between_hdc_and_command() -> None:
    assert hdc.list_targets_argv(H) == [H, "list", "targets", "-v"]
    assert hdc.install_argv(H, KEY, "/p/entry-default-signed.hap") == [
        H,
        "-t",
        KEY,
        "install",
        "-r",
        "/p/entry-default-signed.hap",
    ]
    assert hdc.install_argv(H, KEY, "x.hap", replace=False) == [H, "-t", KEY, "install", "x.hap"]
    assert hdc.uninstall_argv(H, KEY, "com.example.hello") == [
        H,
        "-t",
        KEY,
        "uninstall",
        "com.example.hello",
    ]
    assert hdc.aa_start_argv(
        H, KEY, ability="EntryAbility", bundle="com.example.hello", module="entry"
    ) == [
        H,
        "-t",
        KEY,
        "shell",
        "aa",
        "start",
        "-a",
        "EntryAbility",
        "-b",
        "com.example.hello",
        "-m",
        "entry",
    ]
    assert hdc.force_stop_argv(H, "127.0.0.1:5555", "com.example.hello") == [
        H,
        "-t",
        "127.0.0.1:5555",
        "shell",
        "aa",
        "force-stop",
        "com.example.hello",
    ]
    assert hdc.bm_dump_argv(H, KEY, "com.example.hello")[-4:] == [
        "bm",
        "dump",
        "-n",
        "com.example.hello",
    ]
    assert hdc.hilog_clear_argv(H, KEY) == [H, "-t", KEY, "shell", "hilog", "-r"]
    assert hdc.hilog_dump_argv(H, KEY) == [H, "-t", KEY, "shell", "hilog", "-x"]
    assert hdc.hilog_dump_argv(H, KEY, tail=100) == [
        H,
        "-t",
        KEY,
        "shell",
        "hilog",
        "-x",
        "-z",
        "100",
    ]


def test_hilog_argv_server_side_filters() -> None:
    argv = hdc.hilog_argv(H, KEY, tags=["testTag", "AOD"], levels=["warn", "E"], pids=[1234, "99"])
    assert argv == [
        H,
        "-t",
        KEY,
        "shell",
        "hilog",
        "-T",
        "testTag,AOD",
        "-L",
        "W,E",
        "-P",
        "1234,99",
    ]
    assert hdc.hilog_argv(H, KEY) == [H, "-t", KEY, "shell", "hilog"]
    with pytest.raises(InvalidName, match="at most 10 tags"):
        hdc.hilog_argv(H, KEY, tags=[f"t{i}" for i in range(11)])
    with pytest.raises(InvalidName, match="at most 5 pids"):
        hdc.hilog_argv(H, KEY, pids=list(range(6)))
    with pytest.raises(InvalidName):
        hdc.hilog_argv(H, KEY, levels=["verbose"])
    with pytest.raises(InvalidName):
        hdc.hilog_argv(H, KEY, tags=["a; reboot"])
    with pytest.raises(InvalidName):
        hdc.hilog_argv(H, KEY, pids=["1;2"])


@pytest.mark.parametrize("name", ["com.example.hello", "com.huawei.hmos.settings", "a_b.c1_2"])
def test_valid_bundles(name: str) -> None:
    assert hdc.validate_bundle(name) == name


@pytest.mark.parametrize(
    "name",
    [
        "hello",
        "com.ex",
        "1com.example",
        "com.example.hello;reboot",
        "com..x.y",
        "com.example.a b",
        "-com.ex.x",
        "",
    ],
)
def test_invalid_bundles(name: str) -> None:
    with pytest.raises(InvalidName, match=r"AppScope/app\.json5"):
        hdc.validate_bundle(name)


def test_module_ability_and_device_key_validation() -> None:
    assert hdc.validate_module("entry") == "entry"
    assert hdc.validate_ability("EntryAbility") == "EntryAbility"
    assert hdc.validate_ability("com.example.MainAbility") == "com.example.MainAbility"
    for key in (KEY, "127.0.0.1:5555", "192.168.1.2:8710", "[::1]:5555", "emulator-5554"):
        assert hdc.validate_device_key(key) == key
    for bad_mod in ("entry-x", "1entry", "e" * 32, "entry'"):
        with pytest.raises(InvalidName):
            hdc.validate_module(bad_mod)
    for bad_ab in ("Entry Ability", "$(reboot)", "Entry'Ability", "-a"):
        with pytest.raises(InvalidName):
            hdc.validate_ability(bad_ab)
    for bad_key in ("-s", "a b", "key;rm", "", "x" * 200):
        with pytest.raises(InvalidName):
            hdc.validate_device_key(bad_key)
    with pytest.raises(InvalidName):
        hdc.aa_start_argv(
            H, KEY, ability="EntryAbility", bundle="com.example.hello", module="bad-module"
        )
    with pytest.raises(InvalidName):
        hdc.install_argv(H, "bad key", "x.hap")
    with pytest.raises(InvalidName):
        hdc.install_argv(H, KEY, "-r")


# --------------------------------------------------------------------------- list targets


def test_list_targets_verbose_rows_from_the_docs() -> None:
    # reference §1.2: the -v sample, and argent's raw row with the empty second column
    text = (
        "connect-key1            USB     Connected       localhost       hdc\n"
        "127.0.0.1:5555          TCP     Offline         localhost       hdc\n"
        "025DEK236V035771\t\tUSB\tConnected\tlocalhost\n"
        "FMR0224109025576\t\tUSB\tUnauthorized\tunknown...\thdc\n"
    )
    res = hdc.parse_targets(
        text.replace("            USB", "\t\tUSB").replace("          TCP", "\t\tTCP")
    )
    assert res.status == "ok"
    assert res.devices == [
        Device("connect-key1", "USB", "Connected", "localhost"),
        Device("127.0.0.1:5555", "TCP", "Offline", "localhost"),
        Device("025DEK236V035771", "USB", "Connected", "localhost"),
        Device("FMR0224109025576", "USB", "Unauthorized", "unknown..."),
    ]
    assert res.devices[1].guidance and "offline" in res.devices[1].guidance.lower()
    assert res.devices[3].guidance and "Allow USB debugging" in res.devices[3].guidance
    assert res.devices[0].usable and not res.devices[3].usable


def test_list_targets_empty_server_failed_and_plain() -> None:
    empty = hdc.parse_targets("[Empty]\n")
    assert empty.status == "empty" and empty.devices == [] and empty.fix
    server = hdc.parse_targets("Connect server failed\n")
    assert server.status == "server-failed" and "8710" in (server.fix or "")
    plain = hdc.parse_targets("FMR0224109025576\nFMR0224109025577\tUnauthorized\n")
    assert [(d.key, d.state) for d in plain.devices] == [
        ("FMR0224109025576", "Connected"),
        ("FMR0224109025577", "Unauthorized"),
    ]
    # prose lines without a tab are ignored
    assert hdc.parse_targets("Some diagnostic text here\n").devices == []


# --------------------------------------------------------------------------- [Fail] errors


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
    # real output from likuai2010/ClashMeta#10 (hmharness.md §3d)
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
    """The inline outputs of hmharness's signing.test.ts fake runner (hmharness.md §5)."""
    assert hdc.classify_install("App install path: x msg:install bundle successfully.", 0).ok
    assert hdc.classify_aa_start("start ability successfully.", 0).ok
    assert hdc.classify_uninstall("App uninstall msg:uninstall bundle successfully.", 0).ok
    bad = hdc.classify_install("install failed: signature verify failed", 0)
    assert not bad.ok and bad.kind == "install"

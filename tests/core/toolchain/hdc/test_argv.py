"""hdc argv builders: the target between hdc and the command, server-side hilog filters."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain import hdc
from hmdesk.core.toolchain.hdc import InvalidName

H = "/opt/hdc"
KEY = "FMR0224109025576"


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


def test_argv_builders_refuse_bad_names() -> None:
    with pytest.raises(InvalidName):
        hdc.aa_start_argv(
            H, KEY, ability="EntryAbility", bundle="com.example.hello", module="bad-module"
        )
    with pytest.raises(InvalidName):
        hdc.install_argv(H, "bad key", "x.hap")
    with pytest.raises(InvalidName):
        hdc.install_argv(H, KEY, "-r")

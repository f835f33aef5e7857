"""hdc name validation: bundle, module, ability names and device keys."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain import hdc
from hmdesk.core.toolchain.hdc import InvalidName

H = "/opt/hdc"
KEY = "FMR0224109025576"


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


@pytest.mark.parametrize("suffix", ["\n", "\r\n", "\r", "\x00", " "])
def test_trailing_newline_or_control_is_refused(suffix: str) -> None:
    # issue 9: the patterns ended in ``$``, which matches before a trailing "\n"
    with pytest.raises(InvalidName):
        hdc.validate_bundle("com.example.app" + suffix)
    with pytest.raises(InvalidName):
        hdc.validate_module("entry" + suffix)
    with pytest.raises(InvalidName):
        hdc.validate_ability("EntryAbility" + suffix)
    with pytest.raises(InvalidName):
        hdc.validate_device_key("127.0.0.1:5555" + suffix)
    # the exported patterns themselves refuse it too (other modules call .match on them)
    assert hdc.DEVICE_KEY_RE.match("127.0.0.1:5555" + suffix) is None
    assert hdc.BUNDLE_RE.match("com.example.app" + suffix) is None

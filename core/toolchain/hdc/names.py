"""Names that go into an hdc command line, checked against their documented character sets.

Bundle, module and ability names and device keys end up in the remote ``hdc shell`` command
line. Their documented formats are shell-safe, so nothing needs quoting and nothing can inject a
second command; anything else is refused with :class:`InvalidName` before any process runs.
The patterns end at the true end of the string (not ``$``, which also matches before a trailing
newline) and the validators use ``fullmatch``: a name with a trailing newline is refused.
"""

from __future__ import annotations

import re


class InvalidName(ValueError):
    """A bundle/module/ability name or device key that does not fit its documented format."""


# bundleName: reverse domain, starts with a letter; letters, digits, underscores, dots;
# 7–128 characters (app.json5 schema).
BUNDLE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+\Z")
# module name: letters, digits, underscores, starts with a letter, ≤31 chars (module.json5).
MODULE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,30}\Z")
# ability name: letters, digits, underscores, dots; starts with a letter; ≤127 chars.
ABILITY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_.]{0,126}\Z")
# connect key: a USB serial or IP:port (IPv6 in brackets); never starts with "-".
DEVICE_KEY_RE = re.compile(r"^[A-Za-z0-9_.\[][A-Za-z0-9_.:\-\[\]%]{0,127}\Z")
# hilog tag filter (-T): a tag is ≤31 chars; allow what apps use, nothing a shell interprets.


def validate_bundle(name: str) -> str:
    if not isinstance(name, str) or not (7 <= len(name) <= 128) or not BUNDLE_RE.fullmatch(name):
        raise InvalidName(
            f"bundle name {name!r} is not valid: it must look like com.example.app "
            "(letters, digits, underscores and dots, starting with a letter, 7–128 characters). "
            "Check app.bundleName in AppScope/app.json5."
        )
    return name


def validate_module(name: str) -> str:
    if not isinstance(name, str) or not MODULE_RE.fullmatch(name):
        raise InvalidName(
            f"module name {name!r} is not valid: letters, digits and underscores, starting "
            "with a letter, at most 31 characters. Check module.name in module.json5."
        )
    return name


def validate_ability(name: str) -> str:
    if not isinstance(name, str) or not ABILITY_RE.fullmatch(name):
        raise InvalidName(
            f"ability name {name!r} is not valid: letters, digits, underscores and dots, "
            "starting with a letter, at most 127 characters. Check abilities[].name / "
            "mainElement in module.json5."
        )
    return name


def validate_device_key(key: str) -> str:
    if not isinstance(key, str) or not DEVICE_KEY_RE.fullmatch(key):
        raise InvalidName(
            f"device key {key!r} is not valid: use the key shown by `hdc list targets` "
            "(a serial such as FMR0224109025576 or IP:port such as 127.0.0.1:5555)."
        )
    return key

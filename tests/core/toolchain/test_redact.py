"""Secrets in tool output: signing flags, password and token keys, Authorization, literals."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hmdesk.core.toolchain.redact import (
    MASK,
    project_secrets,
    redact,
    redact_optional,
    secrets_in_build_profile,
)

HELLO = Path(__file__).resolve().parents[2] / "fixtures" / "projects" / "hello"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("sign-app -keyAlias debugKey -keyPwd 123456 -inFile a.hap", "123456"),
        ("sign-app -keystorePwd s3cret -outFile b.hap", "s3cret"),
        ('sign-app -keystorePwd "two words" -x', "two words"),
        ("--storePassword=abcdef --other", "abcdef"),
        ('  storePassword: "0000001B5E3F", keyAlias: "debugKey",', "0000001B5E3F"),
        ("{\"keyPassword\":'q1w2e3'}", "q1w2e3"),
        ("db.password=hunter22 user=x", "hunter22"),
        ("GET /api?token=ghp_AbCdEf123&x=1", "ghp_AbCdEf123"),
        ("access_token=tok_9f8e7d", "tok_9f8e7d"),
        ('{"token": "tk-secret-1"}', "tk-secret-1"),
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig", "eyJhbGciOiJIUzI1NiJ9.e30.sig"),
        ('curl -H "Authorization: Basic dXNlcjpwYXNz" https://x', "dXNlcjpwYXNz"),
        ("authorization=rawcredential", "rawcredential"),
    ],
)
def test_known_secret_values_are_masked(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MASK in out
    assert redact(out) == out  # idempotent


def test_keys_and_other_text_stay() -> None:
    out = redact("sign-app -keyAlias debugKey -keyPwd 123456 -inFile a.hap")
    assert out == f"sign-app -keyAlias debugKey -keyPwd {MASK} -inFile a.hap"
    assert redact("Authorization: Bearer abc.def") == f"Authorization: Bearer {MASK}"
    for harmless in (
        "ArkTS:ERROR Unexpected token: '}'",
        "hvigor ERROR: Invalid keystore password, check signingConfigs",
        "BUILD SUCCESSFUL in 3 s",
        "",
    ):
        assert redact(harmless) == harmless


def test_extra_secrets_are_masked_anywhere_but_not_short_ones() -> None:
    text = "decrypting 0000001B5E3F1A2B3C4D5E6F for key 1"
    assert redact(text, ["0000001B5E3F1A2B3C4D5E6F", "1"]) == f"decrypting {MASK} for key 1"
    assert redact_optional(None) is None
    assert redact_optional("-keyPwd x") == f"-keyPwd {MASK}"


def test_build_profile_material_passwords() -> None:
    assert project_secrets(HELLO) == ("0000001B5E3F1A2B3C4D5E6F", "0000001B6A7B8C9D0E1F2A3B")
    assert secrets_in_build_profile("{ app: { signingConfigs: [ 3, {material: 1} ] } }") == ()
    assert secrets_in_build_profile("not json5 {") == ()
    assert project_secrets(None) == ()


def test_project_secrets_never_reads_a_non_regular_file(tmp_path: Path) -> None:
    assert project_secrets(tmp_path / "missing") == ()
    (tmp_path / "build-profile.json5").mkdir()
    assert project_secrets(tmp_path) == ()
    if hasattr(os, "mkfifo"):
        fifo_dir = tmp_path / "fifo"
        fifo_dir.mkdir()
        os.mkfifo(fifo_dir / "build-profile.json5")
        assert project_secrets(fifo_dir) == ()  # returns at once: a FIFO is not opened

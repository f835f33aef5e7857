"""Faults of issue 9 (defects 6 and 7): catastrophic user regexes; secrets echoed by the tools.

Each test asserts what the user gets and that nothing was lost: a regex that would backtrack for
ever returns at once (or the query says why it cannot run); a password or token a tool prints never
reaches the stored run log, the doctor's finding, ``runs --show --json`` or the live output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.toolchain.redact import MASK

from tests.fixtures.fake_tools import FakeTools, write_wrapper

STORE_PWD = "0000001B5E3F1A2B3C4D5E6F"  # the hello project's build-profile.json5 material
KEY_PWD = "0000001B6A7B8C9D0E1F2A3B"
SECRETS = ("plainKeyPwd99", "plainStorePwd77", "ghp_tokenValue123", "eyJbearer.payload", STORE_PWD)

LEAKY_HVIGORW = f"""
import sys
print("> hvigor Starting build without daemon", flush=True)
print("> hvigor Finished :entry:default@CompileArkTS... after 1 s", flush=True)
print("java -jar hap-sign-tool.jar sign-app -keyAlias debugKey -keyPwd plainKeyPwd99 "
      "-keystorePwd plainStorePwd77 -keystoreFile /x/default.p12", flush=True)
print("ohpm registry=https://r.example/?token=ghp_tokenValue123", flush=True)
print("Authorization: Bearer eyJbearer.payload", flush=True)
print("decrypt material storePassword {STORE_PWD}", flush=True)
print("> hvigor ERROR: Failed :entry:default@SignHap...", flush=True)
print("> hvigor ERROR: Invalid storeFile value. Make sure it is not null or empty.", flush=True)
print("> hvigor ERROR: BUILD FAILED in 1 s", flush=True)
sys.exit(1)
"""


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.hostile("tokens-and-passwords-in-tool-output")
def test_secrets_in_tool_output_are_redacted_everywhere(
    fake_tools: FakeTools,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("HMDESK_DB", str(tmp_path / "runs.db"))
    script = tmp_path / "leaky_hvigorw.py"
    script.write_text(LEAKY_HVIGORW, encoding="utf-8")
    fake_tools.set("HMDESK_HVIGORW", str(write_wrapper(tmp_path, "leaky-hvigorw", script)))
    project = fake_tools.project("hello")

    code, live, err = cli(capsys, "run", "--project", str(project))
    assert code != 0  # the build failed, as the tool said
    code, out, _ = cli(capsys, "runs", "--json")
    run_id = json.loads(out)[0]["run_id"]
    code, shown, _ = cli(capsys, "runs", "--show", str(run_id), "--json")
    assert code == 0
    data = json.loads(shown)
    build_log = data["steps"][0]["log"]
    # nothing lost: every line is stored, with the keys kept and the values masked
    assert "-keyPwd " + MASK in build_log and "-keystorePwd " + MASK in build_log
    assert "Authorization: Bearer " + MASK in build_log and "BUILD FAILED" in build_log
    assert data["doctor"]["kind"] == "signing"
    for text in (live, err, shown, json.dumps(data["doctor"])):
        for secret in (*SECRETS, KEY_PWD):
            assert secret not in text, secret


# --------------------------------------------------------------------------- catastrophic regexes

EVIL = "a" * 28 + "!"


@pytest.mark.parametrize(
    "query",
    [
        "message~:(a+)+$",
        "message~:(a|aa)+$",
        "message~:(a*)*b",
        "line~:(.*a){12}x",
        "tag~:(a+)+$ | message~:(a+)+$",
        "-message~:(a+)+$",
        r"message~:(a+)+\1$",  # RE2 cannot: refused by the fallback's guard
        r"message~:(?=a)(a|a)*$",  # lookaround + alternation under a repeat: refused
    ],
)
@pytest.mark.hostile("catastrophic-backtracking-regex", "regex-with-backreference-or-lookaround")
def test_catastrophic_regexes_return_at_once(query: str) -> None:
    from hmdesk.core.toolchain.hilog import HilogQuery, parse_line

    lines = [parse_line(f"08-05 10:00:00.000  1  2 I A03200/aaaaaaaaaaaa: {EVIL}")] * 50
    q = HilogQuery.parse(query)
    matched = q.filter(lines)  # would take 17 s per line with a backtracking engine
    assert isinstance(matched, list) and len(matched) in (0, 50)
    if "\\1" in query or "?=" in query:
        assert q.fallback and q.note is not None and "cannot be run safely" in q.note


@pytest.mark.hostile("regex-too-slow-on-a-line")
def test_too_slow_fallback_regex_is_reported_in_the_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hmdesk.core.toolchain.hilog import HilogQuery, parse_line
    from hmdesk.core.toolchain.hilog import regex as user_regex

    monkeypatch.setattr(user_regex, "LINE_BUDGET_S", -1.0)  # stand-in for a slow line
    lines = [parse_line(f"08-05 10:00:00.000  1  2 I A03200/Tag: xx{i}") for i in range(20)]
    q = HilogQuery.parse(r"message~:(x)\1")
    assert len(q.filter(lines)) == 1  # the first line answered, then the regex stopped
    assert q.note is not None and "too slow" in q.note

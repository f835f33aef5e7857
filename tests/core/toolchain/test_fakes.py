"""The fakes themselves print the documented outputs (quick sanity, used by everyone)."""

from __future__ import annotations

import os
import subprocess

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def run(tools: FakeTools, *argv: str, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(tools.hdc), *argv],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        cwd=cwd,
        check=False,
    )


def test_fake_hdc_list_and_call_log(fake_tools: FakeTools) -> None:
    res = run(fake_tools, "list", "targets", "-v")
    assert res.returncode == 0
    assert res.stdout == f"{FAKE_HDC_KEY}\t\tUSB\tConnected\tlocalhost\thdc\n"
    assert fake_tools.calls("hdc")[0]["argv"] == ["list", "targets", "-v"]


def test_fake_hvigorw_builds_a_hap(fake_tools: FakeTools) -> None:
    project = fake_tools.project("hello")
    res = subprocess.run(
        [str(fake_tools.hvigorw), "assembleHap", "--no-daemon"],
        capture_output=True,
        text=True,
        cwd=project,
        check=False,
    )
    assert res.returncode == 0
    assert "BUILD SUCCESSFUL" in res.stdout
    assert (project / "entry/build/default/outputs/default/entry-default-signed.hap").exists()


def test_two_devices_and_no_target_fails_with_exit_0(fake_tools: FakeTools) -> None:
    """The real child process (not a canned string): hdc exits 0, only the text says it failed."""
    from hmdesk.core.toolchain import hdc

    fake_tools.hdc_scenario("two-devices")
    res = run(fake_tools, "install", "-r", "entry-default-signed.hap")
    assert res.returncode == 0
    assert "need connect-key" in res.stdout
    out = hdc.classify_install(res.stdout + res.stderr, res.returncode)
    assert not out.ok and out.fix

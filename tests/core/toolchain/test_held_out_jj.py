"""What held-out batch JJ (2026-12-07, sixth session; its logs named ``j1-`` (OpenHarmony's own
guides) and ``j2-`` (developers' notes and commit messages in public repositories), device-side
logs only; scored blind on e25b79b3, then folded in) taught (issue 27)."""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, real_log


def test_git_bash_rewriting_a_device_path() -> None:
    recv = assert_found(real_log("hdc/j2-tg-gitbash-file-recv-path.log"))
    assert recv.kind == "hdc" and "MSYS_NO_PATHCONV" in recv.fix
    test = assert_found(real_log("aa/j2-tg-gitbash-aatest-path.log"))
    assert test.kind == "launch" and "MSYS_NO_PATHCONV" in test.fix
    send = assert_found(
        "[Fail]Error opening file: no such file or directory, path:C:/Program Files/Git/data/"
        "local/tmp/a.hap\n"
    )
    assert "//data" in send.fix


def test_an_entry_file_that_file_name_obfuscation_renamed() -> None:
    f = assert_found(real_log("jscrash/j1-obf-filename-entry.log"))
    assert "srcEntry" in f.fix and "-keep-file-name" in f.fix

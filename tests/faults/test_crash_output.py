"""Crash reports are device input: what an app printed into one reaches the terminal shown, never
obeyed, and a copied fault-log folder is read only inside itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hmdesk.core.cli.crashes import MAX_FRAMES, _print_book, group_text
from hmdesk.core.toolchain.crash.detect import CrashBook
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog_dir
from hmdesk.core.toolchain.crash.model import JSON_FRAMES

from tests.core.toolchain.crash.test_faultlog import REAL_JS

NAME = "jscrash-com.example.tstest-20010045-20250718202951568.log"
# what an app can put in its error message: retitle the window (OSC 0), clear the screen
# (CSI 2J), write the clipboard (OSC 52), and the same CSI as its one-byte C1 form
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b]52;c;Y3VybCBldmlsLnNo\x07\x9b2J"


def _book(text: str) -> CrashBook:
    book = CrashBook()
    book.merge(parse_faultlog(text, NAME))
    return book


@pytest.mark.hostile("terminal-control-sequences-in-a-crash")
def test_control_sequences_in_a_crash_are_shown_not_obeyed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = REAL_JS.replace("Empty Text", "Empty Text" + HOSTILE)
    book = _book(text)
    shown = group_text(book.groups()[0], None)
    assert not any(c in shown for c in "\x1b\x07\x9b")
    assert "Empty Text\\x1b]0;owned\\x07\\x1b[2J\\x1b]52;c;Y3VybCBldmlsLnNo\\x07\\x9b2J" in shown
    _print_book(book, None, as_json=True)
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\x9b")
    message = json.loads(out)["crashes"][0]["message"]
    assert message.endswith("Empty Text" + HOSTILE)  # the JSON still holds the exact text


@pytest.mark.hostile("crash-with-thousands-of-frames")
def test_the_frames_printed_are_capped_with_how_many_more(tmp_path: Path) -> None:
    frame = "    at anonymous (entry|entry|1.0.0|src/main/ets/pages/Index.ts:67:38)\n"
    text = REAL_JS.replace(frame, frame * 5000)
    shown = group_text(_book(text).groups()[0], None)
    assert shown.count("    at anonymous") == MAX_FRAMES
    assert f"… {5000 - MAX_FRAMES} more frames" in shown


@pytest.mark.hostile("crash-with-thousands-of-frames")
def test_the_frames_of_a_crash_in_json_are_capped_with_how_many_more(
    capsys: pytest.CaptureFixture[str],
) -> None:
    frame = "    at anonymous (entry|entry|1.0.0|src/main/ets/pages/Index.ts:67:38)\n"
    text = REAL_JS.replace(frame, frame * 5000)
    total = len(parse_faultlog(text, NAME).frames)
    _print_book(_book(text), None, as_json=True)
    crash = json.loads(capsys.readouterr().out)["crashes"][0]
    assert len(crash["frames"]) == JSON_FRAMES and crash["more_frames"] == total - JSON_FRAMES


@pytest.mark.hostile("symlink-out-of-a-fault-log-folder")
def test_a_symlink_in_a_copied_fault_log_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.txt"
    secret.write_text(REAL_JS.replace("Empty Text", "the secret outside"), "utf-8")
    (outside / NAME.replace("20010045", "20010046")).write_text(REAL_JS, "utf-8")
    folder = tmp_path / "faultlogs"
    folder.mkdir()
    (folder / NAME).write_text(REAL_JS, "utf-8")
    os.symlink(secret, folder / NAME.replace("202951568", "202959999"))  # a file outside
    os.symlink(outside, folder / "more")  # a folder outside
    crashes = read_faultlog_dir(folder)
    assert [c.faultlog for c in crashes] == [NAME]
    assert all("secret" not in c.raw for c in crashes)

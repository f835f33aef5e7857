"""Opening a location: each editor's own line syntax, $VISUAL first, the desktop's default last."""

from __future__ import annotations

import os

from hmdesk.gui.common import editor
from hmdesk.gui.common.editor import editor_argv, open_location


def test_editor_argv():
    assert editor_argv("code --wait", "/a.ets", 3, 4) == ["code", "--wait", "--goto", "/a.ets:3:4"]
    assert editor_argv("vim", "/a.ets", 3, 4) == ["vim", "+3", "/a.ets"]
    assert editor_argv("/opt/idea/bin/idea.sh", "/a.ets", 3, 4)[1:3] == ["--line", "3"]
    assert editor_argv("nano", "/a.ets", 3, 4) == ["nano", "+3:4", "/a.ets"]
    assert editor_argv("myeditor", "/a.ets", 3, 4) == ["myeditor", "/a.ets"]


def test_open_location_uses_editor(tmp_path, monkeypatch):
    target = tmp_path / "Index.ets"
    target.write_text("x\n")
    calls = []

    class FakePopen:
        def __init__(self, argv, **kw):
            calls.append((argv, kw))

    monkeypatch.setattr(editor.subprocess, "Popen", FakePopen)
    monkeypatch.setenv("VISUAL", "code")
    msg = open_location("Index.ets", 7, 2, tmp_path)
    assert calls[0][0] == ["code", "--goto", f"{target}:7:2"]
    assert "shell" not in calls[0][1] and "Index.ets:7:2" in msg
    assert "does not exist" in open_location("missing.ets", 1, 1, tmp_path)
    monkeypatch.delenv("VISUAL")
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.setattr(editor, "found_ide", lambda: None)  # no IDE on this computer
    opened = []
    monkeypatch.setattr(editor.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    assert "default application" in open_location(str(target), 1, 1)
    assert opened and opened[0].toLocalFile() == os.fspath(target)


def test_placeholders_put_the_location_where_the_editor_wants_it():
    assert editor_argv("code --goto {file}:{line}:{col}", "/a b.ets", 3, 4) == [
        "code",
        "--goto",
        "/a b.ets:3:4",
    ]
    assert editor_argv("ed +{line}", "/a.ets", 3, 4) == ["ed", "+3", "/a.ets"]  # file appended


def test_the_editor_setting_wins_over_visual_and_hmdesk_editor_over_it(tmp_path, monkeypatch):
    from hmdesk.core import config

    target = tmp_path / "Index.ets"
    target.write_text("x\n")
    calls = []
    monkeypatch.setattr(editor.subprocess, "Popen", lambda argv, **kw: calls.append(argv))
    monkeypatch.setenv("VISUAL", "vim")
    config.set_value("editor", "subl {file}:{line}")
    msg = open_location(str(target), 7, 2)
    assert calls[-1] == ["subl", f"{target}:7"] and "in subl" in msg
    monkeypatch.setenv("HMDESK_EDITOR", "nano")
    open_location(str(target), 7, 2)
    assert calls[-1] == ["nano", "+7:2", str(target)]


def test_an_editor_that_cannot_start_points_at_preferences(tmp_path, monkeypatch):
    from hmdesk.core import config

    target = tmp_path / "Index.ets"
    target.write_text("x\n")
    config.set_value("editor", str(tmp_path / "no-such-editor"))
    msg = open_location(str(target), 1, 1)
    assert "could not start the editor" in msg and "Preferences (Ctrl+,)" in msg


def test_without_an_editor_deveco_studio_or_vs_code_is_found_and_opened_at_the_line(
    tmp_path, monkeypatch
):
    home = tmp_path / "home"
    studio = home / "deveco-studio/bin/devecostudio.sh"
    studio.parent.mkdir(parents=True)
    studio.write_text("#!/bin/sh\n")
    env = {"HOME": str(home), "PATH": ""}
    assert editor.found_ide(env, "linux") == str(studio)
    mac = editor.ide_candidates({"HOME": str(home)}, "darwin")
    assert mac[0].name == "devecostudio" and "DevEco-Studio.app" in str(mac[0])
    win = editor.ide_candidates({"LOCALAPPDATA": "C:/Users/me/AppData/Local"}, "win32")
    assert any(p.name == "devecostudio64.exe" for p in win)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    code = bin_dir / "code"
    code.write_text("#!/bin/sh\n")
    code.chmod(0o755)
    assert editor.found_ide({"HOME": str(tmp_path / "nohome"), "PATH": str(bin_dir)}, "linux") == (
        str(code)
    )
    assert editor.editor_argv(str(studio), "/a.ets", 3, 4)[1:5] == ["--line", "3", "--column", "4"]
    target = tmp_path / "Index.ets"
    target.write_text("x\n")
    calls = []
    monkeypatch.setattr(editor.subprocess, "Popen", lambda argv, **kw: calls.append(argv))
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("HMDESK_EDITOR", raising=False)
    monkeypatch.setattr(editor, "found_ide", lambda: str(studio))
    msg = open_location(str(target), 7, 2)
    assert calls == [[str(studio), "--line", "7", "--column", "2", str(target)]]
    assert "devecostudio.sh" in msg

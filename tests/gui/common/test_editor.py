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
    opened = []
    monkeypatch.setattr(editor.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    assert "default application" in open_location(str(target), 1, 1)
    assert opened and opened[0].toLocalFile() == os.fspath(target)

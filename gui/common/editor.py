"""Opening a file at a line: in the user's $VISUAL/$EDITOR when set (with that editor's own
line syntax), else with the desktop's default application. Used by the step log, the failure card
and the memory detail pane's code anchors."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices


def editor_argv(editor: str, path: str, line: int, col: int) -> list[str]:
    """argv that opens ``path`` at ``line`` in ``editor`` (a $VISUAL/$EDITOR value)."""
    base = shlex.split(editor)
    name = Path(base[0]).name.lower() if base else ""
    name = name.removesuffix(".exe")
    if name in ("code", "code-insiders", "codium", "cursor", "windsurf"):
        return [*base, "--goto", f"{path}:{line}:{col}"]
    if name in ("subl", "sublime_text", "zed", "hx", "helix"):
        return [*base, f"{path}:{line}:{col}"]
    if name in ("idea", "idea.sh", "devecostudio", "devecostudio.sh", "studio", "pycharm", "charm"):
        return [*base, "--line", str(line), "--column", str(col), path]
    if name in ("nano", "micro", "emacs", "emacsclient", "kak"):
        return [*base, f"+{line}:{col}", path]
    if name in ("vim", "nvim", "vi", "gvim", "mvim", "gedit", "kate", "mousepad", "pluma", "xed"):
        return [*base, f"+{line}", path]
    return [*base, path]


def resolve_path(path: str, project_dir: str | Path | None) -> Path:
    p = Path(path)
    if not p.is_absolute() and project_dir:
        p = Path(project_dir) / p
    return p


def open_location(path: str, line: int, col: int, project_dir: str | Path | None = None) -> str:
    """Open a file at a location; returns a message that says what happened."""
    target = resolve_path(path, project_dir)
    if not target.exists():
        return f"{target} does not exist on this machine (the log may come from another computer)."
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if editor:
        argv = editor_argv(editor, str(target), line, col)
        try:
            subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError as exc:
            return (
                f"could not start the editor {argv[0]!r} ({exc.strerror}); check $VISUAL/$EDITOR."
            )
        return f"opened {target.name}:{line}:{col} in {Path(argv[0]).name}"
    if QDesktopServices.openUrl(QUrl.fromLocalFile(str(target))):
        return f"opened {target.name} with the default application (line {line})"
    return f"no application opens {target.name}; set $VISUAL or $EDITOR."

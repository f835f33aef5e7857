"""Opening a file at a line: in the editor the settings name (``HMDESK_EDITOR``, else the
``editor`` setting from Preferences or ``hmdesk-cli config set editor …``, else ``$VISUAL``,
``$EDITOR``), else DevEco Studio or VS Code when one is installed (:func:`found_ide`, opened at
the line), else with the desktop's default application. Used by the step log, the failure card
and the memory detail pane's code anchors.

An editor command may say where the location goes with ``{file}``, ``{line}`` and ``{col}``
(``code --goto {file}:{line}:{col}``); without them hmdesk uses the editor's own line syntax when
it knows the editor (VS Code, Sublime, Zed, Helix, JetBrains / DevEco Studio, vim, emacs, nano …)
and otherwise passes the file alone."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

PLACEHOLDERS = ("{file}", "{line}", "{col}")
PLACEHOLDER_HELP = (
    "Use {file}, {line} and {col} where the editor wants them, e.g. "
    "code --goto {file}:{line}:{col} or subl {file}:{line}. Without them hmdesk knows the line "
    "syntax of VS Code, Sublime, Zed, JetBrains and DevEco Studio, vim, emacs and nano, and "
    "passes the file alone to any other editor."
)


def configured_editor() -> tuple[str | None, str]:
    """The editor command in use and where it comes from (``core.config.effective``); a settings
    file that cannot be read leaves the environment's ``$VISUAL``/``$EDITOR``."""
    from hmdesk.core.config import ConfigError, effective

    try:
        return effective("editor")
    except ConfigError:
        return effective("editor", values={})


def ide_candidates(env: Mapping[str, str], platform: str = sys.platform) -> list[Path]:
    """Where DevEco Studio usually is (its own launcher first), then VS Code, per platform."""
    home = Path(env.get("HOME") or env.get("USERPROFILE") or "~").expanduser()
    if platform == "darwin":
        return [
            Path("/Applications/DevEco-Studio.app/Contents/MacOS/devecostudio"),
            home / "Applications/DevEco-Studio.app/Contents/MacOS/devecostudio",
            Path("/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code"),
        ]
    if platform.startswith("win"):
        roots = [env.get(k, "") for k in ("ProgramFiles", "ProgramFiles(x86)", "LOCALAPPDATA")]
        out: list[Path] = []
        for root in filter(None, roots):
            out += [
                Path(root) / "Huawei/DevEco Studio/bin/devecostudio64.exe",
                Path(root) / "Programs/Huawei/DevEco Studio/bin/devecostudio64.exe",
                Path(root) / "Programs/Microsoft VS Code/bin/code.cmd",
            ]
        return out
    return [
        home / "deveco-studio/bin/devecostudio.sh",
        Path("/opt/deveco-studio/bin/devecostudio.sh"),
    ]


def found_ide(env: Mapping[str, str] | None = None, platform: str = sys.platform) -> str | None:
    """DevEco Studio or VS Code on this computer (the launcher's path), or None: used when no
    editor is set (``code`` and ``devecostudio`` on PATH count too)."""
    env = os.environ if env is None else env
    for path in ide_candidates(env, platform):
        if path.is_file():
            return str(path)
    for name in ("devecostudio", "devecostudio64", "code"):
        hit = shutil.which(name, path=env.get("PATH"))
        if hit:
            return hit
    return None


def editor_argv(editor: str, path: str, line: int, col: int) -> list[str]:
    """argv that opens ``path`` at ``line`` in ``editor`` (the editor setting, or a
    $VISUAL/$EDITOR value)."""
    base = shlex.split(editor)
    if any(p in editor for p in PLACEHOLDERS):
        values = {"{file}": path, "{line}": str(line), "{col}": str(col)}
        argv = []
        for word in base:
            for key, value in values.items():
                word = word.replace(key, value)
            argv.append(word)
        return argv if "{file}" in editor else [*argv, path]
    name = Path(base[0]).name.lower() if base else ""
    name = name.removesuffix(".exe").removesuffix(".cmd")
    if name in ("code", "code-insiders", "codium", "cursor", "windsurf"):
        return [*base, "--goto", f"{path}:{line}:{col}"]
    if name in ("subl", "sublime_text", "zed", "hx", "helix"):
        return [*base, f"{path}:{line}:{col}"]
    ides = ("idea", "idea.sh", "devecostudio", "devecostudio.sh", "devecostudio64")
    if name in (*ides, "studio", "pycharm", "charm"):
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
    editor, source = configured_editor()
    if not editor:
        ide = found_ide()
        if ide is not None:
            editor, source = shlex.quote(ide), "found"
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
            if source == "found":
                where = "the editor in Preferences (Ctrl+,): none is set"
            elif source == "config":
                where = "the editor in Preferences (Ctrl+,)"
            else:
                where = source[4:]
            return f"could not start the editor {argv[0]!r} ({exc.strerror}); check {where}."
        return f"opened {target.name}:{line}:{col} in {Path(argv[0]).name}"
    if QDesktopServices.openUrl(QUrl.fromLocalFile(str(target))):
        return f"opened {target.name} with the default application (line {line})"
    return f"no application opens {target.name}; set the editor in Preferences (Ctrl+,)."

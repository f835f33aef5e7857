"""Finding hdc and hvigorw, and saying where each came from.

Order (first hit wins):

1. ``HMDESK_HDC`` / ``HMDESK_HVIGORW`` — if set it must point at an executable file, otherwise
   :class:`ToolNotFound` says so (a wrong explicit setting is not silently ignored);
2. the app's settings (``Setting`` rows ``tools.hdc`` / ``tools.hvigorw``) — a stale path is
   skipped with a note;
3. ``PATH``;
4. the DevEco Studio and Command Line Tools layouts:
   ``DEVECO_SDK_HOME`` (``<DevEco>/sdk`` or ``command-line-tools/sdk``), ``HM_DEVECO_HOME``,
   then the usual install folders on Windows, macOS and Linux.

    DevEco:  <root>/sdk/default/openharmony/toolchains/hdc[.exe]
             <root>/tools/hvigor/bin/hvigorw[.bat]
    CLT:     <root>/sdk/default/openharmony/toolchains/hdc[.exe]
             <root>/bin/hvigorw[.bat]   (newer)   or   <root>/hvigor/bin/hvigorw[.bat]  (older)
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from hmdesk.core.db import Database

ToolName = Literal["hdc", "hvigorw"]
TOOLS: tuple[ToolName, ...] = ("hdc", "hvigorw")
ENV_VARS = {"hdc": "HMDESK_HDC", "hvigorw": "HMDESK_HVIGORW"}
SETTING_KEYS = {"hdc": "tools.hdc", "hvigorw": "tools.hvigorw"}

FIXES = {
    "hdc": (
        "Install DevEco Studio or the Command Line Tools (hdc is in "
        "sdk/default/openharmony/toolchains), then put that folder on PATH, or set HMDESK_HDC to "
        "the hdc executable, or set the hdc path in hmdesk's settings."
    ),
    "hvigorw": (
        "Install DevEco Studio (tools/hvigor/bin/hvigorw) or the Command Line Tools (bin/hvigorw), "
        "then put that folder on PATH, or set HMDESK_HVIGORW, or set the hvigorw path in hmdesk's "
        "settings. Also set DEVECO_SDK_HOME to the sdk folder."
    ),
}


class ToolNotFound(Exception):
    """A tool could not be found. The message says where we looked and how to fix it."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        super().__init__(message)


@dataclass(frozen=True)
class ToolLocation:
    name: str
    path: Path
    source: str  # "env HMDESK_HDC", "settings tools.hdc", "PATH", "DevEco Studio (<root>)", ...
    root: Path | None = None  # the DevEco / Command Line Tools folder, when known
    notes: tuple[str, ...] = field(default=())


def _is_windows(platform: str | None = None) -> bool:
    return (platform or sys.platform) == "win32"


def _exe_names(name: str, platform: str | None = None) -> list[str]:
    if _is_windows(platform):
        return (
            [f"{name}.exe", f"{name}.bat", f"{name}.cmd", name]
            if name == "hdc"
            else [
                f"{name}.bat",
                f"{name}.cmd",
                f"{name}.exe",
            ]
        )
    return [name]


def _executable(path: Path, platform: str | None = None) -> bool:
    if not path.is_file():
        return False
    return _is_windows(platform) or os.access(path, os.X_OK)


def default_roots(
    env: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None
) -> list[tuple[str, Path]]:
    """(label, folder) candidates for DevEco Studio / Command Line Tools, most likely first."""
    env = os.environ if env is None else env
    platform = platform or sys.platform
    home = home or Path.home()
    roots: list[tuple[str, Path]] = []
    sdk_home = env.get("DEVECO_SDK_HOME")
    if sdk_home:
        roots.append(("DEVECO_SDK_HOME", Path(sdk_home).expanduser().parent))
    for var in ("HM_DEVECO_HOME", "DEVECO_HOME", "DEVECO_STUDIO_HOME"):
        if env.get(var):
            roots.append((var, Path(env[var]).expanduser()))
    if platform == "win32":
        for base in (
            env.get("ProgramFiles", r"C:\Program Files"),
            r"D:\Program Files",
            env.get("LOCALAPPDATA", ""),
        ):
            if base:
                roots.append(("DevEco Studio", Path(base) / "Huawei" / "DevEco Studio"))
        roots.append(("DevEco Studio", Path(r"C:\DevEco-Studio")))
        roots.append(("Command Line Tools", home / "command-line-tools"))
        roots.append(("Command Line Tools", Path(r"C:\command-line-tools")))
    elif platform == "darwin":
        roots.append(("DevEco Studio", Path("/Applications/DevEco-Studio.app/Contents")))
        roots.append(("DevEco Studio", home / "Applications" / "DevEco-Studio.app" / "Contents"))
        roots.append(("Command Line Tools", home / "command-line-tools"))
        roots.append(("Command Line Tools", Path("/opt/command-line-tools")))
    else:
        roots.append(("Command Line Tools", home / "command-line-tools"))
        roots.append(("Command Line Tools", Path("/opt/command-line-tools")))
        roots.append(("Command Line Tools", Path("/opt/harmonyos/command-line-tools")))
        roots.append(("DevEco Studio", home / "DevEco-Studio"))
        roots.append(("DevEco Studio", Path("/opt/deveco-studio")))
    return roots


def layout_candidates(name: str, root: Path, platform: str | None = None) -> list[Path]:
    """Where ``name`` lives inside a DevEco Studio / Command Line Tools folder."""
    out: list[Path] = []
    for exe in _exe_names(name, platform):
        if name == "hdc":
            out.append(root / "sdk" / "default" / "openharmony" / "toolchains" / exe)
            out.append(root / "sdk" / "openharmony" / "toolchains" / exe)
        else:
            out.append(root / "tools" / "hvigor" / "bin" / exe)
            out.append(root / "bin" / exe)
            out.append(root / "hvigor" / "bin" / exe)
    return out


def _setting(db: Database | None, key: str) -> str | None:
    if db is None:
        return None
    from hmdesk.core.models import Setting

    with db.read() as session:
        row = session.get(Setting, key)
        value = row.value if row is not None else None
    return value if isinstance(value, str) and value.strip() else None


def set_tool_path(db: Database, name: ToolName, path: str | os.PathLike[str] | None) -> None:
    """Store (or clear, with None) the tool path in the settings table."""
    from hmdesk.core.models import Setting

    key = SETTING_KEYS[name]
    with db.write() as session:
        row = session.get(Setting, key)
        if path is None:
            if row is not None:
                session.delete(row)
            return
        if row is None:
            session.add(Setting(key=key, value=os.fspath(path)))
        else:
            row.value = os.fspath(path)


def find_tool(
    name: ToolName,
    db: Database | None = None,
    *,
    env: Mapping[str, str] | None = None,
    roots: list[tuple[str, Path]] | None = None,
    platform: str | None = None,
) -> ToolLocation:
    if name not in ENV_VARS:
        raise ValueError(f"unknown tool {name!r}; expected one of {', '.join(TOOLS)}")
    env = os.environ if env is None else env
    notes: list[str] = []
    var = ENV_VARS[name]
    explicit = env.get(var)
    if explicit:
        path = Path(explicit).expanduser()
        if _executable(path, platform):
            return ToolLocation(name, path, f"env {var}")
        raise ToolNotFound(
            name,
            f"{var} is set to {explicit}, which is not an executable file. Fix or unset {var}. "
            + FIXES[name],
        )
    key = SETTING_KEYS[name]
    configured = _setting(db, key)
    if configured:
        path = Path(configured).expanduser()
        if _executable(path, platform):
            return ToolLocation(name, path, f"settings {key}")
        notes.append(f"settings {key} = {configured} is not an executable file; ignored")
    found = shutil.which(name, path=env.get("PATH"))
    if found is None and _is_windows(platform):
        for exe in _exe_names(name, platform):
            found = shutil.which(exe, path=env.get("PATH"))
            if found:
                break
    if found:
        return ToolLocation(name, Path(found), "PATH", notes=tuple(notes))
    looked: list[str] = []
    for label, root in roots if roots is not None else default_roots(env, platform):
        for cand in layout_candidates(name, root, platform):
            looked.append(str(cand))
            if _executable(cand, platform):
                return ToolLocation(name, cand, f"{label} ({root})", root=root, notes=tuple(notes))
    where = f"{var}, settings {key}, PATH"
    if looked:
        where += ", " + ", ".join(looked[:6]) + (" …" if len(looked) > 6 else "")
    msg = f"{name} was not found (looked in {where}). {FIXES[name]}"
    if notes:
        msg += " Note: " + "; ".join(notes) + "."
    raise ToolNotFound(name, msg)


def describe_tools(db: Database | None = None, **kwargs: Any) -> list[dict[str, Any]]:
    """For each tool: {"name", "path", "source", "error"} (path/source None when missing)."""
    out: list[dict[str, Any]] = []
    for name in TOOLS:
        try:
            loc = find_tool(name, db, **kwargs)
        except ToolNotFound as exc:
            out.append({"name": name, "path": None, "source": None, "error": str(exc)})
        else:
            out.append(
                {
                    "name": name,
                    "path": str(loc.path),
                    "source": loc.source,
                    "error": None,
                    "notes": list(loc.notes),
                }
            )
    return out


def hvigor_env(location: ToolLocation, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment to run hvigorw with: ``base`` plus DEVECO_SDK_HOME / NODE_HOME when they
    are unset and the tool sits in a DevEco Studio or Command Line Tools folder."""
    env = dict(os.environ if base is None else base)
    root = location.root
    if root is None:
        # <root>/tools/hvigor/bin/hvigorw, <root>/bin/hvigorw, <root>/hvigor/bin/hvigorw
        bin_dir = location.path.parent
        for up in (bin_dir.parent.parent.parent, bin_dir.parent, bin_dir.parent.parent):
            if (up / "sdk").is_dir():
                root = up
                break
    if root is not None:
        if not env.get("DEVECO_SDK_HOME") and (root / "sdk").is_dir():
            env["DEVECO_SDK_HOME"] = str(root / "sdk")
        node = root / "tools" / "node"
        if not env.get("NODE_HOME") and node.is_dir():
            env["NODE_HOME"] = str(node)
    return env

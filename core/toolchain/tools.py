"""Finding hdc and hvigorw, and saying where each came from.

Order (first hit wins):

1. ``HMDESK_HDC`` / ``HMDESK_HVIGORW`` — if set it must point at an executable file, otherwise
   :class:`ToolNotFound` says so (a wrong explicit setting is not silently ignored);
2. the settings file's ``hdc`` / ``hvigorw`` (:mod:`hmdesk.core.config`: Preferences, Ctrl+,,
   or ``hmdesk-cli config set hdc PATH``) — a stale path is skipped with a note. Before that file
   existed the paths were ``Setting`` rows ``tools.hdc`` / ``tools.hvigorw`` in the database: when
   the file has no value and such a row exists, it is moved into the file once (written there,
   then the row is deleted), so the file is the one place from then on;
3. ``PATH``;
4. the DevEco Studio and Command Line Tools layouts:
   ``DEVECO_SDK_HOME`` or the ``sdk`` setting (``<DevEco>/sdk`` or ``command-line-tools/sdk``),
   ``HM_DEVECO_HOME``,
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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from hmdesk.core import config

if TYPE_CHECKING:
    from hmdesk.core.db import Database

ToolName = Literal["hdc", "hvigorw"]
TOOLS: tuple[ToolName, ...] = ("hdc", "hvigorw")
ENV_VARS = {"hdc": "HMDESK_HDC", "hvigorw": "HMDESK_HVIGORW"}
SETTING_KEYS = {"hdc": "tools.hdc", "hvigorw": "tools.hvigorw"}
"""The database rows that held the paths before the settings file; read once, moved to it."""

FIXES = {
    "hdc": (
        "Install DevEco Studio or the Command Line Tools (hdc is in "
        "sdk/default/openharmony/toolchains), then set its path in Preferences (Ctrl+,) or with "
        "`hmdesk-cli config set hdc PATH`, or put that folder on PATH, or set HMDESK_HDC to the "
        "hdc executable."
    ),
    "hvigorw": (
        "Install DevEco Studio (tools/hvigor/bin/hvigorw) or the Command Line Tools (bin/hvigorw), "
        "then set its path in Preferences (Ctrl+,) or with `hmdesk-cli config set hvigorw PATH`, "
        "or put that folder on PATH, or set HMDESK_HVIGORW. Also set the DevEco SDK folder there "
        "(`hmdesk-cli config set sdk PATH`) or in DEVECO_SDK_HOME."
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
    sdk_home, source = _effective("sdk", env)
    if sdk_home:
        label = "DEVECO_SDK_HOME" if source.startswith("env") else "sdk setting"
        roots.append((label, Path(sdk_home).expanduser().parent))
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


def _effective(
    key: str, env: Mapping[str, str], notes: list[str] | None = None
) -> tuple[str | None, str]:
    """:func:`config.effective`; a settings file that cannot be read counts as empty, with a note
    (``notes``) that names it: finding a tool must not fail because of another setting."""
    try:
        return config.effective(key, env)
    except config.ConfigError as exc:
        if notes is not None:
            notes.append(str(exc))
        return config.effective(key, env, values={})


def _legacy_setting(db: Database | None, name: ToolName) -> str | None:
    """The path an older hmdesk stored in the database (``Setting`` row ``tools.<name>``), moved
    into the settings file: written there, then the row deleted. None when there is no row."""
    if db is None:
        return None
    from hmdesk.core.models import Setting

    key = SETTING_KEYS[name]
    with db.read() as session:
        row = session.get(Setting, key)
        value = row.value if row is not None else None
    if not (isinstance(value, str) and value.strip()):
        return None
    try:
        config.set_value(name, value)
    except config.ConfigError:
        return value.strip()  # the file cannot take it: use the row, leave it in place
    try:
        with db.write() as session:
            row = session.get(Setting, key)
            if row is not None:
                session.delete(row)
    except Exception:  # noqa: BLE001 - a read-only or busy database keeps its row: harmless
        pass
    return value.strip()


def set_tool_path(name: ToolName, path: str | os.PathLike[str] | None) -> None:
    """Store (or clear, with None) the tool path in the settings file."""
    if path is None:
        config.unset(name)
    else:
        config.set_value(name, os.fspath(path))


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
    configured, _source = _effective(name, env, notes)
    if configured is None:
        configured = _legacy_setting(db, name)
    if configured:
        path = Path(configured).expanduser()
        if _executable(path, platform):
            return ToolLocation(name, path, f"config {name}", notes=tuple(notes))
        notes.append(f"the {name} setting {configured} is not an executable file; ignored")
    search = search_tool(name, env=env, roots=roots, platform=platform)
    if search.found is not None:
        return replace(search.found, notes=tuple(notes))
    looked = [place for place in search.searched if place != "PATH"]
    where = f"{var}, the {name} setting, PATH"
    if looked:
        where += ", " + ", ".join(looked[:6]) + (" …" if len(looked) > 6 else "")
    msg = f"{name} was not found (looked in {where}). {FIXES[name]}"
    if notes:
        msg += " Note: " + "; ".join(notes) + "."
    raise ToolNotFound(name, msg)


def hdc_path(db: Database | None = None) -> str:
    """The path of the hdc binary (:func:`find_tool`: raises its ToolNotFound with the fix)."""
    return os.fspath(find_tool("hdc", db).path)


@dataclass(frozen=True)
class ToolSearch:
    """What :func:`search_tool` found (None when nothing) and every place it looked, in order."""

    name: str
    found: ToolLocation | None
    searched: tuple[str, ...]


def search_tool(
    name: ToolName,
    *,
    env: Mapping[str, str] | None = None,
    roots: list[tuple[str, Path]] | None = None,
    platform: str | None = None,
) -> ToolSearch:
    """Look for ``name`` on ``PATH`` and in the DevEco / Command Line Tools folders, ignoring the
    environment variable and the setting (Preferences' "Detect"). Runs no process."""
    env = os.environ if env is None else env
    searched: list[str] = []
    path_var = env.get("PATH")
    searched.append("PATH")
    found = shutil.which(name, path=path_var)
    if found is None and _is_windows(platform):
        for exe in _exe_names(name, platform):
            found = shutil.which(exe, path=path_var)
            if found:
                break
    if found:
        return ToolSearch(name, ToolLocation(name, Path(found), "PATH"), tuple(searched))
    for label, root in roots if roots is not None else default_roots(env, platform):
        for cand in layout_candidates(name, root, platform):
            searched.append(str(cand))
            if _executable(cand, platform):
                loc = ToolLocation(name, cand, f"{label} ({root})", root=root)
                return ToolSearch(name, loc, tuple(searched))
    return ToolSearch(name, None, tuple(searched))


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
    are unset: from the ``sdk`` / ``node`` settings, else from the DevEco Studio or Command Line
    Tools folder the tool sits in."""
    env = dict(os.environ if base is None else base)
    for key, var in (("sdk", "DEVECO_SDK_HOME"), ("node", "NODE_HOME")):
        value, source = _effective(key, env)
        if value and source == "config":
            env[var] = config.node_home(value) if key == "node" else str(Path(value).expanduser())
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

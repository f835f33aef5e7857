"""Tool discovery order: env var, the settings file, PATH, DevEco / Command Line Tools layouts."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.toolchain.tools import (
    ToolLocation,
    ToolNotFound,
    default_roots,
    describe_tools,
    find_tool,
    hvigor_env,
    layout_candidates,
    set_tool_path,
)

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="executable bits")


def exe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return path


@posix_only
def test_env_var_wins(tmp_path: Path, db: Database) -> None:
    a = exe(tmp_path / "a" / "hdc")
    b = exe(tmp_path / "b" / "hdc")
    set_tool_path("hdc", b)
    loc = find_tool("hdc", db, env={"HMDESK_HDC": str(a), "PATH": str(b.parent)})
    assert loc.path == a and loc.source == "env HMDESK_HDC"


@posix_only
def test_env_var_pointing_nowhere_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ToolNotFound) as ei:
        find_tool("hvigorw", env={"HMDESK_HVIGORW": str(tmp_path / "missing"), "PATH": ""})
    msg = str(ei.value)
    assert "HMDESK_HVIGORW is set to" in msg and "Fix or unset" in msg


@posix_only
def test_settings_then_path(tmp_path: Path, db: Database) -> None:
    b = exe(tmp_path / "b" / "hdc")
    p = exe(tmp_path / "p" / "hdc")
    set_tool_path("hdc", b)
    loc = find_tool("hdc", db, env={"PATH": str(p.parent)}, roots=[])
    assert loc.path == b and loc.source == "config hdc"
    # a stale setting is skipped with a note; PATH is next
    set_tool_path("hdc", tmp_path / "gone" / "hdc")
    loc = find_tool("hdc", db, env={"PATH": str(p.parent)}, roots=[])
    assert loc.path == p and loc.source == "PATH"
    assert loc.notes and "not an executable" in loc.notes[0]
    set_tool_path("hdc", None)
    assert find_tool("hdc", db, env={"PATH": str(p.parent)}, roots=[]).source == "PATH"


@posix_only
def test_deveco_and_command_line_tools_layouts(tmp_path: Path) -> None:
    deveco = tmp_path / "DevEco Studio"
    hdc = exe(deveco / "sdk" / "default" / "openharmony" / "toolchains" / "hdc")
    hvw = exe(deveco / "tools" / "hvigor" / "bin" / "hvigorw")
    (deveco / "tools" / "node").mkdir(parents=True)
    env = {"PATH": "", "DEVECO_SDK_HOME": str(deveco / "sdk")}
    loc = find_tool("hdc", env=env)
    assert loc.path == hdc and loc.source.startswith("DEVECO_SDK_HOME") and loc.root == deveco
    hloc = find_tool("hvigorw", env=env)
    assert hloc.path == hvw
    run_env = hvigor_env(hloc, {"PATH": "/usr/bin"})
    assert run_env["NODE_HOME"] == str(deveco / "tools" / "node")
    assert "DEVECO_SDK_HOME" not in run_env or run_env["DEVECO_SDK_HOME"] == str(deveco / "sdk")
    # Command Line Tools, newer layout (bin/hvigorw), found through an explicit root list
    clt = tmp_path / "command-line-tools"
    new = exe(clt / "bin" / "hvigorw")
    (clt / "sdk").mkdir()
    loc2 = find_tool("hvigorw", env={"PATH": ""}, roots=[("Command Line Tools", clt)])
    assert loc2.path == new and loc2.source == f"Command Line Tools ({clt})"
    assert hvigor_env(loc2, {})["DEVECO_SDK_HOME"] == str(clt / "sdk")
    # hvigor_env never overrides what the user set
    assert hvigor_env(loc2, {"DEVECO_SDK_HOME": "/mine"})["DEVECO_SDK_HOME"] == "/mine"
    # a tool found on PATH inside a CLT tree still gets the SDK home
    on_path = ToolLocation("hvigorw", new, "PATH")
    assert hvigor_env(on_path, {})["DEVECO_SDK_HOME"] == str(clt / "sdk")


def test_layout_candidates_per_platform(tmp_path: Path) -> None:
    win = layout_candidates("hdc", Path("C:/DevEco"), "win32")
    assert Path("C:/DevEco/sdk/default/openharmony/toolchains/hdc.exe") in win
    hv = layout_candidates("hvigorw", Path("/clt"), "linux")
    assert Path("/clt/bin/hvigorw") in hv and Path("/clt/hvigor/bin/hvigorw") in hv
    assert Path("/clt/tools/hvigor/bin/hvigorw") in hv
    mac = [str(r) for _l, r in default_roots({}, "darwin", Path("/Users/u"))]
    assert "/Applications/DevEco-Studio.app/Contents" in mac
    win_roots = [
        str(r)
        for _l, r in default_roots(
            {"ProgramFiles": r"C:\Program Files"}, "win32", Path("C:/Users/u")
        )
    ]
    assert any("Huawei" in r and "DevEco Studio" in r for r in win_roots)
    first = default_roots({"DEVECO_SDK_HOME": "/opt/deveco/sdk"}, "linux", Path("/home/u"))[0]
    assert first == ("DEVECO_SDK_HOME", Path("/opt/deveco"))


def test_not_found_message_has_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ToolNotFound) as ei:
        find_tool(
            "hdc", env={"PATH": str(tmp_path)}, roots=[("Command Line Tools", tmp_path / "clt")]
        )
    msg = str(ei.value)
    assert msg.startswith("hdc was not found")
    assert "HMDESK_HDC" in msg and "sdk/default/openharmony/toolchains" in msg
    info = describe_tools(env={"PATH": str(tmp_path)}, roots=[])
    assert [t["name"] for t in info] == ["hdc", "hvigorw"]
    assert all(t["path"] is None and t["error"] for t in info)


def test_describe_tools_with_fakes(fake_tools: object) -> None:
    info = describe_tools()
    assert {t["name"]: t["source"] for t in info} == {
        "hdc": "env HMDESK_HDC",
        "hvigorw": "env HMDESK_HVIGORW",
    }


@posix_only
def test_an_old_database_setting_is_moved_to_the_settings_file_once(
    tmp_path: Path, db: Database
) -> None:
    from hmdesk.core import config
    from hmdesk.core.models import Setting

    old = exe(tmp_path / "old" / "hdc")
    with db.write() as session:
        session.add(Setting(key="tools.hdc", value=str(old)))
    loc = find_tool("hdc", db, env={"PATH": ""}, roots=[])
    assert loc.path == old and loc.source == "config hdc"
    assert config.load() == {"hdc": str(old)}
    with db.read() as session:
        assert session.get(Setting, "tools.hdc") is None  # moved, not copied
    # from now on the file is the one place: unsetting it is not undone by the old row
    config.unset("hdc")
    with pytest.raises(ToolNotFound):
        find_tool("hdc", db, env={"PATH": ""}, roots=[])


def test_fixes_name_preferences_and_the_config_command(tmp_path: Path) -> None:
    for name in ("hdc", "hvigorw"):
        with pytest.raises(ToolNotFound) as ei:
            find_tool(name, env={"PATH": str(tmp_path)}, roots=[])  # type: ignore[arg-type]
        msg = str(ei.value)
        assert "Preferences (Ctrl+,)" in msg and f"hmdesk-cli config set {name} PATH" in msg
        assert "hmdesk's settings" not in msg


@posix_only
def test_a_damaged_settings_file_does_not_stop_discovery(
    tmp_path: Path, _isolated_config: Path
) -> None:
    p = exe(tmp_path / "p" / "hdc")
    _isolated_config.parent.mkdir(parents=True)
    _isolated_config.write_text("{not json")
    loc = find_tool("hdc", env={"PATH": str(p.parent)}, roots=[])
    assert loc.path == p and str(_isolated_config) in loc.notes[0]
    assert _isolated_config.read_text() == "{not json"


@posix_only
def test_search_tool_lists_the_places_it_looked(tmp_path: Path) -> None:
    from hmdesk.core import config
    from hmdesk.core.toolchain.tools import search_tool

    sdk_root = tmp_path / "clt"
    config.set_value("sdk", str(sdk_root / "sdk"))  # the sdk setting is a place to look
    config.set_value("hdc", str(exe(tmp_path / "configured" / "hdc")))  # ignored by a search
    miss = search_tool("hdc", env={"PATH": str(tmp_path / "empty")}, platform="linux")
    assert miss.found is None and miss.searched[0] == "PATH"
    assert str(sdk_root / "sdk" / "default" / "openharmony" / "toolchains" / "hdc") in miss.searched
    hdc = exe(sdk_root / "sdk" / "default" / "openharmony" / "toolchains" / "hdc")
    hit = search_tool("hdc", env={"PATH": str(tmp_path / "empty")}, platform="linux")
    assert hit.found is not None and hit.found.path == hdc
    assert hit.found.source == f"sdk setting ({sdk_root})"


@posix_only
def test_sdk_and_node_settings_feed_the_hvigor_environment(tmp_path: Path) -> None:
    from hmdesk.core import config

    hvw = exe(tmp_path / "bin" / "hvigorw")
    loc = ToolLocation("hvigorw", hvw, "PATH")
    node = exe(tmp_path / "node-v18" / "bin" / "node")
    config.set_value("sdk", str(tmp_path / "my-sdk"))
    config.set_value("node", str(node))
    env = hvigor_env(loc, {"PATH": "/usr/bin"})
    assert env["DEVECO_SDK_HOME"] == str(tmp_path / "my-sdk")
    assert env["NODE_HOME"] == str(tmp_path / "node-v18")
    # an environment variable still wins over the setting
    mine = hvigor_env(loc, {"DEVECO_SDK_HOME": "/mine", "NODE_HOME": "/n"})
    assert mine["DEVECO_SDK_HOME"] == "/mine" and mine["NODE_HOME"] == "/n"

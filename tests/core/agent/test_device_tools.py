"""The read-only device tools of ``hmdesk-cli mcp`` (issue 33): screenshot, layout (tied to
an allowed project's code), list_files, app_stats, against the fake hdc's device."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from hmdesk.core import config
from hmdesk.core.db import Database
from mcp.shared.exceptions import MCPError

from tests.fixtures.fake_tools import FAKE_HDC_KEY
from tests.fixtures.mcp_client import payload, session


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_device_tools(tmp_path: Path, fake_tools: Any) -> None:
    db = tmp_path / "agent.db"
    Database(db).close()
    device = fake_tools.device_root()
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    project = tmp_path / "projects" / "app"
    page = project / "entry/src/main/ets/pages/Index.ets"
    page.parent.mkdir(parents=True)
    page.write_text(
        "@Entry\n@Component\nstruct Index {\n  build() {\n    Text('idTest').id('idTest')\n  }\n}\n"
    )
    config.set_value("mcp_projects", str(tmp_path / "projects"))
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with session(db) as s:
            seen["shot"] = payload(await s.call_tool("screenshot", {}))
            seen["layout"] = payload(
                await s.call_tool("layout", {"project": str(project), "limit": 20})
            )
            seen["places"] = payload(
                await s.call_tool("list_files", {"bundle": "com.example.hello"})
            )
            seen["ls"] = payload(
                await s.call_tool(
                    "list_files", {"path": "/data/app/el2/100/base/com.example.hello/files"}
                )
            )
            with pytest.raises(MCPError) as bad:
                await s.call_tool("list_files", {"path": "/data/local/tmp/x;reboot"})
            seen["bad_ls"] = str(bad.value)
            seen["stats"] = payload(await s.call_tool("app_stats", {"bundle": "com.example.hello"}))
            seen["outside"] = payload(await s.call_tool("layout", {"project": str(tmp_path)}))

    anyio.run(main)
    shot = seen["shot"]
    assert shot["device"] == FAKE_HDC_KEY and shot["width"] == 1260 and Path(shot["path"]).is_file()
    nodes = seen["layout"]["nodes"]
    linked = next(n for n in nodes if n["id"] == "idTest")
    assert (
        linked["code"]["path"] == "entry/src/main/ets/pages/Index.ets"
        and linked["code"]["line"] == 5
    )
    assert seen["layout"]["screen"] == [1260, 2720]
    assert {"label": "fault logs", "path": "/data/log/faultlog", "writable": False} in seen[
        "places"
    ]["places"]
    assert [e["name"] for e in seen["ls"]["entries"]] == ["notes.txt"]
    assert (
        isinstance(seen["bad_ls"], str)
        and "cannot be passed to the device safely" in seen["bad_ls"]
    )
    assert seen["stats"]["running"] and seen["stats"]["pss_kb"] == 92998
    assert "not under a folder the user lets agents build" in seen["outside"]
    assert (
        device / "data/app/el2/100/base/com.example.hello/files/notes.txt"
    ).read_text() == "hello\n"

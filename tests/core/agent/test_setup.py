"""The set-up lines (issue 29, requirement 6): the README shows what the window's Help › Connect an
agent shows (:func:`setup_lines`, there with the README's example path), and the command those
lines give a client, the installed ``hmdesk-cli`` with its arguments, serves MCP to the SDK's own
stdio client."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from hmdesk.core.agent.setup import setup_lines
from hmdesk.core.db import Database
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
SECTION = README[README.index("## Your coding agent") :].split("\n## ", 1)[0]
EXAMPLE = "/home/you/.local/share/hmdesk-venv/bin/hmdesk-cli"


def test_the_readme_shows_the_lines_of_the_help_menu() -> None:
    lines = setup_lines(EXAMPLE)
    shown = [re.sub(r"\s+#.*$", "", x).strip() for x in SECTION.splitlines()]
    assert lines.claude_code in shown and lines.codex_command in shown
    assert f"```toml\n{lines.codex_toml}\n```" in SECTION
    (generic,) = re.findall(r"```json\n(.*?)\n```", SECTION, re.S)
    assert json.loads(generic) == json.loads(lines.generic_json)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_installed_command_of_the_lines_serves_an_sdk_client(tmp_path: Path) -> None:
    db = tmp_path / "setup.db"
    Database(db).close()
    argv = setup_lines(db=str(db)).command
    assert Path(argv[0]).is_absolute() and argv[1:3] == ["mcp", "--db"]
    got: dict[str, Any] = {}

    async def main() -> None:
        server = StdioServerParameters(command=argv[0], args=argv[1:])
        async with stdio_client(server) as (read, write):
            info = types.Implementation(name="claude-code", version="2.1.3")
            async with ClientSession(read, write, client_info=info) as s:
                got["init"] = await s.initialize()
                got["tools"] = [t.name for t in (await s.list_tools()).tools]

    anyio.run(main)
    assert got["init"].server_info.name == "hmdesk" and got["init"].instructions
    assert {"recall", "remember", "feedback", "diagnose"} <= set(got["tools"])

"""How to add hmdesk to a coding agent: the lines the README shows, with the real path of the
installed ``hmdesk-cli`` (the window's Help › Connect an agent shows these, filled in).

Clients start the command directly (no shell), so the full path is given: a client started from
a desktop launcher does not see the ``PATH`` of the user's shell. On Windows a ``.cmd``/``.bat``
launcher needs ``cmd /c`` in front; ``hmdesk-cli.exe`` (what pip installs) does not.
"""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

NAME = "hmdesk"


def installed_command() -> str:
    """The full path of this installation's ``hmdesk-cli`` (next to the interpreter, as pip
    installs it), else the one on ``PATH``, else the bare name."""
    here = Path(sys.executable).parent
    found = shutil.which("hmdesk-cli", path=str(here)) or shutil.which("hmdesk-cli")
    return found or "hmdesk-cli"


def _argv(command: str, db: str | None) -> list[str]:
    argv = [command, "mcp"]
    if command.lower().endswith((".cmd", ".bat")):
        argv = ["cmd", "/c", *argv]
    if db:
        argv += ["--db", db]
    return argv


def _quote(arg: str) -> str:
    if arg and all(c.isalnum() or c in "/._-:\\+=@" for c in arg):
        return arg
    return '"' + arg.replace('"', '\\"') + '"'


@dataclass(frozen=True)
class SetupLines:
    claude_code: str
    codex_command: str
    codex_toml: str
    generic_json: str
    command: list[str]

    def text(self) -> str:
        return (
            "Claude Code:\n"
            f"  {self.claude_code}\n\n"
            "Codex (or add the table to ~/.codex/config.toml):\n"
            f"  {self.codex_command}\n\n"
            f"{self.codex_toml}\n\n"
            "Any client that takes a command and arguments (.mcp.json, Cursor, Cline, …):\n\n"
            f"{self.generic_json}\n"
        )


def setup_lines(command: str | None = None, *, db: str | None = None) -> SetupLines:
    """The set-up lines for ``command`` (default: :func:`installed_command`)."""
    argv = _argv(command or installed_command(), db)
    shown = " ".join(_quote(a) for a in argv)
    toml_args = ", ".join(json.dumps(a) for a in argv[1:])
    generic = {"mcpServers": {NAME: {"command": argv[0], "args": argv[1:]}}}
    return SetupLines(
        claude_code=f"claude mcp add {NAME} -- {shown}",
        codex_command=f"codex mcp add {NAME} -- {shown}",
        codex_toml=f"[mcp_servers.{NAME}]\ncommand = {json.dumps(argv[0])}\nargs = [{toml_args}]",
        generic_json=json.dumps(generic, indent=2),
        command=argv,
    )

"""An exchange with ``hmdesk-cli mcp`` as a coding agent's client has it (the README's example).

    python docs/mcp_exchange.py                 # on a throw-away database with the starter pack
    python docs/mcp_exchange.py --db FILE       # on your database (a proposal is filed there)

It starts the server with the MCP SDK's stdio client, lists the tools, recalls pitfalls for a
failure, diagnoses a log, proposes a memory, and prints each request and answer. Accept the
proposal in the window's Review tab, or with ``hmdesk-cli proposals --accept N``. Needs
``pip install 'hmdesk[mcp]'``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

LOG = (
    "[Info]App install path:/home/me/MyApp/entry/build/default/outputs/default/"
    "entry-default-unsigned.hap, queuesize:0, msg:error: failed to install bundle. "
    "code:9568320 error: no signature file.\n"
)


def hmdesk_cli() -> str:
    return shutil.which("hmdesk-cli", path=str(Path(sys.executable).parent)) or "hmdesk-cli"


def show(direction: str, what: str, data: Any) -> None:
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if len(text) > 1500:
        text = text[:1500] + "\n  …"
    print(f"{direction} {what}\n{text}\n")


async def exchange(db: str) -> None:
    server = StdioServerParameters(command=hmdesk_cli(), args=["mcp", "--db", db])
    async with stdio_client(server) as (read, write):
        info = types.Implementation(name="example-agent", version="1.0")
        async with ClientSession(read, write, client_info=info) as s:
            init = await s.initialize()
            show(
                "←",
                "initialize",
                {"server": init.server_info.name, "version": init.server_info.version},
            )
            tools = await s.list_tools()
            show("←", "tools/list", [t.name for t in tools.tools])
            for name, args in (
                ("recall", {"query": "hdc install 9568320 signing", "limit": 2}),
                ("diagnose", {"log_text": LOG}),
                (
                    "remember",
                    {
                        "content": "Unsigned HAP from a fresh clone: hdc install fails with "
                        "9568320; run a signed build (auto signing) before installing",
                        "tags": ["signing", "9568320"],
                        "evidence": LOG.strip(),
                    },
                ),
            ):
                show("→", f"tools/call {name}", args)
                result = await s.call_tool(name, args)
                block = result.content[0]
                text = block.text if isinstance(block, types.TextContent) else str(block)
                show(
                    "←",
                    name + (" (error)" if result.is_error else ""),
                    json.loads(text) if not result.is_error else text,
                )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--db", help="the database (default: a throw-away one with the starter pack)"
    )
    args = parser.parse_args()
    if args.db:
        anyio.run(exchange, args.db)
        return 0
    with tempfile.TemporaryDirectory(prefix="hmdesk-mcp-example-") as tmp:
        db = str(Path(tmp) / "example.db")
        subprocess.run(
            [hmdesk_cli(), "--db", db, "load-starter"], check=True, stdout=subprocess.DEVNULL
        )
        anyio.run(exchange, db)
        print("The proposal waits for a person:")
        subprocess.run([hmdesk_cli(), "--db", db, "proposals"], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""An exchange with ``hmdesk-cli mcp`` as a coding agent's client has it (the README's example).

    python docs/mcp_exchange.py                 # on a throw-away database with the starter pack
    python docs/mcp_exchange.py --db FILE       # on your database (a proposal is filed there)
    python docs/mcp_exchange.py --compact       # one line per message

It starts the server with the MCP SDK's stdio client, lists the tools, recalls pitfalls for a
failure, diagnoses a log, proposes a memory, and prints each request and answer. On the
throw-away database a person's part follows: ``hmdesk-cli proposals --accept N``, then another
client's recall finds the accepted memory. On your database the proposal waits for you (the
window's Review tab, or ``hmdesk-cli proposals --accept N``). Needs ``pip install 'hmdesk[mcp]'``.
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


COMPACT = False


def show(direction: str, what: str, data: Any) -> None:
    if COMPACT:
        text = json.dumps(data, ensure_ascii=False)
        print(f"{direction} {what} {text[:150] + '…' if len(text) > 150 else text}")
        return
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if len(text) > 1500:
        text = text[:1500] + "\n  …"
    print(f"{direction} {what}\n{text}\n")


async def call(s: ClientSession, name: str, args: dict[str, Any]) -> Any:
    show("→", f"tools/call {name}", args)
    result = await s.call_tool(name, args)
    block = result.content[0]
    text = block.text if isinstance(block, types.TextContent) else str(block)
    answer = json.loads(text) if not result.is_error else text
    show("←", name + (" (error)" if result.is_error else ""), answer)
    return answer


async def exchange(db: str) -> int | None:
    """The agent's side; the number of the proposal it filed."""
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
            await call(s, "recall", {"query": "hdc install 9568320 signing", "limit": 2})
            await call(s, "diagnose", {"log_text": LOG})
            filed = await call(
                s,
                "remember",
                {
                    "content": "Unsigned HAP from a fresh clone: hdc install fails with "
                    "9568320; run a signed build (auto signing) before installing",
                    "tags": ["signing", "9568320"],
                    "evidence": LOG.strip(),
                },
            )
    return filed.get("proposal") if isinstance(filed, dict) else None


async def recall_again(db: str) -> None:
    """A later session (another client) recalls what the person accepted."""
    server = StdioServerParameters(command=hmdesk_cli(), args=["mcp", "--db", db])
    async with stdio_client(server) as (read, write):
        info = types.Implementation(name="another-agent", version="1.0")
        async with ClientSession(read, write, client_info=info) as s:
            await s.initialize()
            answer = await call(s, "recall", {"query": "unsigned HAP fresh clone", "limit": 1})
            for r in answer.get("results", []) if isinstance(answer, dict) else []:
                print(f"  recalled {r['id']}: {r['content'][:80]}")


def main() -> int:
    global COMPACT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--db", help="the database (default: a throw-away one with the starter pack)"
    )
    parser.add_argument("--compact", action="store_true", help="one line per message")
    args = parser.parse_args()
    COMPACT = args.compact
    if args.db:
        anyio.run(exchange, args.db)
        return 0
    with tempfile.TemporaryDirectory(prefix="hmdesk-mcp-example-") as tmp:
        db = str(Path(tmp) / "example.db")
        cli = hmdesk_cli()
        subprocess.run([cli, "--db", db, "load-starter"], check=True, stdout=subprocess.DEVNULL)
        number = anyio.run(exchange, db)
        print("\nThe proposal waits for a person; they accept it (or in the Review tab):")
        print(f"$ hmdesk-cli proposals --accept {number}")
        subprocess.run([cli, "--db", db, "proposals", "--accept", str(number)], check=True)
        print()
        anyio.run(recall_again, db)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

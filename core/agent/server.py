"""``hmdesk-cli mcp``: the MCP server over stdio, on the official SDK's low-level server.

Start-up answers first and loads later: ``initialize`` and ``tools/list`` need no database, so the
process opens the database, the store and the retriever on a worker thread as it starts (and
warms the retriever's index), and a tool call waits for that only if it comes first. Each call
runs on a worker thread (the event loop keeps reading: a second request, a cancellation, progress
notifications go on), its arguments checked against the tool's JSON schema first
(:mod:`jsonschema`, the SDK's own dependency). Then the call is appended to the record
(:class:`~hmdesk.core.agent.record.AgentRecord`) and only then answered.

Bad arguments become a JSON-RPC error ``-32602`` whose message names the argument and what to
send; a refusal (a device tool turned off, a project outside the allowed folders, no device) and
a failure of the tool itself become a tool result with ``isError`` and the reason; anything else
is caught, logged to stderr and answered as an internal error: nothing a client sends ends the
server. stdout belongs to the protocol (the SDK points fd 1 at stderr while it serves, so a
child process's stray output cannot corrupt it).
"""

from __future__ import annotations

import functools
import json
import logging
import os
import threading
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
from hmdesk.core import __version__
from hmdesk.core.agent.schemas import ARGUMENTS_MAX, INSTRUCTIONS, TOOLS
from hmdesk.core.agent.tools import (
    DEVICE_OFF,
    DEVICE_TOOLS,
    AgentInputError,
    AgentTools,
    Refused,
    allowed_tools,
    device_tools_on,
)
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

log = logging.getLogger("hmdesk.mcp")

MEMORY_URI = "memory://"


@functools.cache
def _validators() -> dict[str, Any]:
    """One JSON-schema validator per tool (jsonschema is imported after the first answer)."""
    from jsonschema import Draft202012Validator

    return {name: Draft202012Validator(schema) for name, (_d, schema) in TOOLS.items()}


class _Core:
    """The database, store, retriever and tools, opened on a worker as the server starts."""

    def __init__(self, db_path: Path | str, env: Mapping[str, str]) -> None:
        self.db_path = db_path
        self.env = env
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.tools: AgentTools | None = None
        self.session = uuid.uuid4().hex[:12]
        self._thread = threading.Thread(target=self._open, name="hmdesk-mcp-open", daemon=True)
        self._start_lock = threading.Lock()

    def start(self) -> None:
        """Open on the worker (once). Called when the client says it is initialized, or by the
        first request: the imports and the index load then do not hold the interpreter lock
        while the ``initialize`` answer is being made."""
        with self._start_lock:
            if not self._thread.is_alive() and not self._ready.is_set():
                self._thread.start()

    def _open(self) -> None:
        try:
            _validators()
            from hmdesk.core.agent.record import AgentRecord
            from hmdesk.core.db import Database
            from hmdesk.core.memory.retrieve.retriever import Retriever
            from hmdesk.core.memory.store import MemoryStore

            db = Database(self.db_path)
            store = MemoryStore(db, actor="agent")
            retriever = Retriever(store)
            self.record = AgentRecord(db)
            self.tools = AgentTools(db, store, retriever, env=self.env)
        except BaseException as exc:  # noqa: BLE001 - reported to every call, the server stays up
            self._error = exc
            log.error("hmdesk-cli mcp: the database could not be opened: %s", exc)
        finally:
            self._ready.set()
        if self.tools is not None:
            try:
                self.tools.retriever.warm()
            except Exception:
                log.exception("warming the index failed")

    def ready(self) -> AgentTools:
        self.start()
        self._ready.wait()
        if self.tools is None:
            raise Refused(f"hmdesk's database could not be opened: {self._error}")
        return self.tools

    def close(self) -> None:
        if self.tools is not None:
            self.tools.retriever.close()
            self.tools.store.close()
            self.tools.db.close()


def _client(ctx: ServerRequestContext[Any]) -> tuple[str | None, str | None]:
    params = ctx.session.client_params
    info = params.client_info if params is not None else None
    if info is None:
        return None, None
    return str(info.name)[:200], str(info.version)[:100]


def tool_names(env: Mapping[str, str]) -> list[str]:
    names = [n for n in TOOLS if n not in DEVICE_TOOLS or device_tools_on()]
    return allowed_tools(env, names)


SHOWN_MAX = 60
"""Characters of a refused value quoted back in an error (a client's megabyte is not echoed)."""
ERROR_MAX = 500


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"


def _input_error(message: str) -> AgentInputError:
    """The message bounded and masked (it goes back to the client and into the record)."""
    from hmdesk.core.toolchain.redact import redact

    message = redact(message)
    return AgentInputError(message if len(message) <= ERROR_MAX else message[: ERROR_MAX - 1] + "…")


def check_arguments(name: str, arguments: object) -> dict[str, Any]:
    """The arguments as a dict, or :class:`AgentInputError` naming the first problem and what to
    send instead, quoting at most :data:`SHOWN_MAX` characters of what was sent."""
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise AgentInputError("arguments must be a JSON object")
    size = len(json.dumps(arguments, ensure_ascii=False, default=str))
    if size > ARGUMENTS_MAX:
        raise AgentInputError(
            f"the arguments are {size:,} characters; send at most {ARGUMENTS_MAX:,} "
            "(for diagnose, the log's tail)"
        )
    errors = sorted(_validators()[name].iter_errors(arguments), key=lambda e: list(e.path))
    if not errors:
        return dict(arguments)
    e = errors[0]
    where = ".".join(str(p) for p in e.path) or "arguments"
    if e.validator == "additionalProperties" and isinstance(e.instance, dict):
        known = TOOLS[name][1]["properties"]
        extra = [_shown(k) for k in e.instance if k not in known]
        were = "was" if len(extra) == 1 else "were"
        raise _input_error(
            f"{', '.join(extra[:5])} {were} unexpected; {name} takes: {', '.join(known) or 'none'}"
        )
    if e.validator == "required":
        raise _input_error(f"{e.message} ({name} needs it)")
    if e.validator in ("maxLength", "maxItems") and isinstance(e.instance, str | list):
        unit = "characters" if isinstance(e.instance, str) else "items"
        raise _input_error(
            f"{where}: {len(e.instance):,} {unit}; send at most {e.validator_value:,}"
        )
    if e.validator == "pattern" and isinstance(e.schema, dict) and e.schema.get("description"):
        raise _input_error(f"{where}: {_shown(e.instance)} is not valid. {e.schema['description']}")
    message = e.message
    full = repr(e.instance)
    if message.startswith(full):  # jsonschema's messages begin with the value's repr
        message = _shown(e.instance) + message[len(full) :]
    raise _input_error(f"{where}: {message}")


class McpServer:
    """The server: one per process, any number of requests at once."""

    def __init__(self, db_path: Path | str, env: Mapping[str, str] | None = None) -> None:
        self.env = dict(os.environ if env is None else env)
        self.core = _Core(db_path, self.env)
        self.server: Server[Any] = Server(
            "hmdesk",
            version=__version__,
            instructions=INSTRUCTIONS,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            on_list_resource_templates=self._list_templates,
            on_list_resources=self._list_resources,
            on_read_resource=self._read_resource,
        )
        self.server.add_notification_handler(
            "notifications/initialized", types.NotificationParams, self._initialized
        )

    async def _initialized(
        self, _ctx: ServerRequestContext[Any], _params: types.NotificationParams
    ) -> None:
        self.core.start()

    async def _list_tools(
        self, _ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        self.core.start()  # a client that never sends notifications/initialized
        return types.ListToolsResult(
            tools=[
                types.Tool(name=n, description=TOOLS[n][0], input_schema=TOOLS[n][1])
                for n in tool_names(self.env)
            ]
        )

    async def _list_templates(
        self, _ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    name="memory",
                    uri_template="memory://{id}",
                    description="One memory with its history (edits, who accepted it) and "
                    "its recent recalls.",
                    mime_type="application/json",
                )
            ]
        )

    async def _list_resources(
        self, _ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[])

    async def _read_resource(
        self, ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        started = time.perf_counter()
        memory_id = uri[len(MEMORY_URI) :] if uri.startswith(MEMORY_URI) else ""
        if not memory_id or len(memory_id) > 200:
            await self._record(ctx, "resource", {"uri": uri[:300]}, None, [], started, "bad uri")
            raise MCPError(
                types.INVALID_PARAMS, f"unknown resource {uri[:100]!r}; read memory://ID"
            )

        def read() -> tuple[dict[str, Any], list[str]]:
            return self.core.ready().memory(memory_id)

        try:
            result, ids = await anyio.to_thread.run_sync(read)
        except (AgentInputError, Refused) as exc:
            await self._record(ctx, "resource", {"uri": uri}, None, [], started, str(exc))
            raise MCPError(types.INVALID_PARAMS, str(exc)) from None
        await self._record(ctx, "resource", {"uri": uri}, result, ids, started, None)
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(
                    uri=uri,
                    mime_type="application/json",
                    text=json.dumps(result, ensure_ascii=False),
                )
            ]
        )

    async def _record(
        self,
        ctx: ServerRequestContext[Any],
        tool: str,
        args: Any,
        result: Any,
        ids: list[str],
        started: float,
        error: str | None,
    ) -> None:
        """Append the call to the record (before the reply goes out)."""
        name, version = _client(ctx)
        ms = (time.perf_counter() - started) * 1000.0
        from hmdesk.core.agent.tools import redacted

        def append() -> None:
            try:
                tools = self.core.ready()
            except Refused:
                return  # no database: nothing can be recorded, the reply says why
            del tools
            self.core.record.append(
                session=self.core.session,
                client_name=name,
                client_version=version,
                tool=tool,
                arguments=redacted(args),
                result=result,
                result_ids=ids,
                duration_ms=ms,
                ok=error is None,
                error=error,
            )

        await anyio.to_thread.run_sync(append)

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        started = time.perf_counter()
        name = str(params.name)
        raw = params.arguments
        if name not in TOOLS or name not in tool_names(self.env):
            shown = {"name": name[:100]}
            if name in DEVICE_TOOLS and not device_tools_on():
                await self._record(ctx, name, raw or {}, None, [], started, DEVICE_OFF)
                return _error_result(DEVICE_OFF)
            await self._record(ctx, "unknown", shown, None, [], started, "unknown tool")
            raise MCPError(
                types.INVALID_PARAMS,
                f"unknown tool {name[:100]!r}; the tools are {', '.join(tool_names(self.env))}",
            )
        try:
            args = check_arguments(name, raw)
        except AgentInputError as exc:
            await self._record(
                ctx, name, raw if isinstance(raw, dict) else {}, None, [], started, str(exc)
            )
            raise MCPError(types.INVALID_PARAMS, str(exc)) from None
        progress = self._progress(ctx)
        client = _client(ctx)

        def run() -> tuple[dict[str, Any], list[str]]:
            tools = self.core.ready()
            if name in ("remember", "feedback"):
                return getattr(tools, name)(args, client)
            if name == "build_and_run":
                return tools.build_and_run(args, progress)
            return getattr(tools, name)(args)

        try:
            result, ids = await anyio.to_thread.run_sync(run)
        except AgentInputError as exc:
            await self._record(ctx, name, args, None, [], started, str(exc))
            raise MCPError(types.INVALID_PARAMS, str(exc)) from None
        except Refused as exc:
            await self._record(ctx, name, args, None, [], started, str(exc))
            return _error_result(str(exc))
        except Exception as exc:
            log.exception("tool %s failed", name)
            message = f"{name} failed: {type(exc).__name__}: {exc}"
            await self._record(ctx, name, args, None, [], started, message)
            return _error_result(message)
        await self._record(ctx, name, args, result, ids, started, None)
        text = json.dumps(result, ensure_ascii=False)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)], structured_content=result
        )

    def _progress(self, ctx: ServerRequestContext[Any]) -> Any:
        """A callback for a worker thread that sends ``notifications/progress`` when the client
        asked for them (a progress token in the request), else None."""
        token = ctx.meta.get("progress_token") if isinstance(ctx.meta, dict) else None
        if token is None and ctx.meta is not None:
            token = getattr(ctx.meta, "progress_token", None)
        if token is None:
            return None
        session = ctx.session

        def send(done: float, total: float | None, message: str) -> None:
            try:
                anyio.from_thread.run(
                    session.send_progress_notification,
                    token,
                    done,
                    total,
                    message,
                )
            except Exception:
                log.exception("progress notification failed")

        return send

    async def serve(self) -> None:
        try:
            async with stdio_server() as (read, write):
                await self.server.run(read, write, self.server.create_initialization_options())
        finally:
            self.core.close()


def _error_result(message: str) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=message)], is_error=True
    )


def serve(db_path: Path | str) -> None:
    """Run the server on this process's stdin and stdout until the client closes them."""
    logging.basicConfig(level=logging.WARNING, format="hmdesk-cli mcp: %(message)s")
    anyio.run(McpServer(db_path).serve)

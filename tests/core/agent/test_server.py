"""``hmdesk-cli mcp`` as a subprocess, driven by the MCP SDK's own stdio client: every tool with
good and bad input, the resource, two clients at once, the device tools off and on (with the fake
hdc and hvigorw), the environment allow-list, and the record of every call."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from hmdesk.core import config
from hmdesk.core.agent.proposals import Proposals
from hmdesk.core.agent.record import AgentRecord, CallFilter
from hmdesk.core.agent.schemas import ARGUMENTS_MAX, LOG_TEXT_MAX
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
from mcp.shared.exceptions import MCPError

from tests.fixtures.fake_tools import FAKE_HDC_KEY
from tests.fixtures.mcp_client import payload, server_command, server_params, session

# A real install failure, verbatim: likuai2010/ClashMeta issue #10 (2024-10-07),
# https://github.com/likuai2010/ClashMeta/issues/10 — hdc install of an unsigned HAP.
# Expected before running: the doctor's signing finding with code 9568320, and the signing pitfall
# below recalled for it.
REAL_INSTALL_LOG = (
    r"[Info]App install path:F:\ROOT\Harmony OS NEXT\clash-entry-default.hap, queuesize:0, "
    "msg:error: failed to install bundle. code:9568320 error: no signature file.\n"
)

SIGNING = (
    "hdc install fails with code 9568320 (no signature file): the HAP is unsigned; enable "
    "automatic signing in File > Project Structure > Signing Configs"
)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "agent.db"
    d = Database(path)
    store = MemoryStore(d, actor="test")
    store.add(SIGNING, tags=["signing", "install"], confidence=0.8)
    store.add(
        "ArkTS: state in @Builder functions is not reactive; pass $$ parameters", tags=["arkts"]
    )
    store.close()
    d.close()
    return path


def _ids(db: Path) -> dict[str, str]:
    d = Database(db)
    try:
        store = MemoryStore(d)
        return {m.content: m.id for m in store.list()}
    finally:
        d.close()


def _calls(db: Path) -> list[Any]:
    d = Database(db)
    try:
        return list(reversed(AgentRecord(d).calls()))
    finally:
        d.close()


async def _bad(s: Any, tool: str, args: Any) -> str:
    with pytest.raises(MCPError) as info:
        await s.call_tool(tool, args)
    assert info.value.code == -32602
    return str(info.value)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_every_tool_good_and_bad_and_every_call_on_the_record(db: Path, fake_tools: Any) -> None:
    fake_tools.hdc_scenario("one-device", "crash-js")
    signing_id = _ids(db)[SIGNING]
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with session(db, name="claude-code", version="2.1.3") as s:
            listed = await s.list_tools()
            seen["tools"] = {t.name: t for t in listed.tools}
            seen["templates"] = await s.list_resource_templates()

            r = await s.call_tool("recall", {"query": "hdc install 9568320", "limit": 3})
            seen["recall"] = payload(r)
            seen["bad_recall"] = [
                await _bad(s, "recall", {}),
                await _bad(s, "recall", {"query": 5}),
                await _bad(s, "recall", {"query": "x", "limit": 0}),
                await _bad(s, "recall", {"query": "x", "lmit": 3}),
                await _bad(s, "recall", {"query": "x", "layer": "working"}),
            ]
            r = await s.call_tool(
                "remember",
                {
                    "content": "ohpm install behind a proxy needs the registry set in .ohpmrc",
                    "tags": ["ohpm"],
                    "evidence": "token=abcd1234secret in the log",
                },
            )
            seen["remember"] = payload(r)
            r = await s.call_tool(
                "remember", {"content": SIGNING + " (again)", "tags": ["signing"]}
            )
            seen["remember_near"] = payload(r)
            seen["bad_remember"] = [
                await _bad(s, "remember", {"content": ""}),
                await _bad(s, "remember", {"content": "x", "tags": ["two words"]}),
                await _bad(s, "remember", {"content": "x", "confidence": 2}),
            ]
            r = await s.call_tool(
                "feedback", {"id": signing_id, "helped": True, "note": "fixed it"}
            )
            seen["feedback"] = payload(r)
            seen["bad_feedback"] = [
                await _bad(s, "feedback", {"id": "mem-nope", "helped": True}),
                await _bad(s, "feedback", {"id": signing_id}),
            ]
            r = await s.call_tool("diagnose", {"log_text": REAL_INSTALL_LOG})
            seen["diagnose"] = payload(r)
            seen["bad_diagnose"] = await _bad(s, "diagnose", {"log_text": ""})
            r = await s.call_tool("devices", {})
            seen["devices"] = payload(r)
            r = await s.call_tool("logs", {"query": "level:I", "limit": 5})
            seen["logs"] = payload(r)
            seen["bad_logs"] = [
                await _bad(s, "logs", {"since": "yesterday"}),
                await _bad(s, "logs", {"device": "bad key;rm"}),
            ]
            r = await s.call_tool("crashes", {})
            seen["crashes"] = payload(r)
            res = await s.read_resource(f"memory://{signing_id}")
            block = res.contents[0]
            seen["resource"] = json.loads(block.text)  # type: ignore[union-attr]
            with pytest.raises(MCPError):
                await s.read_resource("memory://mem-missing")
            seen["unknown"] = await _bad(s, "rm_rf", {})

    anyio.run(main)

    tools = seen["tools"]
    assert sorted(tools) == sorted(
        [
            "recall",
            "remember",
            "feedback",
            "diagnose",
            "devices",
            "logs",
            "crashes",
            "screenshot",
            "layout",
            "list_files",
            "app_stats",
        ]
    )  # build_and_run is off by default
    assert tools["recall"].input_schema["required"] == ["query"]
    assert "BEFORE" in (tools["recall"].description or "")
    assert seen["templates"].resource_templates[0].uri_template == "memory://{id}"

    rec = seen["recall"]["results"][0]
    assert rec["id"] == signing_id and rec["confidence"] == 0.8
    assert set(rec["why"]["matched"]) >= {"hdc", "install", "9568320"}
    assert set(rec["why"]["parts"]) >= {"confidence", "recency", "lexical"}
    missing, wrong_type, too_small, misspelt, bad_layer = seen["bad_recall"]
    assert "'query' is a required property" in missing
    assert "query: 5 is not of type 'string'" in wrong_type
    assert "limit" in too_small
    assert "'lmit' was unexpected" in misspelt and "recall takes: query, limit" in misspelt
    assert "layer" in bad_layer

    assert seen["remember"]["status"] == "pending" and "near_duplicate_of" not in seen["remember"]
    assert seen["remember_near"]["near_duplicate_of"] == signing_id
    assert "content" in seen["bad_remember"][0]
    assert "space" in seen["bad_remember"][1]
    assert "confidence" in seen["bad_remember"][2]

    assert seen["feedback"] == {"id": signing_id, "helped": True, "recorded": True}
    assert "no memory 'mem-nope'" in seen["bad_feedback"][0]
    assert "'helped' is a required property" in seen["bad_feedback"][1]

    finding = seen["diagnose"]["finding"]
    assert finding["kind"] == "signing" and finding["code"] == "9568320"
    assert signing_id in [r["id"] for r in seen["diagnose"]["recalled"]]

    assert [d["key"] for d in seen["devices"]["devices"]] == [FAKE_HDC_KEY]
    assert seen["logs"]["device"] == FAKE_HDC_KEY and 0 < len(seen["logs"]["lines"]) <= 5
    assert "since" in seen["bad_logs"][0]
    crash = seen["crashes"]["crashes"][0]
    assert crash["type"] == "jscrash" and crash["bundle"] == "com.example.hello" and crash["frames"]

    assert seen["resource"]["id"] == signing_id
    assert any(a["context"].startswith("helped") for a in seen["resource"]["recalls"])
    assert "unknown tool 'rm_rf'" in seen["unknown"]

    # the record: every call, with the client from initialize, in order, ok or the error
    calls = _calls(db)
    assert {c.client for c in calls} == {"claude-code 2.1.3"}
    assert [c.tool for c in calls][:2] == ["recall", "recall"]
    assert calls[0].ok and calls[0].result_ids == (signing_id,)
    assert calls[0].result_json()["results"][0]["why"]["matched"]  # the explanation it saw
    assert not calls[1].ok and "required" in (calls[1].error or "")
    assert len(calls) == 1 + 5 + 2 + 3 + 1 + 2 + 1 + 1 + 1 + 1 + 2 + 1 + 2 + 1
    # the secret in the evidence was masked before it was stored anywhere
    d = Database(db)
    try:
        evidence = Proposals(d).list()[0].evidence or ""
        stored = " ".join(c.arguments for c in AgentRecord(d).calls())
    finally:
        d.close()
    assert "abcd1234secret" not in evidence and "abcd1234secret" not in stored


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_two_clients_at_once(db: Path) -> None:
    got: dict[str, Any] = {}

    async def client(name: str) -> None:
        async with session(db, name=name) as s:
            for n in range(3):
                r = await s.call_tool("recall", {"query": "signing"})
                got.setdefault(name, []).append(payload(r)["results"][0]["id"])
                await s.call_tool("remember", {"content": f"{name} lesson {n}: check the log"})

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client, "codex")
            tg.start_soon(client, "claude-code")

    anyio.run(main)
    signing = _ids(db)[SIGNING]
    assert got == {"codex": [signing] * 3, "claude-code": [signing] * 3}
    calls = _calls(db)
    assert len(calls) == 12 and len({c.session for c in calls}) == 2
    d = Database(db)
    try:
        pending = Proposals(d).list()
    finally:
        d.close()
    assert sorted(p.client_name or "" for p in pending) == ["claude-code"] * 3 + ["codex"] * 3


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_device_tools_refused_while_off_and_run_when_on(
    db: Path, fake_tools: Any, tmp_path: Path
) -> None:
    project = fake_tools.project("hello")
    seen: dict[str, Any] = {}
    progress: list[tuple[float, float | None, str | None]] = []

    async def off() -> None:
        async with session(db) as s:
            seen["off_tools"] = [t.name for t in (await s.list_tools()).tools]
            seen["off"] = await s.call_tool("build_and_run", {"project": str(project)})

    anyio.run(off)
    assert "build_and_run" not in seen["off_tools"]
    assert seen["off"].is_error and "turned off" in payload(seen["off"])
    assert fake_tools.calls("hvigorw") == []  # nothing ran

    config.set_value("mcp_device_tools", "on")

    async def not_allowed() -> None:
        async with session(db) as s:
            seen["outside"] = await s.call_tool("build_and_run", {"project": str(project)})

    anyio.run(not_allowed)
    assert seen["outside"].is_error and "not under a folder" in payload(seen["outside"])
    assert fake_tools.calls("hvigorw") == []

    config.set_value("mcp_projects", str(project.parent))

    async def on(p: float, total: float | None, message: str | None) -> None:
        progress.append((p, total, message))

    async def run() -> None:
        async with session(db) as s:
            seen["on_tools"] = [t.name for t in (await s.list_tools()).tools]
            seen["bad_run"] = [
                await _bad(s, "build_and_run", {}),
                await _bad(s, "build_and_run", {"project": str(project), "mode": 5}),
            ]
            assert fake_tools.calls("hvigorw") == []  # refused before anything ran
            seen["run"] = await s.call_tool(
                "build_and_run", {"project": str(project)}, progress_callback=on
            )
            seen["escape"] = await s.call_tool(
                "build_and_run", {"project": str(project.parent / ".." / "elsewhere")}
            )

    anyio.run(run)
    assert "build_and_run" in seen["on_tools"]
    assert "'project' is a required property (build_and_run needs it)" in seen["bad_run"][0]
    assert "mode: 5 is not of type 'string'" in seen["bad_run"][1]
    run_json = payload(seen["run"])
    assert run_json["status"] == "success", run_json
    assert [st["verdict"] for st in run_json["steps"]] == ["passed"] * len(run_json["steps"])
    assert fake_tools.calls("hvigorw") and any(
        "install" in c["argv"] for c in fake_tools.calls("hdc")
    )
    assert progress[-1][0] == len(run_json["steps"])  # one notification per finished step
    assert ("build started" in [m for _p, _t, m in progress]) and progress[-1][2]
    assert seen["escape"].is_error


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_an_install_failure_comes_back_with_the_finding_and_the_recalled_pitfall(
    db: Path, fake_tools: Any
) -> None:
    project = fake_tools.project("hello")
    fake_tools.hdc_scenario("one-device", "install-9568320")
    config.set_value("mcp_device_tools", "on")
    config.set_value("mcp_projects", str(project.parent))
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with session(db) as s:
            seen["run"] = payload(await s.call_tool("build_and_run", {"project": str(project)}))

    anyio.run(main)
    run = seen["run"]
    assert run["status"] == "failed"
    assert _ids(db)[SIGNING] in [r["id"] for r in run["recalled"]]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_environment_allow_list_narrows_the_tools(db: Path, fake_tools: Any) -> None:
    """It narrows, it cannot widen: naming build_and_run in it does not turn the device tools
    on (only the user's setting does)."""
    project = fake_tools.project("hello")
    config.set_value("mcp_projects", str(project.parent))
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with session(db, env={"HMDESK_MCP_TOOLS": "recall,rem"}) as s:
            seen["tools"] = [t.name for t in (await s.list_tools()).tools]
            with pytest.raises(MCPError):
                await s.call_tool("diagnose", {"log_text": "x"})
        async with session(db, env={"HMDESK_MCP_TOOLS": "build_and_run,recall"}) as s:
            seen["widen"] = [t.name for t in (await s.list_tools()).tools]
            seen["run"] = await s.call_tool("build_and_run", {"project": str(project)})

    anyio.run(main)
    assert seen["tools"] == ["recall", "remember"]
    assert seen["widen"] == ["recall"]
    assert seen["run"].is_error and "turned off" in payload(seen["run"])
    assert fake_tools.calls("hvigorw") == []


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_proposals_wait_unless_the_user_turned_on_auto_accept(db: Path) -> None:
    seen: dict[str, Any] = {}
    lesson = {"content": "hvigor needs NODE_HOME pointing at Node 18", "tags": ["hvigor"]}

    async def main() -> None:
        async with session(db, name="codex", version="0.5") as s:
            seen["off"] = payload(await s.call_tool("remember", lesson))
            config.set_value("mcp_auto_accept", "on")  # read at each call, as the window sets it
            seen["on"] = payload(
                await s.call_tool("remember", {**lesson, "content": "ohpm needs .ohpmrc"})
            )

    anyio.run(main)
    assert seen["off"]["status"] == "pending"
    assert seen["on"]["status"] == "accepted"
    assert "ohpm needs .ohpmrc" in _ids(db) and lesson["content"] not in _ids(db)
    d = Database(db)
    try:
        memory = MemoryStore(d).get(seen["on"]["memory_id"])
    finally:
        d.close()
    assert memory.source == "agent"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_garbage_on_stdin_does_not_end_the_server(db: Path) -> None:
    """Lines that are not JSON-RPC, a call before initialize, and a non-object argument list:
    the server answers the initialize that follows."""
    params = server_params(db)
    lines = [
        b"this is not json\n",
        b"\xff\xfe\x00garbage\n",
        b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"recall","arguments":"x"}}\n',
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
        b'"capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}\n',
    ]
    proc = subprocess.run(
        [params.command, *params.args],
        input=b"".join(lines),
        capture_output=True,
        env=params.env,
        timeout=60,
        check=False,
    )
    answers = [json.loads(x) for x in proc.stdout.decode().splitlines() if x.strip()]
    init = [a for a in answers if a.get("id") == 1]
    assert init and init[0]["result"]["serverInfo"]["name"] == "hmdesk"
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert os.path.exists(db)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_recall_ranks_as_hmdesk_cli_query(tmp_path: Path) -> None:
    """The starter pack (42 memories) through ``recall`` and through ``hmdesk-cli query --json``:
    the same ids in the same order, for queries of different shapes."""
    db = tmp_path / "starter.db"
    cli, lead = server_command()
    subprocess.run([cli, *lead, "--db", str(db), "load-starter"], check=True, capture_output=True)
    queries = ["hdc install 9568320", "ArkTS @State not updating", "hvigor build fails", "签名"]
    seen: dict[str, list[str]] = {}

    async def main() -> None:
        async with session(db) as s:
            for q in queries:
                r = payload(await s.call_tool("recall", {"query": q, "limit": 8}))
                seen[q] = [x["id"] for x in r["results"]]

    anyio.run(main)
    assert seen[queries[0]]  # the starter pack has the unsigned-HAP pitfall
    for q in queries:
        done = subprocess.run(
            [cli, *lead, "--db", str(db), "query", q, "--limit", "8", "--json"],
            check=True,
            capture_output=True,
            text=True,
        )
        assert [x["id"] for x in json.loads(done.stdout)["results"]] == seen[q], q


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_bounds_redaction_and_each_call_recorded_before_its_reply(db: Path) -> None:
    """Arguments over their bounds are refused with what to send (and the server goes on); a
    secret stored in a memory is masked in every result; each call is in the record by the time
    its reply has arrived (read from the database while the session is still open)."""
    secret_memory = "signing fails with -keyPwd Hm2024pass: wrong key password in build-profile"
    d = Database(db)
    store = MemoryStore(d, actor="test")
    leaky = store.add(secret_memory, tags=["signing"]).id
    store.close()
    d.close()
    assert _ids(db)[secret_memory] == leaky  # stored as written: masking is the server's
    seen: dict[str, Any] = {}
    recorded: list[tuple[str, bool]] = []

    def last_call() -> tuple[str, bool]:
        d = Database(db)
        try:
            (c,) = AgentRecord(d).calls(CallFilter(limit=1))
            return c.tool, c.ok
        finally:
            d.close()

    async def main() -> None:
        async with session(db) as s:
            seen["long_query"] = await _bad(s, "recall", {"query": "q" * 2001})
            recorded.append(last_call())
            seen["too_large"] = await _bad(s, "diagnose", {"log_text": "x" * (ARGUMENTS_MAX + 1)})
            recorded.append(last_call())
            seen["long_log"] = await _bad(s, "diagnose", {"log_text": "x" * (LOG_TEXT_MAX + 1)})
            seen["many_tags"] = await _bad(
                s, "remember", {"content": "x", "tags": [f"t{i}" for i in range(21)]}
            )
            seen["devices"] = await _bad(s, "devices", {"all": True})
            seen["secret_tag"] = await _bad(
                s, "remember", {"content": "x", "tags": ["ok", "token=abcd1234secret x"]}
            )
            seen["long_key"] = await _bad(s, "recall", {"query": "x", "k" * 5000: 1})
            seen["crashes"] = await _bad(s, "crashes", {"since": "1 day"})
            with pytest.raises(MCPError) as info:
                await s.read_resource("file:///etc/passwd")
            seen["uri"] = str(info.value)
            seen["recall"] = payload(
                await s.call_tool("recall", {"query": "keyPwd signing password"})
            )
            recorded.append(last_call())
            res = await s.read_resource(f"memory://{leaky}")
            seen["resource"] = res.contents[0].text  # type: ignore[union-attr]
            recorded.append(last_call())

    anyio.run(main)
    # what was sent is not echoed back whole (nor into the record): its size and the bound
    assert seen["long_query"].endswith("query: 2,001 characters; send at most 2,000")
    assert "send at most 1,200,000" in seen["too_large"] and len(seen["too_large"]) < 200
    assert seen["long_log"].endswith("log_text: 1,000,001 characters; send at most 1,000,000")
    assert seen["many_tags"].endswith("tags: 21 items; send at most 20")
    assert "'all' was unexpected; devices takes: none" in seen["devices"]
    assert "tags.1: 'token=****** x' is not valid. One word" in seen["secret_tag"]
    assert "recall takes: query, limit" in seen["long_key"] and len(seen["long_key"]) < 300
    assert "since" in seen["crashes"] and "30s, 5m, 2h, 1d" in seen["crashes"]
    assert "read memory://ID" in seen["uri"]
    assert recorded == [
        ("recall", False),
        ("diagnose", False),
        ("recall", True),
        ("resource", True),
    ]
    (hit,) = [r for r in seen["recall"]["results"] if r["id"] == leaky]
    assert "Hm2024pass" not in hit["content"] and "-keyPwd ******" in hit["content"]
    assert "Hm2024pass" not in seen["resource"] and "-keyPwd ******" in seen["resource"]
    errors = " ".join(c.error or "" for c in _calls(db))
    assert "abcd1234secret" not in errors and len(errors) < 3000

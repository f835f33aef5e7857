"""`hmdesk-cli agent-log`, `instructions`, `proposals --accept/--reject` and `mcp` without the SDK."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hmdesk.core.agent.proposals import Proposals
from hmdesk.core.agent.record import AgentRecord
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "a.db"
    with Database(path) as d:
        store = MemoryStore(d)
        m = store.add("hdc install 9568320: sign the HAP", tags=["signing"], confidence=0.9)
        AgentRecord(d).append(
            session="s1",
            client_name="claude-code",
            client_version="2.1",
            tool="recall",
            arguments={"query": "sign"},
            result={
                "results": [
                    {
                        "id": m.id,
                        "score": 0.9,
                        "why": {"matched": ["sign"], "missed": []},
                        "content": m.content,
                    }
                ]
            },
            result_ids=[m.id],
            duration_ms=3.2,
            ok=True,
        )
        Proposals(d).file(
            content="ohpm needs .ohpmrc behind a proxy",
            tags=["ohpm"],
            layer="semantic",
            confidence=0.5,
            client_name="codex",
            client_version="0.5",
        )
        store.close()
    return str(path)


def test_agent_log_prints_what_the_client_saw(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agent-log", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "claude-code 2.1  recall" in out and "matched ['sign']" in out
    assert main(["agent-log", "--db", db, "--json", "--tool", "remember"]) == 0
    assert json.loads(capsys.readouterr().out) == {"calls": []}


def test_proposals_accept_and_reject(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["proposals", "--db", db]) == 0
    assert "agent proposal 1 from codex 0.5" in capsys.readouterr().out
    assert (
        main(
            ["proposals", "--db", db, "--accept", "1", "--tag", "ohpm", "--tag", "proxy", "--json"]
        )
        == 0
    )
    memory = json.loads(capsys.readouterr().out)["memory"]
    assert main(["show", memory, "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tags"] == ["ohpm", "proxy"]
    assert main(["proposals", "--db", db, "--reject", "1"]) == 2
    assert "already decided" in capsys.readouterr().err


def test_instructions_writes_then_says_unchanged(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "AGENTS.md"
    target.write_text("# Team rules\n", encoding="utf-8")
    assert main(["instructions", str(target), "--db", db]) == 0
    assert "pitfalls block added at the end (1 pitfall)" in capsys.readouterr().out
    assert main(["instructions", str(target), "--db", db]) == 0
    assert "already up to date" in capsys.readouterr().out
    target.write_bytes(b"\xff\xfe broken")
    assert main(["instructions", str(target), "--db", db]) == 2
    assert "left untouched: it is not UTF-8" in capsys.readouterr().err
    assert target.read_bytes() == b"\xff\xfe broken"


def test_mcp_without_the_sdk_says_how_to_install_it(
    db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # as if the mcp extra were not installed: every SDK module unimportable
    for name in [n for n in sys.modules if n.split(".")[0] in ("mcp", "mcp_types")] + [
        "mcp",
        "mcp_types",
    ]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "hmdesk.core.agent.server", raising=False)
    assert main(["mcp", "--db", db]) == 2
    assert "pip install 'hmdesk[mcp]'" in capsys.readouterr().err

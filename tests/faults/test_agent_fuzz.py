"""Fuzzing what an MCP client may send to ``hmdesk-cli mcp`` (issue 29, requirement 1): any JSON
as a tool's arguments gives an answer or a clear :class:`AgentInputError`, never another
exception, and nothing of the store is lost. Runs the memory tools in process, through the same
argument check the server applies (``check_arguments``), then the tool."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hmdesk.core.agent.server import check_arguments
from hmdesk.core.agent.tools import AgentInputError, AgentTools
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# examples from the hypothesis profile (tests/conftest.py)
FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

KEYS = [
    "query",
    "limit",
    "tags",
    "layer",
    "content",
    "confidence",
    "id",
    "helped",
    "note",
    "log_text",
    "profile",
    "evidence",
    "line",
    "lmit",
]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
ARGS = st.dictionaries(st.sampled_from(KEYS), JSON, max_size=5) | JSON


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AgentTools]:
    db = Database(Path(tmp_path_factory.mktemp("fuzz")) / "f.db")
    store = MemoryStore(db, actor="agent")
    store.add("hdc install fails with 9568320: sign the HAP", tags=["signing"])
    retriever = Retriever(store)
    yield AgentTools(db, store, retriever, env={})
    retriever.close()
    store.close()
    db.close()


@FUZZ
@given(tool=st.sampled_from(["recall", "remember", "feedback", "diagnose"]), raw=ARGS)
def test_any_arguments_give_an_answer_or_a_clear_error(
    tools: AgentTools, tool: str, raw: Any
) -> None:
    before = tools.store.count()
    try:
        args = check_arguments(tool, raw)
        if tool in ("remember", "feedback"):
            result, ids = getattr(tools, tool)(args, ("fuzz", "1"))
        else:
            result, ids = getattr(tools, tool)(args)
    except AgentInputError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert isinstance(result, dict) and all(isinstance(i, str) for i in ids)
    assert tools.store.count() == before  # no tool stores a memory by itself

"""A proposal an agent makes through a real ``hmdesk-cli mcp`` (driven by the SDK's stdio client)
appears in an open window's Review tab, and a person accepts it there; an edit and a rejection."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
from hmdesk.core.agent.proposals import Proposals
from hmdesk.gui.review.area import ReviewArea

from tests.fixtures.mcp_client import payload, session


@pytest.fixture
def area(qtbot, ctx):
    ctx.store.add("hdc install 9568320: the HAP is unsigned; sign it", tags=["signing"])
    a = ReviewArea(ctx)
    qtbot.addWidget(a)
    a.show()
    yield a
    a.shutdown()


def _propose(db: Path, content: str, out: dict[str, Any]) -> threading.Thread:
    async def main() -> None:
        async with session(db, name="claude-code", version="2.1.3") as s:
            out["result"] = payload(
                await s.call_tool("remember", {"content": content, "tags": ["hvigor"]})
            )

    t = threading.Thread(target=anyio.run, args=(main,), daemon=True)
    t.start()
    return t


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_proposal_appears_live_and_is_accepted_in_the_window(qtbot, ctx, area) -> None:
    panel = area.agent
    assert not panel.isVisibleTo(area)  # nothing waits yet
    got: dict[str, Any] = {}
    worker = _propose(Path(ctx.db.path), "hvigor needs NODE_HOME pointing at Node 18", got)
    qtbot.waitUntil(lambda: panel.list.count() == 1, timeout=30_000)
    worker.join(30)
    assert got["result"]["status"] == "pending"
    assert panel.isVisibleTo(area) and "Agent proposals (1)" in panel.title.text()
    assert "claude-code 2.1.3" in panel.list.item(0).text()
    assert "NODE_HOME" in panel.detail.text()
    before = ctx.store.count()
    panel.accept_button.click()
    qtbot.waitUntil(lambda: ctx.store.count() == before + 1, timeout=10_000)
    qtbot.waitUntil(lambda: not panel.isVisibleTo(area), timeout=10_000)
    (memory,) = [m for m in ctx.store.list() if "NODE_HOME" in m.content]
    assert ctx.store.history(memory.id)[0].reason == "agent-proposal 1 from claude-code 2.1.3"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_edit_and_reject_and_a_near_duplicate_named(qtbot, ctx, area) -> None:
    book = Proposals(ctx.db)
    (signing,) = ctx.store.list()
    book.file(content="first", tags=[], layer="semantic", confidence=0.5, client_name="codex")
    book.file(content="second", tags=[], layer="semantic", confidence=0.5, near=(signing.id, 0.8))
    panel = area.agent
    qtbot.waitUntil(lambda: panel.list.count() == 2, timeout=10_000)
    panel.editor = lambda _parent, text: text + " (checked by a person)"
    panel.list.setCurrentRow(0)
    panel.edit_button.click()
    qtbot.waitUntil(lambda: panel.list.count() == 1, timeout=10_000)
    assert any(m.content == "first (checked by a person)" for m in ctx.store.list())
    assert "Nearly repeats" in panel.detail.text() and signing.id in panel.detail.text()
    with qtbot.waitSignal(panel.memory_requested) as blocker:
        panel.detail.linkActivated.emit(f"memory:{signing.id}")
    assert blocker.args == [signing.id]
    panel.reject_button.click()
    qtbot.waitUntil(lambda: not panel.isVisibleTo(area), timeout=10_000)
    assert book.get(2).status == "rejected"

"""Agents' proposals: filed with the editor's rules, accepted (as is or edited) into one memory
with a reason naming the agent, rejected, never decided twice; auto-accept when the user lets it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core import config
from hmdesk.core.agent.proposals import ProposalError, Proposals, checked_input
from hmdesk.core.agent.tools import AgentInputError, AgentTools
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def tools(tmp_path: Path) -> Iterator[AgentTools]:
    db = Database(tmp_path / "p.db")
    store = MemoryStore(db, actor="agent")
    retriever = Retriever(store)
    yield AgentTools(db, store, retriever, env={})
    retriever.close()
    store.close()
    db.close()


CLIENT = ("codex", "0.50.0")


def test_a_proposal_waits_then_is_accepted_with_a_persons_edit(tools: AgentTools) -> None:
    out, ids = tools.remember({"content": "hdc file send wants absolute device paths"}, CLIENT)
    assert out["status"] == "pending" and ids == []
    assert tools.store.count() == 0  # nothing stored yet
    book = Proposals(tools.db)
    (p,) = book.list()
    assert p.client == "codex 0.50.0" and p.layer == "semantic" and p.confidence == 0.5
    done = book.accept(
        tools.store, p.id, content="hdc file send: absolute paths on the device", confidence=0.8
    )
    record = done.record
    assert done.anchor_note is None  # it named no file
    assert record.content.startswith("hdc file send: absolute") and record.confidence == 0.8
    (event,) = tools.store.history(record.id)
    assert event.reason == f"agent-proposal {p.id} from codex 0.50.0, edited by a person"
    assert book.get(p.id).status == "accepted" and book.get(p.id).memory_id == record.id
    with pytest.raises(ProposalError, match="already accepted"):
        book.accept(tools.store, p.id)
    with pytest.raises(ProposalError, match="already decided"):
        book.reject(p.id)
    assert book.list() == []


def test_reject_and_unknown(tools: AgentTools) -> None:
    tools.remember({"content": "x is y"}, CLIENT)
    book = Proposals(tools.db)
    assert book.reject(1).status == "rejected" and tools.store.count() == 0
    with pytest.raises(ProposalError, match="no agent proposal 99"):
        book.reject(99)


def test_an_edit_that_breaks_the_rules_leaves_the_proposal_waiting(tools: AgentTools) -> None:
    tools.remember({"content": "x is y"}, CLIENT)
    book = Proposals(tools.db)
    with pytest.raises(StoreError):
        book.accept(tools.store, 1, tags=["two words"])
    assert book.get(1).status == "pending" and tools.store.count() == 0


@pytest.mark.parametrize(
    "args, message",
    [
        ({"content": "   "}, "empty"),
        ({"content": "x", "layer": "working"}, "runtime-only"),
        ({"content": "x", "tags": ["a b"]}, "space"),
        ({"content": "x", "confidence": float("nan")}, "between 0 and 1"),
    ],
)
def test_bad_proposals_say_what_to_send(
    tools: AgentTools, args: dict[str, object], message: str
) -> None:
    with pytest.raises(AgentInputError, match=message):
        tools.remember(args, CLIENT)
    assert Proposals(tools.db).list() == []


def test_auto_accept_when_the_user_turned_it_on(tools: AgentTools) -> None:
    config.set_value("mcp_auto_accept", "on")
    out, ids = tools.remember({"content": "arkts: no any types", "tags": ["arkts"]}, CLIENT)
    assert out["status"] == "accepted" and ids == [out["memory_id"]]
    m = tools.store.get(out["memory_id"])
    assert m.source == "agent" and list(m.tags) == ["arkts"]


def test_checked_input_is_the_editors_rules() -> None:
    assert checked_input("  a  ", ["t", "t"], "world", 1) == ("  a  ", ["t"], "world", 1.0)


REAL = (
    Path(__file__).parents[2]
    / "data/arkts_corpus/samples/openharmony+applications_settings/feature/commonUikit"
    / "src/main/ets/component/DeviceNameItemComponent.ets"
)  # a real file of openharmony/applications_settings (source and licence in CORPUS.md)


@pytest.mark.parametrize(
    "line, note",
    [
        (277, "anchored to DeviceNameItemComponent.aboutToAppear (ets/Item.ets:273)"),
        (5, "not anchored: no struct, class, function or method at ets/Item.ets:5"),
        (None, "not anchored: ets/Item.ets comes with no line; anchor it from the Code tab"),
    ],
)
def test_an_accepted_proposal_is_anchored_at_the_line_it_named(
    tools: AgentTools, tmp_path: Path, line: int | None, note: str
) -> None:
    project = tmp_path / "app"
    (project / "ets").mkdir(parents=True)
    (project / "ets/Item.ets").write_bytes(REAL.read_bytes())
    args = {"content": "aboutToAppear reads item", "project": str(project), "file": "ets/Item.ets"}
    tools.remember({**args, "line": line} if line else args, CLIENT)
    done = Proposals(tools.db).accept(tools.store, 1)
    assert done.anchor_note == note
    assert tools.store.get(done.record.id) is not None  # kept, anchored or not
    anchors = AnchorStore(tools.db).for_memory(done.record.id)
    assert [a.symbol for a in anchors] == (
        ["DeviceNameItemComponent.aboutToAppear"] if line == 277 else []
    )

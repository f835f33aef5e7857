"""The ws: key of a query's text, and the workspace tag."""

from __future__ import annotations

from hmdesk.core.memory.retrieve.profile import HMHARNESS
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.workspace import split_workspace, workspace_of, workspace_tag


def test_the_key_leaves_the_text() -> None:
    assert split_workspace("ws:app hvigor build") == ("hvigor build", "app")
    assert split_workspace("hvigor ws:app") == ("hvigor", "app")
    assert split_workspace("ws:a ws:b x") == ("x", "b")
    assert split_workspace("news:app") == ("news:app", None)  # not at a word start
    assert split_workspace("ws: x") == ("ws: x", None)
    assert split_workspace("构建 ws:应用") == ("构建", "应用")


def test_a_query_takes_the_key_except_under_hmharness() -> None:
    q = Query("ws:app hvigor")
    assert (q.text, q.workspace) == ("hvigor", "app")
    assert Query("hvigor", workspace="lib").workspace == "lib"
    h = Query("ws:app hvigor", profile=HMHARNESS)
    assert (h.text, h.workspace) == ("ws:app hvigor", None)  # exactly hmharness's terms


def test_tags() -> None:
    assert workspace_tag("app") == "ws:app"
    assert workspace_of(("note", "ws:app")) == "app"
    assert workspace_of(("note", "ws:")) is None

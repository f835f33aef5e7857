"""The score's weights live in one table (``hmdesk.core.memory.retrieve.profile.WEIGHTS``): a
weight changed there reaches the CLI's JSON and table, the term explanation and the window's
breakdown, with no other copy to update. (The reference scan keeps its own literal copy, the
oracle: it is not asked here.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hmdesk.core.cli import main
from hmdesk.core.memory.retrieve.profile import WEIGHTS

from .conftest import search

TEXT = "hdc install 9568320"


def _expected(components: dict[str, dict[str, float]]) -> float:
    """The score from the raw values and the table, added in the formula's order."""
    out = components["confidence"]["raw"] * WEIGHTS["confidence"]
    out += components["recency"]["raw"] * WEIGHTS["recency"]
    return out + components["lexical"]["raw"] * WEIGHTS["lexical"]


def test_a_weight_changed_in_the_table_reaches_the_cli_the_explanation_and_the_window(
    loaded: Any, qtbot: Any, ctx: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    db = str(ctx.db.path)
    assert main(["query", TEXT, "--db", db, "--json"]) == 0
    before = json.loads(capsys.readouterr().out)["results"]
    monkeypatch.setitem(WEIGHTS, "recency", 0.3)
    monkeypatch.setitem(WEIGHTS, "lexical", 0.3)

    # the CLI's JSON: every weight, contribution and score from the changed table
    assert main(["query", TEXT, "--db", db, "--json"]) == 0
    after = json.loads(capsys.readouterr().out)["results"]
    assert after
    for r in after:
        comps = r["components"]
        assert {k: c["weight"] for k, c in comps.items()} == {
            "confidence": 0.4,
            "recency": 0.3,
            "lexical": 0.3,
        }
        assert r["score"] == _expected(comps)
        assert comps["lexical"]["contribution"] == comps["lexical"]["raw"] * 0.3
        # the explanation: each matched term's contribution is its share of the new weight
        for t in r["terms"]:
            assert t["contribution"] == (t["weight"] * 0.3 if t["matched"] else 0.0)
    assert [(r["id"], r["score"]) for r in after] != [(r["id"], r["score"]) for r in before]
    # the CLI's table heads its columns with the table's weights
    assert main(["query", TEXT, "--db", db]) == 0
    assert "0.3·rec" in capsys.readouterr().out

    # the window: its result and the breakdown the detail pane shows
    result = search(qtbot, loaded, TEXT)
    top = result.results[0]
    assert top.components["recency"].weight == 0.3 and top.components["lexical"].weight == 0.3
    assert top.score == (
        top.components["confidence"].raw * 0.4
        + top.components["recency"].raw * 0.3
        + top.components["lexical"].raw * 0.3
    )
    meta = loaded.detail.meta_view.toPlainText()
    assert "score = 0.4·confidence + 0.3·recency + 0.3·lexical" in meta

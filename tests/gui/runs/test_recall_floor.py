"""The failure card's recall floor: generic words alone never recall a pitfall."""

from __future__ import annotations

import pytest
from hmdesk.core.memory.recall_floor import recall_floor, weak_reason
from hmdesk.core.memory.retrieve import Query
from hmdesk.gui.context import build_context
from hmdesk.gui.runs.failure_card import FailureCard
from PySide6.QtCore import QSettings

# the doctor's terms for install code 9568320 (kind, code, 安装失败, first words of its meaning)
TERMS_9568320 = "signing 9568320 install 安装失败 no signature file."


@pytest.fixture
def ctx(tmp_path, qapp):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    c = build_context(tmp_path / "hmdesk.db", settings)
    add = c.store.add
    c.ids = {  # type: ignore[attr-defined]
        "signing": add(
            "Install failed with 9568320 no signature: the HAP is unsigned, add signingConfigs",
            tags=["signing", "install", "9568320"],
            confidence=0.8,
        ).id,
        "code-only": add("9568320 again: regenerate the debug certificate", confidence=0.8).id,
        "coffee": add("There is no coffee left in the kitchen", tags=["office"]).id,
        "config": add("Keep the config file small and documented", tags=["docs"]).id,
        "launch": add(
            "aa start failed 10104001: the ability does not exist",
            tags=["launch", "aa"],
            confidence=0.8,
        ).id,
    }
    yield c
    c.db.close()


def test_generic_words_alone_do_not_recall(ctx):
    raw = ctx.retriever.search(Query(text=TERMS_9568320, limit=20))
    raw_ids = [s.memory.id for s in raw.results]
    # the retriever itself returns the stray matches (tiny lexical scores) …
    assert ctx.ids["coffee"] in raw_ids and ctx.ids["config"] in raw_ids
    shown = recall_floor(raw, limit=5)
    ids = [s.memory.id for s in shown.results]
    # … the card does not: "no" / "file" / 失败 alone are not a reason
    assert ids[0] == ctx.ids["signing"]
    assert ctx.ids["code-only"] in ids  # the error code alone is: specific
    assert ctx.ids["coffee"] not in ids and ctx.ids["config"] not in ids
    assert ctx.ids["launch"] not in ids  # only "失败" and "no" in common
    weak = len(raw.results) - len(ids)
    assert weak >= 3 and shown.filtered["weak_match"] == weak
    assert "weak match" in shown.note
    # explanations untouched: the very ScoredMemory objects of the retriever
    assert all(any(s is r for r in raw.results) for s in shown.results)
    top = shown.results[0]
    assert {"confidence", "recency", "lexical"} <= set(top.components)
    assert any(tm.matched and tm.content_spans for tm in top.terms)


def test_reasons_and_floor(ctx):
    raw = ctx.retriever.search(Query(text=TERMS_9568320, limit=20))
    by_id = {s.memory.id: s for s in raw.results}
    n = len(raw.terms)
    assert "generic" in weak_reason(by_id[ctx.ids["coffee"]], n)
    assert weak_reason(by_id[ctx.ids["signing"]], n) is None
    assert weak_reason(by_id[ctx.ids["code-only"]], n) is None
    # few terms: no lexical floor, a strong word is enough
    two = ctx.retriever.search(Query(text="coffee kitchen", limit=5))
    assert [s.memory.id for s in recall_floor(two).results] == [ctx.ids["coffee"]]


def test_card_says_how_many_were_hidden(qtbot, ctx):
    card = FailureCard()
    qtbot.addWidget(card)
    card.show_finding("install", {"kind": "signing", "query_terms": TERMS_9568320.split()})
    card.set_recalled(recall_floor(ctx.retriever.search(Query(text=TERMS_9568320, limit=20))))
    assert card.row_for(ctx.ids["signing"]) is not None
    assert card.row_for(ctx.ids["coffee"]) is None
    assert "weak match" in card.recall_note.text()
    # nothing but weak matches: the card says so instead of showing them
    card.set_recalled(recall_floor(ctx.retriever.search(Query(text="no file", limit=20))))
    assert card.rows == [] and "weak match" in card.recall_note.text()

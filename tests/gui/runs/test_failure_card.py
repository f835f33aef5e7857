"""The failure card: a typed finding, recalled pitfalls, and readable under both palettes."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.memory.recall_floor import recall_floor
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.toolchain.finding import Finding
from hmdesk.gui.common.theme import DARK, LIGHT
from hmdesk.gui.runs.failure_card import EvidenceBox, FailureCard, split_location

from tests.gui.contrast import palettes, rendered_contrast

# the doctor's terms for install code 9568320 (kind, code, 安装失败, first words of its meaning)
TERMS_9568320 = "signing 9568320 install 安装失败 no signature file."


@pytest.fixture
def ctx(ctx):
    """The shared ``ctx`` (tests/gui/conftest.py) with a signing pitfall and two generic notes."""
    c = ctx
    add = c.store.add
    c.ids = {  # type: ignore[attr-defined]
        "signing": add(
            "Install failed with 9568320 no signature: the HAP is unsigned, add signingConfigs",
            tags=["signing", "install", "9568320"],
            confidence=0.8,
        ).id,
        "coffee": add("There is no coffee left in the kitchen", tags=["office"]).id,
        "config": add("Keep the config file small and documented", tags=["docs"]).id,
    }
    return c


def signing_finding() -> Finding:
    return Finding(
        kind="signing",
        evidence="error: failed to install bundle. code:9568320 no signature file.",
        fix="Add signingConfigs.",
        code="9568320",
        query_terms=TERMS_9568320.split(),
        location="entry/src/main/ets/pages/Index.ets:12:5",
        meaning="the HAP has no signature",
    )


def test_card_without_finding(qtbot):
    card = FailureCard()
    qtbot.addWidget(card)
    card.show_finding("launch", None, "error: failed to start ability.")
    assert "unclassified" in card.title.text()
    assert card.finding is not None and card.finding.kind == "unclassified"
    assert card.evidence.text() == "error: failed to start ability."
    assert "no search terms" in card.recall_note.text()
    card.set_recalled(None)
    assert card.rows == []


def test_card_shows_a_typed_finding_and_its_location(qtbot):
    card = FailureCard()
    qtbot.addWidget(card)
    card.show()
    card.show_finding("install", signing_finding())
    assert card.title.text() == "Install failed — signing (9568320)"
    assert "(the HAP has no signature)" in card.fix.text()
    assert "Index.ets" in card.location.text() and card.location.isVisibleTo(card)
    with qtbot.waitSignal(card.location_activated) as sig:
        card.location.linkActivated.emit("loc:entry/src/main/ets/pages/Index.ets:12:5")
    assert sig.args == ["entry/src/main/ets/pages/Index.ets", 12, 5]
    assert "searching memories for: signing 9568320" in card.recall_note.text()


def test_split_location():
    assert split_location("a.ets:3:4") == ("a.ets", 3, 4)
    assert split_location("C:/p/a.ets:3") == ("C:/p/a.ets", 3, 1)
    assert split_location("a.ets") == ("a.ets", 1, 1)


def test_a_row_says_which_terms_it_missed_next_to_lexical_1_00(qtbot, ctx):
    """Issue 32, confusing: cards said "lexical 1.00" next to terms they missed (a term in no
    memory weighs nothing, so the share reads 1.00). The signing pitfall has no "file" (its
    content says "signature" and "signingConfigs"); its row says so beside lexical."""
    card = FailureCard()
    qtbot.addWidget(card)
    terms = TERMS_9568320.split()
    card.show_finding("install", Finding(kind="signing", evidence="", fix="", query_terms=terms))
    card.set_recalled(recall_floor(ctx.retriever.search(Query(text=TERMS_9568320, limit=20))))
    (row,) = [r for r in card.rows if r.scored.memory.id == ctx.ids["signing"]]
    missed = [str(t.term) for t in row.scored.terms if not t.matched]
    assert "file" in missed
    said = f"of {len(row.scored.terms)} terms; missed {', '.join(missed)})"
    assert re.search(r"lexical [0-9.]+×[0-9.]+ \(\d+ " + re.escape(said), row.breakdown.text())


def test_card_says_how_many_were_hidden(qtbot, ctx):
    card = FailureCard()
    qtbot.addWidget(card)
    card.show_finding(
        "install", Finding(kind="signing", evidence="", fix="", query_terms=TERMS_9568320.split())
    )
    card.set_recalled(recall_floor(ctx.retriever.search(Query(text=TERMS_9568320, limit=20))))
    assert card.row_for(ctx.ids["signing"]) is not None
    assert card.row_for(ctx.ids["coffee"]) is None
    assert "weak match" in card.recall_note.text()
    # nothing but weak matches: the card says so instead of showing them
    card.set_recalled(recall_floor(ctx.retriever.search(Query(text="no file", limit=20))))
    assert card.rows == [] and "weak match" in card.recall_note.text()


@pytest.mark.parametrize("name", ["light", "dark"])
def test_card_is_readable_under_both_palettes(qtbot, ctx, name):
    card = FailureCard()
    qtbot.addWidget(card)
    card.resize(520, 600)
    card.show()
    card.show_finding("install", signing_finding())
    card.set_recalled(recall_floor(ctx.retriever.search(Query(text=TERMS_9568320, limit=20))))
    row = card.row_for(ctx.ids["signing"])
    assert row is not None
    card.setPalette(palettes()[name])  # after the card was built: re-themed on PaletteChange
    qtbot.waitUntil(lambda: card._theme is (DARK if name == "dark" else LIGHT))
    theme = DARK if name == "dark" else LIGHT
    assert card.fill == theme.card_bg and theme.card_title_fg in card.title.styleSheet()
    for widget in (
        card.title,
        card.evidence,
        card.fix,
        card.location,
        card.recall_title,
        card.recall_note,
        row.content,
    ):
        ratio = rendered_contrast(widget)
        assert ratio >= 4.5, (name, widget.objectName() or type(widget).__name__, ratio)


def test_card_reports_its_recall_with_the_run_and_has_helped_keys(qtbot, ctx):
    card = FailureCard()
    qtbot.addWidget(card)
    card.show_finding(
        "install", Finding(kind="signing", evidence="", fix="", query_terms=TERMS_9568320.split())
    )
    card.run_id = 12
    result = recall_floor(ctx.retriever.search(Query(text=TERMS_9568320, limit=20)))
    with qtbot.waitSignal(card.recalled) as got:
        card.set_recalled(result)
    assert got.args == [12, [s.memory.id for s in result.results]]
    row = card.row_for(ctx.ids["signing"])
    assert row is not None and row.helped_button.shortcut().toString() == "Alt+1"
    with qtbot.waitSignal(card.helped) as helped:
        row.helped_button.click()
    assert helped.args == [ctx.ids["signing"]]


def test_an_evidence_box_shows_every_wrapped_line_whole(qtbot):
    """Under X at 1024×700 the crash card's message ("TypeError: Cannot read property message
    of undefined") showed one line and half of the second: the box counted characters per line,
    and a word wraps whole. At every width the box is as tall as the lines it lays out."""
    box = EvidenceBox()
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    text = "TypeError: Cannot read property message of undefined"
    for width in range(260, 640, 6):
        box.resize(width, box.height())
        box.setText(text)
        qtbot.waitUntil(lambda w=width: box.width() == w)
        lines = box.document().firstBlock().layout().lineCount()
        assert lines >= 1
        assert box.verticalScrollBar().maximum() == 0, (width, lines, box.height())
        assert box.viewport().height() >= lines * box.fontMetrics().lineSpacing(), width

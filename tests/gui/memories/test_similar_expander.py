"""The "n similar" expander: near-duplicates folded into a result open as rows under it."""

from __future__ import annotations

from hmdesk.gui.memories.delegates import similar_badge, similar_label
from hmdesk.gui.memories.model import (
    COL_CONF,
    COL_CONTENT,
    COL_RANK,
    FOLDED_MARK,
    SimilarRole,
)
from PySide6.QtCore import QPoint, Qt

from .conftest import search

CLAIM = "hdc install fails with code:9568320 no signature file: the HAP is unsigned. Fix: add signingConfigs in build-profile.json5 and install the signed hap."
CLAIM_2 = "hdc install fails with code 9568320 (no signature file): the hap is unsigned. Fix: add signingConfigs to build-profile.json5, then install the signed HAP."
CLAIM_3 = "hdc install fails, code:9568320, no signature file: the HAP is unsigned; fix: add signingConfigs in build-profile.json5 and install the signed hap."


def _fill(ctx):
    kept = ctx.store.add(CLAIM, confidence=0.9).id
    ctx.store.add(CLAIM_2, confidence=0.8)
    ctx.store.add(CLAIM_3, confidence=0.7)
    other = ctx.store.add("hdc install 9568320 once more: reinstall after signing", confidence=0.2)
    return kept, other.id


def test_a_kept_row_opens_and_closes_its_similar_rows(ctx, area, qtbot, qtmodeltester):
    kept, _other = _fill(ctx)
    area.refresh()
    search(qtbot, area, "9568320 signature")
    model = area.model
    assert model.scored_at(0).memory.id == kept
    assert model.index(0, COL_CONTENT).data(SimilarRole) == (2, False)
    rows = model.rowCount()
    assert model.toggle_similar(0)
    assert model.rowCount() == rows + 2
    assert model.index(0, COL_CONTENT).data(SimilarRole) == (2, True)
    assert [model.index(r, COL_RANK).data() for r in (1, 2)] == [FOLDED_MARK, FOLDED_MARK]
    assert model.index(1, COL_CONTENT).data(SimilarRole) is None
    assert {model.scored_at(r).memory.content for r in (1, 2)} == {CLAIM_2, CLAIM_3}
    qtmodeltester.check(model)
    # sorting keeps the folded rows under their row
    model.sort(COL_CONF, Qt.SortOrder.AscendingOrder)
    at = model.row_of(kept)
    assert [model.index(r, COL_RANK).data() for r in (at + 1, at + 2)] == [FOLDED_MARK] * 2
    model.sort(COL_RANK, Qt.SortOrder.AscendingOrder)
    assert model.toggle_similar(1)  # from a folded row: closes its kept row
    assert model.rowCount() == rows
    assert not model.toggle_similar(model.row_of(_fill.__name__))  # no such row
    assert not model.toggle_similar(-1)


def test_click_and_keys_toggle_the_expander(ctx, area, qtbot):
    kept, _other = _fill(ctx)
    area.refresh()
    search(qtbot, area, "9568320 signature")
    model, table = area.model, area.table
    rows = model.rowCount()
    table.setCurrentIndex(model.index(0, COL_CONTENT))
    qtbot.keyClick(table, Qt.Key.Key_Plus)
    assert model.rowCount() == rows + 2
    qtbot.keyClick(table, Qt.Key.Key_Plus)  # already open: nothing
    assert model.rowCount() == rows + 2
    qtbot.keyClick(table, Qt.Key.Key_Minus)
    assert model.rowCount() == rows
    # a click on the badge drawn at the right of the content cell
    rect = table.visualRect(model.index(0, COL_CONTENT))
    from hmdesk.gui.memories.delegates import _small_font

    _font, fm = _small_font(table.font())
    badge = similar_badge(rect, fm, similar_label(2, False))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=badge.center())
    assert model.rowCount() == rows + 2
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() + 5, rect.center().y())
    )
    assert model.rowCount() == rows + 2  # elsewhere in the cell: only selects
    table.viewport().grab()  # paints the badge and the folded rows without error
    assert model.scored_at(0).memory.id == kept

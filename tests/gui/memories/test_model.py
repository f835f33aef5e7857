"""The results model: Qt's model tester, sorting in the model."""

from __future__ import annotations

from hmdesk.gui.memories.model import COL_CONF, COL_SCORE
from PySide6.QtCore import Qt

from .conftest import search


def test_results_model_passes_the_model_tester(loaded, qtbot, qtmodeltester):
    search(qtbot, loaded, "hdc install")
    qtmodeltester.check(loaded.model)
    loaded.model.sort(COL_CONF, Qt.SortOrder.DescendingOrder)
    confs = [loaded.model.scored_at(r).memory.confidence for r in range(loaded.model.rowCount())]
    assert confs == sorted(confs, reverse=True)
    qtmodeltester.check(loaded.model)
    loaded.model.sort(COL_SCORE, Qt.SortOrder.AscendingOrder)
    scores = [loaded.model.scored_at(r).score for r in range(loaded.model.rowCount())]
    assert scores == sorted(scores, reverse=True)  # "ascending" rank = best first


def test_layer_and_env_cells_have_their_text_as_tooltip(loaded):
    """Narrow windows elide Layer and Env (issue 11 item 5): the tooltip has the whole text."""
    from hmdesk.gui.memories.model import COL_ENV, COL_LAYER
    from PySide6.QtCore import Qt

    model = loaded.model
    first = model.scored_at(0).memory
    tip = Qt.ItemDataRole.ToolTipRole
    assert model.index(0, COL_LAYER).data(tip) == first.layer
    assert model.index(0, COL_ENV).data(tip) == first.environment

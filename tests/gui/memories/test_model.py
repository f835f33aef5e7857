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

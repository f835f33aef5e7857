"""A result after a result: the rows change in place and the table is told of the visible ones a
band at a time (gui/memories/row_bands.py), keeping order, sort and selection."""

from __future__ import annotations

from hmdesk.gui.memories.model import COL_CONF, COL_RANK, ResultsModel
from hmdesk.gui.memories.row_bands import BAND_ROWS
from PySide6.QtCore import Qt

from .conftest import search, wait_idle


def _ids(model: ResultsModel) -> list[str]:
    return model.ids()


def test_a_second_result_swaps_the_rows_without_a_reset(loaded, qtbot, qtmodeltester):
    resets: list[int] = []
    changed: list[tuple[int, int]] = []
    loaded.model.modelReset.connect(lambda: resets.append(1))
    loaded.model.dataChanged.connect(lambda a, b, _r=(): changed.append((a.row(), b.row())))
    result = search(qtbot, loaded, "hdc install")
    assert resets == []
    # the rows are the result's, in its rank order
    assert _ids(loaded.model) == [s.memory.id for s in result.results]
    # the visible rows, a band at a time, top to bottom, none beyond what the table shows
    first, last = loaded.bands.visible_rows()
    assert changed, "the table was told of the new rows"
    assert changed[0][0] == first
    assert all(b - a + 1 <= BAND_ROWS for a, b in changed)
    assert [a for a, _b in changed] == sorted(a for a, _b in changed)
    assert max(b for _a, b in changed) == min(last, loaded.model.rowCount() - 1)
    qtmodeltester.check(loaded.model)


def test_fewer_and_more_rows_are_removed_and_inserted_at_the_end(loaded, qtbot, qtmodeltester):
    removed: list[tuple[int, int]] = []
    inserted: list[tuple[int, int]] = []
    loaded.model.rowsRemoved.connect(lambda _p, a, b: removed.append((a, b)))
    loaded.model.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    many = loaded.model.rowCount()
    narrow = search(qtbot, loaded, "hdc install")
    few = len(narrow.results)
    assert 0 < few < many
    assert removed == [(few, many - 1)]
    assert _ids(loaded.model) == [s.memory.id for s in narrow.results]
    wide = search(qtbot, loaded, "")
    assert inserted == [(few, len(wide.results) - 1)]
    assert _ids(loaded.model) == [s.memory.id for s in wide.results]
    qtmodeltester.check(loaded.model)


def test_the_sort_the_user_chose_is_kept_across_results(loaded, qtbot):
    loaded.table.sortByColumn(COL_CONF, Qt.SortOrder.DescendingOrder)
    search(qtbot, loaded, "hdc")
    model = loaded.model
    confs = [model.scored_at(r).memory.confidence for r in range(model.rowCount())]
    assert confs == sorted(confs, reverse=True)
    loaded.table.sortByColumn(COL_RANK, Qt.SortOrder.AscendingOrder)
    ranks = [int(model.display(r, COL_RANK)) for r in range(model.rowCount())]
    assert ranks == list(range(1, model.rowCount() + 1))


def test_the_selection_is_kept_by_id_when_rows_change_in_place(loaded, qtbot):
    # select a memory that the next result also has, at another row
    target = loaded.model.scored_at(5).memory
    loaded.select_ids([target.id], target.id)
    assert loaded.selected_ids() == [target.id]
    words = target.content.split()[:2]
    result = search(qtbot, loaded, " ".join(words))
    assert target.id in [s.memory.id for s in result.results]
    assert loaded.selected_ids() == [target.id]
    assert loaded.current_id() == target.id
    assert loaded.detail.memory is not None and loaded.detail.memory.id == target.id


def test_a_result_is_not_applied_until_its_rows_are_announced(loaded, qtbot):
    """result_applied (and the detail pane) come after the last band; meanwhile the area
    counts as searching, so nothing waits on a half-drawn result."""
    order: list[str] = []
    loaded.bands.finished.connect(lambda: order.append("bands"))
    loaded.result_applied.connect(lambda _r: order.append("applied"))
    bar = loaded.query_bar
    bar.text.setText("hilog")
    bar.emit_now()
    qtbot.waitUntil(lambda: loaded.bands.pending() or "bands" in order, timeout=10_000)
    if loaded.bands.pending():
        assert loaded.is_searching()
    wait_idle(qtbot, loaded)
    assert order == ["bands", "applied"]


def test_a_new_result_drops_the_bands_of_the_one_before(loaded, qtbot):
    search(qtbot, loaded, "hdc")
    loaded.bands.start()
    assert loaded.bands.pending()
    loaded.bands.cancel()
    assert not loaded.bands.pending()
    result = search(qtbot, loaded, "hvigor")
    assert _ids(loaded.model) == [s.memory.id for s in result.results]

"""The first look (gui/memories/preview.py) and a first result: the rows are empty cells at
first and shown a band per event-loop turn; the first look says when it is all painted."""

from __future__ import annotations

from hmdesk.gui.memories.model import COL_CONTENT, COL_LAYER, ResultsModel
from hmdesk.gui.memories.preview import PreviewPane
from PySide6.QtCore import Qt

from .conftest import search, wait_idle


def test_hidden_rows_show_nothing_until_shown(loaded):
    model = ResultsModel()
    model.set_result(loaded.result, hidden=True)
    n = model.rowCount()
    assert n == len(loaded.result.results)  # the rows are there (selection, ids)
    assert model.ids() == [s.memory.id for s in loaded.result.results]
    assert model.index(0, COL_LAYER).data() is None
    model.show_through(2)
    assert model.index(2, COL_LAYER).data() == loaded.result.results[2].memory.layer
    assert model.index(3, COL_LAYER).data() is None
    assert model.hidden_from() == 3
    model.show_through(None)
    assert model.hidden_from() is None
    assert model.index(n - 1, COL_CONTENT).data(Qt.ItemDataRole.ToolTipRole)


def test_a_first_result_shows_every_row_once_applied(area, qtbot):
    area.importer.load_starter_pack()
    wait_idle(qtbot, area)
    assert area.model.hidden_from() is None
    first = area.model.scored_at(0).memory
    assert area.model.index(0, COL_LAYER).data() == first.layer
    search(qtbot, area, "hdc")
    assert area.model.hidden_from() is None


def test_the_first_look_paints_its_rows_in_bands_then_says_so(loaded, qtbot):
    pane = PreviewPane(loaded.result)
    qtbot.addWidget(pane)
    pane.resize(1000, 600)
    assert pane.model.hidden_from() == 0  # nothing drawn yet
    with qtbot.waitSignal(pane.painted, timeout=5000):
        pane.show()
    assert pane.model.hidden_from() is None
    assert not pane.bands.pending()
    first = loaded.result.results[0].memory
    assert pane.model.index(0, COL_LAYER).data() == first.layer


def test_the_first_look_rows_are_built_on_the_worker(tmp_path, settings):
    from hmdesk.core.db import Database
    from hmdesk.core.memory.search_index.maintain import ensure_current
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.gui.memories.preview import first_look_query, first_look_rows

    path = tmp_path / "m.db"
    db = Database(path)
    store = MemoryStore(db)
    try:
        store.add("hdc install fails with 9568320", tags=["t"])
        ensure_current(db, force=True)
    finally:
        store.close()
        db.close()
    query = first_look_query(settings)
    assert query is not None
    look = first_look_rows(path, query)
    assert look is not None
    result, rows = look
    assert rows.result is result and len(rows.rows) == len(result.results) == 1
    assert first_look_rows(tmp_path / "missing.db", query) is None

"""The area itself: results shown with the hard-filter footer, the selection kept, and the
store listener released when the widget goes away."""

from __future__ import annotations

from hmdesk.gui.memories.model import COL_CONF
from PySide6.QtCore import Qt, QThreadPool

from .conftest import search, wait_idle

UNSIGNED = "starter-hap-unsigned-9568320"


def test_hard_filter_line(loaded, qtbot):
    result = search(qtbot, loaded, "install", layer="episodic")
    assert all(s.memory.layer == "episodic" for s in result.results)
    assert "by layer" in loaded.footer.text()
    search(qtbot, loaded, "install", layer="any")


def test_sorting_keeps_the_selection(loaded, qtbot):
    search(qtbot, loaded, "install")
    loaded.select_id(UNSIGNED)
    loaded.table.sortByColumn(COL_CONF, Qt.SortOrder.AscendingOrder)
    assert loaded.selected_ids() == [UNSIGNED]
    assert loaded.current_id() == UNSIGNED


def test_area_deleted_without_shutdown_stops_listening(ctx, qtbot):
    from hmdesk.gui.memories.area import MemoriesArea
    from PySide6.QtCore import QCoreApplication, QEvent

    area = MemoriesArea(ctx)
    wait_idle(qtbot, area)
    cleanup = area.cleanup
    area.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: cleanup.unlisten is None)
    ctx.store.add("a change after the area is gone", tags=["x"])  # must not call into it
    assert cleanup.warming.closed  # the background index build stops too


def test_footer_legend_uses_the_bar_colours(loaded, qtbot):
    from hmdesk.gui.common.explanation import component_color
    from hmdesk.gui.common.theme import theme_for
    from PySide6.QtGui import QPalette

    search(qtbot, loaded, "hilog")
    base = loaded.table.palette().color(QPalette.ColorRole.Base)
    for name in ("confidence", "recency", "lexical"):
        colour = component_color(name, theme_for(loaded.table), base).name()
        assert colour in loaded.footer.text() and name in loaded.footer.text()
    assert "semantic" not in loaded.footer.text()  # the default profile has no semantic part


def test_footer_legend_follows_a_live_theme_change(loaded, qtbot):
    """Preferences › Theme switches the palette live: the legend takes the new colours at once
    (it used to read the table's palette before the table had the new one)."""
    from hmdesk.gui.common.explanation import component_color
    from hmdesk.gui.common.theme import DARK, LIGHT, dark_palette
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    search(qtbot, loaded, "hilog")
    app = QApplication.instance()
    light = app.palette()
    dark_base = dark_palette().color(QPalette.ColorRole.Base)
    try:
        app.setPalette(dark_palette())
        want = component_color("lexical", DARK, dark_base).name()
        qtbot.waitUntil(lambda: want in loaded.footer.text())
        assert (
            component_color("lexical", LIGHT, light.color(QPalette.ColorRole.Base)).name() != want
        )
    finally:
        app.setPalette(light)


def test_result_rows_are_built_on_the_worker_not_the_gui_thread(loaded, qtbot, monkeypatch):
    """Applying a result only swaps the rows the searching worker built (building 200 rows
    on the GUI thread was a 13 ms stall per result at 100k memories)."""
    import threading

    from hmdesk.gui.memories import model as model_mod

    threads: list[bool] = []
    real_init = model_mod._Row.__init__

    def spy(self, rank, scored):
        threads.append(threading.current_thread() is threading.main_thread())
        real_init(self, rank, scored)

    monkeypatch.setattr(model_mod._Row, "__init__", spy)
    search(qtbot, loaded, "hdc install")
    assert loaded.model.rowCount() > 0 and loaded.result.query.text == "hdc install"
    assert threads and not any(threads), "rows were built on the GUI thread"


def test_the_detail_pane_follows_the_table_in_its_own_turn(loaded, qtbot):
    """A result draws the table first and fills the detail pane in the next event-loop turn
    (both in one turn stalled typing for 60-90 ms at 100k memories), or after the table's
    rows when they are repainted a few per turn (row_bands); result_applied comes when both
    are on screen, and an idle wait covers the pending half."""
    seen: list[tuple[bool, bool]] = []
    loaded.searcher.result_ready.connect(
        lambda _r: seen.append(
            (
                loaded._detail_timer.isActive() or loaded.bands.pending(),
                loaded.is_searching(),
            )
        )
    )
    with qtbot.waitSignal(loaded.result_applied, timeout=5000) as applied:
        search(qtbot, loaded, "hilog")
    assert seen and seen[-1] == (True, True)  # the table is set, the detail pane is pending
    result = applied.args[0]
    assert result is loaded.result and not loaded.is_searching()
    shown = loaded.detail.memory
    assert shown is not None and shown.id == loaded.current_id()


def test_a_query_bar_built_beforehand_becomes_the_areas(ctx, qtbot):
    """App start builds the query bar in an event-loop turn of its own, then the area."""
    from hmdesk.gui.memories.area import MemoriesArea
    from hmdesk.gui.memories.query_bar import QueryBar

    bar = QueryBar()
    area = MemoriesArea(ctx, query_bar=bar)
    qtbot.addWidget(area)
    area.show()
    assert area.query_bar is bar and bar.parentWidget() is area and bar.isVisible()
    wait_idle(qtbot, area)
    area.importer.load_starter_pack()
    wait_idle(qtbot, area)
    result = search(qtbot, area, "hilog")  # typed into that bar, searched by this area
    assert result.query.text == "hilog" and result.results
    area.shutdown()
    QThreadPool.globalInstance().waitForDone(10_000)

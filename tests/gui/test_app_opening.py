"""App start, the parts that keep the window responsive while it opens (gui/app.py): the cyclic
GC paused until the first result, the store opened after the first look is painted, the
Memories area built in a turn of its own, the modules imported on workers."""

from __future__ import annotations

import gc
import sys

import pytest
from hmdesk.gui import app as hmapp
from hmdesk.gui.main_window import MainWindow
from hmdesk.gui.memories.area import MemoriesArea

from .memories.conftest import wait_idle


@pytest.fixture
def gc_back():
    was = gc.isenabled()
    yield
    if was:
        gc.enable()


def test_the_gc_is_paused_until_the_first_result(ctx, qtbot, gc_back):
    window = MainWindow(None, settings=ctx.settings)
    qtbot.addWidget(window)
    hmapp.pause_gc_while_opening(window)
    assert not gc.isenabled()
    window.show()
    with qtbot.waitSignal(window.context_ready, timeout=10_000):
        window.set_context(ctx, later_areas=True)
    assert window.memories is not None
    with qtbot.waitSignal(window.memories.result_applied, timeout=10_000):
        pass
    assert gc.isenabled()
    window.close()


def test_the_gc_is_not_touched_when_it_was_off(qtbot, gc_back):
    gc.disable()
    window = MainWindow(None)
    qtbot.addWidget(window)
    hmapp.pause_gc_while_opening(window)
    window.context_ready.emit()  # no area: what resumes a paused collector
    assert not gc.isenabled()  # someone else turned it off: still off


def test_a_window_without_areas_resumes_the_gc(qtbot, gc_back):
    window = MainWindow(None)
    qtbot.addWidget(window)
    hmapp.pause_gc_while_opening(window)
    assert not gc.isenabled()
    window.context_ready.emit()
    assert gc.isenabled()


def test_set_context_takes_a_memories_area_built_before(ctx, qtbot):
    window = MainWindow(None, settings=ctx.settings)
    qtbot.addWidget(window)
    window.show()
    area = MemoriesArea(ctx, window.tabs)
    assert area.is_searching()  # its first search is queued for the next turn
    window.set_context(ctx, later_areas=True, memories=area)
    assert window.memories is area
    assert window.tabs.widget(0) is area and window.tabs.count() == 5
    assert [window.tabs.tabText(i) for i in range(4)] == ["Memories", "Runs", "Devices", "Code"]
    wait_idle(qtbot, area)
    assert area.result is not None
    window.close()


def test_the_opening_worker_imports_what_the_area_needs(tmp_path, monkeypatch):
    for name in ("hmdesk.core.codeindex.anchors", "hmdesk.core.memory.semantic.local"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    db, store, retriever = hmapp.open_for_window(str(tmp_path / "m.db"))
    try:
        assert store.count() == 0
        assert "hmdesk.core.codeindex.anchors" in sys.modules
        assert "hmdesk.core.memory.semantic.local" in sys.modules
        assert "hmdesk.gui.memories.area" in sys.modules
    finally:
        retriever.close()
        store.close()
        db.close()


def test_the_widget_enums_are_made_ahead(qapp):
    from PySide6.QtWidgets import QGraphicsView

    hmapp.make_widget_enums()
    assert "ViewportAnchor" in vars(QGraphicsView)
    assert QGraphicsView.ViewportAnchor.AnchorViewCenter.name == "AnchorViewCenter"

"""Screen & layout against the fake hdc's device: refresh, the two-way selection between the
tree and the picture, taps and swipes (and a device that refuses them: no uitest, a locked
screen), auto-refresh (off by default, bounded), the code links and saving/reopening a dump."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.gui.devices.inspector import InspectorView
from PySide6.QtCore import QPoint, Qt

from tests.fixtures.fake_tools import FAKE_HDC_KEY

REAL = Path(__file__).resolve().parents[2] / "data/device/hmdriver2_hierarchy_excerpt.json"


def make(qtbot, ctx, project=None, key=FAKE_HDC_KEY):
    view = InspectorView(ctx, lambda: key, lambda: project)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    return view


def refreshed(qtbot, view):
    with qtbot.waitSignal(view.refreshed, timeout=30_000):
        view.refresh()


def test_refresh_select_both_ways_and_code_links(qtbot, ctx, fake_tools, tmp_path):
    fake_tools.device_root()
    project = tmp_path / "app"
    page = project / "entry/src/main/ets/pages/Index.ets"
    page.parent.mkdir(parents=True)
    page.write_text(
        "@Entry\n@Component\nstruct Index {\n  build() {\n    Text('idTest').id('idTest')\n  }\n}\n"
    )
    view = make(qtbot, ctx, str(project))
    assert not view.auto.isChecked() and not view.timer.isActive()  # off by default
    refreshed(qtbot, view)
    assert not view.canvas.image.isNull() and view.layout_tree is not None
    assert len(view.layout_tree.nodes) == 10 and "10 components, " in view.status.text()
    # tree → picture: the node is outlined
    target = next(n for n in view.layout_tree.nodes if n.id == "idTest")
    view.select(target.index)
    assert view.canvas.outline == (0, 237, 93, 275)
    details = view.details.toPlainText()
    assert "idTest" in details and "entry/src/main/ets/pages/Index.ets:5" in details
    assert view._items[target.index].text(1) == "Index.ets:5"
    # picture → tree: a click inside the Scroll selects it
    scroll = next(n for n in view.layout_tree.nodes if n.id == "scroll_test")
    at = view.canvas.to_widget(scroll.bounds).center()
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=at)
    assert view.selected_node() is scroll
    # a code link opens the file at its line
    with qtbot.waitSignal(view.location_activated) as sig:
        view._link("code:entry/src/main/ets/pages/Index.ets:5")
    assert sig.args == ["entry/src/main/ets/pages/Index.ets", 5]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_taps_swipes_and_a_device_without_uitest(qtbot, ctx, fake_tools):
    fake_tools.device_root()
    view = make(qtbot, ctx)
    refreshed(qtbot, view)
    view.taps.setChecked(True)
    rect = view.canvas.target()
    with qtbot.waitSignal(view.refreshed, timeout=30_000):  # a tap refreshes after
        qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center())
    argvs = [c["argv"][3:6] for c in fake_tools.calls("hdc")]
    assert ["uitest", "uiInput", "click"] in argvs
    a, b = rect.center(), rect.center() - QPoint(0, rect.height() // 3)
    qtbot.mousePress(view.canvas, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseRelease(view.canvas, Qt.MouseButton.LeftButton, pos=b)
    qtbot.waitUntil(
        lambda: any(
            c["argv"][3:6] == ["uitest", "uiInput", "swipe"] for c in fake_tools.calls("hdc")
        )
    )
    fake_tools.hdc_scenario("one-device", "no-uitest")
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: "no uitest" in view.status.text(), timeout=15_000)
    fake_tools.hdc_scenario("one-device", "screen-locked")
    taps = sum(1 for c in fake_tools.calls("hdc") if "uiInput" in c["argv"])
    qtbot.mouseClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: "The screen is locked" in view.status.text(), timeout=15_000)
    assert sum(1 for c in fake_tools.calls("hdc") if "uiInput" in c["argv"]) == taps


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_auto_refresh_is_bounded_and_a_missing_device_is_said(qtbot, ctx, fake_tools):
    fake_tools.device_root()
    view = make(qtbot, ctx)
    view.every.setValue(2)
    assert view.timer.interval() == 2000
    view.auto.setChecked(True)
    assert view.timer.isActive()
    with qtbot.waitSignal(view.refreshed, timeout=30_000):
        pass
    view.busy = True  # a refresh still running: the tick is skipped, none piles up
    calls = len(fake_tools.calls("hdc"))
    view._tick()
    assert len(fake_tools.calls("hdc")) == calls
    view.busy = False
    view.auto.setChecked(False)
    assert not view.timer.isActive()
    none = make(qtbot, ctx, key="")
    none.refresh()
    assert "Choose a connected device" in none.status.text()


def test_save_and_reopen_offline(qtbot, ctx, fake_tools, tmp_path, monkeypatch):
    """Saved: the dump and its screenshot beside it. Reopened with no device: the tree, the
    picture (a component picked on it) and the code links, as a refresh showed them."""
    fake_tools.device_root()
    project = tmp_path / "app"
    page = project / "entry/src/main/ets/pages/Index.ets"
    page.parent.mkdir(parents=True)
    page.write_text(
        "@Entry\n@Component\nstruct Index {\n  build() {\n    Text('idTest').id('idTest')\n  }\n}\n"
    )
    view = make(qtbot, ctx, str(project))
    refreshed(qtbot, view)
    out = tmp_path / "saved.json"
    monkeypatch.setattr(view, "ask_save_path", lambda: str(out))
    view.save_dialog()
    qtbot.waitUntil(lambda: "its screenshot" in view.status.text())
    assert json.loads(out.read_text()) == json.loads(REAL.read_text())
    assert (tmp_path / "saved.jpeg").is_file()  # snapshot_display's picture, beside it
    other = make(qtbot, ctx, str(project), key="")
    other.open_file(str(out))
    qtbot.waitUntil(lambda: other.layout_tree is not None)
    assert len(other.layout_tree.nodes) == 10 and "offline" in other.status.text()
    assert "saved.jpeg" in other.status.text() and not other.canvas.image.isNull()
    text = other.layout_tree.node_at(40, 250)  # the idTest Text (SOURCES.md)
    assert text is not None and other.links[text.index].line == 5
    other.canvas.clicked.emit(40, 250)  # picked on the picture, offline
    assert other.selected_node() is text
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    other.open_file(str(bad))
    qtbot.waitUntil(lambda: "Could not open" in other.status.text())

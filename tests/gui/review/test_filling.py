"""SlicedFill: the Review list filled a slice per turn of the event loop."""

from __future__ import annotations

from hmdesk.gui.review.filling import SlicedFill
from PySide6.QtWidgets import QListWidget


def _texts(view: QListWidget) -> list[str]:
    return [view.item(i).text() for i in range(view.count())]


def test_rows_come_in_slices_first_then_listed_then_done(qtbot):
    view = QListWidget()
    qtbot.addWidget(view)
    fill = SlicedFill(view)
    fill.slice_size = 3
    events: list[object] = []
    fill.first.connect(lambda: events.append(("first", view.count())))
    fill.listed.connect(lambda d, t: events.append((d, t)))
    fill.done.connect(lambda: events.append("done"))
    labels = [f"row {i}" for i in range(7)]
    with qtbot.waitSignal(fill.done, timeout=5_000):
        fill.start(list(labels))
        assert view.count() == 3 and fill.pending  # the first slice at once, the rest later
    assert events == [("first", 3), (3, 7), (6, 7), "done"]
    assert _texts(view) == labels and not fill.pending


def test_a_row_taken_out_meanwhile_keeps_the_rest_in_step(qtbot):
    view = QListWidget()
    qtbot.addWidget(view)
    fill = SlicedFill(view)
    fill.slice_size = 2
    with qtbot.waitSignal(fill.done, timeout=5_000):
        fill.start([f"row {i}" for i in range(5)])
        view.takeItem(1)
        fill.removed(1)
    assert _texts(view) == ["row 0", "row 2", "row 3", "row 4"]


def test_a_new_fill_or_stop_drops_the_one_under_way(qtbot):
    view = QListWidget()
    qtbot.addWidget(view)
    fill = SlicedFill(view)
    fill.slice_size = 2
    done: list[int] = []
    fill.done.connect(lambda: done.append(view.count()))
    fill.start([f"old {i}" for i in range(6)])
    with qtbot.waitSignal(fill.done, timeout=5_000):
        fill.start(["new 0", "new 1", "new 2"])
    assert _texts(view) == ["new 0", "new 1", "new 2"] and done == [3]
    fill.start([f"x {i}" for i in range(6)])
    fill.stop()
    qtbot.wait(50)  # a few turns of the event loop: nothing more is added
    assert view.count() == 2 and done == [3]

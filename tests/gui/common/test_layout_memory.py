"""Splitters and columns as the user left them, from one session to the next."""

from __future__ import annotations

from hmdesk.gui.common.layout_memory import restore_layout, save_layout
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QSplitter, QTableWidget, QVBoxLayout, QWidget


def _area(qtbot) -> tuple[QWidget, QSplitter, QTableWidget]:
    area = QWidget()
    qtbot.addWidget(area)
    split = QSplitter(Qt.Orientation.Horizontal, area)
    split.setObjectName("someSplitter")
    table = QTableWidget(3, 3, split)
    table.setObjectName("someTable")
    split.addWidget(table)
    split.addWidget(QLabel("detail", split))
    QVBoxLayout(area).addWidget(split)
    area.resize(800, 400)
    area.show()
    return area, split, table


def test_a_named_splitter_and_table_columns_come_back(qtbot, settings: QSettings):
    area, split, table = _area(qtbot)
    split.setSizes([600, 200])
    table.horizontalHeader().resizeSection(1, 333)
    save_layout(area, settings)
    again, split2, table2 = _area(qtbot)
    assert split2.sizes() != split.sizes()
    restore_layout(again, settings)
    assert split2.sizes() == split.sizes()
    assert table2.horizontalHeader().sectionSize(1) == 333


def test_the_window_keeps_the_code_and_review_splitters(ctx, qtbot):
    """Issue 32, requirement 4: the window, its splitters and column widths restored."""
    from hmdesk.gui.main_window import MainWindow
    from PySide6.QtCore import QThreadPool
    from PySide6.QtWidgets import QSplitter

    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    w.build_other_areas()
    code = w.code.findChild(QSplitter, "codeSplitter")
    review = w.review.findChild(QSplitter, "reviewSplitter")
    w.tabs.setCurrentWidget(w.code)
    code.setSizes([200, 900])
    w.tabs.setCurrentWidget(w.review)
    review.setSizes([500, 600])
    want = (code.sizes(), review.sizes())
    size = w.size()
    close_window(w)
    w2 = MainWindow(ctx)
    qtbot.addWidget(w2)
    w2.resize(size)  # the offscreen screen is smaller than the window was: its size as it was
    w2.show()
    w2.build_other_areas()
    got = []
    for area, name in ((w2.code, "codeSplitter"), (w2.review, "reviewSplitter")):
        w2.tabs.setCurrentWidget(area)
        qtbot.waitExposed(area)
        got.append(area.findChild(QSplitter, name).sizes())
    assert tuple(got) == want
    w2.close()
    QThreadPool.globalInstance().waitForDone(10_000)

"""The hilog table: cells painted by LogDelegate from the model's cache, paints as GUI busy spells."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.hilog.parse import parse_line
from hmdesk.gui.runs.hilog.feed import GUI_BUSY, GuiGate
from hmdesk.gui.runs.hilog.model import DISPLAY_ROLE, FG_ROLE, FONT_ROLE
from hmdesk.gui.runs.hilog.view import HilogView
from PySide6.QtCore import QItemSelectionModel

INFO = "11-29 20:00:00.{ms:03d}  5394  5394 I A03200/com.example.hello/testTag: frame {i}"
ERROR = "11-29 20:00:00.{ms:03d}  1197  1210 E C01406/render_service/OHOS::RS: vsync {i}"


def make(n: int) -> list:
    return [parse_line((ERROR if i % 4 == 0 else INFO).format(ms=i % 1000, i=i)) for i in range(n)]


@pytest.fixture
def view(qtbot):
    v = HilogView(capacity=1000)
    qtbot.addWidget(v)
    v.resize(1000, 500)
    v.show()
    yield v
    v.shutdown()


def test_cells_are_painted_from_the_model_cache_while_the_gui_is_busy(qtbot, view, monkeypatch):
    view.push_lines(make(40))
    qtbot.waitUntil(lambda: view.model.shown == 40)
    model, seen = view.model, []
    real = model.cell

    def spy(row: int, col: int):
        seen.append((row, col, GUI_BUSY.is_busy))
        return real(row, col)

    monkeypatch.setattr(model, "cell", spy)
    view.table.viewport().grab()  # a synchronous paint through the delegate
    assert seen and all(busy for _r, _c, busy in seen)
    assert {c for _r, c, _b in seen} == set(range(8))  # every column of the rows on screen
    assert not GUI_BUSY.is_busy  # the spell ended with the paint


def test_cell_has_the_roles_the_standard_delegate_had(view, qtbot):
    view.push_lines(make(2))
    qtbot.waitUntil(lambda: view.model.shown == 2)
    err_pid, info_tag = view.model.cell(0, 1), view.model.cell(1, 6)
    assert err_pid is not None and info_tag is not None
    assert err_pid[DISPLAY_ROLE] == "1197" and FONT_ROLE in err_pid and FG_ROLE in err_pid
    assert info_tag[DISPLAY_ROLE] == "testTag" and FONT_ROLE not in info_tag
    assert view.model.cell(2, 0) is None and view.model.cell(0, 8) is None  # outside the view


def test_selected_rows_and_eliding(view, qtbot):
    view.push_lines(make(10))
    qtbot.waitUntil(lambda: view.model.shown == 10)
    table = view.table
    table.scrollToTop()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    table.selectionModel().select(view.model.index(2, 0), flags)
    table.delegate.prepare(table)
    assert table.delegate.selected_rows == {2}
    d = table.delegate
    assert d.fit("short", 500) == "short"
    long = d.fit("x" * 500, 100)
    assert long.endswith("…") and len(long) < 500
    assert d.fit("日本語のメッセージ" * 20, 80).endswith("…")  # non-ASCII: measured


def test_gui_gate_nests_and_bounds_the_wait():
    gate = GuiGate(max_wait=0.01)
    assert gate.wait() and not gate.is_busy
    gate.busy()
    gate.busy()
    gate.idle()
    assert gate.is_busy and not gate.wait()  # still busy: the wait gave up at max_wait
    gate.idle()
    assert not gate.is_busy and gate.wait()
    gate.idle()  # an extra idle never goes below zero
    gate.busy()
    assert gate.is_busy
    gate.idle()


def test_fixed_pitch_is_measured(qtbot):
    from hmdesk.gui.runs.hilog.table import fixed_advance
    from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics

    mono = QFontMetrics(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    proportional = QFont("Sans")
    assert fixed_advance(mono) == mono.horizontalAdvance("M" * 64) / 64 > 0
    if QFontMetrics(proportional).horizontalAdvance("i") != QFontMetrics(
        proportional
    ).horizontalAdvance("W"):
        assert fixed_advance(QFontMetrics(proportional)) == 0.0


def _differing(a, b) -> int:
    """Pixels of ``a`` equal to none of the pixels of ``b`` at the same place or one row above
    or below: the fonts a machine has may put the baseline a pixel higher or lower in one of the
    two ways of drawing, while colours, bold, alignment and backgrounds must still match."""
    import numpy as np
    from PySide6.QtGui import QImage

    def arr(img):
        img = img.convertToFormat(QImage.Format.Format_ARGB32)
        rows = np.frombuffer(img.constBits(), np.uint32).reshape(img.height(), -1)
        return rows[:, : img.width()].copy()

    x, y = arr(a), arr(b)
    same = x == y
    same[1:] |= x[1:] == y[:-1]
    same[:-1] |= x[:-1] == y[1:]
    return int((~same).sum())


def test_paint_matches_the_standard_delegate(qtbot, view):
    """The same table drawn by LogDelegate and by Qt's delegate: nearly the same pixels
    (colours, bold, right-aligned pids, baseline), a row selected."""
    from PySide6.QtWidgets import QStyledItemDelegate

    view.push_lines(make(30))
    qtbot.waitUntil(lambda: view.model.shown == 30)
    table = view.table
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    table.selectionModel().select(view.model.index(27, 0), flags)
    table.scrollToBottom()
    ours = table.viewport().grab().toImage()
    table.setItemDelegate(QStyledItemDelegate(table))
    qt = table.viewport().grab().toImage()
    assert ours.size() == qt.size()
    differing = _differing(ours, qt)
    assert differing < ours.width() * ours.height() * 0.03

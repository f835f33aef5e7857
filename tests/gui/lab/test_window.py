"""The Recall lab window: run two profiles on a set, regressions first, both rankings of a
query, labelling from the window and saving the set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.memory.lab import LabelledQuery, LabelledSet, load_set
from hmdesk.gui.context import AppContext
from hmdesk.gui.lab.window import RecallLabWindow
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QMessageBox

NOW = "2026-11-29T12:00:00.000Z"


@pytest.fixture
def lab(ctx: AppContext, qtbot) -> RecallLabWindow:
    ctx.store.add("hvigor build fails on Windows paths", id="A", tags=["build"], timestamp=NOW)
    ctx.store.add("hdc install fails: unsigned HAP", id="B", tags=["install"], timestamp=NOW)
    ctx.store.add("hilog hides values as <private>", id="C", tags=["hilog"], timestamp=NOW)
    w = RecallLabWindow(ctx)
    qtbot.addWidget(w)
    yield w
    QThreadPool.globalInstance().waitForDone(10_000)
    w.dirty = False  # nothing to ask on the way out


def small_set() -> LabelledSet:
    return LabelledSet(
        [
            LabelledQuery("hdc install", ("B",)),
            LabelledQuery("构建 失败", ("A",)),  # default's glossary finds it, hmharness does not
            LabelledQuery("hilog", ()),  # unjudged until labelled here
        ],
        source="small",
    )


def run(lab: RecallLabWindow, qtbot) -> None:
    with qtbot.waitSignal(lab.evaluated, timeout=20_000):
        lab.run_button.click()


def test_runs_both_profiles_and_puts_regressions_first(lab: RecallLabWindow, qtbot) -> None:
    lab.set_labelled_set(small_set())
    lab.profile_a.setCurrentText("default")
    lab.profile_b.setCurrentText("hmharness")  # B loses the glossary: query 2 breaks
    run(lab, qtbot)
    assert lab.evaluation is not None and list(lab.evaluation.profiles) == ["default", "hmharness"]
    assert "default: recall@5 1.0000" in lab.summary.text()
    assert "hmharness against default" in lab.summary.text() and "broken 1" in lab.summary.text()
    assert lab.row_order() == [1, 0, 2]
    assert lab.queries.item(0, 1).text() == "构建 失败"
    assert [lab.queries.item(0, c).text() for c in (2, 3, 4)] == ["1", "—", "broken"]
    assert lab.queries.item(2, 2).text() == "unjudged"
    lab.regressions_first.setChecked(False)
    assert lab.queries.item(0, 1).text() == "hdc install"


def test_a_query_shows_both_rankings_with_explanations(lab: RecallLabWindow, qtbot) -> None:
    lab.set_labelled_set(small_set())
    lab.profile_a.setCurrentText("hmharness")
    lab.profile_b.setCurrentText("default")
    run(lab, qtbot)
    lab.queries.selectRow(lab.row_order().index(1))
    a, b = lab.rankings
    assert a.topLevelItemCount() == 0  # hmharness finds nothing for 构建 失败
    assert b.topLevelItemCount() >= 1
    top = b.topLevelItem(0)
    assert top.text(2) == "✓" and top.text(3).startswith("A  hvigor build")
    assert "lexical" in top.toolTip(3) and "+构建" in top.toolTip(3)
    assert lab.rank_labels[1].text().startswith("default: first relevant rank 1")


def test_label_from_the_window_and_save(lab: RecallLabWindow, qtbot, tmp_path: Path) -> None:
    lab.set_labelled_set(small_set())
    run(lab, qtbot)
    lab.regressions_first.setChecked(False)
    lab.queries.selectRow(2)  # "hilog", unjudged
    tree = lab.rankings[1]
    assert tree.topLevelItem(0).text(3).startswith("C  ")
    tree.setCurrentItem(tree.topLevelItem(0))
    lab.mark_button.click()
    assert lab.lset is not None and lab.lset.queries[2].relevant == ("C",)
    assert lab.dirty and lab.save_button.isEnabled()
    assert tree.topLevelItem(0).text(2) == "✓"
    assert lab.save_as(tmp_path / "labelled.json")
    assert not lab.dirty
    saved = load_set(tmp_path / "labelled.json")
    assert saved.queries[2].relevant == ("C",)
    lab.toggle_relevant("C")  # unmark
    assert lab.lset.queries[2].relevant == () and lab.dirty
    assert lab.save()  # to the same file
    assert load_set(tmp_path / "labelled.json").queries[2].relevant == ()
    run(lab, qtbot)  # the figures follow at the next run
    assert lab.evaluation is not None and lab.evaluation.profiles["default"].scored == 2


def test_open_a_set_and_a_bad_one(
    lab: RecallLabWindow, ctx: AppContext, tmp_path: Path, qtbot
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps([{"text": "hdc", "relevant": ["B"]}]), encoding="utf-8")
    assert lab.open_set(good)
    assert lab.queries.rowCount() == 1 and "good.json: 1 queries" in lab.summary.text()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"text": "hdc", "relevant": [], "x": 1}]), encoding="utf-8")
    with qtbot.waitSignal(ctx.bus.error) as sig:
        assert not lab.open_set(bad)
    assert "bad.json: entry 1 ('hdc'): unknown key 'x'" in sig.args[0]
    assert lab.lset is not None and lab.lset.name == "good.json"  # the good one stays


def test_unsaved_labels_are_asked_about(lab: RecallLabWindow, monkeypatch, qtbot) -> None:
    lab.set_labelled_set(small_set())
    lab.toggle_relevant("C", n=2)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    lab.load_shipped()
    assert lab.lset is not None and lab.lset.name == "small"  # cancelled: kept
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    lab.load_shipped()
    assert lab.lset is not None and len(lab.lset.queries) >= 80 and not lab.dirty


def test_the_view_menu_opens_the_lab(ctx: AppContext, qtbot) -> None:
    from hmdesk.gui.main_window import MainWindow

    win = MainWindow(ctx)
    qtbot.addWidget(win)
    action = next(a for a in win.view_menu.actions() if a.objectName() == "action_recall_lab")
    action.trigger()
    assert isinstance(win.recall_lab, RecallLabWindow) and win.recall_lab.isVisible()
    assert win.open_recall_lab() is win.recall_lab  # one per window
    win.recall_lab.close()
    win.close()


def test_the_lab_has_a_key_and_esc_closes_it(ctx, qtbot):
    """Issue 32, missing: the Recall lab had no shortcut and Esc did not close it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(
        w.memories.table,
        Qt.Key.Key_L,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(lambda: w.recall_lab is not None and w.recall_lab.isVisible())
    lab = w.recall_lab
    lab.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is lab)
    qtbot.keyClick(lab, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not lab.isVisible())
    close_window(w)

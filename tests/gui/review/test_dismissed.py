"""Dismissals in the Review tab: Ctrl+Z there takes the newest back (not the store's newest
change, and the tab stays), "Dismissed…" lists them and brings them back."""

from __future__ import annotations

import pytest
from hmdesk.gui.review.area import ReviewArea
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QApplication

from tests.fixtures.review_seed import seed_review_store


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_ctrl_z_in_review_undoes_the_dismissal_not_an_older_change(ctx, qtbot):
    """Issue 32, broken 4: Ctrl+Z after a Dismiss undid an unrelated older change (it deleted a
    memory added from the CLI) and jumped to Memories."""
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.gui.main_window import MainWindow

    seed_review_store(ctx.store)
    cli = MemoryStore(ctx.db, actor=ctx.store.actor)  # the CLI, same user, another store object
    added = cli.add("ohpm install needs the registry set in .ohpmrc", tags=["ohpm"])
    w = MainWindow(ctx)
    qtbot.addWidget(w)
    w.show()
    w.build_other_areas()
    review = w.review
    assert isinstance(review, ReviewArea)
    w.tabs.setCurrentWidget(review)
    qtbot.waitUntil(lambda: len(review.items) == 3, timeout=20_000)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    review.list.setCurrentRow([i.kind for i in review.items].index("duplicate"))
    review.list.setFocus()
    qtbot.keyClick(review.list, Qt.Key.Key_D)
    assert [i.kind for i in review.items] == ["contradiction", "promote-helped"]
    qtbot.keyClick(review.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [i.kind for i in review.items] == ["contradiction", "duplicate", "promote-helped"]
    assert review.items[review.list.currentRow()].kind == "duplicate"
    assert review.current is not None and review.current.fingerprint not in review.dismissals
    assert w.tabs.currentWidget() is review  # stayed on the tab
    QThreadPool.globalInstance().waitForDone(10_000)
    assert not ctx.store.get(added.id).is_deleted  # the older change is left alone
    # Edit › Undo still has its key on the other tabs
    w.tabs.setCurrentWidget(w.memories)
    assert w.memories.actions_by_name["undo"].shortcut().toString() == "Ctrl+Z"
    w.close()
    QThreadPool.globalInstance().waitForDone(10_000)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_dismissals_are_listed_and_brought_back(ctx, qtbot):
    seed_review_store(ctx.store)
    area = ReviewArea(ctx)
    qtbot.addWidget(area)
    with qtbot.waitSignal(area.scanned, timeout=20_000):
        area.show()
    area.list.setCurrentRow(1)
    label = area.list.item(1).text()
    fp = area.items[1].fingerprint
    area.dismiss()
    area.list.setCurrentRow(0)
    area.keep_both()
    dialog = area.undo.show_dismissed()
    rows = [dialog.list.item(r).text() for r in range(dialog.list.count())]
    assert len(rows) == 2 and rows[1] == label  # newest first
    dialog.list.item(1).setSelected(True)
    assert dialog.bring_back_selected() == 1
    assert fp not in area.dismissals and len(area.dismissals.listed()) == 1
    with qtbot.waitSignal(area.scanned, timeout=20_000):
        area.start_scan()
    assert "duplicate" in [i.kind for i in area.items]  # listed again
    dialog.close()
    area.shutdown()

"""The history dialog's lines and diffs, in the theme's diff colours."""

from __future__ import annotations

from hmdesk.core.memory.record import MemoryEvent
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.history_dialog import HistoryDialog, describe_event
from hmdesk.gui.memories.local_time import local_time_text
from PySide6.QtCore import Qt

from .conftest import wait_idle


def ev(id_: int, kind: str, field=None, old=None, new=None, reverts=None) -> MemoryEvent:
    return MemoryEvent(
        id_, "m", "2026-01-01T00:00:00Z", "user", kind, field, old, new, None, "g", reverts
    )


def test_describe_event():
    assert describe_event(ev(1, "confidence", "confidence", 0.5, 0.9)) == "confidence 0.50 → 0.90"
    assert describe_event(ev(2, "edit", "content")) == "edited content"
    # the old memory's event names its replacement, the new one's names what it replaces
    assert describe_event(ev(3, "superseded_by", "superseded_by", new="m2")) == "superseded by m2"
    assert describe_event(ev(6, "supersede", "supersedes", new="m0")) == "supersedes m0"
    assert describe_event(ev(4, "revert", "tags", reverts=2)) == "reverted event #2 (tags)"
    assert describe_event(ev(5, "import")) == "imported from hmharness"
    assert describe_event(ev(7, "delete", "deleted_at", None, "t")) == "deleted"
    assert describe_event(ev(8, "sync", "content")) == "content updated by an hmharness sync"


def test_history_dialog_shows_the_diff_and_offers_revert(qtbot, qtmodeltester):
    events = [
        ev(1, "add", new="hdc install"),
        ev(2, "edit", "content", "hdc install", "hdc uninstall"),
    ]
    d = HistoryDialog("m", events)
    qtbot.addWidget(d)
    qtmodeltester.check(d.model)
    assert d.current_event() is events[-1] and d.revert_button.isEnabled()
    assert (
        theme_for(d).diff_ins_bg in d.diff.toHtml().lower() or "background-color" in d.diff.toHtml()
    )
    with qtbot.waitSignal(d.revert_requested) as blocker:
        d.revert_button.click()
    assert blocker.args == [2]
    d.table.selectRow(0)
    assert not d.revert_button.isEnabled()  # an "add" is not reverted, the memory is deleted


def test_local_time_says_its_zone(shanghai):
    assert local_time_text("2026-11-28T10:00:00.000Z") == "2026-11-28 18:00:00 CST (UTC+08:00)"
    assert local_time_text(None) == "?" and local_time_text("yesterday") == "yesterday"


def test_history_shows_local_time_and_changes_made_together_not_group_ids(loaded, qtbot, shanghai):
    ids = loaded.model.ids()[:3]
    loaded.select_ids(ids, ids[0])
    loaded.actions_by_name["delete"].trigger()
    wait_idle(qtbot, loaded)
    assert all(r.is_deleted for r in loaded.store.get_many(ids))
    d = loaded.editing.show_history(ids[0])
    assert isinstance(d, HistoryDialog)
    events = d.model.events
    delete_row = next(i for i, e in enumerate(events) if e.kind == "delete")
    stored = events[delete_row].at  # e.g. 2026-12-01T13:05:00.123Z
    when = d.model.index(delete_row, 1).data()
    assert when == local_time_text(stored) and when.endswith("CST (UTC+08:00)")
    assert stored not in when and "Z" not in when
    what = d.model.index(delete_row, 3).data()
    assert what == "deleted · one of 3 memories deleted together"
    d.table.selectRow(delete_row)
    shown = d.diff.toPlainText()
    assert "One of 3 memories deleted together" in shown and when in shown
    assert stored not in shown  # the deletion time in the diff is local too
    for row, e in enumerate(events):  # no internal group id anywhere
        d.table.selectRow(row)
        assert e.group_id not in d.diff.toPlainText()
        texts = [d.model.index(row, c).data() for c in range(d.model.columnCount())]
        assert not any(e.group_id in t for t in texts)
    # the one memory added alone says nothing about others
    assert "together" not in d.model.index(0, 3).data()
    d.close()


def test_history_of_a_superseded_memory_names_its_replacement(loaded, qtbot):
    old = loaded.model.ids()[0]
    new = loaded.editing.apply_supersede([old], reason="newer", content="hdc: a better text")
    wait_idle(qtbot, loaded)
    d = loaded.editing.show_history(old)
    whats = [d.model.index(r, 3).data() for r in range(d.model.rowCount())]
    assert f"superseded by {new.id}" in whats
    d.close()
    d = loaded.editing.show_history(new.id)
    whats = [d.model.index(r, 3).data() for r in range(d.model.rowCount())]
    assert f"supersedes {old}" in whats
    assert d.model.index(0, 1).data(Qt.ItemDataRole.ToolTipRole).endswith("as stored (UTC)")
    d.close()


def test_a_revert_from_history_says_in_words_what_it_reverted(loaded, qtbot):
    """Issue 11 item 6: the status bar names the change a revert undid, not an event number."""
    mid = loaded.model.ids()[0]
    loaded.store.edit(mid, tags=["hvigor", "revert-me"], reason="tag it")
    wait_idle(qtbot, loaded)
    said: list[str] = []
    loaded.ctx.bus.info.connect(said.append)
    d = loaded.editing.show_history(mid)
    d.table.selectRow(d.model.rowCount() - 1)  # the tag edit, newest
    event = d.current_event()
    assert event is not None and event.kind == "edit"
    d.revert_button.click()
    qtbot.waitUntil(lambda: bool(said))
    assert said[-1].startswith("Reverted the edit of “") and "(tags)" in said[-1]
    assert f"#{event.id}" not in said[-1] and "Ctrl+Z" in said[-1]
    assert "revert-me" not in loaded.store.get(mid).tags
    d.close()


def test_a_confidence_change_reads_old_arrow_new_not_a_digit_diff(qtbot):
    d = HistoryDialog("m", [ev(1, "add", new="x"), ev(2, "confidence", "confidence", 0.4, 0.8)])
    qtbot.addWidget(d)
    text = d.diff.toPlainText()
    assert "0.40 → 0.80" in text
    # whole numbers are marked: the struck-out run is "0.40", not the "40" after a kept "0."
    theme = theme_for(d)
    html = d.diff.toHtml()
    assert "0.40</span>" in html and "0.80</span>" in html
    assert theme.diff_del_bg.lower() in html.lower()

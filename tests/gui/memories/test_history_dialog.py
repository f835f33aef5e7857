"""The history dialog's lines and diffs, in the theme's diff colours."""

from __future__ import annotations

from hmdesk.core.memory.record import MemoryEvent
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.history_dialog import HistoryDialog, describe_event


def ev(id_: int, kind: str, field=None, old=None, new=None, reverts=None) -> MemoryEvent:
    return MemoryEvent(
        id_, "m", "2026-01-01T00:00:00Z", "user", kind, field, old, new, None, "g", reverts
    )


def test_describe_event():
    assert describe_event(ev(1, "confidence", "confidence", 0.5, 0.9)) == "confidence 0.50 → 0.90"
    assert describe_event(ev(2, "edit", "content")) == "edited content"
    assert describe_event(ev(3, "supersede", new="m2")) == "superseded by m2"
    assert describe_event(ev(4, "revert", "tags", reverts=2)) == "reverted event #2 (tags)"
    assert describe_event(ev(5, "import")) == "import"


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

"""The supersede dialog's rules and values."""

from __future__ import annotations

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.gui.memories.supersede_dialog import SupersedeDialog, SupersedeInput


def rec(id_: str, content: str) -> MemoryRecord:
    return MemoryRecord(id_, "semantic", content, "s", "p", 0.5, "t", "h", "s")


def test_supersede_by_new_text_and_by_an_existing_memory(qtbot):
    old, other = rec("old", "hdc install fails"), rec("new", "sign the HAP")
    known = {"new": other}
    d = SupersedeDialog([old], known.get, [old, other])
    qtbot.addWidget(d)
    assert d.problem() == "The replacement is the same as the old text."
    d.new_text.setPlainText("hdc install fails: sign the HAP")
    assert d.problem() == "Give a reason."
    d.reason.setText("more precise")
    assert d.problem() is None
    assert d.values() == SupersedeInput(
        reason="more precise", content="hdc install fails: sign the HAP"
    )
    d.by_existing.setChecked(True)
    d.existing.setEditText("nope")
    assert d.problem() == "No memory with id “nope”."
    d.existing.setEditText("new")
    assert d.problem() is None and d.values() == SupersedeInput(reason="more precise", by="new")

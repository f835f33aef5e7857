"""The small dialogs: confidence needs a reason, a tag has no spaces, the import report, restore."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.memory.hmharness import ImportReport, SkippedLine
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.gui.memories.small_dialogs import (
    ConfidenceDialog,
    ImportReportDialog,
    RestoreDialog,
    TagDialog,
)
from PySide6.QtWidgets import QDialogButtonBox

OK = QDialogButtonBox.StandardButton.Ok


def rec(id_: str, conf: float = 0.5, deleted: str | None = None) -> MemoryRecord:
    return MemoryRecord(
        id_, "semantic", f"text of {id_}", "s", "p", conf, "t", "h", "s", deleted_at=deleted
    )


def test_confidence_dialog_needs_a_reason_and_starts_at_the_mean(qtbot):
    d = ConfidenceDialog([rec("a", 0.2), rec("b", 0.6)])
    qtbot.addWidget(d)
    assert d.value() == 0.4 and "2 memories" in d.windowTitle()
    assert not d.buttons.button(OK).isEnabled()
    d.reason.setText("checked")
    assert d.buttons.button(OK).isEnabled() and d.reason_text() == "checked"


def test_tag_dialog_refuses_spaces(qtbot):
    d = TagDialog(True, 3, ["hdc"])
    qtbot.addWidget(d)
    d.tag.setText("two words")
    assert not d.buttons.button(OK).isEnabled()
    d.tag.setText(" signing ")
    assert d.buttons.button(OK).isEnabled() and d.value() == "signing"


def test_import_report_lists_skipped_lines(qtbot):
    report = ImportReport(
        Path("/x/memory.jsonl"), imported=2, skipped=[SkippedLine(3, "bad <json>")]
    )
    d = ImportReportDialog(report)
    qtbot.addWidget(d)
    assert "line 3" in d.skipped.toPlainText() and "bad <json>" in d.skipped.toPlainText()


def test_restore_dialog_hands_back_the_picked_ids(qtbot):
    d = RestoreDialog([rec("a", deleted="2026-01-01"), rec("b", deleted="2026-01-02")])
    qtbot.addWidget(d)
    assert d.ids() == []
    d.list.item(1).setSelected(True)
    assert d.ids() == ["b"]

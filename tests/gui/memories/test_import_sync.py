"""Import of an hmharness memory.jsonl (with a report of skipped lines) and live sync."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hmdesk.gui.memories.small_dialogs import ImportReportDialog
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from .conftest import search, wait_idle


def line(id_: str, content: str, conf: float = 0.8, tags=("hdc",)) -> str:
    return json.dumps(
        {
            "id": id_,
            "layer": "semantic",
            "content": content,
            "source": "agent-run",
            "provenance": "trajectory:trj-1",
            "confidence": conf,
            "timestamp": "2026-11-28T10:00:00.000Z",
            "environment": "harmonyos",
            "session": "s1",
            "tags": list(tags),
        }
    )


def write_atomically(path: Path, text: str) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def hmh_file(tmp_path: Path) -> Path:
    path = tmp_path / "hmh" / "cognitive" / "memory" / "memory.jsonl"
    path.parent.mkdir(parents=True)
    return path


def keep_in_sync(qtbot, area) -> None:
    """Tick "Keep in sync with this file" in the import's report and close it."""
    dialog = area.dialog
    assert isinstance(dialog, ImportReportDialog)
    if not dialog.keep_sync.isChecked():
        toggle(qtbot, dialog.keep_sync)
    qtbot.mouseClick(close_button(dialog), Qt.MouseButton.LeftButton)
    assert area.importer.sync is not None and area.actions_by_name["sync"].isChecked()


def toggle(qtbot, box) -> None:
    """Toggle a check box from the keyboard (Space), as a user tabbing to it does."""
    before = box.isChecked()
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert box.isChecked() != before


def close_button(dialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)


def test_import_with_bad_lines_shows_its_report(area, qtbot, tmp_path):
    path = hmh_file(tmp_path)
    path.write_text(
        "\n".join(
            [
                line("mem-aaaaaaaaaaaa", "hdc install fails with 9568320: sign the HAP"),
                "{not json",
                line("mem-bbbbbbbbbbbb", "hdc hilog drops flags; use hdc shell hilog"),
                json.dumps({"id": "mem-cccccccccccc", "layer": "semantic"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    assert area.stack.currentWidget() is area.empty  # first run
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000) as blocker:
        area.importer.import_hmharness()  # found automatically at $HMH_HOME/cognitive/memory
    report = blocker.args[0]
    assert report.imported == 2
    assert [s.line for s in report.skipped] == [2, 4]
    dialog = area.dialog
    assert isinstance(dialog, ImportReportDialog)
    text = dialog.skipped.toPlainText()
    assert "line 2" in text and "line 4" in text and "invalid JSON" in text
    assert "2 skipped" in dialog.findChild(QLabel, "importSummary").text()
    dialog.close()
    wait_idle(qtbot, area)
    assert area.stack.currentWidget() is area.splitter
    assert set(area.model.ids()) == {"mem-aaaaaaaaaaaa", "mem-bbbbbbbbbbbb"}
    area.importer.stop_sync()


def test_live_sync_picks_up_an_outside_change(area, qtbot, tmp_path):
    path = hmh_file(tmp_path)
    write_atomically(
        path,
        line("mem-aaaaaaaaaaaa", "hdc install fails with 9568320: sign the HAP", 0.9)
        + "\n"
        + line("mem-bbbbbbbbbbbb", "hdc hilog drops flags; use hdc shell hilog", 0.6)
        + "\n",
    )
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000):
        area.importer.import_hmharness(path)
    keep_in_sync(qtbot, area)
    search(qtbot, area, "hdc")
    area.select_id("mem-bbbbbbbbbbbb")
    scroll = area.table.verticalScrollBar().value()

    # an edit dialog is open on the memory the agent is about to change
    area.select_id("mem-aaaaaaaaaaaa")
    dialog = area.editing.edit_selected()
    dialog.content.setPlainText("my local edit")
    area.table.selectionModel().clearSelection()
    area.select_ids(["mem-bbbbbbbbbbbb"], "mem-bbbbbbbbbbbb")

    # the agent rewrites memory.jsonl: one changed, one new
    write_atomically(
        path,
        line("mem-aaaaaaaaaaaa", "hdc install fails with 9568320: add signingConfigs", 0.9)
        + "\n"
        + line("mem-bbbbbbbbbbbb", "hdc hilog drops flags; use hdc shell hilog", 0.6)
        + "\n"
        + line("mem-dddddddddddd", "hdc list targets -v has an empty column", 0.7)
        + "\n",
    )
    qtbot.waitUntil(lambda: "mem-dddddddddddd" in area.model.ids(), timeout=5000)
    wait_idle(qtbot, area)
    assert area.store.get("mem-aaaaaaaaaaaa").content.endswith("add signingConfigs")
    # selection and scroll position kept
    assert area.selected_ids() == ["mem-bbbbbbbbbbbb"]
    assert area.table.verticalScrollBar().value() == scroll
    # the open edit dialog shows the outside change and will not overwrite it
    qtbot.waitUntil(lambda: dialog.outside is not None, timeout=5000)
    assert dialog.banner.isVisible() and "changed outside" in dialog.banner.text()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Save).isEnabled()
    dialog.accept()  # refused while the outside change is not loaded
    assert dialog.isVisible()
    qtbot.mouseClick(dialog.load_theirs, qtbot_left())
    assert dialog.content.toPlainText().endswith("add signingConfigs")
    assert dialog.buttons.button(dialog.buttons.StandardButton.Save).isEnabled()
    dialog.reject()
    area.importer.stop_sync()


def qtbot_left():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def test_first_run_starter_pack(area, qtbot):
    assert area.stack.currentWidget() is area.empty
    assert "starter pack holds" in area.empty.starter_note.text()
    with qtbot.waitSignal(area.result_applied, timeout=5000):
        qtbot.mouseClick(area.empty.starter_button, qtbot_left())
    wait_idle(qtbot, area)
    assert area.stack.currentWidget() is area.splitter
    assert area.model.rowCount() >= 30
    assert area.importer.load_starter_pack() == 0  # idempotent


def test_live_sync_keeps_selection_and_scroll_in_a_long_list(area, qtbot, tmp_path):
    path = hmh_file(tmp_path)
    lines = [
        line(f"mem-{i:012x}", f"hdc pitfall number {i}", 0.5 + (i % 40) / 100) for i in range(120)
    ]
    write_atomically(path, "\n".join(lines) + "\n")
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000):
        area.importer.import_hmharness(path)
    keep_in_sync(qtbot, area)
    search(qtbot, area, "hdc")
    bar = area.table.verticalScrollBar()
    assert bar.maximum() > 0  # the list really scrolls
    bar.setValue(bar.maximum() // 2)
    middle = area.model.ids()[area.table.rowAt(area.table.viewport().height() // 2)]
    area.select_id(middle)  # visible already: no scrolling
    scroll = bar.value()
    assert scroll > 0

    # the agent changes one memory and adds a better-ranked one (rows shift under the view)
    lines[3] = line("mem-000000000003", "hdc pitfall number 3, reworded", 0.9)
    lines.append(line("mem-0000000000ff", "hdc pitfall the agent just learned", 0.95))
    write_atomically(path, "\n".join(lines) + "\n")
    # (how fast a change shows up is a benchmark figure, not a unit-test assertion)
    qtbot.waitUntil(lambda: "mem-0000000000ff" in area.model.ids(), timeout=5000)
    wait_idle(qtbot, area)
    assert area.selected_ids() == [middle] and area.current_id() == middle
    assert bar.value() == scroll
    area.importer.stop_sync()


def test_import_does_not_turn_live_sync_on_by_itself(area, qtbot, tmp_path):
    path = hmh_file(tmp_path)
    write_atomically(path, line("mem-aaaaaaaaaaaa", "hdc install fails: sign the HAP") + "\n")
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000):
        area.importer.import_hmharness(path)
    dialog = area.dialog
    assert isinstance(dialog, ImportReportDialog)
    box = dialog.keep_sync
    assert box.isVisible() and box.text().replace("&", "") == "Keep in sync with this file"
    assert not box.isChecked()  # off unless the user asks
    assert area.importer.sync is None
    qtbot.mouseClick(close_button(dialog), Qt.MouseButton.LeftButton)
    assert area.importer.sync is None and not area.actions_by_name["sync"].isChecked()
    assert area.ctx.settings.value("sync/enabled", False) in (False, "false")
    # a change to the file is not picked up: nothing watches it
    write_atomically(path, line("mem-bbbbbbbbbbbb", "hdc hilog drops flags") + "\n")
    area.importer.auto_sync_later()  # what the next start of the app does
    wait_idle(qtbot, area)
    assert area.importer.sync is None
    assert set(area.model.ids()) == {"mem-aaaaaaaaaaaa"}


def test_keep_in_sync_is_remembered_and_the_first_sync_is_not_news(area, qtbot, tmp_path):
    path = hmh_file(tmp_path)
    write_atomically(
        path, line("mem-aaaaaaaaaaaa", "hdc install fails: sign the HAP") + "\n{not json\n"
    )
    status: list[str] = []
    area.ctx.bus.info.connect(status.append)
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000):
        area.importer.import_hmharness(path)
    # the first sync re-reads the file just imported: same bad line, nothing new
    with qtbot.waitSignal(area.importer.sync_report, timeout=10_000) as first:
        keep_in_sync(qtbot, area)
    assert first.args[0].imported == 0 and first.args[0].updated == 0
    assert [s.line for s in first.args[0].skipped] == [2]
    wait_idle(qtbot, area)
    assert not [s for s in status if "sync:" in s], status  # no news in the status bar
    assert any(s.startswith("Live sync on") for s in status)  # what the user asked for

    # a real change is news
    write_atomically(
        path,
        line("mem-aaaaaaaaaaaa", "hdc install fails: sign the HAP")
        + "\n{not json\n"
        + line("mem-bbbbbbbbbbbb", "hdc hilog drops flags")
        + "\n",
    )
    qtbot.waitUntil(lambda: any("1 new" in s for s in status), timeout=10_000)
    assert not any("bad lines" in s for s in status)  # the known bad line is not news either

    # the choice is remembered by the next import, and unticking it stops the sync
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000):
        area.importer.import_hmharness(path)
    dialog = area.dialog
    assert dialog.keep_sync.isChecked()
    toggle(qtbot, dialog.keep_sync)
    qtbot.mouseClick(close_button(dialog), Qt.MouseButton.LeftButton)
    assert area.importer.sync is None and not area.actions_by_name["sync"].isChecked()
    with qtbot.waitSignal(area.importer.import_done, timeout=10_000):
        area.importer.import_hmharness(path)
    assert not area.dialog.keep_sync.isChecked()
    area.dialog.close()


def test_live_sync_keeps_the_notes_in_step_too(area, qtbot, tmp_path):
    notes = Path(os.environ["HMH_HOME"]) / "memory" / "memory.md"
    notes.parent.mkdir(parents=True, exist_ok=True)
    notes.write_text("- [2026-11-29 19:02] hvigor clean fixes the cache [ws:app]\n", "utf-8")
    path = hmh_file(tmp_path)
    write_atomically(path, line("mem-aaaaaaaaaaaa", "hdc install fails with 9568320", 0.9) + "\n")
    assert area.importer.start_sync(path)
    qtbot.waitUntil(lambda: area.store.count() == 2, timeout=10_000)
    with notes.open("a", encoding="utf-8") as fh:
        fh.write("- [2026-11-29 19:05] hvigor daemon hangs [ws:app]\n")
    qtbot.waitUntil(lambda: area.store.count() == 3, timeout=10_000)
    wait_idle(qtbot, area)
    assert {m.origin for m in area.store.list()} == {"hmharness", "hmharness-notes"}
    area.importer.stop_sync()
    assert area.importer.notes_sync is None and area.cleanup.notes_sync is None


def test_the_first_run_screen_does_not_promise_live_sync(area, tmp_path):
    """Issue 32: the first-run screen said importing keeps the file in sync, while the report's
    "Keep in sync" box starts unticked."""
    path = hmh_file(tmp_path)
    write_atomically(path, line("mem-aaaaaaaaaaaa", "hdc install fails", 0.9) + "\n")
    area.empty.set_hmharness_path(path, True)
    note = area.empty.import_note.text()
    assert "importing also keeps it in sync" not in note and "Keep in sync with this file" in note


def test_live_sync_on_a_file_that_does_not_exist_says_so_and_stays_off(area, qtbot, tmp_path):
    """Issue 32: live sync turned on for a default file that does not exist, without a word."""
    missing = tmp_path / "nowhere" / "memory.jsonl"
    with qtbot.waitSignal(area.ctx.bus.error, timeout=5000) as sig:
        assert area.importer.start_sync(missing) is False
    assert str(missing) in sig.args[0] and "no file" in sig.args[0]
    assert area.importer.sync is None and not area.actions_by_name["sync"].isChecked()
    assert area.ctx.settings.value("sync/enabled", False) in (False, "false", None)

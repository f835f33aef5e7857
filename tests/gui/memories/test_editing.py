"""Actions: confidence re-ranks, supersede hides and chains, revert and undo, history, edit,
delete/restore, bulk actions and export. Each one re-runs the current query at once."""

from __future__ import annotations

import csv
import json

import pytest
from hmdesk.gui.memories.edit_dialog import MemoryEditDialog
from hmdesk.gui.memories.history_dialog import HistoryDialog
from hmdesk.gui.memories.supersede_dialog import SupersedeDialog
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialogButtonBox

from .conftest import consolidated, held_after_first_part, search, wait_idle

UNSIGNED = "starter-hap-unsigned-9568320"
HILOG_FLAGS = "starter-hdc-hilog-drops-flags"
PRIVATE = "starter-hilog-private"


def ok(dialog, qtbot) -> None:
    box = dialog.findChild(QDialogButtonBox)
    for role in (QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Save):
        button = box.button(role)
        if button is not None:
            assert button.isEnabled(), getattr(dialog, "problem", lambda: "")()
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            return
    raise AssertionError("no OK button")


def rank(area, memory_id: str) -> int:
    return area.model.ids().index(memory_id)


def test_confidence_change_reranks_at_once(loaded, qtbot):
    search(qtbot, loaded, "hilog")
    ids = loaded.model.ids()
    low = ids[-1]
    assert rank(loaded, low) > 0
    loaded.select_id(low)
    dialog = loaded.editing.set_confidence()
    ok_button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok_button.isEnabled()  # a reason is required
    dialog.spin.setValue(1.0)
    dialog.reason.setText("verified on a Mate 60, HarmonyOS 5.0")
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    wait_idle(qtbot, loaded)
    assert loaded.store.get(low).confidence == 1.0
    assert rank(loaded, low) == 0
    assert loaded.current_id() == low  # the selection follows the memory
    # lowering it sends it back down
    loaded.editing.apply_confidence([low], 0.05, "wrong on HarmonyOS 5")
    wait_idle(qtbot, loaded)
    assert rank(loaded, low) == loaded.model.rowCount() - 1


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_supersede_by_new_text_hides_the_old_and_shows_the_chain(loaded, qtbot):
    search(qtbot, loaded, "hilog")
    loaded.select_id(PRIVATE)
    dialog = loaded.editing.supersede_selected()
    assert isinstance(dialog, SupersedeDialog)
    old_text = loaded.store.get(PRIVATE).content
    dialog.new_text.setPlainText(
        old_text.replace("%{public}", "%{public} (also for numbers: %{public}d)")
    )
    dialog.reason.setText("numbers need it too")
    qtbot.waitUntil(lambda: "background-color" in dialog.new_view.toHtml())
    assert "also" in dialog.new_view.toPlainText()
    assert dialog.old_view.toPlainText() == old_text  # left side = old text, deletions marked
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    wait_idle(qtbot, loaded)
    old = loaded.store.get(PRIVATE)
    assert old.is_superseded
    new_id = old.superseded_by
    assert PRIVATE not in loaded.model.ids()  # hidden from the results
    assert loaded.current_id() == new_id  # the replacement is selected
    meta = loaded.detail.meta_view.toHtml()
    assert f"mem:{PRIVATE}" in meta and "Supersedes" in loaded.detail.meta_view.toPlainText()

    # clicking the link shows the old one, with the forward link
    loaded.detail.link_activated.emit(PRIVATE)
    assert loaded.detail.memory.id == PRIVATE
    text = loaded.detail.meta_view.toPlainText()
    assert "Superseded by" in text and new_id in text and "numbers need it too" in text
    assert "SUPERSEDED" in loaded.detail.header.text()

    # "show superseded" brings it back into the results
    search(qtbot, loaded, "hilog", superseded=True)
    assert PRIVATE in loaded.model.ids()
    search(qtbot, loaded, "hilog", superseded=False)
    assert PRIVATE not in loaded.model.ids()


def test_supersede_by_existing_memory(loaded, qtbot):
    search(qtbot, loaded, "hdc")
    loaded.select_id(HILOG_FLAGS)
    dialog = loaded.editing.supersede_selected()
    dialog.by_existing.setChecked(True)
    dialog.existing.setEditText(UNSIGNED)
    dialog.reason.setText("test")
    dialog._refresh()
    assert dialog.target is not None and dialog.target.id == UNSIGNED
    dialog.existing.setEditText("no-such-id")
    dialog._refresh()
    assert "No memory" in dialog.error.text()
    dialog.existing.setEditText(UNSIGNED)
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    assert loaded.store.get(HILOG_FLAGS).superseded_by == UNSIGNED
    assert HILOG_FLAGS in loaded.store.get(UNSIGNED).supersedes


def test_edit_history_revert_and_undo(loaded, qtbot, qtmodeltester):
    search(qtbot, loaded, "hilog")
    loaded.select_id(PRIVATE)
    original = loaded.store.get(PRIVATE)
    dialog = loaded.editing.edit_selected()
    assert isinstance(dialog, MemoryEditDialog)
    dialog.content.setPlainText("")
    assert "empty" in dialog.error.text()
    dialog.content.setPlainText(original.content + " Also check -p on debug builds.")
    dialog.tags.setText("hilog, privacy, has space")
    assert "space" in dialog.error.text()
    dialog.tags.setText("hilog, privacy, debug")
    dialog.reason.setText("more detail")
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    edited = loaded.store.get(PRIVATE)
    assert edited.content.endswith("debug builds.") and edited.tags == ("hilog", "privacy", "debug")
    assert "debug builds." in loaded.detail.content_view.toPlainText()

    # history: every event, with a word diff
    history = loaded.editing.show_history()
    assert isinstance(history, HistoryDialog)
    qtmodeltester.check(history.model)
    kinds = [e.kind for e in history.model.events]
    assert kinds[0] == "add" and kinds.count("edit") == 2
    content_row = next(i for i, e in enumerate(history.model.events) if e.field == "content")
    history.table.selectRow(content_row)
    assert "debug builds." in history.diff.toPlainText()
    assert "background-color" in history.diff.toHtml()

    # revert the content edit from the history dialog
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        qtbot.mouseClick(history.revert_button, Qt.MouseButton.LeftButton)
    assert loaded.store.get(PRIVATE).content == original.content
    assert loaded.store.get(PRIVATE).tags == ("hilog", "privacy", "debug")  # only that event
    assert history.model.events[-1].kind == "revert"
    history.close()

    # undo: a confidence change, then Ctrl+Z in the window
    loaded.editing.apply_confidence([PRIVATE], 0.1, "try")
    wait_idle(qtbot, loaded)
    assert loaded.store.get(PRIVATE).confidence == 0.1
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=10000):
        loaded.editing.undo_last()
    wait_idle(qtbot, loaded)
    assert loaded.store.get(PRIVATE).confidence == original.confidence


def test_delete_and_restore(loaded, qtbot):
    search(qtbot, loaded, "hilog")
    loaded.select_id(PRIVATE)
    loaded.editing.delete_selected()
    wait_idle(qtbot, loaded)
    assert PRIVATE not in loaded.model.ids()
    assert loaded.store.get(PRIVATE).is_deleted
    loaded.editing.restore_deleted()  # lists the deleted ones off the GUI thread, then opens
    qtbot.waitUntil(
        lambda: loaded.dialog is not None and loaded.dialog.objectName() == "restoreDialog"
    )
    dialog = loaded.dialog
    dialog.list.item(0).setSelected(True)
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        dialog.accept()
    wait_idle(qtbot, loaded)
    assert PRIVATE in loaded.model.ids()
    assert loaded.current_id() == PRIVATE


def test_new_memory(loaded, qtbot):
    dialog = loaded.editing.new_memory()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Save).isEnabled()
    dialog.content.setPlainText("ohpm install fails behind a proxy: set proxy in .ohpmrc")
    dialog.tags.setText("ohpm, proxy")
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    wait_idle(qtbot, loaded)
    rec = loaded.store.get(loaded.current_id())
    assert rec.content.startswith("ohpm install fails") and rec.tags == ("ohpm", "proxy")


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_bulk_actions_and_export(loaded, qtbot, tmp_path):
    search(qtbot, loaded, "hilog")
    ids = loaded.model.ids()[:3]
    loaded.select_ids(ids, ids[0])
    assert loaded.selected_ids() == sorted(ids, key=loaded.model.ids().index)
    dialog = loaded.editing.bulk_add_tag()
    dialog.tag.setText("reviewed")
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    wait_idle(qtbot, loaded)
    assert all("reviewed" in r.tags for r in loaded.store.get_many(ids))
    assert set(loaded.selected_ids()) == set(ids)  # selection kept
    loaded.editing.apply_tag(ids, "reviewed", adding=False)
    wait_idle(qtbot, loaded)
    assert all("reviewed" not in r.tags for r in loaded.store.get_many(ids))

    loaded.select_ids(ids, ids[0])
    dialog = loaded.editing.set_confidence()
    dialog.spin.setValue(0.5)
    dialog.reason.setText("bulk")
    ok(dialog, qtbot)
    wait_idle(qtbot, loaded)
    assert {r.confidence for r in loaded.store.get_many(ids)} == {0.5}
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=10000):
        loaded.editing.undo_last()  # one group: all three back
    assert {r.confidence for r in loaded.store.get_many(ids)} != {0.5}

    loaded.select_ids(ids, ids[0])
    jsonl = tmp_path / "sel.jsonl"
    assert loaded.editing.export_jsonl(jsonl) == 3
    lines = [json.loads(x) for x in jsonl.read_text().splitlines()]
    assert sorted(x["id"] for x in lines) == sorted(ids)
    assert {"id", "layer", "content", "confidence", "timestamp", "tags"} <= set(lines[0])
    out = tmp_path / "sel.csv"
    assert loaded.editing.export_csv(out) == 3
    with out.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert sorted(r["id"] for r in rows) == sorted(ids)

    # supersede all by one
    keep, *rest = ids
    loaded.select_ids(rest, rest[0])
    loaded.editing.apply_supersede(rest, by=keep, reason="merged")
    wait_idle(qtbot, loaded)
    assert all(r.superseded_by == keep for r in loaded.store.get_many(rest))
    assert loaded.current_id() == keep


def test_store_error_goes_to_the_banner(loaded, qtbot):
    errors = []
    loaded.ctx.bus.error.connect(lambda what, todo: errors.append(what))
    loaded.editing.apply_confidence(["starter-no-such"], 0.5, "x")
    assert errors and "Could not set the confidence" in errors[0]


def test_bulk_supersede_through_the_dialog(loaded, qtbot):
    search(qtbot, loaded, "install")
    keep, *rest = loaded.model.ids()[:4]
    loaded.select_ids(rest, rest[0])
    dialog = loaded.editing.supersede_selected()
    assert not dialog.by_new.isEnabled() and dialog.by_existing.isChecked()
    dialog.existing.setEditText(keep)
    dialog.reason.setText("one memory says it all")
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        ok(dialog, qtbot)
    wait_idle(qtbot, loaded)
    assert all(r.superseded_by == keep for r in loaded.store.get_many(rest))
    assert not set(rest) & set(loaded.model.ids())
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=10000) as undone:
        loaded.editing.undo_last()  # one group: all of them come back
    assert undone.args[0]
    wait_idle(qtbot, loaded)
    assert set(rest) <= set(loaded.model.ids())


def test_bulk_delete_and_restore_are_one_undo_step_each(loaded, qtbot):
    """Delete 3 selected, Ctrl+Z: all 3 back. Restore 3 in the dialog, Ctrl+Z: all 3 gone."""
    search(qtbot, loaded, "hilog")
    ids = loaded.model.ids()[:3]
    loaded.select_ids(ids, ids[0])
    loaded.actions_by_name["delete"].trigger()
    wait_idle(qtbot, loaded)
    assert all(r.is_deleted for r in loaded.store.get_many(ids))
    assert not set(ids) & set(loaded.model.ids())

    undo = loaded.actions_by_name["undo"]
    assert undo.shortcut().matches(QKeySequence("Ctrl+Z")) == QKeySequence.SequenceMatch.ExactMatch
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        undo.trigger()  # what Ctrl+Z does in the window
    wait_idle(qtbot, loaded)
    assert not any(r.is_deleted for r in loaded.store.get_many(ids))
    assert set(ids) <= set(loaded.model.ids())

    # again, then restore all three through the dialog: one step too
    loaded.select_ids(ids, ids[0])
    loaded.editing.delete_selected()
    wait_idle(qtbot, loaded)
    loaded.editing.restore_deleted()
    qtbot.waitUntil(
        lambda: loaded.dialog is not None and loaded.dialog.objectName() == "restoreDialog"
    )
    dialog = loaded.dialog
    assert dialog.list.count() == 3
    for i in range(3):
        dialog.list.item(i).setSelected(True)
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        dialog.accept()
    wait_idle(qtbot, loaded)
    assert set(ids) <= set(loaded.model.ids())
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=10000) as step:
        loaded.editing.undo_last()
    undone = step.args[0]
    assert {e.memory_id for e in undone} == set(ids) and len(undone) == 3
    wait_idle(qtbot, loaded)
    assert all(r.is_deleted for r in loaded.store.get_many(ids))


def test_copy_explanation_as_json(loaded, qtbot):
    import json

    from PySide6.QtWidgets import QApplication

    search(qtbot, loaded, "hdc install 9568320")
    loaded.select_id(UNSIGNED)
    loaded.actions_by_name["copy_json"].trigger()
    data = json.loads(QApplication.clipboard().text())
    assert [r["id"] for r in data["results"]] == [UNSIGNED]
    assert set(data["results"][0]["components"]) == {"confidence", "recency", "lexical"}
    assert data["query"]["text"] == "hdc install 9568320"


def test_following_a_link_to_a_superseded_memory_enables_its_actions_and_back(loaded, qtbot):
    """Issue 11 item 7: every action was disabled until "Show superseded" was ticked."""
    search(qtbot, loaded, "hilog")
    loaded.select_id(PRIVATE)
    new = loaded.editing.apply_supersede([PRIVATE], reason="newer", content="hilog %{public}d")
    wait_idle(qtbot, loaded)
    assert new is not None and not isinstance(new, str)
    assert loaded.current_id() == new.id and PRIVATE not in loaded.model.ids()
    assert not loaded.actions_by_name["back"].isEnabled()
    assert loaded.detail.back_button.isHidden()
    # click the "Supersedes" link in the detail pane
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        loaded.detail.meta_view.anchorClicked.emit(QUrl(f"mem:{PRIVATE}"))
    wait_idle(qtbot, loaded)
    assert loaded.query_bar.superseded.isChecked()  # turned on for this view
    assert loaded.current_id() == PRIVATE and loaded.selected_ids() == [PRIVATE]
    assert loaded.detail.memory.id == PRIVATE
    actions = loaded.actions_by_name
    for name in ("edit", "confidence", "history", "delete", "supersede", "add_tag"):
        assert actions[name].isEnabled(), name
    assert actions["back"].isEnabled() and loaded.detail.back_button.isVisible()
    dialog = loaded.editing.set_confidence()
    assert dialog is not None and dialog.isVisible()
    dialog.reject()
    # Back (the button, Alt+Left in the window) returns and hides superseded memories again
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        qtbot.mouseClick(loaded.detail.back_button, Qt.MouseButton.LeftButton)
    wait_idle(qtbot, loaded)
    assert not loaded.query_bar.superseded.isChecked()
    assert loaded.current_id() == new.id and PRIVATE not in loaded.model.ids()
    assert not actions["back"].isEnabled() and loaded.detail.back_button.isHidden()


def test_a_new_query_after_following_a_link_hides_superseded_again(loaded, qtbot):
    """Issue 32: "Show superseded" stayed on after following a link, for every later query."""
    search(qtbot, loaded, "hilog")
    loaded.select_id(PRIVATE)
    new = loaded.editing.apply_supersede([PRIVATE], reason="newer", content="hilog %{public}d")
    wait_idle(qtbot, loaded)
    with qtbot.waitSignal(loaded.result_applied, timeout=5000):
        loaded.detail.meta_view.anchorClicked.emit(QUrl(f"mem:{PRIVATE}"))
    wait_idle(qtbot, loaded)
    assert loaded.query_bar.superseded.isChecked()
    search(qtbot, loaded, "hilog private")  # the person moves on
    assert not loaded.query_bar.superseded.isChecked()

    assert PRIVATE not in loaded.model.ids() and new.id in loaded.model.ids()
    # ticked by hand, it stays on across queries
    search(qtbot, loaded, "hilog", superseded=True)
    search(qtbot, loaded, "hilog private")
    assert loaded.query_bar.superseded.isChecked() and PRIVATE in loaded.model.ids()


def test_a_new_query_shows_its_best_result_not_the_last_selection(loaded, qtbot):
    """Issue 32: a new query kept the old selection in the detail pane."""
    search(qtbot, loaded, "hilog")
    ids = loaded.model.ids()
    loaded.select_id(ids[-1])  # not the best
    assert loaded.detail.memory.id == ids[-1]
    result = search(qtbot, loaded, "hilog private public")
    best = result.results[0].memory.id
    assert ids[-1] != best and ids[-1] in loaded.model.ids()  # still listed, yet not shown
    assert loaded.current_id() == best and loaded.detail.memory.id == best
    # the same query again (a refresh after a change) keeps what the person is reading
    other = loaded.model.ids()[-1]
    loaded.select_id(other)
    loaded.refresh()
    wait_idle(qtbot, loaded)
    assert loaded.current_id() == other


def test_a_linked_memory_outside_the_results_keeps_its_actions(loaded, qtbot):
    search(qtbot, loaded, "hilog")
    loaded.select_id(PRIVATE)
    new = loaded.editing.apply_supersede([PRIVATE], reason="newer", content="hilog %{public}d")
    wait_idle(qtbot, loaded)
    search(qtbot, loaded, "hilog", superseded=True)
    other = next(i for i in loaded.model.ids() if i not in (PRIVATE, new.id))
    loaded.select_id(other)
    search(qtbot, loaded, "zzzz-nothing-matches-this")  # the linked memory is not listed
    loaded.show_memory_id(PRIVATE)
    assert loaded.detail.memory.id == PRIVATE and loaded.selected_rows() == []
    assert loaded.selected_ids() == [PRIVATE]
    assert loaded.actions_by_name["confidence"].isEnabled()
    assert "Edit menu" in loaded.detail.chips.text()


def test_ctrl_z_asks_before_undoing_a_teammates_change(loaded, qtbot):
    """Issue 31 requirement 2: undo takes back only the user's own changes; when the newest
    change is a teammate's, the window says whose it would be and asks."""
    from hmdesk.core.memory.store import MemoryStore

    said: list[str] = []
    loaded.ctx.bus.info.connect(said.append)
    mine = loaded.store.add("my own pitfall: hdc needs -t before shell")
    bob = MemoryStore(loaded.store.db, actor="bob", keep_index=False)
    theirs = bob.add("bob's note: sign the HAP with the release profile")
    loaded.editing.undo_last()
    qtbot.waitUntil(lambda: loaded.editing.undo_question is not None)
    box = loaded.editing.undo_question
    assert "The newest change is bob’s, not yours: new memory “bob's note" in box.text()
    assert "Your own newest change: new memory “my own pitfall" in box.informativeText()
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=10000) as step:
        box.defaultButton().click()  # the default: my own change
    assert {e.memory_id for e in step.args[0]} == {mine.id}
    assert loaded.store.get(mine.id).is_deleted and not loaded.store.get(theirs.id).is_deleted
    loaded.editing.undo_last()
    qtbot.waitUntil(lambda: loaded.editing.undo_question is not None)
    box = loaded.editing.undo_question
    theirs_button = next(b for b in box.buttons() if b.text() == "Undo bob’s change")
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=10000):
        theirs_button.click()  # asked, and said yes
    assert loaded.store.get(theirs.id).is_deleted
    assert said[-1].startswith("Undid: new memory “bob's note") and "(bob’s)" in said[-1]
    bob.close()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_ctrl_z_undoes_a_large_consolidation_off_the_gui_thread_with_progress(
    loaded, qtbot, monkeypatch
):
    """Issue 31 requirement 2: a long undo (a consolidation of 450 merges, one transaction per
    batch of 200 events here) runs on a worker, and the status bar counts the changes undone."""
    import threading

    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan, Merge
    from hmdesk.core.memory.lifecycle.apply import apply_plan
    from hmdesk.core.memory.store import undo as undo_module

    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)  # every batch commits and reports
    store = loaded.store
    kept = [store.add(f"hdc install needs a signed hap, variant {i}") for i in range(450)]
    dups = [store.add(f"hdc install needs a signed hap again, {i}") for i in range(450)]
    apply_plan(
        store,
        ConsolidationPlan(merged=tuple(Merge(d.id, k.id) for d, k in zip(dups, kept, strict=True))),
    )
    threads: list[threading.Thread] = []
    step = store.undo_step

    def undo_step(**kw):
        threads.append(threading.current_thread())
        return step(**kw)

    monkeypatch.setattr(store, "undo_step", undo_step)
    said: list[str] = []
    loaded.ctx.bus.info.connect(said.append)
    bar = loaded.editing.step_bar
    progress: list[str] = []
    loaded.editing.step_progress.connect(lambda *_: progress.append(bar.label.text()))
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=60_000) as done:
        loaded.editing.undo_last()
    assert len(done.args[0]) == 2 * 450  # each merge's link and its back-link
    assert threads and threads[0] is not threading.main_thread()
    assert progress == [  # the status bar's progress, beside its Cancel button
        "Undo: 200 of 450 changes",
        "Undo: 400 of 450 changes",
        "Undo: 450 of 450 changes",
    ]
    assert bar.isHidden()  # gone once it is done
    assert said[-1] == "Undid: supersede of 450 memories"
    assert not any(r.superseded_by for r in store.get_many([d.id for d in dups]))


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_cancel_stops_a_long_undo_and_ctrl_z_finishes_it(loaded, qtbot, monkeypatch):
    """A long undo's progress in the status bar has a Cancel button: a click stops it after the
    part under way; the status bar says what was undone and what was left, and Ctrl+Z
    undoes the rest."""
    dups = consolidated(loaded.store, monkeypatch)
    go_on = held_after_first_part(loaded.store, monkeypatch)
    said: list[str] = []
    loaded.ctx.bus.info.connect(said.append)
    bar = loaded.editing.step_bar
    assert bar.isHidden()
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=60_000) as done:
        loaded.actions_by_name["undo"].trigger()
        qtbot.waitUntil(lambda: not bar.isHidden())
        assert bar.label.text() == "Undo: 200 of 450 changes"
        assert bar.cancel.isEnabled()
        qtbot.mouseClick(bar.cancel, Qt.MouseButton.LeftButton)
        assert bar.label.text() == "Stopping after the part under way…"
        assert not bar.cancel.isEnabled()
        go_on.set()
    assert len(done.args[0]) == 2 * 200  # the first part: 200 merges, each with its back-link
    assert bar.isHidden()
    assert said[-1] == (
        "Undo stopped: 200 of 450 changes undone (supersede of 450 memories); "
        "the other 250 are unchanged. Ctrl+Z finishes it."
    )
    merged = [r.id for r in loaded.store.get_many(dups) if r.superseded_by]
    assert len(merged) == 250
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=60_000) as done:
        loaded.actions_by_name["undo"].trigger()  # Ctrl+Z
    assert {e.memory_id for e in done.args[0] if e.field == "superseded_by"} == set(merged)
    assert said[-1] == "Undid: supersede of 450 memories"
    assert not any(r.superseded_by for r in loaded.store.get_many(dups))
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=60_000) as done:
        loaded.actions_by_name["redo"].trigger()  # one redo: the whole consolidation again
    assert all(r.superseded_by for r in loaded.store.get_many(dups))


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_esc_stops_a_long_redo(loaded, qtbot, monkeypatch):
    """Esc while a long redo runs stops it as Cancel does; Ctrl+Shift+Z finishes it."""
    dups = consolidated(loaded.store, monkeypatch)
    loaded.store.undo_step()
    go_on = held_after_first_part(loaded.store, monkeypatch)
    said: list[str] = []
    loaded.ctx.bus.info.connect(said.append)
    bar = loaded.editing.step_bar
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=60_000):
        loaded.actions_by_name["redo"].trigger()
        qtbot.waitUntil(lambda: not bar.isHidden())
        qtbot.keyClick(loaded.table, Qt.Key.Key_Escape)
        assert not bar.cancel.isEnabled()
        go_on.set()
    assert said[-1] == (
        "Redo stopped: 200 of 450 changes redone (supersede of 450 memories); "
        "the other 250 are still undone. Ctrl+Shift+Z finishes it."
    )
    assert sum(1 for r in loaded.store.get_many(dups) if r.superseded_by) == 200
    with qtbot.waitSignal(loaded.editing.step_finished, timeout=60_000):
        loaded.actions_by_name["redo"].trigger()
    assert all(r.superseded_by for r in loaded.store.get_many(dups))

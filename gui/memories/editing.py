"""The inspector's changes to the store: new, edit, confidence, supersede, delete / restore,
tags, undo / revert, history, export and the explanation as JSON.

:class:`EditingController` opens the dialogs (non-blocking), applies what they hand back through
the :class:`MemoryStore` (a refused change goes to the error banner) and has the area re-run its
query at once, selecting the memory the change was about.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from hmdesk.core.memory.csv_export import memories_to_csv
from hmdesk.core.memory.errors import StoreError
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.memories.edit_dialog import MemoryEditDialog, edit_view
from hmdesk.gui.memories.history_dialog import HistoryDialog
from hmdesk.gui.memories.small_dialogs import ConfidenceDialog, RestoreDialog, TagDialog
from hmdesk.gui.memories.supersede_dialog import SupersedeDialog
from hmdesk.gui.memories.task_bar import TaskBar
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryEvent, MemoryRecord
    from hmdesk.core.memory.store import UndoStep
    from hmdesk.core.memory.store.undo import StepPlan
    from hmdesk.gui.memories.area import MemoriesArea

log = logging.getLogger(__name__)

T = TypeVar("T")


class EditingController(QObject):
    """Every change the user makes to memories, from the area's actions and dialogs.

    Signals: ``step_finished(events)`` after an undo or redo (the ``revert`` events written;
    [] for none or a failure); ``step_progress(undo|redo, done, total)`` after each of its
    transactions (GUI thread).

    A long undo or redo shows its progress in the status bar (:attr:`step_bar`) with a Cancel
    button; it or Esc (:meth:`cancel_step`) stops it after the transaction under way."""

    step_finished = Signal(object)
    step_progress = Signal(str, int, int)  # emitted by the worker, delivered queued

    def __init__(self, area: MemoriesArea) -> None:
        super().__init__(area)
        self.step_progress.connect(self._show_step_progress)
        self.undo_question: QMessageBox | None = None  # open while asking whose change to undo
        self._stepping = False  # an undo or redo is running (one at a time)
        self._stop = threading.Event()  # Cancel / Esc: read by the worker between transactions
        self.step_bar = TaskBar(
            area,
            "undoStep",
            "Stop after the part under way (Esc): what is done so far stays, the next "
            "undo or redo finishes it",
        )
        self.step_bar.cancel.clicked.connect(self.cancel_step)
        esc = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.step_bar, self.cancel_step)
        esc.setContext(Qt.ShortcutContext.WindowShortcut)  # only while the bar is shown
        self.area = area
        self.store = area.store
        self.edit_dialog: MemoryEditDialog | None = None  # checked on outside changes
        self.history_dialog: HistoryDialog | None = None  # refreshed after a revert

    # ------------------------------------------------------------------ plumbing
    def apply(
        self, what: str, fn: Callable[[], T], select: Callable[[T], str | None] | None = None
    ) -> T | None:
        """Run a store call; on StoreError show the banner. Then re-run the query at once
        (selecting ``select(result)`` when given)."""
        try:
            with self.area.changes.own_write():
                res = fn()
            log.info("%s: done", what)
        except StoreError as exc:
            log.info("%s: refused: %s", what, exc)
            self.area.ctx.bus.show_error(f"Could not {what}: {exc}", "")
            return None
        if select is not None:
            self.area.select_after(select(res))
        self.area.refresh()
        return res

    def _open(self, dialog: QDialog, on_accept: Callable[[], None]) -> QDialog:
        dialog.finished.connect(lambda _r: self._forget(dialog))
        return self.area.open_dialog(dialog, on_accept)

    def _forget(self, dialog: QDialog) -> None:
        if self.edit_dialog is dialog:
            self.edit_dialog = None
        if self.history_dialog is dialog:
            self.history_dialog = None

    def _status(self, text: str) -> None:
        self.area.ctx.bus.show_info(text)

    def check_edit_dialog(self, ids: set[str] | None) -> None:
        """The store changed (``ids``; None = unknown which): an open edit dialog whose memory
        changed outside shows the new version and will not overwrite it."""
        d = self.edit_dialog
        if d is None or d.record is None or not d.isVisible():
            return
        if ids is not None and d.record.id not in ids:
            return
        try:
            now = self.store.get(d.record.id)
        except (StoreError, SQLAlchemyError) as exc:
            log.info("edited memory %s: %s", d.record.id, exc)
            return
        seen = d.outside if d.outside is not None else d.record
        if edit_view(now) != edit_view(seen):
            d.outside_change(now)

    # ------------------------------------------------------------------ new / edit
    def new_memory(self) -> QDialog:
        d = MemoryEditDialog(None, self.area.changes.tags, self.area)
        self.edit_dialog = d

        def save() -> None:
            v = d.values()
            rec = self.apply(
                "add the memory",
                lambda: self.store.add(
                    v.content,
                    tags=v.tags,
                    layer=v.layer,
                    environment=v.environment,
                    reason=v.reason,
                ),
                select=lambda r: r.id,
            )
            if rec is not None:
                self._status(f"Added {rec.id}")

        return self._open(d, save)

    def edit_selected(self) -> QDialog | None:
        recs = self.area.selected_records()
        if len(recs) != 1:
            return None
        rec = self.store.get(recs[0].id)
        d = MemoryEditDialog(rec, self.area.changes.tags, self.area)
        self.edit_dialog = d

        def save() -> None:
            v = d.values()
            base = d.record
            assert base is not None
            changes: dict[str, Any] = {}
            if v.content != base.content:
                changes["content"] = v.content
            if tuple(v.tags) != tuple(base.tags):
                changes["tags"] = list(v.tags)
            if v.layer != base.layer:
                changes["layer"] = v.layer
            if v.environment != base.environment:
                changes["environment"] = v.environment
            if not changes:
                self._status("Nothing changed")
                return
            self.apply(
                "edit the memory",
                lambda: self.store.edit(base.id, reason=v.reason, **changes),
                select=lambda r: r.id,
            )
            self._status(f"Edited {base.id}: {', '.join(changes)}")

        return self._open(d, save)

    # ------------------------------------------------------------------ confidence
    def set_confidence(self) -> QDialog | None:
        recs = self.area.selected_records()
        if not recs:
            return None
        d = ConfidenceDialog(recs, self.area)
        ids = [r.id for r in recs]

        def save() -> None:
            self.apply_confidence(ids, d.value(), d.reason_text())

        return self._open(d, save)

    def apply_confidence(self, ids: Sequence[str], value: float, reason: str) -> None:
        if len(ids) == 1:
            self.apply(
                "set the confidence",
                lambda: self.store.set_confidence(ids[0], value, reason=reason),
                select=lambda r: r.id,
            )
        else:
            self.apply(
                "set the confidence",
                lambda: self.store.bulk_set_confidence(list(ids), value, reason=reason),
            )
        self._status(f"Confidence {value:.2f} on {len(ids)} memor{'y' if len(ids) == 1 else 'ies'}")

    # ------------------------------------------------------------------ supersede
    def lookup(self, memory_id: str) -> MemoryRecord | None:
        """The live memory ``memory_id`` (None when there is none or it is deleted)."""
        try:
            rec = self.store.get(memory_id)
        except StoreError:
            return None
        return None if rec.is_deleted else rec

    def supersede_selected(self) -> SupersedeDialog | None:
        olds = self.area.selected_records()
        if not olds:
            return None
        result = self.area.result
        candidates = [s.memory for s in result.results] if result is not None else []
        try:
            start: float | None = self.store.successor_confidence(olds[0].id)
        except StoreError:
            start = None
        d = SupersedeDialog(olds, self.lookup, candidates, self.area, start_confidence=start)
        ids = [o.id for o in olds]

        def save() -> None:
            v = d.values()
            self.apply_supersede(
                ids, reason=v.reason, by=v.by, content=v.content, confidence=v.confidence
            )

        self._open(d, save)
        return d

    def apply_supersede(
        self,
        ids: Sequence[str],
        *,
        reason: str,
        by: str | None = None,
        content: str | None = None,
        confidence: float | None = None,  # of new content; None: the old memory's
    ) -> MemoryRecord | str | None:
        """Supersede one memory (by ``by`` or by new ``content``; the new one is returned) or
        several by ``by`` (one undo step; the group id is returned). None if refused."""
        res: MemoryRecord | str | None
        if len(ids) == 1:
            res = self.apply(
                "supersede",
                lambda: self.store.supersede(
                    ids[0], by=by, content=content, reason=reason, confidence=confidence
                ),
                select=lambda r: r.id,
            )
        else:
            assert by is not None
            res = self.apply(
                "supersede", lambda: self.store.bulk_supersede(list(ids), by=by, reason=reason)
            )
            self.area.select_after(by)
        if res is not None:
            self._status(f"Superseded {', '.join(ids)}")
        return res

    # ------------------------------------------------------------------ delete / restore
    def delete_selected(self) -> None:
        """Soft-delete the selection in one transaction: one Ctrl+Z brings all of it back."""
        ids = self.area.selected_ids()
        if not ids:
            return

        def run() -> int:
            return len(self.store.delete_many(ids, reason="deleted in hmdesk"))

        if self.apply("delete", run) is not None:
            self._status(f"Deleted {len(ids)} (Ctrl+Z undoes; Edit ▸ Restore deleted…)")

    def restore_deleted(self) -> None:
        """List the soft-deleted memories (read off the GUI thread) and offer to restore them."""
        store = self.store
        area = self.area

        def fetch() -> list[MemoryRecord]:
            return [r for r in store.list(include_deleted=True) if r.is_deleted]

        def show(deleted: list[MemoryRecord]) -> None:
            if not area.alive():
                return
            if not deleted:
                self._status("Nothing is deleted")
                return
            d = RestoreDialog(deleted, area)

            def save() -> None:
                ids = d.ids()
                self.apply("restore", lambda: self.store.restore_many(ids))
                if ids:
                    area.select_after(ids[0])
                    area.refresh()
                    self._status(f"Restored {len(ids)}")

            self._open(d, save)

        run_in_thread(
            fetch,
            on_done=show,
            on_error=lambda e: area.ctx.bus.show_error(f"Could not list deleted memories: {e}", ""),
        )

    # ------------------------------------------------------------------ undo / history
    def undo_last(self) -> None:
        """Undo the user's newest change (a revert from History included), off the GUI thread
        with its progress in the status bar; when the newest change of the store is a
        teammate's, ask first whose to undo (:attr:`undo_question`). :attr:`step_finished`
        gives the events written."""
        if self._stepping:
            self._status("Still working on the last undo or redo")
            return
        self._stepping = True
        store = self.store
        run_in_thread(
            lambda: (store.next_undo(), store.next_undo(anyone=False)),
            on_done=lambda plans: self._ask_whose(*plans),
            on_error=self._step_failed("undo"),
        )

    def redo_last(self) -> None:
        """Re-apply the user's newest undone change, off the GUI thread (:attr:`step_finished`)."""
        if self._stepping:
            self._status("Still working on the last undo or redo")
            return
        self._stepping = True
        self._step("redo", self.store.redo_step, "Redid", "Nothing to redo", None)

    def _ask_whose(self, newest: StepPlan | None, mine: StepPlan | None) -> None:
        if newest is None or newest.actor == self.store.actor:
            self._step("undo", self.store.undo_step, "Undid", "Nothing to undo", None)
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Undo",
            f"The newest change is {newest.actor}’s, not yours: {newest.what}.",
            parent=self.area,
        )
        theirs = box.addButton(f"Undo {newest.actor}’s change", QMessageBox.ButtonRole.AcceptRole)
        own = None
        if mine is not None:
            box.setInformativeText(f"Your own newest change: {mine.what}.")
            own = box.addButton("Undo my change", QMessageBox.ButtonRole.AcceptRole)
            box.setDefaultButton(own)
        box.addButton(QMessageBox.StandardButton.Cancel)
        self.undo_question = box

        def answered(_result: int) -> None:
            self.undo_question = None
            clicked = box.clickedButton()
            if clicked is theirs:
                fn: Callable[..., UndoStep] = self.store.undo_step
                self._step("undo", fn, "Undid", "Nothing to undo", newest.actor)
            elif own is not None and clicked is own:
                self._step("undo", self.store.undo_step, "Undid", "Nothing to undo", None)
            else:
                self._stepping = False

        box.finished.connect(answered)
        box.open()

    def _step(
        self, what: str, fn: Callable[..., UndoStep], done: str, nothing: str, of: str | None
    ) -> None:
        progress = self.step_progress
        stop = self._stop
        stop.clear()
        self._status(f"{what.capitalize()}ing…")

        def work() -> UndoStep:
            return fn(
                of=of,
                progress=lambda n, total: progress.emit(what, n, total),
                cancelled=stop.is_set,
            )

        def finished(step: UndoStep) -> None:
            self._stepping = False
            self.step_bar.hide()
            if not self.area.alive():
                return
            if step.stopped:
                again = "Ctrl+Z" if what == "undo" else "Ctrl+Shift+Z"
                self._status(step.stopped_text(what, again))
            elif step.events:
                ids = {e.memory_id for e in step.events}
                if len(ids) == 1:
                    self.area.select_after(next(iter(ids)))
                whose = "" if step.actor == self.store.actor else f" ({step.actor}’s)"
                self._status(f"{done}: {step.what}{whose}")
            else:
                self._status(nothing)
            self.area.refresh()
            self._refresh_history()
            self.step_finished.emit(step.events)

        run_in_thread(work, on_done=finished, on_error=self._step_failed(what))

    def cancel_step(self) -> None:
        """Stop the running undo or redo after the transaction under way (Cancel, Esc, the area
        closing): what it committed stays, and the next undo or redo finishes it."""
        if not self._stepping or self.step_bar.isHidden():
            return
        self._stop.set()
        self.step_bar.stopping("Stopping after the part under way…")

    def _step_failed(self, what: str) -> Callable[[BaseException], None]:
        def failed(exc: BaseException) -> None:
            self._stepping = False
            self.step_bar.hide()
            self.area.ctx.bus.show_error(f"Could not {what}: {exc}", "")
            self.step_finished.emit([])

        return failed

    def _show_step_progress(self, what: str, done: int, total: int) -> None:
        """A step with more than one transaction shows the bar (a short one never does)."""
        if not self._stepping or self._stop.is_set() or not self.area.alive():
            return
        text = f"{what.capitalize()}: {done:,} of {total:,} changes"
        if done < total:
            self.step_bar.start(text)
        elif not self.step_bar.isHidden():
            self.step_bar.label.setText(text)

    def _refresh_history(self) -> None:
        if self.history_dialog is not None:
            self.history_dialog.set_events(self.store.history(self.history_dialog.memory_id))

    def revert_event(self, event_id: int) -> list[MemoryEvent]:
        events = self.apply("revert", lambda: self.store.revert(event_id)) or []
        if events:
            what = self.store.describe_change(events) or "the change"
            self._status(f"Reverted the {what.removeprefix('revert of ')} (Ctrl+Z undoes it)")
        self._refresh_history()
        return events

    def show_history(self, memory_id: str | None = None) -> HistoryDialog | None:
        shown = self.area.detail.memory
        memory_id = memory_id or self.area.current_id() or (shown.id if shown else None)
        if memory_id is None:
            return None
        d = HistoryDialog(memory_id, self.store.history(memory_id), self.area, db=self.store.db)
        d.revert_requested.connect(self.revert_event)
        self.history_dialog = d
        self._open(d, lambda: None)
        return d

    # ------------------------------------------------------------------ tags
    def bulk_add_tag(self) -> QDialog | None:
        return self._tag_dialog(True)

    def bulk_remove_tag(self) -> QDialog | None:
        return self._tag_dialog(False)

    def _tag_dialog(self, adding: bool) -> QDialog | None:
        ids = self.area.selected_ids()
        if not ids:
            return None
        records = self.area.selected_records()
        tags = [] if adding else sorted({t for r in records for t in r.tags})
        d = TagDialog(adding, len(ids), tags or self.area.changes.tags, self.area)

        def save() -> None:
            self.apply_tag(ids, d.value(), adding)

        return self._open(d, save)

    def apply_tag(self, ids: Sequence[str], tag: str, adding: bool) -> None:
        if adding:
            self.apply("add the tag", lambda: self.store.bulk_add_tag(list(ids), tag))
        else:
            self.apply("remove the tag", lambda: self.store.bulk_remove_tag(list(ids), tag))
        self.area.select_ids(ids, ids[0] if ids else None)
        self._status(f"{'Added' if adding else 'Removed'} tag {tag} on {len(ids)}")

    # ------------------------------------------------------------------ explanation
    def explanation_json(self) -> dict[str, Any] | None:
        """The selected result as the CLI's ``query --json`` prints it (one result)."""
        from hmdesk.core.memory.retrieve.results import result_to_json

        cur = self.area.current_id()
        result = self.area.result
        if cur is None or result is None:
            return None
        data = result_to_json(result)
        data["results"] = [r for r in data["results"] if r["id"] == cur]
        return data

    def copy_explanation(self) -> None:
        data = self.explanation_json()
        if data is None:
            return
        QApplication.clipboard().setText(json.dumps(data, ensure_ascii=False, indent=2))
        self._status("Copied the explanation as JSON")

    # ------------------------------------------------------------------ export
    def export_jsonl(self, path: Path | str, ids: Sequence[str] | None = None) -> int:
        from hmdesk.core.memory.hmharness.jsonl import export_file

        ids = list(ids if ids is not None else self.area.selected_ids())
        n = export_file(self.store, Path(path), ids=ids)
        self._status(f"Exported {n} memories to {path}")
        return n

    def export_csv(self, path: Path | str, ids: Sequence[str] | None = None) -> int:
        ids = list(ids if ids is not None else self.area.selected_ids())
        n = memories_to_csv(self.store.get_many(ids), path)
        self._status(f"Exported {n} memories to {path}")
        return n

    def _export_dialog(
        self, title: str, filt: str, suffix: str, export: Callable[[str], int]
    ) -> None:
        if not self.area.selected_ids():
            return
        start = str(Path.home() / f"memories{suffix}")
        path, _ = QFileDialog.getSaveFileName(self.area, title, start, filt)
        if not path:
            return
        bus = self.area.ctx.bus
        try:
            export(path)
        except OSError as exc:
            bus.show_error(f"Could not write {path}: {exc.strerror}", "Pick another folder.")
        except (StoreError, SQLAlchemyError, ValueError) as exc:
            bus.show_error(f"Export failed: {exc}", "")

    def export_jsonl_dialog(self) -> None:
        self._export_dialog(
            "Export as hmharness JSONL", "JSONL (*.jsonl)", ".jsonl", self.export_jsonl
        )

    def export_csv_dialog(self) -> None:
        self._export_dialog("Export as CSV", "CSV (*.csv)", ".csv", self.export_csv)

"""Getting memories in: import of an hmharness memory.jsonl, live sync with it, the starter pack.

:class:`ImportSyncController` imports off the GUI thread and shows the report, watches the file
(:class:`HmharnessSync`, whose reports and errors arrive on its own thread and are marshalled
here by queued signals) and loads the core's starter pack.

An import never turns live sync on by itself: its report dialog offers "Keep in sync with this
file" (unchecked until the user once ticks it; the choice is remembered). A sync that brings
nothing new (the first one re-reads the file just imported) says nothing in the status bar.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.memories.small_dialogs import ImportReportDialog
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog

if TYPE_CHECKING:
    from hmdesk.core.memory.hmharness.jsonl import HmharnessSync, ImportReport
    from hmdesk.gui.memories.area import MemoriesArea

log = logging.getLogger(__name__)

KEEP_SYNC_KEY = "import/keepSync"  # the last choice of "Keep in sync with this file"


def hmharness_default() -> Path | None:
    """hmharness's memory.jsonl where it is by default (None when there is no home folder)."""
    from hmdesk.core.memory.hmharness.jsonl import default_memory_file

    try:
        return default_memory_file()
    except RuntimeError as exc:  # Path.home(): no home directory to look in
        log.info("no hmharness home: %s", exc)
        return None


class ImportSyncController(QObject):
    """Signals:
    import_done(ImportReport): an import finished (its report dialog is open).
    import_progress(int, int): bytes read and file size during an import (from its worker thread).
    sync_report(ImportReport): a live-sync report (marshalled from the watcher thread).
    sync_error(str): a live-sync error (marshalled from the watcher thread).
    """

    import_done = Signal(object)
    import_progress = Signal(object, object)  # object: a file may be over 2 GB
    sync_report = Signal(object)
    sync_error = Signal(str)

    def __init__(self, area: MemoriesArea) -> None:
        super().__init__(area)
        self.area = area
        self.store = area.store
        self.sync: HmharnessSync | None = None
        self.sync_path: Path | None = None
        # hmharness's notes (memory.md), kept in step with memory.jsonl's live sync
        self.notes_sync: HmharnessSync | None = None
        # the skipped lines the user has already been told about (by the import's report or
        # the last sync): a sync that skips the same lines and changes nothing is no news
        self._known_skips: tuple[tuple[int, str], ...] | None = None
        self.sync_report.connect(self._on_sync_report)
        self._importing: Path | None = None
        self.import_progress.connect(self._on_import_progress)
        self.sync_error.connect(
            lambda msg: area.ctx.bus.show_error(
                f"Live sync with hmharness: {msg}", "The watch goes on; fix the file and save it."
            )
        )

    def _status(self, text: str) -> None:
        self.area.ctx.bus.show_info(text)

    # ------------------------------------------------------------------ first run
    def init_first_run_hints(self) -> None:
        """Tell the empty state where hmharness's file is and how big the starter pack is."""
        from hmdesk.core.memory.starter import starter_entries

        path = hmharness_default()
        empty = self.area.empty
        empty.set_hmharness_path(path, bool(path and path.exists()))
        try:
            empty.set_starter_count(len(starter_entries()))
        except (OSError, ValueError) as exc:  # an unreadable pack: the button still tries
            log.warning("starter pack: %s", exc)

    def load_starter_pack(self) -> int:
        from hmdesk.core.memory.starter import load_starter_pack

        n = self.area.editing.apply("load the starter pack", lambda: load_starter_pack(self.store))
        self._status(f"Loaded {n or 0} starter pitfalls")
        return n or 0

    # ------------------------------------------------------------------ import
    def import_hmharness(self, path: Path | str | None = None) -> None:
        """Import an hmharness memory.jsonl (default location when present, else ask). Its
        report dialog asks whether to keep in sync with the file; importing alone does not."""
        from hmdesk.core.memory.hmharness.jsonl import import_file

        area = self.area
        if path is None:
            default = hmharness_default()
            if default is not None and default.exists():
                path = default
            else:
                start = str(default.parent if default and default.parent.exists() else Path.home())
                chosen, _ = QFileDialog.getOpenFileName(
                    area, "Import hmharness memory", start, "JSONL (*.jsonl);;All files (*)"
                )
                if not chosen:
                    return
                path = chosen
        target = Path(path)
        self._importing = target
        self._status(f"Importing {target}…")

        def done(report: ImportReport) -> None:
            self._importing = None
            if not area.alive():
                return
            area.refresh()
            self._status(
                f"Imported {report.imported}, updated {report.updated}, skipped {len(report.skipped)}"
            )
            syncing = self.sync is not None and self.sync_path == target.expanduser()
            dialog = ImportReportDialog(report, area, keep_sync=syncing or self._keep_choice())
            dialog.finished.connect(lambda _r: self._keep_in_sync(target, report, dialog))
            area.open_dialog(dialog, lambda: None)
            self.import_done.emit(report)

        def failed(exc: BaseException) -> None:
            self._importing = None
            area.ctx.bus.show_error(
                f"Could not import {target}: {exc}", "Check the path and that it is a memory.jsonl."
            )

        def progress(done: int, total: int) -> None:  # on the worker thread
            try:
                self.import_progress.emit(done, total)
            except RuntimeError:  # the area was closed: the import goes on
                pass

        run_in_thread(
            import_file,
            self.store,
            target,
            progress,
            on_done=done,
            on_error=failed,
        )

    def _keep_choice(self) -> bool:
        return self.area.ctx.settings.value(KEEP_SYNC_KEY, False) in (True, "true", "1", 1)

    def _keep_in_sync(self, target: Path, report: ImportReport, dialog: ImportReportDialog) -> None:
        """The import's report was closed: follow (and remember) "Keep in sync with this file"."""
        keep = dialog.keep_sync.isChecked()
        self.area.ctx.settings.setValue(KEEP_SYNC_KEY, keep)
        if not self.area.alive():
            return
        syncing = self.sync is not None and self.sync_path == target.expanduser()
        if keep and not syncing:
            if self.start_sync(target):
                self._known_skips = skip_key(report)  # shown in the report just closed
        elif not keep and syncing:
            self.stop_sync()
            self.area.ctx.settings.setValue("sync/enabled", False)
            self._status(f"Live sync off: {target}")

    def _on_import_progress(self, done: int, total: int) -> None:
        if self._importing is not None and total and done < total and self.area.alive():
            self._status(f"Importing {self._importing}… {100 * done // total}%")

    # ------------------------------------------------------------------ live sync
    def auto_sync_later(self) -> None:
        """Live sync starts by itself only once the user has imported (or turned it on) before."""
        if self.area.ctx.settings.value("sync/enabled", False) in (True, "true", "1", 1):
            QTimer.singleShot(0, self._auto_sync)

    def _auto_sync(self) -> None:
        saved = self.area.ctx.settings.value("sync/path")
        path = Path(str(saved)) if saved else hmharness_default()
        if path is not None and path.exists() and self.sync is None and self.area.alive():
            self.start_sync(path)

    def start_sync(self, path: Path | str | None = None) -> bool:
        """Watch an hmharness memory.jsonl; changes show up within a second."""
        from hmdesk.core.memory.hmharness.jsonl import HmharnessSync

        area = self.area
        self.stop_sync()
        target = Path(path) if path is not None else hmharness_default()
        if target is None or not target.is_file():
            where = str(target) if target is not None else "the hmharness memory"
            area.ctx.bus.show_error(
                f"Live sync is off: there is no file at {where}",
                "Import an hmharness memory.jsonl first (Import hmharness memory.jsonl…); then live sync "
                "follows it.",
            )
            return False
        try:
            sync = HmharnessSync(
                self.store,
                target,
                on_report=self.sync_report.emit,
                on_error=lambda exc: self.sync_error.emit(str(exc)),
            )
            sync.start()
        except (OSError, RuntimeError) as exc:  # no folder to watch, no thread to start
            area.ctx.bus.show_error(f"Live sync could not start: {exc}", "Check the file's folder.")
            return False
        self.sync = sync
        self._known_skips = None
        area.cleanup.sync = sync
        self.start_notes_sync()
        self.sync_path = sync.path
        area.actions_by_name["sync"].setChecked(True)
        area.ctx.settings.setValue("sync/enabled", True)
        area.ctx.settings.setValue("sync/path", str(sync.path))
        self._status(f"Live sync on: {sync.path}")
        return True

    def start_notes_sync(self, path: Path | str | None = None) -> None:
        """Watch hmharness's notes (memory.md, default ``$HMH_HOME/memory/memory.md``) too:
        new lines become episodic memories tagged with their workspace."""
        from hmdesk.core.memory.hmharness.notes import NotesSync

        if self.notes_sync is not None:
            stop_quietly(self.notes_sync)
        try:
            notes = NotesSync(
                self.store,
                path,
                on_report=self.sync_report.emit,
                on_error=lambda exc: self.sync_error.emit(f"notes: {exc}"),
            )
            notes.start()
        except (OSError, RuntimeError) as exc:
            log.warning("notes sync could not start: %s", exc)
            return
        self.notes_sync = self.area.cleanup.notes_sync = notes

    def stop_sync(self) -> None:
        if self.notes_sync is not None:
            stop_quietly(self.notes_sync)
            self.notes_sync = self.area.cleanup.notes_sync = None
        if self.sync is not None:
            stop_quietly(self.sync)
            self.sync = None
            self.area.cleanup.sync = None
        self.area.actions_by_name["sync"].setChecked(False)

    def toggle_sync(self) -> None:
        if self.sync is None:
            self.start_sync(self.sync_path)
        else:
            self.stop_sync()
            self.area.ctx.settings.setValue("sync/enabled", False)
            self._status("Live sync off")

    def _on_sync_report(self, report: ImportReport) -> None:
        skipped = len(report.skipped)
        skips, known = skip_key(report), self._known_skips
        self._known_skips = skips
        new_skips = bool(skipped) and skips != known
        if report.imported or report.updated or new_skips:
            self._status(
                f"hmharness sync: {report.imported} new, {report.updated} updated"
                + (f", {skipped} bad lines skipped" if new_skips else "")
            )
        self.area.editing.check_edit_dialog(None)
        self.area.refresh()


def skip_key(report: ImportReport) -> tuple[tuple[int, str], ...]:
    """The skipped lines of a report, to tell a new problem from one already shown."""
    return tuple((s.line, s.error) for s in report.skipped)


def stop_quietly(sync: HmharnessSync) -> None:
    """Stop the watcher; a failure to stop it is logged (the app is closing or moving on)."""
    try:
        sync.stop()
    except (OSError, RuntimeError) as exc:
        log.warning("stopping sync: %s", exc)

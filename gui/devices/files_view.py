"""Files: the app's sandbox, its databases, the fault logs and the hilog files on the device.

Pick a place (or type a folder), open folders with a double-click, **Download…** the selected
files (several at once), **Upload…** into a place that takes uploads, **Delete…** after a
confirmation. **Open** downloads a file and opens it the way it reads: an SQLite database in a
read-only table view, a fault log as the crash card of the Runs feed (``crash_opened``: the
window opens it there, with its cause, fix and recalled pitfalls), anything else with the
system's program.
Listings arrive in batches while the device prints them (a huge folder stops at
:data:`~hmdesk.core.toolchain.device.files.MAX_ENTRIES`); every transfer runs off the GUI thread.
"""

from __future__ import annotations

import posixpath
import tempfile
from collections.abc import Callable
from pathlib import Path

from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog
from hmdesk.core.toolchain.crash.model import Crash
from hmdesk.core.toolchain.device import files
from hmdesk.core.toolchain.device.files import Entry, Listing
from hmdesk.core.toolchain.device.remote import Root, app_roots, root_of, validate_remote_path
from hmdesk.core.toolchain.hdc import InvalidName, Outcome
from hmdesk.core.toolchain.tools import hdc_path
from hmdesk.gui.common.wording import count_of
from hmdesk.gui.common.workers import Batcher, run_in_thread
from hmdesk.gui.context import AppContext
from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

COLUMNS = ("Name", "Size", "Modified (device time)", "Mode")


class FilesView(QWidget):
    """The file browser of one device; ``device_key()`` and ``bundle()`` name them.

    Signals: listed(str) a folder was listed; opened(str, str) a downloaded file is opened (its
    path, how); crash_opened(object) a downloaded fault log was read (its ``Crash``: the window
    shows it as the Runs feed's crash card).
    """

    listed = Signal(str)
    opened = Signal(str, str)  # local path, how (db | faultlog | file)
    crash_opened = Signal(object)  # a fault log read (its Crash): shown as a Runs crash card

    def __init__(
        self,
        ctx: AppContext,
        device_key: Callable[[], str],
        bundle: Callable[[], str | None] = lambda: None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.device_key = device_key
        self.bundle = bundle
        self.path = ""
        self.roots: list[Root] = []
        self.entries: list[Entry] = []
        self._generation = 0
        self._downloads = Path(tempfile.mkdtemp(prefix="hmdesk-files-"))
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.places = QComboBox()
        self.places.setToolTip("The app's places on the device")
        self.places.activated.connect(
            lambda i: self.go(self.roots[i].path) if 0 <= i < len(self.roots) else None
        )
        bar.addWidget(self.places)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText("/data/app/el2/100/base/<bundle>")
        self.path_edit.returnPressed.connect(lambda: self.go(self.path_edit.text().strip()))
        bar.addWidget(self.path_edit, 1)
        self.up_button = QPushButton("Up")
        self.up_button.clicked.connect(lambda: self.go(posixpath.dirname(self.path) or "/"))
        bar.addWidget(self.up_button)
        self.refresh_button = QPushButton("&Refresh")
        self.refresh_button.clicked.connect(
            lambda: self.go(self.path or self.path_edit.text().strip())
        )
        bar.addWidget(self.refresh_button)
        lay.addLayout(bar)
        self.status = QLabel("Choose a place to list it.")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.cellDoubleClicked.connect(self._activated)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        lay.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.open_button = QPushButton("&Open")
        self.open_button.setToolTip(
            "Download and open: a database read-only, a fault log as a crash card"
        )
        self.open_button.clicked.connect(self.open_selected)
        self.download_button = QPushButton("&Download…")
        self.download_button.clicked.connect(self.download_dialog)
        self.upload_button = QPushButton("&Upload…")
        self.upload_button.clicked.connect(self.upload_dialog)
        self.delete_button = QPushButton("De&lete…")
        self.delete_button.clicked.connect(self.delete_selected)
        for b in (self.open_button, self.download_button, self.upload_button, self.delete_button):
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        self.batch: Batcher[tuple[int, Entry]] = Batcher(self._add_rows, 100, self)
        self.reload_places()
        self._update_buttons()

    # --- places and listing ---------------------------------------------------------------
    def reload_places(self) -> None:
        try:
            self.roots = app_roots(self.bundle())
        except InvalidName:
            self.roots = app_roots(None)
        self.places.clear()
        for r in self.roots:
            self.places.addItem(f"{r.label} — {r.path}")

    def say(self, text: str) -> None:
        self.status.setText(text)

    def go(self, path: str) -> None:
        key = self.device_key()
        if not key:
            self.say("Choose a connected device first.")
            return
        try:
            path = validate_remote_path(path)
        except InvalidName as exc:
            self.say(str(exc))
            return
        self.path = path
        self.path_edit.setText(path)
        root = root_of(path, self.roots)
        if root is not None:  # the place the folder lies in (a typed path too)
            self.places.setCurrentIndex(self.roots.index(root))
        self.entries = []
        self.table.setRowCount(0)
        self._generation += 1
        gen = self._generation
        self.say(f"Listing {path}…")
        self._update_buttons()

        def work() -> Listing:
            return files.list_dir(
                hdc_path(self.ctx.db), key, path, on_entry=lambda e: self.batch.put((gen, e))
            )

        def done(listing: Listing) -> None:
            if gen != self._generation:
                return
            self.batch.flush_now()
            if listing.problem is not None:
                p = listing.problem
                self.say(f"{p.message}{' ' + p.fix if p.fix else ''}")
            else:
                more = " (the first ones: the folder has more)" if listing.truncated else ""
                self.say(f"{path}: {len(listing.entries)} entries{more}")
            self.listed.emit(path)

        run_in_thread(
            work, on_done=done, on_error=lambda exc: self.say(f"Could not list {path}: {exc}")
        )

    def _add_rows(self, items: list[tuple[int, Entry]]) -> None:
        fresh = [e for g, e in items if g == self._generation]
        if not fresh:
            return
        start = self.table.rowCount()
        self.table.setRowCount(start + len(fresh))
        for i, e in enumerate(fresh, start):
            name = (
                e.name + ("/" if e.kind == "dir" else "") + (f" -> {e.target}" if e.target else "")
            )
            cells = (name, "" if e.kind == "dir" else f"{e.size:,}", e.modified, e.mode)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(i, col, item)
        self.entries.extend(fresh)
        if start == 0:
            self.table.resizeColumnsToContents()

    def selected(self) -> list[Entry]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        return [self.entries[r] for r in rows if r < len(self.entries)]

    def _update_buttons(self) -> None:
        chosen = self.selected()
        only_files = bool(chosen) and all(e.kind == "file" for e in chosen)
        self.open_button.setEnabled(len(chosen) == 1 and only_files)
        self.download_button.setEnabled(only_files)
        self.delete_button.setEnabled(only_files and self._writable())
        self.upload_button.setEnabled(bool(self.path) and self._writable())
        if self.path and not self._writable():
            self.upload_button.setToolTip("This place is read-only")
        else:
            self.upload_button.setToolTip("Upload a file into this folder")

    def _writable(self) -> bool:
        try:
            root = root_of(self.path, self.roots) if self.path else None
        except InvalidName:
            return False
        return root is None or root.writable

    def _activated(self, row: int, _col: int) -> None:
        if row >= len(self.entries):
            return
        e = self.entries[row]
        if e.kind == "dir" or (e.kind == "link" and "." not in e.name):
            self.go(posixpath.join(self.path, e.name))
        elif e.kind == "file":
            self.open_selected()

    # --- transfers ------------------------------------------------------------------------
    def ask_folder(self) -> str | None:
        folder = QFileDialog.getExistingDirectory(self, "Download into", str(Path.home()))
        return folder or None

    def ask_upload(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Upload a file", str(Path.home()))
        return path or None

    def confirm_delete(self, names: list[str]) -> bool:
        shown = "\n".join(names[:10]) + ("\n…" if len(names) > 10 else "")
        answer = QMessageBox.question(
            self,
            "Delete on the device",
            f"Delete {count_of(len(names), 'file')} from the device? This cannot be undone.\n\n{shown}",
        )
        return answer == QMessageBox.StandardButton.Yes

    def download_dialog(self) -> None:
        chosen = self.selected()
        folder = self.ask_folder() if chosen else None
        if folder:
            self.download([posixpath.join(self.path, e.name) for e in chosen], folder)

    def download(
        self, remotes: list[str], folder: str, then: Callable[[list[Outcome]], None] | None = None
    ) -> None:
        key = self.device_key()
        self.say(f"Downloading {count_of(len(remotes), 'file')}…")

        def done(results: list[Outcome]) -> None:
            bad = [r for r in results if not r.ok]
            if bad:
                self.say(
                    f"{len(results) - len(bad)} downloaded; failed: "
                    + "; ".join(r.message for r in bad)
                )
            else:
                self.say(f"Downloaded {count_of(len(results), 'file')} to {folder}")
            if then is not None:
                then(results)

        run_in_thread(
            lambda: files.pull_many(hdc_path(self.ctx.db), key, remotes, folder),
            on_done=done,
            on_error=lambda exc: self.say(f"Could not download: {exc}"),
        )

    def upload_dialog(self) -> None:
        local = self.ask_upload()
        if local:
            self.upload(local)

    def upload(self, local: str) -> None:
        key, folder = self.device_key(), self.path

        def done(r: Outcome) -> None:
            self.say(
                r.message
                if r.ok
                else f"Could not upload: {r.message}{' ' + r.fix if r.fix else ''}"
            )
            if r.ok:
                self.go(folder)

        run_in_thread(
            lambda: files.push(hdc_path(self.ctx.db), key, local, folder),
            on_done=done, on_error=lambda exc: self.say(f"Could not upload: {exc}"),
        )  # fmt: skip

    def delete_selected(self) -> None:
        chosen = [e for e in self.selected() if e.kind == "file"]
        if not chosen or not self.confirm_delete([e.name for e in chosen]):
            return
        key, folder = self.device_key(), self.path
        remotes = [posixpath.join(folder, e.name) for e in chosen]

        def work() -> list[Outcome]:
            hdc = hdc_path(self.ctx.db)
            return [files.remove(hdc, key, r) for r in remotes]

        def done(results: list[Outcome]) -> None:
            bad = [r for r in results if not r.ok]
            self.say("Deleted." if not bad else "Not deleted: " + "; ".join(r.message for r in bad))
            self.go(folder)

        run_in_thread(work, on_done=done, on_error=lambda exc: self.say(f"Could not delete: {exc}"))

    # --- opening --------------------------------------------------------------------------
    def open_selected(self) -> None:
        chosen = self.selected()
        if len(chosen) != 1 or chosen[0].kind != "file":
            return
        remote = posixpath.join(self.path, chosen[0].name)
        # a database's write-ahead log comes with it (its latest rows are there)
        names = {e.name for e in self.entries if e.kind == "file"}
        logs = [f"{remote}-wal"] if f"{chosen[0].name}-wal" in names else []

        def downloaded(results: list[Outcome]) -> None:
            if results and results[0].ok:
                self.open_local(str(results[0].extra["path"]))

        self.download([remote, *logs], str(self._downloads), downloaded)

    def open_local(self, path: str) -> None:
        how = files.download_kind(path)
        self.opened.emit(path, how)
        if how == "db":
            run_in_thread(
                files.with_log,
                path,
                on_done=lambda db: DatabaseDialog(str(db), self, shown_as=path).show(),
                on_error=lambda exc: self.say(f"Could not read {path} as a database: {exc}"),
            )
        elif how == "faultlog":
            self.say(f"Reading the fault log {Path(path).name}…")

            def read() -> Crash:
                return read_faultlog(path)

            def parsed(crash: Crash) -> None:
                self.say(
                    f"{crash.title} of {crash.bundle or 'the app'}: the crash card is in Runs."
                )
                self.crash_opened.emit(crash)

            run_in_thread(
                read, on_done=parsed, on_error=lambda exc: self.say(f"Could not read {path}: {exc}")
            )
        else:
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))


class DatabaseDialog(QDialog):
    """A downloaded SQLite file, read-only: its tables and their first rows."""

    def __init__(
        self, path: str, parent: QWidget | None = None, *, shown_as: str | None = None
    ) -> None:
        """``path``: the file to read (``files.with_log`` of the download); ``shown_as``: the
        downloaded file's name, when that is another."""
        super().__init__(parent)
        self.path = path
        shown = shown_as or path
        self.setWindowTitle(f"{Path(shown).name} (read-only)")
        self.resize(800, 480)
        lay = QVBoxLayout(self)
        log = " with its write-ahead log applied" if shown != path else ""
        self.note = QLabel(f"{shown}{log} — opened read-only; nothing here changes it.")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.tables = QListWidget()
        split.addWidget(self.tables)
        self.rows = QTableWidget()
        self.rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        split.addWidget(self.rows)
        split.setStretchFactor(1, 3)
        lay.addWidget(split, 1)
        self.tables.currentTextChanged.connect(self.show_table)
        try:
            names = files.db_tables(path)
        except Exception as exc:  # noqa: BLE001 - not a database, damaged: say it
            self.note.setText(f"{path} could not be read as a database: {exc}")
            return
        self.names = [n for n, _c in names]
        for name, count in names:
            self.tables.addItem(f"{name}")
            self.tables.item(self.tables.count() - 1).setToolTip(f"{count:,} rows")
        if names:
            self.tables.setCurrentRow(0)

    def show_table(self, name: str) -> None:
        if not name:
            return
        cols, rows = files.db_rows(self.path, name)
        self.rows.clear()
        self.rows.setColumnCount(len(cols))
        self.rows.setHorizontalHeaderLabels(cols)
        self.rows.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                text = (
                    value.hex() if isinstance(value, bytes) else "" if value is None else str(value)
                )
                self.rows.setItem(r, c, QTableWidgetItem(text[:500]))

"""The last device screenshot, shown beside the device list: Save as… (Ctrl+S), Copy (Ctrl+C),
Close (Esc). The image is decoded on the worker that fetched it (a ``QImage``, safe off the GUI
thread); saving copies the JPEG hdc received, off the GUI thread too."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from hmdesk.gui.common.picture import Picture
from hmdesk.gui.common.workers import run_in_thread
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QImage, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


def default_name(key: str, taken: datetime) -> str:
    """A file name for the shot: the device key made file-safe and the local time."""
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in key)
    return f"{safe}-{taken:%Y%m%d-%H%M%S}.jpeg"


class ScreenshotPanel(QWidget):
    """Shows one screenshot; hidden until the first arrives.

    Signals:
        saved(str): the path the shot was saved to.
        save_failed(str, str): path, what went wrong.
        copied(): the image is on the clipboard.
    """

    saved = Signal(str)
    save_failed = Signal(str, str)
    copied = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source: Path | None = None
        self.key = ""
        self.taken = datetime.now()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 0, 0, 0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.picture = Picture()
        lay.addWidget(self.picture, 1)
        row = QHBoxLayout()
        self.save_button = QPushButton("Save as…")
        self.save_button.setToolTip("Save the screenshot as a JPEG file (Ctrl+S)")
        self.save_button.clicked.connect(self.save_dialog)
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the image to the clipboard (Ctrl+C)")
        self.copy_button.clicked.connect(self.copy)
        self.close_button = QPushButton("Close")
        self.close_button.setToolTip("Hide the screenshot (Esc)")
        self.close_button.clicked.connect(self.hide)
        for b in (self.save_button, self.copy_button, self.close_button):
            row.addWidget(b)
        lay.addLayout(row)
        ctx = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for text, seq, slot in (  # named: the shortcuts list and the palette show them
            ("Save the screenshot as…", QKeySequence.StandardKey.Save, self.save_dialog),
            ("Copy the screenshot", QKeySequence.StandardKey.Copy, self.copy),
            ("Hide the screenshot", QKeySequence(Qt.Key.Key_Escape), self.hide),
        ):
            act = QAction(text, self)
            act.setShortcut(QKeySequence(seq))
            act.setShortcutContext(ctx)
            act.triggered.connect(slot)
            self.addAction(act)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hide()

    def show_image(self, key: str, image: QImage, source: Path, width_height: str = "") -> None:
        self.key, self.source = key, source
        self.taken = datetime.now()
        size = width_height or f"{image.width()}×{image.height()}"
        self.title.setText(f"Screenshot of {key} at {self.taken:%H:%M:%S} (local time), {size}")
        self.show()
        self.picture.show_image(image)
        self.setFocus()

    def copy(self) -> None:
        if self.picture.image.isNull():
            return
        clipboard = QGuiApplication.clipboard()
        clipboard.setImage(self.picture.image)
        self.copied.emit()

    def ask_save_path(self) -> str | None:
        """Where to save (a dialog; tests monkeypatch this)."""
        start = str(Path.home() / default_name(self.key, self.taken))
        path, _ = QFileDialog.getSaveFileName(
            self, "Save the screenshot", start, "JPEG image (*.jpeg *.jpg)"
        )
        return path or None

    def save_dialog(self) -> None:
        if self.source is None:
            return
        path = self.ask_save_path()
        if path:
            self.save(path)

    def save(self, path: str) -> None:
        """Copy the received JPEG to ``path`` off the GUI thread."""
        source = self.source
        if source is None:
            return

        def work() -> str:
            return str(shutil.copyfile(source, path))

        run_in_thread(
            work,
            on_done=self.saved.emit,
            on_error=lambda exc: self.save_failed.emit(path, str(exc)),
        )

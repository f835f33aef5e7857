"""First run: what the app is for, and two ways to get memories in."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class EmptyState(QWidget):
    """Signals:
    import_requested(): import from hmharness.
    starter_requested(): load the starter pack.
    """

    import_requested = Signal()
    starter_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emptyState")
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        box = QWidget(self)
        box.setMaximumWidth(720)
        lay = QVBoxLayout(box)
        title = QLabel("<h1>Your agent’s memory, explained</h1>", box)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(title)
        text = QLabel(
            "<p>hmdesk shows what your coding agent remembers about HarmonyOS work — the "
            "pitfalls it hit and how they were fixed — and <b>why</b> each memory is recalled "
            "for a query: every query word highlighted where it matched, and the score split "
            "into confidence, recency and text match.</p>"
            "<p>Correct it when it is wrong: edit a memory, lower its confidence, supersede a "
            "stale one with a better one, and undo anything. Every change is kept in a history."
            "</p><p>The store is empty. Start with one of these:</p>",
            box,
        )
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(text)
        buttons = QHBoxLayout()
        self.import_button = QPushButton("Import from hmharness…", box)
        self.import_button.setObjectName("emptyImport")
        self.import_button.setMinimumHeight(44)
        self.starter_button = QPushButton("Load the starter pack", box)
        self.starter_button.setObjectName("emptyStarter")
        self.starter_button.setMinimumHeight(44)
        self.starter_button.setDefault(True)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.starter_button)
        lay.addLayout(buttons)
        self.import_note = QLabel(box)
        self.import_note.setObjectName("emptyImportNote")
        self.import_note.setWordWrap(True)
        lay.addWidget(self.import_note)
        self.starter_note = QLabel(box)
        self.starter_note.setWordWrap(True)
        lay.addWidget(self.starter_note)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(box, 4)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.import_button.clicked.connect(self.import_requested)
        self.starter_button.clicked.connect(self.starter_requested)

    def set_hmharness_path(self, path: Path | None, exists: bool) -> None:
        if path is not None and exists:
            self.import_note.setText(
                f"hmharness memory found: <code>{html.escape(str(path))}</code> — after the "
                "import, tick “Keep in sync with this file” in its report to follow it while "
                "hmdesk is open."
            )
        else:
            where = html.escape(str(path)) if path else "~/.hmharness/cognitive/memory/memory.jsonl"
            self.import_note.setText(
                f"No hmharness memory at <code>{where}</code>; you can pick a memory.jsonl file."
            )

    def set_starter_count(self, n: int) -> None:
        self.starter_note.setText(
            f"The starter pack holds {n} real HarmonyOS pitfalls (signing, hdc, hilog, hvigor, "
            "install error codes), each with its fix and tags."
        )

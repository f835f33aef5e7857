"""Agent › Write pitfalls into instructions…: the curated pitfalls block
(:mod:`hmdesk.core.agent.instructions`) previewed for a file and a project, then written.

Choose the file (``AGENTS.md``, ``CLAUDE.md``, hmharness's ``memory.md``) and, optionally, the
project; Preview shows the block exactly as it will be written and what will change (added at the
end, replaced between the markers, nothing); Write writes it. Both run on a worker (the curation
reads every live memory). A file that is not UTF-8 or whose markers are damaged is refused and
the reason shown; the file stays as it was.
"""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.agent.instructions import Outcome, curate, write_block
from hmdesk.core.memory.instruction_block import InstructionsError
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class InstructionsDialog(QDialog):
    def __init__(self, ctx: AppContext, parent: QWidget | None = None, project: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("agentInstructions")
        self.setWindowTitle("Write pitfalls into an agent's instructions")
        self.ctx = ctx
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.path = QLineEdit(self)
        self.path.setPlaceholderText("AGENTS.md, CLAUDE.md or hmharness's memory.md")
        self.project = QLineEdit(project, self)
        self.project.setPlaceholderText("optional: the project root (its anchored pitfalls first)")
        form.addRow("&File:", self._with_browse(self.path, folder=False))
        form.addRow("&Project:", self._with_browse(self.project, folder=True))
        lay.addLayout(form)
        self.preview = QPlainTextEdit(self)
        self.preview.setObjectName("instructionsPreview")
        self.preview.setReadOnly(True)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        lay.addWidget(self.preview, 1)
        self.status = QLabel(
            "Preview shows the block; only the text between its markers is ever written.", self
        )
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.preview_button = QPushButton("Pre&view", self)
        self.write_button = QPushButton("&Write", self)
        self.preview_button.clicked.connect(lambda: self.run(dry_run=True))
        self.write_button.clicked.connect(lambda: self.run(dry_run=False))
        buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.write_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.last: Outcome | None = None
        self.resize(820, 560)

    def _with_browse(self, edit: QLineEdit, *, folder: bool) -> QWidget:
        box = QWidget(self)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(edit, 1)
        browse = QPushButton("Browse…", box)

        def pick() -> None:
            if folder:
                chosen = QFileDialog.getExistingDirectory(self, "Project folder", edit.text())
            else:
                chosen, _ = QFileDialog.getSaveFileName(
                    self,
                    "Instruction file",
                    edit.text() or "AGENTS.md",
                    options=QFileDialog.Option.DontConfirmOverwrite,
                )
            if chosen:
                edit.setText(chosen)

        browse.clicked.connect(pick)
        row.addWidget(browse)
        return box

    def run(self, *, dry_run: bool) -> None:
        path = self.path.text().strip()
        if not path:
            self.status.setText("Choose the file first.")
            return
        project = self.project.text().strip() or None
        if project is not None and not Path(project).expanduser().is_dir():
            self.status.setText(
                f"{project} is not a folder; choose the project root or leave it empty."
            )
            return
        store = self.ctx.store
        for b in (self.preview_button, self.write_button):
            b.setEnabled(False)

        def work() -> Outcome:
            return write_block(path, curate(store, project), dry_run=dry_run)

        def done(outcome: Outcome) -> None:
            self._enable()
            self.last = outcome
            self.preview.setPlainText(outcome.block)
            if dry_run:
                what = {
                    "created": "would create the file",
                    "added": "would add the block at the end",
                    "updated": "would replace the block between the markers",
                    "unchanged": "is already up to date",
                }[outcome.change]
                self.status.setText(
                    f"{outcome.path} {what} ({outcome.count} pitfalls). Nothing written yet."
                )
            else:
                self.status.setText(outcome.describe())

        def failed(exc: BaseException) -> None:
            self._enable()
            if isinstance(exc, InstructionsError):
                self.status.setText(str(exc))
            else:
                self.status.setText(f"Nothing was written: {exc}")

        run_in_thread(work, on_done=done, on_error=failed)

    def _enable(self) -> None:
        for b in (self.preview_button, self.write_button):
            b.setEnabled(True)

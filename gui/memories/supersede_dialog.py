"""The supersede dialog: replace one or more memories by an existing memory or by new text
(with its confidence, the old memory's by default), with a reason, showing a side-by-side word
diff of old and new."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.gui.common.confidence_input import ConfidenceSpinBox
from hmdesk.gui.common.dialog_buttons import dialog_buttons
from hmdesk.gui.common.diff import side_by_side_html
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.styles import error_label_style
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)


@dataclass(frozen=True)
class SupersedeInput:
    """Exactly one of ``by`` (an existing memory's id) and ``content`` (new text) is set;
    ``confidence`` is the new text's (None with ``by``: the existing memory keeps its own)."""

    reason: str
    by: str | None = None
    content: str | None = None
    confidence: float | None = None


class SupersedeDialog(QDialog):
    """Supersede one or more memories, by an existing memory or by new text, with a reason.

    Shows a side-by-side word diff of old and new (for one old memory)."""

    def __init__(
        self,
        olds: Sequence[MemoryRecord],
        lookup: Callable[[str], MemoryRecord | None],
        candidates: Sequence[MemoryRecord] = (),
        parent: QWidget | None = None,
        start_confidence: float | None = None,
    ) -> None:
        """``start_confidence``: the new text's at first (the store's
        ``successor_confidence``, the highest the old memory held); None: the old one's now."""
        super().__init__(parent)
        self.setObjectName("supersedeDialog")
        self.olds = list(olds)
        self._lookup = lookup  # id -> the live record, None if there is none
        self.target: MemoryRecord | None = None
        n = len(self.olds)
        self.setWindowTitle(f"Supersede {self.olds[0].id}" if n == 1 else f"Supersede {n} memories")
        lay = QVBoxLayout(self)
        title = (
            f"Supersede <b>{html.escape(self.olds[0].id)}</b>"
            if n == 1
            else f"Supersede <b>{n} memories</b> by one memory"
        )
        header = QLabel(
            title + " — the old memory stays in the store (hidden from recall) and links to "
            "its replacement; undo with Ctrl+Z.",
            self,
        )
        header.setWordWrap(True)
        lay.addWidget(header)
        self.by_new = QRadioButton("Replace with new text", self)
        self.by_new.setObjectName("supersedeByNew")
        self.by_existing = QRadioButton("Replace with an existing memory", self)
        self.by_existing.setObjectName("supersedeByExisting")
        group = QButtonGroup(self)
        group.addButton(self.by_new)
        group.addButton(self.by_existing)
        modes = QHBoxLayout()
        modes.addWidget(self.by_new)
        modes.addWidget(self.by_existing)
        modes.addStretch(1)
        lay.addLayout(modes)
        self.existing = QComboBox(self)
        self.existing.setObjectName("supersedeExisting")
        self.existing.setEditable(True)
        edit = self.existing.lineEdit()
        if edit is not None:
            edit.setPlaceholderText("memory id")
        old_ids = {o.id for o in self.olds}
        for c in candidates:
            if c.id not in old_ids:
                self.existing.addItem(f"{c.id} — {c.content[:80]}", c.id)
        self.existing.setCurrentIndex(-1)
        self.existing.setEditText("")
        lay.addWidget(self.existing)
        self.new_text = QPlainTextEdit(self)
        self.new_text.setObjectName("supersedeNewText")
        self.new_text.setPlaceholderText("The corrected memory")
        self.new_text.setMaximumHeight(110)
        if n == 1:
            self.new_text.setPlainText(self.olds[0].content)
        lay.addWidget(self.new_text)
        heads = QHBoxLayout()
        heads.addWidget(QLabel("<b>Old</b>" if n == 1 else f"<b>Old</b> (first of {n})"))
        heads.addWidget(QLabel("<b>New</b>"))
        lay.addLayout(heads)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        self.old_view = QTextBrowser(split)
        self.old_view.setObjectName("diffOld")
        self.new_view = QTextBrowser(split)
        self.new_view.setObjectName("diffNew")
        lay.addWidget(split, 1)
        # the new text's confidence: the highest the old memory held (not one lowered because
        # it was found wrong) unless the user says otherwise
        start = self.olds[0].confidence if start_confidence is None else start_confidence
        self.confidence = ConfidenceSpinBox(start, self)
        self.confidence.setObjectName("supersedeConfidence")
        self.confidence.setToolTip(
            "Confidence of the new memory (0–1); it starts at the highest the old memory held "
            f"({start:.2f}), not at one lowered because it was wrong"
        )
        self._confidence_checked = False  # a typed confidence is checked once committed
        self.reason = QLineEdit(self)
        self.reason.setObjectName("supersedeReason")
        self.reason.setPlaceholderText("Required: why the old one is wrong or stale")
        self.fields = QFormLayout()
        self.fields.addRow("Confidence", self.confidence)
        self.fields.addRow("Reason", self.reason)
        lay.addLayout(self.fields)
        self.error = QLabel(self)
        self.error.setStyleSheet(error_label_style(self))
        lay.addWidget(self.error)
        self.buttons = dialog_buttons(self)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Supersede")
        lay.addWidget(self.buttons)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self._refresh)
        self.by_new.toggled.connect(self._mode)
        self.existing.editTextChanged.connect(self._timer.start)
        self.existing.editTextChanged.connect(self._validate)
        self.new_text.textChanged.connect(self._validate)
        self.existing.currentIndexChanged.connect(self._timer.start)
        self.new_text.textChanged.connect(self._timer.start)
        self.reason.textChanged.connect(self._validate)
        self.confidence.lineEdit().textChanged.connect(self._confidence_typed)
        self.confidence.editingFinished.connect(self._confidence_committed)
        if n > 1:
            self.by_existing.setChecked(True)
            self.by_new.setEnabled(False)
        else:
            self.by_new.setChecked(True)
        self._mode()
        self.resize(860, 560)

    def _mode(self) -> None:
        new = self.by_new.isChecked()
        self.new_text.setVisible(new)
        self.existing.setVisible(not new)
        self.fields.setRowVisible(self.confidence, new)  # an existing memory keeps its own
        self._refresh()

    def target_id(self) -> str:
        data = self.existing.currentData()
        text = self.existing.currentText().strip()
        if data and text.startswith(str(data)):
            return str(data)
        return text.split(" — ", 1)[0].strip()

    def new_content(self) -> str:
        if self.by_new.isChecked():
            return self.new_text.toPlainText().strip()
        return self.target.content if self.target is not None else ""

    def _refresh(self) -> None:
        self._timer.stop()
        self.target = None
        if self.by_existing.isChecked():
            tid = self.target_id()
            if tid:
                self.target = self._lookup(tid)
        old = self.olds[0].content
        left, right = side_by_side_html(old, self.new_content(), theme_for(self))
        self.old_view.setHtml(left)
        self.new_view.setHtml(right)
        self._validate()

    def problem(self) -> str | None:
        if self.by_new.isChecked():
            text = self.new_text.toPlainText().strip()
            if not text:
                return "Write the replacement text."
            if len(self.olds) == 1 and text == self.olds[0].content.strip():
                return "The replacement is the same as the old text."
        else:
            tid = self.target_id()
            if not tid:
                return "Choose the memory that replaces the old one."
            if self.target is None or self.target.id != tid:
                self.target = self._lookup(tid)
            if self.target is None:
                return f"No memory with id “{tid}”."
            if tid in {o.id for o in self.olds}:
                return "A memory cannot supersede itself."
        if self.by_new.isChecked() and self._confidence_checked:
            err = self.confidence.problem()
            if err is not None:
                return err
        if not self.reason.text().strip():
            return "Give a reason."
        return None

    def _confidence_typed(self, _text: str) -> None:
        self._confidence_checked = False  # kept as typed, checked when committed
        self._validate()

    def _confidence_committed(self) -> None:
        self._confidence_checked = True
        self._validate()

    def _validate(self) -> None:
        err = self.problem()
        self.error.setText(err or "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(err is None)

    def accept(self) -> None:
        self._confidence_checked = True
        self._refresh()
        if self.problem() is None:
            super().accept()

    def values(self) -> SupersedeInput:
        reason = self.reason.text().strip()
        if self.by_new.isChecked():
            return SupersedeInput(
                reason=reason,
                content=self.new_text.toPlainText().strip(),
                confidence=self.confidence.value(),
            )
        return SupersedeInput(reason=reason, by=self.target_id())

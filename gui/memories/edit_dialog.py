"""The edit dialog: create a memory or change its content, tags, layer and environment.

Non-blocking (``open()``); it opens with the focus in the content, Tab moves from field to field
(a tab character is not something a memory needs), Ctrl+Enter saves. It validates with the core's own input rules
(:func:`memory_input_problem`, the same as the CLI's) and hands back a :class:`MemoryInput`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from hmdesk.core.memory.record import LAYERS, MemoryRecord
from hmdesk.core.memory.validation import memory_input_problem
from hmdesk.gui.common.dialog_buttons import Button, dialog_buttons
from hmdesk.gui.memories.query_bar import TagCompleter, split_tags
from hmdesk.gui.memories.styles import error_label_style, warn_label_style
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


@dataclass(frozen=True)
class MemoryInput:
    """What the user typed (stripped); ``reason`` None when left empty."""

    content: str
    tags: tuple[str, ...]
    layer: str
    environment: str
    reason: str | None


def edit_view(r: MemoryRecord) -> tuple[object, ...]:
    """What an edit dialog shows or depends on (a recall or a confidence change is not a
    conflict with an edit of the text)."""
    return (r.content, tuple(r.tags), r.layer, r.environment, r.superseded_by, r.deleted_at)


class MemoryEditDialog(QDialog):
    """Edit (or create, when ``record`` is None) content, tags, layer and environment.

    If the memory changes outside while the dialog is open, :meth:`outside_change` shows the new
    version and disables Save until the user loads it: an outside change is never overwritten.
    """

    def __init__(
        self,
        record: MemoryRecord | None = None,
        tags: Sequence[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.record = record
        self.outside: MemoryRecord | None = None
        self.setWindowTitle("New memory" if record is None else f"Edit {record.id}")
        self.setObjectName("editDialog")
        lay = QVBoxLayout(self)
        self.banner = QLabel(self)
        self.banner.setObjectName("outsideBanner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(warn_label_style(self))
        self.banner.hide()
        self.load_theirs = QPushButton("Load their version", self)
        self.load_theirs.setObjectName("loadTheirs")
        self.load_theirs.hide()
        self.load_theirs.setAutoDefault(False)  # Enter never loads their version by accident
        self.load_theirs.clicked.connect(self._load_outside)
        lay.addWidget(self.banner)
        lay.addWidget(self.load_theirs, 0, Qt.AlignmentFlag.AlignRight)
        form = QFormLayout()
        self.content = QPlainTextEdit(self)
        self.content.setObjectName("editContent")
        self.content.setTabChangesFocus(True)
        self.content.setPlaceholderText(
            "What went wrong and how to fix it, e.g.\n"
            "hdc install fails with code:9568320 (no signature file): add signingConfigs …"
        )
        self.tags = QLineEdit(self)
        self.tags.setObjectName("editTags")
        self.tags.setPlaceholderText("comma separated, e.g. hdc, install, signing")
        completer = TagCompleter(self.tags)
        completer.set_tags(list(tags))
        self.tags.setCompleter(completer)
        self.layer = QComboBox(self)
        self.layer.setObjectName("editLayer")
        self.layer.addItems(list(LAYERS))
        self.environment = QLineEdit(self)
        self.environment.setObjectName("editEnvironment")
        self.reason = QLineEdit(self)
        self.reason.setObjectName("editReason")
        self.reason.setPlaceholderText("optional: why (kept in the history)")
        form.addRow("Content", self.content)
        form.addRow("Tags", self.tags)
        form.addRow("Layer", self.layer)
        form.addRow("Environment", self.environment)
        form.addRow("Reason", self.reason)
        lay.addLayout(form)
        self.error = QLabel(self)
        self.error.setObjectName("editError")
        self.error.setStyleSheet(error_label_style(self))
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        self.buttons = dialog_buttons(self, Button.Save | Button.Cancel)
        lay.addWidget(self.buttons)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):  # Return, and Enter on the keypad
            QShortcut(QKeySequence(keys), self, self.accept)
        # the fields in reading order, then the buttons; "Load their version" (shown only
        # after an outside change) last, so the dialog never opens with the focus on it
        chain: list[QWidget] = [self.content, self.tags, self.layer, self.environment]
        chain += [self.reason, *self.buttons.buttons(), self.load_theirs]
        for first, second in pairwise(chain):
            self.setTabOrder(first, second)
        self.content.setFocus(Qt.FocusReason.OtherFocusReason)
        self._fill(record)
        for sig in (
            self.content.textChanged,
            self.tags.textChanged,
            self.environment.textChanged,
            self.layer.currentIndexChanged,
        ):
            sig.connect(self._validate)
        self._validate()
        self.resize(640, 440)

    def _fill(self, record: MemoryRecord | None) -> None:
        if record is None:
            self.layer.setCurrentText("semantic")
            self.environment.setText("harmonyos")
            return
        self.content.setPlainText(record.content)
        self.tags.setText(", ".join(record.tags))
        self.layer.setCurrentText(record.layer)
        self.environment.setText(record.environment)

    def values(self) -> MemoryInput:
        return MemoryInput(
            content=self.content.toPlainText().strip(),
            tags=split_tags(self.tags.text()),
            layer=self.layer.currentText(),
            environment=self.environment.text().strip(),
            reason=self.reason.text().strip() or None,
        )

    def problem(self) -> str | None:
        v = self.values()
        err = memory_input_problem(v.content, v.tags, v.layer, v.environment)
        if err is None and self.outside is not None:
            err = "Changed outside since you opened it: load their version before saving."
        return err

    def _validate(self) -> None:
        err = self.problem()
        self.error.setText(err or "")
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(err is None)

    def accept(self) -> None:
        if self.problem() is None:
            super().accept()

    def outside_change(self, new: MemoryRecord) -> None:
        """The memory was changed by someone else (the agent's file, another process)."""
        if self.record is None:
            return
        self.outside = new
        what = []
        if new.content != self.record.content:
            what.append("content")
        if tuple(new.tags) != tuple(self.record.tags):
            what.append("tags")
        if new.layer != self.record.layer:
            what.append("layer")
        if new.environment != self.record.environment:
            what.append("environment")
        if new.confidence != self.record.confidence:
            what.append(f"confidence → {new.confidence:.2f}")
        if new.is_superseded and not self.record.is_superseded:
            what.append(f"superseded by {new.superseded_by}")
        if new.is_deleted and not self.record.is_deleted:
            what.append("deleted")
        preview = html.escape(new.content[:300])
        self.banner.setText(
            f"<b>This memory was changed outside while you were editing</b> "
            f"({html.escape(', '.join(what) or 'metadata')}). Your edits were not saved. "
            f"Their version:<br><i>{preview}</i>"
        )
        self.banner.show()
        self.load_theirs.show()
        self._validate()

    def _load_outside(self) -> None:
        if self.outside is None:
            return
        self.record, self.outside = self.outside, None
        self._fill(self.record)
        self.banner.hide()
        self.load_theirs.hide()
        self._validate()

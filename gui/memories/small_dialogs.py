"""The small action dialogs: set a confidence, add or remove a tag, an import's report and
picking deleted memories to restore. Non-blocking (``open()``); they hand back plain values."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hmdesk.gui.common.confidence_input import ConfidenceSpinBox
from hmdesk.gui.common.dialog_buttons import Button, dialog_buttons
from hmdesk.gui.common.wording import count_of
from hmdesk.gui.memories.local_time import local_time_text
from hmdesk.gui.memories.query_bar import TagCompleter
from hmdesk.gui.memories.styles import error_label_style
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSlider,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.hmharness.jsonl import ImportReport
    from hmdesk.core.memory.record import MemoryRecord


class ConfidenceDialog(QDialog):
    """Set confidence (0–1) on one or more memories; a reason is required.

    The number is kept as typed and checked when it is committed (Enter, leaving the field, OK):
    an out-of-range or malformed value gets a message under it and OK saves nothing until it is
    fixed. OK saves exactly the number shown."""

    MAX_WIDTH = 560

    def __init__(self, records: Sequence[MemoryRecord], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("confidenceDialog")
        n = len(records)
        self.setWindowTitle("Set confidence" + (f" of {n} memories" if n > 1 else ""))
        lay = QVBoxLayout(self)
        if n == 1:
            r = records[0]
            about = QLabel(f"<b>{html.escape(r.id)}</b>: {html.escape(r.content[:160])}", self)
            start = r.confidence
        else:
            about = QLabel(f"{n} memories selected.", self)
            start = sum(r.confidence for r in records) / n
        about.setObjectName("confidenceAbout")
        about.setWordWrap(True)
        lay.addWidget(about)
        row = QHBoxLayout()
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("confidenceSlider")
        self.slider.setRange(0, 100)
        self.slider.setSingleStep(5)
        self.slider.setPageStep(5)
        self.spin = ConfidenceSpinBox(start, self)
        self.spin.setObjectName("confidenceValue")
        self.slider.setValue(round((self.spin.value() or 0.0) * 100))
        # the slider follows what is typed without writing back into the text being typed
        self.slider.valueChanged.connect(self._slider_moved)
        self.spin.confidenceChanged.connect(self._typed)
        row.addWidget(self.slider, 1)
        row.addWidget(self.spin)
        lay.addLayout(row)
        self.error = QLabel(self)
        self.error.setObjectName("confidenceError")
        self.error.setStyleSheet(error_label_style(self))
        self.error.setWordWrap(True)
        self.error.hide()
        lay.addWidget(self.error)
        note = QLabel("Confidence weighs 0.4 in every score: raising it moves a memory up.", self)
        note.setWordWrap(True)
        lay.addWidget(note)
        self.reason = QLineEdit(self)
        self.reason.setObjectName("confidenceReason")
        self.reason.setPlaceholderText("Required: why (e.g. fix verified on HarmonyOS 5.0.1)")
        lay.addWidget(self.reason)
        self.buttons = dialog_buttons(self)
        lay.addWidget(self.buttons)
        self.reason.textChanged.connect(self._validate)
        self.spin.editingFinished.connect(self._committed)
        self._validate()
        # as wide as its content needs, never as wide as the window behind it
        self.setMaximumWidth(self.MAX_WIDTH)
        self.resize(
            min(max(self.sizeHint().width(), 420), self.MAX_WIDTH), self.sizeHint().height()
        )
        self.spin.setFocus()
        self.spin.selectAll()

    def _slider_moved(self, v: int) -> None:
        shown = self.spin.value()
        if shown is None or round(shown * 100) != v:
            self.spin.setValue(v / 100)

    def _typed(self, v: float) -> None:
        self.error.hide()
        blocked = self.slider.blockSignals(True)
        self.slider.setValue(round(v * 100))
        self.slider.blockSignals(blocked)

    def _committed(self) -> None:
        """The typed number was committed: say what is wrong with it, if anything."""
        err = self.spin.problem()
        self.error.setText(err or "")
        self.error.setVisible(err is not None)

    def _validate(self) -> None:
        ok = bool(self.reason.text().strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def accept(self) -> None:
        if self.spin.problem() is not None:
            self._committed()
            self.spin.setFocus()
            return
        if self.reason.text().strip():
            super().accept()

    def value(self) -> float:
        """The confidence shown (valid once the dialog is accepted)."""
        v = self.spin.value()
        if v is None:
            raise ValueError(self.spin.problem() or "no confidence")
        return v

    def reason_text(self) -> str:
        return self.reason.text().strip()


class TagDialog(QDialog):
    """Add a tag to (or remove one from) the selected memories; no spaces in a tag."""

    def __init__(
        self, adding: bool, count: int, tags: Sequence[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("tagDialog")
        self.setWindowTitle(
            ("Add a tag to" if adding else "Remove a tag from") + f" {count} memories"
        )
        lay = QVBoxLayout(self)
        self.tag = QLineEdit(self)
        self.tag.setObjectName("tagValue")
        completer = TagCompleter(self.tag)
        completer.set_tags(list(tags))
        self.tag.setCompleter(completer)
        lay.addWidget(self.tag)
        self.buttons = dialog_buttons(self)
        lay.addWidget(self.buttons)
        self.tag.textChanged.connect(self._validate)
        self._validate()

    def value(self) -> str:
        return self.tag.text().strip()

    def _validate(self) -> None:
        v = self.value()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(
            bool(v) and not any(c.isspace() for c in v)
        )


class ImportReportDialog(QDialog):
    """What an import did: imported / updated / unchanged counts and every skipped line, and
    whether to keep the store in sync with the file from now on (``keep_sync``; an import never
    turns live sync on by itself)."""

    def __init__(
        self, report: ImportReport, parent: QWidget | None = None, *, keep_sync: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("importReport")
        self.setWindowTitle("Import report")
        lay = QVBoxLayout(self)
        skipped = list(report.skipped)
        summary = QLabel(
            f"<b>{html.escape(str(report.path))}</b><br>"
            f"{report.imported} imported · {report.updated} updated · "
            f"{report.unchanged} unchanged · <b>{len(skipped)} skipped</b>",
            self,
        )
        summary.setObjectName("importSummary")
        summary.setWordWrap(True)
        lay.addWidget(summary)
        self.skipped = QTextBrowser(self)
        self.skipped.setObjectName("importSkipped")
        if skipped:
            rows = "".join(
                f"<tr><td align='right'>line {s.line}</td><td>{html.escape(s.error)}</td></tr>"
                for s in skipped
            )
            self.skipped.setHtml(
                "<p>These lines were skipped; everything else was imported. Fix them in the "
                "file and import again.</p><table cellpadding='3'>" + rows + "</table>"
            )
        else:
            self.skipped.setHtml("<p>No line was skipped.</p>")
        lay.addWidget(self.skipped, 1)
        self.keep_sync = QCheckBox("&Keep in sync with this file", self)
        self.keep_sync.setObjectName("importKeepSync")
        self.keep_sync.setToolTip(
            "Watch this file and bring in what the agent writes to it within a second "
            "(View ▸ Live sync with hmharness turns it off)"
        )
        self.keep_sync.setChecked(keep_sync)
        lay.addWidget(self.keep_sync)
        lay.addWidget(dialog_buttons(self, Button.Close))
        self.resize(640, 360 if skipped else 200)


class RestoreDialog(QDialog):
    """Pick soft-deleted memories to restore."""

    def __init__(self, deleted: Sequence[MemoryRecord], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restoreDialog")
        self.setWindowTitle("Restore deleted memories")
        lay = QVBoxLayout(self)
        lay.addWidget(
            QLabel(
                f"{count_of(len(deleted), 'deleted memory', 'deleted memories')}. "
                "Select the ones to restore."
            )
        )
        self.list = QListWidget(self)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for r in deleted:
            when = local_time_text(r.deleted_at)
            item = QListWidgetItem(f"{r.id} — {r.content[:100]}  (deleted {when})")
            item.setData(Qt.ItemDataRole.UserRole, r.id)
            self.list.addItem(item)
        lay.addWidget(self.list, 1)
        buttons = dialog_buttons(self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Restore")
        lay.addWidget(buttons)
        self.resize(640, 400)

    def ids(self) -> list[str]:
        """The ids of the memories picked to restore."""
        return [str(i.data(Qt.ItemDataRole.UserRole)) for i in self.list.selectedItems()]

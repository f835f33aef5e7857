"""Dialogs for the inspector's actions. They are non-blocking (``open()``), validate their input
and hand back plain values; the area applies them through the store and re-runs the query."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from hmdesk.core.memory.record import LAYERS
from hmdesk.core.memory.validation import memory_input_problem
from hmdesk.gui.memories.diff import inline_html, side_by_side_html, value_text
from hmdesk.gui.memories.query_bar import TagCompleter, split_tags
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSlider,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

WARN_STYLE = (
    "QLabel { background-color: #fff3bf; color: #5c3c00; border: 1px solid #f08c00;"
    " border-radius: 4px; padding: 6px; }"
)
ERROR_STYLE = "QLabel { color: #c92a2a; }"


def _dark(w: QWidget) -> bool:
    from hmdesk.gui.common.theme import is_dark

    return is_dark(w)


# ----------------------------------------------------------------------------------- edit


class MemoryEditDialog(QDialog):
    """Edit (or create, when ``record`` is None) content, tags, layer and environment.

    If the memory changes outside while the dialog is open, :meth:`outside_change` shows the new
    version and disables Save until the user loads it: an outside change is never overwritten.
    """

    def __init__(
        self, record: Any = None, tags: Sequence[str] = (), parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.record = record
        self.outside: Any = None
        self.setWindowTitle("New memory" if record is None else f"Edit {record.id}")
        self.setObjectName("editDialog")
        lay = QVBoxLayout(self)
        self.banner = QLabel(self)
        self.banner.setObjectName("outsideBanner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(WARN_STYLE)
        self.banner.hide()
        self.load_theirs = QPushButton("Load their version", self)
        self.load_theirs.setObjectName("loadTheirs")
        self.load_theirs.hide()
        self.load_theirs.clicked.connect(self._load_outside)
        lay.addWidget(self.banner)
        lay.addWidget(self.load_theirs, 0, Qt.AlignmentFlag.AlignRight)
        form = QFormLayout()
        self.content = QPlainTextEdit(self)
        self.content.setObjectName("editContent")
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
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
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

    def _fill(self, record: Any) -> None:
        if record is None:
            self.layer.setCurrentText("semantic")
            self.environment.setText("harmonyos")
            return
        self.content.setPlainText(record.content)
        self.tags.setText(", ".join(record.tags))
        self.layer.setCurrentText(record.layer)
        self.environment.setText(record.environment)

    def values(self) -> dict[str, Any]:
        return {
            "content": self.content.toPlainText().strip(),
            "tags": list(split_tags(self.tags.text())),
            "layer": self.layer.currentText(),
            "environment": self.environment.text().strip(),
            "reason": self.reason.text().strip() or None,
        }

    def problem(self) -> str | None:
        v = self.values()
        err = memory_input_problem(v["content"], v["tags"], v["layer"], v["environment"])
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

    def outside_change(self, new: Any) -> None:
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


# ----------------------------------------------------------------------------- confidence


class ConfidenceDialog(QDialog):
    """Set confidence (0–1) on one or more memories; a reason is required."""

    def __init__(self, records: Sequence[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("confidenceDialog")
        n = len(records)
        self.setWindowTitle("Set confidence" + (f" of {n} memories" if n > 1 else ""))
        lay = QVBoxLayout(self)
        if n == 1:
            r = records[0]
            lay.addWidget(QLabel(f"<b>{html.escape(r.id)}</b>: {html.escape(r.content[:160])}"))
            start = r.confidence
        else:
            lay.addWidget(QLabel(f"{n} memories selected."))
            start = sum(r.confidence for r in records) / n
        row = QHBoxLayout()
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(0, 100)
        self.spin = QDoubleSpinBox(self)
        self.spin.setObjectName("confidenceValue")
        self.spin.setRange(0.0, 1.0)
        self.spin.setSingleStep(0.05)
        self.spin.setDecimals(2)
        self.slider.valueChanged.connect(lambda v: self.spin.setValue(v / 100))
        self.spin.valueChanged.connect(lambda v: self.slider.setValue(round(v * 100)))
        self.spin.setValue(start)
        row.addWidget(self.slider, 1)
        row.addWidget(self.spin)
        lay.addLayout(row)
        lay.addWidget(
            QLabel("Confidence weighs 0.4 in every score: raising it moves a memory up.", self)
        )
        self.reason = QLineEdit(self)
        self.reason.setObjectName("confidenceReason")
        self.reason.setPlaceholderText("Required: why (e.g. fix verified on HarmonyOS 5.0.1)")
        lay.addWidget(self.reason)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.reason.textChanged.connect(self._validate)
        self._validate()
        self.resize(520, 200)

    def _validate(self) -> None:
        ok = bool(self.reason.text().strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def accept(self) -> None:
        if self.reason.text().strip():
            super().accept()

    def value(self) -> float:
        return round(self.spin.value(), 4)

    def reason_text(self) -> str:
        return self.reason.text().strip()


# ------------------------------------------------------------------------------ supersede


class SupersedeDialog(QDialog):
    """Supersede one or more memories, by an existing memory or by new text, with a reason.

    Shows a side-by-side word diff of old and new (for one old memory)."""

    def __init__(
        self,
        olds: Sequence[Any],
        lookup: Any,
        candidates: Sequence[Any] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("supersedeDialog")
        self.olds = list(olds)
        self._lookup = lookup  # id -> record or None
        self.target: Any = None
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
        self.existing.lineEdit().setPlaceholderText("memory id")
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
        self.reason = QLineEdit(self)
        self.reason.setObjectName("supersedeReason")
        self.reason.setPlaceholderText("Required: why the old one is wrong or stale")
        reason_row = QFormLayout()
        reason_row.addRow("Reason", self.reason)
        lay.addLayout(reason_row)
        self.error = QLabel(self)
        self.error.setStyleSheet(ERROR_STYLE)
        lay.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Supersede")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
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
        left, right = side_by_side_html(old, self.new_content(), _dark(self))
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
        if not self.reason.text().strip():
            return "Give a reason."
        return None

    def _validate(self) -> None:
        err = self.problem()
        self.error.setText(err or "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(err is None)

    def accept(self) -> None:
        self._refresh()
        if self.problem() is None:
            super().accept()

    def values(self) -> dict[str, Any]:
        if self.by_new.isChecked():
            return {
                "content": self.new_text.toPlainText().strip(),
                "reason": self.reason.text().strip(),
            }
        return {"by": self.target_id(), "reason": self.reason.text().strip()}


# -------------------------------------------------------------------------------- history


def describe_event(e: Any) -> str:
    kind = e.kind
    if kind == "confidence":
        return f"confidence {value_text(e.old)} → {value_text(e.new)}"
    if kind == "edit":
        return f"edited {e.field or ''}".strip()
    if kind == "supersede":
        return f"superseded by {value_text(e.new)}"
    if kind == "superseded_by":
        return f"supersedes {value_text(e.new) or value_text(e.old)}"
    if kind == "revert":
        return f"reverted event #{e.reverts_event_id}" + (f" ({e.field})" if e.field else "")
    if kind in ("add", "import", "sync"):
        return kind + (f" {e.field}" if e.field else "")
    return kind + (f" {e.field}" if e.field else "")


class HistoryModel(QAbstractTableModel):
    COLUMNS = ("#", "When", "Who", "What", "Reason")

    def __init__(self, events: Sequence[Any] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self.events = list(events)

    def set_events(self, events: Sequence[Any]) -> None:
        self.beginResetModel()
        self.events = list(events)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.events)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.COLUMNS)
        ):
            return self.COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.events):
            return None
        e = self.events[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(e.id), e.at, e.actor, describe_event(e), e.reason or "")[index.column()]
        if role == Qt.ItemDataRole.UserRole:
            return e
        return None


class HistoryDialog(QDialog):
    """Every event of one memory (oldest first) with a word diff; revert any of them.

    Signals:
        revert_requested(int): the event id the user asked to revert.
    """

    revert_requested = Signal(int)

    def __init__(
        self, memory_id: str, events: Sequence[Any], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.memory_id = memory_id
        self.setWindowTitle(f"History of {memory_id}")
        lay = QVBoxLayout(self)
        header = QLabel(
            f"History of <b>{html.escape(memory_id)}</b>, oldest first. Select a change to see "
            "its word diff; “Revert this change” undoes just that one.",
            self,
        )
        header.setWordWrap(True)
        lay.addWidget(header)
        split = QSplitter(Qt.Orientation.Vertical, self)
        self.model = HistoryModel(events, self)
        self.table = QTableView(split)
        self.table.setObjectName("historyTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.diff = QTextBrowser(split)
        self.diff.setObjectName("historyDiff")
        lay.addWidget(split, 1)
        row = QHBoxLayout()
        self.revert_button = QPushButton("Revert this change", self)
        self.revert_button.setObjectName("historyRevert")
        self.revert_button.clicked.connect(self._revert)
        row.addWidget(self.revert_button)
        row.addStretch(1)
        close = QPushButton("Close", self)
        close.clicked.connect(self.accept)
        row.addWidget(close)
        lay.addLayout(row)
        self.table.selectionModel().currentRowChanged.connect(self._show)
        self.set_events(events)
        self.resize(820, 560)

    def set_events(self, events: Sequence[Any]) -> None:
        self.model.set_events(events)
        self.table.resizeColumnToContents(0)
        if events:
            self.table.selectRow(len(events) - 1)
        self._show()

    def current_event(self) -> Any:
        idx = self.table.currentIndex()
        return self.model.events[idx.row()] if idx.isValid() else None

    def _show(self, *_args: Any) -> None:
        e = self.current_event()
        if e is None:
            self.diff.setHtml("<i>No events.</i>")
            self.revert_button.setEnabled(False)
            return
        self.revert_button.setEnabled(e.kind not in ("add", "recall"))
        head = (
            f"<p><b>#{e.id} {html.escape(describe_event(e))}</b> — {html.escape(e.at)} by "
            f"{html.escape(e.actor)}"
            + (f"<br>reason: <i>{html.escape(e.reason)}</i>" if e.reason else "")
            + (f"<br>group {html.escape(e.group_id)}" if e.group_id else "")
            + "</p>"
        )
        old, new = value_text(e.old), value_text(e.new)
        if e.kind == "add":
            body = f"<p>created:</p>{inline_html('', new, _dark(self))}"
        elif old or new:
            body = inline_html(old, new, _dark(self))
        else:
            body = ""
        self.diff.setHtml(head + body)

    def _revert(self) -> None:
        e = self.current_event()
        if e is not None:
            self.revert_requested.emit(int(e.id))


# --------------------------------------------------------------------------------- import


class ImportReportDialog(QDialog):
    """What an import did: imported / updated / unchanged counts and every skipped line."""

    def __init__(self, report: Any, parent: QWidget | None = None) -> None:
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
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
        self.resize(640, 360 if skipped else 200)


# ------------------------------------------------------------------------------------ tag


class TagDialog(QDialog):
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
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
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

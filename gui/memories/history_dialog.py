"""The history dialog: every event of one memory (oldest first) with a word diff; revert any."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, ClassVar

from hmdesk.core.memory.record import MemoryEvent
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.diff import inline_html, value_text
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)


def describe_event(e: MemoryEvent) -> str:
    """One line about what an event did, as the history table shows it."""
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
    return kind + (f" {e.field}" if e.field else "")


class HistoryModel(QAbstractTableModel):
    COLUMNS: ClassVar[tuple[str, ...]] = ("#", "When", "Who", "What", "Reason")

    def __init__(self, events: Sequence[MemoryEvent] = (), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.events = list(events)

    def set_events(self, events: Sequence[MemoryEvent]) -> None:
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
        self, memory_id: str, events: Sequence[MemoryEvent], parent: QWidget | None = None
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

    def set_events(self, events: Sequence[MemoryEvent]) -> None:
        self.model.set_events(events)
        self.table.resizeColumnToContents(0)
        if events:
            self.table.selectRow(len(events) - 1)
        self._show()

    def current_event(self) -> MemoryEvent | None:
        idx = self.table.currentIndex()
        return self.model.events[idx.row()] if idx.isValid() else None

    def _show(self, *_args: object) -> None:
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
        theme = theme_for(self)
        if e.kind == "add":
            body = f"<p>created:</p>{inline_html('', new, theme)}"
        elif old or new:
            body = inline_html(old, new, theme)
        else:
            body = ""
        self.diff.setHtml(head + body)

    def _revert(self) -> None:
        e = self.current_event()
        if e is not None:
            self.revert_requested.emit(int(e.id))

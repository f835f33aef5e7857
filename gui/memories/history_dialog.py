"""The history dialog: every event of one memory (oldest first) with a word diff; revert any.

Times are local, with their zone (the store keeps UTC); a change made to several memories at once
says so ("one of 3 memories deleted together") instead of showing its internal group id."""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hmdesk.core.memory.event_groups import group_sizes
from hmdesk.core.memory.record import MemoryEvent
from hmdesk.gui.common.diff import change_html, inline_html, is_number_change, value_text
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.local_time import local_time_text
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
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    from hmdesk.core.db import Database

log = logging.getLogger(__name__)

TIME_FIELDS = frozenset({"deleted_at", "superseded_at", "timestamp", "last_recalled_at"})
GroupSizes = Mapping[tuple[str, str], int]  # (group id, kind) -> memories changed together

# what the memories of one action had done to them, by event kind
_TOGETHER = {
    "add": "added",
    "import": "imported",
    "edit": "edited",
    "confidence": "given a new confidence",
    "superseded_by": "superseded",
    "delete": "deleted",
    "restore": "restored",
    "sync": "updated by an hmharness sync",
    "recall": "recalled by one query",
    "revert": "reverted",
    "anchor": "anchored",
    "unanchor": "unanchored",
}


def together_text(e: MemoryEvent, sizes: GroupSizes) -> str:
    """``one of 3 memories deleted together`` when the action that wrote ``e`` changed several
    memories; "" when it changed this one alone (or nothing is known about it)."""
    n = sizes.get((e.group_id, e.kind), 1) if e.group_id else 1
    if n < 2 or e.kind == "supersede":  # the back-link of a supersede: its own line says it
        return ""
    return f"one of {n} memories {_TOGETHER.get(e.kind, 'changed')} together"


_PLAIN = {
    "add": "created",
    "import": "imported from hmharness",
    "delete": "deleted",
    "restore": "restored",
    "recall": "recalled",
    "anchor": "anchored to code",
    "unanchor": "code anchor removed",
}


def describe_event(e: MemoryEvent) -> str:
    """One line about what an event did, as the history table shows it."""
    kind = e.kind
    if kind == "confidence":
        return f"confidence {value_text(e.old)} → {value_text(e.new)}"
    if kind == "edit":
        return f"edited {e.field or ''}".strip()
    if kind == "superseded_by":  # on the old memory: superseded_by → the new one
        return f"superseded by {value_text(e.new)}" if e.new else "no longer superseded"
    if kind == "supersede":  # on the new memory: supersedes → the old one
        return (
            f"supersedes {value_text(e.new)}"
            if e.new
            else f"no longer supersedes {value_text(e.old)}"
        )
    if kind == "revert":
        return f"reverted event #{e.reverts_event_id}" + (f" ({e.field})" if e.field else "")
    if kind == "sync":
        return f"{e.field or 'changed'} updated by an hmharness sync"
    if kind in _PLAIN:
        return _PLAIN[kind]
    return kind + (f" {e.field}" if e.field else "")


class HistoryModel(QAbstractTableModel):
    COLUMNS: ClassVar[tuple[str, ...]] = ("#", "When", "Who", "What", "Reason")

    def __init__(self, events: Sequence[MemoryEvent] = (), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.events = list(events)
        self.sizes: GroupSizes = {}

    def set_events(self, events: Sequence[MemoryEvent], sizes: GroupSizes | None = None) -> None:
        self.beginResetModel()
        self.events = list(events)
        self.sizes = sizes or {}
        self.endResetModel()

    def what(self, e: MemoryEvent) -> str:
        together = together_text(e, self.sizes)
        return describe_event(e) + (f" · {together}" if together else "")

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
            when = local_time_text(e.at)
            return (str(e.id), when, e.actor, self.what(e), e.reason or "")[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 1:
            return f"{e.at} as stored (UTC)"
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
        self,
        memory_id: str,
        events: Sequence[MemoryEvent],
        parent: QWidget | None = None,
        *,
        db: Database | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.memory_id = memory_id
        self.db = db  # where to count the memories changed together (None: not shown)
        self.setWindowTitle(f"History of {memory_id}")
        lay = QVBoxLayout(self)
        header = QLabel(
            f"History of <b>{html.escape(memory_id)}</b>, oldest first, in local time. Select a "
            "change to see its word diff; “Revert this change” undoes just that one.",
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
        self.model.set_events(events, self._sizes(events))
        self.table.resizeColumnToContents(0)
        if events:
            self.table.selectRow(len(events) - 1)
        self._show()

    def _sizes(self, events: Sequence[MemoryEvent]) -> GroupSizes:
        if self.db is None:
            return {}
        try:
            return group_sizes(self.db, [(e.group_id, e.kind) for e in events])
        except SQLAlchemyError as exc:  # busy or gone: the history shows without the counts
            log.info("history group sizes: %s", exc)
            return {}

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
        together = together_text(e, self.model.sizes)
        head = (
            f"<p><b>#{e.id} {html.escape(describe_event(e))}</b> — "
            f"{html.escape(local_time_text(e.at))} by {html.escape(e.actor)}"
            + (f"<br>reason: <i>{html.escape(e.reason)}</i>" if e.reason else "")
            + (f"<br>{html.escape(together.capitalize())} (one action)" if together else "")
            + "</p>"
        )
        old, new = value_text(e.old), value_text(e.new)
        if e.field in TIME_FIELDS:  # stored in UTC: shown in local time like the rest
            old, new = (local_time_text(v) if v else "" for v in (old, new))
        theme = theme_for(self)
        if e.kind == "add":
            body = f"<p>created:</p>{inline_html('', new, theme)}"
        elif e.field not in TIME_FIELDS and is_number_change(e.old, e.new):
            body = change_html(e.old, e.new, theme)
        elif old or new:
            body = inline_html(old, new, theme)
        else:
            body = ""
        self.diff.setHtml(head + body)

    def _revert(self) -> None:
        e = self.current_event()
        if e is not None:
            self.revert_requested.emit(int(e.id))

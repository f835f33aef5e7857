"""Pick a memory to anchor to a code entity: the Code tab's "Anchor a memory here…".

Typing searches the store the way the Memories tab does (the default profile, off the GUI
thread, only the newest search shown); Up/Down choose, Enter or OK takes the selected one.
"""

from __future__ import annotations

from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.gui.common.dialog_buttons import dialog_buttons
from hmdesk.gui.common.workers import LatestOnly
from hmdesk.gui.context import AppContext
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

SHOWN = 50  # memories listed per search
TYPING_MS = 150  # the search waits this long after a keystroke
ID_ROLE = Qt.ItemDataRole.UserRole + 1


class MemoryPicker(QDialog):
    """``chosen``: the picked memory's id once accepted (None before)."""

    def __init__(
        self,
        ctx: AppContext,
        title: str,
        prompt: str,
        parent: QWidget | None = None,
        preset: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("memoryPicker")
        self.setWindowTitle(title)
        self.ctx = ctx
        self.chosen: str | None = None
        lay = QVBoxLayout(self)
        label = QLabel(prompt, self)
        label.setWordWrap(True)
        lay.addWidget(label)
        self.text = QLineEdit(self)
        self.text.setObjectName("memoryPickerText")
        self.text.setPlaceholderText("Search the memories, or type an id")
        self.text.installEventFilter(self)
        lay.addWidget(self.text)
        self.list = QListWidget(self)
        self.list.setObjectName("memoryPickerList")
        self.list.itemActivated.connect(lambda _i: self.accept())
        lay.addWidget(self.list, 1)
        self.buttons = dialog_buttons(self)
        lay.addWidget(self.buttons)
        self._latest: LatestOnly[str, QueryResult] = LatestOnly(self._search, self)
        self._latest.result.connect(self._show)
        self._timer = QTimer(self, singleShot=True, interval=TYPING_MS)
        self._timer.timeout.connect(lambda: self._latest.submit(self.text.text()))
        self.text.textChanged.connect(lambda _t: self._timer.start())
        self.text.setText(preset)
        self._latest.submit(preset)
        self.resize(620, 420)

    def _search(self, text: str) -> QueryResult:  # worker thread
        return self.ctx.retriever.search(Query(text=text.strip(), limit=SHOWN))

    def _show(self, text: str, result: QueryResult) -> None:
        self.list.clear()
        if not result.results:  # a row that says so, not an empty box
            none = QListWidgetItem(f"No memory matches “{text.strip()}”: type other words")
            none.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(none)
        for s in result.results:
            m = s.memory
            row = QListWidgetItem(f"{m.id}  {m.content.replace(chr(10), ' ')[:140]}")
            row.setData(ID_ROLE, m.id)
            row.setToolTip(m.content[:1000])
            self.list.addItem(row)
        if result.results:
            self.list.setCurrentRow(0)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(result.results))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.text
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up)
            and self.list.count()
        ):
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            self.list.setCurrentRow(
                max(0, min(self.list.count() - 1, self.list.currentRow() + step))
            )
            return True
        return super().eventFilter(watched, event)

    def accept(self) -> None:
        row = self.list.currentItem()
        if row is None or row.data(ID_ROLE) is None:
            return
        self.chosen = str(row.data(ID_ROLE))
        super().accept()

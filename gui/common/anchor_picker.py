"""Pick a struct, class, function or method of the open project: "Anchor to code…" and
"Re-anchor…". Type to filter (file, name or kind, any case); Enter or double-click picks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hmdesk.gui.common.dialog_buttons import dialog_buttons
from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListView,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.codeindex.entities import Entity
    from hmdesk.core.codeindex.index import CodeIndex

ENTITY_ROLE = Qt.ItemDataRole.UserRole + 1


def entity_label(e: Entity) -> str:
    return f"{e.qualified}  ({e.kind})  —  {e.path}:{e.start_line}"


class AnchorPicker(QDialog):
    """The project's entities, filtered as you type; :attr:`chosen` after Accept."""

    def __init__(
        self,
        index: CodeIndex,
        title: str,
        what: str,
        parent: QWidget | None = None,
        *,
        preset: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.chosen: Entity | None = None
        lay = QVBoxLayout(self)
        intro = QLabel(what, self)
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter: a file, a name (Index.build) or a kind")
        self.filter.setClearButtonEnabled(True)
        lay.addWidget(self.filter)
        self.model = QStandardItemModel(self)
        for e in index.entities():
            item = QStandardItem(entity_label(e))
            item.setData(e, ENTITY_ROLE)
            item.setEditable(False)
            self.model.appendRow(item)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.list = QListView(self)
        self.list.setModel(self.proxy)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setUniformItemSizes(True)
        self.list.doubleClicked.connect(lambda _i: self.accept())
        lay.addWidget(self.list, 1)
        self.empty = QLabel(
            "The project has no struct, class, function or method yet (or it is still being "
            "indexed).",
            self,
        )
        self.empty.setWordWrap(True)
        self.empty.setVisible(self.model.rowCount() == 0)
        lay.addWidget(self.empty)
        self.buttons = dialog_buttons(self)
        lay.addWidget(self.buttons)
        self.filter.textChanged.connect(self._filter)
        self.filter.returnPressed.connect(self.accept)
        self.filter.setText(preset)
        self._filter(preset)
        self.resize(640, 420)

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if self.proxy.rowCount() and not self.list.currentIndex().isValid():
            self.list.setCurrentIndex(self.proxy.index(0, 0))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(self.proxy.rowCount() > 0)

    def accept(self) -> None:
        idx = self.list.currentIndex()
        if not idx.isValid() and self.proxy.rowCount():
            idx = self.proxy.index(0, 0)
        if not idx.isValid():
            return
        self.chosen = idx.data(ENTITY_ROLE)
        super().accept()

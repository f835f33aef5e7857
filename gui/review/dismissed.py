"""Dismissals in the Review tab, undone and listed.

Ctrl+Z on the Review tab takes back the newest dismissal (Dismiss or Keep both) made there: the
item returns to its place in the list and will be proposed again. (Changes to memories made in
Review, a supersede or a merge, are undone with Edit › Undo as any other change.) "Dismissed…"
(Ctrl+Shift+D) lists every dismissal, newest first, and brings the chosen ones back: they are
listed again at the next scan (F5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hmdesk.gui.common.dialog_buttons import Button, dialog_buttons
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
)

if TYPE_CHECKING:
    from hmdesk.gui.review.area import ReviewArea
    from hmdesk.gui.review.items import ReviewItem

FP_ROLE = Qt.ItemDataRole.UserRole + 1


class DismissalUndo:
    """The Review area's dismissals (see the module): :meth:`dismiss` instead of adding to
    ``area.dismissals`` directly, the actions ``undo`` and ``dismissed`` on the area."""

    def __init__(self, area: ReviewArea) -> None:
        self.area = area
        self.stack: list[tuple[ReviewItem, int, str]] = []  # (item, its row, its label)
        self.dialog: DismissedDialog | None = None
        for name, text, keys, slot in (
            ("undo", "Review: Undo the last dismissal", "Ctrl+Z", self.undo),
            ("dismissed", "Review: Dismissed…", "Ctrl+Shift+D", self.show_dismissed),
        ):
            action = QAction(text, area)
            action.setObjectName(f"review_{name}")
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            area.addAction(action)
            area.actions_by_name[name] = action

    def dismiss(self, item: ReviewItem) -> None:
        area = self.area
        row = area.items.index(item)
        row_item = area.list.item(row)
        label = row_item.text() if row_item is not None else item.kind
        self.stack.append((item, row, label))
        area.dismissals.add(item.fingerprint, label)

    def undo(self) -> None:
        area = self.area
        if not self.stack:
            area.ctx.bus.show_info("No dismissal to undo here (changes to memories: Edit › Undo)")
            return
        item, row, label = self.stack.pop()
        area.dismissals.remove(item.fingerprint)
        row = min(row, len(area.items))
        area.items.insert(row, item)
        area.list.blockSignals(True)
        area.list.insertItem(row, label)
        area.list.setCurrentRow(row)
        area.list.blockSignals(False)
        area._refresh()
        area.ctx.bus.show_info(f"Dismissal undone: {label}")

    def show_dismissed(self) -> DismissedDialog:
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = DismissedDialog(self.area)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.dialog.finished.connect(lambda _r: setattr(self, "dialog", None))
        self.dialog.show()
        return self.dialog


class DismissedDialog(QDialog):
    """Every dismissal, newest first; "Bring back" un-dismisses the selected ones."""

    def __init__(self, area: ReviewArea) -> None:
        super().__init__(area)
        self.area = area
        self.setObjectName("dismissedDialog")
        self.setWindowTitle("Dismissed in Review")
        lay = QVBoxLayout(self)
        note = QLabel(
            "Dismissed items are not proposed again unless one of their memories changes. "
            "Brought back, they are listed again at the next scan (F5).",
            self,
        )
        note.setWordWrap(True)
        lay.addWidget(note)
        self.list = QListWidget(self)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for fp, label in area.dismissals.listed():
            row = QListWidgetItem(label)
            row.setData(FP_ROLE, fp)
            self.list.addItem(row)
        lay.addWidget(self.list, 1)
        buttons = dialog_buttons(self, Button.Close)
        self.bring_back = buttons.addButton("Bring back", QDialogButtonBox.ButtonRole.ActionRole)
        self.bring_back.clicked.connect(self.bring_back_selected)
        lay.addWidget(buttons)
        self.resize(560, 400)

    def bring_back_selected(self) -> int:
        """Un-dismiss the selected rows; how many."""
        done = 0
        for row in self.list.selectedItems():
            if self.area.dismissals.remove(str(row.data(FP_ROLE))):
                done += 1
            self.list.takeItem(self.list.row(row))
        if done:
            self.area.ctx.bus.show_info(f"Brought back {done}: F5 scans again to list them")
        return done

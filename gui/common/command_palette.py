"""The command palette (Ctrl+Shift+P): every action of the window, found by typing.

It is built from the window's QActions when it opens (:func:`~hmdesk.gui.common.shortcuts.
window_actions`, the same list the shortcuts dialog reads), so an action any area adds is in it
without being registered here. Each row says the command, where it lives (its menu or tab) and
its keys. Typing filters with a fuzzy match (the letters in order, not necessarily together:
"bdrn" finds "Build & Run"); Up/Down move, Enter runs the command after the palette closed,
Esc closes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from hmdesk.gui.common.shortcuts import (
    ANYWHERE,
    keys_of,
    menu_titles,
    what_of,
    where_of,
    window_actions,
)
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QDialog, QLineEdit, QListView, QVBoxLayout, QWidget

ActionRole = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Command:
    action: QAction
    what: str
    where: str
    keys: str

    @property
    def label(self) -> str:
        keys = f"    {self.keys}" if self.keys else ""
        return f"{self.what}    — {self.where}{keys}"


def commands(window: QWidget) -> list[Command]:
    """Every named action of ``window``, by group then name (one row per command)."""
    titles = menu_titles(window)
    out: dict[tuple[str, str], Command] = {}
    for action in window_actions(window):
        where = where_of(action, titles)
        what = what_of(action, where)
        out.setdefault((where, what), Command(action, what, where, keys_of(action)))
    return sorted(out.values(), key=lambda c: (c.where == ANYWHERE, c.where, c.what.lower()))


def fuzzy_score(needle: str, hay: str) -> int | None:
    """How well ``needle``'s letters match ``hay`` in order (None: they do not). Lower is
    better: the text typed as it stands in ``hay`` first (0 at a word's start, 1 inside a
    word), then the letters apart, by the gaps between them (a word's start costing nothing)."""
    needle, hay = needle.lower().strip(), hay.lower()
    if not needle:
        return 0
    at = hay.find(needle)
    if at >= 0:
        return 0 if at == 0 or not hay[at - 1].isalnum() else 1
    needle = needle.replace(" ", "")
    score, pos = 2, 0
    for ch in needle:
        found = hay.find(ch, pos)
        if found < 0:
            return None
        at_word = found == 0 or not hay[found - 1].isalnum()
        score += 0 if at_word or found == pos else found - pos
        pos = found + 1
    return score


class CommandPalette(QDialog):
    """The palette over ``window``'s actions (see the module)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("commandPalette")
        self.setWindowTitle("Command palette")
        self.commands = commands(window)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("paletteFilter")
        self.filter.setPlaceholderText("Type a command — e.g. build, undo, review")
        lay.addWidget(self.filter)
        self.model = QStandardItemModel(self)
        self.list = QListView(self)
        self.list.setObjectName("paletteList")
        self.list.setModel(self.model)
        self.list.setUniformItemSizes(True)
        self.list.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay in the filter
        self.list.activated.connect(lambda _i: self.run_current())
        self.list.clicked.connect(lambda _i: self.run_current())
        lay.addWidget(self.list, 1)
        self.filter.textChanged.connect(self._fill)
        self.filter.installEventFilter(self)
        self.filter.returnPressed.connect(self.run_current)
        self._fill("")
        self.resize(640, 420)
        self.filter.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fill(self, text: str) -> None:
        scored = []
        for n, c in enumerate(self.commands):
            score = fuzzy_score(text, c.what)
            if score is None:  # the group and the keys count too, less
                score = fuzzy_score(text, f"{c.where} {c.what} {c.keys}")
                score = None if score is None else score + 1000
            if score is not None:
                scored.append((score, n, c))
        self.model.clear()
        for _score, _n, c in sorted(scored, key=lambda t: (t[0], t[1])):
            item = QStandardItem(c.label)
            item.setData(c.action, ActionRole)
            item.setToolTip(c.action.statusTip() or c.action.toolTip())
            if not c.action.isEnabled():
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.model.appendRow(item)
        self._select(self._next_enabled(0, 1))

    def shown(self) -> list[str]:
        """The labels listed now, in order (tests)."""
        return [self.model.item(r).text() for r in range(self.model.rowCount())]

    def _next_enabled(self, row: int, step: int) -> int:
        while 0 <= row < self.model.rowCount():
            if self.model.item(row).isEnabled():
                return row
            row += step
        return -1

    def _select(self, row: int) -> None:
        if row >= 0:
            index = self.model.index(row, 0)
            self.list.setCurrentIndex(index)
            self.list.scrollTo(index)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.filter
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key()
            in (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp)
        ):
            step = 1 if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_PageDown) else -1
            if event.key() in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                step *= 8
            row = self.list.currentIndex().row() + step
            row = max(0, min(self.model.rowCount() - 1, row))
            found = self._next_enabled(row, 1 if step > 0 else -1)
            self._select(found if found >= 0 else self.list.currentIndex().row())
            return True
        return super().eventFilter(watched, event)

    def done(self, result: int) -> None:
        """Closed: the keys go back to the window (also where no window manager does that)."""
        super().done(result)
        parent = self.parentWidget()
        if parent is not None:
            parent.activateWindow()

    def run_current(self) -> None:
        """Close, then run the selected command (in the next turn: the window has the focus
        back, so an action that opens a dialog or moves the focus does so from there)."""
        index = self.list.currentIndex()
        action = index.data(ActionRole) if index.isValid() else None
        if not isinstance(action, QAction) or not action.isEnabled():
            return
        self.accept()
        QTimer.singleShot(0, action.trigger)

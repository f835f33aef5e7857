"""The keyboard shortcuts list (Help › Keyboard shortcuts, or ``?``).

:func:`shortcut_rows` reads the window's QActions when the list opens, so an action any area
adds (with a shortcut) appears without being registered here; :data:`KEYS_WITHOUT_ACTIONS` adds
the keys that are not actions (moving between the search box and the results).
:class:`ShortcutsDialog` shows them in a table with a filter box.
"""

from __future__ import annotations

from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

KEYS_WITHOUT_ACTIONS = (
    ("Memories", "From the search box into the results", "Down, Enter"),
    ("Memories", "From the first result back to the search box", "Up"),
    ("Window", "Next / previous field", "Tab, Shift+Tab"),
    ("Window", "Open a menu", "Alt + its underlined letter"),
)
"""(where, what, keys) of the keys that are not QActions."""


@dataclass(frozen=True)
class ShortcutRow:
    where: str  # the menu it is in ("Edit"), or "Window"
    what: str  # the action's text without "&" and "…"
    keys: str  # every shortcut, in the platform's words, ", " between


def plain_text(text: str) -> str:
    """A menu text as people read it: no ``&`` mnemonic, no trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def key_of(action: QAction) -> int:
    """The identity of the C++ action (Python wrappers of one action may differ)."""
    return int(shiboken6.getCppPointer(action)[0])


def _menu_titles(window: QWidget) -> dict[int, str]:
    """key_of(action) → the title of the menu it is in."""
    titles: dict[int, str] = {}
    for menu in window.findChildren(QMenu):
        title = plain_text(menu.title())
        if not title:
            continue
        for action in menu.actions():
            titles.setdefault(key_of(action), title)
    return titles


def menu_actions(window: QWidget) -> set[int]:
    """key_of() of every action in a menu of ``window`` (or in its menu bar)."""
    keys = {key_of(a) for m in window.findChildren(QMenu) for a in m.actions()}
    if isinstance(window, QMainWindow):
        keys |= {key_of(a) for a in window.menuBar().actions()}
    return keys


def window_actions(window: QWidget) -> list[QAction]:
    """Every command QAction of ``window`` and its children, once each: Qt's own internals
    (a line edit's clear button), separators and the actions that only open a menu left out."""
    seen: dict[int, QAction] = {}
    for action in [*window.actions(), *window.findChildren(QAction)]:
        if (
            action.objectName().startswith("_q_")
            or isinstance(action.parent(), QLineEdit)
            or action.isSeparator()
            or action.menu() is not None
        ):
            continue
        seen.setdefault(key_of(action), action)
    return list(seen.values())


def shortcut_rows(window: QWidget) -> list[ShortcutRow]:
    """One row per action of ``window`` that has a shortcut, by menu, plus the keys that are
    not actions."""
    titles = _menu_titles(window)
    rows: dict[tuple[str, str], ShortcutRow] = {}
    for action in window_actions(window):
        keys = [k for k in action.shortcuts() if not k.isEmpty()]
        if not keys:
            continue
        what = plain_text(action.text())
        where = titles.get(key_of(action), "Window")
        text = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        rows.setdefault((where, what), ShortcutRow(where, what, text))
    extra = [ShortcutRow(*row) for row in KEYS_WITHOUT_ACTIONS]
    return sorted(rows.values(), key=lambda r: (r.where, r.what.lower())) + extra


class ShortcutsDialog(QDialog):
    """The shortcuts of ``window``'s actions, read when the dialog opens; the filter box keeps
    the rows whose action, menu or keys contain what is typed."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.rows = shortcut_rows(window)
        lay = QVBoxLayout(self)
        note = QLabel("Every command with a key. The rest are in the menus (Alt + a letter).")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("shortcutsFilter")
        self.filter.setPlaceholderText("Filter — e.g. undo, Ctrl+Z")
        self.filter.setClearButtonEnabled(True)
        lay.addWidget(self.filter)
        self.table = QTableWidget(len(self.rows), 3, self)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Menu", "Command", "Keys"])
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        for r, row in enumerate(self.rows):
            for c, text in enumerate((row.where, row.what, row.keys)):
                self.table.setItem(r, c, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.filter.textChanged.connect(self._filter)
        self.resize(560, 520)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for r, row in enumerate(self.rows):
            hay = f"{row.where} {row.what} {row.keys}".lower()
            self.table.setRowHidden(r, bool(needle) and needle not in hay)

    def visible_rows(self) -> list[ShortcutRow]:
        return [row for r, row in enumerate(self.rows) if not self.table.isRowHidden(r)]

"""The keyboard shortcuts list (Help › Keyboard shortcuts, or ``?``).

:func:`shortcut_rows` reads the window's QActions when the list opens, so an action any area
adds (with a shortcut) appears without being registered here; :data:`KEYS_WITHOUT_ACTIONS` adds
the keys that are not actions (moving between the search box and the results).
:class:`ShortcutsDialog` shows them in a table with a filter box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import shiboken6
from hmdesk.gui.common.dialog_buttons import Button, dialog_buttons
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

ANYWHERE = "Anywhere"
"""The group of the actions that are in no menu and no tab: their keys work in the whole window."""

KEYS_WITHOUT_ACTIONS = (
    ("Memories", "From the search box into the results", "Down, Enter"),
    ("Memories", "From the first result back to the search box", "Up"),
    ("Code", "From the filter into the tree", "Down"),
    (ANYWHERE, "Next / previous field", "Tab, Shift+Tab"),
    (ANYWHERE, "Open a menu", "Alt + its underlined letter"),
)
"""(where, what, keys) of the keys that are not QActions."""


@dataclass(frozen=True)
class ShortcutRow:
    where: str  # the menu it is in ("Edit"), else the tab ("Review"), else ANYWHERE
    what: str  # the action's text without "&" and "…"
    keys: str  # every shortcut, in the platform's words, ", " between


def plain_text(text: str) -> str:
    """A menu text as people read it: no ``&`` mnemonic, no trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def key_of(action: QAction) -> int:
    """The identity of the C++ action (Python wrappers of one action may differ)."""
    return int(shiboken6.getCppPointer(action)[0])


def menu_titles(window: QWidget) -> dict[int, str]:
    """key_of(action) → the title of the menu it is in."""
    titles: dict[int, str] = {}
    for menu in window.findChildren(QMenu):
        title = plain_text(menu.title())
        if not title:
            continue
        for action in menu.actions():
            titles.setdefault(key_of(action), title)
    return titles


def _tab_title(action: QAction) -> str | None:
    """The title of the tab whose page holds the widget ``action`` belongs to (its count, as in
    "Review (3)", left out); None outside every tab."""
    widget = action.parent()
    while isinstance(widget, QWidget):
        holder = widget.parentWidget()
        # a QTabWidget's pages are children of its inner QStackedWidget
        tabs = holder.parentWidget() if isinstance(holder, QStackedWidget) else None
        if isinstance(tabs, QTabWidget) and (i := tabs.indexOf(widget)) >= 0:
            return re.sub(r"\s*\(\d[\d,]*\)$", "", plain_text(tabs.tabText(i))) or None
        widget = holder
    return None


def where_of(action: QAction, menu_titles: dict[int, str]) -> str:
    """The menu ``action`` is in, else the tab it belongs to, else :data:`ANYWHERE`."""
    return menu_titles.get(key_of(action)) or _tab_title(action) or ANYWHERE


def what_of(action: QAction, where: str) -> str:
    """The action's text as people read it, without a repeat of its group ("Review: Merge"
    in the Review group reads "Merge")."""
    what = plain_text(action.text())
    return what.removeprefix(f"{where}: ") if where != ANYWHERE else what


def keys_of(action: QAction) -> str:
    """Every shortcut of ``action``, in the platform's words, ", " between ("" for none)."""
    keys = [k for k in action.shortcuts() if not k.isEmpty()]
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)


def menu_actions(window: QWidget) -> set[int]:
    """key_of() of every action in a menu of ``window`` (or in its menu bar)."""
    keys = {key_of(a) for m in window.findChildren(QMenu) for a in m.actions()}
    if isinstance(window, QMainWindow):
        keys |= {key_of(a) for a in window.menuBar().actions()}
    return keys


def window_actions(window: QWidget) -> list[QAction]:
    """Every command QAction of ``window`` and its children, once each: Qt's own internals
    (a line edit's clear button), separators, the actions that only open a menu and those
    without a name (nobody could tell what their row is) left out."""
    seen: dict[int, QAction] = {}
    for action in [*window.actions(), *window.findChildren(QAction)]:
        if (
            not plain_text(action.text())
            or action.objectName().startswith("_q_")
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
    titles = menu_titles(window)
    rows: dict[tuple[str, str], ShortcutRow] = {}
    for action in window_actions(window):
        keys = keys_of(action)
        if not keys:
            continue
        where = where_of(action, titles)
        what = what_of(action, where)
        rows.setdefault((where, what), ShortcutRow(where, what, keys))
    extra = [ShortcutRow(*row) for row in KEYS_WITHOUT_ACTIONS]
    return sorted(rows.values(), key=group_order) + extra


def group_order(row: ShortcutRow) -> tuple[bool, str, str]:
    """Menus and tabs by name, then the keys that work anywhere."""
    return (row.where == ANYWHERE, row.where, row.what.lower())


class ShortcutsDialog(QDialog):
    """The shortcuts of ``window``'s actions, read when the dialog opens; the filter box keeps
    the rows whose action, menu or keys contain what is typed."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.rows = shortcut_rows(window)
        lay = self.lay = QVBoxLayout(self)
        note = QLabel("Every command with a key, by menu or tab. All commands: Ctrl+Shift+P.")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("shortcutsFilter")
        self.filter.setPlaceholderText("Filter — e.g. undo, Ctrl+Z")
        self.filter.setClearButtonEnabled(True)
        lay.addWidget(self.filter)
        self.table = QTableWidget(len(self.rows), 3, self)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Where", "Command", "Keys"])  # a menu or a tab
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
        lay.addWidget(dialog_buttons(self, Button.Close))
        self.filter.textChanged.connect(self._filter)
        self.resize(self._fitting_width(window), 520)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fitting_width(self, window: QWidget) -> int:
        """Wide enough for every command whole beside its group and keys (the Keys column,
        fitted to its longest row, left Command ~125 of 560 px), at most the window's width."""
        table = self.table
        widest = max((table.fontMetrics().horizontalAdvance(r.what) for r in self.rows), default=0)
        columns = sum(
            max(table.sizeHintForColumn(c), table.horizontalHeader().sectionSizeHint(c))
            for c in (0, 2)
        )
        margins = self.lay.contentsMargins()
        needed = (
            columns
            + widest
            + 16  # the cell's own padding
            + table.verticalScrollBar().sizeHint().width()
            + 2 * table.frameWidth()
            + margins.left()
            + margins.right()
        )
        return max(560, min(needed, window.width()))

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for r, row in enumerate(self.rows):
            hay = f"{row.where} {row.what} {row.keys}".lower()
            self.table.setRowHidden(r, bool(needle) and needle not in hay)

    def visible_rows(self) -> list[ShortcutRow]:
        return [row for r, row in enumerate(self.rows) if not self.table.isRowHidden(r)]

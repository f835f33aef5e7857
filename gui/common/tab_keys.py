"""Switching a window's tabs from the keyboard: Ctrl+Tab / Ctrl+PgDown the next tab,
Ctrl+Shift+Tab / Ctrl+PgUp the previous one (both wrap around), Alt+1 … Alt+9 a tab by its place.

They are window-wide QActions (in the View menu, so the shortcuts list and the command palette
show them): a QTabWidget answers Ctrl+Tab only while the focus is on it, and a table or a text
field beside it would keep the key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabWidget, QWidget

NEXT_KEYS = ("Ctrl+Tab", "Ctrl+PgDown")
# Shift+Tab arrives as Backtab: both spellings, so the key works whatever the platform sends
PREVIOUS_KEYS = ("Ctrl+Shift+Tab", "Ctrl+Shift+Backtab", "Ctrl+PgUp")


def tab_actions(window: QWidget, tabs: QTabWidget, names: list[str]) -> list[QAction]:
    """The next / previous tab actions and one "Go to NAME" (Alt+n) per name in ``names`` (the
    tabs in order), on ``window``."""

    def step(by: int) -> None:
        if tabs.count():
            tabs.setCurrentIndex((tabs.currentIndex() + by) % tabs.count())

    def go(index: int) -> None:
        if index < tabs.count():
            tabs.setCurrentIndex(index)

    made: list[QAction] = []

    def make(text: str, keys: tuple[str, ...], slot: Callable[[], object], name: str) -> None:
        action = QAction(text, window)
        action.setObjectName(name)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        window.addAction(action)
        made.append(action)

    make("&Next tab", NEXT_KEYS, lambda: step(1), "action_next_tab")
    make("&Previous tab", PREVIOUS_KEYS, lambda: step(-1), "action_previous_tab")
    for n, name in enumerate(names[:9]):
        make(f"Go to the {name} tab", (f"Alt+{n + 1}",), partial(go, n), f"tab_{n}")
    return made

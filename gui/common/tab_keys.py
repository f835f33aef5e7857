"""Switching a window's tabs from the keyboard: Ctrl+Tab / Ctrl+PgDown the next tab,
Ctrl+Shift+Tab / Ctrl+PgUp the previous one (both wrap around), Alt+1 … Alt+9 a tab by its place.

They are window-wide QActions (in the View menu, so the shortcuts list and the command palette
show them): a QTabWidget answers Ctrl+Tab only while the focus is on it, and a table or a text
field beside it would keep the key. The tab switched to gets the focus (its focus proxy, else
its first widget that takes Tab), so its own keys (J/K, arrows) work at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QTabWidget, QWidget

NEXT_KEYS = ("Ctrl+Tab", "Ctrl+PgDown")
# Shift+Tab arrives as Backtab: both spellings, so the key works whatever the platform sends
PREVIOUS_KEYS = ("Ctrl+Shift+Tab", "Ctrl+Shift+Backtab", "Ctrl+PgUp")


def tab_actions(window: QWidget, tabs: QTabWidget, names: list[str]) -> list[QAction]:
    """The next / previous tab actions and one "Go to NAME" (Alt+n) per name in ``names`` (the
    tabs in order), on ``window``."""

    def step(by: int) -> None:
        if tabs.count():
            tabs.setCurrentIndex((tabs.currentIndex() + by) % tabs.count())
            focus_into(tabs.currentWidget())

    def go(index: int) -> None:
        if index < tabs.count():
            tabs.setCurrentIndex(index)
            focus_into(tabs.currentWidget())

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


def focus_into(page: QWidget | None) -> None:
    """The focus into ``page``: its focus proxy, else (unless the focus is in it already) the
    first widget of its focus chain that takes Tab."""
    if page is None:
        return
    if page.focusProxy() is not None:  # what Qt moved the focus to on the switch, if anything,
        page.setFocus(Qt.FocusReason.TabFocusReason)  # is only the next widget in the chain
        return
    current = QApplication.focusWidget()
    if current is not None and page.isAncestorOf(current) and current.isVisible():
        return
    w = page.nextInFocusChain()
    while w is not None and w is not page:
        if (
            page.isAncestorOf(w)
            and w.isVisible()
            and w.isEnabled()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            w.setFocus(Qt.FocusReason.TabFocusReason)
            return
        w = w.nextInFocusChain()


class KeyRouter:
    """The home tab's window-wide keys give way on a tab that uses the same keys itself.

    The Memories area's actions work from any tab (Ctrl+N, Ctrl+F, Ctrl+Z, F5 …), and a tab's
    own actions and shortcuts (the Code tab's Ctrl+F and F5, the Review tab's Ctrl+Z and F5)
    would then be ambiguous: Qt runs neither. While such a tab is shown, the window-wide action
    loses the keys the tab uses (it stays in its menu); they come back on leaving it.
    """

    def __init__(self, actions: list[QAction], home: QWidget) -> None:
        self.home = home
        self.keys = {a: a.shortcuts() for a in actions}

    def route(self, page: QWidget | None) -> None:
        taken: set[str] = set()
        if page is not None and page is not self.home:
            for action in page.findChildren(QAction):
                taken |= {k.toString() for k in action.shortcuts()}
            taken |= {s.key().toString() for s in page.findChildren(QShortcut)}
        for action, keys in self.keys.items():
            action.setShortcuts([k for k in keys if k.toString() not in taken])

"""The sizes a user gives an area's splitters and table columns, kept from one session to the
next (QSettings, ``layout/<objectName>``).

Every :class:`QSplitter` and every item view's horizontal header under an area is saved when the
window closes and restored when the area is built (areas are built when their tab is first
opened), found by object name: a splitter or view without one is left as it is.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QSplitter, QTableView, QTreeView, QWidget

PREFIX = "layout"


Part = QSplitter | QTableView | QTreeView


def _parts(root: QWidget) -> list[tuple[str, Part]]:
    parts: list[tuple[str, Part]] = []
    for splitter in root.findChildren(QSplitter):
        if splitter.objectName():
            parts.append((f"{PREFIX}/{splitter.objectName()}", splitter))
    views: list[QTableView | QTreeView] = [*root.findChildren(QTableView)]
    views += root.findChildren(QTreeView)
    for view in views:
        if view.objectName():
            parts.append((f"{PREFIX}/{view.objectName()}.header", view))
    return parts


def save_layout(root: QWidget, settings: QSettings) -> None:
    for key, part in _parts(root):
        if isinstance(part, QSplitter):
            settings.setValue(key, part.saveState())
        elif isinstance(part, QTableView):
            settings.setValue(key, part.horizontalHeader().saveState())
        else:
            settings.setValue(key, part.header().saveState())


def restore_layout(root: QWidget, settings: QSettings) -> None:
    for key, part in _parts(root):
        state = settings.value(key)
        if not isinstance(state, QByteArray | bytes):
            continue
        if isinstance(part, QSplitter):
            part.restoreState(state)
        elif isinstance(part, QTableView):
            part.horizontalHeader().restoreState(state)
        elif isinstance(part, QTreeView):
            part.header().restoreState(state)

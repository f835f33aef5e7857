"""The sizes a user gives an area's splitters and table columns, kept from one session to the
next (QSettings, ``layout/<objectName>``).

Every :class:`QSplitter` and every item view's horizontal header under an area is saved when the
window closes and restored when the area is built (areas are built when their tab is first
opened, or early while the window is idle), found by object name: a splitter or view without one
is left as it is. One never shown (an area built early, its tab never opened) has no sizes of
the user's and is not saved: the state saved before stays. An area that sizes a splitter at its first show
calls :func:`restore_splitter` there instead, so the user's sizes win.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt
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
        if not part.testAttribute(Qt.WidgetAttribute.WA_WState_Created):  # never shown
            continue
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


def restore_splitter(part: QSplitter, settings: QSettings) -> bool:
    """``part``'s saved sizes set again, now that it has its real width (sizes restored while an
    area is built, before its first show, are pixels of another width: the difference is
    shared out by stretch, not in proportion). False when nothing was saved."""
    state = settings.value(f"{PREFIX}/{part.objectName()}") if part.objectName() else None
    if not isinstance(state, QByteArray | bytes):
        return False
    return part.restoreState(state)

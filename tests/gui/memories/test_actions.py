"""The area's actions: named, enabled by the selection, in the table's context menu."""

from __future__ import annotations

from hmdesk.gui.memories.actions import ANY_SELECTED, CONTEXT_MENU, ONE_SELECTED, context_menu
from PySide6.QtCore import Qt

from .conftest import search


def test_actions_follow_the_selection(loaded, qtbot):
    actions = loaded.actions_by_name
    assert all(a.objectName() == f"action_{n}" for n, a in actions.items())
    search(qtbot, loaded, "hilog")
    ids = loaded.model.ids()[:2]
    loaded.select_ids(ids, ids[0])
    assert not any(actions[n].isEnabled() for n in ONE_SELECTED)
    assert all(actions[n].isEnabled() for n in ANY_SELECTED)
    loaded.select_ids(ids[:1], ids[0])
    assert all(actions[n].isEnabled() for n in (*ONE_SELECTED, *ANY_SELECTED))
    loaded.table.selectionModel().clearSelection()
    assert not any(actions[n].isEnabled() for n in (*ONE_SELECTED, *ANY_SELECTED))
    # Return and Delete belong to the table; the others work anywhere in the window
    assert actions["delete"].shortcutContext() == Qt.ShortcutContext.WidgetShortcut
    assert actions["delete"] in loaded.table.actions()
    assert actions["undo"].shortcutContext() == Qt.ShortcutContext.WindowShortcut


def test_context_menu_and_reveal(loaded, qtbot):
    menu = context_menu(loaded)
    names = [a.objectName() for a in menu.actions() if not a.isSeparator()]
    assert names == [f"action_{n}" for group in CONTEXT_MENU for n in group]
    menu.close()
    with qtbot.waitSignal(loaded.reveal, timeout=1000):
        loaded.actions_by_name["refresh"].trigger()

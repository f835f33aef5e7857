"""The Memories area's QActions (one per command, named ``action_<name>``), the results table's
context menu, and which actions a selection enables.

The main window puts the same actions in its menus (``area.actions_by_name``); a shortcut
pressed on another tab brings the area up first (``area.reveal``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from hmdesk.gui.memories.area import MemoriesArea

Shortcut = QKeySequence.StandardKey | str | None

ONE_SELECTED = ("edit", "history", "copy_json", "anchor")
ANY_SELECTED = (
    "confidence",
    "supersede",
    "delete",
    "add_tag",
    "remove_tag",
    "export_jsonl",
    "export_csv",
)
CONTEXT_MENU = (
    ("edit", "confidence", "supersede", "history", "delete"),
    ("add_tag", "remove_tag", "export_jsonl", "export_csv"),
    ("anchor", "copy_json"),
)


def make_actions(area: MemoriesArea) -> dict[str, QAction]:
    """Every action of the area, by name, wired to the area's controllers."""
    actions: dict[str, QAction] = {}
    editing, importer = area.editing, area.importer

    def act(
        name: str, text: str, slot: Callable[[], object], shortcut: Shortcut = None, tip: str = ""
    ) -> QAction:
        a = QAction(text, area)
        a.setObjectName(f"action_{name}")
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)

        def run(_checked: bool = False) -> None:
            area.reveal.emit()  # a shortcut pressed on another tab brings this area up
            slot()

        a.triggered.connect(run)
        actions[name] = a
        return a

    keys = QKeySequence.StandardKey
    act("new", "&New memory…", editing.new_memory, keys.New)
    act("edit", "&Edit…", editing.edit_selected, "Return", "Edit content, tags, layer, environment")
    act("confidence", "Set &confidence…", editing.set_confidence, "Ctrl+K")
    act("supersede", "&Supersede…", editing.supersede_selected, "Ctrl+Shift+S")
    act("history", "&History…", editing.show_history, "Ctrl+H")
    act("delete", "&Delete", editing.delete_selected, keys.Delete)
    act("restore", "&Restore deleted…", editing.restore_deleted)
    act("undo", "&Undo last change", editing.undo_last, keys.Undo)
    act("redo", "&Redo", editing.redo_last, "Ctrl+Shift+Z", "Re-apply the change undone last")
    actions["redo"].setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    act("refresh", "&Refresh", area.refresh, "F5")
    act(
        "back",
        "&Back to the previous memory",
        area.go_back,
        "Alt+Left",
        "Back to the memory shown before you followed a supersede link",
    )
    act("focus_query", "&Find…", area.query_bar.focus_text, keys.Find)
    act("add_tag", "Add &tag to selection…", editing.bulk_add_tag)
    act("remove_tag", "Remove ta&g from selection…", editing.bulk_remove_tag)
    act("export_jsonl", "Export selection as &JSONL (hmharness)…", editing.export_jsonl_dialog)
    act("export_csv", "Export selection as &CSV…", editing.export_csv_dialog)
    act("import", "&Import hmharness memory.jsonl…", importer.import_hmharness)
    act("starter", "Load the &starter pack", importer.load_starter_pack)
    act(
        "copy_json",
        "Copy e&xplanation as JSON",
        editing.copy_explanation,
        "Ctrl+Shift+C",
        "The selected result's score, components and term matches (the CLI's query --json)",
    )
    act("sync", "&Live sync with hmharness", importer.toggle_sync).setCheckable(True)
    act(
        "anchor",
        "&Anchor to code…",
        area.anchoring.anchor_selected,
        "Ctrl+Shift+A",
        "Tie the memory to a struct, class, function or method of the open project",
    )
    # Shortcuts work while the table or the detail pane has focus as well as from menus.
    for a in actions.values():
        a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    for name in ("edit", "delete"):  # Return and Delete belong to the table only
        actions[name].setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        area.table.addAction(actions[name])
    return actions


def update_actions(actions: dict[str, QAction], selected: int) -> None:
    """Enable what applies to ``selected`` selected memories."""
    for name in ONE_SELECTED:
        actions[name].setEnabled(selected == 1)
    for name in ANY_SELECTED:
        actions[name].setEnabled(selected > 0)


def context_menu(area: MemoriesArea) -> QMenu:
    """The results table's context menu (the area's actions, in groups)."""
    menu = QMenu(area)
    for n, group in enumerate(CONTEXT_MENU):
        if n:
            menu.addSeparator()
        for name in group:
            menu.addAction(area.actions_by_name[name])
    return menu


def show_context_menu(area: MemoriesArea, pos: QPoint) -> None:
    """Pop the context menu up at ``pos`` (the table's viewport coordinates)."""
    menu = context_menu(area)
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    menu.popup(area.table.viewport().mapToGlobal(pos))

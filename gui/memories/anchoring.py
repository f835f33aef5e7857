"""Code anchors from the Memories area: "Anchor to code…" (Ctrl+Shift+A), and the detail pane's
remove / re-anchor links.

The entity is picked from the window's shared code index of the open project
(:class:`~hmdesk.gui.common.code_index.CodeIndexHolder`); without a project, or while it is
still being indexed, the user is told what to do instead of getting an empty list.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from hmdesk.gui.common.anchor_picker import AnchorPicker
from hmdesk.gui.common.code_index import CodeIndexHolder
from PySide6.QtWidgets import QMessageBox

if TYPE_CHECKING:
    from hmdesk.core.codeindex.anchors import AnchorStore
    from hmdesk.core.codeindex.index import CodeIndex
    from hmdesk.gui.memories.area import MemoriesArea

log = logging.getLogger(__name__)


class Anchoring:
    """Anchor actions of one Memories area. ``picker`` is replaceable (tests)."""

    picker: type[AnchorPicker] = AnchorPicker

    def __init__(self, area: MemoriesArea) -> None:
        self.area = area
        self.holder = CodeIndexHolder.for_context(area.ctx).acquire()  # released in close()
        self._store: AnchorStore | None = None

    def close(self) -> None:
        self.holder.release()

    def store(self) -> AnchorStore:
        if self._store is None:
            from hmdesk.core.codeindex.anchors import AnchorStore

            self._store = AnchorStore(self.area.ctx.db, actor="gui")
        return self._store

    def _index(self) -> CodeIndex | None:
        self.holder.ensure()
        if self.holder.index is not None:
            return self.holder.index
        if self.holder.root is None:
            why = "No project is open. Open one in the Runs tab; its code is indexed for anchors."
        else:
            why = f"{self.holder.root.name} is still being indexed; try again in a moment."
        self.area.ctx.bus.show_error("Cannot anchor to code yet.", why)
        return None

    def anchor_selected(self) -> None:
        recs = self.area.selected_records()
        if len(recs) != 1:
            return
        index = self._index()
        if index is None:
            return
        rec = recs[0]
        dialog = self.picker(
            index,
            "Anchor to code",
            f"Tie memory {rec.id} to a struct, class, function or method: it is then recalled "
            "for failures and crashes in that code.",
            self.area,
        )
        if not dialog.exec() or dialog.chosen is None:
            return
        try:
            anchor = self.store().add(rec.id, index.root, dialog.chosen)
        except Exception as exc:  # noqa: BLE001 - AnchorError or a database error: said, not raised
            self.area.ctx.bus.show_error(f"Could not anchor {rec.id}: {exc}", "")
            return
        self.area.ctx.bus.show_info(f"Anchored {rec.id} to {anchor.symbol} ({anchor.path})")
        self.area.refresh_detail()

    def remove(self, anchor_id: int) -> None:
        store = self.store()
        try:
            anchor = store.get(anchor_id)
        except Exception as exc:  # noqa: BLE001 - removed meanwhile
            self.area.ctx.bus.show_error(f"No anchor {anchor_id}: {exc}", "")
            return
        answer = QMessageBox.question(
            self.area,
            "Remove anchor",
            f"Remove the anchor of {anchor.memory_id} to {anchor.symbol}?",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        store.remove(anchor_id)
        self.area.ctx.bus.show_info(f"Removed the anchor to {anchor.symbol}")
        self.area.refresh_detail()

    def reanchor(self, anchor_id: int) -> None:
        index = self._index()
        if index is None:
            return
        store = self.store()
        old = store.get(anchor_id)
        dialog = self.picker(
            index,
            "Re-anchor",
            f"{old.symbol} is gone from the code. Pick where memory {old.memory_id} belongs now:",
            self.area,
            preset=old.symbol.rsplit(".", 1)[-1],
        )
        if not dialog.exec() or dialog.chosen is None:
            return
        new = store.add(old.memory_id, index.root, dialog.chosen)
        store.remove(old.id)
        self.area.ctx.bus.show_info(f"Re-anchored {old.memory_id} to {new.symbol}")
        self.area.refresh_detail()

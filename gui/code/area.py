"""The Code tab: the open project's structs, classes, functions and methods, the memories
anchored to them, and what calls them.

The index is the window's shared one (:class:`~hmdesk.gui.common.code_index.CodeIndexHolder`:
built in the background with progress and Cancel, kept current by watchdog). Left, the files with
their entities (type to filter, Ctrl+F); right, the selection: where it is (a click opens it in
your editor), the memories anchored to it, stale anchors with a re-anchor action, and the
impact: its callers to the depth chosen, with the memories anchored along them.

Keyboard: Ctrl+F filter (Down from there into the tree), Enter opens the selection in the
editor, F5 re-indexes, Esc cancels indexing, Alt+D the impact depth. "Anchor a memory here…"
(Ctrl+M; the tree's context menu, a link under the entity) ties a memory picked by
searching to the selected entity: the code side of the Memories tab's "Anchor to code…".
"""

from __future__ import annotations

import bisect
import html
import logging
from typing import TYPE_CHECKING

from hmdesk.gui.code.memory_picker import MemoryPicker
from hmdesk.gui.common.anchor_picker import AnchorPicker
from hmdesk.gui.common.code_index import CodeIndexHolder
from hmdesk.gui.common.editor import open_location
from hmdesk.gui.context import AppContext
from PySide6.QtCore import QEvent, QModelIndex, QObject, QSortFilterProxyModel, Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QKeyEvent,
    QKeySequence,
    QShortcut,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.codeindex.anchors import Anchor, AnchorStore
    from hmdesk.core.codeindex.entities import Entity
    from hmdesk.core.codeindex.index import CodeIndex

log = logging.getLogger(__name__)

ENTITY_ROLE = Qt.ItemDataRole.UserRole + 1
PATH_ROLE = Qt.ItemDataRole.UserRole + 2

NO_PROJECT = (
    "No project yet. Open one with File › Open project… (Ctrl+O): its ArkTS and TypeScript code is "
    "indexed here, and memories can be anchored to its structs, classes and functions."
)


class CodeArea(QWidget):
    """Signals: memory_requested(str): a memory link was clicked (the window shows it)."""

    memory_requested = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.holder = CodeIndexHolder.for_context(ctx).acquire()
        self._rows: list[str] = []  # the files in the tree, in their (path) order
        self._anchors: AnchorStore | None = None
        self.selected: Entity | None = None
        self.selected_path: str | None = None

        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        self.project_label = QLabel(self)
        self.project_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head.addWidget(self.project_label, 1)
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        head.addWidget(self.progress)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop indexing (Esc)")
        self.cancel_button.clicked.connect(self.holder.cancel)
        self.cancel_button.hide()
        head.addWidget(self.cancel_button)
        self.rebuild_button = QPushButton("Re-index", self)
        self.rebuild_button.setToolTip("Read every file again (F5)")
        self.rebuild_button.clicked.connect(self.holder.rebuild)
        head.addWidget(self.rebuild_button)
        depth_label = QLabel("Impact &depth:", self)
        head.addWidget(depth_label)
        self.depth_box = QSpinBox(self)
        depth_label.setBuddy(self.depth_box)
        self.depth_box.setRange(1, 8)
        self.depth_box.setValue(2)
        self.depth_box.setToolTip("Levels of callers shown under Impact (Alt+D)")
        self.depth_box.valueChanged.connect(lambda _v: self._show_selection())
        head.addWidget(self.depth_box)
        lay.addLayout(head)

        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter files and entities (Ctrl+F): Index.build, onCreate…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.filter.installEventFilter(self)  # Down / Enter: into the tree
        lay.addWidget(self.filter)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.setObjectName("codeSplitter")
        self.model = QStandardItemModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.tree = QTreeView(split)
        self.tree.setModel(self.proxy)
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.selectionModel().currentChanged.connect(self._on_current)
        self.tree.activated.connect(lambda _i: self.open_selection())
        self.anchor_action = QAction("Anchor a &memory here…", self)
        self.anchor_action.setObjectName("code_anchor_memory")
        self.anchor_action.setStatusTip("Tie a memory to the selected struct, class or function")
        self.anchor_action.setShortcut(QKeySequence("Ctrl+M"))
        self.anchor_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.anchor_action.triggered.connect(lambda: self.anchor_memory())
        self.addAction(self.anchor_action)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.tree.addAction(self.anchor_action)
        self.details = QTextBrowser(split)
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._on_link)
        split.addWidget(self.tree)
        split.addWidget(self.details)
        split.setSizes([380, 620])
        lay.addWidget(split, 1)

        QShortcut(QKeySequence.StandardKey.Find, self, self._focus_filter)
        QShortcut(QKeySequence(Qt.Key.Key_F5), self, self.holder.rebuild)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.holder.cancel)
        self.holder.progress.connect(self._on_progress)
        self.holder.ready.connect(self._on_ready)
        self.holder.changed.connect(self._on_changed)
        self.holder.failed.connect(self._on_failed)
        self.holder.ensure()
        if self.holder.index is not None:
            self._on_ready()
        else:
            self._show_state()

    # --- index state ----------------------------------------------------------------------
    def _show_state(self, message: str = "") -> None:
        root = self.holder.root
        building = self.holder.building
        self.progress.setVisible(building)
        self.cancel_button.setVisible(building)
        self.rebuild_button.setEnabled(root is not None and not building)
        if root is None:
            self.project_label.setText("No project")
            self.details.setHtml(f"<p>{NO_PROJECT}</p>")
            return
        if building:
            self.project_label.setText(f"Indexing {root}…")
            if not message:
                self.details.setHtml("<p>Reading the project's .ets and .ts files…</p>")
        if message:
            self.project_label.setText(f"{root}")
            self.details.setHtml(f"<p>{html.escape(message)}</p><p>F5 indexes again.</p>")

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        self.progress.setFormat(f"{done:,} of {total:,} files")
        self._show_state()

    def _on_failed(self, message: str) -> None:
        self._show_state(message)
        self.ctx.bus.show_info(message)

    def _on_ready(self) -> None:
        index = self.holder.index
        self._show_state()
        if index is None:
            return
        self._show_label(index)
        self._fill_tree(index)
        self._show_selection()

    def _show_label(self, index: CodeIndex) -> None:
        report = self.holder.report
        errors = (
            f", {len(report.with_errors)} with syntax errors"
            if report and report.with_errors
            else ""
        )
        checking = " — checking for changes since last time…" if self.holder.building else ""
        self.project_label.setText(
            f"{index.root} — {len(index.files()):,} files, {len(index):,} entities{errors}"
            f"{checking}"
        )

    def _fill_tree(self, index: CodeIndex) -> None:
        self.model.clear()
        self._rows = []
        root = self.model.invisibleRootItem()
        for path in index.files():
            root.appendRow(self._file_item(index, path))
            self._rows.append(path)
        if self.filter.text():
            self.tree.expandAll()

    def _file_item(self, index: CodeIndex, path: str) -> QStandardItem:
        file_item = QStandardItem(path)
        file_item.setEditable(False)
        file_item.setData(path, PATH_ROLE)
        self._fill_file(file_item, index, path)
        return file_item

    @staticmethod
    def _fill_file(file_item: QStandardItem, index: CodeIndex, path: str) -> None:
        for e in index.entities(path):
            depth = e.qualified.count(".")
            item = QStandardItem(f"{'  ' * depth}{e.name}  ·  {e.kind}  :{e.start_line}")
            item.setEditable(False)
            item.setData(e, ENTITY_ROLE)
            item.setData(path, PATH_ROLE)
            item.setToolTip(f"{e.qualified} ({e.kind}), {path}:{e.start_line}-{e.end_line}")
            file_item.appendRow(item)

    def _on_changed(self, paths: list[str]) -> None:
        """Files the watcher re-read: only their rows change (a saved file in a project of
        thousands does not rebuild the whole tree on the GUI thread)."""
        index = self.holder.index
        if index is None or self.holder.building or not self._rows:
            self._on_ready()
            return
        root = self.model.invisibleRootItem()
        files = set(index.files())
        for path in paths:
            at = bisect.bisect_left(self._rows, path)
            there = at < len(self._rows) and self._rows[at] == path
            if path not in files:  # gone
                if there:
                    root.removeRow(at)
                    del self._rows[at]
            elif there:
                file_item = root.child(at)
                file_item.removeRows(0, file_item.rowCount())
                self._fill_file(file_item, index, path)
            else:
                root.insertRow(at, [self._file_item(index, path)])
                self._rows.insert(at, path)
        if self.filter.text():
            self.tree.expandAll()
        self._show_label(index)
        self._show_selection()

    def _apply_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if text.strip():
            self.tree.expandAll()

    def _focus_filter(self) -> None:
        self.filter.setFocus()
        self.filter.selectAll()

    # --- the selection --------------------------------------------------------------------
    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.selected = current.data(ENTITY_ROLE) if current.isValid() else None
        self.selected_path = current.data(PATH_ROLE) if current.isValid() else None
        self._show_selection()

    def select_entity(self, qualified: str) -> bool:
        """Select the first entity named ``qualified`` (tests, links); False if none."""
        for row in range(self.model.rowCount()):
            file_item = self.model.item(row)
            for r in range(file_item.rowCount()):
                child = file_item.child(r)
                e = child.data(ENTITY_ROLE)
                if e is not None and e.qualified == qualified:
                    idx = self.proxy.mapFromSource(child.index())
                    self.tree.setCurrentIndex(idx)
                    return True
        return False

    def anchor_store(self) -> AnchorStore:
        if self._anchors is None:
            from hmdesk.core.codeindex.anchors import AnchorStore

            self._anchors = AnchorStore(self.ctx.db, actor="gui")
        return self._anchors

    def _show_selection(self) -> None:
        index = self.holder.index
        if index is None:
            return
        if self.selected is None and self.selected_path is None:
            self.details.setHtml(
                "<p>Pick a file or an entity on the left (type to filter) to see the memories "
                "anchored to it and what calls it.</p>"
            )
            return
        try:
            if self.selected is not None:
                body = self._entity_html(index, self.selected)
            else:
                body = self._file_html(index, self.selected_path or "")
        except Exception as exc:  # noqa: BLE001 - a database error shows in the pane, not a crash
            log.warning("code details: %s", exc)
            body = f"<p>Could not read the anchors: {html.escape(str(exc))}</p>"
        self.details.setHtml(body)

    def _entity_html(self, index: CodeIndex, e: Entity) -> str:
        from hmdesk.core.codeindex.impact import impact

        rows = impact(index, e, self.anchor_store(), depth=self.depth_box.value())
        out = [
            f"<h3>{html.escape(e.qualified)} <small>({e.kind})</small></h3>",
            f"<p>{_open_link(e.path, e.start_line)} — lines {e.start_line}–{e.end_line}</p>",
            "<h4>Memories anchored here</h4>",
            self._anchors_html(rows[0].anchors, "None yet."),
            "<p><a href='anchor:'>Anchor a memory here…</a></p>",
            f"<h4>Impact: callers to depth {self.depth_box.value()}</h4>",
        ]
        if len(rows) == 1:
            out.append("<p>Nothing in the project calls it (calls are matched by name).</p>")
        for r in rows[1:]:
            mems = self._anchors_html(r.anchors, "") if r.anchors else ""
            out.append(
                f"<p style='margin-left:{r.level * 16}px'>{r.level}. "
                f"{html.escape(r.entity.qualified)} <small>({r.entity.kind})</small> "
                f"{_open_link(r.entity.path, r.entity.start_line)}</p>{mems}"
            )
        return "".join(out)

    def _file_html(self, index: CodeIndex, path: str) -> str:
        from hmdesk.core.codeindex.anchors import locate

        anchors = self.anchor_store().for_file(index.root, path)
        # read-only here (no write on the GUI thread): where each symbol is now, or gone
        found = [(a, locate(a, index)) for a in anchors]
        stale = [a for a, where in found if where is None]
        live = [a for a, where in found if where is not None]
        out = [
            f"<h3>{html.escape(path)}</h3>",
            f"<p>{_open_link(path, 1)} — {len(index.entities(path))} entities</p>",
            "<h4>Memories anchored in this file</h4>",
            self._anchors_html(live, "None."),
        ]
        if stale:
            out.append("<h4>Stale anchors</h4><p>Their symbol is gone from the code:</p>")
            out.append(self._anchors_html(stale, "", reanchor=True))
        return "".join(out)

    def _anchors_html(
        self, anchors: tuple[Anchor, ...] | list[Anchor], empty: str, *, reanchor: bool = False
    ) -> str:
        if not anchors:
            return f"<p><i>{html.escape(empty)}</i></p>" if empty else ""
        items = []
        for a in anchors:
            try:
                content = self.ctx.store.get(a.memory_id).content
            except Exception:  # noqa: BLE001 - a memory deleted meanwhile still lists its anchor
                content = "(memory not found)"
            extra = f" <a href='reanchor:{a.id}'>re-anchor…</a>" if reanchor else ""
            items.append(
                f"<li><a href='mem:{html.escape(a.memory_id)}'>{html.escape(a.memory_id)}</a> "
                f"{html.escape(content[:160])} <small>→ {html.escape(a.symbol)}</small>{extra}</li>"
            )
        return "<ul>" + "".join(items) + "</ul>"

    # --- actions --------------------------------------------------------------------------
    def open_selection(self) -> None:
        index = self.holder.index
        if index is None:
            return
        if self.selected is not None:
            msg = open_location(self.selected.path, self.selected.start_line, 1, index.root)
        elif self.selected_path:
            msg = open_location(self.selected_path, 1, 1, index.root)
        else:
            return
        self.ctx.bus.show_info(msg)

    def _on_link(self, url: QUrl) -> None:
        text = url.toString()
        kind, _, rest = text.partition(":")
        index = self.holder.index
        if kind == "mem":
            self.memory_requested.emit(rest)
        elif kind == "open" and index is not None:
            path, _, line = rest.rpartition(":")
            self.ctx.bus.show_info(open_location(path, int(line or 1), 1, index.root))
        elif kind == "reanchor" and rest.isdigit():
            self.reanchor(int(rest))
        elif kind == "anchor":
            self.anchor_memory()

    def anchor_memory(self, picker: type[MemoryPicker] = MemoryPicker) -> str | None:
        """Anchor a memory picked by searching to the selected entity; its id, or None."""
        index, entity = self.holder.index, self.selected
        if index is None or entity is None:
            self.ctx.bus.show_info("Select a struct, class, function or method first")
            return None
        dialog = picker(
            self.ctx,
            "Anchor a memory here",
            f"Which memory is about {entity.qualified} ({entity.kind})?",
            self,
            preset=entity.name,
        )
        if not dialog.exec() or dialog.chosen is None:
            return None
        anchor = self.anchor_store().add(dialog.chosen, index.root, entity)
        self.ctx.bus.show_info(f"Anchored {anchor.memory_id} to {anchor.symbol}")
        self._show_selection()
        return anchor.memory_id

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down (or Enter) in the filter: into the tree, on the first row shown."""
        if (
            watched is self.filter
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.proxy.rowCount() > 0
        ):
            if not self.tree.currentIndex().isValid():
                first = self.proxy.index(0, 0)
                child = self.proxy.index(0, 0, first)  # a file's first entity, when it has one
                self.tree.setCurrentIndex(
                    child if self.filter.text() and child.isValid() else first
                )
            self.tree.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
        return super().eventFilter(watched, event)

    def reanchor(self, anchor_id: int, picker: type[AnchorPicker] = AnchorPicker) -> None:
        """Tie a stale anchor's memory to an entity picked now (the stale anchor is removed)."""
        index = self.holder.index
        if index is None:
            return
        store = self.anchor_store()
        old = store.get(anchor_id)
        dialog = picker(
            index,
            "Re-anchor",
            f"{old.symbol} is gone from the code. Pick where memory {old.memory_id} belongs now:",
            self,
            preset=old.symbol.rsplit(".", 1)[-1],
        )
        if not dialog.exec() or dialog.chosen is None:
            return
        new = store.add(old.memory_id, index.root, dialog.chosen)
        store.remove(old.id)
        self.ctx.bus.show_info(f"Re-anchored {old.memory_id} to {new.symbol}")
        self._show_selection()

    def shutdown(self) -> None:
        self.holder.release()


def _open_link(path: str, line: int) -> str:
    href = html.escape(f"open:{path}:{line}", quote=True)
    return f"<a href='{href}'>{html.escape(path)}:{line}</a>"

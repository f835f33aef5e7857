"""The Memories area: query bar, results table, detail pane, actions, import and live sync.

This is the controller: it owns the Qt models and dialogs and drives the core's
``MemoryStore`` / ``Retriever`` / hmharness interop. Searches run off the GUI thread through
:class:`hmdesk.gui.common.workers.LatestOnly`; every change (ours, the live sync's, another process's)
re-runs the current query, keeping the selection and the scroll position.
"""

from __future__ import annotations

import gc
import html
import json
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import shiboken6
from hmdesk.core.memory.csv_export import memories_to_csv
from hmdesk.gui.common.explanation import component_color
from hmdesk.gui.common.workers import LatestOnly, run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.memories.delegates import (
    ContentDelegate,
    PlainTextDelegate,
    ScoreBarDelegate,
)
from hmdesk.gui.memories.detail import DetailPane, filters_line
from hmdesk.gui.memories.dialogs import (
    ConfidenceDialog,
    HistoryDialog,
    ImportReportDialog,
    MemoryEditDialog,
    SupersedeDialog,
    TagDialog,
)
from hmdesk.gui.memories.empty_state import EmptyState
from hmdesk.gui.memories.model import (
    COL_CONF,
    COL_CONTENT,
    COL_RANK,
    COL_RECALLS,
    COL_SCORE,
    ResultsModel,
)
from hmdesk.gui.memories.query_bar import QueryBar, QuerySpec
from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

log = logging.getLogger(__name__)

DEFAULT_LIMIT = 200
HMHARNESS_LIMIT = 10
BUSY_PAUSE_S = 0.3  # the background index build waits this long after a keystroke or a result
LEGEND = (
    "".join(
        f'<span style="background-color:{component_color(n).name()}">&nbsp;&nbsp;&nbsp;</span>'
        f"&nbsp;{n}&nbsp;&nbsp;"
        for n in ("confidence", "recency", "lexical")
    )
    + "&nbsp;&nbsp;"
)


def _edit_view(r: Any) -> tuple[Any, ...]:
    """What an edit dialog shows or depends on (a recall or a confidence change is not a
    conflict with an edit of the text)."""
    return (r.content, tuple(r.tags), r.layer, r.environment, r.superseded_by, r.deleted_at)


class _Cleanup:
    """Holds what must be stopped when the area's C++ object is destroyed (no ref to it)."""

    def __init__(self, unlisten: Callable[[], None]) -> None:
        self.unlisten: Callable[[], None] | None = unlisten
        self.sync: Any = None

    def run(self) -> None:
        if self.unlisten is not None:
            self.unlisten()
            self.unlisten = None
        if self.sync is not None:
            try:
                self.sync.stop()
            except Exception as exc:
                log.warning("stopping sync: %s", exc)
            self.sync = None


class RestoreDialog(QDialog):
    """Pick soft-deleted memories to restore."""

    def __init__(self, deleted: Sequence[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restoreDialog")
        self.setWindowTitle("Restore deleted memories")
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(f"{len(deleted)} deleted memories. Select the ones to restore."))
        self.list = QListWidget(self)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for r in deleted:
            item = QListWidgetItem(f"{r.id} — {r.content[:100]}  (deleted {r.deleted_at})")
            item.setData(Qt.ItemDataRole.UserRole, r.id)
            self.list.addItem(item)
        lay.addWidget(self.list, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Restore")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(640, 400)

    def ids(self) -> list[str]:
        return [str(i.data(Qt.ItemDataRole.UserRole)) for i in self.list.selectedItems()]


class MemoriesArea(QWidget):
    """Signals:
    result_applied(object): a QueryResult was shown (tests and benchmarks wait on it).
    store_changed(object): ids changed in the store (marshalled from the writer's thread).
    sync_report(object): an hmharness live-sync report (marshalled from the watcher thread).
    import_done(object): an ImportReport after an import finished.
    reveal(): an action of this area was triggered (the window shows the area first).
    """

    result_applied = Signal(object)
    store_changed = Signal(object)
    sync_report = Signal(object)
    import_done = Signal(object)
    sync_error = Signal(str)
    reveal = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.store = ctx.store
        self.limit = int(ctx.settings.value("query/limit", DEFAULT_LIMIT) or DEFAULT_LIMIT)
        self.result: Any = None
        self.sync: Any = None
        self.sync_path: Path | None = None
        self.dialog: QDialog | None = None  # the open action dialog (tests reach it here)
        self.edit_dialog: MemoryEditDialog | None = None
        self.history_dialog: HistoryDialog | None = None
        self._select_after: str | None = None
        self._acting = False
        self._searching_since: float | None = None
        self._last_spec: QuerySpec | None = None
        self._last_dv: int | None = None
        self._closed = False
        self._frozen_pool: int | None = None
        # the background build of the search postings (see _warm_index)
        self._warming: dict[str, Any] = {"running": False, "busy_until": 0.0, "closed": False}

        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 2)
        self.query_bar = QueryBar(self)
        lay.addWidget(self.query_bar)
        self.stack = QStackedWidget(self)
        lay.addWidget(self.stack, 1)
        self.empty = EmptyState(self.stack)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self.stack)
        self.splitter.setObjectName("memoriesSplitter")
        self.model = ResultsModel(self)
        self.table = QTableView(self.splitter)
        self.table.setObjectName("resultsTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(True)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COL_RANK, Qt.SortOrder.AscendingOrder)
        vh = self.table.verticalHeader()
        vh.hide()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(self.fontMetrics().height() + 10)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(COL_CONTENT, QHeaderView.ResizeMode.Stretch)
        hh.setStretchLastSection(False)
        widths = {0: 30, 1: 96, 3: 74, 4: 78, 5: 120, 6: 46, 7: 50, 8: 58}
        for col, w in widths.items():
            hh.resizeSection(col, w)
        for col in range(self.model.columnCount()):
            right = col in (COL_RANK, COL_CONF, COL_RECALLS)
            self.table.setItemDelegateForColumn(col, PlainTextDelegate(right, self.table))
        self.table.setItemDelegateForColumn(COL_SCORE, ScoreBarDelegate(self.table))
        self.table.setItemDelegateForColumn(COL_CONTENT, ContentDelegate(self.table))
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.detail = DetailPane(self.splitter, db=ctx.db)
        self.detail.link_activated.connect(self.show_memory_id)
        self.detail.location_opened.connect(self.ctx.bus.show_info)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.stack.addWidget(self.splitter)
        self.stack.addWidget(self.empty)
        self.footer = QLabel(self)
        self.footer.setObjectName("memoriesFooter")
        self.footer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.footer)

        self._search = LatestOnly(self._run_search, self)
        self._search.result.connect(self._on_result)
        self._search.error.connect(self._on_search_error)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_current())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())
        self.query_bar.changed.connect(self._on_query_changed)
        self.empty.import_requested.connect(lambda: self.import_hmharness())
        self.empty.starter_requested.connect(self.load_starter_pack)

        # Changes: the store listener fires on the writer's thread -> queued signal -> coalesce.
        self.store_changed.connect(self._on_store_changed)
        self.sync_report.connect(self._on_sync_report)
        self.sync_error.connect(
            lambda msg: self.ctx.bus.show_error(
                f"Live sync with hmharness: {msg}", "The watch goes on; fix the file and save it."
            )
        )
        self._unlisten = self.store.add_listener(self.store_changed.emit)
        # If the widget goes away without shutdown(), stop calling into it from other threads.
        cleanup = self._cleanup = _Cleanup(self._unlisten)
        warming = self._warming
        self.destroyed.connect(lambda *_: (cleanup.run(), warming.update(closed=True)))
        self.query_bar.text.textChanged.connect(lambda _t: self._mark_busy())
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(40)
        self._refresh_timer.timeout.connect(self.refresh)
        # Another process (the CLI, a second window) changes the file: data_version moves.
        self._dv_timer = QTimer(self)
        self._dv_timer.setInterval(1000)
        self._dv_timer.timeout.connect(self._poll_data_version)
        self._dv_timer.start()
        self._meta_timer = QTimer(self)
        self._meta_timer.setSingleShot(True)
        self._meta_timer.setInterval(300)
        self._meta_timer.timeout.connect(self._load_completions)

        self.actions_by_name: dict[str, QAction] = {}
        self._make_actions()
        self.query_bar.restore(ctx.settings)
        self._restore_state()
        self._init_first_run_hints()
        self.refresh()  # tag/environment completions load after the first result
        # Live sync starts by itself only once the user has imported (or turned it on) before.
        if ctx.settings.value("sync/enabled", False) in (True, "true", "1", 1):
            QTimer.singleShot(0, self._auto_sync)

    # ------------------------------------------------------------------ actions / menus
    def _make_actions(self) -> None:
        def act(
            name: str, text: str, slot: Callable[[], Any], shortcut: Any = None, tip: str = ""
        ) -> QAction:
            a = QAction(text, self)
            a.setObjectName(f"action_{name}")
            if shortcut is not None:
                a.setShortcut(QKeySequence(shortcut))
            if tip:
                a.setStatusTip(tip)
                a.setToolTip(tip)

            def run(_checked: bool = False) -> None:
                self.reveal.emit()  # a shortcut pressed on another tab brings this area up
                slot()

            a.triggered.connect(run)
            self.actions_by_name[name] = a
            return a

        act("new", "&New memory…", self.new_memory, QKeySequence.StandardKey.New)
        act(
            "edit", "&Edit…", self.edit_selected, "Return", "Edit content, tags, layer, environment"
        )
        act("confidence", "Set &confidence…", self.set_confidence, "Ctrl+K")
        act("supersede", "&Supersede…", self.supersede_selected, "Ctrl+Shift+S")
        act("history", "&History…", self.show_history, "Ctrl+H")
        act("delete", "&Delete", self.delete_selected, QKeySequence.StandardKey.Delete)
        act("restore", "&Restore deleted…", self.restore_deleted)
        act("undo", "&Undo last change", self.undo_last, QKeySequence.StandardKey.Undo)
        act("refresh", "&Refresh", self.refresh, "F5")
        act("focus_query", "&Find…", self.query_bar.focus_text, QKeySequence.StandardKey.Find)
        act("add_tag", "Add &tag to selection…", self.bulk_add_tag)
        act("remove_tag", "Remove ta&g from selection…", self.bulk_remove_tag)
        act("export_jsonl", "Export selection as &JSONL (hmharness)…", self.export_jsonl_dialog)
        act("export_csv", "Export selection as &CSV…", self.export_csv_dialog)
        act("import", "&Import hmharness memory.jsonl…", self.import_hmharness)
        act("starter", "Load the &starter pack", self.load_starter_pack)
        act(
            "copy_json",
            "Copy e&xplanation as JSON",
            self.copy_explanation,
            "Ctrl+Shift+C",
            "The selected result's score, components and term matches (the CLI's query --json)",
        )
        sync = act("sync", "&Live sync with hmharness", self.toggle_sync)
        sync.setCheckable(True)
        # Shortcuts work while the table or the detail pane has focus as well as from menus.
        for a in self.actions_by_name.values():
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.actions_by_name["edit"].setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.actions_by_name["delete"].setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.addAction(self.actions_by_name["edit"])
        self.table.addAction(self.actions_by_name["delete"])
        self._update_actions()

    def _context_menu(self, pos: Any) -> None:
        menu = QMenu(self)
        for name in ("edit", "confidence", "supersede", "history", "delete"):
            menu.addAction(self.actions_by_name[name])
        menu.addSeparator()
        for name in ("add_tag", "remove_tag", "export_jsonl", "export_csv"):
            menu.addAction(self.actions_by_name[name])
        menu.addSeparator()
        menu.addAction(self.actions_by_name["copy_json"])
        menu.popup(self.table.viewport().mapToGlobal(pos))

    def _update_actions(self) -> None:
        n = len(self.selected_rows())
        one = n == 1
        for name in ("edit", "history", "copy_json"):
            self.actions_by_name[name].setEnabled(one)
        for name in (
            "confidence",
            "supersede",
            "delete",
            "add_tag",
            "remove_tag",
            "export_jsonl",
            "export_csv",
        ):
            self.actions_by_name[name].setEnabled(n > 0)

    # ------------------------------------------------------------------ searching
    def current_spec(self) -> QuerySpec:
        return self.query_bar.spec()

    def _make_query(self, spec: QuerySpec) -> Any:
        from hmdesk.core.memory.retrieve import Query

        return Query(
            text=spec.text,
            layer=spec.layer,
            environment=spec.environment,
            tags=tuple(spec.tags),
            # hmharness's retrieve() returns its top 10: show exactly what the agent gets.
            limit=HMHARNESS_LIMIT if spec.profile == "hmharness" else self.limit,
            profile=spec.profile,
            include_superseded=spec.include_superseded,
        )

    def _run_search(self, spec: QuerySpec) -> Any:  # worker thread
        return self.ctx.retriever.search(self._make_query(spec))

    def _on_query_changed(self, spec: QuerySpec) -> None:
        self.submit(spec)

    def refresh(self) -> None:
        """Run the current query again (after any change)."""
        self._refresh_timer.stop()
        self.submit(self.current_spec())

    def submit(self, spec: QuerySpec) -> None:
        if self._closed:
            return
        self._mark_busy()
        self._last_spec = spec
        self._searching_since = time.perf_counter()
        if self.result is None:
            self.footer.setText(
                "Reading and indexing the memories… (the first search builds the index)"
            )
        self._search.submit(spec)

    def is_searching(self) -> bool:
        return self._searching_since is not None

    def _on_search_error(self, _spec: Any, exc: BaseException) -> None:
        self._searching_since = None
        msg = str(exc) or exc.__class__.__name__
        self.ctx.bus.show_error(f"The search failed: {msg}", "Change the query and try again.")

    def _on_result(self, spec: QuerySpec, result: Any) -> None:
        if self._closed:
            return
        self._searching_since = None
        self.apply_result(result)
        pool = int(getattr(result, "pool", 0) or 0)
        if self._frozen_pool is None or pool > self._frozen_pool * 1.2 + 1000:
            # The search read every record into the retriever's index (100k records → many
            # GC-tracked objects; the term postings warmed after this add only a few).
            # Move everything alive now out of the cyclic GC's reach, so later collections
            # do not walk it and stall the event loop for 100+ ms. Again after a big import.
            first = self._frozen_pool is None
            self._frozen_pool = pool
            gc.freeze()
            if first:
                self._load_completions()
        self._warm_index()

    def _mark_busy(self) -> None:
        """The user is typing or a result is being drawn: the background build of the search
        postings steps aside for a moment (see :meth:`_warm_index`)."""
        self._warming["busy_until"] = time.monotonic() + BUSY_PAUSE_S

    def _warm_index(self) -> None:
        """Build the retriever's term postings on a worker once a result is shown.

        A query without text is answered without them (the first result comes ~2 s sooner at
        100k memories); building them now means a text query need not wait for them. The build
        holds the GIL most of the time, and a table repaint calls into Python hundreds of
        times, each waiting for the GIL: so it pauses while the user types or a result is
        drawn (a text search submitted meanwhile waits for it). A no-op once they are built
        (the retriever checks); again after a full rebuild.
        """
        retriever = self.ctx.retriever
        state = self._warming  # not self: the callbacks may come after the area is gone
        if getattr(retriever, "warmed", True) or state["running"]:
            return
        state["running"] = True

        def pause() -> None:  # worker thread
            while not state["closed"]:
                left = state["busy_until"] - time.monotonic()
                if left <= 0:
                    return
                time.sleep(min(left, 0.05))

        def done(_res: Any = None) -> None:
            state["running"] = False

        def failed(exc: BaseException) -> None:
            state["running"] = False
            log.warning("warming the search index: %s", exc)

        run_in_thread(retriever.warm, pause, on_done=done, on_error=failed)

    def apply_result(self, result: Any) -> None:
        self._mark_busy()  # the table repaints next
        sel_ids = self.selected_ids()
        cur = self.current_id()
        scroll = self.table.verticalScrollBar().value()
        want = self._select_after
        self._select_after = None
        self.result = result
        self.model.set_result(result)
        empty_store = result.pool == 0 and self._store_is_empty()
        self.stack.setCurrentWidget(self.empty if empty_store else self.splitter)
        self.query_bar.setVisible(not empty_store)  # nothing to search yet
        # Put the selection back (by id), then the scroll position.
        if want and self.model.row_of(want) >= 0:
            sel_ids, cur = [want], want
        self._select_ids(sel_ids, cur)
        if want and self.model.row_of(want) >= 0:
            self.table.scrollTo(self.model.index(self.model.row_of(want), 0))
        else:
            self.table.verticalScrollBar().setValue(scroll)
        if not self.selected_ids() and self.model.rowCount() > 0 and not want:
            # The selected memory left the results (or nothing was selected): show the best.
            self._select_ids([], self.model.scored_at(0).memory.id)
            self.table.scrollToTop()
        if not self.selected_ids():
            if want:
                self.show_memory_id(want)
            else:
                self.detail.show_nothing(result)
        matched = getattr(result, "matched", len(result.results))
        self.footer.setText(
            LEGEND
            + html.escape(f"{len(result.results):,} shown of {matched:,} matching · ")
            + html.escape(filters_line(result))
        )
        self.footer.setVisible(not empty_store)
        self._update_actions()
        self.result_applied.emit(result)

    def _alive(self) -> bool:
        """False once shut down or destroyed (worker callbacks may arrive after that)."""
        return not self._closed and shiboken6.isValid(self)

    def _store_is_empty(self) -> bool:
        try:
            return int(self.store.count()) == 0
        except Exception:  # a broken store shows its error through the next action
            return False

    # ------------------------------------------------------------------ selection
    def selected_rows(self) -> list[int]:
        sm = self.table.selectionModel()
        return sorted({i.row() for i in sm.selectedRows()}) if sm else []

    def selected_ids(self) -> list[str]:
        return [self.model.scored_at(r).memory.id for r in self.selected_rows()]

    def selected_records(self) -> list[Any]:
        return [self.model.scored_at(r).memory for r in self.selected_rows()]

    def current_id(self) -> str | None:
        idx = self.table.currentIndex()
        s = self.model.scored_at(idx.row()) if idx.isValid() else None
        return s.memory.id if s is not None else None

    def select_id(self, memory_id: str) -> bool:
        if self.model.row_of(memory_id) < 0:
            return False
        self._select_ids([memory_id], memory_id)
        self.table.scrollTo(self.model.index(self.model.row_of(memory_id), 0))
        return True

    def _select_ids(self, ids: Sequence[str], current: str | None) -> None:
        sm = self.table.selectionModel()
        sel = QItemSelection()
        last = self.model.columnCount() - 1
        for mid in ids:
            row = self.model.row_of(mid)
            if row >= 0:
                sel.select(self.model.index(row, 0), self.model.index(row, last))
        sm.blockSignals(True)
        sm.clearSelection()
        if current is not None and self.model.row_of(current) >= 0:
            row = self.model.row_of(current)
            sm.setCurrentIndex(self.model.index(row, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
            if not ids:
                sel.select(self.model.index(row, 0), self.model.index(row, last))
        else:
            sm.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
        sm.select(sel, QItemSelectionModel.SelectionFlag.Select)
        sm.blockSignals(False)
        self.table.viewport().update()
        self._show_current()
        self._update_actions()

    def _chain(self, memory: Any) -> tuple[list[Any], list[Any]]:
        """(older, newer) along the supersede links, bounded."""
        older: list[Any] = []
        newer: list[Any] = []
        try:
            seen = {memory.id}
            frontier = list(memory.supersedes)
            while frontier and len(older) < 50:
                recs = [r for r in self.store.get_many(frontier) if r.id not in seen]
                seen.update(r.id for r in recs)
                older.extend(recs)
                frontier = [i for r in recs for i in r.supersedes if i not in seen]
            cur = memory
            while cur.superseded_by and not cur.is_decayed and len(newer) < 50:
                nxt = self.store.get_many([cur.superseded_by])
                if not nxt or nxt[0].id in seen:
                    break
                seen.add(nxt[0].id)
                newer.append(nxt[0])
                cur = nxt[0]
        except Exception as exc:
            log.warning("supersede chain of %s: %s", memory.id, exc)
        return older, newer

    def _show_current(self) -> None:
        idx = self.table.currentIndex()
        scored = self.model.scored_at(idx.row()) if idx.isValid() else None
        if scored is None:
            return
        older, newer = self._chain(scored.memory)
        self.detail.show_memory(scored.memory, scored, self.result, older, newer)

    def show_memory_id(self, memory_id: str) -> None:
        """Show a memory (a chain link): select it if it is in the results, else just show it."""
        if self.select_id(memory_id):
            return
        try:
            rec = self.store.get(memory_id)
        except Exception as exc:
            self.ctx.bus.show_error(str(exc), "It may have been removed; press F5 to refresh.")
            return
        self.table.selectionModel().clearSelection()
        older, newer = self._chain(rec)
        self.detail.show_memory(rec, None, self.result, older, newer)

    # ------------------------------------------------------------------ change tracking
    def _on_store_changed(self, ids: Any) -> None:
        self._check_edit_dialog(set(ids or ()))
        self._meta_timer.start()
        if not self._acting:
            self._refresh_timer.start()

    def _poll_data_version(self) -> None:
        try:
            dv = self.store.data_version()
        except Exception:
            return
        if self._last_dv is not None and dv != self._last_dv:
            self._check_edit_dialog(None)
            self._meta_timer.start()
            if not self._acting and not self.is_searching():
                self._refresh_timer.start()
        self._last_dv = dv

    def _check_edit_dialog(self, ids: set[str] | None) -> None:
        d = self.edit_dialog
        if d is None or d.record is None or not d.isVisible():
            return
        if ids is not None and d.record.id not in ids:
            return
        try:
            now = self.store.get(d.record.id)
        except Exception:
            return
        seen = d.outside if d.outside is not None else d.record
        if _edit_view(now) != _edit_view(seen):
            d.outside_change(now)

    def _load_completions(self) -> None:
        store = self.store

        def fetch() -> tuple[list[str], list[str]]:
            return list(store.all_tags()), list(store.environments())

        def done(res: tuple[list[str], list[str]]) -> None:
            if not self._alive():
                return
            tags, envs = res
            self.query_bar.set_tags(tags)
            self.query_bar.set_environments(envs)
            self._tags = tags

        self._tags: list[str] = getattr(self, "_tags", [])
        run_in_thread(fetch, on_done=done, on_error=lambda e: log.warning("tags: %s", e))

    # ------------------------------------------------------------------ helpers for actions
    def _apply(
        self, what: str, fn: Callable[[], Any], select: Callable[[Any], str | None] | None = None
    ) -> Any:
        """Run a store call; on StoreError show the banner. Then re-run the query at once."""
        from hmdesk.core.memory.store import StoreError

        self._acting = True
        try:
            res = fn()
            log.info("%s: done", what)
        except StoreError as exc:
            log.info("%s: refused: %s", what, exc)
            self.ctx.bus.show_error(f"Could not {what}: {exc}", "")
            return None
        finally:
            self._acting = False
        if select is not None:
            self._select_after = select(res)
        self.refresh()
        return res

    def _open(self, dialog: QDialog, on_accept: Callable[[], None]) -> QDialog:
        self.dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(on_accept)
        dialog.finished.connect(lambda _r: self._dialog_closed(dialog))
        dialog.open()
        return dialog

    def _dialog_closed(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        if self.edit_dialog is dialog:
            self.edit_dialog = None
        if self.history_dialog is dialog:
            self.history_dialog = None

    def _status(self, text: str) -> None:
        self.ctx.bus.show_info(text)

    # ------------------------------------------------------------------ actions
    def new_memory(self) -> QDialog:
        d = MemoryEditDialog(None, getattr(self, "_tags", []), self)
        self.edit_dialog = d

        def save() -> None:
            v = d.values()
            rec = self._apply(
                "add the memory",
                lambda: self.store.add(
                    v["content"],
                    tags=v["tags"],
                    layer=v["layer"],
                    environment=v["environment"],
                    reason=v["reason"],
                ),
                select=lambda r: r.id,
            )
            if rec is not None:
                self._status(f"Added {rec.id}")

        return self._open(d, save)

    def edit_selected(self) -> QDialog | None:
        recs = self.selected_records()
        if len(recs) != 1:
            return None
        rec = self.store.get(recs[0].id)
        d = MemoryEditDialog(rec, getattr(self, "_tags", []), self)
        self.edit_dialog = d

        def save() -> None:
            v = d.values()
            base = d.record
            changes: dict[str, Any] = {}
            if v["content"] != base.content:
                changes["content"] = v["content"]
            if tuple(v["tags"]) != tuple(base.tags):
                changes["tags"] = v["tags"]
            if v["layer"] != base.layer:
                changes["layer"] = v["layer"]
            if v["environment"] != base.environment:
                changes["environment"] = v["environment"]
            if not changes:
                self._status("Nothing changed")
                return
            self._apply(
                "edit the memory",
                lambda: self.store.edit(base.id, reason=v["reason"], **changes),
                select=lambda r: r.id,
            )
            self._status(f"Edited {base.id}: {', '.join(changes)}")

        return self._open(d, save)

    def set_confidence(self) -> QDialog | None:
        recs = self.selected_records()
        if not recs:
            return None
        d = ConfidenceDialog(recs, self)
        ids = [r.id for r in recs]

        def save() -> None:
            self.apply_confidence(ids, d.value(), d.reason_text())

        return self._open(d, save)

    def apply_confidence(self, ids: Sequence[str], value: float, reason: str) -> None:
        if len(ids) == 1:
            self._apply(
                "set the confidence",
                lambda: self.store.set_confidence(ids[0], value, reason=reason),
                select=lambda r: r.id,
            )
        else:
            self._apply(
                "set the confidence",
                lambda: self.store.bulk_set_confidence(list(ids), value, reason=reason),
            )
        self._status(f"Confidence {value:.2f} on {len(ids)} memor{'y' if len(ids) == 1 else 'ies'}")

    def _lookup(self, memory_id: str) -> Any:
        try:
            rec = self.store.get(memory_id)
        except Exception:
            return None
        return None if rec.is_deleted else rec

    def supersede_selected(self) -> QDialog | None:
        olds = self.selected_records()
        if not olds:
            return None
        candidates = [s.memory for s in (self.result.results if self.result else [])]
        d = SupersedeDialog(olds, self._lookup, candidates, self)
        ids = [o.id for o in olds]

        def save() -> None:
            v = d.values()
            self.apply_supersede(ids, reason=v["reason"], by=v.get("by"), content=v.get("content"))

        return self._open(d, save)

    def apply_supersede(
        self, ids: Sequence[str], *, reason: str, by: str | None = None, content: str | None = None
    ) -> Any:
        if len(ids) == 1:
            res = self._apply(
                "supersede",
                lambda: self.store.supersede(ids[0], by=by, content=content, reason=reason),
                select=lambda r: r.id,
            )
        else:
            assert by is not None
            res = self._apply(
                "supersede", lambda: self.store.bulk_supersede(list(ids), by=by, reason=reason)
            )
            self._select_after = by
        if res is not None:
            self._status(f"Superseded {', '.join(ids)}")
        return res

    def delete_selected(self) -> None:
        ids = self.selected_ids()
        if not ids:
            return

        def run() -> int:
            return len(self.store.delete_many(ids, reason="deleted in hmdesk"))

        if self._apply("delete", run) is not None:
            self._status(f"Deleted {len(ids)} (Ctrl+Z undoes; Edit ▸ Restore deleted…)")

    def restore_deleted(self) -> None:
        """List the soft-deleted memories (read off the GUI thread) and offer to restore them."""
        store = self.store

        def fetch() -> list[Any]:
            return [r for r in store.list(include_deleted=True) if r.is_deleted]

        def show(deleted: list[Any]) -> None:
            if not self._alive():
                return
            if not deleted:
                self._status("Nothing is deleted")
                return
            d = RestoreDialog(deleted, self)

            def save() -> None:
                ids = d.ids()
                self._apply("restore", lambda: self.store.restore_many(ids))
                if ids:
                    self._select_after = ids[0]
                    self.refresh()
                    self._status(f"Restored {len(ids)}")

            self._open(d, save)

        run_in_thread(
            fetch,
            on_done=show,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not list deleted memories: {e}", ""),
        )

    def undo_last(self) -> list[Any]:
        events = self._apply("undo", lambda: self.store.undo_last()) or []
        if events:
            ids = sorted({e.memory_id for e in events})
            self._status(f"Undone: {len(events)} change(s) to {', '.join(ids[:3])}")
        else:
            self._status("Nothing to undo")
        return events

    def revert_event(self, event_id: int) -> list[Any]:
        events = self._apply("revert", lambda: self.store.revert(event_id)) or []
        if events:
            self._status(f"Reverted event #{event_id}")
        if self.history_dialog is not None:
            self.history_dialog.set_events(self.store.history(self.history_dialog.memory_id))
        return events

    def show_history(self, memory_id: str | None = None) -> QDialog | None:
        memory_id = (
            memory_id
            or self.current_id()
            or (self.detail.memory.id if self.detail.memory else None)
        )
        if memory_id is None:
            return None
        d = HistoryDialog(memory_id, self.store.history(memory_id), self)
        d.revert_requested.connect(self.revert_event)
        self.history_dialog = d
        return self._open(d, lambda: None)

    def bulk_add_tag(self) -> QDialog | None:
        return self._tag_dialog(True)

    def bulk_remove_tag(self) -> QDialog | None:
        return self._tag_dialog(False)

    def _tag_dialog(self, adding: bool) -> QDialog | None:
        ids = self.selected_ids()
        if not ids:
            return None
        tags = sorted({t for r in self.selected_records() for t in r.tags}) if not adding else []
        d = TagDialog(adding, len(ids), tags or getattr(self, "_tags", []), self)

        def save() -> None:
            self.apply_tag(ids, d.value(), adding)

        return self._open(d, save)

    def apply_tag(self, ids: Sequence[str], tag: str, adding: bool) -> None:
        if adding:
            self._apply("add the tag", lambda: self.store.bulk_add_tag(list(ids), tag))
        else:
            self._apply("remove the tag", lambda: self.store.bulk_remove_tag(list(ids), tag))
        self._select_ids(ids, ids[0] if ids else None)
        self._status(f"{'Added' if adding else 'Removed'} tag {tag} on {len(ids)}")

    def explanation_json(self) -> dict[str, Any] | None:
        """The selected result as the CLI's ``query --json`` prints it (one result)."""
        from hmdesk.core.memory.retrieve import result_to_json

        cur = self.current_id()
        if cur is None or self.result is None:
            return None
        data = result_to_json(self.result)
        data["results"] = [r for r in data["results"] if r["id"] == cur]
        return data

    def copy_explanation(self) -> None:
        data = self.explanation_json()
        if data is None:
            return
        QApplication.clipboard().setText(json.dumps(data, ensure_ascii=False, indent=2))
        self._status("Copied the explanation as JSON")

    # ------------------------------------------------------------------ export
    def export_jsonl(self, path: Path | str, ids: Sequence[str] | None = None) -> int:
        from hmdesk.core.memory.hmharness import export_file

        ids = list(ids if ids is not None else self.selected_ids())
        n = int(export_file(self.store, Path(path), ids=ids))
        self._status(f"Exported {n} memories to {path}")
        return n

    def export_csv(self, path: Path | str, ids: Sequence[str] | None = None) -> int:
        ids = list(ids if ids is not None else self.selected_ids())
        n = memories_to_csv(self.store.get_many(ids), path)
        self._status(f"Exported {n} memories to {path}")
        return n

    def _export_dialog(self, title: str, filt: str, suffix: str, fn: Callable[..., int]) -> None:
        if not self.selected_ids():
            return
        start = str(Path.home() / f"memories{suffix}")
        path, _ = QFileDialog.getSaveFileName(self, title, start, filt)
        if not path:
            return
        try:
            fn(path)
        except OSError as exc:
            self.ctx.bus.show_error(
                f"Could not write {path}: {exc.strerror}", "Pick another folder."
            )
        except Exception as exc:
            self.ctx.bus.show_error(f"Export failed: {exc}", "")

    def export_jsonl_dialog(self) -> None:
        self._export_dialog(
            "Export as hmharness JSONL", "JSONL (*.jsonl)", ".jsonl", self.export_jsonl
        )

    def export_csv_dialog(self) -> None:
        self._export_dialog("Export as CSV", "CSV (*.csv)", ".csv", self.export_csv)

    # ------------------------------------------------------------------ import / sync / starter
    def _hmh_default(self) -> Path | None:
        try:
            from hmdesk.core.memory.hmharness import default_memory_file

            return Path(default_memory_file())
        except Exception as exc:
            log.info("hmharness interop unavailable: %s", exc)
            return None

    def _init_first_run_hints(self) -> None:
        path = self._hmh_default()
        self.empty.set_hmharness_path(path, bool(path and path.exists()))
        try:
            from hmdesk.core.memory.starter import starter_entries

            self.empty.set_starter_count(len(starter_entries()))
        except Exception as exc:
            log.warning("starter pack: %s", exc)

    def import_hmharness(self, path: Path | str | None = None, *, start_sync: bool = True) -> None:
        """Import an hmharness memory.jsonl (default location when present, else ask)."""
        if path is None:
            default = self._hmh_default()
            if default is not None and default.exists():
                path = default
            else:
                start = str(default.parent if default and default.parent.exists() else Path.home())
                chosen, _ = QFileDialog.getOpenFileName(
                    self, "Import hmharness memory", start, "JSONL (*.jsonl);;All files (*)"
                )
                if not chosen:
                    return
                path = chosen
        target = Path(path)
        from hmdesk.core.memory.hmharness import import_file

        store = self.store
        self._status(f"Importing {target}…")

        def done(report: Any) -> None:
            if not self._alive():
                return
            self.refresh()
            self._status(
                f"Imported {report.imported}, updated {report.updated}, skipped {len(report.skipped)}"
            )
            if start_sync:
                self.start_sync(target)
            dialog = ImportReportDialog(report, self)
            self._open(dialog, lambda: None)
            self.import_done.emit(report)

        def failed(exc: BaseException) -> None:
            self.ctx.bus.show_error(
                f"Could not import {target}: {exc}", "Check the path and that it is a memory.jsonl."
            )

        run_in_thread(import_file, store, target, on_done=done, on_error=failed)

    def load_starter_pack(self) -> int:
        from hmdesk.core.memory.starter import load_starter_pack

        n = self._apply("load the starter pack", lambda: load_starter_pack(self.store)) or 0
        self._status(f"Loaded {n} starter pitfalls")
        return int(n)

    def _auto_sync(self) -> None:
        saved = self.ctx.settings.value("sync/path")
        path = Path(str(saved)) if saved else self._hmh_default()
        if path is not None and path.exists() and self.sync is None:
            self.start_sync(path)

    def start_sync(self, path: Path | str | None = None) -> bool:
        """Watch an hmharness memory.jsonl; changes show up within a second."""
        try:
            from hmdesk.core.memory.hmharness import HmharnessSync
        except ImportError as exc:
            self.ctx.bus.show_error(f"Live sync is unavailable: {exc}", "")
            return False
        self.stop_sync()
        target = Path(path) if path is not None else self._hmh_default()
        try:
            self.sync = HmharnessSync(
                self.store,
                target,
                on_report=self.sync_report.emit,
                on_error=lambda exc: self.sync_error.emit(str(exc)),
            )
            self.sync.start()
            self._cleanup.sync = self.sync
        except Exception as exc:
            self.sync = None
            self.ctx.bus.show_error(f"Live sync could not start: {exc}", "Check the file's folder.")
            return False
        self.sync_path = target
        self.actions_by_name["sync"].setChecked(True)
        self.ctx.settings.setValue("sync/enabled", True)
        self.ctx.settings.setValue("sync/path", str(target))
        self._status(f"Live sync on: {target}")
        return True

    def stop_sync(self) -> None:
        if self.sync is not None:
            try:
                self.sync.stop()
            except Exception as exc:
                log.warning("stopping sync: %s", exc)
            self.sync = None
            self._cleanup.sync = None
        self.actions_by_name["sync"].setChecked(False)

    def toggle_sync(self) -> None:
        if self.sync is None:
            self.start_sync(self.sync_path)
        else:
            self.stop_sync()
            self.ctx.settings.setValue("sync/enabled", False)
            self._status("Live sync off")

    def _on_sync_report(self, report: Any) -> None:
        skipped = len(getattr(report, "skipped", ()) or ())
        changed = getattr(report, "imported", 0) + getattr(report, "updated", 0)
        if changed or skipped:
            self._status(
                f"hmharness sync: {getattr(report, 'imported', 0)} new, "
                f"{getattr(report, 'updated', 0)} updated"
                + (f", {skipped} bad lines skipped" if skipped else "")
            )
        self._check_edit_dialog(None)
        self.refresh()

    # ------------------------------------------------------------------ persistence
    def _restore_state(self) -> None:
        s = self.ctx.settings
        state = s.value("memories/splitter")
        if state is not None:
            self.splitter.restoreState(state)
        else:
            self.splitter.setSizes([780, 500])
        header = s.value("memories/header")
        if header is not None:
            self.table.horizontalHeader().restoreState(header)
        detail = s.value("memories/detailSplitter")
        if detail is not None:
            self.detail.splitter.restoreState(detail)

    def save_state(self) -> None:
        s = self.ctx.settings
        s.setValue("memories/splitter", self.splitter.saveState())
        s.setValue("memories/header", self.table.horizontalHeader().saveState())
        s.setValue("memories/detailSplitter", self.detail.splitter.saveState())
        self.query_bar.save(s)

    def shutdown(self) -> None:
        """Save state, stop the sync watcher and the timers (the window is closing)."""
        if self._closed:
            return
        self.save_state()
        self._closed = True
        self._warming["closed"] = True
        self.stop_sync()
        self._dv_timer.stop()
        self._refresh_timer.stop()
        self._meta_timer.stop()
        self._cleanup.run()

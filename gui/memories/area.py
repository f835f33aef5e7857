"""The Memories area: query bar, results table, detail pane and footer, and their wiring.

The widget owns the view (layout, selection, the detail pane, remembered state) and hands the
work to its controllers, one per job:

* :class:`~hmdesk.gui.memories.search.SearchController` (``searcher``): query → worker → result;
* :class:`~hmdesk.gui.memories.changes.ChangeTracker` (``changes``): store changes → re-run;
* :class:`~hmdesk.gui.memories.editing.EditingController` (``editing``): every change the user
  makes (dialogs → store), export, undo;
* :class:`~hmdesk.gui.memories.import_sync.ImportSyncController` (``importer``): hmharness
  import, live sync, the starter pack;
* :mod:`~hmdesk.gui.memories.actions`: the QActions and the context menu.

Every change (ours, the live sync's, another process's) re-runs the current query, keeping the
selection and the scroll position.
"""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import shiboken6
from hmdesk.gui.common.explanation import COMPONENT_ORDER, component_color
from hmdesk.gui.common.index_keeper import IndexKeeper
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.actions import make_actions, show_context_menu, update_actions
from hmdesk.gui.memories.anchoring import Anchoring
from hmdesk.gui.memories.changes import ChangeTracker
from hmdesk.gui.memories.cleanup import Cleanup
from hmdesk.gui.memories.detail import DetailPane, filters_line, supersede_chain
from hmdesk.gui.memories.editing import EditingController
from hmdesk.gui.memories.embedding_fill import EmbeddingFill
from hmdesk.gui.memories.empty_state import EmptyState
from hmdesk.gui.memories.import_sync import ImportSyncController
from hmdesk.gui.memories.model import COL_RANK, ResultsModel, has_more
from hmdesk.gui.memories.preview import ColumnFitter, make_results_table
from hmdesk.gui.memories.query_bar import PROFILES, QueryBar, QuerySpec
from hmdesk.gui.memories.rewrite_line import RewriteLine
from hmdesk.gui.memories.row_bands import RowBands, repaint_rows, selection_rows
from hmdesk.gui.memories.search import DEFAULT_LIMIT, SearchController
from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.retrieve.results import QueryResult
    from hmdesk.gui.context import AppContext

log = logging.getLogger(__name__)


class MemoriesArea(QWidget):
    """Signals:
    result_applied(QueryResult): a result was shown (tests and benchmarks wait on it).
    reveal(): an action of this area was triggered (the window shows the area first).
    """

    result_applied = Signal(object)
    reveal = Signal()

    def __init__(
        self, ctx: AppContext, parent: QWidget | None = None, query_bar: QueryBar | None = None
    ) -> None:
        """``query_bar``: built beforehand, in an event-loop turn of its own (app start)."""
        super().__init__(parent)
        self.ctx = ctx
        self.store = ctx.store
        self.result: QueryResult | None = None
        self._detail_later = False
        self._detail_want: str | None = None
        self._detail_timer = QTimer(self)
        self._detail_timer.setSingleShot(True)
        self._detail_timer.setInterval(0)
        self._detail_timer.timeout.connect(self._finish_result)
        self.dialog: QDialog | None = None  # the open action dialog (tests reach it here)
        self._select_after: str | None = None
        self._closed = False
        self._footer_tail = ""
        self._linked: MemoryRecord | None = None  # shown through a link, not in the results
        self._back: list[str] = []  # the memories shown before following links (Back)
        self._into_results = False  # Enter in the search box: select the first of the next result

        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 2)
        self.query_bar = query_bar if query_bar is not None else QueryBar(self)
        lay.addWidget(self.query_bar)  # a query bar built beforehand becomes this area's
        self.rewrite_line = RewriteLine(self)  # what the query rewrite did (hidden: nothing)
        lay.addWidget(self.rewrite_line)
        self.stack = QStackedWidget(self)
        lay.addWidget(self.stack, 1)
        self.empty = EmptyState(self.stack)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self.stack)
        self.splitter.setObjectName("memoriesSplitter")
        self.model = ResultsModel(self)
        self.table = self._make_table(self.splitter)
        self.bands = RowBands(self.table, self.model, self)  # a new result, a few rows a turn
        self.bands.finished.connect(self._detail_timer.start)  # then the detail pane
        self.bands.finished.connect(self.model.settle)  # scrolling to the end: the next page
        self.detail = DetailPane(self.splitter, db=ctx.db)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.stack.addWidget(self.splitter)
        self.stack.addWidget(self.empty)
        self.footer = QLabel(self)
        self.footer.setObjectName("memoriesFooter")
        self.footer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.footer)

        limit = int(str(ctx.settings.value("query/limit", DEFAULT_LIMIT) or DEFAULT_LIMIT))
        self.searcher = SearchController(ctx.retriever, limit, self)
        self.embedding_fill = EmbeddingFill(ctx.retriever, self, ctx.bus.show_info)
        self.embedding_fill.stored.connect(self.refresh)  # hybrid: the new vectors count
        self.changes = ChangeTracker(
            self.store,
            self.searcher.is_searching,
            self,
            busy=lambda: time.monotonic() < self.searcher.warming.busy_until + 1.0,
        )
        self.index_keeper = IndexKeeper(ctx.db, self)
        self.editing = EditingController(self)
        self.importer = ImportSyncController(self)
        self.anchoring = Anchoring(self)
        self.query_bar.set_team_store(ctx.db.is_postgres)
        self.actions_by_name = make_actions(self)
        self.detail.set_back_action(self.actions_by_name["back"])
        self._update_back()
        # If the widget goes away without shutdown(), stop calling into it from other threads.
        cleanup = self.cleanup = Cleanup(self.changes.unlisten, self.searcher.warming)
        self.destroyed.connect(lambda *_: cleanup.run())
        self._connect()

        self.query_bar.restore(ctx.settings)
        self._restore_state()
        self.importer.init_first_run_hints()
        self._update_actions()
        # The first search starts in the next event-loop turn, not in this one: its worker
        # loads the index holding the interpreter lock, and the window still builds around
        # this area in this turn (sharing the lock: docs/decisions/0012-window-opens-in-steps.md).
        # Tag/environment completions load after the first result.
        self._first_search = True
        QTimer.singleShot(0, self._start_first_search)
        self.importer.auto_sync_later()

    def _make_table(self, parent: QWidget) -> QTableView:
        table = make_results_table(parent, self.model)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setSortingEnabled(True)
        table.sortByColumn(COL_RANK, Qt.SortOrder.AscendingOrder)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        return table

    def _connect(self) -> None:
        table, editing = self.table, self.editing
        table.customContextMenuRequested.connect(lambda pos: show_context_menu(self, pos))
        table.doubleClicked.connect(lambda _i: editing.edit_selected())
        table.selectionModel().currentRowChanged.connect(lambda *_: self._show_current())
        table.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())
        self.detail.link_activated.connect(self.show_memory_id)
        self.detail.location_opened.connect(self.ctx.bus.show_info)
        self.detail.anchor_action.connect(self._on_anchor_action)
        self.query_bar.changed.connect(self.submit)
        self.query_bar.into_results.connect(self.focus_results)
        table.installEventFilter(self)
        self.query_bar.text.textChanged.connect(lambda _t: self.searcher.mark_busy())
        self.empty.import_requested.connect(lambda: self.importer.import_hmharness())
        self.empty.starter_requested.connect(self.importer.load_starter_pack)
        self.searcher.result_ready.connect(self.apply_result)
        self.model.more_wanted.connect(self.searcher.more)  # scrolled to the end: a page more
        self.searcher.notice.connect(self.ctx.bus.show_info)
        self.searcher.failed.connect(
            lambda msg: self.ctx.bus.show_error(
                f"The search failed: {msg}", "Change the query and try again."
            )
        )
        self.searcher.index_loaded.connect(self.changes.load_completions)
        self.changes.changed.connect(editing.check_edit_dialog)
        self.changes.refresh_due.connect(self.refresh)
        self.changes.changed.connect(self.index_keeper.schedule)
        self.changes.completions_loaded.connect(self._set_completions)

    def focus_results(self) -> None:
        """Down or Enter in the search box: the first result selected, the focus in the table
        (a search still running selects its first result when it comes)."""
        self._into_results = self.is_searching() or self.refresh_pending()
        first = self.model.scored_at(0)
        if first is not None:
            self.select_ids([first.memory.id], first.memory.id)
            self.table.scrollToTop()
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up on the first result goes back to the search box; + / - on a row with an
        "n similar" expander show / hide its near-duplicates."""
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Up
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and self.table.currentIndex().row() <= 0
        ):
            self.query_bar.focus_text()
            return True
        if (  # + / - show / hide the near-duplicates folded into the current row
            watched is self.table
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Minus)
        ):
            row = self.table.currentIndex().row()
            if (event.key() == Qt.Key.Key_Minus) == self.model.similar_expanded(row):
                return self.model.toggle_similar(row)
        return super().eventFilter(watched, event)

    def _set_completions(self, tags: list[str], environments: list[str]) -> None:
        self.query_bar.set_tags(tags)
        self.query_bar.set_environments(environments)

    def _update_actions(self) -> None:
        # time travel shows the past read-only: no edit applies to it
        past = self.query_bar.as_of() is not None
        update_actions(self.actions_by_name, 0 if past else len(self.selected_records()))

    # ------------------------------------------------------------------ searching
    def current_spec(self) -> QuerySpec:
        return self.query_bar.spec()

    def refresh(self) -> None:
        """Run the current query again (after any change)."""
        self._first_search = False
        self.changes.cancel_refresh()
        self.submit(self.current_spec())

    def _start_first_search(self) -> None:
        if self._first_search and self.alive():
            self.refresh()

    def submit(self, spec: QuerySpec) -> None:
        if self._closed:
            return
        if self.result is None:
            self.footer.setText(
                "Reading and indexing the memories… (the first search builds the index)"
            )
        self.searcher.submit(spec)
        if PROFILES[spec.profile].semantic:  # memories without embeddings: fill them in, re-run
            self.embedding_fill.ensure()

    def is_searching(self) -> bool:
        """A search runs, or its result is not wholly on screen yet (the detail pane, rows of
        the table)."""
        return (
            self._first_search
            or self.searcher.is_searching()
            or self._detail_timer.isActive()
            or self.bands.pending()
        )

    def refresh_pending(self) -> bool:
        """A re-run of the query is scheduled (changes are being coalesced)."""
        return self.changes.refresh_pending()

    def apply_result(self, result: QueryResult) -> None:
        self.searcher.mark_busy()  # the table repaints next
        # a new query's best result is shown, not the last one's memory (kept after a change)
        new_query = self.result is not None and result.query.text != self.result.query.text
        sel_ids, cur = ([], None) if new_query else (self.selected_ids(), self.current_id())
        scroll = 0 if new_query else self.table.verticalScrollBar().value()
        want = self._select_after
        self._select_after = None
        prepared = self.searcher.take_prepared(result)
        # A result after a result: the rows change in place and the table repaints them a few
        # per event-loop turn (row_bands); the first one resets the model, its rows hidden
        # until their band.
        self.bands.cancel()
        digits = len(str(self.model.rowCount()))
        swapped = self.result is not None and self.model.swap_result(result, prepared)
        if not swapped:  # the columns are fitted to it; its rows shown in bands too
            self.model.set_result(result, prepared, hidden=True)
        elif digits != len(str(self.model.rowCount())):
            # Otherwise the columns keep their widths from result to result: fitted anew to
            # each, they moved while typing, and a moved column repaints the whole table.
            fitter = self.table.findChild(ColumnFitter)
            if fitter is not None:
                fitter.fit()
        self.result = result
        if self._into_results:  # Enter in the search box: the first of these results
            self._into_results = False
            first = self.model.scored_at(0)
            if first is not None and self.table.hasFocus():
                want = first.memory.id
        empty_store = result.pool == 0 and self._store_is_empty()
        self.stack.setCurrentWidget(self.empty if empty_store else self.splitter)
        self.query_bar.setVisible(not empty_store)  # nothing to search yet
        # Put the selection back (by id), then the scroll position.
        if want and self.model.row_of(want) >= 0:
            sel_ids, cur = [want], want
        self._detail_later = True  # the detail pane follows in its own event-loop turn
        try:
            self.select_ids(sel_ids, cur)
            if want and self.model.row_of(want) >= 0:
                self.table.scrollTo(self.model.index(self.model.row_of(want), 0))
            else:
                self.table.verticalScrollBar().setValue(scroll)
            best = self.model.scored_at(0)
            if not self.selected_ids() and best is not None and not want:
                # The selected memory left the results (or nothing was selected): show the best.
                self.select_ids([], best.memory.id)
                self.table.scrollToTop()
        finally:
            self._detail_later = False
        self._detail_want = want
        self._footer_tail = html.escape(
            f"{len(result.results):,} shown of {result.matched:,} matching"
            + (", scroll for more · " if has_more(result) else " · ")
            + filters_line(result)
        )
        self.footer.setText(self.legend_html() + self._footer_tail)
        self.footer.setVisible(not empty_store)
        self.rewrite_line.show_result(None if empty_store else result)
        self._update_actions()
        # The table is drawn first, its rows a few per turn (row_bands), then the detail pane
        # (rich text, its anchors read from the database) in a turn of its own: one turn doing
        # it all stalled typing (docs/decisions/0013-results-table-painted-in-bands.md).
        self.bands.start()

    def _finish_result(self) -> None:
        """The second half of :meth:`apply_result`: the detail pane, then ``result_applied``."""
        result = self.result
        if result is None or not self.alive():
            return
        want, self._detail_want = self._detail_want, None
        if self.selected_ids():
            self._show_current()
        elif want:
            self._show_by_id(want)
        else:
            self._linked = None
            self.detail.show_nothing(result)
        self._update_actions()
        self.result_applied.emit(result)

    def legend_html(self) -> str:
        """A swatch per score part the shown results have (``semantic`` only under the hybrid
        profile), in the bar's colours."""
        # The area's own palette: on a theme change the area hears of it before its table does.
        theme = theme_for(self)
        base = self.palette().color(QPalette.ColorRole.Base)
        first = self.result.results[0] if self.result and self.result.results else None
        used = set(first.components) if first is not None and first.components else None
        names = [n for n in COMPONENT_ORDER if used is None or n in used]
        return (
            "".join(
                f'<span style="background-color:{component_color(n, theme, base).name()}">'
                f"&nbsp;&nbsp;&nbsp;</span>&nbsp;{n}&nbsp;&nbsp;"
                for n in names
            )
            + "&nbsp;&nbsp;"
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self.result is not None:
            self.footer.setText(self.legend_html() + self._footer_tail)  # the legend's colours
        super().changeEvent(event)

    def alive(self) -> bool:
        """False once shut down or destroyed (worker callbacks may arrive after that)."""
        return not self._closed and shiboken6.isValid(self)

    def _store_is_empty(self) -> bool:
        try:
            return self.store.count() == 0
        except SQLAlchemyError as exc:  # a broken store shows its error through the next action
            log.info("count: %s", exc)
            return False

    # ------------------------------------------------------------------ selection
    def selected_rows(self) -> list[int]:
        sm = self.table.selectionModel()
        return sorted({i.row() for i in sm.selectedRows()}) if sm else []

    def selected_records(self) -> list[MemoryRecord]:
        """The selected rows' memories; with no row selected, the memory a link led to (shown
        in the detail pane, not in the results), so its actions work."""
        scored = (self.model.scored_at(r) for r in self.selected_rows())
        records = [s.memory for s in scored if s is not None]
        linked, shown = self._linked, self.detail.memory
        if not records and linked is not None and shown is not None and shown.id == linked.id:
            return [] if linked.is_deleted else [linked]
        return records

    def selected_ids(self) -> list[str]:
        return [m.id for m in self.selected_records()]

    def current_id(self) -> str | None:
        idx = self.table.currentIndex()
        s = self.model.scored_at(idx.row()) if idx.isValid() else None
        return s.memory.id if s is not None else None

    def select_id(self, memory_id: str) -> bool:
        if self.model.row_of(memory_id) < 0:
            return False
        self.select_ids([memory_id], memory_id)
        self.table.scrollTo(self.model.index(self.model.row_of(memory_id), 0))
        return True

    def select_after(self, memory_id: str | None) -> None:
        """Select ``memory_id`` when the next result is shown (after a change)."""
        self._select_after = memory_id

    def select_ids(self, ids: Sequence[str], current: str | None) -> None:
        sm = self.table.selectionModel()
        before = selection_rows(self.table)
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
        # The view heard nothing (signals blocked): repaint the rows whose selection changed,
        # not the whole table (docs/decisions/0013-results-table-painted-in-bands.md).
        repaint_rows(self.table, before ^ selection_rows(self.table))
        if not self._detail_later:
            self._show_current()
        self._update_actions()

    def _on_anchor_action(self, action: str, anchor_id: int) -> None:
        if action == "new":
            self.anchoring.anchor_selected()
        elif action == "remove":
            self.anchoring.remove(anchor_id)
        elif action == "reanchor":
            self.anchoring.reanchor(anchor_id)

    def refresh_detail(self) -> None:
        """Show the memory in the detail pane again (its anchors changed)."""
        if self._linked is not None:  # shown on its own, not a row of the results
            self._show_by_id(self._linked.id)
        else:
            self._show_current()

    def _show_current(self) -> None:
        """Show the current row in the detail pane (again: the palette changed, say)."""
        idx = self.table.currentIndex()
        scored = self.model.scored_at(idx.row()) if idx.isValid() else None
        if scored is None:
            return
        self._linked = None
        older, newer = supersede_chain(self.store, scored.memory)
        self.detail.show_memory(scored.memory, scored, self.result, older, newer)

    def show_memory_id(self, memory_id: str) -> None:
        """Follow a link to a memory: select it in the results. A superseded one turns "Show
        superseded" on so that it is listed (Back turns it off again); one that is still not in
        the results is shown on its own, its actions enabled. Back (Alt+Left) returns."""
        shown = self.detail.memory
        if shown is not None and shown.id != memory_id:
            self._back = [*self._back[-49:], shown.id]
        rec = self._show_by_id(memory_id)
        if rec is not None and rec.is_superseded and not rec.is_deleted:
            self.select_after(memory_id)
            if self.query_bar.show_superseded_for_link():  # re-runs the query
                self.ctx.bus.show_info(
                    "Showing superseded memories to list the one you followed "
                    "(Alt+Left or a new query hides them again)"
                )
            else:
                self.select_after(None)
        self._update_back()

    def _show_by_id(self, memory_id: str) -> MemoryRecord | None:
        """Select ``memory_id`` in the results, else show it on its own. Its record (None when
        it could not be read)."""
        from hmdesk.core.memory.errors import StoreError

        if self.select_id(memory_id):
            scored = self.model.scored_at(self.model.row_of(memory_id))
            return scored.memory if scored is not None else None
        try:
            rec = self.store.get(memory_id)
        except StoreError as exc:
            self.ctx.bus.show_error(str(exc), "It may have been removed; press F5 to refresh.")
            return None
        self.table.selectionModel().clearSelection()
        self.table.selectionModel().clearCurrentIndex()
        self._linked = rec
        older, newer = supersede_chain(self.store, rec)
        self.detail.show_memory(rec, None, self.result, older, newer)
        self._update_actions()
        return rec

    def go_back(self) -> None:
        """Back to the memory shown before the last link was followed (and "Show superseded"
        off again if following links turned it on)."""
        if not self._back:
            return
        target = self._back.pop()
        self.select_after(target)
        if self._back or not self.query_bar.hide_superseded_after_link():  # else: re-runs
            self.select_after(None)
        self._show_by_id(target)
        self._update_back()

    def _update_back(self) -> None:
        self.actions_by_name["back"].setEnabled(bool(self._back))

    # ------------------------------------------------------------------ dialogs
    def open_dialog(self, dialog: QDialog, on_accept: Callable[[], None]) -> QDialog:
        """Open an action dialog non-modally; ``on_accept`` runs when it is accepted."""
        self.dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(on_accept)
        dialog.finished.connect(lambda _r: self._dialog_closed(dialog))
        dialog.open()
        return dialog

    def _dialog_closed(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None

    # ------------------------------------------------------------------ persistence
    def _restore_state(self) -> None:
        s = self.ctx.settings
        state = s.value("memories/splitter")
        if state is not None:
            self.splitter.restoreState(state)
        else:
            self.splitter.setSizes([660, 340])  # the table first: about two thirds
        header = s.value("memories/header")
        fitter = self.table.findChild(ColumnFitter)
        if header is not None and fitter is not None:
            fitter.restore(header)
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
        self.searcher.close()
        self.bands.cancel()
        self.embedding_fill.cancel()
        self.editing.cancel_step()
        self.anchoring.close()
        self.importer.stop_sync()
        self.changes.stop()
        self.index_keeper.stop()
        self.cleanup.run()

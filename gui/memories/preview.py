"""The window's first look at the results, before the store is open.

Opening the store imports SQLAlchemy and more (most of a second). The saved query's results do
not need any of it: :func:`first_look` answers from the stored search index with plain
``sqlite3`` (:func:`hmdesk.core.memory.search_index.file_search.search_stored`, what
``hmdesk-cli query`` runs), and
:class:`PreviewPane` shows them in the results table the Memories area uses, read-only, until the
area replaces it. When the stored index cannot answer at once (none yet, a migration due) there is
no first look: the area's own result comes as
before. Also :func:`make_results_table`, the table both share, and :class:`ColumnFitter`, which
sizes its columns to the width it gets.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hmdesk.gui.memories.delegates import ContentDelegate, PlainTextDelegate, ScoreBarDelegate
from hmdesk.gui.memories.model import (
    COL_AGE,
    COL_CONF,
    COL_CONTENT,
    COL_ENV,
    COL_LAYER,
    COL_RANK,
    COL_RECALLS,
    COL_SCORE,
    COL_TAGS,
    COLUMNS,
    PreparedRows,
    ResultsModel,
)
from hmdesk.gui.memories.query_bar import saved_spec
from hmdesk.gui.memories.row_bands import RowBands
from hmdesk.gui.memories.search import DEFAULT_LIMIT, query_of
from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import Query, QueryResult

SAMPLES = {COL_RANK: "99", COL_CONF: "0.00", COL_AGE: "11 mo"}
"""The widest value of each numeric column (Recalls: its header is wider than its numbers)."""
SCORE_WIDTH = 72
"""The score bar's column: room for the bar and its number."""
TEXT_CAPS = {COL_LAYER: 96, COL_ENV: 110, COL_TAGS: 150}
"""The widest Layer, Env and Tags get when sized to their content (longer text is elided)."""
CONTENT_SHARE = 0.38
"""The share of the table's width Content keeps before Layer, Env and Tags get their width."""
SAMPLE_ROWS = 40
SETTLE_MS = 40
"""The first look counts as painted once its table had no paint for this long."""
PADDING = 14


def make_results_table(parent: QWidget, model: ResultsModel) -> QTableView:
    """The results table: fixed rows, no grid, the score bar and content delegates, its
    columns fitted to its width (:class:`ColumnFitter`, the table's child)."""
    table = QTableView(parent)
    table.setObjectName("resultsTable")
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setWordWrap(False)
    table.setShowGrid(False)
    table.setAlternatingRowColors(True)
    vh = table.verticalHeader()
    vh.hide()
    vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    vh.setDefaultSectionSize(parent.fontMetrics().height() + 10)
    hh = table.horizontalHeader()
    hh.setSectionResizeMode(COL_CONTENT, QHeaderView.ResizeMode.Stretch)
    hh.setStretchLastSection(False)
    hh.setMinimumSectionSize(24)
    ColumnFitter(table, model)
    for col in range(model.columnCount()):
        right = col in (COL_RANK, COL_CONF, COL_RECALLS)
        table.setItemDelegateForColumn(col, PlainTextDelegate(right, table))
    table.setItemDelegateForColumn(COL_SCORE, ScoreBarDelegate(table))
    table.setItemDelegateForColumn(COL_CONTENT, ContentDelegate(table))
    return table


def first_look_query(settings: QSettings) -> Query:
    """The query the Memories area will run first."""
    spec = saved_spec(settings)
    limit = int(str(settings.value("query/limit", DEFAULT_LIMIT) or DEFAULT_LIMIT))
    return query_of(spec, limit)


def first_look(path: Path, query: Query) -> QueryResult | None:
    """``query`` from the stored index only (any thread); None when it cannot answer."""
    from hmdesk.core.memory.search_index.file_search import search_stored

    return search_stored(path, query)


def first_look_rows(path: Path, query: Query) -> tuple[QueryResult, PreparedRows] | None:
    """:func:`first_look` and the table's rows for it, built on the calling worker."""
    result = first_look(path, query)
    return None if result is None else (result, PreparedRows(result))


class PreviewPane(QWidget):
    """The saved query's results, read-only, while the store opens.

    Signals: painted(): its rows were painted (a few per event-loop turn) and no other paint
    followed for :data:`SETTLE_MS` (the tab change repaints the window twice): app start opens the store
    then, so that no paint shares the interpreter lock with the store's imports (a paint
    beside them waited for the lock hundreds of times: docs/decisions/0012-window-opens-in-steps.md)."""

    painted = Signal()

    def __init__(
        self,
        result: QueryResult,
        parent: QWidget | None = None,
        prepared: PreparedRows | None = None,
    ) -> None:
        super().__init__(parent)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._settled)
        self._painted = False
        self.setObjectName("memoriesPreview")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 2)
        self.note = QLabel(
            f"Opening the store… the first {len(result.results):,} of "
            f"{result.matched:,} matching memories, from the search index",
            self,
        )
        lay.addWidget(self.note)
        self.model = ResultsModel(self)
        self.table = make_results_table(self, self.model)
        lay.addWidget(self.table, 1)
        # Empty rows first (cheap to paint), then the rows a few per event-loop turn once the
        # table has its size: painting them all at once is one long turn (row_bands).
        self.model.set_result(result, prepared, hidden=True)
        self.bands = RowBands(self.table, self.model, self)
        self.bands.finished.connect(self._settle.start)
        self._banding = False
        self.table.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self._painted:
            if not self._banding:
                self._banding = True
                QTimer.singleShot(0, self.bands.start)  # after this first paint
            elif not self.bands.pending():
                QTimer.singleShot(0, self._settle.start)  # again after each paint
        return super().eventFilter(watched, event)

    def _settled(self) -> None:
        self._painted = True
        self.painted.emit()


class ColumnFitter(QObject):
    """Sizes the results table's columns whenever its width or its rows change: the numeric
    columns to their widest value, Layer, Env and Tags to their content up to
    :data:`TEXT_CAPS`, narrowed (down to their header) so that Content, which stretches, keeps
    :data:`CONTENT_SHARE` of the width; when even that cuts them, Env and then Layer are hidden
    (uniform ones first) until the rest fit whole. A column the user resized by hand keeps its
    width."""

    def __init__(self, table: QTableView, model: ResultsModel) -> None:
        super().__init__(table)
        self.table = table
        self.model = model
        self.manual: set[int] = set()
        self.hidden: set[int] = set()  # Layer, Env: hidden while the table is too narrow
        self._fitting = False
        table.horizontalHeader().sectionResized.connect(self._resized)
        table.viewport().installEventFilter(self)
        model.modelReset.connect(self.fit)

    def _resized(self, col: int, old: int, new: int) -> None:
        # a drag on the header; a hidden section's resize to 0 and back (emitted later by
        # the header itself) is not one
        hidden = self.table.horizontalHeader().isSectionHidden(col)
        if not self._fitting and col != COL_CONTENT and old and new and not hidden:
            self.manual.add(col)

    def restore(self, state: QByteArray) -> None:
        """Restore the header's saved state (order, sorting); the widths are fitted anew."""
        self.table.horizontalHeader().restoreState(state)
        self.manual.clear()
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return super().eventFilter(watched, event)

    def widths(self, available: int) -> dict[int, int]:
        """The width of every column but Content for a table ``available`` pixels wide."""
        hh = self.table.horizontalHeader()
        head = hh.fontMetrics()
        cell = self.table.fontMetrics()

        def header(col: int) -> int:
            return head.horizontalAdvance(COLUMNS[col]) + PADDING

        out: dict[int, int] = {}
        for col in (COL_RANK, COL_SCORE, COL_CONF, COL_AGE, COL_RECALLS):
            sample = SAMPLES.get(col, "")
            if col == COL_RANK:
                sample = max(sample, str(self.model.rowCount()), key=len)
            out[col] = max(header(col), cell.horizontalAdvance(sample) + PADDING)
        out[COL_SCORE] = max(header(COL_SCORE), SCORE_WIDTH)
        natural: dict[int, int] = {}
        rows = min(self.model.rowCount(), SAMPLE_ROWS)
        for col, cap in TEXT_CAPS.items():
            widest = max(
                (cell.horizontalAdvance(self.model.display(r, col)) for r in range(rows)),
                default=0,
            )
            natural[col] = max(header(col), min(cap, widest + PADDING))
        for col in self.manual:
            out[col] = hh.sectionSize(col)
            natural.pop(col, None)
        budget = available - sum(out.values()) - int(available * CONTENT_SHARE)
        self.hidden = set()
        # too narrow for Layer, Env and Tags whole: Env, then Layer, give their room (the
        # detail pane's header names both), first one whose rows all say the same
        for col in sorted((COL_ENV, COL_LAYER), key=lambda c: (not self._uniform(c, rows), -c)):
            if sum(natural.values()) <= budget or col in self.manual:
                break
            self.hidden.add(col)
            natural.pop(col, None)
        level = _level(list(natural.values()), budget)
        for col, want in natural.items():
            out[col] = max(header(col), min(want, level))
        return out

    def _uniform(self, col: int, rows: int) -> bool:
        return len({self.model.display(r, col) for r in range(rows)}) <= 1

    def fit(self) -> None:
        hh = self.table.horizontalHeader()
        self._fitting = True
        try:
            for col, width in self.widths(self.table.viewport().width()).items():
                if hh.sectionSize(col) != width:
                    hh.resizeSection(col, width)
            for col in (COL_LAYER, COL_ENV):
                if hh.isSectionHidden(col) != (col in self.hidden):
                    hh.setSectionHidden(col, col in self.hidden)
        finally:
            self._fitting = False


def _level(widths: list[int], budget: int) -> int:
    """The widest a column may be so that the ``widths``, each cut to it, fit ``budget`` (the
    widest are narrowed first; the narrow ones keep their width while they can)."""
    if sum(widths) <= budget:
        return max(widths, default=0)
    rest = budget
    for n, w in enumerate(sorted(widths)):
        left = len(widths) - n
        if w * left >= rest:
            return max(0, rest // left)
        rest -= w
    return 0

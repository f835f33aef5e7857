"""The window's first look at the results, before the store is open.

Opening the store imports SQLAlchemy and more (most of a second). The saved query's results do
not need any of it: :func:`first_look` answers from the stored search index with plain
``sqlite3`` (:func:`hmdesk.core.memory.search_index.oneshot.search_fast`), and
:class:`PreviewPane` shows them in the results table the Memories area uses, read-only, until the
area replaces it. When the stored index cannot answer at once (none yet, a migration due, or a
Chinese query that needs the segmenter) there is no first look: the area's own result comes as
before. Also :func:`make_results_table`, the table both share.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from hmdesk.gui.memories.delegates import ContentDelegate, PlainTextDelegate, ScoreBarDelegate
from hmdesk.gui.memories.model import (
    COL_CONF,
    COL_CONTENT,
    COL_RANK,
    COL_RECALLS,
    COL_SCORE,
    ResultsModel,
)
from hmdesk.gui.memories.query_bar import saved_spec
from hmdesk.gui.memories.search import DEFAULT_LIMIT, query_of
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve import Query, QueryResult

COLUMN_WIDTHS = {0: 30, 1: 96, 3: 74, 4: 78, 5: 120, 6: 46, 7: 50, 8: 58}

_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")


def make_results_table(parent: QWidget, model: ResultsModel) -> QTableView:
    """The results table: fixed rows, no grid, the score bar and content delegates."""
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
    for col, w in COLUMN_WIDTHS.items():
        hh.resizeSection(col, w)
    for col in range(model.columnCount()):
        right = col in (COL_RANK, COL_CONF, COL_RECALLS)
        table.setItemDelegateForColumn(col, PlainTextDelegate(right, table))
    table.setItemDelegateForColumn(COL_SCORE, ScoreBarDelegate(table))
    table.setItemDelegateForColumn(COL_CONTENT, ContentDelegate(table))
    return table


def first_look_query(settings: QSettings) -> Query | None:
    """The query the Memories area will run first, or None when a first look would cost more
    than it saves (a Chinese query of the default profile loads the segmenter)."""
    spec = saved_spec(settings)
    if spec.profile == "default" and _HAN.search(spec.text):
        return None
    limit = int(str(settings.value("query/limit", DEFAULT_LIMIT) or DEFAULT_LIMIT))
    return query_of(spec, limit)


def first_look(path: Path, query: Query) -> QueryResult | None:
    """``query`` from the stored index only (any thread); None when it cannot answer."""
    from hmdesk.core.memory.search_index.oneshot import search_fast

    return search_fast(path, query)


class PreviewPane(QWidget):
    """The saved query's results, read-only, while the store opens."""

    def __init__(self, result: QueryResult, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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
        self.model.set_result(result)

"""The results table model: a thin adapter over the retriever's ``QueryResult``.

Sorting is done here (``sorted`` + ``layoutChanged``), never through a proxy
(a sort proxy over a large table is far slower: docs/decisions/0013-results-table-painted-in-bands.md).

A result with near-duplicates folded into it (``ScoredMemory.similar``, see
:mod:`hmdesk.core.memory.retrieve.diversity`) has an "n similar" expander (:data:`SimilarRole`,
drawn by the content delegate): :meth:`ResultsModel.toggle_similar` shows the folded memories as
rows under it (rank ``↳``), with their own scores and explanations, and hides them again.

The rows come a page at a time: a result of ``limit`` rows out of more ``matched`` answers
``canFetchMore``, and the view's ``fetchMore`` (scrolled to the end) emits :attr:`ResultsModel.
more_wanted`; the search runs again for a page more (:meth:`~hmdesk.gui.memories.search.
SearchController.more`) and :meth:`ResultsModel.swap_result` appends the new rows, the ones on
screen unchanged. So every match can be browsed, however large the store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from hmdesk.gui.common.explanation import COMPONENT_ORDER, age_text, parse_time
from hmdesk.gui.common.highlight import term_spans
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import QueryResult, ScoredMemory

SortKey = Callable[["_Row"], Any]

_USER = int(Qt.ItemDataRole.UserRole.value)
ScoredRole = _USER + 1  # the ScoredMemory
SpansRole = _USER + 2  # [(start, end, term_index)] in content
ComponentsRole = _USER + 3  # [(name, contribution)]
IdRole = _USER + 4
SortRole = _USER + 5
SimilarRole = _USER + 6  # the "n similar" expander: (count, expanded) on a kept row, else None
FOLDED_MARK = "↳"  # the rank column of a near-duplicate shown under the row it was folded into

COLUMNS = ("#", "Score", "Content", "Layer", "Env", "Tags", "Conf.", "Age", "Recalls")
COL_RANK, COL_SCORE, COL_CONTENT, COL_LAYER, COL_ENV, COL_TAGS, COL_CONF, COL_AGE, COL_RECALLS = (
    range(len(COLUMNS))
)
# Plain ints / precomputed flags: enum arithmetic per data() call is measurable when painting.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole.value)
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
_ROOT = QModelIndex()
_RIGHT_COLS = frozenset((COL_RANK, COL_SCORE, COL_CONF, COL_RECALLS))
HEADER_TIPS = {
    COL_RANK: "Rank in the retriever's order",
    COL_SCORE: "Score = confidence + recency + lexical contributions (bar parts, left to right)",
    COL_CONTENT: "Memory text; words that matched the query are bold",
    COL_CONF: "Confidence 0–1 (weight 0.4 in the score)",
    COL_AGE: "Time since the memory's timestamp (recency falls to 0 at 90 days)",
    COL_RECALLS: "How often the agent recalled this memory",
}


class _Row:
    """Precomputed per-row values so ``data()`` stays cheap during painting."""

    __slots__ = (
        "age",
        "children",
        "comps",
        "display",
        "expanded",
        "parent",
        "rank",
        "scored",
        "spans",
        "tags",
        "ts",
    )

    def __init__(self, rank: int, scored: ScoredMemory, parent: _Row | None = None) -> None:
        self.rank = rank
        self.scored = scored
        self.parent = parent  # the kept row this near-duplicate was folded into
        self.children: list[_Row] | None = None  # the folded rows, built when first expanded
        self.expanded = False
        m = scored.memory
        self.spans = term_spans(scored.terms)
        comps = scored.components or {}
        self.comps = [
            (name, float(comps[name].contribution)) for name in COMPONENT_ORDER if name in comps
        ] + [(n, float(c.contribution)) for n, c in comps.items() if n not in COMPONENT_ORDER]
        self.tags = ", ".join(m.tags)
        dt = parse_time(m.timestamp)
        self.ts = dt.timestamp() if dt else 0.0
        self.age = age_text(m.timestamp)
        self.display = (
            FOLDED_MARK if parent is not None else str(rank),
            f"{scored.score:.3f}",
            m.content.replace("\n", " ")[:300],
            m.layer,
            m.environment,
            self.tags,
            f"{m.confidence:.2f}",
            self.age,
            str(m.recall_count),
        )


class PreparedRows:
    """The rows of one result, built off the GUI thread (plain Python: no Qt calls), so that
    applying a result on the GUI thread only swaps a list
    (docs/decisions/0013-results-table-painted-in-bands.md)."""

    __slots__ = ("result", "rows")

    def __init__(self, result: QueryResult) -> None:
        self.result = result
        self.rows = [_Row(i + 1, s) for i, s in enumerate(result.results)]


def has_more(result: QueryResult | None) -> bool:
    """Whether matches beyond ``result``'s rows remain (its page was full, fewer rows than
    ``matched``, folded near-duplicates counted). A profile with a fixed count (hmharness: what
    the agent gets) has no more pages."""
    if result is None or result.query.profile.limit:
        return False
    rows = len(result.results)
    listed = rows + sum(len(s.similar) for s in result.results)
    return rows >= result.query.limit and listed < result.matched


class ResultsModel(QAbstractTableModel):
    """Signals: more_wanted(): the view scrolled to the last row and more rows match (a
    search for the next page is due; asked once until the next result)."""

    more_wanted = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # more_wanted was emitted and no result came since, or the result is not on screen yet
        # (a view asks for more as a result arrives, before its rows are laid out: a second
        # search per query, for rows nobody scrolled to); settle() when it is drawn
        self._fetching = False
        self._rows: list[_Row] = []
        self._sort: tuple[int, Qt.SortOrder] = (COL_RANK, Qt.SortOrder.AscendingOrder)
        self.result: QueryResult | None = None
        self._hidden_from: int | None = None  # rows from here on show as empty (row_bands)

    # --- data in ---------------------------------------------------------------------------
    def set_result(
        self,
        result: QueryResult | None,
        prepared: PreparedRows | None = None,
        *,
        hidden: bool = False,
    ) -> None:
        """Replace all rows with a new ``QueryResult`` (one reset); ``prepared``: its rows,
        built on the worker that searched (used only if it is this result's). ``hidden``: the
        rows show as empty cells until :meth:`show_through` reveals them, a few at a time
        (a view paints an empty cell in a fraction of the time: :mod:`row_bands`)."""
        self.beginResetModel()
        self.result = result
        self._fetching = True
        self._hidden_from = 0 if hidden else None
        self._rows = self._sorted(self._rows_of(result, prepared))
        self.endResetModel()

    def swap_result(self, result: QueryResult, prepared: PreparedRows | None = None) -> bool:
        """Replace the rows with ``result``'s without a model reset, for a view that repaints
        in slices: the rows past the new count are removed (or the new ones inserted) at the
        end, and the rows both results have are changed in place *without* ``dataChanged``:
        the caller announces them with :meth:`rows_changed`, a few at a time (a view repaints
        only the rows it is told of; after a reset it repaints all of them in one go, and
        that was the longest stall while typing). False, and nothing done, when there are no
        rows yet (a reset then costs the same)."""
        if not self._rows:
            return False
        rows = self._sorted(self._rows_of(result, prepared))
        old, new = len(self._rows), len(rows)
        if new < old:
            self.beginRemoveRows(_ROOT, new, old - 1)
            del self._rows[new:]
            self.endRemoveRows()
        elif new > old:
            self.beginInsertRows(_ROOT, old, new - 1)
            self._rows.extend(rows[old:])
            self.endInsertRows()
        self.result = result
        self._fetching = True
        self._rows = rows
        self._hidden_from = None
        return True

    def show_through(self, row: int | None) -> None:
        """Rows up to ``row`` show their values (None: every row); not announced (see
        :meth:`rows_changed`)."""
        if row is None or (self._hidden_from is not None and row + 1 >= len(self._rows)):
            self._hidden_from = None
        elif self._hidden_from is not None:
            self._hidden_from = max(self._hidden_from, row + 1)

    def hidden_from(self) -> int | None:
        """The first row that shows as empty (None: none)."""
        return self._hidden_from

    def rows_changed(self, first: int, last: int) -> None:
        """Announce rows ``first``..``last`` (after :meth:`swap_result`)."""
        last = min(last, len(self._rows) - 1)
        if 0 <= first <= last:
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))

    @staticmethod
    def _rows_of(result: QueryResult | None, prepared: PreparedRows | None) -> list[_Row]:
        if prepared is not None and result is not None and prepared.result is result:
            return list(prepared.rows)
        return [_Row(i + 1, s) for i, s in enumerate(result.results if result else ())]

    def display(self, row: int, col: int) -> str:
        """The text a cell shows (plain Python: no ``data()`` round trip through Qt)."""
        if 0 <= row < len(self._rows) and 0 <= col < len(COLUMNS):
            return self._rows[row].display[col]
        return ""

    def clear(self) -> None:
        self.set_result(None)

    # --- lookup ----------------------------------------------------------------------------
    def scored_at(self, row: int) -> ScoredMemory | None:
        return self._rows[row].scored if 0 <= row < len(self._rows) else None

    def row_of(self, memory_id: str) -> int:
        for i, r in enumerate(self._rows):
            if r.scored.memory.id == memory_id:
                return i
        return -1

    def ids(self) -> list[str]:
        return [r.scored.memory.id for r in self._rows]

    # --- Qt model API ----------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def settle(self) -> None:
        """The result is on screen: scrolling to its end may ask for the next page now."""
        self._fetching = False

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> bool:
        return not parent.isValid() and not self._fetching and has_more(self.result)

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> None:
        if self.canFetchMore(parent):
            self._fetching = True
            self.more_wanted.emit()

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS.get(section)
        return None

    # No flags() here: QAbstractTableModel's own (enabled, selectable, no children) is what the
    # table needs, and a Python override is called for every cell on every paint (500 calls
    # into Python per repaint, each waiting for the interpreter lock while a search runs).

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = _DISPLAY) -> Any:
        # Hot path (called per cell and role on every paint): plain ints, precomputed values.
        row = index.row()
        if row < 0 or row >= len(self._rows):
            return None
        if self._hidden_from is not None and row >= self._hidden_from:
            return None
        r = self._rows[row]
        if role == _DISPLAY:
            return r.display[index.column()]
        if role == _ALIGN:
            return _RIGHT if index.column() in _RIGHT_COLS else None
        if role == ScoredRole:
            return r.scored
        if role == SpansRole:
            return r.spans
        if role == ComponentsRole:
            return r.comps
        if role == _TOOLTIP:
            return self._tooltip(r, index.column())
        if role == IdRole:
            return r.scored.memory.id
        if role == SortRole:
            return self._key(index.column())(r)
        if role == SimilarRole:
            n = len(r.scored.similar)
            return (n, r.expanded) if n and r.parent is None else None
        return None

    # --- the "n similar" expander ----------------------------------------------------------
    def toggle_similar(self, row: int) -> bool:
        """Show or hide the near-duplicates folded into the row at ``row`` (or into the row
        a folded one belongs to) as rows under it. False when it has none."""
        if not 0 <= row < len(self._rows):
            return False
        r = self._rows[row]
        if r.parent is not None:
            r = r.parent
            row = self._rows.index(r)
        if not r.scored.similar:
            return False
        if r.children is None:
            r.children = [_Row(r.rank, s, parent=r) for s in r.scored.similar]
        n = len(r.children)
        if r.expanded:
            self.beginRemoveRows(QModelIndex(), row + 1, row + n)
            del self._rows[row + 1 : row + 1 + n]
            r.expanded = False
            self.endRemoveRows()
        else:
            self.beginInsertRows(QModelIndex(), row + 1, row + n)
            self._rows[row + 1 : row + 1] = r.children
            r.expanded = True
            self.endInsertRows()
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
        return True

    def similar_expanded(self, row: int) -> bool:
        """Whether the row's expander (its own, or its kept row's) is open."""
        if not 0 <= row < len(self._rows):
            return False
        r = self._rows[row]
        return (r.parent or r).expanded

    @staticmethod
    def _tooltip(r: _Row, col: int) -> str | None:
        s = r.scored
        m = s.memory
        if col == COL_SCORE:
            parts = [f"{name} {value:.3f}" for name, value in r.comps]
            return f"score {s.score:.3f} = " + " + ".join(parts)
        if col == COL_CONTENT:
            return str(m.content[:2000])
        if col == COL_AGE:
            return str(m.timestamp)
        if col == COL_TAGS:
            return r.tags
        if col in (COL_LAYER, COL_ENV):  # elided when the table is narrow
            return str(r.display[col])
        return None

    # --- sorting (in the model) ------------------------------------------------------------
    @staticmethod
    def _key(col: int) -> SortKey:
        keys: dict[int, SortKey] = {
            COL_RANK: lambda r: r.rank,
            COL_SCORE: lambda r: (-r.scored.score, r.rank),
            COL_CONTENT: lambda r: r.scored.memory.content.lower(),
            COL_LAYER: lambda r: r.scored.memory.layer,
            COL_ENV: lambda r: r.scored.memory.environment,
            COL_TAGS: lambda r: r.tags.lower(),
            COL_CONF: lambda r: r.scored.memory.confidence,
            COL_AGE: lambda r: -r.ts,
            COL_RECALLS: lambda r: r.scored.memory.recall_count,
        }
        return keys.get(col, keys[COL_RANK])

    def _apply_sort(self) -> None:
        self._rows = self._sorted(self._rows)

    def _sorted(self, rows: list[_Row]) -> list[_Row]:
        col, order = self._sort
        # Stable: ties keep the retriever's rank order; folded rows stay under their row.
        tops = [r for r in rows if r.parent is None]
        tops.sort(key=lambda r: r.rank)
        tops.sort(key=self._key(col), reverse=order == Qt.SortOrder.DescendingOrder)
        if len(tops) == len(rows):
            return tops
        out: list[_Row] = []
        for r in tops:
            out.append(r)
            if r.expanded and r.children:
                out.extend(r.children)
        return out

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        old = list(self._rows)
        persistent = self.persistentIndexList()
        self._sort = (column, order)
        self._apply_sort()
        new_pos = {id(r): i for i, r in enumerate(self._rows)}
        for idx in persistent:
            row = new_pos[id(old[idx.row()])]
            self.changePersistentIndex(idx, self.index(row, idx.column()))
        self.layoutChanged.emit()


def ids_of(model: ResultsModel, rows: Sequence[int]) -> list[str]:
    scored = (model.scored_at(r) for r in rows)
    return [s.memory.id for s in scored if s is not None]

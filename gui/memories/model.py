"""The results table model: a thin adapter over the retriever's ``QueryResult``.

Sorting is done here (``sorted`` + ``layoutChanged``), never through a proxy
(qt-practices §8: ~1000x faster for large tables).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from hmdesk.gui.memories.highlight import term_spans
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

ScoredRole = Qt.ItemDataRole.UserRole + 1  # the ScoredMemory
SpansRole = Qt.ItemDataRole.UserRole + 2  # [(start, end, term_index)] in content
ComponentsRole = Qt.ItemDataRole.UserRole + 3  # [(name, contribution)]
IdRole = Qt.ItemDataRole.UserRole + 4
SortRole = Qt.ItemDataRole.UserRole + 5

COLUMNS = ("#", "Score", "Content", "Layer", "Env", "Tags", "Conf.", "Age", "Recalls")
COL_RANK, COL_SCORE, COL_CONTENT, COL_LAYER, COL_ENV, COL_TAGS, COL_CONF, COL_AGE, COL_RECALLS = (
    range(len(COLUMNS))
)
COMPONENT_ORDER = ("confidence", "recency", "lexical")
HEADER_TIPS = {
    COL_RANK: "Rank in the retriever's order",
    COL_SCORE: "Score = confidence + recency + lexical contributions (bar parts, left to right)",
    COL_CONTENT: "Memory text; words that matched the query are bold",
    COL_CONF: "Confidence 0–1 (weight 0.4 in the score)",
    COL_AGE: "Time since the memory's timestamp (recency falls to 0 at 90 days)",
    COL_RECALLS: "How often the agent recalled this memory",
}


def parse_time(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def age_text(ts: str | None, now: datetime | None = None) -> str:
    dt = parse_time(ts)
    if dt is None:
        return "?"
    secs = ((now or datetime.now(UTC)) - dt).total_seconds()
    if secs < 0:
        return "future"
    if secs < 60:
        return "now"
    if secs < 3600:
        return f"{int(secs // 60)} min"
    if secs < 86400:
        return f"{int(secs // 3600)} h"
    if secs < 86400 * 60:
        return f"{int(secs // 86400)} d"
    if secs < 86400 * 730:
        return f"{int(secs // (86400 * 30))} mo"
    return f"{int(secs // (86400 * 365))} y"


class _Row:
    """Precomputed per-row values so ``data()`` stays cheap during painting."""

    __slots__ = ("age", "comps", "rank", "scored", "spans", "tags", "ts")

    def __init__(self, rank: int, scored: Any) -> None:
        self.rank = rank
        self.scored = scored
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


class ResultsModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[_Row] = []
        self._sort: tuple[int, Qt.SortOrder] = (COL_RANK, Qt.SortOrder.AscendingOrder)
        self.result: Any = None

    # --- data in ---------------------------------------------------------------------------
    def set_result(self, result: Any) -> None:
        """Replace all rows with a new ``QueryResult`` (one reset)."""
        self.beginResetModel()
        self.result = result
        self._rows = [_Row(i + 1, s) for i, s in enumerate(result.results if result else ())]
        self._apply_sort()
        self.endResetModel()

    def clear(self) -> None:
        self.set_result(None)

    # --- lookup ----------------------------------------------------------------------------
    def scored_at(self, row: int) -> Any:
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

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        r = self._rows[index.row()]
        s = r.scored
        m = s.memory
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_RANK:
                return str(r.rank)
            if col == COL_SCORE:
                return f"{s.score:.3f}"
            if col == COL_CONTENT:
                return m.content.replace("\n", " ")
            if col == COL_LAYER:
                return m.layer
            if col == COL_ENV:
                return m.environment
            if col == COL_TAGS:
                return r.tags
            if col == COL_CONF:
                return f"{m.confidence:.2f}"
            if col == COL_AGE:
                return r.age
            if col == COL_RECALLS:
                return str(m.recall_count)
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == COL_SCORE:
                parts = [f"{name} {value:.3f}" for name, value in r.comps]
                return f"score {s.score:.3f} = " + " + ".join(parts)
            if col == COL_CONTENT:
                return m.content[:2000]
            if col == COL_AGE:
                return m.timestamp
            if col == COL_TAGS:
                return r.tags
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if col in (COL_RANK, COL_CONF, COL_RECALLS, COL_SCORE):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if role == Qt.ItemDataRole.FontRole:
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            return None
        if role == ScoredRole:
            return s
        if role == SpansRole:
            return r.spans
        if role == ComponentsRole:
            return r.comps
        if role == IdRole:
            return m.id
        if role == SortRole:
            return self._key(col)(r)
        return None

    # --- sorting (in the model) ------------------------------------------------------------
    @staticmethod
    def _key(col: int) -> Any:
        keys: dict[int, Any] = {
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
        col, order = self._sort
        # Stable: ties keep the retriever's rank order.
        self._rows.sort(key=lambda r: r.rank)
        self._rows.sort(key=self._key(col), reverse=order == Qt.SortOrder.DescendingOrder)

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

    def sort_state(self) -> tuple[int, Qt.SortOrder]:
        return self._sort


def ids_of(model: ResultsModel, rows: Sequence[int]) -> list[str]:
    return [model.scored_at(r).memory.id for r in rows if model.scored_at(r) is not None]

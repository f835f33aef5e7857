"""The hilog table model: a bounded ring of parsed lines and a filtered view over it.

Design (docs/ARCHITECTURE.md, "Threads"): the model owns a ring of at most ``capacity`` lines (oldest evicted
first) and a *view*: the sequence numbers of the lines that pass the current filter. Lines are
ingested in batches (one call per timer tick); each tick does **one** ``beginRemoveRows`` for the
view rows whose lines were evicted and **one** ``beginInsertRows`` for the new matches.

Filtering never blocks the GUI: a filter change resets the view and a cursor walks the ring from
the oldest line to the newest under a time budget per call (:meth:`HilogModel.process`); the owner
calls ``process`` again (a zero-delay timer) until it reports that it caught up. New lines that
arrive meanwhile are simply further along the same cursor.

Every line gets a sequence number (its position in everything ever received). ``received`` counts
lines ingested, ``evicted`` lines pushed out of the ring by newer ones; ``received - evicted`` are
in the ring.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Iterable
from typing import Any

from hmdesk.core.toolchain.hilog.line import KMSG, RAW, HilogLine
from hmdesk.gui.common.theme import LIGHT, Theme
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

COLUMNS: tuple[str, ...] = ("time", "pid", "tid", "level", "domain", "process", "tag", "message")
HEADERS: dict[str, str] = {
    "time": "Time",
    "pid": "PID",
    "tid": "TID",
    "level": "Level",
    "domain": "Domain",
    "process": "Process",
    "tag": "Tag",
    "message": "Message",
}


def level_colors(theme: Theme) -> dict[str, QColor]:
    """The colour of each hilog level letter."""
    return {
        "D": QColor(theme.level_debug),
        "I": QColor(theme.level_info),
        "W": QColor(theme.level_warn),
        "E": QColor(theme.level_error),
        "F": QColor(theme.level_fatal),
    }


def level_brushes(theme: Theme) -> dict[str, QBrush]:
    return {k: QBrush(c) for k, c in level_colors(theme).items()}


DISPLAY_MAX = 500  # characters of a message drawn in the table; the tooltip has the rest

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_new = tuple.__new__
_NCOLS = len(COLUMNS)
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole.value)
# the roles of a cell (``HilogModel.cell``), for the table's delegate
DISPLAY_ROLE, FG_ROLE, FONT_ROLE, ALIGN_ROLE = _DISPLAY, _FOREGROUND, _FONT, _ALIGN
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
# flags() is not overridden: QAbstractTableModel's own (enabled, selectable, no children) is
# what the view needs, and answering it in C++ spares one Python call per painted cell.
_Cell = dict[int, Any]  # role -> value of one cell (roles left out are cleared)


def line_field(line: HilogLine, name: str) -> str:
    """A column's text for one parsed line (unparsed lines show only their raw text)."""
    if name == "domain":
        return line.domain_text
    if name in ("pid", "tid") and (line.kind in (RAW, KMSG) or not getattr(line, name)):
        return ""  # 0: a pasted layout without the column (no process logs as pid 0)
    return str(getattr(line, name))  # every column is a field of the line


def line_text(line: HilogLine) -> str:
    """The line as the device printed it (for export and copy)."""
    return line.raw


class _Ring:
    """A list with a moving head: O(1) amortised append and drop-oldest, O(1) indexing."""

    __slots__ = ("head", "items")

    def __init__(self) -> None:
        self.items: list[Any] = []
        self.head = 0

    def __len__(self) -> int:
        return len(self.items) - self.head

    def __getitem__(self, i: int) -> Any:
        return self.items[self.head + i]

    def extend(self, values: Iterable[Any]) -> None:
        self.items.extend(values)

    def drop(self, n: int) -> None:
        self.head += n
        # Compact often: dropped rows stay referenced (and in memory) until they are cut off.
        # Cutting is one memmove of pointers.
        if self.head > 8192:
            del self.items[: self.head]
            self.head = 0

    def clear(self) -> None:
        self.items = []
        self.head = 0

    def to_list(self) -> list[Any]:
        return self.items[self.head :]


class HilogModel(QAbstractTableModel):
    """Ring-buffer table model of hilog lines with an incrementally filtered view.

    Signals:
        stats_changed: counts (received, evicted, shown) changed.
        caught_up_changed(bool): the filter cursor reached (True) or left (False) the newest line.
    """

    stats_changed = Signal()
    caught_up_changed = Signal(bool)

    def __init__(self, capacity: int = 200_000, parent: Any = None) -> None:
        super().__init__(parent)
        self._capacity = max(1, int(capacity))
        self._ring = _Ring()  # lines
        self._base = 0  # seq of self._ring[0]
        self._view = _Ring()  # seqs of the lines shown, ascending
        self._cursor = 0  # next seq to test against the filter
        self._predicate: Callable[[Any], bool] | None = None
        self.received = 0
        self.evicted = 0
        self._caught_up = True
        self._cls: type[HilogLine] | None = None  # set once lines are stored as tuples (_pack)
        self._cells: dict[int, tuple[_Cell, ...]] = {}  # seq -> the row's cells
        self._bold = QFont()
        self._bold.setBold(True)
        self._brushes = level_brushes(LIGHT)
        self.theme = LIGHT

    def set_theme(self, theme: Theme) -> None:
        """Draw the levels in ``theme``'s colours (the view passes the theme of its palette)."""
        if theme is self.theme:
            return
        self.theme = theme
        self._brushes = level_brushes(theme)
        self._cells.clear()
        if self._view:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._view) - 1, _NCOLS - 1), [_FOREGROUND]
            )

    # --- capacity and counts ----------------------------------------------------------
    @property
    def capacity(self) -> int:
        return self._capacity

    def set_capacity(self, capacity: int) -> None:
        self._capacity = max(1, int(capacity))
        self._evict()
        self.stats_changed.emit()

    @property
    def in_ring(self) -> int:
        return len(self._ring)

    @property
    def shown(self) -> int:
        return len(self._view)

    @property
    def caught_up(self) -> bool:
        return self._caught_up

    @property
    def filtering(self) -> bool:
        return self._predicate is not None

    # --- feeding ----------------------------------------------------------------------
    def ingest(self, lines: list[HilogLine], budget_s: float = 0.02) -> bool:
        """Append a batch of parsed lines (GUI thread), evict overflow, filter what fits in the budget.

        Returns True when the view is up to date with the ring.
        """
        if lines:
            self._ring.extend(self._pack(lines))
            self.received += len(lines)
            self._evict()
        return self.process(budget_s)

    def _pack(self, lines: list[HilogLine]) -> list[Any]:
        """Lines are stored as plain tuples.

        CPython's cyclic GC stops tracking an exact tuple of atomic values (str, int, bool) after
        its first young collection, but never a tuple *subclass*: 200k tracked ``HilogLine``s made
        every full collection walk the whole ring (docs/decisions/0007-garbage-collector-policy.md,
        docs/decisions/0015-hilog-view-under-a-flood.md). Plain tuples
        drop out of the collector's way; rows are re-wrapped (cheap) when read.
        """
        if type(lines[0]) is HilogLine:
            self._cls = HilogLine
            return list(map(tuple, lines))
        return lines

    def _unpack(self, item: Any) -> Any:
        cls = self._cls
        if cls is not None and type(item) is tuple:
            return _new(cls, item)
        return item

    def _evict(self) -> None:
        over = len(self._ring) - self._capacity
        if over > 0:
            self._ring.drop(over)
            self._base += over
            self.evicted += over
            self._drop_view_before(self._base)

    def _drop_view_before(self, seq: int) -> None:
        view = self._view
        if not len(view):
            return
        n = bisect_left(view.items, seq, view.head) - view.head
        if n > 0:
            self.beginRemoveRows(_ROOT, 0, n - 1)
            view.drop(n)
            self.endRemoveRows()

    def process(self, budget_s: float = 0.02) -> bool:
        """Test lines from the cursor on against the filter, for at most ``budget_s`` seconds.

        One row insert per call. Returns True when caught up with the newest line.
        """
        end = self._base + len(self._ring)
        if self._cursor < self._base:
            self._cursor = self._base
        start = self._cursor
        if start >= end:
            self._set_caught_up(True)
            self.stats_changed.emit()
            return True
        predicate = self._predicate
        if predicate is None:
            matched: list[int] = list(range(start, end))
            self._cursor = end
        else:
            matched = []
            ring_items, offset = self._ring.items, self._ring.head - self._base
            deadline = time.perf_counter() + budget_s
            seq = start
            cls = self._cls
            while seq < end:
                stop = min(end, seq + 2000)
                if cls is None:
                    for s in range(seq, stop):
                        if predicate(ring_items[s + offset]):
                            matched.append(s)
                else:
                    for s in range(seq, stop):
                        item = ring_items[s + offset]
                        if predicate(_new(cls, item) if type(item) is tuple else item):
                            matched.append(s)
                seq = stop
                if time.perf_counter() > deadline:
                    break
            self._cursor = seq
        if matched:
            first = len(self._view)
            self.beginInsertRows(_ROOT, first, first + len(matched) - 1)
            self._view.extend(matched)
            self.endInsertRows()
        done = self._cursor >= end
        self._set_caught_up(done)
        self.stats_changed.emit()
        return done

    def _set_caught_up(self, value: bool) -> None:
        if value != self._caught_up:
            self._caught_up = value
            self.caught_up_changed.emit(value)

    def set_filter(self, predicate: Callable[[Any], bool] | None) -> None:
        """Show only lines for which ``predicate`` is true (None: all). Refilters incrementally."""
        self.beginResetModel()
        self._predicate = predicate
        self._view.clear()
        self._cursor = self._base
        self.endResetModel()
        self._set_caught_up(len(self._ring) == 0)
        self.stats_changed.emit()

    def clear(self) -> None:
        """Forget every line (the counters keep counting)."""
        self.beginResetModel()
        self._base += len(self._ring)
        self._ring.clear()
        self._view.clear()
        self._cursor = self._base
        self.endResetModel()
        self._set_caught_up(True)
        self.stats_changed.emit()

    # --- access -----------------------------------------------------------------------
    def line_at(self, row: int) -> HilogLine:
        return self._unpack(self._ring[self._view[row] - self._base])

    def lines_snapshot(self, filtered: bool) -> Callable[[], list[Any]]:
        """Copy the ring's pointers now (GUI thread: one C-level copy); the returned
        function builds the lines (all, or those that passed the filter so far) on any thread.

        Building them here would re-wrap every row on the GUI thread (300+ ms for 200k).
        """
        items = self._ring.to_list()
        seqs = self._view.to_list() if filtered else None
        base, cls = self._base, self._cls

        def build() -> list[Any]:
            rows = items if seqs is None else [items[s - base] for s in seqs]
            if cls is None:
                return rows
            return [_new(cls, r) if type(r) is tuple else r for r in rows]

        return build

    # --- Qt model ---------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:
        # called for every painted cell (QAbstractTableModel.index): no nested Python call
        view = self._view
        return 0 if parent.isValid() else len(view.items) - view.head

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
                return HEADERS[COLUMNS[section]]
            if orientation == Qt.Orientation.Vertical:
                return str(section + 1)
        return None

    def cell(self, row: int, col: int) -> _Cell | None:
        """A cell's values by role (display text, foreground brush, bold font, alignment; a
        role left out is unset), from the row's cached cells; None outside the view."""
        view = self._view
        if not (0 <= row < len(view.items) - view.head and 0 <= col < _NCOLS):
            return None
        seq = view.items[view.head + row]
        cells = self._cells.get(seq)
        if cells is None:
            cells = self._row_cells(self._unpack(self._ring[seq - self._base]))
            if len(self._cells) > 4096:
                self._cells.clear()
            self._cells[seq] = cells
        return cells[col]

    def multiData(self, index: Index, roleDataSpan: Any) -> None:
        """All the roles a standard delegate paints with, in one Python call per cell (Qt 6).

        The log table paints with ``table.LogDelegate`` straight from :meth:`cell`;
        this serves ``initStyleOption`` and any other view (one call instead of 7 ``data()``).
        """
        cell = self.cell(index.row(), index.column())
        if cell is None:
            return
        # Every entry must be written: Qt reuses the span between cells, so a role left alone
        # keeps the previous cell's value (right alignment, bold font leaking sideways).
        for rd in roleDataSpan:
            value = cell.get(rd.role())
            if value is None:
                rd.clearData()
            else:
                rd.setData(value)

    def _row_cells(self, line: HilogLine) -> tuple[_Cell, ...]:
        """A row's cells (role -> value per column), computed once per row (not per cell)."""
        texts = [line_field(line, name) for name in COLUMNS]
        message = texts[-1]
        if len(message) > DISPLAY_MAX:
            texts[-1] = message[:DISPLAY_MAX] + "…"
        level = texts[3]
        common: _Cell = {}
        brush = self._brushes.get(level)
        if brush is not None:
            common[_FOREGROUND] = brush
        if level in ("E", "F"):
            common[_FONT] = self._bold
        cells = []
        for col, text in enumerate(texts):
            cell = {**common, _DISPLAY: text}
            if col == 1 or col == 2:
                cell[_ALIGN] = _RIGHT
            cells.append(cell)
        return tuple(cells)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not (0 <= row < len(self._view) and 0 <= col < len(COLUMNS)):
            return None
        line = self._unpack(self._ring[self._view[row] - self._base])
        name = COLUMNS[col]
        if role == Qt.ItemDataRole.DisplayRole:
            text = line_field(line, name)
            if name == "message" and len(text) > DISPLAY_MAX:
                return text[:DISPLAY_MAX] + "…"
            return text
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._brushes.get(line_field(line, "level"))
        if role == Qt.ItemDataRole.FontRole:
            if line_field(line, "level") in ("E", "F"):
                return self._bold
            return None
        if role == Qt.ItemDataRole.ToolTipRole and name == "message":
            return line_text(line)
        if role == Qt.ItemDataRole.TextAlignmentRole and name in ("pid", "tid"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

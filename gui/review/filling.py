"""Filling the Review list without a stall: a slice of rows per turn of the event loop.

50,000 proposals are a normal result for a store of 100,000 memories nobody reviewed for a
while. Added one ``QListWidgetItem`` at a time into a list with rows of varying size that is
seconds on the GUI thread; the list's rows are uniform (one line each) and :class:`SlicedFill`
adds them with ``addItems`` :data:`FILL_SLICE` at a time, one slice per turn of the event loop
(a few milliseconds each), so the window keeps painting and taking keys while it fills.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QListWidget

FILL_SLICE = 5_000
"""Rows listed per turn of the event loop (uniform rows: a few milliseconds each)."""


class SlicedFill(QObject):
    """Signals:
    first(): the first slice is in (the current row can be chosen); a turn after it.
    listed(int done, int total): a slice is in and more are to come.
    done(): every row is in.
    """

    first = Signal()
    listed = Signal(int, int)
    done = Signal()

    def __init__(self, view: QListWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.slice_size = FILL_SLICE
        self._labels: list[str] = []
        self._generation = 0

    @property
    def pending(self) -> bool:
        """Rows are still to be added."""
        return self.view.count() < len(self._labels)

    def start(self, labels: list[str]) -> None:
        """Replace the list's rows by ``labels`` (the first slice now, the rest later)."""
        self._generation += 1
        self._labels = labels
        self.view.blockSignals(True)
        self.view.clear()
        self.view.blockSignals(False)
        self._slice(self._generation)

    def removed(self, row: int) -> None:
        """Row ``row`` was taken out of the list: the rows still to come stay in step."""
        if 0 <= row < len(self._labels):
            del self._labels[row]

    def stop(self) -> None:
        self._generation += 1
        self._labels = []

    def _slice(self, generation: int) -> None:
        if generation != self._generation:
            return
        start = self.view.count()
        end = min(len(self._labels), start + self.slice_size)
        self.view.blockSignals(True)
        self.view.addItems(self._labels[start:end])
        self.view.blockSignals(False)
        if start == 0:  # ``first`` (the area shows an item) in a turn of its own
            QTimer.singleShot(0, lambda: self._first(generation))
        else:
            self._next(generation)

    def _first(self, generation: int) -> None:
        if generation == self._generation:
            self.first.emit()
            self._next(generation)

    def _next(self, generation: int) -> None:
        done, total = self.view.count(), len(self._labels)
        if done < total:
            self.listed.emit(done, total)
            QTimer.singleShot(0, lambda: self._slice(generation))
            return
        self._labels = []
        self.done.emit()

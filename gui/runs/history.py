"""Run history: persisted runs, filterable by status, device and project; open or repeat one.

Runs are read through the core's :class:`~hmdesk.core.toolchain.runs.RunRepository` (the one
run-history reader, shared with the CLI) off the GUI thread; its ``RunResult`` records cross the
thread boundary, never live ORM objects. Filtering happens in SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from hmdesk.core.db import Database
from hmdesk.core.toolchain.runs import RunRepository, RunResult
from hmdesk.gui.common.table_model import RowTableModel
from hmdesk.gui.common.theme import Theme, theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.runs.steps import duration, fmt_elapsed
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

COLUMNS = ("Run", "Started", "Project", "Device", "Status", "Took", "Why")
ALL = "(all)"
HISTORY_LIMIT = 500


def status_colour(status: str, theme: Theme) -> str | None:
    """The colour a run status is drawn in (None: the default text colour)."""
    return {
        "success": theme.ok_fg,
        "failed": theme.error_fg,
        "cancelled": theme.warn_fg,
        "interrupted": theme.warn_fg,
        "running": theme.accent_fg,
    }.get(status)


@dataclass(frozen=True)
class HistoryPage:
    """One read of the history: the runs that pass the filters and the values to filter by."""

    runs: list[RunResult]
    devices: list[str]
    projects: list[str]


def load_history(
    repo: RunRepository,
    status: str | None = None,
    device: str | None = None,
    project: str | None = None,
    limit: int = HISTORY_LIMIT,
) -> HistoryPage:
    """Runs (newest first) plus the distinct devices/projects for the filter boxes. Qt-free."""
    runs = repo.list(status=status, device=device, project=project, limit=limit)
    return HistoryPage(runs, repo.devices(), [p for p in repo.projects() if p])


def run_why(run: RunResult) -> str:
    """The doctor's verdict on a run: kind and code."""
    doc = run.doctor
    if doc is None:
        return ""
    return f"{doc.kind}" + (f" ({doc.code})" if doc.code else "")


class RunHistoryModel(RowTableModel):
    COLUMNS: ClassVar[tuple[str, ...]] = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.theme: Theme = theme_for(None)

    @property
    def runs(self) -> list[RunResult]:
        return self.rows

    def set_runs(self, runs: list[RunResult]) -> None:
        self.set_rows(runs)

    def set_theme(self, theme: Theme) -> None:
        if theme is not self.theme:
            self.theme = theme
            self.refresh_all()

    def run_at(self, row: int) -> RunResult:
        run: RunResult = self.row_at(row)
        return run

    def cell(self, run: RunResult, col: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return f"#{run.run_id}" + (f" ↻{run.rerun_of}" if run.rerun_of else "")
            if col == 1:
                return (run.started_at or "").replace("T", " ").removesuffix("Z")[:19]
            if col == 2:
                return run.bundle or run.project
            if col == 3:
                return run.device or ""
            if col == 4:
                return run.status
            if col == 5:
                return fmt_elapsed(duration(run.started_at, run.ended_at))
            return run_why(run)
        if role == Qt.ItemDataRole.ToolTipRole and col == 2:
            return run.project
        if role == Qt.ItemDataRole.ForegroundRole and col == 4:
            colour = status_colour(run.status, self.theme)
            return QBrush(QColor(colour)) if colour else None
        return None


class RunHistory(QWidget):
    """Filter boxes, the runs table, Open and Repeat.

    Signals:
        open_requested(int): show an old run's steps and logs.
        repeat_requested(int): run it again (same project and device).
        loaded(): the table shows the result of the latest reload (or says why it cannot).
    """

    open_requested = Signal(int)
    repeat_requested = Signal(int)
    loaded = Signal()

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = RunRepository(db)
        self.model = RunHistoryModel(self)
        self._generation = 0
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.status_box = QComboBox()
        self.status_box.addItems([ALL, "success", "failed", "cancelled", "interrupted", "running"])
        self.device_box = QComboBox()
        self.device_box.addItem(ALL)
        self.project_box = QComboBox()
        self.project_box.addItem(ALL)
        self.project_box.setMinimumContentsLength(24)
        for label, box in (
            ("Status", self.status_box),
            ("Device", self.device_box),
            ("Project", self.project_box),
        ):
            bar.addWidget(QLabel(label))
            bar.addWidget(box)
            box.currentIndexChanged.connect(lambda _i: self.reload())
        bar.addStretch(1)
        self.open_button = QPushButton("Open")
        self.open_button.clicked.connect(self._open)
        self.repeat_button = QPushButton("Repeat")
        self.repeat_button.clicked.connect(self._repeat)
        bar.addWidget(self.open_button)
        bar.addWidget(self.repeat_button)
        lay.addLayout(bar)
        self.table = QTableView()
        self.table.setObjectName("runsHistoryTable")  # its column widths kept (layout_memory)
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.horizontalHeader().setStretchLastSection(True)
        for col, width in ((0, 70), (1, 150), (2, 200), (3, 150), (4, 80), (5, 70)):
            self.table.setColumnWidth(col, width)
        self.table.doubleClicked.connect(
            lambda idx: self.open_requested.emit(self.model.run_at(idx.row()).run_id)
        )
        lay.addWidget(self.table, 1)
        self.summary = QLabel()
        lay.addWidget(self.summary)
        self._apply_theme()

    def _apply_theme(self) -> None:
        theme = theme_for(self)
        self.summary.setStyleSheet(f"color:{theme.subtle_fg}")
        self.model.set_theme(theme)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_theme()

    def _filter(self, box: QComboBox) -> str | None:
        text = box.currentText()
        return None if text == ALL or not text else text

    def reload(self) -> None:
        self._generation += 1
        gen = self._generation
        status, device, project = (
            self._filter(self.status_box),
            self._filter(self.device_box),
            self._filter(self.project_box),
        )

        def done(page: HistoryPage) -> None:
            if gen != self._generation:
                return
            self.model.set_runs(page.runs)
            self._refill(self.device_box, page.devices)
            self._refill(self.project_box, page.projects)
            self.summary.setText(f"{len(page.runs)} runs")
            self.loaded.emit()

        def failed(exc: BaseException) -> None:
            self.summary.setText(f"Could not read the run history: {exc}")
            self.loaded.emit()

        run_in_thread(
            load_history, self.repo, status, device, project, on_done=done, on_error=failed
        )

    def _refill(self, box: QComboBox, values: list[str]) -> None:
        current = box.currentText()
        wanted = [ALL, *values]
        if [box.itemText(i) for i in range(box.count())] == wanted:
            return
        box.blockSignals(True)
        box.clear()
        box.addItems(wanted)
        box.setCurrentText(current if current in wanted else ALL)
        box.blockSignals(False)

    def selected_id(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.run_at(rows[0].row()).run_id if rows else None

    def _open(self) -> None:
        rid = self.selected_id()
        if rid is not None:
            self.open_requested.emit(rid)

    def _repeat(self) -> None:
        rid = self.selected_id()
        if rid is not None:
            self.repeat_requested.emit(rid)

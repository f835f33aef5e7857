"""Run history: persisted runs, filterable by status, device and project; open or repeat one.

Rows are read from the ``runs`` table off the GUI thread (plain dicts cross the thread boundary,
never live ORM objects). Filtering happens in SQL.
"""

from __future__ import annotations

from typing import Any

from hmdesk.gui.common.table_model import RowTableModel
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.runs.steps import _duration, fmt_elapsed
from PySide6.QtCore import Qt, Signal
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
STATUS_COLOURS = {
    "success": "#2e7d32",
    "failed": "#c62828",
    "cancelled": "#ef6c00",
    "running": "#1565c0",
}
ALL = "(all)"


def _run_dict(run: Any) -> dict[str, Any]:
    return {
        "id": run.id,
        "project": run.project,
        "bundle": run.bundle,
        "device": run.device,
        "status": run.status,
        "started_at": run.started_at,
        "ended_at": run.ended_at,
        "options": dict(run.options or {}),
        "doctor": run.doctor,
        "rerun_of": run.rerun_of,
    }


def load_runs(
    db: Any,
    status: str | None = None,
    device: str | None = None,
    project: str | None = None,
    limit: int = 500,
) -> dict[str, Any]:
    """Runs (newest first) plus the distinct devices/projects for the filter boxes. Qt-free."""
    import sqlalchemy as sa
    from hmdesk.core.models import Run

    with db.read() as s:
        q = sa.select(Run).order_by(Run.id.desc()).limit(limit)
        if status:
            q = q.where(Run.status == status)
        if device:
            q = q.where(Run.device == device)
        if project:
            q = q.where(Run.project == project)
        runs = [_run_dict(r) for r in s.scalars(q)]
        devices = sorted(d for d in s.scalars(sa.select(Run.device).distinct()) if d)
        projects = sorted(p for p in s.scalars(sa.select(Run.project).distinct()) if p)
    return {"runs": runs, "devices": devices, "projects": projects}


def load_run(db: Any, run_id: int) -> dict[str, Any] | None:
    """One run with its steps (dicts), or None."""
    import sqlalchemy as sa
    from hmdesk.core.models import Run, RunStep

    with db.read() as s:
        run = s.get(Run, run_id)
        if run is None:
            return None
        d = _run_dict(run)
        steps = s.scalars(
            sa.select(RunStep).where(RunStep.run_id == run_id).order_by(RunStep.position)
        )
        d["steps"] = [
            {
                "name": st.name,
                "position": st.position,
                "argv": list(st.argv or []),
                "started_at": st.started_at,
                "ended_at": st.ended_at,
                "exit_code": st.exit_code,
                "verdict": st.verdict,
                "error_code": st.error_code,
                "message": st.message,
                "log": st.log,
                "log_dropped": st.log_dropped,
                "doctor": st.doctor,
            }
            for st in steps
        ]
    return d


def run_why(run: dict[str, Any]) -> str:
    doc = run.get("doctor") or {}
    if isinstance(doc, dict) and doc:
        code = f" ({doc['code']})" if doc.get("code") else ""
        return f"{doc.get('kind', '')}{code}"
    return ""


class RunHistoryModel(RowTableModel):
    COLUMNS = COLUMNS

    @property
    def runs(self) -> list[dict[str, Any]]:
        return self.rows

    def set_runs(self, runs: list[dict[str, Any]]) -> None:
        self.set_rows(runs)

    def run_at(self, row: int) -> dict[str, Any]:
        return self.row_at(row)

    def cell(self, run: Any, col: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return f"#{run['id']}" + (f" ↻{run['rerun_of']}" if run.get("rerun_of") else "")
            if col == 1:
                return (run["started_at"] or "").replace("T", " ").removesuffix("Z")[:19]
            if col == 2:
                return run.get("bundle") or run["project"]
            if col == 3:
                return run.get("device") or ""
            if col == 4:
                return run["status"]
            if col == 5:
                return fmt_elapsed(_duration(run["started_at"], run["ended_at"]))
            return run_why(run)
        if role == Qt.ItemDataRole.ToolTipRole and col == 2:
            return run["project"]
        if role == Qt.ItemDataRole.ForegroundRole and col == 4:
            colour = STATUS_COLOURS.get(run["status"])
            return QBrush(QColor(colour)) if colour else None
        return None


class RunHistory(QWidget):
    """Filter boxes, the runs table, Open and Repeat.

    Signals:
        open_requested(int): show an old run's steps and logs.
        repeat_requested(int): run it again (same project and device).
    """

    open_requested = Signal(int)
    repeat_requested = Signal(int)
    loaded = Signal()

    def __init__(self, db: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.model = RunHistoryModel(self)
        self._generation = 0
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.status_box = QComboBox()
        self.status_box.addItems([ALL, "success", "failed", "cancelled", "running"])
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
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.horizontalHeader().setStretchLastSection(True)
        for col, width in ((0, 70), (1, 150), (2, 200), (3, 150), (4, 80), (5, 70)):
            self.table.setColumnWidth(col, width)
        self.table.doubleClicked.connect(
            lambda idx: self.open_requested.emit(self.model.run_at(idx.row())["id"])
        )
        lay.addWidget(self.table, 1)
        self.summary = QLabel()
        self.summary.setStyleSheet("color:#455a64")
        lay.addWidget(self.summary)

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

        def done(res: dict[str, Any]) -> None:
            if gen != self._generation:
                return
            self.model.set_runs(res["runs"])
            self._refill(self.device_box, res["devices"])
            self._refill(self.project_box, res["projects"])
            self.summary.setText(f"{len(res['runs'])} runs")
            self.loaded.emit()

        def failed(exc: BaseException) -> None:
            self.summary.setText(f"Could not read the run history: {exc}")
            self.loaded.emit()

        run_in_thread(load_runs, self.db, status, device, project, on_done=done, on_error=failed)

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
        return self.model.run_at(rows[0].row())["id"] if rows else None

    def _open(self) -> None:
        rid = self.selected_id()
        if rid is not None:
            self.open_requested.emit(rid)

    def _repeat(self) -> None:
        rid = self.selected_id()
        if rid is not None:
            self.repeat_requested.emit(rid)

"""The steps of a run (build → install → [stop] → launch): live status, elapsed time, progress, logs.

:class:`StepsPanel` shows one :class:`StepRow` per step and a tab per step log
(:class:`~hmdesk.gui.runs.step_log.StepLogView`). It is fed by the run controller on the GUI
thread in batches; it can also show a finished run from the database (``show_steps`` with the
core's ``StepResult`` records), each failed step with what its error code means.
"""

from __future__ import annotations

import time
from datetime import datetime

from hmdesk.core.toolchain.runs import StepResult
from hmdesk.gui.common.theme import Theme, theme_for
from hmdesk.gui.runs.step_log import StepLogView
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

ORDER = ("build", "install", "stop", "launch")
DEFAULT_STEPS = ("build", "install", "launch")
TITLES = {"build": "Build", "install": "Install", "stop": "Stop old", "launch": "Launch"}
VERDICTS: dict[str, str] = {
    "pending": "○ pending",
    "running": "◌ running",
    "passed": "✓ passed",
    "failed": "✗ failed",
    "cancelled": "■ cancelled",
    "timeout": "⏱ timed out",
    "skipped": "– skipped",
}


def verdict_colour(verdict: str, theme: Theme) -> str:
    """The colour a step verdict is drawn in."""
    return {
        "pending": theme.muted_fg,
        "running": theme.accent_fg,
        "passed": theme.ok_fg,
        "failed": theme.error_fg,
        "cancelled": theme.warn_fg,
        "timeout": theme.error_fg,
        "skipped": theme.muted_fg,
    }.get(verdict, theme.subtle_fg)


class ElidedLabel(QLabel):
    """A one-line label drawn with ``…`` in the middle when its text is wider than the label
    (a HAP path keeps its start and its file name); ``text()`` stays whole."""

    def shown_text(self) -> str:
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle, width)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment().value),
            self.palette(),
            self.isEnabled(),
            self.shown_text(),
            self.foregroundRole(),
        )


def message_text(message: str | None, meaning: str | None) -> str | None:
    """A step's one-line message, with what its error code means when the core knows."""
    if not meaning:
        return message
    if not message:
        return meaning
    return message if meaning in message else f"{message} — {meaning}"


def fmt_elapsed(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds < 60:
        return f"{seconds:.1f} s"
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d} min"


class StepRow(QFrame):
    """Name, verdict, elapsed time, progress and a one-line message for one step."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.verdict = "pending"
        self.started: float | None = None
        self.elapsed: float | None = None
        self.setObjectName("stepRow")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 2, 6, 2)
        self.title = QLabel(TITLES.get(name, name.capitalize()))
        self.title.setMinimumWidth(70)
        bold = self.title.font()  # a font, not a style sheet: the text follows the palette
        bold.setBold(True)
        self.title.setFont(bold)
        lay.addWidget(self.title)
        self.status = QLabel()
        self.status.setMinimumWidth(95)
        lay.addWidget(self.status)
        self.time_label = QLabel()
        self.time_label.setMinimumWidth(60)
        self.time_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        lay.addWidget(self.time_label)
        self.progress = QProgressBar()
        self.progress.setMaximumHeight(14)
        self.progress.setTextVisible(True)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("")
        self.progress.setMinimumWidth(160)
        lay.addWidget(self.progress)
        self.message = ElidedLabel()
        # long messages (a HAP path) must not widen the window: drawn elided in the middle,
        # the tooltip has it all
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay.addWidget(self.message, 1)
        self.set_verdict("pending")

    def apply_theme(self) -> None:
        theme = theme_for(self)
        self.status.setStyleSheet(
            f"color: {verdict_colour(self.verdict, theme)}; font-weight: bold"
        )
        self.message.setStyleSheet(f"color: {theme.subtle_fg}")
        # the bar in the verdict's colour once the step has one (a failed build is never blue)
        palette = self.progress.palette()
        app_palette = QApplication.palette(self.progress)
        bar = (
            QColor(verdict_colour(self.verdict, theme))
            if self.verdict in ("passed", "failed", "timeout", "cancelled")
            else app_palette.color(QPalette.ColorRole.Highlight)
        )
        palette.setColor(QPalette.ColorRole.Highlight, bar)
        self.progress.setPalette(palette)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_theme()

    def set_verdict(
        self, verdict: str, message: str | None = None, meaning: str | None = None
    ) -> None:
        self.verdict = verdict
        self.status.setText(VERDICTS.get(verdict, verdict))
        self.apply_theme()
        if verdict == "running":
            self.started = time.monotonic()
            self.elapsed = 0.0
            if self.progress.maximum() <= 1:
                self.progress.setRange(0, 0)  # busy until task counts arrive
        elif verdict != "pending":
            if self.started is not None:
                self.elapsed = time.monotonic() - self.started
            self.started = None
            if self.progress.maximum() == 0:
                self.progress.setRange(0, 1)
            if verdict == "passed" or (verdict != "skipped" and self.progress.value() <= 0):
                self.progress.setValue(self.progress.maximum())  # a bar to show the colour on
        text = message_text(message, meaning)
        if text is not None:
            self.message.setText(text)
            self.message.setToolTip(text)
        self.update_elapsed()

    def set_elapsed(self, seconds: float | None) -> None:
        self.started = None
        self.elapsed = seconds
        self.update_elapsed()

    def set_progress(self, done: int, total: int, task: str | None) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))
            self.progress.setFormat(f"{done}/{total} tasks")
        if task:
            self.message.setText(f"{done} tasks · {task}" if total <= 0 else task)

    def update_elapsed(self) -> None:
        if self.started is not None:
            self.elapsed = time.monotonic() - self.started
        self.time_label.setText(fmt_elapsed(self.elapsed))


class StepsPanel(QWidget):
    """Rows of steps above tabs of their logs.

    Signals:
        location_activated(str, int, int): a ``file:line:col`` in a log was clicked.
    """

    location_activated = Signal(str, int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.rows_box = QVBoxLayout()
        self.rows_box.setSpacing(1)
        lay.addLayout(self.rows_box)
        self.tabs = QTabWidget()
        lay.addWidget(self.tabs, 1)
        self.rows: dict[str, StepRow] = {}
        self.logs: dict[str, StepLogView] = {}
        self._timer = QTimer(self)
        self._timer.setInterval(200)
        self._timer.timeout.connect(self._tick)
        self.reset()

    def reset(self, steps: tuple[str, ...] = DEFAULT_STEPS) -> None:
        for row in self.rows.values():
            self.rows_box.removeWidget(row)
            row.hide()  # gone now, not only when the deferred delete runs
            row.setParent(None)
            row.deleteLater()
        self.rows.clear()
        self.tabs.clear()
        for log in self.logs.values():
            log.hide()
            log.setParent(None)
            log.deleteLater()
        self.logs.clear()
        for name in steps:
            self.ensure(name)

    def ensure(self, name: str) -> StepRow:
        row = self.rows.get(name)
        if row is not None:
            return row
        row = StepRow(name, self)
        order = [n for n in ORDER if n in self.rows or n == name] + [
            n for n in self.rows if n not in ORDER
        ]
        pos = order.index(name) if name in order else len(self.rows)
        self.rows_box.insertWidget(pos, row)
        self.rows[name] = row
        log = StepLogView(self)
        log.location_activated.connect(self.location_activated.emit)
        self.logs[name] = log
        self.tabs.insertTab(pos, log, TITLES.get(name, name.capitalize()))
        return row

    def step_started(self, name: str, argv: list[str] | None = None) -> None:
        row = self.ensure(name)
        row.set_verdict("running", " ".join(argv) if argv else None)
        self.tabs.setCurrentWidget(self.logs[name])
        if argv:
            self.logs[name].append_lines(["$ " + " ".join(argv)])
        self._timer.start()

    def step_lines(self, name: str, lines: list[str]) -> None:
        self.ensure(name)
        self.logs[name].append_lines(lines)

    def step_progress(self, name: str, done: int, total: int, task: str | None = None) -> None:
        self.ensure(name).set_progress(done, total, task)

    def step_finished(
        self, name: str, verdict: str, message: str | None = None, meaning: str | None = None
    ) -> None:
        row = self.ensure(name)
        row.set_verdict(verdict, message, meaning or None)
        if verdict in ("failed", "timeout", "cancelled"):
            self.tabs.setCurrentWidget(self.logs[name])
        if not any(r.verdict == "running" for r in self.rows.values()):
            self._timer.stop()

    def finish_all(self, verdict_for_running: str = "cancelled") -> None:
        for row in self.rows.values():
            if row.verdict == "running":
                row.set_verdict(verdict_for_running)
            elif row.verdict == "pending":
                row.set_verdict("skipped")
        self._timer.stop()

    def show_steps(self, steps: list[StepResult]) -> None:
        """Show the stored steps of a finished run (with their logs)."""
        names = tuple(s.name for s in steps) or DEFAULT_STEPS
        self.reset(names)
        for s in steps:
            row = self.rows[s.name]
            meaning = s.error_meaning if s.verdict != "passed" else None
            row.set_verdict(s.verdict or "pending", s.message, meaning)
            row.set_elapsed(duration(s.started_at, s.ended_at))
            lines = (["$ " + " ".join(s.argv)] if s.argv else []) + s.log.splitlines()
            if s.log_dropped:
                lines.append(f"… {s.log_dropped} log lines were trimmed when the run was saved")
            self.logs[s.name].set_text_lines(lines)
        failed = next((s for s in steps if s.verdict in ("failed", "timeout", "cancelled")), None)
        if failed is not None:
            self.tabs.setCurrentWidget(self.logs[failed.name])

    def _tick(self) -> None:
        for row in self.rows.values():
            if row.started is not None:
                row.update_elapsed()


def duration(start: str | None, end: str | None) -> float | None:
    """Seconds between two stored ISO timestamps (None when one is missing or unreadable)."""
    if not start or not end:
        return None
    try:
        a = datetime.fromisoformat(start.replace("Z", "+00:00"))
        b = datetime.fromisoformat(end.replace("Z", "+00:00"))
    except ValueError:
        return None
    return max(0.0, (b - a).total_seconds())

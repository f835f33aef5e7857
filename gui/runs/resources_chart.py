"""A small chart of the app's memory (PSS) and CPU while it runs, with marks where it crashed,
exited, restarted or did not answer. Drawn with QPainter from the samples it is given (kept
with the run, :class:`~hmdesk.core.toolchain.device.evidence.Evidence`); nothing is measured
here."""

from __future__ import annotations

from datetime import datetime

from hmdesk.core.toolchain.device.stats import Sample
from hmdesk.gui.common.theme import theme_for
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

MARKS = {
    "crash": "crash",
    "freeze": "freeze",
    "exited": "exited",
    "restarted": "restarted",
    "unanswered": "no answer",
}


def _t(at: str) -> float:
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0


class ResourcesChart(QWidget):
    """PSS (MB, left scale) and CPU (%, right scale) over time; red marks for crashes and
    freezes (and where the app exited, restarted or the device did not answer)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.samples: list[Sample] = []
        self.setMinimumSize(QSize(220, 110))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Memory and CPU of the app")

    def set_samples(self, samples: list[Sample]) -> None:
        self.samples = list(samples)
        self.setToolTip(self.summary())
        self.update()

    def add(self, sample: Sample) -> None:
        self.samples.append(sample)
        self.setToolTip(self.summary())
        self.update()

    def marks(self) -> list[Sample]:
        return [s for s in self.samples if s.mark in MARKS]

    def summary(self) -> str:
        measured = [s for s in self.samples if s.pss_kb is not None]
        if not measured:
            return "No samples yet."
        last = measured[-1]
        peak = max(s.pss_kb or 0 for s in measured)
        cpu = f", CPU {last.cpu_percent:.1f} %" if last.cpu_percent is not None else ""
        marks = ", ".join(f"{MARKS[s.mark or '']} at {s.at[11:19]}" for s in self.marks())
        return (
            f"PSS {(last.pss_kb or 0) / 1024:.1f} MB (peak {peak / 1024:.1f} MB){cpu}; "
            f"{len(measured)} samples" + (f"; {marks}" if marks else "")
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = theme_for(self)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(48, 8, -42, -18)
        p.setPen(QPen(QColor(theme.muted_fg), 1))
        p.drawRect(area)
        times = [_t(s.at) for s in self.samples]
        measured = [
            (t, s) for t, s in zip(times, self.samples, strict=True) if s.pss_kb is not None
        ]
        if not self.samples or not measured:
            p.drawText(area, Qt.AlignmentFlag.AlignCenter, "No samples yet")
            p.end()
            return
        t0, t1 = min(times), max(times)
        span = max(t1 - t0, 1.0)
        peak_mb = max((s.pss_kb or 0) for _t0, s in measured) / 1024 or 1.0
        top_mb = peak_mb * 1.15
        top_cpu = max(100.0, max((s.cpu_percent or 0.0) for _t0, s in measured) * 1.15)

        def x(t: float) -> float:
            return area.left() + (t - t0) / span * area.width()

        def y(v: float, top: float) -> float:
            return area.bottom() - min(v / top, 1.0) * area.height()

        mem = QPolygonF([QPointF(x(t), y((s.pss_kb or 0) / 1024, top_mb)) for t, s in measured])
        cpu = QPolygonF(
            [
                QPointF(x(t), y(s.cpu_percent or 0.0, top_cpu))
                for t, s in measured
                if s.cpu_percent is not None
            ]
        )
        p.setPen(QPen(QColor(theme.accent_fg), 2))
        p.drawPolyline(mem)
        p.setPen(QPen(QColor(theme.warn_fg), 1.5, Qt.PenStyle.DashLine))
        p.drawPolyline(cpu)
        p.setPen(QPen(QColor(theme.error_fg), 2))
        line = p.fontMetrics().height()
        taken: list[float] = []  # where each row of labels ends: a close mark goes a row down
        for t, s in zip(times, self.samples, strict=True):
            if s.mark in MARKS:
                label = MARKS[s.mark or ""]
                left = x(t) + 3
                p.drawLine(QPointF(x(t), area.top()), QPointF(x(t), area.bottom()))
                row = next((i for i, end in enumerate(taken) if left > end), len(taken))
                if row == len(taken):
                    taken.append(0.0)
                taken[row] = left + p.fontMetrics().horizontalAdvance(label) + 4
                if area.top() + (row + 1) * line <= area.bottom():
                    p.drawText(QPointF(left, area.top() + line * (row + 1) - 3), label)
        p.setPen(QColor(theme.muted_fg))
        p.drawText(QPointF(2, area.top() + 10), f"{top_mb:.0f} MB")
        p.drawText(QPointF(area.right() + 3, area.top() + 10), f"{top_cpu:.0f}%")
        p.setPen(QColor(theme.accent_fg))
        p.drawText(QPointF(area.left(), self.height() - 4), "— PSS")
        p.setPen(QColor(theme.warn_fg))
        p.drawText(QPointF(area.left() + 60, self.height() - 4), "- - CPU")
        p.end()

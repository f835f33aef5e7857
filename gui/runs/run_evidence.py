"""Beside the device log: the screenshot the run kept after the launch and the app's memory
and CPU while it runs (a small chart with crash marks).

After a successful run the app is sampled every few seconds (``hidumper``, on a worker thread;
at most :data:`~hmdesk.core.toolchain.device.stats.MAX_SAMPLES`) while it runs: until it has
been gone for :data:`~hmdesk.core.toolchain.device.stats.GONE_LIMIT` samples, another run is
shown, "Stop sampling" is pressed or the window closes; each sample is kept with the run. A crash the
device log reports is marked on the chart and kept too. An old run shows what it kept.
"""

from __future__ import annotations

import threading

from hmdesk.core.dbfile import iso
from hmdesk.core.toolchain.crash.detect import CrashGroup
from hmdesk.core.toolchain.crash.model import FREEZE
from hmdesk.core.toolchain.device.evidence import Artifact, Evidence
from hmdesk.core.toolchain.device.stats import DEFAULT_INTERVAL, GONE_LIMIT, Sample, Sampler
from hmdesk.core.toolchain.hdc import Outcome
from hmdesk.core.toolchain.tools import hdc_path
from hmdesk.gui.common.picture import Picture
from hmdesk.gui.common.workers import Batcher, run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.runs.resources_chart import ResourcesChart
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


def mark_of(group: CrashGroup) -> str:
    """The chart's mark for a crash group: ``freeze`` for an app freeze, else ``crash``."""
    return "freeze" if group.crash.type == FREEZE else "crash"


class RunEvidence(QWidget):
    """The shown run's screenshot and resources."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.evidence = Evidence(ctx.db)
        self.run_id: int | None = None
        self.sampler: Sampler | None = None
        self._thread: threading.Thread | None = None
        self._marked: dict[int, int] = {}  # crash group id → occurrences marked
        self.interval = DEFAULT_INTERVAL  # seconds between samples
        self.gone_limit = GONE_LIMIT  # samples without the app before sampling stops
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 0, 0, 0)
        self.title = QLabel("No run shown.")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.picture = Picture()
        self.picture.setAccessibleName("Screenshot after the launch")
        lay.addWidget(self.picture, 3)
        self.chart = ResourcesChart()
        lay.addWidget(self.chart, 1)
        row = QHBoxLayout()
        self.status = QLabel()
        self.status.setWordWrap(True)
        row.addWidget(self.status, 1)
        self.stop_button = QPushButton("Stop sampling")
        self.stop_button.setToolTip("Stop reading the app's memory and CPU from the device")
        self.stop_button.clicked.connect(self.stop_sampling)
        self.stop_button.hide()
        row.addWidget(self.stop_button)
        lay.addLayout(row)
        # (run id, sample or None when the sampler ended, why the device did not answer)
        self.batch: Batcher[tuple[int, Sample | None, Outcome | None]] = Batcher(
            self._flush, 200, self
        )

    # --- showing a run --------------------------------------------------------------------
    def show_run(
        self,
        run_id: int,
        *,
        device: str | None = None,
        bundle: str | None = None,
        follow: bool = False,
    ) -> None:
        """Show what run ``run_id`` kept; with ``follow`` (a run that just succeeded) sample the
        app from now on."""
        self.stop_sampling()
        self.run_id = run_id
        self.title.setText(f"Run #{run_id}")

        def load() -> tuple[Artifact | None, list[Sample], QImage]:
            shot = self.evidence.latest(run_id, "screenshot")
            image = QImage(shot.path) if shot is not None and shot.present else QImage()
            return shot, self.evidence.samples(run_id), image

        def shown(got: tuple[Artifact | None, list[Sample], QImage]) -> None:
            if self.run_id != run_id:
                return
            shot, samples, image = got
            self.picture.show_image(image)
            if shot is None:
                self.picture.setText("No screenshot was kept with this run.")
            elif image.isNull():
                self.picture.setText(f"The screenshot {shot.path} is gone or unreadable.")
            self.title.setText(
                f"Run #{run_id}"
                + (f" — screen after the launch ({shot.created_at[11:19]} UTC)" if shot else "")
            )
            self.chart.set_samples(samples)
            self.status.setText(self.chart.summary())
            if follow and device and bundle:
                self.start_sampling(device, bundle)

        run_in_thread(
            load,
            on_done=shown,
            on_error=lambda e: self.status.setText(f"Could not read run #{run_id}: {e}"),
        )

    def mark_crashes(self, groups: object) -> None:
        """The device log saw the app crash or freeze (``list[CrashGroup]``, new or repeated):
        one mark per new occurrence on the chart (``crash`` or ``freeze``), kept with the run.
        A group signalled again without a new occurrence (a fault log completing it) is not
        marked twice."""
        if self.run_id is None:
            return
        marks: list[Sample] = []
        for g in groups if isinstance(groups, list) else []:
            if not isinstance(g, CrashGroup) or g.retired or g.count <= self._marked.get(g.id, 0):
                continue
            self._marked[g.id] = g.count
            marks.append(Sample(iso(), None, None, None, mark_of(g)))
        for sample in marks:
            self.chart.add(sample)
        if marks:
            run_in_thread(self.evidence.add_samples, self.run_id, marks, on_error=lambda _e: None)

    # --- sampling -------------------------------------------------------------------------
    def start_sampling(self, device: str, bundle: str) -> None:
        try:
            sampler = Sampler(
                hdc_path(self.ctx.db),
                device,
                bundle,
                self._on_sample,
                interval=self.interval,
                gone_limit=self.gone_limit,
            )
        except Exception as exc:  # noqa: BLE001 - no hdc, a bad name: say it, do not sample
            self.status.setText(f"Not sampling the app: {exc}")
            return
        self.sampler = sampler
        run_id = self.run_id

        def run() -> None:
            sampler.run()
            if run_id is not None and self.sampler is sampler:
                self.batch.put((run_id, None, None))  # ended by itself: the app stayed gone

        self._thread = threading.Thread(target=run, name=f"hmdesk-sampler-{run_id}", daemon=True)
        self._thread.start()
        self.stop_button.show()
        self.status.setText(f"Sampling {bundle} every {sampler.interval:g} s…")

    def _on_sample(self, sample: Sample, problem: Outcome | None) -> None:  # sampler thread
        if self.run_id is not None:
            self.batch.put((self.run_id, sample, problem))

    def _flush(self, items: list[tuple[int, Sample | None, Outcome | None]]) -> None:
        ended = False
        for r, sample, problem in items:
            if r != self.run_id:
                continue
            if sample is None:
                ended = True
                continue
            self.chart.add(sample)
            if problem is not None:
                self.status.setText(f"The device did not answer: {problem.message}")
        by_run: dict[int, list[Sample]] = {}
        for r, s, _p in items:
            if s is not None:
                by_run.setdefault(r, []).append(s)
        for r, samples in by_run.items():
            run_in_thread(self.evidence.add_samples, r, samples, on_error=lambda _e: None)
        if ended and self.sampler is not None:
            self.stop_sampling()
            self.status.setText(f"The app is not running: sampling stopped. {self.chart.summary()}")

    def stop_sampling(self) -> None:
        if self.sampler is not None:
            self.sampler.stop()
        self.sampler = None
        self.stop_button.hide()
        if self.run_id is not None:
            self.status.setText(self.chart.summary())

    def shutdown(self) -> None:
        self.stop_sampling()
        if self._thread is not None:
            self._thread.join(timeout=15)

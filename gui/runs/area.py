"""The Runs tab: open a project, Build & Run on the target device, see why it failed, read hilog.

Layout: a top bar (the :class:`~hmdesk.gui.runs.project_bar.ProjectBar`, device, Build & Run,
Cancel), a banner, and three tabs: *Run* (:class:`~hmdesk.gui.runs.run_page.RunPage`: steps
with live logs beside the failure card), *History* (persisted runs) and *Device log* (the live
hilog view, kept streaming from the target by :class:`~hmdesk.gui.runs.hilog.device_link.DeviceLogLink`,
with the shown run's screenshot and the app's memory/CPU beside its table:
:class:`~hmdesk.gui.runs.run_evidence.RunEvidence`, hidden and shown by the tab bar's
*Screen & resources* button, its width kept by ``layout_memory``).

This module wires them: the run controller's signals into the steps, a finished run into the
banner, the card and the history, the history's Open/Repeat into the run page and the controller.

Everything slow happens off the GUI thread: the pipeline in :class:`RunController`, project
reading, history queries, memory recall and saving in ``run_in_thread``, hilog in its stream
thread drained by the view's timer.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from hmdesk.core.toolchain.crash.model import Crash
from hmdesk.core.toolchain.hdc import Device
from hmdesk.core.toolchain.project import Project
from hmdesk.core.toolchain.runs import (
    PipelineError,
    PipelineOptions,
    RunNotFound,
    RunRepository,
    RunResult,
    RunScope,
)
from hmdesk.gui.common.code_index import CodeIndexHolder
from hmdesk.gui.common.device_hub import CHOOSE_PROMPT, DeviceHub
from hmdesk.gui.common.editor import open_location
from hmdesk.gui.common.layout_memory import PREFIX as LAYOUT_PREFIX
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.runs.build_choices import BuildChoicesBar
from hmdesk.gui.runs.controller import RunController, RunCrashed, RunOutcome
from hmdesk.gui.runs.hilog.device_link import DeviceLogLink
from hmdesk.gui.runs.hilog.feed import HilogFeed
from hmdesk.gui.runs.hilog.view import DEFAULT_RING, RING_SETTING, HilogView
from hmdesk.gui.runs.history import RunHistory
from hmdesk.gui.runs.project_bar import ProjectBar
from hmdesk.gui.runs.run_actions import RunActions
from hmdesk.gui.runs.run_evidence import RunEvidence
from hmdesk.gui.runs.run_page import RunPage, failed_message, failure_of, success_text
from hmdesk.gui.runs.tool_status import NEEDS, ToolStatus
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

BannerKind = Literal["ok", "warn", "error", "info"]
EVIDENCE_SHARE = (3, 1)  # the log's and the screenshot/resources panel's shares at first
EVIDENCE_MAX_START = 420  # px: the panel's widest first width (a phone's picture is narrow)
WELCOME = (
    "Open a HarmonyOS project folder (<b>Open project…</b>), pick a device, then "
    "<b>Build &amp; Run</b> (Ctrl+R). The device log streams in <b>Device log</b>."
)


class RunsArea(QWidget):
    """Build & Run, failure cards with recalled pitfalls, run history and the live hilog.

    Signals:
        project_loaded(Project): the project line was filled.
        project_failed(str): the folder could not be read (the project line says why).
        run_done(RunOutcome): a run finished and its card (if any) is shown.
        recall_done(): the failure card's recalled pitfalls are shown.
        old_run_shown(int): an old run's steps and logs are shown.
        pitfall_saved(str): a pitfall was saved from the card (its memory id).
        recall_counted(str): "This helped" was counted (the memory id).
        memory_requested(str): show this memory (in the Memories tab; "Open it" on a card).
        preferences_requested(): "Open Preferences…" pressed and the window has no such action.
    """

    project_loaded = Signal(object)
    project_failed = Signal(str)
    run_done = Signal(object)
    recall_done = Signal()
    old_run_shown = Signal(int)
    pitfall_saved = Signal(str)
    recall_counted = Signal(str)
    memory_requested = Signal(str)
    preferences_requested = Signal()

    def __init__(
        self, ctx: AppContext, parent: QWidget | None = None, *, actions: RunActions | None = None
    ) -> None:
        """``actions``: the window's Runs actions (:mod:`hmdesk.gui.runs.run_actions`); an area
        on its own makes its own."""
        super().__init__(parent)
        self.ctx = ctx
        self.settings = ctx.settings
        self.repo = RunRepository(ctx.db)
        self.current_run_id: int | None = None
        self.shown_run: RunResult | None = None
        self.opener: Callable[[str, int, int, str | None], str] = open_location
        self.pipeline_options: PipelineOptions | None = None  # timeouts, clean, ...
        self.last_scope: RunScope = "all"  # what the last run did (all, build only, ...)
        self._closed = False
        self._banner_kind: BannerKind = "info"
        self.hub = DeviceHub.for_context(ctx)
        self.code_index = CodeIndexHolder.for_context(ctx).acquire()  # released in shutdown()
        self.controller = RunController(self)

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.project_bar = ProjectBar(self.settings)
        self.project_bar.loaded.connect(self._on_project_loaded)
        self.project_bar.failed.connect(self.project_failed)
        self.project_label = self.project_bar.label
        top.addWidget(self.project_bar, 1)
        top.addWidget(QLabel("Device"))
        self.device_box = QComboBox()
        self.device_box.setMinimumContentsLength(22)
        # "KEY — Unauthorized" must be read whole (the project line gives way instead)
        self.device_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.device_box.activated.connect(self._device_chosen)
        top.addWidget(self.device_box)
        self.run_button = QPushButton("▶ Build && Run")
        self.run_button.setToolTip("Build with hvigorw, install with hdc, launch (Ctrl+R)")
        self.run_button.clicked.connect(lambda: self.build_and_run())
        top.addWidget(self.run_button)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the run (Shift+F5)")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        top.addWidget(self.cancel_button)
        lay.addLayout(top)
        # product · mode · module · target · clean, and the other run actions (More ▾)
        self.choices = BuildChoicesBar(self.settings)
        self.run_actions = actions if actions is not None else RunActions(self)
        self.run_actions.bind(self)
        self.run_action = self.run_actions.by_name["run"]
        self.choices.add_actions_to_menu(self.run_actions.menu_groups())
        lay.addWidget(self.choices)
        # hdc / hvigorw missing: what is off, and "Open Preferences…"
        self.tool_status = ToolStatus(ctx.db)
        self.tool_status.checked.connect(self.update_buttons)
        self.tool_status.checked.connect(lambda: self._on_hub_error(self.hub.error))
        self.tool_status.preferences_requested.connect(self.preferences_requested)
        lay.addWidget(self.tool_status)
        QTimer.singleShot(0, self._watch_window)

        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.hide()
        lay.addWidget(self.banner)
        # why there is no device (hdc missing, server down): the Devices tab says it too
        self.device_error = QLabel()
        self.device_error.setWordWrap(True)
        self.device_error.hide()
        lay.addWidget(self.device_error)

        self.tabs = QTabWidget()
        lay.addWidget(self.tabs, 1)
        self.run_page = RunPage(ctx)
        self.run_page.location_activated.connect(self._open_location)
        self.run_page.recall_done.connect(self.recall_done)
        self.run_page.pitfall_saved.connect(self.pitfall_saved)
        self.run_page.recall_counted.connect(self.recall_counted)
        self.run_page.run_requested.connect(self.show_old_run)
        self.run_page.memory_requested.connect(self.memory_requested)
        self.steps = self.run_page.steps
        self.card = self.run_page.card
        self.card.stacktrace_requested.connect(self.rerun_with_stacktrace)
        self.card_scroll = self.run_page.card_scroll
        self.tabs.addTab(self.run_page, "Run")
        self.history = RunHistory(ctx.db)
        self.history.open_requested.connect(self.show_old_run)
        self.history.repeat_requested.connect(self.repeat_run)
        self.tabs.addTab(self.history, "History")
        capacity = int(str(self.settings.value(RING_SETTING, DEFAULT_RING) or DEFAULT_RING))
        self.hilog = HilogView(capacity)
        self.device_log = DeviceLogLink(self.hub, self.hilog, ctx.db, ctx.bus, self)
        self.hilog.clear_device_requested.connect(self.device_log.clear_device_buffer)
        self.hilog.log_fix_requested.connect(self.device_log.apply_log_fix)
        self.device_log.crashed.connect(lambda g: self.run_page.show_crashes(g, self.project_dir))
        self.hilog.crashes_found.connect(lambda g: self.run_page.show_crashes(g, self.project_dir))
        self.hilog.capacity_requested.connect(self.change_ring_capacity)
        self.hilog.export_done.connect(
            lambda p, n: self.ctx.bus.show_info(f"Exported {n:,} hilog lines to {p}")
        )
        self.hilog.export_failed.connect(
            lambda p, e: self.ctx.bus.show_error(
                f"Could not export to {p}: {e}", "Pick another file."
            )
        )
        # beside the log: the run's screenshot and the app's memory/CPU with crash and freeze
        # marks (issue 33); collapsible, its width and whether it is shown kept (layout_memory)
        self.evidence = RunEvidence(ctx)
        self.device_log.crashed.connect(self.evidence.mark_crashes)
        self.tabs.addTab(self.hilog, "Device log")
        self.log_split = self.hilog.add_beside(self.evidence)  # beside the table, under its bar
        self.log_split.setObjectName("runsLogSplitter")
        self.log_split.setCollapsible(0, False)
        self.log_split.setStretchFactor(0, 3)
        self.log_split.setStretchFactor(1, 1)
        self._placed = False  # the panel's first width is set when the log is first shown
        self.log_split.splitterMoved.connect(lambda *_a: self._sync_resources_button())
        self.resources_button = QToolButton()
        self.resources_button.setObjectName("resourcesToggle")
        self.resources_button.setText("Screen && resources")
        self.resources_button.setCheckable(True)
        self.resources_button.setToolTip(
            "Show or hide the run's screenshot and the app's memory and CPU beside the log "
            "(or drag the divider)"
        )
        self.resources_button.toggled.connect(self.show_resources)
        self.tabs.setCornerWidget(self.resources_button, Qt.Corner.TopRightCorner)
        self.tabs.currentChanged.connect(lambda _i: self._sync_resources_button())
        self.tabs.currentChanged.connect(lambda _i: QTimer.singleShot(0, self._place_evidence))
        self._evidence_width = 0  # the width it had before it was hidden
        self._sync_resources_button()

        c = self.controller
        c.run_started.connect(self._on_run_started)
        c.step_started.connect(self.steps.step_started)
        c.step_lines.connect(self.steps.step_lines)
        c.step_progress.connect(self.steps.step_progress)
        c.step_finished.connect(self.steps.step_finished)
        c.step_finished.connect(self._follow_after_launch)
        c.run_finished.connect(self._on_run_finished)

        self._apply_theme()
        self.hub.devices_changed.connect(self._on_devices)
        self.hub.target_changed.connect(self._on_target)
        self.hub.error_changed.connect(self._on_hub_error)
        self._on_hub_error(self.hub.error)
        self.hub.acquire()
        self._on_devices(self.hub.devices)
        self.tool_status.refresh()
        self.history.reload()
        last = self.project_bar.last_project()
        if last:
            self.open_project(last)
        else:
            self.banner_text(WELCOME, "info")

    # --- the project ----------------------------------------------------------------------
    @property
    def project(self) -> Project | None:
        return self.project_bar.project

    @property
    def project_dir(self) -> str | None:
        return self.project_bar.project_dir

    def open_project(self, path: str) -> None:
        self.project_bar.open_project(path)

    def _on_project_loaded(self, project: Project) -> None:
        if self.shown_run is None and self.current_run_id is None:
            self.banner.hide()
        self.run_page.project_bundle = project.bundle_name
        self.choices.set_project(project)
        self.hilog.set_bundle(project.bundle_name)
        # the Code tab and "Anchor to code…" index the project opened here
        self.code_index.set_root(project.root)
        self.project_loaded.emit(project)

    def _follow_after_launch(self, step: str, verdict: str, *_rest: str) -> None:
        """A launched app has a new pid: "Only my app" follows it (``pidof`` on a worker)."""
        project = self.project
        if step == "launch" and verdict == "passed" and project is not None:
            self.device_log.follow_launch(project.bundle_name)

    def when_project_loaded(self, fn: Callable[[], object]) -> None:
        """Call ``fn`` once the project being opened has loaded (never if it fails to)."""

        def loaded(_project: Project) -> None:
            disconnect()
            fn()

        def disconnect(_error: str = "") -> None:
            self.project_loaded.disconnect(loaded)
            self.project_failed.disconnect(disconnect)

        self.project_loaded.connect(loaded)
        self.project_failed.connect(disconnect)

    # --- theme and banner -----------------------------------------------------------------
    def _apply_theme(self) -> None:
        theme = theme_for(self)
        self.device_error.setStyleSheet(
            f"background:{theme.error_bg}; color:{theme.error_text}; padding:4px 8px"
        )
        self._style_banner()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_theme()

    def banner_text(self, text: str, kind: BannerKind) -> None:
        self.banner.setText(text)
        self._banner_kind = kind
        self._style_banner()
        self.banner.show()

    def _style_banner(self) -> None:
        theme = theme_for(self)
        bg, fg = {
            "ok": (theme.ok_bg, theme.ok_text),
            "warn": (theme.warn_bg, theme.warn_text),
            "error": (theme.error_bg, theme.error_text),
            "info": (theme.info_bg, theme.info_text),
        }[self._banner_kind]
        self.banner.setStyleSheet(
            f"background:{bg}; color:{fg}; padding:4px 8px; border-radius:3px"
        )

    # --- devices --------------------------------------------------------------------------
    def _on_devices(self, devices: list[Device]) -> None:
        self.device_box.blockSignals(True)
        self.device_box.clear()
        target = self.hub.target
        keys = []
        for d in devices:
            keys.append(d.key)
            self.device_box.addItem(f"{d.key} — {d.state}", d.key)
        if target and target not in keys:
            self.device_box.addItem(f"{target} — not connected", target)
        if not devices and not target:
            self.device_box.addItem("(no device)", "")
        if devices and not target:  # never pretend the first device is chosen (issue 11)
            self.device_box.insertItem(0, f"{self.hub.prompt or CHOOSE_PROMPT}…", "")
        idx = self.device_box.findData(target)
        self.device_box.setCurrentIndex(max(0, idx))
        self.device_box.blockSignals(False)
        self.device_log.ensure()

    def _on_hub_error(self, error: str) -> None:
        # hdc not found is said once, by the missing-tools line (its tooltip has where we looked)
        said = "hdc" in self.tool_status.missing
        self.device_error.setText(f"Cannot list devices: {error}" if error else "")
        self.device_error.setVisible(bool(error) and not said)

    def _device_chosen(self, index: int) -> None:
        key = self.device_box.itemData(index)
        if key:
            self.hub.set_target(str(key))

    def _on_target(self, _key: str) -> None:
        self._on_devices(self.hub.devices)

    # --- the device log -------------------------------------------------------------------
    def resources_shown(self) -> bool:
        """The screenshot and resources panel has room beside the log."""
        return self.log_split.sizes()[1] > 0

    def show_resources(self, shown: bool) -> None:
        """Show (at the width it had) or hide the panel beside the log."""
        if shown == self.resources_shown():
            return
        sizes = self.log_split.sizes()
        total = sum(sizes) or max(self.log_split.width(), 400)
        if shown:
            width = self._evidence_width or min(
                EVIDENCE_MAX_START, total * EVIDENCE_SHARE[1] // sum(EVIDENCE_SHARE)
            )
            width = min(width, total - 200)
            self.log_split.setSizes([total - width, width])
        else:
            self._evidence_width = sizes[1]
            self.log_split.setSizes([total, 0])
        self._sync_resources_button()

    def _place_evidence(self) -> None:
        """The first time the log is shown: the panel at its share of the width (at most
        :data:`EVIDENCE_MAX_START`), unless the layout kept from the last session placed it."""
        if self._placed or self.tabs.currentWidget() is not self.hilog:
            return
        self._placed = True
        if self.settings.value(f"{LAYOUT_PREFIX}/{self.log_split.objectName()}") is not None:
            return
        total = sum(self.log_split.sizes()) or self.log_split.width()
        width = min(EVIDENCE_MAX_START, total * EVIDENCE_SHARE[1] // sum(EVIDENCE_SHARE))
        self.log_split.setSizes([total - width, width])
        self._sync_resources_button()

    def _sync_resources_button(self) -> None:
        self.resources_button.setVisible(self.tabs.currentWidget() is self.hilog)
        self.resources_button.blockSignals(True)
        self.resources_button.setChecked(self.resources_shown())
        self.resources_button.blockSignals(False)

    @property
    def feed(self) -> HilogFeed | None:
        """The hilog stream of the target (None while nothing streams)."""
        return self.device_log.feed

    def ask_ring_capacity(self, current: int) -> int | None:
        """How many hilog lines to keep (a dialog; tests monkeypatch this)."""
        value, ok = QInputDialog.getInt(
            self,
            "hilog buffer size",
            "Lines kept in memory (older ones are dropped and counted):",
            current,
            1_000,
            5_000_000,
            10_000,
        )
        return value if ok else None

    def change_ring_capacity(self) -> None:
        value = self.ask_ring_capacity(self.hilog.model.capacity)
        if value:
            self.settings.setValue(RING_SETTING, value)
            self.device_log.set_capacity(value)

    # --- running --------------------------------------------------------------------------
    def confirm_unsigned(self, problem: str) -> bool:
        """Ask before building an unsigned HAP (tests monkeypatch this)."""
        answer = QMessageBox.warning(
            self,
            "Unsigned build",
            f"{problem}\n\nThe HAP will be unsigned and the device will refuse to install it "
            "(error 9568320). Build anyway?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def build_and_run(
        self,
        rerun_of: int | None = None,
        device: str | None = None,
        *,
        scope: RunScope = "all",
        stacktrace: bool = False,
        repeat: PipelineOptions | None = None,
    ) -> bool:
        """Start a run with the chosen product, mode, module and target (``scope``: all, build
        only, install only); False (with a message or a card) when it cannot start. A missing
        tool never starts a run: the tool line says what is off and why. ``repeat``: the
        options of a stored run to repeat as they were (scope and stacktrace included)."""
        if repeat is not None:
            scope, stacktrace = repeat.scope, repeat.stacktrace
        if self.controller.running or self.run_actions.busy:
            return False
        if self.tool_status.missing_for(NEEDS[scope]):
            self.tool_status.refresh()  # set in Preferences meanwhile? the buttons follow
            return False
        project, project_dir = self.project, self.project_dir
        if project is None or project_dir is None:
            # one message, in this area's banner (the window's error banner said it again)
            self.banner_text("Open a project first (Open project…).", "warn")
            return False
        base = self.pipeline_options or PipelineOptions()
        chosen = self.choices.apply_to(base) if repeat is None else repeat
        options = replace(
            chosen,
            scope=scope,
            stacktrace=stacktrace,
            timeouts=base.timeouts,
            max_log_chars=base.max_log_chars,
        )
        problem = project.signing_problem(options.product) if scope != "install" else None
        if problem and not self.confirm_unsigned(problem):
            return False
        key = device or self.hub.target
        self.shown_run = None
        self.banner.hide()
        self.run_page.hide_card()
        self.steps.reset(tuple(s for s in options.steps if s != "stop"))
        self.last_scope = scope
        self.tabs.setCurrentIndex(0)
        try:
            self.controller.start(self.ctx.db, project_dir, key, rerun_of=rerun_of, options=options)
        except (ValueError, RuntimeError, OSError, PipelineError) as exc:  # bad options, …
            self.ctx.bus.show_error(f"Could not start the run: {exc}", "")
            self.banner_text(f"Could not start the run: {html.escape(str(exc))}", "error")
            return False
        self.update_buttons(running=True)
        return True

    def update_buttons(self, running: bool | None = None) -> None:
        """Enable what can run now (:meth:`RunActions.update_enabled`)."""
        self.run_actions.update_enabled(self.controller.running if running is None else running)

    def _watch_window(self) -> None:
        if self.window() is not self:
            self.tool_status.watch_window()

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ParentChange:
            self._watch_window()
        return super().event(e)

    def start_from_shortcut(self, scope: RunScope, *, stacktrace: bool = False) -> None:
        """A run action's shortcut from any tab: bring this area up, then start."""
        chain: list[QWidget] = [self]
        while (parent := chain[-1].parentWidget()) is not None:
            if isinstance(parent, QTabWidget):
                page = next((w for w in chain if parent.indexOf(w) >= 0), None)
                if page is not None:
                    parent.setCurrentWidget(page)
            chain.append(parent)
        self.build_and_run(
            self.current_run_id if stacktrace else None, scope=scope, stacktrace=stacktrace
        )

    def rerun_with_stacktrace(self) -> None:
        """The last run's kind again, with ``hvigorw --stacktrace``."""
        self.start_from_shortcut(
            "all" if self.last_scope == "install" else self.last_scope, stacktrace=True
        )

    def cancel(self) -> None:
        self.controller.cancel()
        self.cancel_button.setEnabled(False)
        self.run_actions.by_name["stop"].setEnabled(False)

    def _on_run_started(self, run_id: int) -> None:
        self.current_run_id = run_id
        self.run_page.start_run(run_id)

    def _on_run_finished(self, outcome: RunOutcome) -> None:
        self.update_buttons(running=False)  # its thread may not have ended yet
        self.current_run_id = outcome.run_id
        status = outcome.status
        if status != "success":
            self.steps.finish_all("cancelled" if status == "cancelled" else "failed")
        self.history.reload()
        if isinstance(outcome, RunResult):
            launched = status == "success" and any(s.name == "launch" for s in outcome.steps)
            self.evidence.show_run(
                outcome.run_id, device=outcome.device, bundle=outcome.bundle, follow=launched
            )
        elif outcome.run_id is not None:
            self.evidence.show_run(outcome.run_id)
        if status == "success":
            self.banner_text(f"✓ {success_text(outcome)}", "ok")
            self.run_page.finish_run(outcome.run_id, f"✓ {html.unescape(success_text(outcome))}")
            self.run_done.emit(outcome)
            return
        if status == "cancelled":
            self.banner_text(f"■ Run #{self.current_run_id} cancelled.", "warn")
            self.run_page.finish_run(outcome.run_id, f"■ Run #{outcome.run_id} cancelled")
            self.run_done.emit(outcome)
            return

        def shown(run: RunResult | None) -> None:
            finding, step = failure_of(run)
            message = outcome.message if isinstance(outcome, RunCrashed) else None
            self.run_page.show_card(
                outcome.run_id,
                step,
                finding,
                message,
                step_message=failed_message(run),
                project_dir=run.project if run is not None else self.project_dir,
            )
            self.run_done.emit(outcome)

        if isinstance(outcome, RunResult):
            shown(outcome)
        elif outcome.run_id is not None:  # crashed: what was stored of it
            run_in_thread(
                self.repo.get, outcome.run_id, on_done=shown, on_error=lambda _e: shown(None)
            )
        else:
            shown(None)

    def open_faultlog(self, crash: object) -> None:
        """A fault log opened elsewhere (the Devices tab's Files view; a ``Crash``): its crash
        card on the Run page's feed, open."""
        if not isinstance(crash, Crash):
            return
        self.tabs.setCurrentWidget(self.run_page)
        self.run_page.open_faultlog(crash, self.project_dir)

    def _open_location(self, path: str, line: int, col: int) -> None:
        message = self.opener(path, line, col, self.project_dir)
        if message:
            self.ctx.bus.show_info(message)

    # --- history --------------------------------------------------------------------------
    def _read_run(self, run_id: int, done: Callable[[RunResult], None]) -> None:
        """Read a stored run off the GUI thread; say so when it is gone."""

        def failed(exc: BaseException) -> None:
            if isinstance(exc, RunNotFound):
                self.ctx.bus.show_error(f"Run #{run_id} is gone.", "Refresh the history.")
            else:
                self.ctx.bus.show_error(f"Could not read run #{run_id}: {exc}", "")

        run_in_thread(self.repo.get, run_id, on_done=done, on_error=failed)

    def show_old_run(self, run_id: int) -> None:
        def done(run: RunResult) -> None:
            self.shown_run = run
            self.steps.show_steps(run.steps)
            self.evidence.show_run(run.run_id)
            self.tabs.setCurrentIndex(0)
            self.banner_text(
                f"Showing run <b>#{run.run_id}</b> of "
                f"{html.escape(run.bundle or run.project)} on {html.escape(run.device or '?')} "
                f"({run.started_at}): <b>{run.status}</b>",
                "info",
            )
            if run.status == "failed":
                finding, step = failure_of(run)
                self.run_page.show_card(
                    run.run_id,
                    step,
                    finding,
                    None,
                    step_message=failed_message(run),
                    project_dir=run.project,
                )
            else:
                mark = {"success": "✓", "cancelled": "■"}.get(run.status, "•")
                self.run_page.finish_run(
                    run.run_id, f"{mark} Run #{run.run_id} {run.status}", open_it=True
                )
            self.old_run_shown.emit(run_id)

        self._read_run(run_id, done)

    def repeat_run(self, run_id: int) -> None:
        def done(run: RunResult) -> None:
            stored = PipelineOptions.from_dict(run.options)  # as it was built: product, target…

            def again() -> None:
                self.build_and_run(run_id, run.device, repeat=stored)

            if run.project != self.project_dir:
                self.open_project(run.project)
                self.when_project_loaded(again)
            else:
                again()

        self._read_run(run_id, done)

    # --- lifetime -------------------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop the run, the hilog stream and the device poller (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self.controller.cancel()
        self.controller.wait(15)
        self.device_log.close()
        self.evidence.shutdown()
        self.hilog.shutdown()
        self.hub.devices_changed.disconnect(self._on_devices)
        self.hub.target_changed.disconnect(self._on_target)
        self.hub.error_changed.disconnect(self._on_hub_error)
        self.hub.release()
        self.code_index.release()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

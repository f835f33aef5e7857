"""The Runs tab: open a project, Build & Run on the target device, see why it failed, read hilog.

Layout: a top bar (project, device, Build & Run, Cancel), the project line (bundle, module, main
ability, signing), and three tabs: *Run* (steps with live logs beside the failure card),
*History* (persisted runs) and *Device log* (the live hilog view).

Everything slow happens off the GUI thread: the pipeline in :class:`RunController`, project
reading, history queries, memory recall and saving in ``run_in_thread``, hilog in its stream
thread drained by the view's timer.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from hmdesk.core.memory.recall_floor import recall_for_terms
from hmdesk.core.memory.retrieve import QueryResult
from hmdesk.gui.common.editor import open_location
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.common.device_hub import DeviceHub, field, usable
from hmdesk.gui.runs.controller import RunController
from hmdesk.gui.runs.failure_card import (
    FailureCard,
    SavePitfallDialog,
    finding_dict,
    pitfall_prefill,
)
from hmdesk.gui.runs.hilog_feed import STATE_TEXT, HilogFeed, find_hdc
from hmdesk.gui.runs.hilog_view import DEFAULT_RING, RING_SETTING, HilogView
from hmdesk.gui.runs.history import RunHistory, load_run
from hmdesk.gui.runs.steps import StepsPanel
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

RECENT_KEY = "runs/recent_projects"
PROJECT_KEY = "runs/project"
MAX_RECENT = 8


def read_project_summary(path: str) -> dict[str, Any]:
    """Qt-free: read a project folder into what the project line shows (raises ProjectError)."""
    from hmdesk.core.toolchain.project import read_project

    proj = read_project(path)
    entry = getattr(proj, "entry_module", None)
    if callable(entry):
        entry = entry()
    ability = None
    if entry is not None:
        launcher = getattr(entry, "launcher_ability", None)
        ability = (launcher() if callable(launcher) else launcher) or entry.main_element
    problem = proj.signing_problem() if hasattr(proj, "signing_problem") else None
    return {
        "root": str(getattr(proj, "root", path)),
        "bundle": proj.bundle_name,
        "module": entry.name if entry is not None else None,
        "ability": ability,
        "signing_problem": problem,
        "warnings": list(getattr(proj, "warnings", []) or []),
    }


def _as_list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


class RunsArea(QWidget):
    """Build & Run, failure cards with recalled pitfalls, run history and the live hilog.

    Signals:
        project_loaded(dict): the project line was filled (or {"error": ...}).
        run_done(dict): a run finished and its card (if any) is shown; dict as RunController's.
        recall_done(): the failure card's recalled pitfalls are shown.
        old_run_shown(int): an old run's steps and logs are shown.
    """

    project_loaded = Signal(dict)
    run_done = Signal(dict)
    recall_done = Signal()
    old_run_shown = Signal(int)
    pitfall_saved = Signal(str)
    recall_counted = Signal(str)

    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.settings = ctx.settings
        self.project: dict[str, Any] | None = None
        self.project_dir: str | None = None
        self.current_run_id: Any = None
        self.shown_run: dict[str, Any] | None = None
        self.feed: HilogFeed | None = None
        self.opener = open_location
        self.pipeline_options: Any = None  # core PipelineOptions (timeouts, clean, ...) or None
        self._closed = False
        self.hub = DeviceHub.for_context(ctx)
        self.controller = RunController(self)

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.open_button = QToolButton()
        self.open_button.setText("Open project…")
        self.open_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.open_button.clicked.connect(self.open_dialog)
        self.recent_menu = QMenu(self.open_button)
        self.open_button.setMenu(self.recent_menu)
        top.addWidget(self.open_button)
        self.project_label = QLabel("No project open")
        self.project_label.setTextFormat(Qt.TextFormat.RichText)
        self.project_label.setWordWrap(True)
        self.project_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top.addWidget(self.project_label, 1)
        top.addWidget(QLabel("Device"))
        self.device_box = QComboBox()
        self.device_box.setMinimumContentsLength(22)
        # "KEY — Unauthorized" must be read whole (the project line gives way instead)
        self.device_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.device_box.activated.connect(self._device_chosen)
        top.addWidget(self.device_box)
        self.run_button = QPushButton("▶ Build && Run")
        self.run_button.setToolTip("Build with hvigorw, install with hdc, launch (Ctrl+R)")
        self.run_button.clicked.connect(self.build_and_run)
        top.addWidget(self.run_button)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        top.addWidget(self.cancel_button)
        lay.addLayout(top)
        # Ctrl+R from any tab of the window: a hidden widget's shortcuts never fire, so the
        # action also sits on the top-level window, and brings this area up when pressed
        self.run_action = QAction("Build && Run", self)
        self.run_action.setShortcut(QKeySequence("Ctrl+R"))
        self.run_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.run_action.triggered.connect(self._run_from_shortcut)
        self.addAction(self.run_action)
        QTimer.singleShot(0, self._attach_run_action)

        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.hide()
        lay.addWidget(self.banner)
        # why there is no device (hdc missing, server down): the Devices tab says it too
        self.device_error = QLabel()
        self.device_error.setWordWrap(True)
        self.device_error.setStyleSheet("background:#fdecea; color:#b71c1c; padding:4px 8px")
        self.device_error.hide()
        lay.addWidget(self.device_error)

        self.tabs = QTabWidget()
        lay.addWidget(self.tabs, 1)
        run_page = QSplitter(Qt.Orientation.Horizontal)
        self.steps = StepsPanel()
        self.steps.location_activated.connect(self._open_location)
        run_page.addWidget(self.steps)
        self.card = FailureCard()
        self.card.save_requested.connect(self.save_pitfall)
        self.card.helped.connect(self.count_recall)
        self.card.location_activated.connect(self._open_location)
        self.card_scroll = QScrollArea()
        self.card_scroll.setWidgetResizable(True)
        self.card_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.card_scroll.setMinimumWidth(380)
        holder = QWidget()
        holder_lay = QVBoxLayout(holder)
        holder_lay.setContentsMargins(0, 0, 0, 0)
        holder_lay.addWidget(self.card)
        holder_lay.addStretch(1)
        self.card_scroll.setWidget(holder)
        self.card_scroll.hide()
        run_page.addWidget(self.card_scroll)
        run_page.setStretchFactor(0, 3)
        run_page.setStretchFactor(1, 2)
        self.run_page = run_page
        self.tabs.addTab(run_page, "Run")
        self.history = RunHistory(ctx.db)
        self.history.open_requested.connect(self.show_old_run)
        self.history.repeat_requested.connect(self.repeat_run)
        self.tabs.addTab(self.history, "History")
        capacity = int(self.settings.value(RING_SETTING, DEFAULT_RING) or DEFAULT_RING)
        self.hilog = HilogView(capacity)
        self.hilog.clear_device_requested.connect(self.clear_device_buffer)
        self.hilog.capacity_requested.connect(self.change_ring_capacity)
        self.hilog.export_done.connect(
            lambda p, n: self.ctx.bus.show_info(f"Exported {n:,} hilog lines to {p}")
        )
        self.hilog.export_failed.connect(
            lambda p, e: self.ctx.bus.show_error(
                f"Could not export to {p}: {e}", "Pick another file."
            )
        )
        self.tabs.addTab(self.hilog, "Device log")

        c = self.controller
        c.run_started.connect(self._on_run_started)
        c.step_started.connect(self.steps.step_started)
        c.step_lines.connect(self.steps.step_lines)
        c.step_progress.connect(self.steps.step_progress)
        c.step_finished.connect(self.steps.step_finished)
        c.run_finished.connect(self._on_run_finished)

        self.hub.devices_changed.connect(self._on_devices)
        self.hub.target_changed.connect(self._on_target)
        self.hub.error_changed.connect(self._on_hub_error)
        self._on_hub_error(self.hub.error)
        self.hub.acquire()
        self._fill_recent()
        self._on_devices(self.hub.devices)
        self.history.reload()
        last = self.settings.value(PROJECT_KEY, "")
        if last and Path(str(last)).is_dir():
            self.open_project(str(last))
        else:
            self.banner_text(
                "Open a HarmonyOS project folder (<b>Open project…</b>), pick a device, then "
                "<b>Build &amp; Run</b> (Ctrl+R). The device log streams in <b>Device log</b>.",
                "#e3f2fd",
            )

    # --- project --------------------------------------------------------------------------
    def ask_project_dir(self) -> str | None:
        """The folder dialog (tests monkeypatch this)."""
        start = self.project_dir or str(Path.home())
        path = QFileDialog.getExistingDirectory(self, "Open a HarmonyOS project", start)
        return path or None

    def open_dialog(self) -> None:
        path = self.ask_project_dir()
        if path:
            self.open_project(path)

    def open_project(self, path: str) -> None:
        self.project_label.setText(f"Reading {path}…")

        def done(summary: dict[str, Any]) -> None:
            if self.shown_run is None and self.current_run_id is None:
                self.banner.hide()
            self.project_dir = summary["root"]
            self.project = summary
            self._remember(summary["root"])
            self._show_project()
            self.hilog.set_bundle(summary["bundle"])
            self.project_loaded.emit(summary)

        def failed(exc: BaseException) -> None:
            self.project = None
            where = getattr(exc, "file", None)
            line = getattr(exc, "line", None)
            loc = f" ({where}:{line})" if where and line else (f" ({where})" if where else "")
            self.project_label.setText(
                f"<span style='color:#c62828'>Not a HarmonyOS project: {exc}{loc}</span>"
                " — open the folder that holds AppScope/app.json5 and build-profile.json5."
            )
            self.project_loaded.emit({"error": str(exc)})

        run_in_thread(read_project_summary, path, on_done=done, on_error=failed)

    def _show_project(self) -> None:
        p = self.project or {}
        sign = (
            f"<span style='color:#d75f00'>⚠ unsigned: {p['signing_problem']}</span>"
            if p.get("signing_problem")
            else "<span style='color:#2e7d32'>✓ signed</span>"
        )
        self.project_label.setText(
            f"<b>{p.get('bundle')}</b> · module <b>{p.get('module') or '?'}</b> · "
            f"ability <b>{p.get('ability') or '?'}</b> · {sign}<br>"
            f"<span style='color:#616161'>{p.get('root')}</span>"
        )
        self.project_label.setToolTip("\n".join(p.get("warnings") or []))

    def _remember(self, path: str) -> None:
        recent = [p for p in _as_list(self.settings.value(RECENT_KEY, [])) if p != path]
        recent.insert(0, path)
        self.settings.setValue(RECENT_KEY, recent[:MAX_RECENT])
        self.settings.setValue(PROJECT_KEY, path)
        self._fill_recent()

    def recent_projects(self) -> list[str]:
        return _as_list(self.settings.value(RECENT_KEY, []))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_projects()
        for path in recent:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_project(p))
        if not recent:
            self.recent_menu.addAction("(no recent projects)").setEnabled(False)

    # --- devices --------------------------------------------------------------------------
    def _on_devices(self, devices: list[Any]) -> None:
        self.device_box.blockSignals(True)
        self.device_box.clear()
        target = self.hub.target
        keys = []
        for d in devices:
            key = field(d, "key")
            keys.append(key)
            self.device_box.addItem(f"{key} — {field(d, 'state')}", key)
        if target and target not in keys:
            self.device_box.addItem(f"{target} — not connected", target)
        if not devices and not target:
            self.device_box.addItem("(no device)", "")
        idx = self.device_box.findData(target)
        self.device_box.setCurrentIndex(max(0, idx))
        self.device_box.blockSignals(False)
        self._ensure_hilog()

    def _on_hub_error(self, error: str) -> None:
        self.device_error.setText(f"Cannot list devices: {error}" if error else "")
        self.device_error.setVisible(bool(error))

    def _device_chosen(self, index: int) -> None:
        key = self.device_box.itemData(index)
        if key:
            self.hub.set_target(str(key))

    def _on_target(self, _key: str) -> None:
        self._on_devices(self.hub.devices)

    def _ensure_hilog(self) -> None:
        """Stream hilog from the target while it is connected (the stream restarts itself)."""
        if self._closed:
            return
        dev = self.hub.target_device()
        key = self.hub.target
        if self.feed is not None and self.feed.device_key == key:
            return
        if self.feed is not None:
            self._stop_feed()
        if not key or dev is None or not usable(dev):
            self.hilog.set_stream_note(
                "no device to stream from" if not key else f"{key} not connected"
            )
            return
        try:
            hdc = find_hdc(getattr(self.ctx, "db", None))
        except Exception as exc:
            self.hilog.set_stream_note(str(exc))
            return
        feed = self.feed = HilogFeed(hdc, key, self.hilog.model.capacity, self)

        def on_status(state: str, message: str, restarts: int) -> None:
            if feed is self.feed:  # a replaced stream's last words (queued) are not news
                self._on_stream_status(state, message, restarts)

        feed.status.connect(on_status)
        self.hilog.set_feed(feed)
        feed.start()

    def _on_stream_status(self, state: str, message: str, restarts: int) -> None:
        text = STATE_TEXT.get(state, state)
        if state == "connected" and restarts:
            text = f"stream restarted ({restarts}×) after a disconnect"
        elif state in ("restarting", "device-gone", "error"):
            text = f"{text}: {message}"
        self.hilog.set_stream_note(text)

    def _stop_feed(self) -> None:
        """Detach the stream now; hdc is stopped in a worker (it may take the kill grace).

        The GUI thread only flips state: a new stream can start at once, and whatever the old
        one still delivers is dropped (``HilogFeed.detach``).
        """
        feed, self.feed = self.feed, None
        if feed is not None:
            self.hilog.set_feed(None)
            feed.stop_in_background()

    def clear_device_buffer(self) -> None:
        key = self.hub.target
        if not key:
            self.ctx.bus.show_error("No device to clear.", "Pick a device first.")
            return

        def work() -> Any:
            from hmdesk.core.toolchain.hilog.stream import clear_buffer

            return clear_buffer(find_hdc(getattr(self.ctx, "db", None)), key)

        def done(outcome: Any) -> None:
            if outcome.ok:
                self.hilog.clear_view()
                self.ctx.bus.show_info(f"Cleared the hilog buffer of {key}")
                self.hilog.set_stream_note(f"device buffer of {key} cleared")
            else:
                self.ctx.bus.show_error(
                    f"Could not clear the device log: {outcome.message}", outcome.fix or ""
                )

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not clear the device log: {e}", ""),
        )

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
            self.hilog.set_capacity(value)
            if self.feed is not None:
                self.feed.capacity = value

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

    def build_and_run(self, rerun_of: int | None = None, device: str | None = None) -> bool:
        """Start a run; False (with a message or a card) when it cannot start."""
        if self.controller.running:
            return False
        if not self.project_dir or not self.project:
            self.ctx.bus.show_error("No project is open.", "Open a project folder first.")
            self.banner_text("Open a project first (Open project…).", "#fff3cd")
            return False
        problem = self.project.get("signing_problem")
        if problem and not self.confirm_unsigned(problem):
            return False
        key = device or self.hub.target
        self.shown_run = None
        self.banner.hide()
        self.card_scroll.hide()
        self.steps.reset()
        self.tabs.setCurrentIndex(0)
        try:
            extra = {"options": self.pipeline_options} if self.pipeline_options is not None else {}
            self.controller.start(self.ctx.db, self.project_dir, key, rerun_of=rerun_of, **extra)
        except Exception as exc:
            self.ctx.bus.show_error(f"Could not start the run: {exc}", "")
            self.banner_text(f"Could not start the run: {exc}", "#fdecea")
            return False
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        return True

    def _attach_run_action(self) -> None:
        win = self.window()
        if win is not self and self.run_action not in win.actions():
            win.addAction(self.run_action)

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ParentChange:
            self._attach_run_action()
        return super().event(e)

    def _run_from_shortcut(self) -> None:
        chain: list[QWidget] = [self]
        while (parent := chain[-1].parentWidget()) is not None:
            if isinstance(parent, QTabWidget):
                page = next((w for w in chain if parent.indexOf(w) >= 0), None)
                if page is not None:
                    parent.setCurrentWidget(page)
            chain.append(parent)
        self.build_and_run()

    def cancel(self) -> None:
        self.controller.cancel()
        self.cancel_button.setEnabled(False)

    def _on_run_started(self, run_id: Any) -> None:
        self.current_run_id = run_id

    def _on_run_finished(self, result: dict[str, Any]) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.current_run_id = result.get("run_id")
        status = result.get("status")
        if status != "success":
            self.steps.finish_all("cancelled" if status == "cancelled" else "failed")
        self.history.reload()
        if status == "success":
            self.banner_text(f"✓ Run #{self.current_run_id} succeeded.", "#e8f5e9")
            self.run_done.emit(result)
            return
        if status == "cancelled":
            self.banner_text(f"■ Run #{self.current_run_id} cancelled.", "#fff3e0")
            self.run_done.emit(result)
            return
        rid = self.current_run_id

        def shown(run: dict[str, Any] | None) -> None:
            finding, step = _failure_of(run, result)
            self._show_card(run, step, finding, result.get("message"))
            self.run_done.emit(result)

        if isinstance(rid, int):
            run_in_thread(
                load_run, self.ctx.db, rid, on_done=shown, on_error=lambda _e: shown(None)
            )
        else:
            shown(None)

    def banner_text(self, text: str, bg: str) -> None:
        self.banner.setText(text)
        self.banner.setStyleSheet(f"background:{bg}; padding:4px 8px; border-radius:3px")
        self.banner.show()

    def _show_card(
        self, run: dict[str, Any] | None, step: str | None, finding: Any, message: str | None
    ) -> None:
        self.card.show_finding(step, finding, message)
        self.card.run_id = run["id"] if run else self.current_run_id  # type: ignore[attr-defined]
        if not self.card_scroll.isVisible():
            self.card_scroll.show()
            total = max(800, self.run_page.width())
            self.run_page.setSizes([int(total * 0.58), total - int(total * 0.58)])
        self.recall()

    def recall(self) -> None:
        """Search the memories with the finding's query terms (off the GUI thread)."""
        terms = (self.card.finding or {}).get("query_terms") or []
        if not terms:
            self.card.set_recalled(None)
            self.recall_done.emit()
            return
        retriever = self.ctx.retriever

        def search(terms: list[str]) -> QueryResult:
            return recall_for_terms(retriever, terms)

        def done(result: Any) -> None:
            self.card.set_recalled(result)
            self.recall_done.emit()

        def failed(exc: BaseException) -> None:
            self.card.set_recall_error(str(exc))
            self.recall_done.emit()

        run_in_thread(search, [str(t) for t in terms], on_done=done, on_error=failed)

    def save_pitfall(self) -> None:
        run_id = getattr(self.card, "run_id", None)
        project = (self.project or {}).get("bundle")
        prefill = pitfall_prefill(self.card.finding, self.card.step, run_id, project)
        values = SavePitfallDialog.ask(prefill, self)
        if not values:
            return
        store = self.ctx.store

        def work() -> Any:
            return store.add(
                values["content"],
                layer=values["layer"],
                tags=tuple(values["tags"]),
                confidence=values["confidence"],
                source=values["source"],
                provenance=values["provenance"],
                reason=f"saved from a failed run ({values['provenance']})",
            )

        def done(record: Any) -> None:
            self.ctx.bus.show_info(f"Saved pitfall {record.id}")
            self.pitfall_saved.emit(record.id)
            self.recall()

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not save the pitfall: {e}", ""),
        )

    def count_recall(self, memory_id: str) -> None:
        store = self.ctx.store

        def done(_r: Any) -> None:
            row = self.card.row_for(memory_id)
            if row is not None:
                row.mark_counted()
            self.recall_counted.emit(memory_id)

        run_in_thread(
            store.record_recall,
            [memory_id],
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not count the recall: {e}", ""),
        )

    def _open_location(self, path: str, line: int, col: int) -> None:
        message = self.opener(path, line, col, self.project_dir)
        if message:
            self.ctx.bus.show_info(message)

    # --- history --------------------------------------------------------------------------
    def show_old_run(self, run_id: int) -> None:
        def done(run: dict[str, Any] | None) -> None:
            if run is None:
                self.ctx.bus.show_error(f"Run #{run_id} is gone.", "Refresh the history.")
                return
            self.shown_run = run
            self.steps.show_steps(run["steps"])
            self.tabs.setCurrentIndex(0)
            self.banner_text(
                f"Showing run <b>#{run['id']}</b> of {run.get('bundle') or run['project']} on "
                f"{run.get('device') or '?'} ({run['started_at']}): <b>{run['status']}</b>",
                "#e3f2fd",
            )
            if run["status"] in ("failed", "cancelled") and run["status"] != "cancelled":
                finding, step = _failure_of(run, {})
                self._show_card(run, step, finding, None)
            else:
                self.card_scroll.hide()
            self.old_run_shown.emit(run_id)

        run_in_thread(load_run, self.ctx.db, run_id, on_done=done)

    def repeat_run(self, run_id: int) -> None:
        def done(run: dict[str, Any] | None) -> None:
            if run is None:
                return
            if run["project"] != self.project_dir:
                self.open_project(run["project"])
                self.project_loaded_once(lambda: self.build_and_run(run_id, run.get("device")))
            else:
                self.build_and_run(run_id, run.get("device"))

        run_in_thread(load_run, self.ctx.db, run_id, on_done=done)

    def project_loaded_once(self, fn: Any) -> None:
        def once(summary: dict[str, Any]) -> None:
            self.project_loaded.disconnect(once)
            if "error" not in summary:
                fn()

        self.project_loaded.connect(once)

    # --- lifetime -------------------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop the run, the hilog stream and the device poller (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self.controller.cancel()
        self.controller.wait(15)
        self._stop_feed()
        self.hilog.shutdown()
        with contextlib.suppress(Exception):
            self.hub.devices_changed.disconnect(self._on_devices)
            self.hub.target_changed.disconnect(self._on_target)
            self.hub.error_changed.disconnect(self._on_hub_error)
        self.hub.release()

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)


def _failure_of(run: dict[str, Any] | None, result: dict[str, Any]) -> tuple[Any, str | None]:
    """The finding to show and the failed step's name, from the persisted run or the event."""
    step = result.get("step")
    finding = finding_dict(result.get("finding"))
    if run is not None:
        failed = next(
            (s for s in run.get("steps", []) if s["verdict"] in ("failed", "timeout")), None
        )
        if failed is not None:
            step = step or failed["name"]
            finding = finding or finding_dict(failed.get("doctor"))
            if finding is None:
                finding = {
                    "kind": failed["verdict"] if failed["verdict"] == "timeout" else "failed",
                    "evidence": failed.get("message") or "",
                    "fix": "",
                    "code": failed.get("error_code"),
                    "query_terms": [t for t in (failed["name"], failed.get("error_code")) if t],
                    "location": None,
                }
        finding = finding or finding_dict(run.get("doctor"))
    return finding, step

"""The main window: Memories, Runs, Devices, Code and Review areas, an error banner, a status bar and menus.

The window can be shown before the database is open (``MainWindow()`` then
:meth:`MainWindow.set_context`): app start paints at once and fills the areas when the core is
ready (see :mod:`hmdesk.gui.app`). The areas are imported when the context arrives, not at
module import, for the same reason: together they import in most of a second.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from hmdesk.gui.agent.menu import AgentMenu
from hmdesk.gui.common.error_banner import ErrorBanner
from hmdesk.gui.common.layout_memory import restore_layout, save_layout
from hmdesk.gui.common.logs import log_file_path
from hmdesk.gui.common.notifier import Notifier
from hmdesk.gui.common.tab_keys import KeyRouter
from hmdesk.gui.context import AppContext
from hmdesk.gui.runs.run_actions import RunActions
from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.results import QueryResult
    from hmdesk.core.toolchain.crash.detect import CrashGroup
    from hmdesk.gui.code.area import CodeArea
    from hmdesk.gui.devices.area import DevicesArea
    from hmdesk.gui.memories.area import MemoriesArea
    from hmdesk.gui.memories.model import PreparedRows
    from hmdesk.gui.memories.preview import PreviewPane
    from hmdesk.gui.review.area import ReviewArea
    from hmdesk.gui.runs.area import RunsArea
    from hmdesk.gui.runs.controller import RunOutcome

log = logging.getLogger(__name__)

LATER_AREAS_MS = 3000  # app start: the early areas at the latest after this
IDLE_BEFORE_AREAS_S = 0.5  # ... and only once nothing was typed (nor a result drawn) for this long
EARLY_REVIEW_MAX = 5_000  # a store this small gets its Review area (and count badge) early

AreaName = Literal["runs", "devices", "code", "review"]
AREA_TABS: dict[AreaName, int] = {"runs": 1, "devices": 2, "code": 3, "review": 4}


def _import_other_areas() -> None:  # worker thread: imports only, no widgets
    import hmdesk.gui.code.area
    import hmdesk.gui.devices.area
    import hmdesk.gui.review.area
    import hmdesk.gui.runs.area  # noqa: F401


class MainWindow(QMainWindow):
    """Signals:
    context_ready(): the areas were built from an AppContext.
    first_painted(): the window was painted for the first time (start-up continues after it).
    first_results(): results are on screen for the first time (the first look from the stored
    index, or the Memories area's first result).
    """

    context_ready = Signal()
    first_painted = Signal()
    first_results = Signal()

    def __init__(self, ctx: AppContext | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        self.setWindowTitle("hmdesk")
        self.setObjectName("mainWindow")
        self.ctx: AppContext | None = None
        self.settings = settings if settings is not None else (ctx.settings if ctx else QSettings())
        self.memories: MemoriesArea | None = None
        self.runs: RunsArea | None = None
        self.devices: DevicesArea | None = None
        self.code: CodeArea | None = None
        self.review: ReviewArea | None = None
        self.recall_lab: QWidget | None = None
        self._painted = False
        self._results_shown = False
        self._closing = False
        self._importing = False
        self.run_actions: RunActions | None = None  # the Runs actions, from set_context on
        central = QWidget(self)
        lay = QVBoxLayout(central)
        lay.setContentsMargins(4, 4, 4, 0)
        lay.setSpacing(4)
        self.banner = ErrorBanner(central)
        lay.addWidget(self.banner)
        self.tabs = QTabWidget(central)
        self.tabs.setObjectName("mainTabs")
        self.tabs.setDocumentMode(True)
        for name in ("Memories", "Runs", "Devices", "Code", "Review"):
            w = QLabel("Opening the database…" if name == "Memories" else "")
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.tabs.addTab(w, name)
        lay.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.db_label = QLabel(self)
        self.db_label.setObjectName("dbLabel")
        self.statusBar().addPermanentWidget(self.db_label)
        self.statusBar().showMessage("Starting…")
        self._build_menus()
        self._add_shortcuts_list()
        self._add_window_keys()
        self.notifier: Notifier | None = None  # made with the areas (a tray icon, if any)
        self._pending_files: list[str] = []  # given by another instance before the areas
        self.agent_menu = AgentMenu(self)  # Agent menu, Help › Connect an agent (gui/agent)
        self.resize(1280, 800)
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if ctx is not None:
            self.set_context(ctx)

    # ------------------------------------------------------------------ menus
    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.edit_menu = bar.addMenu("&Edit")
        self.view_menu = bar.addMenu("&View")
        self.help_menu = bar.addMenu("&Help")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self._quit_action = quit_action
        self.file_menu.addAction(quit_action)
        about = QAction("&About hmdesk", self)
        about.triggered.connect(self._about)
        self.help_menu.addAction(about)
        self.log_action = QAction("Show &log file location", self)
        self.log_action.triggered.connect(self._show_log_path)
        self.help_menu.addAction(self.log_action)
        from hmdesk.gui.preferences.action import preferences_action  # Edit › Preferences… Ctrl+,

        self.preferences_action = preferences_action(
            self,
            self.edit_menu,
            lambda: (
                self.ctx.db.path
                if self.ctx is not None and self.ctx.db.dialect == "sqlite"
                else None
            ),
        )

    def _add_shortcuts_list(self) -> None:
        """Help › Keyboard shortcuts (``?`` outside text fields, F1): every action's keys."""
        action = QAction("&Keyboard shortcuts", self)
        action.setObjectName("action_shortcuts")
        action.setShortcuts([QKeySequence("?"), QKeySequence("F1")])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(self.show_shortcuts)
        self.addAction(action)
        self.help_menu.insertAction(self.help_menu.actions()[0], action)
        self.shortcuts_action = action
        self.shortcuts_dialog: QDialog | None = None
        self.palette_dialog: QDialog | None = None

    def _add_window_keys(self) -> None:
        """View › Command palette (Ctrl+Shift+P), Recall lab (Ctrl+Shift+L), the tab keys."""
        from hmdesk.gui.common.tab_keys import tab_actions

        self.palette_action = self._window_action("&Command palette…", "Ctrl+Shift+P")
        self.palette_action.triggered.connect(self.show_palette)
        self.lab_action = self._window_action("Recall &lab…", "Ctrl+Shift+L")
        self.lab_action.setObjectName("action_recall_lab")
        self.lab_action.triggered.connect(self.open_recall_lab)
        names = [self.tabs.tabText(i) for i in range(self.tabs.count())]
        self.tab_actions = tab_actions(self, self.tabs, names)
        self._place_view_actions()

    def _window_action(self, text: str, keys: str) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(action)
        return action

    def _place_view_actions(self) -> None:
        self.view_menu.addSeparator()
        self.view_menu.addActions([self.palette_action, self.lab_action])
        self.view_menu.addSeparator()
        self.view_menu.addActions(self.tab_actions)

    def show_palette(self) -> QDialog:
        """The command palette over the window's actions now (one at a time)."""
        from hmdesk.gui.common.command_palette import CommandPalette

        if self.palette_dialog is not None:
            self.palette_dialog.close()
        dialog = self.palette_dialog = CommandPalette(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.finished.connect(lambda _r: setattr(self, "palette_dialog", None))
        dialog.show()
        dialog.activateWindow()  # the keys go to it, with or without a window manager
        return dialog

    def show_shortcuts(self) -> QDialog:
        """The shortcuts list, built from the window's actions now (non-modal, one at a time)."""
        from hmdesk.gui.common.shortcuts import ShortcutsDialog

        if self.shortcuts_dialog is not None:
            self.shortcuts_dialog.close()
        dialog = ShortcutsDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.finished.connect(lambda _r: self._shortcuts_closed(dialog))
        self.shortcuts_dialog = dialog
        dialog.show()
        return dialog

    def _shortcuts_closed(self, dialog: QDialog) -> None:
        if self.shortcuts_dialog is dialog:
            self.shortcuts_dialog = None

    def _fill_menus(self, area: MemoriesArea) -> None:
        a = area.actions_by_name
        self.file_menu.clear()
        if self.run_actions is not None:  # Ctrl+O: the Runs tab's project (the Code tab's too)
            self.file_menu.addAction(self.run_actions.by_name["open"])
        for name in ("import", "starter"):
            self.file_menu.addAction(a[name])
        self.file_menu.addSeparator()
        for name in ("export_jsonl", "export_csv"):
            self.file_menu.addAction(a[name])
        self.file_menu.addSeparator()
        self.file_menu.addAction(self._quit_action)
        self.edit_menu.clear()
        self.edit_menu.addAction(a["undo"])
        self.edit_menu.addAction(a["redo"])
        self.edit_menu.addSeparator()
        for name in ("new", "edit", "confidence", "supersede", "history", "delete", "restore"):
            self.edit_menu.addAction(a[name])
        self.edit_menu.addSeparator()
        for name in ("add_tag", "remove_tag"):
            self.edit_menu.addAction(a[name])
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(a["copy_json"])
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.preferences_action)
        self.view_menu.clear()
        for name in ("focus_query", "refresh", "back", "sync"):
            self.view_menu.addAction(a[name])
        self._place_view_actions()
        # Window-wide shortcuts need the actions on a widget of this window.
        for act in a.values():
            if act.shortcutContext() == Qt.ShortcutContext.WindowShortcut:
                self.addAction(act)

    def open_recall_lab(self) -> QWidget | None:
        """The Recall lab window (one per main window, kept while it lives)."""
        if self.ctx is None:
            return None
        if self.recall_lab is None:
            from hmdesk.gui.lab.window import RecallLabWindow

            self.recall_lab = RecallLabWindow(self.ctx, self)
        self.recall_lab.show()
        self.recall_lab.activateWindow()
        return self.recall_lab

    def _about(self) -> None:
        QMessageBox.about(self, "About hmdesk", about_text())

    def _show_log_path(self) -> None:
        self.statusBar().showMessage(f"Log file: {log_file_path()}", 10000)

    # ------------------------------------------------------------------ context
    def set_context(
        self,
        ctx: AppContext,
        *,
        later_areas: bool = False,
        memories: MemoriesArea | None = None,
    ) -> None:
        """Build the areas from ``ctx``. With ``later_areas`` (app start) the Runs, Devices,
        Code and Review areas are built when their tab is first opened (a small store's Review
        area once the Memories area shows its first result, :meth:`_early_areas`): building
        one is a long event-loop turn (docs/decisions/0012-window-opens-in-steps.md). Their modules are imported on a worker after the
        first result. ``memories``: the Memories area,
        already built from ``ctx`` (app start builds it in an event-loop turn of its own)."""
        from hmdesk.gui.memories.area import MemoriesArea

        self.ctx = ctx
        ctx.bus.error.connect(self.banner.show_error)
        ctx.bus.info.connect(self._show_info)
        current = max(0, min(4, _int_setting(self.settings.value("window/tab", 0))))
        self.memories = memories if memories is not None else MemoriesArea(ctx, self.tabs)
        self.memories.result_applied.connect(self._results_on_screen)
        wide = Qt.ShortcutContext.WindowShortcut
        window_wide = [
            a for a in self.memories.actions_by_name.values() if a.shortcutContext() == wide
        ]
        self.keys = KeyRouter(window_wide, self.memories)  # a tab's own keys win on that tab
        # the Runs actions, window-wide, before their area: the first one used builds it
        self.run_actions = RunActions(self, lambda: self._build_area("runs"))
        self.tabs.setUpdatesEnabled(False)
        # Only the Memories tab changes: the others keep their placeholders until
        # build_other_areas() (adding five tabs again is a tab bar layout of its own).
        old = self.tabs.widget(0)
        self.tabs.insertTab(0, self.memories, "Memories")
        self.tabs.removeTab(1)
        if old is not None:
            old.deleteLater()
        if not later_areas:
            self.build_other_areas()
        else:
            self.tabs.currentChanged.connect(self._tab_opened)
            self.memories.result_applied.connect(self._first_result)
            QTimer.singleShot(LATER_AREAS_MS, self._build_when_idle)  # no result: anyway
            if current != 0:  # the tab the window was closed on: its area now
                self._tab_opened(current)
        self.tabs.setCurrentIndex(current)
        self.tabs.setUpdatesEnabled(True)
        self._fill_menus(self.memories)
        memories = self.memories
        memories.reveal.connect(lambda: self.tabs.setCurrentWidget(memories))
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        self.db_label.setText(ctx.db.where)  # a team store's URL without its password
        self.setWindowTitle(
            f"hmdesk — {ctx.db.path.name if ctx.db.dialect == 'sqlite' else ctx.db.where}"
        )
        self.statusBar().showMessage("Ready", 3000)
        if self.memories.stack.currentWidget() is not self.memories.empty:
            QTimer.singleShot(0, self.memories.table.setFocus)
        self.notifier = Notifier(self)
        self.tabs.currentChanged.connect(lambda i: self.keys.route(self.tabs.widget(i)))
        self.keys.route(self.tabs.currentWidget())
        self.context_ready.emit()
        if self._pending_files:
            self.receive_files(self._pending_files)

    def _first_result(self, _result: object) -> None:
        """Import the other areas' modules on a worker (the GUI thread stays free), then build
        the early ones here (:meth:`_early_areas`); the others wait for their tab."""
        if self._importing or self.runs is not None:
            return
        self._importing = True
        from hmdesk.gui.common.workers import run_in_thread

        def failed(exc: BaseException) -> None:
            log.warning("importing the Runs and Devices areas: %s", exc)
            self.build_other_areas()  # here, where the error is reported

        run_in_thread(
            _import_other_areas, on_done=lambda _r: self._build_when_idle(), on_error=failed
        )

    def _tab_opened(self, index: int) -> None:
        """App start: an area is built when its tab is first shown."""
        for name, tab in AREA_TABS.items():
            if tab == index:
                self._build_area(name)

    def build_other_areas(self) -> None:
        """The Runs, Devices, Code and Review areas in place of their placeholders (once)."""
        for name in AREA_TABS:
            self._build_area(name)

    def _early_areas(self) -> list[AreaName]:
        """The areas built at app start without their tab being opened: only the Review area,
        and only for a small store, whose scan runs at once and shows its count in the tab
        title (a large store is scanned when the tab is first shown anyway). Building an area
        is one long event-loop turn (a key pressed meanwhile waits for it): the
        others wait until their tab is opened (or, for the Runs area, one of its actions is used)."""
        memories = self.memories
        result = memories.result if memories is not None else None
        if self.review is None and result is not None and result.pool <= EARLY_REVIEW_MAX:
            return ["review"]
        return []

    def _build_when_idle(self) -> None:
        """Build the early areas one per event-loop turn, and only once the user has not typed
        for a moment: building one is a long turn on the GUI thread
        (docs/decisions/0012-window-opens-in-steps.md)."""
        early = self._early_areas()
        if self._closing or self.ctx is None or not early:
            return
        memories = self.memories
        busy = memories.searcher.warming.busy_until + IDLE_BEFORE_AREAS_S if memories else 0.0
        wait = busy - time.monotonic()
        if wait > 0:
            QTimer.singleShot(int(wait * 1000) + 20, self._build_when_idle)
            return
        self._build_area(early[0])
        QTimer.singleShot(0, self._build_when_idle)

    def _build_area(self, which: AreaName) -> None:
        if self.ctx is None or self._closing or getattr(self, which) is not None:
            return
        area: RunsArea | DevicesArea | CodeArea | ReviewArea
        if which == "runs":
            from hmdesk.gui.runs.area import RunsArea

            area = self.runs = RunsArea(self.ctx, actions=self.run_actions)
            area.memory_requested.connect(self._show_memory)  # "Open it" on a card
            area.run_done.connect(self._notify_run)
            area.hilog.crashes_found.connect(self._notify_crashes)
            index, name = 1, "Runs"
        elif which == "code":
            from hmdesk.gui.code.area import CodeArea

            area = self.code = CodeArea(self.ctx)
            area.memory_requested.connect(self._show_memory)
            index, name = 3, "Code"
        elif which == "review":
            from hmdesk.gui.review.area import ReviewArea

            area = self.review = ReviewArea(self.ctx)
            area.memory_requested.connect(self._show_memory)
            area.title_changed.connect(self._review_title)
            index, name = 4, area.title
        else:
            from hmdesk.gui.devices.area import DevicesArea

            area = self.devices = DevicesArea(self.ctx)
            area.crash_opened.connect(self._open_crash)  # a downloaded fault log
            index, name = 2, "Devices"
        restore_layout(area, self.settings)  # its splitters and columns as the user left them
        current = self.tabs.currentIndex()
        self.tabs.setUpdatesEnabled(False)
        old = self.tabs.widget(index)
        self.tabs.insertTab(index, area, name)
        self.tabs.removeTab(index + 1)
        if old is not None:
            old.deleteLater()
        self.tabs.setCurrentIndex(current)
        self.tabs.setUpdatesEnabled(True)
        self.keys.route(self.tabs.currentWidget())

    def _notify_run(self, outcome: RunOutcome) -> None:
        if self.notifier is not None and outcome.status != "cancelled":
            word = "finished" if outcome.status == "success" else "failed"
            self.notifier.notify(f"hmdesk: run #{outcome.run_id} {word}", "", self._show_runs)

    def _notify_crashes(self, groups: list[CrashGroup]) -> None:
        if self.notifier is not None and groups:
            c = groups[-1].crash
            what = " · ".join(
                t for t in (c.title, c.bundle, f"{c.name}: {c.message}".strip(": ")) if t
            )
            self.notifier.notify("hmdesk: the app crashed", what, self._show_runs)

    def _open_crash(self, crash: object) -> None:
        """A fault log downloaded in the Devices tab: its crash card in the Runs feed."""
        self._show_runs()
        if self.runs is not None:
            self.runs.open_faultlog(crash)

    def _show_runs(self) -> None:
        """A notification was clicked: the Runs tab, its newest card on top."""
        self._build_area("runs")
        if self.runs is not None:
            self.tabs.setCurrentWidget(self.runs)

    def receive_files(self, files: list[str]) -> None:
        """Another ``hmdesk`` on this database handed over (single instance): the window comes
        to the front and opens each file, a memory file imported, a folder as the project."""
        self.show()
        self.raise_()
        self.activateWindow()
        if self.ctx is None or self.memories is None:
            self._pending_files = [*self._pending_files, *files]
            return
        self._pending_files = []
        for f in files:
            path = Path(f)
            if path.is_dir():
                self._show_runs()
                if self.runs is not None:
                    self.runs.project_bar.open_project(str(path))
            elif path.suffix.lower() in (".jsonl", ".json") and path.is_file():
                self.tabs.setCurrentWidget(self.memories)
                self.memories.importer.import_hmharness(path)
            else:
                self.banner.show_error(
                    f"hmdesk cannot open {f}",
                    "Give it an hmharness memory file (.jsonl) to import or a project folder.",
                )

    def _review_title(self, title: str) -> None:
        if self.review is not None and (i := self.tabs.indexOf(self.review)) >= 0:
            self.tabs.setTabText(i, title)

    def show_error(self, what: str, todo: str = "") -> None:
        self.banner.show_error(what, todo)

    def _show_memory(self, memory_id: str) -> None:
        """A memory link in another area: the Memories tab, with that memory shown."""
        if self.memories is not None:
            self.tabs.setCurrentWidget(self.memories)
            self.memories.show_memory_id(memory_id)

    def show_index_progress(self, done: int, total: int) -> None:
        """The search index being built while the database opens (GUI thread); the "Ready" of
        :meth:`set_context` replaces the message once the database is open."""
        if done >= total:
            self.statusBar().showMessage(f"Saving the search index of {total:,} memories…")
            return
        self.statusBar().showMessage(f"Building the search index… {done:,} of {total:,} memories")

    def show_first_look(
        self, result: QueryResult | None, prepared: PreparedRows | None = None
    ) -> PreviewPane | None:
        """The saved query's results from the stored index, until the store is open (app
        start, :mod:`hmdesk.gui.memories.preview`; ``prepared``: its rows, built on the
        worker); nothing (None) once the areas exist."""
        if result is None or self.ctx is not None or self._closing:
            return None
        from hmdesk.gui.memories.preview import PreviewPane

        pane = PreviewPane(result, prepared=prepared)
        # Into its tab in the next event-loop turn, so that building it and painting it are
        # two short turns rather than one long one (docs/decisions/0012-window-opens-in-steps.md).
        QTimer.singleShot(0, lambda: self._place_first_look(pane))
        return pane

    def _place_first_look(self, pane: PreviewPane) -> None:
        if self.ctx is not None or self._closing:  # the area came first
            pane.deleteLater()
            return
        current = self.tabs.currentIndex()
        old = self.tabs.widget(0)
        self.tabs.removeTab(0)
        self.tabs.insertTab(0, pane, "Memories")
        self.tabs.setCurrentIndex(current)
        if old is not None:
            old.deleteLater()
        self._results_on_screen()

    def _results_on_screen(self, *_args: object) -> None:
        if not self._results_shown:
            self._results_shown = True
            self.first_results.emit()

    def _show_info(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_painted.emit()

    # ------------------------------------------------------------------ palette / close
    def save_state(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("window/tab", self.tabs.currentIndex())
        if self.memories is not None:
            self.memories.save_state()
        for area in (self.runs, self.devices, self.code, self.review):
            if area is not None:
                save_layout(area, self.settings)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closing = True
        if self.ctx is not None:  # nothing worth remembering before the areas exist
            self.save_state()
        for area in (self.memories, self.runs, self.devices, self.code, self.review):
            if area is None:
                continue
            try:
                area.shutdown()
            except Exception:  # one area failing to stop must not keep the others running
                # (threads, child processes) nor the window open; logged with its traceback
                log.exception("stopping %s", type(area).__name__)
        if self.notifier is not None:
            self.notifier.close()
        self.settings.sync()
        super().closeEvent(event)


def about_text() -> str:
    """What Help → About says: the name, the version (``hmdesk.core.__version__``), the purpose."""
    from hmdesk.core import __version__

    return (
        f"<b>hmdesk</b> {__version__}<br>What your coding agent remembers about HarmonyOS work, "
        "why each memory is recalled, and a one-click build → install → launch runner."
    )


def _int_setting(value: object) -> int:
    """A QSettings value read back as an int (INI files give strings; a bad value gives 0)."""
    if isinstance(value, int):
        return value
    try:
        return int(str(value or 0))
    except ValueError:
        return 0

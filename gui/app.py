"""hmdesk GUI entry point: QApplication set-up, logging, excepthook, palette, main window.

Start-up paints the window first and opens the database on a worker thread (importing
SQLAlchemy and running migration checks takes a few hundred ms), then fills the areas. A
database that cannot be opened gives a clear dialog with the reason and exits with status 1.
"""

from __future__ import annotations

import argparse
import html
import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import shiboken6
from hmdesk.gui.common.dialog_buttons import Button, dialog_buttons
from hmdesk.gui.common.logs import APP_NAME, log_file_path, qt_message_handler, setup_logging
from hmdesk.gui.common.theme import follow_theme
from PySide6.QtCore import (
    QObject,
    QSettings,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
    qInstallMessageHandler,
)
from PySide6.QtGui import QGuiApplication, QIcon, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.results import QueryResult
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.gui.main_window import MainWindow
    from hmdesk.gui.memories.model import PreparedRows

log = logging.getLogger("hmdesk")

EXIT_WAIT_MS = 5000  # at exit, how long running worker jobs are waited for
FIRST_LOOK_PAINT_MS = 300  # the store opens after the first look is painted, or after this

APP_ID = "io.github.hmdesk.Hmdesk"
"""The reverse-DNS id: the .desktop file's name, the AppStream id (packaging/)."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The window icon's sizes (resources/icons/hmdesk-<size>.png, rendered from hmdesk.svg)."""


def app_icon() -> QIcon:
    """The application icon from the package's PNGs (read through importlib.resources, so it
    loads from a wheel, a zip or a bundle alike); an empty icon when none can be read."""
    icon = QIcon()
    folder = resources.files("hmdesk.resources").joinpath("icons")
    for size in ICON_SIZES:
        pixmap = QPixmap()
        try:
            data = folder.joinpath(f"hmdesk-{size}.png").read_bytes()
        except OSError as exc:
            log.warning("app icon: %s", exc)
            continue
        if pixmap.loadFromData(data, "PNG"):
            icon.addPixmap(pixmap)
    return icon


# ------------------------------------------------------------------------------ excepthook


class ExceptionDialog(QDialog):
    """An unexpected error: what it was, the details, where the log is. The app keeps running."""

    def __init__(
        self, summary: str, details: str, log_path: Path, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("exceptionDialog")
        self.setWindowTitle("hmdesk hit an unexpected error")
        lay = QVBoxLayout(self)
        head = QLabel(
            f"<b>Something went wrong:</b> {html.escape(summary)}<br>hmdesk is still running; "
            "what you were doing may not have finished. The details below are also in the log "
            "file:",
            self,
        )
        head.setWordWrap(True)
        head.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(head)
        self.log_label = QLabel(f"<code>{html.escape(str(log_path))}</code>", self)
        self.log_label.setObjectName("exceptionLogPath")
        self.log_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.log_label)
        self.details = QPlainTextEdit(self)
        self.details.setObjectName("exceptionDetails")
        self.details.setReadOnly(True)
        self.details.setPlainText(details)
        lay.addWidget(self.details, 1)
        buttons = dialog_buttons(self, Button.Close)
        copy = buttons.addButton("Copy details", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(details))
        lay.addWidget(buttons)
        self.resize(720, 420)

    def add_details(self, more: str) -> None:
        self.details.appendPlainText("\n" + more)


_open_dialog: ExceptionDialog | None = None


def handle_exception(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> None:
    """``sys.excepthook``: log it, show (or extend) the non-blocking exception dialog."""
    global _open_dialog
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    details = "".join(traceback.format_exception(exc_type, exc, tb))
    log.critical("unexpected error\n%s", details)
    app = QApplication.instance()
    if app is None:
        sys.__excepthook__(exc_type, exc, tb)
        return
    summary = f"{exc_type.__name__}: {exc}"
    # A closed dialog deletes itself (WA_DeleteOnClose): check the C++ object still exists.
    if _open_dialog is not None and shiboken6.isValid(_open_dialog) and _open_dialog.isVisible():
        _open_dialog.add_details(details)
        return
    parent = QApplication.activeWindow()
    dialog = ExceptionDialog(summary, details, log_file_path(), parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    _open_dialog = dialog
    dialog.show()


class _ThreadRelay(QObject):
    """Carries an exception from a Python worker thread to the GUI thread (queued signal)."""

    raised = Signal(object, object, object)  # (type, exception or None, traceback or None)


_relay: _ThreadRelay | None = None


class ProgressRelay(QObject):
    """Hands ``(done, total)`` from the thread opening the database to the GUI thread (queued
    signal; the core reports every few thousand memories, so each report is one event)."""

    progressed = Signal(int, int)

    def report(self, done: int, total: int) -> None:
        self.progressed.emit(done, total)


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if _relay is None or args.exc_type is SystemExit:
        threading.__excepthook__(args)
        return
    _relay.raised.emit(args.exc_type, args.exc_value, args.exc_traceback)


def _relayed(
    exc_type: type[BaseException], exc: BaseException | None, tb: TracebackType | None
) -> None:
    """A worker thread's exception, now on the GUI thread (``exc`` is None when the thread
    raised a bare class)."""
    handle_exception(exc_type, exc if exc is not None else exc_type(), tb)


def install_excepthook() -> Callable[
    [type[BaseException], BaseException, TracebackType | None], object
]:
    """Unexpected exceptions — on the GUI thread or any Python thread — open the dialog.
    Returns the previous ``sys.excepthook``."""
    global _relay
    previous = sys.excepthook
    sys.excepthook = handle_exception
    _relay = _ThreadRelay()
    _relay.raised.connect(_relayed, Qt.ConnectionType.QueuedConnection)
    threading.excepthook = _thread_excepthook
    return previous


# --------------------------------------------------------------------------------- palette


def follow_color_scheme(app: QApplication) -> None:
    """The theme setting (system, light, dark; ``hmdesk-cli config set theme …`` or
    Preferences), following the system's scheme while it is ``system``."""
    follow_theme(app)


# ------------------------------------------------------------------------------------ runtime


def configure_runtime() -> None:
    """Keep the GUI thread responsive while searches run on worker threads.

    Every call from Qt into Python (a paint, a ``data()`` call, a slot) needs the GIL. With
    CPython's default switch interval a busy search thread can make each of those wait up to
    that interval, and a repaint makes hundreds of them; a shorter one bounds that, at the price
    of a few more GIL hand-overs in the workers (docs/decisions/0014-short-gil-switch-interval.md). The garbage collector's settings are the other
    process-wide tweak: :mod:`hmdesk.core.gc_policy`.
    """
    sys.setswitchinterval(0.001)


GC_PAUSE_MAX_MS = 60_000  # the cyclic GC resumes after this even if no result came


def pause_gc_while_opening(window: MainWindow) -> None:
    """No cyclic garbage collection from now until the Memories area shows its first result
    (:mod:`hmdesk.core.gc_policy`): opening the store and loading the search index allocate
    millions of objects, and the collector's passes over them would stall the event loop. It
    resumes with the first result (after :class:`~hmdesk.gui.memories.search.SearchController`
    froze what is alive then), or after :data:`GC_PAUSE_MAX_MS`, or when the store cannot be
    opened."""
    from hmdesk.core import gc_policy

    if not gc_policy.pause():
        return

    def resume(*_args: object) -> None:
        gc_policy.resume()

    def areas() -> None:
        if window.memories is None:
            resume()
        else:
            window.memories.result_applied.connect(resume)

    window.context_ready.connect(areas)
    QTimer.singleShot(GC_PAUSE_MAX_MS, resume)
    window.destroyed.connect(resume)


# ------------------------------------------------------------------------------------ main


def parse_args(argv: list[str]) -> argparse.Namespace:
    from hmdesk.core import __version__

    parser = argparse.ArgumentParser(prog="hmdesk", description="hmdesk desktop app")
    parser.add_argument(
        "--db", help="database file (default: HMDESK_DB, the db setting, or the user data dir)"
    )
    parser.add_argument("--version", action="version", version=f"hmdesk {__version__}")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="open the window on a temporary store, run one query, print one line, exit",
    )
    parser.add_argument(
        "files",
        nargs="*",
        help="an hmharness memory file to import, or a project folder to open; with a window "
        "already open on the database, it is handed there",
    )
    args, _qt_args = parser.parse_known_args(argv[1:])
    return args


def instance_name(db: str | None) -> str | None:
    """The single-instance socket name of the database the window would open (None when it
    cannot be told: opening it reports why)."""
    from hmdesk.core.dbfile import DatabaseError, db_location, default_db_path
    from hmdesk.gui.common.single_instance import server_name

    try:
        return server_name(db_location(db) if db else default_db_path())
    except DatabaseError:
        return None


def show_open_error(window: QWidget | None, exc: BaseException) -> None:
    from hmdesk.core.db import DatabaseError

    if isinstance(exc, DatabaseError):
        text = str(exc)
    else:
        text = f"{type(exc).__name__}: {exc}"
        log.error("opening the database failed", exc_info=exc)
    box = QMessageBox(
        QMessageBox.Icon.Critical,
        "hmdesk cannot open its database",
        text,
        QMessageBox.StandardButton.Close,
        window,
    )
    box.setObjectName("dbErrorDialog")
    box.setInformativeText(
        "Pass another file with --db PATH or the HMDESK_DB environment variable. "
        f"Details are in {log_file_path()}."
    )
    box.exec()


def _report_settings_file(window: MainWindow) -> None:
    """A settings file that cannot be read: say so in the window's banner (the app runs on the
    defaults; the file is left as it is)."""
    from hmdesk.core.config import ConfigError, load

    try:
        load()
    except ConfigError as exc:
        window.show_error(
            str(exc), "Until then hmdesk uses its defaults and Preferences cannot save."
        )


def start_first_look(
    window: MainWindow, db: str | None, settings: QSettings, then: Callable[[], None]
) -> None:
    """Show the saved query's results from the stored search index, then ``then()`` (open the
    store) once they are painted. Workers; see :mod:`hmdesk.gui.memories.preview`. One after
    the other, not side by side: both are mostly Python, and sharing the interpreter lock would
    slow both (and a paint beside an import waited for the lock hundreds of times: the
    window's longest stall while it opened). The modules are imported on a worker too. Any
    failure just means no first look."""
    from hmdesk.gui.common.workers import run_in_thread

    once = _once(then)
    run_in_thread(
        _import_first_look,
        on_done=lambda _r: _first_look(window, db, settings, once),
        on_error=lambda exc: _no_look(exc, once),
    )


def _import_first_look() -> None:  # worker thread: imports only, no widgets
    import hmdesk.core.dbfile
    import hmdesk.core.memory.search_index.file_search
    import hmdesk.gui.memories.preview  # noqa: F401

    make_widget_enums()


def make_widget_enums() -> None:
    """Create the Python enums of every widget class now (worker thread, while the window
    waits for its first look; no widget is made). PySide makes them at first use, and the
    first table view's ``viewport()`` makes 80 of them at once, on the GUI thread
    (docs/decisions/0012-window-opens-in-steps.md)."""
    from PySide6 import QtWidgets

    for name in dir(QtWidgets):
        cls = getattr(QtWidgets, name, None)
        if isinstance(cls, type) and issubclass(cls, QtWidgets.QWidget):
            for attr in list(vars(cls)):
                if attr[:1].isupper():
                    getattr(cls, attr, None)


def _once(fn: Callable[[], None]) -> Callable[[], None]:
    done = {"called": False}

    def call() -> None:
        if not done["called"]:
            done["called"] = True
            fn()

    return call


def _no_look(exc: BaseException, then: Callable[[], None]) -> None:
    log.debug("no first look at the results: %s", exc)
    then()


def _first_look(
    window: MainWindow, db: str | None, settings: QSettings, then: Callable[[], None]
) -> None:
    from hmdesk.core.dbfile import DatabaseError, db_location, default_db_path
    from hmdesk.gui.common.workers import run_in_thread
    from hmdesk.gui.memories.preview import first_look_query, first_look_rows

    query = first_look_query(settings)
    try:
        path = db_location(db) if db else default_db_path()
    except DatabaseError:  # an unreadable settings file: opening the store says so
        then()
        return
    if not isinstance(path, Path):  # a team store on PostgreSQL keeps no stored index to look at
        then()
        return

    def shown(look: tuple[QueryResult, PreparedRows] | None) -> None:
        pane = window.show_first_look(*(look or (None, None)))
        if pane is None:
            then()
            return
        pane.painted.connect(then)  # the store opens once the first look is on screen
        QTimer.singleShot(FIRST_LOOK_PAINT_MS, then)  # a window that does not paint: anyway

    run_in_thread(first_look_rows, path, query, on_done=shown, on_error=lambda e: _no_look(e, then))


def open_for_window(
    db: str | None, progress: Callable[[int, int], None] | None = None
) -> tuple[Database, MemoryStore, Retriever]:
    """:func:`~hmdesk.gui.context.open_core` and then, on the same worker, the imports the
    Memories area and its first detail pane would otherwise make on the GUI thread (a stall while
    the window opened: docs/decisions/0012-window-opens-in-steps.md)."""
    from hmdesk.gui.context import open_core

    parts = open_core(db, progress=progress)
    preload_area_modules()
    return parts


def preload_area_modules() -> None:  # worker thread: imports and caches, no widgets
    import hmdesk.core.codeindex.anchors
    import hmdesk.core.memory.access
    import hmdesk.core.memory.hmharness.jsonl
    import hmdesk.core.memory.semantic.choice
    import hmdesk.core.memory.semantic.local
    import hmdesk.gui.memories.area  # noqa: F401
    from hmdesk.gui.common.highlight import code_colors
    from sqlalchemy.orm import configure_mappers

    # The ORM sets its mappers up at their first query (a long spell of Python, on whichever
    # thread asks first): here, not beside the window building its areas.
    configure_mappers()

    # pygments' lexers and styles load at their first use
    code_colors("```ts\nlet a = 1\n```\n```bash\nhdc list targets\n```\n```json\n{}\n```")


def main(
    argv: list[str] | None = None,
    *,
    on_window: Callable[[MainWindow], None] | None = None,
) -> int:
    start_time = time.perf_counter()
    argv = list(argv if argv is not None else sys.argv)
    args = parse_args(argv)
    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(APP_NAME)
    QGuiApplication.setDesktopFileName(APP_ID)
    app = QApplication.instance() or QApplication(argv)
    assert isinstance(app, QApplication)
    app.setWindowIcon(app_icon())
    name = None if args.smoke else instance_name(args.db)
    if name is not None:  # one window per database: a second one hands its files over
        from hmdesk.gui.common.single_instance import InstanceServer, hand_over

        if hand_over(name, args.files):
            return 0
        server = InstanceServer(name, app)
    smoke = None
    if args.smoke:
        from hmdesk.gui.smoke import SmokeRun

        smoke = SmokeRun(start_time)
        args.db = str(smoke.db_path)
    try:
        setup_logging(smoke.folder if smoke is not None else None)
    except OSError as exc:  # a read-only home must not stop the app
        print(f"hmdesk: cannot write the log file: {exc}", file=sys.stderr)
    qInstallMessageHandler(qt_message_handler)
    install_excepthook()
    configure_runtime()
    follow_color_scheme(app)

    from hmdesk.gui.main_window import MainWindow

    settings = smoke.settings if smoke is not None else QSettings()
    window = MainWindow(None, settings=settings)
    pause_gc_while_opening(window)
    window.show()
    if name is not None:
        server.files_received.connect(window.receive_files)
    if args.files:
        window.receive_files(args.files)
    _report_settings_file(window)
    if on_window is not None:
        on_window(window)
    status = {"code": 0}

    def opened(parts: tuple[Database, MemoryStore, Retriever]) -> None:
        from hmdesk.gui.context import AppContext
        from hmdesk.gui.memories.area import MemoriesArea
        from hmdesk.gui.memories.query_bar import QueryBar

        db, store, retriever = parts
        ctx = AppContext(db=db, store=store, retriever=retriever, settings=settings)
        built: list[MemoriesArea] = []

        def place() -> None:  # the next turn: the window around the area
            area = built[0]
            if window.ctx is not None or not shiboken6.isValid(window) or window.isHidden():
                area.shutdown()  # closed meanwhile
                return
            window.set_context(ctx, later_areas=True, memories=area)
            if smoke is not None:
                smoke.watch(window)

        def build() -> None:  # the next turn: the area around its query bar
            QTimer.singleShot(0, place)
            built.append(MemoriesArea(ctx, window.tabs, query_bar=bar))

        # Three turns: the query bar is built in this one (half of the area's work), the
        # rest of the Memories area in the next, the window set up around it in the one after
        # (one turn doing all was the longest stall while the window opened:
        # docs/decisions/0012-window-opens-in-steps.md). The area's
        # first search starts in the turn after that (a timer it starts, queued later).
        QTimer.singleShot(0, build)
        bar = QueryBar()

    def failed(exc: BaseException) -> None:
        from hmdesk.core import gc_policy

        gc_policy.resume()  # the collector was paused while the store opened
        if smoke is not None:
            smoke.fail(exc)
            return
        show_open_error(window, exc)
        status["code"] = 1
        app.exit(1)

    relay = ProgressRelay(window)
    relay.progressed.connect(window.show_index_progress, Qt.ConnectionType.QueuedConnection)
    started = {"open": False}

    def start_open() -> None:
        if started["open"]:
            return
        started["open"] = True
        from hmdesk.gui.common.workers import run_in_thread

        def open_store() -> None:
            if smoke is not None:  # the starter pack into a new store first
                from hmdesk.gui.smoke import seed_and_open

                opener: Callable[..., tuple[Database, MemoryStore, Retriever]] = seed_and_open
            else:
                opener = open_for_window
            run_in_thread(opener, args.db, progress=relay.report, on_done=opened, on_error=failed)

        if smoke is not None:
            open_store()
        else:
            start_first_look(window, args.db, settings, then=open_store)

    # Open the database once the window is on screen (imports and migration checks would
    # otherwise delay the first paint); a hidden or minimised window starts it anyway.
    window.first_painted.connect(lambda: QTimer.singleShot(0, start_open))
    QTimer.singleShot(400, start_open)
    code = app.exec()
    if name is not None:
        server.close()
    # Short start-up jobs (importing the later areas) may still run: an
    # interpreter that exits under a running worker thread aborts.
    QThreadPool.globalInstance().waitForDone(EXIT_WAIT_MS)
    if smoke is not None:
        window.close()
        smoke.cleanup()
        return code or (smoke.code or 0)
    return code or status["code"]


if __name__ == "__main__":
    raise SystemExit(main())

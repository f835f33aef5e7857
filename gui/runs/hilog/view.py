"""The live hilog view: query bar, toolbar, counters and a fixed-row table over the ring model.

Lines reach the GUI through a *feed* (``feed.HilogFeed`` for a device, or
:meth:`HilogView.push_lines` in tests): the reader thread only appends to the feed; a 100 ms timer
drains it and hands one batch per tick to :class:`HilogModel` (one insert per tick). A filter
change is applied incrementally by the model; while it catches up a zero-delay timer keeps
calling it, so the GUI never waits for a 200k-line refilter.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol

from hmdesk.core.bounded import read_input
from hmdesk.core.toolchain.crash.detect import CrashBook, detect_text
from hmdesk.core.toolchain.hilog.follow import AppFollower, FollowEvent
from hmdesk.core.toolchain.hilog.line import HilogLine
from hmdesk.core.toolchain.hilog.parse import decode_log
from hmdesk.core.toolchain.hilog.query import CrashOf
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.runs.hilog.feed import GUI_BUSY
from hmdesk.gui.runs.hilog.hints import ViewCounts, counters_text, counters_tooltip, empty_hint
from hmdesk.gui.runs.hilog.model import COLUMNS, HilogModel, line_text
from hmdesk.gui.runs.hilog.query_box import QueryEdit, asks_crashes, compile_query, completions
from hmdesk.gui.runs.hilog.table import LogTable
from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFontDatabase, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

__all__ = ["DEFAULT_RING", "RING_SETTING", "HilogView", "LineFeed", "compile_query", "completions"]

MAX_SEEN = 4000
TICK_MS = 100
MAX_LOG_BYTES = 200_000_000  # an opened log larger than this is refused (the ring holds 200k lines)
DEFAULT_RING = 200_000
RING_SETTING = "hilog/ring_capacity"


class LineFeed(Protocol):
    """Where the view's lines come from (``feed.HilogFeed`` for a device)."""

    def drain(self) -> list[HilogLine]: ...

    @property
    def dropped(self) -> int:
        """Lines the feed (or its reader) discarded because the GUI fell behind."""
        ...

    @property
    def device_dropped(self) -> int:
        """Lines the device reported lost (LOGLIMIT / LOGLIMITD markers)."""
        ...


class HilogView(QWidget):
    """Live, filterable hilog table with pause, follow-tail, clear, export and counters.

    Signals:
        clear_device_requested(): the user asked to clear the device's hilog buffer.
        log_fix_requested(str): the user asked for a device-side fix of lost lines
            (``"buffer"``: ``hilog -G 16M``; ``"flow"``: ``hilog -Q pidoff``).
        app_followed(str): the followed app started or ended a process (a one-line note).
        stats_updated(): the counters line was refreshed.
    """

    clear_device_requested = Signal()
    log_fix_requested = Signal(str)
    app_followed = Signal(str)
    capacity_requested = Signal()
    stats_updated = Signal()
    export_done = Signal(str, int)  # path, lines written
    export_failed = Signal(str, str)  # path, message
    log_opened = Signal(str, int)  # name (a path or "clipboard"), lines
    log_open_failed = Signal(str, str)  # name, message
    crashes_found = Signal(object)  # list[CrashGroup]: the crashes in an opened/pasted log

    def __init__(self, capacity: int = DEFAULT_RING, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HilogModel(capacity, self)
        self.feed: LineFeed | None = None
        self.bundle: str | None = None
        # the bundle's pids over time (package:mine across restarts), fed in tick()
        self.follower: AppFollower | None = None
        self.follow_note = ""
        # is:crash = the lines of a detected crash: the feed's detector's book (None: text rule)
        self.crash_of: CrashOf | None = None
        self.paused = False
        self._held: list[HilogLine] = []  # lines received while paused
        self._pending_push: list[HilogLine] = []
        self.paused_dropped = 0
        # counts of the current feed (read each tick) and of the feeds attached before it
        self.reader_dropped = 0  # lines the reader / feed discarded (we fell behind)
        self.device_dropped = 0  # lines the device reported lost (LOGLIMIT / LOGLIMITD markers)
        self._base_reader_dropped = 0
        self._base_device_dropped = 0
        self._pushed_device_dropped = 0
        self.stream_note = ""
        self.device_state = ""  # the hub's word while the target is not connected
        self._tags: set[str] = set()
        self._procs: set[str] = set()
        self._words_dirty = False
        self._query_text = ""
        self.query_note: str | None = None
        self._removed_since_tick = 0
        self.max_tick_ms = 0.0

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        self.query = QueryEdit(self)
        self.query.setPlaceholderText(
            "filter: tag:MyTag level:W pid:1234 -tag:LOGLIMIT message~:time.*out  (plain text works too)"
        )
        self.query.setClearButtonEnabled(True)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(250)
        self._debounce.timeout.connect(self.apply_query)
        self.query.textChanged.connect(lambda _t: self._debounce.start())
        self.query.returnPressed.connect(self.apply_query)
        bar.addWidget(self.query, 1)
        self.only_mine = QCheckBox("Only my app")
        self.only_mine.setToolTip("Show only lines of the open project's bundle (process name)")
        self.only_mine.toggled.connect(lambda _c: self.apply_query())
        self.only_mine.setEnabled(False)
        bar.addWidget(self.only_mine)
        # lines lost on the device: the two documented fixes, offered once a marker was seen
        self.fix_button = QPushButton("Fix lost lines")
        fix_menu = QMenu(self.fix_button)
        self.fix_buffer_action = QAction("Larger device buffer (hilog -G 16M)", self)
        self.fix_buffer_action.triggered.connect(lambda: self.log_fix_requested.emit("buffer"))
        self.fix_flow_action = QAction("Turn off per-process flow control (hilog -Q pidoff)", self)
        self.fix_flow_action.triggered.connect(lambda: self.log_fix_requested.emit("flow"))
        fix_menu.addAction(self.fix_buffer_action)
        fix_menu.addAction(self.fix_flow_action)
        self.fix_button.setMenu(fix_menu)
        self.fix_button.setToolTip(
            "The device threw lines away before hdc read them (LOGLIMIT / slow reader markers)"
        )
        self.fix_button.hide()
        bar.addWidget(self.fix_button)
        self.pause_button = QPushButton("Pause")
        self.pause_button.setCheckable(True)
        self.pause_button.toggled.connect(self.set_paused)
        bar.addWidget(self.pause_button)
        self.clear_button = QPushButton("Clear view")
        self.clear_button.clicked.connect(self.clear_view)
        bar.addWidget(self.clear_button)
        self.clear_device_button = QPushButton("Clear device buffer")
        self.clear_device_button.setToolTip("hdc shell hilog -r")
        self.clear_device_button.clicked.connect(self.clear_device_requested.emit)
        bar.addWidget(self.clear_device_button)
        # a push button with a menu leaves room for its arrow (a tool button drew it on the text)
        self.export_button = QPushButton("Export")
        menu = QMenu(self.export_button)
        self.export_all_action = QAction("All lines in the buffer…", self)
        self.export_all_action.triggered.connect(lambda: self.export_dialog(filtered=False))
        self.export_filtered_action = QAction("Filtered lines…", self)
        self.export_filtered_action.triggered.connect(lambda: self.export_dialog(filtered=True))
        menu.addAction(self.export_all_action)
        menu.addAction(self.export_filtered_action)
        menu.addSeparator()
        self.capacity_action = QAction("Buffer size…", self)
        self.capacity_action.triggered.connect(self.capacity_requested.emit)
        menu.addAction(self.capacity_action)
        self.export_button.setMenu(menu)
        bar.addWidget(self.export_button)
        # a log someone saved or pasted (hdc shell hilog, DevEco's Log window, the Simulator, a
        # fault log): shown like the device's lines, with its crashes detected
        self.open_button = QPushButton("Open log")
        open_menu = QMenu(self.open_button)
        self.open_file_action = QAction("Open a log file…", self)
        self.open_file_action.triggered.connect(self.open_log_dialog)
        self.paste_action = QAction("Paste log text", self)
        self.paste_action.triggered.connect(self.paste_log)
        open_menu.addAction(self.open_file_action)
        open_menu.addAction(self.paste_action)
        self.open_button.setMenu(open_menu)
        self.open_button.setToolTip(
            "Show a saved or copied log (hilog, DevEco Studio's Log window, the Simulator, a "
            "fault log) and find the crashes in it; the device stream pauses meanwhile"
        )
        bar.addWidget(self.open_button)
        lay.addLayout(bar)

        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.hide()
        lay.addWidget(self.note)
        # which opened or pasted log the view shows (hidden when the device's lines resume)
        self.log_note = QLabel()
        self.log_note.setWordWrap(True)
        self.log_note.hide()
        lay.addWidget(self.log_note)
        # why the view is empty, or which device it is not streaming from
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hint.hide()
        lay.addWidget(self.hint)

        self.table = LogTable(self.model, self)
        self.table.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        vh = self.table.verticalHeader()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(self.table.fontMetrics().height() + 4)
        vh.hide()
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setStretchLastSection(True)
        widths = {
            "time": 150,
            "pid": 55,
            "tid": 55,
            "level": 40,
            "domain": 60,
            "process": 150,
            "tag": 130,
        }
        for i, name in enumerate(COLUMNS):
            if name in widths:
                self.table.setColumnWidth(i, widths[name])
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        copy = QAction("Copy lines", self.table)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy.triggered.connect(self.copy_selection)
        self.table.addAction(copy)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        lay.addWidget(self.table, 1)

        self.stats = QLabel()
        # its text changes every tick: keep it from re-laying out the whole view each time
        self.stats.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        lay.addWidget(self.stats)

        self.model.rowsRemoved.connect(self._on_rows_removed)
        self.following = True  # follow the tail while the user is at the bottom
        self._auto = False
        vbar = self.table.verticalScrollBar()
        vbar.valueChanged.connect(self._on_scroll)
        vbar.rangeChanged.connect(self._on_range)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)
        self._timer.start()
        self._catchup = QTimer(self)
        self._catchup.setSingleShot(True)
        self._catchup.setInterval(0)
        self._catchup.timeout.connect(self._continue_filter)
        self.query.provider = lambda text: completions(text, self._tags, self._procs)
        self._apply_theme()
        self._update_stats()

    # --- theme ----------------------------------------------------------------------------
    def _apply_theme(self) -> None:
        theme = theme_for(self)
        self.note.setStyleSheet(
            f"background:{theme.warn_bg}; color:{theme.warn_text}; padding:2px 6px"
        )
        self.stats.setStyleSheet(f"color:{theme.subtle_fg}")
        self.hint.setStyleSheet(f"background:{theme.info_bg}; color:{theme.info_text}; padding:6px")
        self.model.set_theme(theme)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_theme()

    # --- feeding ------------------------------------------------------------------------
    def set_feed(self, feed: LineFeed | None) -> None:
        """Attach a feed (or detach with None): ``drain() -> list`` and the counters ``dropped``
        (lines it discarded) and ``device_dropped`` (lines the device reported lost).

        The counts of the feed it replaces are kept (they stay in the totals shown).
        """
        if feed is self.feed:
            return
        if self.feed is not None:
            self._read_feed_counts()
            self._base_reader_dropped = self.reader_dropped
            self._base_device_dropped = self.device_dropped - self._pushed_device_dropped
        self.feed = feed
        self._read_feed_counts()
        detector = getattr(feed, "crashes", None)  # HilogFeed's CrashDetector
        book = getattr(detector, "book", None)
        crashed = getattr(feed, "crashed", None)
        if crashed is not None:
            crashed.connect(self.crashes_detected)
        self.set_crash_book(book.crash_id_of if book is not None else None)

    def set_crash_book(self, crash_of: CrashOf | None) -> None:
        """``is:crash`` asks ``crash_of`` (``CrashBook.crash_id_of``) which lines belong to a
        detected crash; None: the text rule (FATAL lines and banners)."""
        if crash_of is self.crash_of:
            return
        self.crash_of = crash_of
        if asks_crashes(self.query.text()):
            self.apply_query()

    def crashes_detected(self, _groups: object = None) -> None:
        """A crash was detected: its lines now match ``is:crash`` (refilter if the query asks)."""
        if self.crash_of is not None and asks_crashes(self._query_text):
            self.apply_query()

    def _read_feed_counts(self) -> None:
        feed = self.feed
        reader = device = 0
        if feed is not None:
            reader = feed.dropped
            device = feed.device_dropped
        self.reader_dropped = self._base_reader_dropped + reader
        self.device_dropped = self._base_device_dropped + device + self._pushed_device_dropped

    def push_lines(self, lines: list[HilogLine]) -> None:
        """Queue parsed lines as if they came from the feed (tests, replay)."""
        self._pushed_device_dropped += sum(ln.dropped for ln in lines)
        self._pending_push.extend(lines)

    def set_bundle(self, bundle: str | None) -> None:
        if bundle != self.bundle:
            self.follower = AppFollower(bundle) if bundle else None
            self.follow_note = ""
        self.bundle = bundle
        self.only_mine.setEnabled(bool(bundle))
        self._mine_tooltip()
        if self.only_mine.isChecked():
            self.apply_query()

    def _mine_tooltip(self) -> None:
        bundle, follower = self.bundle, self.follower
        if not bundle or follower is None:
            self.only_mine.setToolTip("Open a project to filter on its bundle")
            return
        self.only_mine.setToolTip(
            f"Show only lines of {bundle}, followed across restarts by its pids "
            f"(package:mine)\n{follower.describe()}"
        )

    def follow_pid(self, pid: int) -> None:
        """The app's pid as ``pidof`` reported it after a launch."""
        if self.follower is not None:
            ev = self.follower.add_pid(pid, "pidof")
            if ev is not None:
                self._on_follow([ev])

    def _on_follow(self, events: list[FollowEvent]) -> None:
        notes = []
        for ev in events:
            span = ev.span
            if ev.kind == "ended":
                why = f" ({span.reason})" if span.reason else ""
                notes.append(f"{self.bundle} pid {span.pid} ended{why}")
            elif ev.previous is not None:
                notes.append(f"{self.bundle} restarted: pid {ev.previous} → {span.pid}")
            else:
                notes.append(f"following {self.bundle}: pid {span.pid}")
        self.follow_note = notes[-1]
        self._mine_tooltip()
        for note in notes:
            self.app_followed.emit(note)

    def set_stream_note(self, text: str) -> None:
        self.stream_note = text
        self._update_stats()

    def set_device_state(self, text: str) -> None:
        """The target's state when nothing streams from it ("" while it is connected)."""
        self.device_state = text
        self._update_stats()

    def set_capacity(self, capacity: int) -> None:
        self.model.set_capacity(capacity)
        self._update_stats()

    def tick(self) -> None:
        """Timer: drain the feed, hand one batch to the model, follow the tail (a GUI busy
        spell: the stream thread holds off parsing meanwhile)."""
        GUI_BUSY.busy()
        try:
            self._tick()
        finally:
            GUI_BUSY.idle()

    def _tick(self) -> None:
        started = time.perf_counter()
        lines: list[HilogLine] = []
        if self.feed is not None:
            lines = self.feed.drain()
        self._read_feed_counts()  # live: the reader and the device count while hdc runs
        if self._pending_push:
            lines = lines + self._pending_push if lines else self._pending_push
            self._pending_push = []
        if self.paused:
            if lines:
                self._held.extend(lines)
                over = len(self._held) - self.model.capacity
                if over > 0:
                    del self._held[:over]
                    self.paused_dropped += over
            self._update_stats()
            return
        if lines:
            self._note_words(lines)
            if self.follower is not None:
                # before the model filters them: a new pid's lines match at once
                events = self.follower.observe(lines)
                if events:
                    self._on_follow(events)
        bar = self.table.verticalScrollBar()
        self._removed_since_tick = 0
        done = self.model.ingest(lines)
        if self.following:
            self._scroll_to_end()
        elif self._removed_since_tick:
            self._auto = True
            bar.setValue(max(0, bar.value() - self._removed_since_tick))
            self._auto = False
        if not done:
            self._catchup.start()
        self._update_stats()
        self.max_tick_ms = max(self.max_tick_ms, (time.perf_counter() - started) * 1000)

    def _scroll_to_end(self) -> None:
        bar = self.table.verticalScrollBar()
        self._auto = True
        self.table.scrollToBottom()
        bar.setValue(bar.maximum())
        self._auto = False

    def _on_scroll(self, value: int) -> None:
        if not self._auto:
            self.following = value >= self.table.verticalScrollBar().maximum() - 1

    def _on_range(self, _lo: int, _hi: int) -> None:
        if self.following:
            self._scroll_to_end()

    def _continue_filter(self) -> None:
        done = self.model.process()
        if self.following:
            self._scroll_to_end()
        if not done:
            self._catchup.start()
        self._update_stats()

    def _on_rows_removed(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._removed_since_tick += last - first + 1

    # --- completion -----------------------------------------------------------------------
    def _note_words(self, lines: list[HilogLine]) -> None:
        if len(self._tags) >= MAX_SEEN and len(self._procs) >= MAX_SEEN:
            return
        recent = lines[-2000:]
        tags = {ln.tag for ln in recent}
        procs = {ln.process for ln in recent}
        tags.discard("")
        procs.discard("")
        new_t = tags - self._tags
        new_p = procs - self._procs
        if new_t and len(self._tags) < MAX_SEEN:
            self._tags |= new_t
            self._words_dirty = True
        if new_p and len(self._procs) < MAX_SEEN:
            self._procs |= new_p
            self._words_dirty = True

    @property
    def seen_tags(self) -> set[str]:
        return set(self._tags)

    # --- filtering ------------------------------------------------------------------------
    def apply_query(self) -> None:
        self._debounce.stop()
        text = self.query.text()
        pids = self.follower.pids if self.follower is not None else None
        predicate, note = compile_query(
            text, self.bundle, self.only_mine.isChecked(), pids, self.crash_of
        )
        self._query_text = text
        self.query_note = note
        if note:
            # the core's note says itself whether the query fell back to plain text or only
            # ignored a part ("tag: has no value: ignored"); a prefix would mislabel the latter
            self.note.setText(note)
            self.note.show()
        else:
            self.note.hide()
        self.model.set_filter(predicate)
        self._continue_filter()

    # --- actions ----------------------------------------------------------------------------
    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if self.pause_button.isChecked() != paused:
            self.pause_button.setChecked(paused)
        self.pause_button.setText("Resume" if paused else "Pause")
        if not paused:
            self.log_note.hide()
        if not paused and self._held:
            held, self._held = self._held, []
            self._pending_push.extend(held)  # counted when they first came in
            self.tick()
        self._update_stats()

    def clear_view(self) -> None:
        self._held = []
        self.model.clear()
        self._update_stats()

    def copy_selection(self) -> None:
        from PySide6.QtWidgets import QApplication

        rows = sorted({i.row() for i in self.table.selectionModel().selectedIndexes()})
        if rows:
            QApplication.clipboard().setText(
                "\n".join(line_text(self.model.line_at(r)) for r in rows)
            )

    def ask_export_path(self, filtered: bool) -> str | None:
        """The file to export to (a dialog; tests monkeypatch this)."""
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export filtered hilog lines" if filtered else "Export all hilog lines",
            str(Path.home() / ("hilog-filtered.log" if filtered else "hilog.log")),
            "Log files (*.log *.txt);;All files (*)",
        )
        return path or None

    def export_dialog(self, filtered: bool) -> None:
        path = self.ask_export_path(filtered)
        if path:
            self.export(path, filtered)

    def export(self, path: str | Path, filtered: bool) -> None:
        """Write the buffer (or only the filtered lines) to ``path`` off the GUI thread."""
        snapshot = self.model.lines_snapshot(filtered)

        def write() -> int:
            lines = snapshot()
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                for line in lines:
                    fh.write(line_text(line))
                    fh.write("\n")
            return len(lines)

        run_in_thread(
            write,
            on_done=lambda n: self.export_done.emit(str(path), n),
            on_error=lambda exc: self.export_failed.emit(str(path), str(exc)),
        )

    # --- a log from a file or the clipboard -------------------------------------------------
    def ask_open_path(self) -> str | None:
        """The log file to open (a dialog; tests monkeypatch this)."""
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a log", str(Path.home()), "Log files (*.log *.txt);;All files (*)"
        )
        return path or None

    def open_log_dialog(self) -> None:
        path = self.ask_open_path()
        if path:
            self.open_log(path)

    def paste_log(self) -> None:
        from PySide6.QtWidgets import QApplication

        text = QApplication.clipboard().text()
        if not text.strip():
            self.log_open_failed.emit("clipboard", "The clipboard holds no text.")
            self._show_note("Nothing to paste: the clipboard holds no text.")
            return
        self.load_log_text(text, "clipboard")

    def open_log(self, path: str | Path) -> None:
        """Read ``path`` off the GUI thread (at most :data:`MAX_LOG_BYTES`), then show it."""
        name = str(path)

        def read() -> str:  # a FIFO, a device, a folder or a larger file: InputError, one line
            return decode_log(read_input(path, limit=MAX_LOG_BYTES, what="the log"))

        def failed(exc: BaseException) -> None:
            msg = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.log_open_failed.emit(name, msg)
            self._show_note(f"Could not open {name}: {msg}")

        run_in_thread(read, on_done=lambda text: self.load_log_text(text, name), on_error=failed)

    def load_log_text(self, text: str, name: str) -> None:
        """Parse ``text`` and find its crashes off the GUI thread, then show it: the device
        stream pauses (its lines are held, Resume shows them after these)."""
        run_in_thread(
            lambda: detect_text(text),
            on_done=lambda out: self._show_log(name, *out),
            on_error=lambda exc: self.log_open_failed.emit(name, str(exc)),
        )

    def _show_log(self, name: str, lines: list[HilogLine], book: CrashBook) -> None:
        self.tick()  # what the device sent so far goes where it would have gone
        self.set_paused(True)  # from now on the device's lines are held for Resume
        self.model.clear()
        self.set_crash_book(book.crash_id_of)
        self._note_words(lines)
        if not self.model.ingest(lines):
            self._catchup.start()
        self._scroll_to_end()
        self._update_stats()
        groups = book.groups()
        crashes = f", {len(groups)} crash{'es' if len(groups) != 1 else ''} found" if groups else ""
        self._show_note(
            f"Showing {Path(name).name if name != 'clipboard' else 'the pasted log'} "
            f"({len(lines)} lines{crashes}). Resume to go back to the device's lines."
        )
        self.log_opened.emit(name, len(lines))
        if groups:
            self.crashes_found.emit(groups)

    def _show_note(self, text: str) -> None:
        self.log_note.setText(text)
        self.log_note.show()

    # --- counters -------------------------------------------------------------------------
    @property
    def dropped(self) -> int:
        """Lines received from the device but no longer (or never) in the view's buffer."""
        return self.model.evicted + self.reader_dropped + self.paused_dropped

    def counts(self) -> ViewCounts:
        m = self.model
        return ViewCounts(
            in_ring=m.in_ring,
            shown=m.shown,
            received=m.received + self.reader_dropped,
            filtering=m.filtering,
            caught_up=m.caught_up,
            capacity=m.capacity,
            evicted=m.evicted,
            reader_dropped=self.reader_dropped,
            paused_dropped=self.paused_dropped,
            device_dropped=self.device_dropped,
        )

    def _update_stats(self) -> None:
        counts = self.counts()
        parts = [counters_text(counts)]
        if self.paused:
            parts.append(f"PAUSED ({len(self._held):,} waiting)")
        if self.stream_note:
            parts.append(self.stream_note)
        if self.follow_note and self.only_mine.isChecked():
            parts.append(self.follow_note)
        text = " · ".join(parts)
        if text != self.stats.text():
            self.stats.setText(text)
        self.stats.setToolTip(counters_tooltip(counts, RING_SETTING))
        hint = empty_hint(
            self.device_state,
            only_mine=self.only_mine.isChecked(),
            bundle=self.bundle,
            counts=counts,
        )
        if hint != self.hint.text():
            self.hint.setText(hint)
        self.hint.setVisible(bool(hint))
        lost = counts.device_dropped > 0
        if lost != self.fix_button.isVisible():
            self.fix_button.setVisible(lost)
        self.stats_updated.emit()

    def add_beside(self, side: QWidget) -> QSplitter:
        """Put ``side`` to the right of the log table (the toolbar, the notes and the counters
        keep the view's whole width); returns the splitter between the two."""
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)
        index = lay.indexOf(self.table)
        lay.removeWidget(self.table)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.table)
        split.addWidget(side)
        lay.insertWidget(index, split, 1)
        return split

    def shutdown(self) -> None:
        self._timer.stop()
        self._catchup.stop()
        self._debounce.stop()

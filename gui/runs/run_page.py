"""The *Run* page of the Runs tab: the steps with their live logs beside the feed of cards.

:class:`RunPage` shows a run's steps (:class:`~hmdesk.gui.runs.steps.StepsPanel`) and, on the
right, the feed (:class:`~hmdesk.gui.runs.feed.RunsFeed`): every run and every crash of the app,
newest first, the current run on top and open, older runs and crash groups closed below with
their time. A failed run's entry holds the
:class:`~hmdesk.gui.runs.failure_card.FailureCard` with the pitfalls recalled for the finding, a
crash group's the crash card (:class:`~hmdesk.gui.runs.crash_card.CrashPanel`); the open entry
stays open whatever arrives, so the card being read never changes under the reader. Recalling, saving a pitfall and counting a recall talk to the memory store off the GUI
thread. :func:`failure_of` picks the finding and the failed step of a stored run.
"""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from hmdesk.core.codeindex.location_recall import Recalled, parse_location, recall_by_location
from hmdesk.core.memory.recall_floor import recall_for_terms
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import QueryResult
from hmdesk.core.toolchain.crash.detect import CrashBook, CrashGroup
from hmdesk.core.toolchain.crash.model import Crash
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.runs import RunResult
from hmdesk.gui.common.code_index import CodeIndexHolder
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.runs.crash_card import CrashPanel, group_label, shown_time
from hmdesk.gui.runs.failure_card import FailureCard, text_recalled
from hmdesk.gui.runs.feed import RunsFeed
from hmdesk.gui.runs.save_pitfall import (
    NearCopyBox,
    SavePitfallDialog,
    add_pitfall,
    near_copy,
    pitfall_prefill,
    strengthen,
)
from hmdesk.gui.runs.steps import StepsPanel
from PySide6.QtCore import QDateTime, Qt, QTimer, Signal
from PySide6.QtWidgets import QScrollArea, QSplitter, QWidget

if TYPE_CHECKING:
    from hmdesk.core.codeindex.index import CodeIndex

CRASH_COALESCE_MS = 100  # crashes arriving within this make one panel update
CARD_SHARE = 0.58  # of the page's width the steps keep when the card opens


def failure_of(run: RunResult | None) -> tuple[Finding | None, str | None]:
    """The finding to show and the failed step's name, from a finished run
    (:meth:`RunResult.failure`, which ``hmdesk-cli run`` uses too)."""
    if run is None:
        return None, None
    finding, failed = run.failure()
    return finding, failed.name if failed is not None else None


def failed_message(run: RunResult | None) -> str | None:
    """The failed step's own message (``build failed: 10505001 ArkTS Compiler Error: …``)."""
    if run is None:
        return None
    failed = next((s for s in run.steps if s.verdict in ("failed", "timeout")), None)
    return failed.message if failed is not None else None


def success_text(outcome: RunResult | object) -> str:
    """What a run that passed did: built (with the HAP), installed, or ran."""
    if not isinstance(outcome, RunResult):
        return "The run succeeded."
    scope = outcome.options.get("scope")
    if scope == "build" and outcome.hap:
        return f"Run #{outcome.run_id} built {html.escape(outcome.hap)}."
    if scope == "install":
        return f"Run #{outcome.run_id} installed the app."
    return f"Run #{outcome.run_id} succeeded."


def helped_text(memory_id: str, run_id: int | None) -> str:
    """What "This helped" says once it is counted."""
    where = f" with run #{run_id}" if run_id is not None else ""
    return (
        f"Counted: pitfall {memory_id} helped{where} (one more recall; two make a "
        "promotion proposal in Review)"
    )


def _now() -> str:
    return QDateTime.currentDateTime().toString("HH:mm:ss")


def crash_when(group: CrashGroup) -> str:
    """When a crash group last happened, as hilog printed it (``12-01 16:00:01``) or as a fault
    log's name says it (``2025-07-18 20:29:51``)."""
    return shown_time(group.crash.time).split(".", 1)[0] or _now()


def _scan(root: str | None) -> CodeIndex | None:
    """A code index of ``root`` when the window's is not ready (worker thread)."""
    if not root or not Path(root).is_dir():
        return None
    from hmdesk.core.codeindex.index import CodeIndex

    index = CodeIndex(root)
    try:
        index.scan()
    except OSError:
        return None
    return index


class RunPage(QSplitter):
    """Steps and logs on the left, the failure card (hidden until a run fails) on the right.

    Signals:
        recall_done(): the card's recalled pitfalls (or why there are none) are shown.
        pitfall_saved(str): the id of the memory saved from the card.
        recall_counted(str): "This helped" was counted for this memory id.
        location_activated(str, int, int): a location in a log or in the card was clicked.
        crashes_updated(int): the crash panel was updated with this many crashes (coalesced).
        run_requested(int): a closed run entry of the feed was opened (the area reads the run).
        memory_requested(str): "Open it" on a near-copy warning (the memory's id).
        pitfall_strengthened(str): "Strengthen it" raised that pitfall's confidence.
    """

    recall_done = Signal()
    pitfall_saved = Signal(str)
    recall_counted = Signal(str)
    location_activated = Signal(str, int, int)
    crashes_updated = Signal(int)
    run_requested = Signal(int)
    memory_requested = Signal(str)
    pitfall_strengthened = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.ctx = ctx
        self._crash_pending: dict[int, CrashGroup] = {}  # by group id, newest last
        self._crash_dir: str | None = None
        self._crash_timer = QTimer(self)
        self._crash_timer.setSingleShot(True)
        self._crash_timer.setInterval(CRASH_COALESCE_MS)
        self._crash_timer.timeout.connect(self.flush_crashes)
        self.project_bundle: str | None = None  # tags a saved pitfall with the project
        self.step_message: str | None = None  # the failed step's message, for the pitfall
        self.project_dir: str | None = None  # locations in the pitfall are relative to it
        self.steps = StepsPanel()
        self.steps.location_activated.connect(self.location_activated)
        self.addWidget(self.steps)
        self.card = FailureCard()
        self.card.save_requested.connect(self.save_pitfall)
        self.card.helped.connect(self.count_recall)
        self.card.recalled.connect(self.record_recalled)
        self.card.location_activated.connect(self.location_activated)
        self.card_scroll = QScrollArea()
        self.card_scroll.setWidgetResizable(True)
        self.card_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.card_scroll.setMinimumWidth(380)
        self.feed = RunsFeed()  # runs and crashes, newest first; the open entry holds its card
        self.feed.open_requested.connect(self._open_entry)
        self.crashes = CrashPanel(ctx)  # the crash card, lent to the open crash entry
        self.crashes.location_activated.connect(self.location_activated)
        self.crashes.pitfall_saved.connect(self.pitfall_saved)
        self.crashes.near_copy = self.near_copy_resolved  # one rule for both cards
        self.crashes.setParent(self.feed)
        self.crashes.hide()
        self.card.setParent(self.feed)
        self.card.hide()
        self._run_titles: dict[int, str] = {}
        self._crash_counts: dict[int, int] = {}  # by group id: a repeat moves its entry up
        self._opened = CrashBook()  # fault logs the reader opened (the same file twice: one)
        self.card_scroll.setWidget(self.feed)
        self.card_scroll.hide()
        self.addWidget(self.card_scroll)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)

    # --- the feed ---------------------------------------------------------------------------
    def start_run(self, run_id: int) -> None:
        """A run started: its entry on top, open (the steps on the left say how it goes)."""
        self.feed.upsert(("run", run_id), f"▶ Run #{run_id} running…", _now())
        self.feed.open(("run", run_id), None)

    def finish_run(self, run_id: int | None, text: str, *, open_it: bool = False) -> None:
        """A run that passed or was cancelled: its header says so (``text``), on top and open;
        no card (a crash card of an earlier launch stays below, closed). ``open_it``: open it
        even while another card is read (the reader asked for this run)."""
        if run_id is None:
            return
        key = ("run", run_id)
        entry = self.feed.upsert(key, text, None)
        entry.has_card = False
        self._run_titles[run_id] = text
        if open_it or self.feed.open_key == key or not self.feed.reading():
            self.feed.open(key, None)

    def _open_entry(self, kind: str, key_id: int) -> None:
        if kind == "crash":
            self.crashes.show_group(key_id)
            self.feed.open(("crash", key_id), self.crashes)
        elif kind == "run":
            self.run_requested.emit(key_id)

    def show_crashes(self, groups: object, project_dir: str | None = None) -> None:
        """Crashes from the device log (``list[CrashGroup]``): the crash card opens.

        Coalesced: the crashes that come within ``CRASH_COALESCE_MS`` (a flood can bring many
        in one tick, and a fault log completes them again) make one panel update, with every
        one of them listed and the newest on the card (``crashes_updated``).
        """
        for g in groups if isinstance(groups, list) else []:
            self._crash_pending.pop(g.id, None)  # re-inserted: the newest comes last
            self._crash_pending[g.id] = g
        if project_dir is not None:
            self._crash_dir = project_dir
        if self._crash_pending and not self._crash_timer.isActive():
            self._crash_timer.start()

    def flush_crashes(self) -> None:
        """Show the crashes waiting since the last update, in one panel update."""
        self._crash_timer.stop()
        groups = list(self._crash_pending.values())
        self._crash_pending.clear()
        if not groups:
            return
        self.crashes.project_bundle = self.project_bundle
        if self._crash_dir is not None:
            self.crashes.project_dir = self._crash_dir
        for g in self.crashes.update_groups(groups):  # merged into another: gone from the feed
            self.feed.remove(("crash", g.id))
        newest: int | None = None
        for g in groups:
            if g.retired:
                continue
            # on top when it happened again; a fault log completing it keeps its place
            again = g.count > self._crash_counts.get(g.id, g.count)
            self._crash_counts[g.id] = g.count
            entry = self.feed.upsert(("crash", g.id), group_label(g), crash_when(g), to_top=again)
            entry.has_card = True
            newest = g.id
        open_key = self.feed.open_key
        if open_key is not None and open_key[0] == "crash" and open_key[1] in self.crashes.groups:
            self.crashes.refresh(open_key[1])  # the card being read: its counts, not another
        elif newest is not None and not self.feed.reading():
            self._open_entry("crash", newest)
        self._open_column()
        self.crashes_updated.emit(len(groups))

    def open_faultlog(self, crash: Crash, project_dir: str | None = None) -> int:
        """A fault log the reader opened (downloaded in the Devices tab's Files view): its
        crash card in the feed, open whatever was read (the reader asked for it), the same card
        as a crash caught live (cause, fix, recalled pitfalls, Save as pitfall). Returns the
        crash group's id."""
        group = self._opened.add(crash)
        if project_dir is not None:
            self._crash_dir = project_dir
        self._crash_pending.pop(group.id, None)
        self._crash_pending[group.id] = group  # the newest: the one that opens
        self.feed.close_open()
        self.flush_crashes()
        return group.id

    def _open_column(self) -> None:
        if not self.card_scroll.isVisible():
            self.card_scroll.show()
            total = max(800, self.width())
            self.setSizes([int(total * CARD_SHARE), total - int(total * CARD_SHARE)])

    def hide_card(self) -> None:
        """No failure card for what comes next: the open failure card closes (the feed, with
        its older entries, stays when it has any card to show)."""
        if self.feed.open_key is not None and self.feed.open_key[0] == "run":
            self.feed.close_open()
        if not any(e.has_card for e in self.feed.entries.values()):
            self.card_scroll.hide()

    def show_card(
        self,
        run_id: int | None,
        step: str | None,
        finding: Finding | None,
        message: str | None,
        *,
        step_message: str | None = None,
        project_dir: str | None = None,
    ) -> None:
        """Show why the run failed and recall the pitfalls for it. ``step_message`` (the failed
        step's own message) and ``project_dir`` pre-fill "Save as pitfall"."""
        self.card.show_finding(step, finding, message)
        self.card.run_id = run_id
        key = ("run", run_id if run_id is not None else 0)
        title = self.card.title.text()
        self._run_titles[key[1]] = title
        entry = self.feed.upsert(key, f"✗ Run #{key[1]}: {title}" if run_id else title, None)
        entry.has_card = True
        self.feed.open(key, self.card)
        self.step_message = step_message or message
        self.project_dir = project_dir
        self._open_column()
        self.recall()

    def recall(self) -> None:
        """Recall for the finding (off the GUI thread): the memories anchored at its location
        (and its callers) first, then the text matches of its query terms."""
        finding = self.card.finding
        terms = list(finding.query_terms) if finding is not None else []
        loc = parse_location(finding.location) if finding is not None else None
        if not terms and loc is None:
            self.card.set_recalled(None)
            self.recall_done.emit()
            return
        retriever = self.ctx.retriever
        root = self.project_dir
        shared = CodeIndexHolder.for_context(self.ctx).index  # the window's, when it is built
        if shared is not None and (root is None or shared.root != Path(root).resolve()):
            shared = None

        def search(terms: list[str]) -> tuple[QueryResult | None, list[Recalled]]:
            result = recall_for_terms(retriever, terms) if terms else None
            if loc is None:
                return result, text_recalled(result)
            index = shared if shared is not None else _scan(root)
            return result, recall_by_location(retriever, index, [loc], result)

        def done(out: tuple[QueryResult | None, list[Recalled]]) -> None:
            self.card.set_recalled(*out)
            self.recall_done.emit()

        def failed(exc: BaseException) -> None:
            self.card.set_recall_error(str(exc))
            self.recall_done.emit()

        run_in_thread(search, [str(t) for t in terms], on_done=done, on_error=failed)

    def save_pitfall(self) -> None:
        """ "Save as pitfall": the pre-filled editor, then the store (off the GUI thread)."""
        prefill = pitfall_prefill(
            self.card.finding,
            self.card.step,
            self.card.run_id,
            self.project_bundle,
            message=self.step_message,
            root=self.project_dir,
        )
        values = SavePitfallDialog.ask(prefill, self)
        if not values:
            return
        recalled = [item.memory for item in self.card.items]
        if not self.near_copy_resolved(values["content"], recalled, self.card.run_id):
            return
        store = self.ctx.store

        def work() -> MemoryRecord:
            return add_pitfall(store, values, "a failed run")

        def done(record: MemoryRecord) -> None:
            self.ctx.bus.show_info(f"Saved pitfall {record.id}")
            self.pitfall_saved.emit(record.id)
            self.recall()

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not save the pitfall: {e}", ""),
        )

    def near_copy_resolved(
        self, content: str, recalled: list[MemoryRecord], run_id: int | None
    ) -> bool:
        """True: save ``content``. When it nearly repeats a pitfall the card recalled, the
        reader is asked (:class:`NearCopyBox`): open that one (``memory_requested``),
        strengthen it (off the GUI thread, said on the bus), or save the copy anyway."""
        twin = near_copy(content, recalled)
        if twin is None:
            return True
        choice = NearCopyBox.ask(twin, self)
        if choice == "open":
            self.memory_requested.emit(twin.id)
        elif choice == "strengthen":
            store = self.ctx.store
            why = f"the same failure again (run #{run_id})" if run_id else "the same failure again"

            def done(record: MemoryRecord) -> None:
                self.ctx.bus.show_info(
                    f"Strengthened pitfall {record.id}: confidence {record.confidence:.2f}"
                )
                self.pitfall_strengthened.emit(record.id)

            run_in_thread(
                strengthen,
                store,
                twin.id,
                why,
                on_done=done,
                on_error=lambda e: self.ctx.bus.show_error(f"Could not strengthen: {e}", ""),
            )
        return choice == "save"

    def record_recalled(self, run_id: int, ids: list[str]) -> None:
        """The access log: the card recalled ``ids`` for run ``run_id`` (on a worker)."""
        from hmdesk.core.memory.access import AccessLog

        run_in_thread(
            AccessLog(self.ctx.db).record_run,
            run_id,
            ids,
            on_error=lambda e: logging.getLogger(__name__).warning("access log: %s", e),
        )

    def count_recall(self, memory_id: str) -> None:
        """ "This helped": a feedback row in the access log with the run id (counted as
        helped; the card's recall is already a recall of it)."""
        from hmdesk.core.memory.access import AccessLog

        access, run_id = AccessLog(self.ctx.db), self.card.run_id

        def work(ids: list[str]) -> None:
            access.record_feedback(ids[0], run_id=run_id)

        def done(_result: object) -> None:
            row = self.card.row_for(memory_id)
            if row is not None:
                row.mark_counted()
            self.ctx.bus.show_info(helped_text(memory_id, run_id))
            self.recall_counted.emit(memory_id)

        run_in_thread(
            work,
            [memory_id],
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not count the recall: {e}", ""),
        )

"""The Review tab: agents' proposed memories, contradiction and duplicate groups, proposals.

Above, agents' proposals (:mod:`.agent_proposals`). Left, the items of the last scan
(:class:`~hmdesk.gui.common.lifecycle_worker.LifecycleScan`: the default profile's groups and the
access policy's proposals, in a child process, with progress and Cancel; listed a slice at a time,
:mod:`.filling`); right, the selected item: its members side by side (word diff between A and B,
confidence, layer, age) or the proposed change. Keys (tooltips, Help › Keyboard shortcuts): J /
Down next, K / Up previous, 1 keep both, A supersede A by B, B supersede B by A, M merge into a
new memory, D dismiss, Enter apply a proposal, T take theirs / O keep mine for a sync conflict
(:mod:`hmdesk.core.team.conflicts`), F5 scan again, Esc cancel the scan. Every write goes through
the store with a reason naming the action (``review: …``), one undo step each. Dismissals (kept
by fingerprint, .items) are undone by Ctrl+Z and listed by "Dismissed…" (.dismissed)."""

from __future__ import annotations

import html
import logging
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from operator import itemgetter
from typing import TYPE_CHECKING

from hmdesk.gui.common.diff import side_by_side_html
from hmdesk.gui.common.layout_memory import restore_splitter
from hmdesk.gui.common.lifecycle_worker import LifecycleScan, ScanResult
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.common.wording import count_of
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.review.agent_proposals import AgentProposalsPanel
from hmdesk.gui.review.dismissed import DismissalUndo
from hmdesk.gui.review.filling import SlicedFill
from hmdesk.gui.review.items import (
    ACTIONS,
    KIND_WORDS,
    Dismissals,
    ReviewItem,
    ask_merged_content,
    decay_stale,
    group_item,
    list_items,
    member_lines,
    merge_into_new,
    proposed_action,
    sides_text,
)
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.access.policy import Proposal
    from hmdesk.core.memory.record import MemoryRecord

log = logging.getLogger(__name__)

EMPTY = "Nothing to review: no contradictions, duplicates or proposals"
EARLY_SCAN_MAX = 5_000
"""Stores up to this many memories are scanned when the area is built; larger ones when the tab
is first shown (the scan of 100,000 is seconds of CPU)."""
LIST_MIN_SHARE = 6
"""A restored list narrower than 1/this of the splitter is sized again (a third)."""
MEMBERS_SHOWN = 20
"""A group's members read and shown at most (a chain of near-duplicates can hold thousands)."""


class ReviewArea(QWidget):
    """Signals:
    memory_requested(str): a memory link was clicked (the window shows it).
    title_changed(str): the tab title with the count, e.g. "Review (3)".
    scanned(): a scan finished and the list was filled.
    """

    memory_requested = Signal(str)
    title_changed = Signal(str)
    scanned = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.dismissals = Dismissals(ctx.settings)
        self.items: list[ReviewItem] = []
        self.members: list[MemoryRecord] = []
        self.scanned_at: datetime | None = None
        self.merge_editor: Callable[[QWidget, str], str | None] = ask_merged_content
        self._generation = 0
        self._version: int | None = None  # the store's data version of the last scan
        self._closed = False
        self.scan_note = ""  # why the last scan ran in the window's process, if it did
        self._restore_row = -1
        self._summary = ""  # the status line of the last scan, while its rows are listed
        self._show_pending = False
        self._sized = False
        self.scan = LifecycleScan(ctx.store, self)
        self.scan.progress.connect(self._progress)
        self.scan.finished.connect(self._groups_found)
        self.scan.failed.connect(self._failed)
        self.scan.cancelled.connect(self._cancelled)

        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        self.status = QLabel("Not scanned yet", self)
        head.addWidget(self.status, 1)
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        head.addWidget(self.progress)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop the scan (Esc)")
        self.cancel_button.clicked.connect(self.cancel_scan)
        self.cancel_button.hide()
        head.addWidget(self.cancel_button)
        self.rescan_button = QPushButton("Scan again", self)
        self.rescan_button.setToolTip("Look for contradictions, duplicates and proposals (F5)")
        self.rescan_button.clicked.connect(self.start_scan)
        head.addWidget(self.rescan_button)
        lay.addLayout(head)
        self.agent = AgentProposalsPanel(ctx, self)
        self.agent.memory_requested.connect(self.memory_requested)
        lay.addWidget(self.agent)
        split = self.split = QSplitter(self)
        split.setObjectName("reviewSplitter")  # its sizes kept (gui/common/layout_memory)
        self.list = QListWidget(split)
        self.list.setObjectName("reviewList")
        self.list.setUniformItemSizes(True)  # one line each: 50,000 rows list in milliseconds
        self.setFocusProxy(self.list)  # the tab's keys (J/K, arrows, A/B/D) from its first look
        self.filler = SlicedFill(self.list, self)
        self.filler.first.connect(self._first_rows)
        self.filler.listed.connect(
            lambda done, total: self.status.setText(f"Listing {done:,} of {total:,}…")
        )
        self.filler.done.connect(self._listed)
        self.list.currentRowChanged.connect(self._show_current)
        right = QWidget(split)
        rlay = QVBoxLayout(right)
        rlay.setContentsMargins(0, 0, 0, 0)
        self.stack = QStackedWidget(right)
        self.empty = QLabel(EMPTY, self.stack)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack.addWidget(self.empty)
        detail = QWidget(self.stack)
        dlay = QVBoxLayout(detail)
        dlay.setContentsMargins(0, 0, 0, 0)
        self.title_label = QLabel(detail)
        self.title_label.setWordWrap(True)
        dlay.addWidget(self.title_label)
        self.members_label = QLabel(detail)
        self.members_label.setWordWrap(True)
        self.members_label.linkActivated.connect(self._link)
        dlay.addWidget(self.members_label)
        sides = QHBoxLayout()
        self.side_a = QTextBrowser(detail)
        self.side_b = QTextBrowser(detail)
        for side in (self.side_a, self.side_b):
            side.setOpenLinks(False)
            sides.addWidget(side)
        dlay.addLayout(sides, 1)
        buttons = QHBoxLayout()
        self.actions_by_name: dict[str, QAction] = {}
        self.buttons: dict[str, QPushButton] = {}
        handlers: dict[str, Callable[[], object]] = {
            "keep": self.keep_both,
            "a_by_b": lambda: self.supersede(0, 1),
            "b_by_a": lambda: self.supersede(1, 0),
            "merge": self.merge,
            "dismiss": self.dismiss,
            "apply": self.apply_proposal,
            "theirs": self.take_theirs,
            "mine": self.keep_mine,
        }
        for name, (text, key, tip) in ACTIONS.items():
            shown = "Enter" if key == "Return" else key
            act = QAction(f"Review: {text.rstrip('…')}", self)
            act.setObjectName(f"review_{name}")
            keys = [QKeySequence(key)] + ([QKeySequence("Enter")] if key == "Return" else [])
            act.setShortcuts(keys)  # Enter: the keypad's too
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(handlers[name])
            self.addAction(act)
            self.actions_by_name[name] = act
            button = QPushButton(f"{text} ({shown})", detail)
            button.setToolTip(f"{tip} ({shown})")
            button.clicked.connect(act.trigger)
            buttons.addWidget(button)
            button.setVisible(name == "dismiss")  # the item's own are shown with it
            self.buttons[name] = button
        dlay.addLayout(buttons)
        self.stack.addWidget(detail)
        self.detail = detail
        rlay.addWidget(self.stack)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 2)
        lay.addWidget(split, 1)

        for name, key, fn, tip in (
            ("next", "J", self.next_item, "Next item (or Down in the list)"),
            ("previous", "K", self.previous_item, "Previous item (or Up in the list)"),
            ("pair", "P", self.next_pair, "Next pair: B becomes the next member"),
            ("rescan", "F5", self.start_scan, "Scan again"),
            ("cancel", "Esc", self.cancel_scan, "Cancel the scan"),
        ):
            act = QAction(f"Review: {tip}", self)
            act.setObjectName(f"review_{name}")
            act.setShortcut(QKeySequence(key))
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(fn)
            self.addAction(act)
            self.actions_by_name[name] = act
        self.undo = DismissalUndo(self)  # Ctrl+Z, Dismissed… (.dismissed)
        self._refresh()
        self._scan_early()

    # ------------------------------------------------------------------ scanning
    def _scan_early(self) -> None:
        """A small store is scanned at once (the count shows in the tab title); a large one
        when the tab is first shown: its scan is seconds of CPU, and at app start it would
        make the window stall while the user types."""
        from hmdesk.core.memory.errors import StoreError

        try:
            if self.ctx.store.count() <= EARLY_SCAN_MAX:
                return self.start_scan()
        except StoreError:
            pass
        self.status.setText("Opens with a scan for contradictions and duplicates")

    @property
    def title(self) -> str:
        return f"Review ({len(self.items)})" if self.items else "Review"

    def start_scan(self) -> None:
        if self._closed:
            return
        self._generation += 1
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self.status.setText("Scanning for contradictions and duplicates…")
        self.scan.start("default", ("duplicate", "contradiction"), with_plan=True, proposals=True)

    def showEvent(self, event: QShowEvent) -> None:
        """The first look at the tab (a large store), or shown again after the store changed
        elsewhere (what is listed may be stale): scan."""
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            QTimer.singleShot(0, self._size_list)  # once the layout has given it its width
        if not self.progress.isVisible() and (
            self.scanned_at is None
            or (self._version is not None and self.ctx.store.data_version() != self._version)
        ):
            self.start_scan()

    def _size_list(self) -> None:
        """The first look: the sizes the user left (gui/common/layout_memory), unless the list
        is hardly there (a state saved by an older version); else a third for the list (its
        own hint is ~170 px, whatever the width)."""
        width = self.split.width()
        if self._closed or width <= 0:
            return
        saved = restore_splitter(self.split, self.ctx.settings)
        if not saved or self.split.sizes()[0] < width // LIST_MIN_SHARE:
            self.split.setSizes([width // 3, width - width // 3])

    def cancel_scan(self) -> None:
        if self.scan.running or self.progress.isVisible():
            self._generation += 1  # a proposals step under way is dropped too
            self.scan.cancel()
            self._scan_ended("Scan cancelled; F5 to scan again")

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def _groups_found(self, result: ScanResult) -> None:
        """The scan's groups (and proposals, when the scan brought them) are in: the sync
        conflicts and the list's items and labels are made on a worker, then listed."""
        gen, store, groups, plan = self._generation, self.ctx.store, result.groups, result.plan
        ready = result.proposals
        self._version, self.scan_note = result.data_version, result.note
        self.status.setText("Listing what the scan found…")
        dismissed, seen = self.dismissals.snapshot(), self.dismissals.version

        def work() -> tuple[list[ReviewItem], list[str]]:  # worker thread
            return list_items(store, groups, ready, dismissed, plan)

        def done(made: tuple[list[ReviewItem], list[str]]) -> None:
            if gen != self._generation or self._closed:
                return
            self._fill(*made, filtered=self.dismissals.version == seen)

        def error(exc: BaseException) -> None:
            if gen == self._generation and not self._closed:
                items = [group_item(g) for g in result.groups]
                self._fill(items, [i.label for i in items])
                self.ctx.bus.show_error(f"Review: the proposals failed: {exc}")

        run_in_thread(work, on_done=done, on_error=error)

    def _failed(self, message: str) -> None:
        self._scan_ended("Scan failed; F5 to try again")
        self.ctx.bus.show_error(f"Review: {message}", "Press F5 in the Review tab to try again.")

    def _cancelled(self) -> None:
        self._scan_ended("Scan cancelled; F5 to scan again")

    def _scan_ended(self, text: str) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.status.setText(text)

    def _fill(self, items: list[ReviewItem], labels: list[str], *, filtered: bool = False) -> None:
        """List ``items`` (``labels``: their texts, made on the worker; ``filtered``: the
        dismissed ones are out already) in slices (:class:`~.filling.SlicedFill`); ``scanned``
        once all are in."""
        self.scanned_at = datetime.now(UTC)
        self._scan_ended("")
        self._restore_row = self.list.currentRow()
        if not filtered:  # a dismissal meanwhile (rare): filter again here
            keep = [n for n, i in enumerate(items) if i.fingerprint not in self.dismissals]
            items, labels = [items[n] for n in keep], [labels[n] for n in keep]
        self.items = items
        self.filler.start(labels)

    def _first_rows(self) -> None:
        """The first slice is in: select and count now, show the item a turn later (each turn
        of the event loop stays short), the rest only lists."""
        if self.items:
            self.list.blockSignals(True)
            self.list.setCurrentRow(max(0, min(self._restore_row, len(self.items) - 1)))
            self.list.blockSignals(False)
        self._refresh(show=False)
        self._summary, self._show_pending = self.status.text(), True
        QTimer.singleShot(0, self._show_later)

    def _show_later(self) -> None:
        if self._show_pending and not self._closed:
            self._show_pending = False
            self._show_current(self.list.currentRow())

    def _listed(self) -> None:
        self._show_later()
        self.status.setText(self._summary)
        self.scanned.emit()

    # ------------------------------------------------------------------ showing
    def _refresh(self, *, show: bool = True) -> None:
        counts = Counter(map(itemgetter(0), self.items))  # the kinds
        when = (
            f"scanned {self.scanned_at.astimezone().strftime('%Y-%m-%d %H:%M:%S')}"
            if self.scanned_at
            else "not scanned yet"
        )
        if self.scanned_at is not None and not self.progress.isVisible():
            summary = ", ".join(count_of(n, *KIND_WORDS.get(k, (k,))) for k, n in counts.items())
            note = f" · {self.scan_note}" if self.scan_note else ""
            self.status.setText(
                f"{summary or 'Nothing to review'} · {when} · F5 to scan again{note}"
            )
        self.empty.setText(f"{EMPTY}\n({when})")
        if not self.items:
            self.stack.setCurrentWidget(self.empty)
            self.members = []
        else:
            self.stack.setCurrentWidget(self.detail)
            if self.list.currentRow() < 0:
                self.list.setCurrentRow(0)
            if show:
                self._show_current(self.list.currentRow())
        self.title_changed.emit(self.title)

    @property
    def current(self) -> ReviewItem | None:
        row = self.list.currentRow()
        return self.items[row] if 0 <= row < len(self.items) else None

    def _show_current(self, row: int) -> None:
        item = self.items[row] if 0 <= row < len(self.items) else None
        for name, button in self.buttons.items():
            pair = name in ("keep", "a_by_b", "b_by_a", "merge")
            conflict = item is not None and item.conflict is not None
            on = item is not None and (
                (pair and not item.is_proposal and not item.stale and not conflict)
                or (name == "apply" and (item.is_proposal or bool(item.stale)))
                or (name in ("theirs", "mine") and conflict)
            )
            button.setVisible(on or name == "dismiss")
            self.actions_by_name[name].setEnabled(on or (name == "dismiss" and item is not None))
        if item is None:
            return
        from hmdesk.core.memory.errors import StoreError

        keep = item.group.keep if item.group is not None and item.kind == "duplicate" else ""
        ids = item.ids[:MEMBERS_SHOWN]
        if keep and keep not in ids:
            ids = (*ids[:-1], keep)
        try:
            members = self.ctx.store.get_many(ids)
        except StoreError as exc:
            members = []
            self.ctx.bus.show_error(f"Review: {exc}", "Press F5 to scan again.")
        others = [m for m in members if m.id != keep]
        if keep and others and len(others) < len(members):  # B: the copy proposed to keep
            members = [others[0], *(m for m in members if m.id == keep), *others[1:]]
        self.members = members
        self._render(item)

    def next_pair(self) -> None:
        """Groups of three or more: B becomes the next member (A stays)."""
        item = self._pair()
        if item is not None and len(self.members) > 2:
            self.members = [self.members[0], *self.members[2:], self.members[1]]
            self._render(item)

    def _render(self, item: ReviewItem) -> None:
        self.title_label.setText(f"<b>{html.escape(item.label)}</b>")
        proposed = proposed_action(item, self.members)
        lines = member_lines(item, self.members, proposed)
        for name, button in self.buttons.items():
            text, key, _tip = ACTIONS[name]
            shown = "Enter" if key == "Return" else key
            button.setText(f"★ {text} ({shown})" if name == proposed else f"{text} ({shown})")
            button.setDefault(name == proposed)
        self.members_label.setText("<br>".join(lines))
        theme = theme_for(self)
        c = item.conflict
        if c is not None:
            self.members_label.setText(
                "<br>".join(
                    [
                        *lines,
                        f"Left: this store ({html.escape(c.direction)}) · right: "
                        f"{html.escape(c.other)} · found {html.escape(c.found_at)}",
                    ]
                )
            )
            left, right = side_by_side_html(
                sides_text(c.mine, c.fields), sides_text(c.theirs, c.fields), theme
            )
            self.side_a.setHtml(left)
            self.side_b.setHtml(right)
            self.side_b.show()
            return
        if item.proposal is not None or len(self.members) < 2:
            self.side_a.setPlainText(self.members[0].content if self.members else "")
            self.side_b.hide()
        else:
            left, right = side_by_side_html(self.members[0].content, self.members[1].content, theme)
            self.side_a.setHtml(left)
            self.side_b.setHtml(right)
            self.side_b.show()

    def _link(self, href: str) -> None:
        if href.startswith("memory:"):
            self.memory_requested.emit(href.removeprefix("memory:"))

    # ------------------------------------------------------------------ navigation
    def next_item(self) -> None:
        if self.items:
            self.list.setCurrentRow(min(self.list.currentRow() + 1, len(self.items) - 1))

    def previous_item(self) -> None:
        if self.items:
            self.list.setCurrentRow(max(self.list.currentRow() - 1, 0))

    # ------------------------------------------------------------------ actions
    def _done(self, item: ReviewItem, message: str) -> None:
        """``item`` was handled: off the list (the rest stays until the next scan)."""
        row = self.items.index(item)
        del self.items[row]
        self.filler.removed(row)  # a fill under way: the rows to come stay in step
        self.list.blockSignals(True)
        self.list.takeItem(row)  # the row's item, dropped at once
        self.list.setCurrentRow(min(row, len(self.items) - 1))
        self.list.blockSignals(False)
        self._refresh()
        self.ctx.bus.show_info(message)

    def _write(self, item: ReviewItem, fn: Callable[[], object], message: str) -> bool:
        from hmdesk.core.memory.errors import StoreError

        try:
            fn()
        except (StoreError, ValueError) as exc:
            self.ctx.bus.show_error(f"Review: {exc}", "Press F5 to scan again.")
            return False
        self._done(item, message)
        return True

    def _pair(self) -> ReviewItem | None:
        item = self.current
        if item is None or item.is_proposal or len(self.members) < 2:
            return None
        return item

    def keep_both(self) -> None:
        item = self._pair()
        if item is not None:
            self.undo.dismiss(item)  # Ctrl+Z here takes it back (.dismissed)
            self._done(item, "Kept both; not proposed again unless one of them changes")

    def dismiss(self) -> None:
        item = self.current
        if item is not None:
            self.undo.dismiss(item)
            self._done(item, "Dismissed; not proposed again unless a memory changes")

    def supersede(self, old: int, new: int) -> None:
        item = self._pair()
        if item is None:
            return
        a, b = self.members[old], self.members[new]
        reason = f"review: {item.kind} ({item.key}), superseded by {b.id}"
        self._write(
            item,
            lambda: self.ctx.store.supersede(a.id, by=b.id, reason=reason),
            f"{a.id} superseded by {b.id} (Edit › Undo takes it back)",
        )

    def merge(self) -> None:
        item = self._pair()
        if item is None:
            return
        keep = item.group.keep if item.group is not None else ""  # the proposed survivor
        text = self.merge_editor(
            self, next((m for m in self.members if m.id == keep), self.members[0]).content
        )
        if text is None or not text.strip():
            return
        members = list(self.members)
        reason = f"review: merged {item.kind} ({item.key}) into a new memory"
        self._write(
            item,
            lambda: merge_into_new(self.ctx.store, members, text, reason),
            f"Merged {len(members)} memories into a new one (one undo step)",
        )

    def apply_proposal(self) -> None:
        item = self.current
        if item is not None and item.stale:  # consolidation's decay of a stale memory
            self._write(
                item,
                lambda: decay_stale(self.ctx.store, item),
                f"{item.key} decayed as stale (Edit › Undo takes it back)",
            )
            return
        p: Proposal | None = item.proposal if item is not None else None
        if item is None or p is None:
            return
        from hmdesk.core.memory.access.policy import apply_proposals

        pid = p.id
        self._write(
            item,
            lambda: apply_proposals(self.ctx.store, [pid]),
            f"Applied: {p.field} {p.old} → {p.new} (Edit › Undo takes it back)",
        )

    def take_theirs(self) -> None:
        self._resolve_conflict(theirs=True)

    def keep_mine(self) -> None:
        self._resolve_conflict(theirs=False)

    def _resolve_conflict(self, *, theirs: bool) -> None:
        item = self.current
        c = item.conflict if item is not None else None
        if item is None or c is None:
            return
        from hmdesk.core.team import conflicts

        store, cid = self.ctx.store, c.id
        if theirs:
            self._write(
                item,
                lambda: conflicts.take_theirs(store, cid),
                f"Took the version of {c.other} for {c.memory_id} (Edit › Undo takes it back)",
            )
        else:
            self._write(
                item,
                lambda: conflicts.keep_mine(store, cid),
                f"Kept this store's {c.memory_id}; the conflict is closed",
            )

    def shutdown(self) -> None:
        self._closed = True
        self._generation += 1
        self.agent.shutdown()
        self.filler.stop()
        self.scan.cancel()

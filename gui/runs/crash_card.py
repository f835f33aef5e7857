"""The crash card: a crash or freeze of the app, its stack in the project's code, and the pitfalls
recalled for it.

* :class:`CrashCard` shows one group of repeats (``core.toolchain.crash.CrashGroup``): the type,
  the reason, the error name and message, how many times it happened (and with which pids), the
  stack with the project's frames as ``file:line`` links (``location_activated``; the run page
  opens them with ``gui.common.editor``), the enclosing component or function from the code
  index, and the recalled pitfalls drawn like the failure card's (``PitfallRow``).
* :class:`CrashPanel` holds the card of the crash being read (the Runs pane's feed lists every
  crash group and lends the panel to the open one), and does the work off the GUI thread: the code index of the project (built once per project
  folder), frames resolved, pitfalls recalled (``core.codeindex.location_recall``: those anchored
  at the project frames and their callers first, then ``recall_for_terms`` with ``crash_terms``;
  each row says which), and
  "Save as pitfall" (pre-filled from ``crash_pitfall``: the real message and location, tagged with
  the error class, anchored to the entity when the index has it).
Keys: Ctrl+Shift+M saves the shown crash as a pitfall.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from hmdesk.core.codeindex.location_recall import Location, Recalled, recall_by_location
from hmdesk.core.memory.recall_floor import recall_for_terms
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import QueryResult
from hmdesk.core.toolchain.crash.detect import CrashGroup
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.model import Crash
from hmdesk.core.toolchain.crash.resolve import crash_pitfall, crash_terms, resolve_crash
from hmdesk.gui.common.theme import Theme, theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.runs.failure_card import (
    EvidenceBox,
    PitfallCard,
    card_title_style,
    evidence_style,
    paint_on,
    query_forms,
    text_recalled,
)
from hmdesk.gui.runs.save_pitfall import PitfallDraft, SavePitfallDialog, add_pitfall
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.codeindex.index import CodeIndex
    from hmdesk.gui.context import AppContext

SAVE_SHORTCUT = "Ctrl+Shift+M"  # M for memory (Ctrl+Shift+P: the command palette)
MAX_FRAMES = 14


_STAMP = re.compile(r"^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)\d{0,3}$")


def shown_time(time: str) -> str:
    """A crash's time as a person reads it: a fault log file name's ``20250718202951568`` as
    ``2025-07-18 20:29:51``; hilog's ``12-01 16:00:01.123`` as it is."""
    m = _STAMP.match(time)
    return f"{m[1]}-{m[2]}-{m[3]} {m[4]}:{m[5]}:{m[6]}" if m else time


def crash_locations(crash: Crash) -> list[Location]:
    """The project frames with a line, top of the stack first (recall by location)."""
    return [
        Location(f.source, f.line, f.column, f.symbol) for f in crash.frames if f.source and f.line
    ]


def group_label(group: CrashGroup) -> str:
    c = group.crash
    times = f" ×{group.count}" if group.count > 1 else ""
    what = c.name or c.reason or "?"
    msg = c.message.splitlines()[0][:80] if c.message else ""
    return f"{c.title}{times} — {what}" + (f": {msg}" if msg else "")


def stack_html(crash: Crash, theme: Theme) -> str:
    """The frames, project frames as ``loc:`` links (``source:line:col``)."""
    rows = []
    for f in crash.frames[:MAX_FRAMES]:
        sym = html.escape(f.symbol)
        if f.is_project and f.line:
            loc = f"{f.source}:{f.line}:{f.column or 1}"
            shown = f"{f.source}:{f.line}" + (f":{f.column}" if f.column else "")
            ent = (
                f' <span style="color:{theme.subtle_fg}">[{html.escape(f.entity)}]</span>'
                if f.entity
                else ""
            )
            rows.append(
                f"at <b>{sym}</b> "
                f'<a href="loc:{html.escape(loc)}" style="color:{theme.accent_fg}">'
                f"{html.escape(shown)}</a>{ent}"
            )
        else:
            rows.append(
                f'<span style="color:{theme.muted_fg}">at {sym} {html.escape(f.location)}</span>'
            )
    if len(crash.frames) > MAX_FRAMES:
        rows.append(f"… {len(crash.frames) - MAX_FRAMES} more frames")
    return "<br>".join(rows)


def look_at(crash: Crash, location: str) -> str:
    """The place the cause points at, named as the stack's link names it (the app's ``.ets``
    source); a raw release frame's line is the compiled code's, and the text says so."""
    frame = next(
        (f for f in crash.frames if f.source and location.startswith(f"{f.source}:")), None
    )
    if frame is not None and "|" in frame.file:
        return f"{location} (the line of the compiled {frame.file.rsplit('/', 1)[-1].split(':')[0]}; the .ets line is near it)"
    return location


class CrashCard(PitfallCard):
    """One crash group (signals: :class:`PitfallCard`'s)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("crashCard")
        self.group: CrashGroup | None = None
        self.crash: Crash | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        head = QHBoxLayout()
        self.title = QLabel()
        self.title.setWordWrap(True)
        head.addWidget(self.title, 1)
        self.save_button = QPushButton("Save as pitfall…")
        self.save_button.setToolTip(f"Save this crash as a pitfall memory ({SAVE_SHORTCUT})")
        self.save_button.clicked.connect(self.save_requested.emit)
        head.addWidget(self.save_button)
        lay.addLayout(head)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.reason)
        self.message = EvidenceBox()
        lay.addWidget(self.message)
        self.entity = QLabel()
        self.entity.setWordWrap(True)
        self.entity.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.entity)
        # why: the likely cause and its fix (crash.explain), when the evidence supports one
        self.cause = QLabel()
        self.cause.setObjectName("crashCause")
        self.cause.setWordWrap(True)
        self.cause.setTextFormat(Qt.TextFormat.RichText)
        self.cause.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.cause)
        self.stack = QLabel()
        self.stack.setWordWrap(True)
        self.stack.setTextFormat(Qt.TextFormat.RichText)
        self.stack.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.stack.linkActivated.connect(self._on_link)
        lay.addWidget(self.stack)
        self.add_recall_section(lay, "Recalled pitfalls")
        self.apply_theme()

    def apply_theme(self) -> None:
        theme = theme_for(self)
        if theme is self._theme:
            return
        self._theme = theme
        self.set_colours(theme.card_bg, theme.card_border, 2, 6)
        self.title.setStyleSheet(card_title_style(theme))
        self.message.setStyleSheet(evidence_style(theme))
        for label in (self.reason, self.entity, self.stack, self.recall_title):
            paint_on(label, theme.card_bg)
        self.recall_note.setStyleSheet(f"background: {theme.card_bg}; color: {theme.muted_fg}")
        if self.crash is not None:
            self.stack.setText(stack_html(self.crash, theme))
        for row in self.rows:
            row.apply_theme(theme)

    def show_crash(self, group: CrashGroup, crash: Crash | None = None) -> None:
        """Show ``group`` (``crash``: its crash with the frames resolved, when known)."""
        c = crash or group.crash
        self.group, self.crash = group, c
        times = f" ×{group.count}" if group.count > 1 else ""
        self.title.setText(f"{c.title}{times} — {c.bundle or 'the app'}")
        pids = ", ".join(str(p) for p in group.pids) or "?"
        bits = [f"<b>Reason:</b> {html.escape(c.reason or '—')}", f"pid {pids}"]
        if c.time:
            bits.append(html.escape(shown_time(c.time)))
        if group.count > 1:
            bits.append(f"{group.count} times since {html.escape(shown_time(group.first_time))}")
        if c.faultlog:
            bits.append(f"fault log {html.escape(c.faultlog)}")
        self.reason.setText(" · ".join(bits))
        if c.parsed:
            text = f"{c.name}: {c.message}" if c.message else (c.name or c.reason)
        else:
            text = "The fault log did not parse; its text:\n" + c.raw[:2000]
        self.message.setText(text or "(no message)")  # as tall as its lines at its width
        top = c.top_project_frame
        if top is not None and top.entity:
            self.entity.setText(
                f"<b>In:</b> {html.escape(top.entity)} ({html.escape(top.source or '')})"
            )
            self.entity.show()
        elif top is not None:
            self.entity.setText(f"<b>In:</b> {html.escape(top.source or '')}")
            self.entity.show()
        else:
            self.entity.hide()
        why = explain(c)
        if why is not None:
            possibly = "" if why.certain else "Possibly "
            self.cause.setText(
                f"<b>Why:</b> {possibly}{html.escape(why.cause)}.<br><b>Fix:</b> "
                f"{html.escape(why.fix)}"
                + (
                    f"<br><b>Look at:</b> {html.escape(look_at(c, why.location))}"
                    if why.location
                    else ""
                )
            )
            self.cause.show()
        else:
            self.cause.hide()
        if c.frames:
            self.stack.setText(stack_html(c, self.theme))
        else:
            note = (
                "No stack in the log lines; it comes with the device's fault log "
                "(copied when Developer options allow it)."
            )
            self.stack.setText(f'<span style="color:{self.theme.muted_fg}">{note}</span>')

    def set_recalling(self) -> None:
        self._clear_rows()
        self.recall_note.setText("searching memories …")

    def set_recalled(
        self, result: QueryResult | None, terms: list[str], items: list[Recalled] | None = None
    ) -> None:
        """``items``: recall by location (anchored at the stack's project frames first, each
        saying where it came from), else ``result``'s text matches."""
        self._clear_rows()
        rows = items if items is not None else text_recalled(result)
        if not rows:
            self.recall_title.setText("Recalled pitfalls (0)")
            self.recall_note.setText(
                "No pitfall recalled for: "
                + " ".join(terms)
                + ". Save this one so next time it is."
            )
            return
        self.recall_title.setText(f"Recalled pitfalls ({len(rows)})")
        for item in rows:
            self.add_row(item, typed=query_forms(result))
        pool = result.pool if result is not None else 0
        self.recall_note.setText(f"{pool} memories searched for: {' '.join(terms)}")

    def recalled_ids(self) -> list[str]:
        return [r.memory_id for r in self.rows]


class CrashPanel(QWidget):
    """The crashes seen on the device log (``groups``) and the card of the one being read.

    Signals: recall_done(), pitfall_saved(str), location_activated(str, int, int).
    """

    recall_done = Signal()
    pitfall_saved = Signal(str)
    location_activated = Signal(str, int, int)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.project_dir: str | None = None
        self.project_bundle: str | None = None
        self.groups: dict[int, CrashGroup] = {}
        self.resolved: dict[int, Crash] = {}
        self._indexes: dict[str, CodeIndex] = {}
        self._index_lock = threading.Lock()
        # asks before saving a near-copy of a recalled pitfall (the run page's rule), or None
        self.near_copy: Callable[[str, list[MemoryRecord], int | None], bool] | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.card = CrashCard()
        self.card.save_requested.connect(self.save_pitfall)
        self.card.location_activated.connect(self.location_activated)
        self.card.helped.connect(self._count_recall)
        lay.addWidget(self.card)
        self.save_action = QAction("Save crash as pitfall", self)
        self.save_action.setShortcut(QKeySequence(SAVE_SHORTCUT))
        self.save_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.save_action.triggered.connect(self.save_pitfall)
        self.addAction(self.save_action)
        self.card.hide()

    # --- crashes in ------------------------------------------------------------------------
    def update_groups(self, groups: list[CrashGroup]) -> list[CrashGroup]:
        """Keep the new or repeated ``groups``; returns the groups merged into another since
        (retired: gone). Shows nothing: the feed (or :meth:`add_groups`) chooses."""
        gone = [g for g in self.groups.values() if g.retired and all(n.id != g.id for n in groups)]
        for g in gone:
            self.groups.pop(g.id, None)
        for g in groups:
            if g.retired:
                self.groups.pop(g.id, None)
                gone.append(g)
                continue
            self.groups[g.id] = g
            self.resolved.pop(g.id, None)
        return gone

    def add_groups(self, groups: list[CrashGroup], project_dir: str | None = None) -> None:
        """New or repeated crashes (GUI thread): the card shows the newest unless it shows a
        crash still listed, which it keeps (its counts brought up to date)."""
        if project_dir is not None:
            self.project_dir = project_dir
        self.update_groups(groups)
        shown = self.card.group
        if shown is not None and shown.id in self.groups:
            self.refresh(shown.id)
        elif groups and not groups[-1].retired:
            self.show_group(groups[-1].id)

    def refresh(self, group_id: int) -> None:
        """The shown crash repeated or completed: its title, counts and stack, same card."""
        group = self.groups.get(group_id)
        if group is None:
            return
        if self.card.group is None or self.card.group.id != group_id:
            self.show_group(group_id)
            return
        if self.card.group.crash is not group.crash:  # completed by a fault log: resolve again
            self.show_group(group_id)
            return
        self.card.show_crash(group, self.resolved.get(group_id))

    def show_group(self, group_id: int) -> None:
        """Show the crash group ``group_id`` and recall its pitfalls (off the GUI thread)."""
        self.card.show()
        self._show(group_id)

    def _show(self, group_id: int) -> None:
        group = self.groups.get(group_id)
        if group is None:
            return
        self.card.show_crash(group, self.resolved.get(group_id))
        self.card.set_recalling()
        retriever, root = self.ctx.retriever, self.project_dir

        def work() -> tuple[Crash, list[str], QueryResult | None, list[Recalled]]:
            index = self._index(root)
            crash = resolve_crash(group.crash, index)
            terms = crash_terms(crash)
            result = recall_for_terms(retriever, terms) if terms else None
            return (
                crash,
                terms,
                result,
                recall_by_location(retriever, index, crash_locations(crash), result),
            )

        def done(out: tuple[Crash, list[str], QueryResult | None, list[Recalled]]) -> None:
            crash, terms, result, items = out
            self.resolved[group_id] = crash
            if self.card.group is group:
                self.card.show_crash(group, crash)
                self.card.set_recalled(result, terms, items)
            self.recall_done.emit()

        def failed(exc: BaseException) -> None:
            if self.card.group is group:
                self.card.set_recall_error(str(exc))
            self.recall_done.emit()

        run_in_thread(work, on_done=done, on_error=failed)

    def _index(self, root: str | None) -> CodeIndex | None:
        """The project's code index, built once per folder (worker thread)."""
        if not root:
            return None
        from hmdesk.core.codeindex.index import CodeIndex

        with self._index_lock:
            index = self._indexes.get(root)
            if index is None:
                index = CodeIndex(root)
                try:
                    index.scan()
                except OSError:
                    return None
                self._indexes[root] = index
            return index

    # --- save as pitfall ---------------------------------------------------------------------
    def prefill(self) -> PitfallDraft | None:
        group = self.card.group
        if group is None:
            return None
        crash = self.resolved.get(group.id) or group.crash
        p = crash_pitfall(crash, self.project_dir)
        return {
            "content": p["content"],
            "tags": list(p["tags"]),
            "layer": "semantic",
            "confidence": 0.7,
            "provenance": f"hmdesk-crash:{crash.bundle or '?'}:{crash.time}",
            "source": "hmdesk-runner",
            "project": self.project_bundle,
        }

    def save_pitfall(self) -> None:
        prefill = self.prefill()
        if prefill is None:
            self.ctx.bus.show_error("No crash to save.", "Wait for a crash card.")
            return
        values = SavePitfallDialog.ask(prefill, self)
        if not values:
            return
        recalled = [row.scored.memory for row in self.card.rows]
        if self.near_copy is not None and not self.near_copy(values["content"], recalled, None):
            return
        group = self.card.group
        crash = self.resolved.get(group.id) if group is not None else None
        store, db, root = self.ctx.store, self.ctx.db, self.project_dir

        def work() -> tuple[MemoryRecord, str | None]:
            record = add_pitfall(store, values, "a crash card")
            return record, self._anchor(db, record.id, crash, root)

        def done(out: tuple[MemoryRecord, str | None]) -> None:
            record, anchored = out
            where = f", anchored to {anchored}" if anchored else ""
            self.ctx.bus.show_info(f"Saved pitfall {record.id}{where}")
            self.pitfall_saved.emit(record.id)
            if group is not None:
                self._show(group.id)

        run_in_thread(
            work,
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not save the pitfall: {e}", ""),
        )

    def _anchor(
        self, db: object, memory_id: str, crash: Crash | None, root: str | None
    ) -> str | None:
        """Anchor the memory to the entity of the crash's top project frame (worker thread)."""
        top = crash.top_project_frame if crash is not None else None
        index = self._index(root)
        if top is None or index is None or not top.source or not top.line:
            return None
        from hmdesk.core.codeindex.anchors import AnchorError, AnchorStore
        from hmdesk.core.db import Database

        try:
            entity = index.at(top.source, top.line)
        except ValueError:
            return None
        if entity is None or not isinstance(db, Database):
            return None
        try:
            AnchorStore(db).add(memory_id, index.root, entity)
        except AnchorError:
            return None
        return entity.qualified

    def _count_recall(self, memory_id: str) -> None:
        def done(_r: object) -> None:
            row = next((r for r in self.card.rows if r.memory_id == memory_id), None)
            if row is not None:
                row.mark_counted()
            self.ctx.bus.show_info(
                f"Counted: pitfall {memory_id} helped with this crash (one more recall)"
            )

        from hmdesk.core.memory.access import AccessLog

        run_in_thread(
            AccessLog(self.ctx.db).record_feedback,
            memory_id,
            on_done=done,
            on_error=lambda e: self.ctx.bus.show_error(f"Could not count the recall: {e}", ""),
        )

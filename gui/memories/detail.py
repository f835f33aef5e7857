"""The detail pane: why this memory was recalled, and everything about it.

* the whole content, every query term highlighted where it matched (one colour per term), code
  coloured with pygments;
* one chip per term (matched / unmatched, and the tags it matched);
* the score breakdown (raw, weight, contribution per component, and the formula);
* provenance; the supersede chain in both directions as links; what the hard filters removed;
* the memory's code anchors (``path:line  symbol (kind)``, stale ones marked; a click on a live one
  opens the file at that line). Read from the anchors table as stored (no code index is built on
  the GUI thread), so "stale" is what the last resolution recorded.
* the memory's access log (when, for which query or run, helped or not; an empty state), read
  like the anchors (one small indexed query), and "This helped" (Ctrl+Shift+H), written on a
  worker. The pane also hands each result to a :class:`~.access_view.QueryRecorder`, which
  records settled queries (see :mod:`~hmdesk.gui.memories.access_view`).
"""

from __future__ import annotations

import dataclasses
import html
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from hmdesk.gui.common.explanation import age_text, breakdown_html, parse_time
from hmdesk.gui.common.highlight import content_html, term_chips_html
from hmdesk.gui.common.theme import Theme, theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.memories.access_view import QueryRecorder, access_html
from hmdesk.gui.memories.local_time import local_time_text
from PySide6.QtCore import QEvent, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QKeySequence, QPalette, QTextOption
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    from hmdesk.core.codeindex.anchors import Anchor, AnchorStore
    from hmdesk.core.db import Database
    from hmdesk.core.memory.access import Access
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.retrieve.results import QueryResult, ScoredMemory
    from hmdesk.core.memory.store import MemoryStore

log = logging.getLogger(__name__)

FILTER_LABELS = {
    "superseded": "superseded",
    "layer": "by layer",
    "environment": "by environment",
    "tags": "by tags",
    "no_match": "with no matching term",
    "deleted": "deleted",
}


def stale_soon(m: MemoryRecord, now: datetime | None = None) -> bool:
    """hmharness's consolidation would decay it: active episodic, > 60 days old, confidence < 0.5."""
    if m.layer != "episodic" or m.is_superseded or m.confidence >= 0.5:
        return False
    dt = parse_time(m.timestamp)
    return dt is not None and ((now or datetime.now(UTC)) - dt).days > 60


def filters_line(result: QueryResult | None) -> str:
    """One line about what the hard filters removed (and the retriever's note)."""
    if result is None:
        return ""
    filtered = result.filtered
    parts = [
        f"{n:,} {FILTER_LABELS.get(k, k)}" for k, n in filtered.items() if n and k != "no_match"
    ]
    text = (
        ("Hard filters removed " + ", ".join(parts)) if parts else "No hard filter removed anything"
    )
    no_match = filtered.get("no_match", 0)
    if no_match:
        text += f"; {no_match:,} had no matching term"
    text += f" (pool {result.pool:,}; {len(result.results):,} shown"
    text += f"; {result.elapsed_ms:.1f} ms)."
    if result.note:
        text += f" {result.note}"
    return text


def supersede_chain(
    store: MemoryStore, memory: MemoryRecord, limit: int = 50
) -> tuple[list[MemoryRecord], list[MemoryRecord]]:
    """(older, newer) along the supersede links from ``memory``, at most ``limit`` each way.
    A database error leaves what was read so far (the pane still shows the memory)."""
    from hmdesk.core.memory.errors import StoreError

    older: list[MemoryRecord] = []
    newer: list[MemoryRecord] = []
    try:
        seen = {memory.id}
        frontier = list(memory.supersedes)
        while frontier and len(older) < limit:
            recs = [r for r in store.get_many(frontier) if r.id not in seen]
            seen.update(r.id for r in recs)
            older.extend(recs)
            frontier = [i for r in recs for i in r.supersedes if i not in seen]
        cur = memory
        while cur.superseded_by and not cur.is_decayed and len(newer) < limit:
            nxt = store.get_many([cur.superseded_by])
            if not nxt or nxt[0].id in seen:
                break
            seen.add(nxt[0].id)
            newer.append(nxt[0])
            cur = nxt[0]
    except (StoreError, SQLAlchemyError) as exc:
        log.warning("supersede chain of %s: %s", memory.id, exc)
    return older, newer


def _link(m: MemoryRecord) -> str:
    preview = m.content.replace("\n", " ")
    if len(preview) > 70:
        preview = preview[:69] + "…"
    return (
        f'<a href="mem:{html.escape(m.id)}">{html.escape(m.id)}</a> '
        f"<span>— {html.escape(preview)}</span>"
    )


def chain_html(
    memory: MemoryRecord, older: Sequence[MemoryRecord], newer: Sequence[MemoryRecord]
) -> str:
    """Supersede chain: what this one replaced (older) and what replaced it (newer)."""
    if not older and not newer and not memory.is_superseded:
        return "<p>Not part of a supersede chain.</p>"
    out = []
    if newer:
        out.append("<p><b>Superseded by</b> (newest last):<br>")
        out.append("<br>".join("→ " + _link(m) for m in newer))
        if memory.supersede_reason:
            out.append(f"<br><i>reason: {html.escape(memory.supersede_reason)}</i>")
        if memory.superseded_at:
            out.append(f"<br><i>at {html.escape(local_time_text(memory.superseded_at))}</i>")
        out.append("</p>")
    elif memory.is_decayed:
        out.append("<p><b>Decayed</b> by hmharness consolidation (stale and low confidence).</p>")
    elif memory.is_superseded:
        out.append(
            f"<p><b>Superseded by</b> {html.escape(str(memory.superseded_by))} (not in this store)</p>"
        )
    if older:
        out.append("<p><b>Supersedes</b> (older):<br>")
        out.append("<br>".join("← " + _link(m) for m in older))
        out.append("</p>")
    return "".join(out)


def anchors_html(anchors: Sequence[Anchor], theme: Theme, *, actions: bool = True) -> str:
    """One line per anchor, ``path:line  symbol (kind)``; live ones link to ``code:<id>``,
    stale ones (the symbol was gone at the last resolution) are marked and not clickable.
    With ``actions``: a remove link per anchor (``unanchor:<id>``), re-anchor for stale ones
    (``reanchor:<id>``) and "Anchor to code…" (``anchor:new``) at the end."""
    lines = []
    for a in anchors:
        tail = f' <a href="unanchor:{a.id}">remove</a>' if actions else ""
        if actions and a.stale:
            tail = f' <a href="reanchor:{a.id}">re-anchor…</a>' + tail
        loc = f"{a.path}:{a.line}"
        rest = f"&nbsp;&nbsp;{html.escape(a.symbol)} ({html.escape(a.kind)})"
        if a.stale:
            lines.append(
                f"<span>{html.escape(loc)}{rest}</span> "
                f'<span style="color:{theme.warn_fg}" title="the symbol was not found in the '
                'code the last time this anchor was resolved"><b>stale</b></span>' + tail
            )
        else:
            lines.append(
                f'<a href="code:{a.id}" title="open {html.escape(a.project)}/'
                f'{html.escape(a.path)} at line {a.line}">{html.escape(loc)}</a>{rest}{tail}'
            )
    if actions:
        lines.append('<a href="anchor:new">Anchor to code…</a> (Ctrl+Shift+A)')
    return "<p>" + "<br>".join(lines) + "</p>"


def provenance_html(m: MemoryRecord) -> str:
    rows = [
        ("id", m.id),
        ("source", m.source),
        ("provenance", m.provenance),
        ("session", m.session),
        ("timestamp", f"{local_time_text(m.timestamp)} ({age_text(m.timestamp)} ago)"),
        ("created / updated", f"{local_time_text(m.created_at)} / {local_time_text(m.updated_at)}"),
        ("origin", m.origin),
        (
            "recalled",
            f"{m.recall_count}× (last "
            f"{local_time_text(m.last_recalled_at) if m.last_recalled_at else 'never'})",
        ),
    ]
    if m.deleted_at:
        rows.append(("deleted", local_time_text(m.deleted_at)))
    return (
        '<table cellspacing="0" cellpadding="2">'
        + "".join(
            f"<tr><td><i>{html.escape(k)}</i></td><td>{html.escape(str(v))}</td></tr>"
            for k, v in rows
        )
        + "</table>"
    )


class DetailPane(QWidget):
    """Signals:
    link_activated(str): a memory id clicked in the supersede chain.
    location_opened(str): a code anchor was clicked; what happened (for the status bar).

    ``db``: where the memory's code anchors are read from (None = no anchors section).
    """

    link_activated = Signal(str)
    location_opened = Signal(str)
    anchor_action = Signal(str, int)  # "new" | "remove" | "reanchor", the anchor's id (0: new)

    def __init__(self, parent: QWidget | None = None, db: Database | None = None) -> None:
        super().__init__(parent)
        self._db = db
        self._anchor_store: AnchorStore | None = None
        self.anchors: list[Anchor] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 0, 0, 0)
        self.header = QLabel(self)
        self.header.setObjectName("detailHeader")
        self.header.setWordWrap(True)
        self.header.setTextFormat(self.header.textFormat().RichText)
        self.chips = QLabel(self)
        self.chips.setObjectName("detailChips")
        self.chips.setWordWrap(True)
        self.chips.setMinimumWidth(1)  # a chip wraps whole: its width must not hold the pane open
        self.splitter = QSplitter(self)
        self.splitter.setObjectName("detailSplitter")
        self.splitter.setOrientation(self.splitter.orientation().Vertical)
        self.content_view = QTextBrowser(self.splitter)
        self.content_view.setObjectName("detailContent")
        self.content_view.setOpenLinks(False)
        self.meta_view = QTextBrowser(self.splitter)
        self.meta_view.setObjectName("detailMeta")
        self.meta_view.setOpenLinks(False)
        # words and identifiers never break in the middle (Chinese may between characters)
        for view in (self.content_view, self.meta_view):
            view.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.meta_view.anchorClicked.connect(self._anchor)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.header, 1)
        self.back_button = QToolButton(self)
        self.back_button.setObjectName("detailBack")
        self.back_button.hide()
        top.addWidget(self.back_button, 0)
        self.helped_action = QAction("This helped", self)
        self.helped_action.setObjectName("action_helped")
        self.helped_action.setShortcut(QKeySequence("Ctrl+Shift+H"))
        self.helped_action.setStatusTip(
            "Record that this memory helped (the access log; two make a promotion proposal)"
        )
        self.helped_action.setToolTip(f"{self.helped_action.statusTip()} (Ctrl+Shift+H)")
        self.helped_action.triggered.connect(self.mark_helped)
        self.helped_button = QToolButton(self)
        self.helped_button.setObjectName("detailHelped")
        self.helped_button.setDefaultAction(self.helped_action)
        self.recorder = QueryRecorder(db, self) if db is not None else None
        self.access: list[Access] = []
        self._redraw = QTimer(self, singleShot=True, interval=0)  # after a theme change
        self._redraw.timeout.connect(self._draw_again)
        self._shown: (
            tuple[
                MemoryRecord,
                ScoredMemory | None,
                QueryResult | None,
                Sequence[MemoryRecord],
                Sequence[MemoryRecord],
            ]
            | None
        ) = None
        self._offered: QueryResult | None = None
        lay.addLayout(top)
        lay.addWidget(self.chips)
        lay.addWidget(self.splitter, 1)
        # its own row under the views: beside the header it would widen the narrowest pane
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addStretch(1)
        bottom.addWidget(self.helped_button, 0)
        lay.addLayout(bottom)
        self.memory: MemoryRecord | None = None
        self.scored: ScoredMemory | None = None
        self.show_nothing()

    def set_back_action(self, action: QAction) -> None:
        """A "Back" button for ``action``, shown while it is enabled (a link was followed)."""
        self.back_button.setDefaultAction(action)
        self.back_button.setText("← Back")
        self.back_button.setToolTip(f"{action.statusTip()} ({action.shortcut().toString()})")

        def sync() -> None:
            self.back_button.setVisible(action.isEnabled())
            self.back_button.setText("← Back")

        action.changed.connect(sync)
        sync()

    def _anchor(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("mem:"):
            self.link_activated.emit(text[4:])
        elif text.startswith("code:"):
            self.open_anchor(int(text[5:]))
        elif text == "anchor:new":
            self.anchor_action.emit("new", 0)
        elif text.startswith(("unanchor:", "reanchor:")):
            kind, _, number = text.partition(":")
            if number.isdigit():
                self.anchor_action.emit("remove" if kind == "unanchor" else "reanchor", int(number))

    def load_anchors(self, memory_id: str) -> list[Anchor]:
        """The memory's anchors as stored (a small indexed query; [] when there is no db)."""
        if self._db is None:
            return []
        if self._anchor_store is None:
            from hmdesk.core.codeindex.anchors import AnchorStore  # not at GUI start-up

            self._anchor_store = AnchorStore(self._db)
        try:
            return self._anchor_store.for_memory(memory_id)
        except SQLAlchemyError as exc:  # a database error must not blank the pane
            log.warning("anchors of %s: %s", memory_id, exc)
            return []

    def open_anchor(self, anchor_id: int) -> None:
        """Open a live anchor's file at its line in the user's editor."""
        from hmdesk.gui.common.editor import open_location

        anchor = next((a for a in self.anchors if a.id == anchor_id), None)
        if anchor is None or anchor.stale:
            return
        self.location_opened.emit(open_location(anchor.path, anchor.line, 1, anchor.project))

    def load_access(self, memory_id: str) -> list[Access]:
        """The memory's newest accesses (a small indexed query; [] when there is no db)."""
        if self._db is None:
            return []
        from hmdesk.core.memory.access import AccessLog

        try:
            return AccessLog(self._db).for_memory(memory_id, limit=50)
        except SQLAlchemyError as exc:  # a database error must not blank the pane
            log.warning("access log of %s: %s", memory_id, exc)
            return []

    def load_recalls(self, memory_id: str, known: tuple[int, str | None]) -> tuple[int, str | None]:
        """The memory's recall count and last recall as stored (``known`` when unreadable)."""
        from hmdesk.core.memory.access import AccessLog

        if self._db is None:
            return known
        try:
            return AccessLog(self._db).recalls_of(memory_id)
        except SQLAlchemyError as exc:
            log.warning("recall count of %s: %s", memory_id, exc)
            return known

    def mark_helped(self) -> None:
        """ "This helped" on the memory shown: one feedback row, written on a worker."""
        memory = self.memory
        if memory is None or self._db is None or memory.is_deleted:
            return
        from hmdesk.core.memory.access import AccessLog

        text = self._offered.query.text if self._offered is not None else None
        self.helped_action.setEnabled(False)

        def done(_n: object) -> None:
            self.helped_action.setEnabled(True)
            if self.memory is not None and self.memory.id == memory.id and self._shown:
                self.show_memory(*self._shown)

        def failed(exc: BaseException) -> None:
            self.helped_action.setEnabled(True)
            log.warning("recording feedback: %s", exc)

        run_in_thread(
            AccessLog(self._db).record_feedback,
            memory.id,
            query_text=text,
            on_done=done,
            on_error=failed,
        )

    def _offer(self, result: QueryResult | None, opened: bool) -> None:
        if self.recorder is None:
            return
        if opened and result is not None and result is self._offered:
            self.recorder.opened(result)
        self._offered = result
        self.recorder.offer(result)

    def changeEvent(self, event: QEvent) -> None:
        """A theme change: the memory drawn again in the new colours (its HTML carries them),
        once every child has the new palette too (the next event-loop turn)."""
        if event.type() == QEvent.Type.PaletteChange and self._shown is not None:
            self._redraw.start()
        super().changeEvent(event)

    def _draw_again(self) -> None:
        if self._shown is not None:
            self.show_memory(*self._shown)

    def show_nothing(self, result: QueryResult | None = None) -> None:
        self.memory = self.scored = None
        self.anchors = []
        self.access = []
        self._shown = None
        self.helped_action.setEnabled(False)
        if result is not None:
            self._offer(result, False)
        if result is not None and not result.results and result.pool:
            self.header.setText("<b>No memory matches this query</b>")
            self.chips.setText(
                "Every memory needs at least one query word in its text or tags, and must pass "
                "the layer, environment and tag filters. Try fewer or other words, or clear a "
                "filter."
            )
        else:
            self.header.setText("<b>No memory selected</b>")
            self.chips.setText("Select a result to see why it was recalled.")
        self.content_view.setHtml("")
        self.meta_view.setHtml(f"<p>{html.escape(filters_line(result))}</p>" if result else "")

    def show_memory(
        self,
        memory: MemoryRecord,
        scored: ScoredMemory | None = None,
        result: QueryResult | None = None,
        older: Sequence[MemoryRecord] = (),
        newer: Sequence[MemoryRecord] = (),
    ) -> None:
        theme = theme_for(self)
        opened = self.memory is not None and self.memory.id != memory.id
        self.memory, self.scored = memory, scored
        self._shown = (memory, scored, result, older, newer)
        self.anchors = self.load_anchors(memory.id)
        self.access = self.load_access(memory.id)
        if self._db is not None:  # the count as stored now (the access log keeps it)
            n, last = self.load_recalls(memory.id, (memory.recall_count, memory.last_recalled_at))
            memory = dataclasses.replace(memory, recall_count=n, last_recalled_at=last)
        self.helped_action.setEnabled(self._db is not None and not memory.is_deleted)
        if result is not None:
            self._offer(result, opened)
        terms = scored.terms if scored is not None else []
        # Header: id, layer, environment, confidence, tags (matched tags in their term's colour).
        tag_terms: dict[str, int] = {}
        for i, t in enumerate(terms):
            for tag in t.tags:
                tag_terms.setdefault(tag, i)
        tags = []
        for tag in memory.tags:
            if tag in tag_terms:
                bg, fg = theme.term(tag_terms[tag]), theme.term_fg
                tags.append(
                    f'<span style="background-color:{bg}; color:{fg}"><b>#{html.escape(tag)}</b></span>'
                )
            else:
                tags.append(f"#{html.escape(tag)}")
        status = ""
        if stale_soon(memory):
            status += (
                f' <span style="color:{theme.warn_fg}" title="hmharness consolidation marks '
                'episodic memories older than 60 days with confidence below 0.5 as stale">'
                "<b>STALE SOON</b></span>"
            )
        if memory.is_deleted:
            status += f' <span style="color:{theme.error_fg}"><b>DELETED</b></span>'
        if memory.is_superseded:
            status += f' <span style="color:{theme.warn_fg}"><b>SUPERSEDED</b></span>'
        score = f" · score <b>{scored.score:.3f}</b>" if scored is not None else ""
        self.header.setText(
            f"<b>{html.escape(memory.id)}</b>{status} · {html.escape(memory.layer)} · "
            f"{html.escape(memory.environment)} · confidence <b>{memory.confidence:.2f}</b>{score}"
            f"<br>{' '.join(tags) or '<i>no tags</i>'}"
        )
        if scored is None:
            self.chips.setText(
                "<i>Not in the current results"
                + (" (superseded)" if memory.is_superseded else "")
                + ("" if memory.is_deleted else " — the Edit menu's actions apply to it")
                + ".</i>"
            )
        elif terms:
            self.chips.setText(term_chips_html(terms, theme))
        else:
            self.chips.setText("<i>No query terms: ranked by confidence and recency only.</i>")
        self.content_view.setHtml(content_html(memory.content, terms, theme))
        parts = []
        if scored is not None:
            base = self.meta_view.palette().color(QPalette.ColorRole.Base)
            parts.append("<h4>Why this score</h4>" + breakdown_html(scored, theme, base))
        parts.append("<h4>Supersede chain</h4>" + chain_html(memory, older, newer))
        if self._db is not None:
            parts.append("<h4>Code anchors</h4>" + anchors_html(self.anchors, theme))
        if self._db is not None:
            parts.append("<h4>Access log</h4>" + access_html(self.access, memory.recall_count))
        parts.append("<h4>Provenance</h4>" + provenance_html(memory))
        if result is not None:
            parts.append(f"<h4>Filters</h4><p>{html.escape(filters_line(result))}</p>")
        self.meta_view.setHtml("".join(parts))

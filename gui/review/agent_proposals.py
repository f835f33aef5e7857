"""Agents' proposed memories in the Review tab: what ``remember`` filed through ``hmdesk-cli mcp``
(:mod:`hmdesk.core.agent.proposals`), waiting for a person.

A strip above the Review list, hidden while nothing waits. It looks for new proposals once a
second on a worker thread (:data:`POLL_MS`; a read of one small table, so a proposal an agent makes
while the window is open shows within about a second) and lists them oldest first: the client,
the content, and the memory it nearly repeats, if any. Accept makes it a memory (one ``add`` event
whose reason names the proposal and the client), Edit… accepts it with the content a person wrote
(the merge editor, :func:`~.items.ask_merged_content`), Reject drops it. Every write runs on a
worker; a proposal decided elsewhere meanwhile (the CLI, another window) goes to the error banner.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from hmdesk.core.agent.proposals import MemoryProposal, Proposals
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from hmdesk.gui.review.items import ask_merged_content
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

POLL_MS = 1000


class AgentProposalsPanel(QWidget):
    """Signals: ``changed(int)`` the number of waiting proposals, after each look;
    ``memory_requested(str)`` the memory a proposal nearly repeats was clicked."""

    changed = Signal(int)
    memory_requested = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentProposals")
        self.ctx = ctx
        self.book = Proposals(ctx.db)
        self.editor: Callable[[QWidget, str], str | None] = ask_merged_content
        self.proposals: list[MemoryProposal] = []
        self._busy = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        lay.addWidget(self.title)
        row = QHBoxLayout()
        self.list = QListWidget(self)
        self.list.setObjectName("agentProposalList")
        self.list.setMaximumHeight(110)
        self.list.currentRowChanged.connect(self._show)
        row.addWidget(self.list, 2)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.linkActivated.connect(self._link)
        row.addWidget(self.detail, 3)
        lay.addLayout(row)
        buttons = QHBoxLayout()
        self.accept_button = QPushButton("Accept", self)
        self.edit_button = QPushButton("Edit and accept…", self)
        self.reject_button = QPushButton("Reject", self)
        self.accept_button.clicked.connect(self.accept_current)
        self.edit_button.clicked.connect(self.edit_current)
        self.reject_button.clicked.connect(self.reject_current)
        for b in (self.accept_button, self.edit_button, self.reject_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        lay.addLayout(buttons)
        self.hide()
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.look)
        self.timer.start()
        self.look()

    # ------------------------------------------------------------------ reading
    def look(self) -> None:
        """Read the waiting proposals on a worker (one look at a time)."""
        if self._busy:
            return
        self._busy = True
        run_in_thread(self.book.list, "pending", on_done=self._listed, on_error=self._failed)

    def _failed(self, exc: BaseException) -> None:
        self._busy = False
        self.timer.stop()  # a broken table would fill the banner once a second
        self.ctx.bus.show_error(f"Agent proposals could not be read: {exc}", "")

    def _listed(self, found: list[MemoryProposal]) -> None:
        self._busy = False
        if [p.id for p in found] == [p.id for p in self.proposals]:
            return
        keep = self.current()
        self.proposals = found
        self.list.blockSignals(True)
        self.list.clear()
        for p in found:
            first = p.content.strip().splitlines()[0] if p.content.strip() else ""
            near = "  ⚠ nearly repeats a memory" if p.near_id else ""
            self.list.addItem(QListWidgetItem(f"#{p.id} {p.client}: {first[:90]}{near}"))
        self.list.blockSignals(False)
        ids = [p.id for p in found]
        self.list.setCurrentRow(ids.index(keep.id) if keep and keep.id in ids else 0)
        self._show(self.list.currentRow())
        n = len(found)
        self.title.setText(
            f"<b>Agent proposals ({n})</b> — memories an agent asked to keep; nothing is "
            "stored until you accept"
        )
        self.setVisible(n > 0)
        self.changed.emit(n)

    def current(self) -> MemoryProposal | None:
        row = self.list.currentRow()
        return self.proposals[row] if 0 <= row < len(self.proposals) else None

    def _show(self, _row: int) -> None:
        p = self.current()
        for b in (self.accept_button, self.edit_button, self.reject_button):
            b.setEnabled(p is not None)
        if p is None:
            self.detail.clear()
            return
        parts = [
            f"<b>{html.escape(p.content)}</b>",
            f"{html.escape(p.layer)}, confidence {p.confidence:g}, tags "
            f"{html.escape(' '.join(p.tags) or '—')}; from {html.escape(p.client)} at "
            f"{html.escape(p.created_at[:16])}",
        ]
        if p.location:
            parts.append(f"at {html.escape(p.location)}")
        if p.evidence:
            parts.append(f"evidence: <i>{html.escape(p.evidence[:300])}</i>")
        if p.near_id:
            parts.append(
                f"⚠ Nearly repeats <a href='memory:{html.escape(p.near_id)}'>"
                f"{html.escape(p.near_id)}</a> (similarity {p.near_score or 0:.2f})"
            )
        self.detail.setText("<br>".join(parts))

    def _link(self, href: str) -> None:
        if href.startswith("memory:"):
            self.memory_requested.emit(href[7:])

    # ------------------------------------------------------------------ deciding
    def _decide(self, fn: Callable[[], object], message: str) -> None:
        def done(result: object) -> None:
            note = getattr(result, "anchor_note", None)
            self.ctx.bus.show_info(f"{message}; {note}" if note else message)
            self.look()

        def failed(exc: BaseException) -> None:
            self.ctx.bus.show_error(str(exc), "The list shows what waits now.")
            self.look()

        run_in_thread(fn, on_done=done, on_error=failed)

    def accept_current(self) -> None:
        p = self.current()
        if p is not None:
            self._decide(
                lambda: self.book.accept(self.ctx.store, p.id), f"Proposal {p.id} accepted"
            )

    def edit_current(self) -> None:
        p = self.current()
        if p is None:
            return
        text = self.editor(self, p.content)
        if text is None:
            return
        self._decide(
            lambda: self.book.accept(self.ctx.store, p.id, content=text),
            f"Proposal {p.id} accepted as edited",
        )

    def reject_current(self) -> None:
        p = self.current()
        if p is not None:
            self._decide(lambda: self.book.reject(p.id), f"Proposal {p.id} rejected")

    def shutdown(self) -> None:
        self.timer.stop()

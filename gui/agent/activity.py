"""The Agent activity view (Agent › Agent activity…): every call connected agents made, from the
record ``hmdesk-cli mcp`` appends before each reply (:mod:`hmdesk.core.agent.record`).

Left, the calls newest first (time, client and version, tool, duration, ok or the error), narrowed
by client; right, the selected call: its arguments, and what the client got: for a recall each
memory with the explanation it saw (terms matched and missed, the score's parts, anchors), for a
remember the proposal and what became of it, else the result. A memory id opens it in the
Memories tab. While the view is open it looks for new calls once a second on a worker
(:data:`POLL_MS`), so a person watching sees an agent's calls as they happen.
"""

from __future__ import annotations

import html
import json
from typing import Any

from hmdesk.core.agent.proposals import Proposals
from hmdesk.core.agent.record import AgentRecord, Call, CallFilter
from hmdesk.gui.common.wording import count_of
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

POLL_MS = 1000
SHOWN = 500
ALL_CLIENTS = "All clients"


def call_line(c: Call) -> str:
    status = "ok" if c.ok else "error"
    return f"{c.at[11:19]}  {c.client}  {c.tool}  {c.duration_ms:.0f} ms  {status}"


def call_html(c: Call, proposal_status: str | None = None) -> str:
    """The call as the detail pane shows it: what was asked, what the client got."""
    e = html.escape
    parts = [
        f"<h3>{e(c.tool)} — {e(c.client)}</h3>",
        f"<p>{e(c.at)} · {c.duration_ms:.1f} ms · session {e(c.session)}</p>",
        f"<p><b>Asked:</b> <code>{e(json.dumps(c.arguments_json(), ensure_ascii=False))}</code></p>",
    ]
    if not c.ok:
        parts.append(f"<p><b>Error:</b> {e(c.error or '')}</p>")
        return "".join(parts)
    result: Any = c.result_json()
    if c.tool == "recall" and isinstance(result, dict):
        rows = result.get("results") or []
        parts.append(
            f"<p><b>Got {len(rows)} memories</b> (of {result.get('matched')} matching):</p><ol>"
        )
        for r in rows:
            why = r.get("why") or {}
            score_parts = ", ".join(f"{k} {v}" for k, v in (why.get("parts") or {}).items())
            anchored = "; anchored at " + ", ".join(why["anchored"]) if why.get("anchored") else ""
            parts.append(
                f"<li><a href='memory:{e(str(r.get('id')))}'>{e(str(r.get('id')))}</a> "
                f"score {r.get('score')} ({e(score_parts)}): {e(str(r.get('content'))[:200])}<br>"
                f"matched {e(', '.join(why.get('matched') or []) or '—')}; missed "
                f"{e(', '.join(why.get('missed') or []) or '—')}{e(anchored)}</li>"
            )
        parts.append("</ol>")
    elif c.tool == "remember" and isinstance(result, dict):
        status = proposal_status or result.get("status")
        parts.append(
            f"<p><b>Proposal {e(str(result.get('proposal')))}</b>: {e(str(status))}"
            + (
                f"; nearly repeats {e(str(result.get('near_duplicate_of')))}"
                if result.get("near_duplicate_of")
                else ""
            )
            + "</p>"
        )
    else:
        text = json.dumps(result, ensure_ascii=False, indent=1)
        parts.append(f"<pre>{e(text[:4000])}</pre>")
    if c.result_ids:
        links = " ".join(f"<a href='memory:{e(i)}'>{e(i)}</a>" for i in c.result_ids)
        parts.append(f"<p>Memories: {links}</p>")
    return "".join(parts)


def _proposal_id(c: Call) -> int | None:
    result = c.result_json() if c.tool == "remember" else None
    pid = result.get("proposal") if isinstance(result, dict) else None
    return pid if isinstance(pid, int) else None


class AgentActivityDialog(QDialog):
    """Signals: ``memory_requested(str)`` a memory id was clicked."""

    memory_requested = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentActivity")
        self.setWindowTitle("Agent activity")
        self.ctx = ctx
        self.record = AgentRecord(ctx.db)
        self.calls: list[Call] = []
        self.statuses: dict[int, str] = {}  # what became of the proposals the calls made
        self._busy = False
        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        self.summary = QLabel("Reading the record…", self)
        head.addWidget(self.summary, 1)
        self.client_box = QComboBox(self)
        self.client_box.addItem(ALL_CLIENTS)
        self.client_box.currentIndexChanged.connect(lambda _i: self.reload())
        head.addWidget(self.client_box)
        lay.addLayout(head)
        split = self.split = QSplitter(Qt.Orientation.Horizontal, self)
        self._fitted = False  # the list's width fitted to its lines, once
        self.list = QListWidget(split)
        self.list.setObjectName("agentCalls")
        self.list.currentRowChanged.connect(self._show)
        self.detail = QTextBrowser(split)
        self.detail.setOpenLinks(False)
        self.detail.anchorClicked.connect(lambda url: self._link(url.toString()))
        split.setStretchFactor(1, 2)
        lay.addWidget(split, 1)
        self.empty = (
            "No agent has called hmdesk yet. Connect one: Help › Connect an agent… "
            "(hmdesk-cli mcp)."
        )
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.reload)
        self.timer.start()
        self.resize(1000, 600)
        self.reload()

    def _filter(self) -> CallFilter:
        client = self.client_box.currentText()
        return CallFilter(limit=SHOWN, client=None if client == ALL_CLIENTS else client)

    def reload(self) -> None:
        if self._busy:
            return
        self._busy = True
        flt = self._filter()

        def read() -> tuple[list[Call], list[str], dict[int, str]]:
            calls = self.record.calls(flt)
            asked = [_proposal_id(c) for c in calls]
            ids = [i for i in asked if i is not None]
            statuses = Proposals(self.ctx.db).statuses(ids)
            return calls, self.record.clients(), statuses

        run_in_thread(read, on_done=self._loaded, on_error=self._failed)

    def _failed(self, exc: BaseException) -> None:
        self._busy = False
        self.timer.stop()
        self.summary.setText(f"The record could not be read: {exc}")

    def _loaded(self, got: tuple[list[Call], list[str], dict[int, str]]) -> None:
        self._busy = False
        calls, clients, statuses = got
        decided = statuses != self.statuses
        self.statuses = statuses
        known = {self.client_box.itemText(i) for i in range(self.client_box.count())}
        for name in clients:
            if name not in known:
                self.client_box.addItem(name)
        if [c.id for c in calls] == [c.id for c in self.calls]:
            if decided:  # a proposal was accepted or rejected meanwhile
                self._show(self.list.currentRow())
            return
        keep = self.current()
        self.calls = calls
        self.list.blockSignals(True)
        self.list.clear()
        for c in calls:
            item = QListWidgetItem(call_line(c))
            item.setToolTip(c.error or "")
            self.list.addItem(item)
        self.list.blockSignals(False)
        if calls and not self._fitted:
            self._fit_list([self.list.item(i).text() for i in range(self.list.count())])
        ids = [c.id for c in calls]
        self.list.setCurrentRow(ids.index(keep.id) if keep and keep.id in ids else 0)
        self._show(self.list.currentRow())
        failed = sum(1 for c in calls if not c.ok)
        text = f"{count_of(len(calls), 'call')}, {failed or 'none'} failed"
        self.summary.setText(text if calls else self.empty)

    def _fit_list(self, lines: list[str]) -> None:
        """The first calls: the list as wide as its longest line (at most half the dialog),
        the splitter's own first guess cut a line before its duration and status."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        self._fitted = True
        metrics = self.list.fontMetrics()
        chrome = 2 * self.list.frameWidth() + self.list.verticalScrollBar().sizeHint().width() + 8
        width = min(max(metrics.horizontalAdvance(line) for line in lines) + chrome, total // 2)
        self.split.setSizes([width, total - width])

    def current(self) -> Call | None:
        row = self.list.currentRow()
        return self.calls[row] if 0 <= row < len(self.calls) else None

    def _show(self, _row: int) -> None:
        c = self.current()
        if c is None:
            self.detail.clear()
            return
        pid = _proposal_id(c)
        self.detail.setHtml(call_html(c, self.statuses.get(pid) if pid is not None else None))

    def _link(self, href: str) -> None:
        if href.startswith("memory:"):
            self.memory_requested.emit(href[7:])

    def done(self, result: int) -> None:
        self.timer.stop()
        super().done(result)

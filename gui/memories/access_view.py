"""The access log in the Memories area: the detail pane's section, "This helped", and the
recording of settled queries.

:class:`QueryRecorder` records what the window showed for a query once the query has settled:
each result restarts a timer (:data:`SETTLE_MS`); when it fires, the top :data:`RECORD_TOP`
results of the newest result are written in one batch on a worker thread. Typing "hvig",
"hvigo", "hvigor" records only "hvigor". Opening another result of the same query records at
once (the user is reading it). A query without text, a repeat of the last recorded one, and a
time-travel result (its clock is fixed) are not recorded.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hmdesk.gui.common.wording import count_of
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.memories.local_time import local_time_text
from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.access import Access
    from hmdesk.core.memory.retrieve.results import QueryResult

log = logging.getLogger(__name__)

SETTLE_MS = 1500
"""A query counts as settled after this long without a newer result."""
RECORD_TOP = 5
"""Results of a settled query recorded (what a person looks at, not the whole list)."""

EMPTY_ACCESS = (
    "<p><i>Never recalled since the access log began: not shown for a settled query, not "
    "recalled on a failure card, no “This helped”.</i></p>"
)


def access_html(entries: Sequence[Access], recalls: int | None = None) -> str:
    """One line per access, newest first: when, for which query or run, helped or not.
    ``recalls``: the memory's recall count (all its recall rows; ``entries`` are only the
    newest), else the recall rows among ``entries``."""
    if not entries:
        return EMPTY_ACCESS
    helped = sum(1 for e in entries if e.kind == "feedback" and e.helped)
    if recalls is None:
        recalls = sum(1 for e in entries if e.kind != "feedback")
    shown = f" (the newest {len(entries)} listed)" if len(entries) < recalls else ""
    head = f"<p>{count_of(recalls, 'recall')}, helped {helped}×{shown}</p>"
    lines = [
        f"{html.escape(local_time_text(e.at))} — "
        + (
            f"<b>{html.escape(e.context())}</b>"
            if e.kind == "feedback"
            else html.escape(e.context())
        )
        for e in entries
    ]
    return head + "<p>" + "<br>".join(lines) + "</p>"


class QueryRecorder(QObject):
    """Records settled queries' top results in the access log (see the module doc)."""

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._pending: QueryResult | None = None
        self._last: tuple[str, tuple[str, ...]] | None = None
        self.recorded = 0  # batches written (tests wait on it)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.flush)

    def offer(self, result: QueryResult | None) -> None:
        """A result was shown; it is recorded if nothing newer comes within :data:`SETTLE_MS`."""
        if result is self._pending:
            return
        self._pending = result
        if result is None:
            self._timer.stop()
        else:
            self._timer.start()

    def opened(self, result: QueryResult | None) -> None:
        """The user opened a result of ``result``: record it now if it is the pending one."""
        if result is not None and result is self._pending and self._timer.isActive():
            self.flush()

    def flush(self) -> None:
        self._timer.stop()
        result, self._pending = self._pending, None
        if result is None or result.query.now is not None:
            return
        text = result.query.text.strip()
        ids = tuple(r.memory.id for r in result.results[:RECORD_TOP])
        if not text or not ids or (text, ids) == self._last:
            return
        self._last = (text, ids)
        from hmdesk.core.memory.access import AccessLog

        access = AccessLog(self.db)

        def done(_n: object) -> None:
            self.recorded += 1

        run_in_thread(
            access.record_query,
            text,
            list(ids),
            on_done=done,
            on_error=lambda exc: log.warning("recording a query: %s", exc),
        )

    def stop(self) -> None:
        self._timer.stop()
        self._pending = None

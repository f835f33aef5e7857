"""Query → worker → result: the inspector's searches, off the GUI thread.

:class:`SearchController` turns the query bar's :class:`QuerySpec` into the core's
:class:`Query`, runs it through the :class:`Retriever` on a worker (only the newest request's
result is delivered, :class:`LatestOnly`) and hands the :class:`QueryResult` back on the GUI
thread. After a result it builds the retriever's term postings on a worker (see
:meth:`SearchController.warm_index`), stepping aside while the user types.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hmdesk.core import gc_policy
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.gui.common.workers import LatestOnly, run_in_thread
from hmdesk.gui.memories.model import PreparedRows
from hmdesk.gui.memories.query_bar import QuerySpec
from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.team.scope import AuthorCache

log = logging.getLogger(__name__)

DEFAULT_LIMIT = 200
"""The rows of one page: the first result's, and each page more when the list is scrolled to its
end (:meth:`SearchController.more`)."""
BUSY_PAUSE_S = 0.3  # the background index build waits this long after a keystroke or a result


@dataclass
class WarmState:
    """The background build of the search postings. Shared with the worker thread, so it is
    not the controller (whose callbacks may come after the area is gone)."""

    running: bool = False
    busy_until: float = 0.0  # time.monotonic() until which the build steps aside
    closed: bool = False


def query_of(spec: QuerySpec, limit: int) -> Query:
    """The retriever's query for what the bar shows (``limit``: the window's result count)."""
    profile = PROFILES[spec.profile]
    return Query(
        text=spec.text,
        layer=spec.layer,
        environment=spec.environment,
        tags=tuple(spec.tags),
        # a profile may fix its count (hmharness: its top 10, exactly what the agent gets)
        limit=profile.limit or limit,
        profile=profile,
        include_superseded=spec.include_superseded,
        workspace=spec.workspace,
    )


class SearchController(QObject):
    """Signals:
    result_ready(QueryResult): the newest search's result (GUI thread).
    index_loaded(): the first result was read (or the store grew a lot, e.g. an import): the
        records are now in memory, completions may be loaded.
    failed(str): the search raised; the message for the user.
    notice(str): something the user should know about a search that worked (the team store's
        server connection was lost and opened again).
    """

    result_ready = Signal(object)
    index_loaded = Signal()
    failed = Signal(str)
    notice = Signal(str)

    def __init__(
        self, retriever: Retriever, limit: int = DEFAULT_LIMIT, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.retriever = retriever
        self.page = limit  # rows per page
        self.limit = limit  # rows asked for now: grows a page at a time, back to one per query
        self.warming = WarmState()
        self.last_spec: QuerySpec | None = None
        self.closed = False
        self._searching_since: float | None = None
        self._frozen_pool: int | None = None
        self._prepared: PreparedRows | None = None
        self._authors: AuthorCache | None = None  # who wrote each memory (the "Whose" filter)
        self._reconnected = 0  # the retriever's reconnections already said
        # a lambda, not the bound method: run_search is looked up per call (tests spy on it)
        self._latest: LatestOnly[QuerySpec, QueryResult] = LatestOnly(
            lambda spec: self.run_search(spec), self
        )
        self._latest.result.connect(self._on_result)
        self._latest.error.connect(self._on_error)

    def make_query(self, spec: QuerySpec) -> Query:
        return query_of(spec, self.limit)

    def run_search(self, spec: QuerySpec) -> QueryResult:  # worker thread
        search: Callable[[Query], QueryResult] = self.retriever.search
        if spec.as_of is not None:  # time travel: the store rebuilt from its history
            from hmdesk.core.memory.timetravel import search_as_of

            as_of, store = spec.as_of, self.retriever.store
            search = lambda q: search_as_of(store, q, as_of)  # noqa: E731
        if spec.scope in ("mine", "team"):  # whose memories (a team store)
            from hmdesk.core.team.identity import current_user
            from hmdesk.core.team.scope import AuthorCache, search_scoped

            if self._authors is None:
                self._authors = AuthorCache(self.retriever.store)
            who = self._authors.get()
            query, me = self.make_query(spec), current_user()
            if spec.scope == "mine":
                result = search_scoped(search, query, "mine", who, me)
            else:
                result = search_scoped(search, query, "team", who, me)
        else:
            result = search(self.make_query(spec))
        # The table's rows too, here, not on the GUI thread
        # (docs/decisions/0013-results-table-painted-in-bands.md).
        self._prepared = PreparedRows(result)
        return result

    def take_prepared(self, result: QueryResult) -> PreparedRows | None:
        """The rows the worker built for ``result`` (None if they are another result's)."""
        prepared, self._prepared = self._prepared, None
        return prepared if prepared is not None and prepared.result is result else None

    def submit(self, spec: QuerySpec) -> None:
        if self.closed:
            return
        self.mark_busy()
        if spec != self.last_spec:  # a new query starts at one page; a refresh keeps them all
            self.limit = self.page
        self.last_spec = spec
        self._searching_since = time.perf_counter()
        self._latest.submit(spec)

    def more(self) -> None:
        """The same query for one page more (the list was scrolled to its end): the result
        keeps the rows shown and adds the next ones (the retriever's order is the same)."""
        if self.closed or self.last_spec is None:
            return
        self.limit += self.page
        self.submit(self.last_spec)

    def is_searching(self) -> bool:
        return self._searching_since is not None

    def close(self) -> None:
        """No more searches or results (the area is closing)."""
        self.closed = True
        self.warming.closed = True

    def _on_error(self, _spec: QuerySpec, exc: BaseException) -> None:
        self._searching_since = None
        self.failed.emit(str(exc) or exc.__class__.__name__)

    def _on_result(self, _spec: QuerySpec, result: QueryResult) -> None:
        if self.closed:
            return
        self._searching_since = None
        reconnected = self.retriever.reconnected
        if reconnected > self._reconnected:
            self._reconnected = reconnected
            self.notice.emit(
                "The connection to the team store was lost (a server restart?) and opened "
                "again; the results are current."
            )
        self.result_ready.emit(result)
        pool = result.pool
        if self._frozen_pool is None or pool > self._frozen_pool * 1.2 + 1000:
            # The search read every record into the retriever's index (100k records → many
            # GC-tracked objects; the term postings warmed after this add only a few).
            # Move everything alive now out of the cyclic GC's reach, so later collections
            # do not walk it (docs/decisions/0007-garbage-collector-policy.md). Again after a
            # big import.
            first = self._frozen_pool is None
            self._frozen_pool = pool
            gc_policy.freeze()
            if first:
                self.index_loaded.emit()
        self.warm_index()

    def mark_busy(self) -> None:
        """The user is typing or a result is being drawn: the background build of the search
        postings steps aside for a moment (see :meth:`warm_index`)."""
        self.warming.busy_until = time.monotonic() + BUSY_PAUSE_S

    def warm_index(self) -> None:
        """Build the retriever's term postings on a worker once a result is shown.

        A query without text is answered without them (the first result comes sooner:
        docs/decisions/0010-term-postings-built-once-and-kept.md); building them now means a text query need not wait for them. The build
        holds the GIL most of the time, and a table repaint calls into Python hundreds of
        times, each waiting for the GIL: so it pauses while the user types or a result is
        drawn (a text search submitted meanwhile waits for it). A no-op once they are built
        (the retriever checks); again after a full rebuild.
        """
        retriever = self.retriever
        state = self.warming  # not self: the callbacks may come after the area is gone
        if retriever.warmed or state.running:
            return
        state.running = True

        def pause() -> None:  # worker thread: throttles the build, not a synchronisation
            while not state.closed:
                left = state.busy_until - time.monotonic()
                if left <= 0:
                    return
                time.sleep(min(left, 0.05))

        def done(_res: object = None) -> None:
            state.running = False

        def failed(exc: BaseException) -> None:
            state.running = False
            log.warning("warming the search index: %s", exc)

        run_in_thread(retriever.warm, pause, on_done=done, on_error=failed)

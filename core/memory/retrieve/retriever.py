"""The :class:`Retriever`: an index kept in step with a ``MemoryStore``."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.diversity import diversified
from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.retrieve.rewrite import searched_text

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.hybrid import SemanticSource
    from hmdesk.core.memory.search_index.postgres_search import ServerSearch
    from hmdesk.core.memory.semantic.embedder import Embedder
    from hmdesk.core.memory.store import MemoryStore


class Retriever:
    """Searches a ``MemoryStore`` through an index kept in step with ``store.data_version()``.

    Thread-safe: ``search`` may run on a worker thread while another thread writes. The index is an
    immutable snapshot (a base segment plus small segments holding changed memories, with the old
    versions masked out); a refresh builds the new snapshot under a lock and swaps it in, so a
    running search keeps the snapshot it started with.

    When the version moved, the store says which memories changed
    (:meth:`MemoryStore.changed_since` the last event seen): every write through ``MemoryStore``
    (this process, the hmharness sync, another hmdesk, the CLI) appends events in its
    transaction, and event ids grow in commit order (one writer at a time). So the memories named
    by events after the last one seen are exactly the ones to re-read (a primary-key range read,
    sub-millisecond), plus those the store's listener reported. If the live count then
    disagrees with ``store.count()`` (a change that bypassed the store) the index is rebuilt from
    scratch, as it is on first use, when many memories changed at once and when masked-out rows
    pile up.
    """

    MAX_SEGMENTS = 8
    LOCAL_INDEX_MAX = 200_000
    """On a team store the server answers the searches (nothing is read into the process) until
    :meth:`warm` has loaded an index in process for the warm searches of a running window (a
    millisecond where the server takes tens): only up to this many live memories (about 350 MiB
    at 100,000); above it the server answers every lexical search."""
    MAX_DEAD = 2_000  # masked-out base records tolerated before a full rebuild (or 20 %)
    SERVER_HYBRID = True
    """A hybrid search on a team store without an index in process (before :meth:`warm`) takes
    its lexical candidates from the server (:mod:`~hmdesk.core.memory.search_index.
    postgres_hybrid`); False: it builds the index in process, as before (``python -m
    tests.bench pgvector`` measures both)."""

    def __init__(self, store: MemoryStore, embedder: Embedder | None = None) -> None:
        """``embedder``: the hybrid profile's (default: chosen from the settings on first use,
        see :mod:`hmdesk.core.memory.semantic.choice`)."""
        self.store = store
        self._embedder = embedder
        self._semantic: SemanticSource | None = None
        self._server_search: ServerSearch | None = None
        self._server_only = False  # a team store too large for an index in process
        self._lock = threading.Lock()
        self._pending_lock = threading.Lock()
        self._pending: set[str] = set()
        self._segments: list[MemoryIndex] | None = None
        self._version: int | None = None
        self._last_event = 0
        self._memories_tick: int | None = None  # the search index triggers' tick at the last look
        self.rebuilds = 0  # full rebuilds so far (tests and diagnostics)
        self.last_problem: str | None = None  # why the stored index could not be used, if so
        self._unsubscribe: Callable[[], None] | None = store.add_listener(self._on_change)

    @property
    def _server(self) -> ServerSearch:
        if self._server_search is None:
            from hmdesk.core.memory.search_index.postgres_search import ServerSearch

            assert self.store.db.url is not None  # a PostgreSQL store has its URL
            self._server_search = ServerSearch(self.store.db.url)
        return self._server_search

    @property
    def reconnected(self) -> int:
        """How many times the team store's server connection was opened again after it was
        lost (a server restart); 0 on SQLite."""
        return 0 if self._server_search is None else self._server_search.reconnected

    def close(self) -> None:
        if self._server_search is not None:
            self._server_search.close()
            self._server_search = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _on_change(self, ids: set[str]) -> None:
        with self._pending_lock:
            self._pending |= set(ids)

    def _full_rebuild(self) -> list[MemoryIndex]:
        # The Chinese segmenter is not loaded here: the window loads it while the store opens
        # (terms.load_segmenter), a query with Han characters loads it itself.
        # The last event id first: whatever commits after it is re-read at the next refresh,
        # even if the load below already saw it (re-reading is idempotent).
        last = self.store.last_event_id()
        segments = self._load_stored()
        if segments is None:  # no usable stored index (a read-only file): read every memory
            records = self.store.list(include_superseded=True, include_deleted=False)
            segments = [MemoryIndex(records, order=[r.seq for r in records])]
        self._last_event = last
        self.rebuilds += 1
        return segments

    def _fetch(self, seqs: list[int]) -> dict[int, MemoryRecord]:
        from hmdesk.core.memory.search_index.maintain import dbapi_of, fetch_records

        with self.store.db.read() as s:
            return fetch_records(dbapi_of(s), seqs)

    def _load_stored(self) -> list[MemoryIndex] | None:
        """The stored index (None when there is none to trust: then every memory is read).
        A search never writes: the writers keep the stored index (see ``MemoryStore``)."""
        from hmdesk.core.memory.search_index.maintain import dbapi_of, load_segments
        from hmdesk.core.memory.search_index.schema import SnapshotError

        if self.store.db.dialect != "sqlite":  # a PostgreSQL store keeps no stored index
            return None
        try:
            with self.store.db.read() as s:
                loaded = load_segments(dbapi_of(s), self._fetch)
        except SnapshotError as exc:
            self.last_problem = str(exc)
            return None
        self.last_problem = None
        return loaded.segments

    def _tick(self) -> int | None:
        """The search index triggers' change tick of ``memories`` (it moves on every change of a
        memory row, whoever writes it), or None where there is none (PostgreSQL)."""
        from hmdesk.core.memory.search_index.maintain import dbapi_of, memories_tick

        if self.store.db.dialect != "sqlite":
            return None
        with self.store.db.read() as s:
            return memories_tick(dbapi_of(s))

    def _changed_elsewhere(self) -> set[str]:
        """Memories named by events committed since the last refresh (any connection)."""
        self._last_event, changed = self.store.changed_since(self._last_event)
        return changed

    @staticmethod
    def _current(segments: list[MemoryIndex], id: str) -> MemoryRecord | None:
        """The indexed version of a memory, where known (a stored segment keeps no records)."""
        for seg in reversed(segments):
            pos = seg.pos_of.get(id)
            if pos is not None and seg.alive[pos] and seg.records is not None:
                return seg.records[pos]
        return None

    def refresh(self, force: bool = False) -> None:
        """Bring the index up to date with the store (a no-op when it already is)."""
        with self._lock:
            version = self.store.data_version()
            if not force and self._segments is not None and version == self._version:
                return
            with self._pending_lock:
                pending, self._pending = self._pending, set()
            tick = self._tick()
            if force or self._segments is None:
                self._segments = self._full_rebuild()
                self._version, self._memories_tick = version, tick
                return
            segments = self._segments
            changed = pending | self._changed_elsewhere()
            # no memory row changed (another table was written: the access log, an agent's
            # record): the live count cannot have moved (docs/decisions/0019-counts-without-reading-rows.md)
            untouched = not changed and tick is not None and tick == self._memories_tick
            if len(changed) > max(self.MAX_DEAD, sum(x.size for x in segments) // 5):
                self._segments = self._full_rebuild()
                self._version, self._memories_tick = version, tick
                return
            fresh = {r.id: r for r in self.store.get_many(sorted(changed))}
            dirty = [
                i for i in changed if fresh.get(i) != self._current(segments, i)
            ]  # re-read but unchanged memories stay where they are
            if dirty:
                seqs = [fresh[i].seq for i in dirty if i in fresh]
                segments = [s.with_dead(dirty).with_dead_seqs(seqs) for s in segments]
                added = [fresh[i] for i in dirty if i in fresh and fresh[i].deleted_at is None]
                added.sort(key=lambda r: r.seq)
                if added:
                    segments.append(MemoryIndex(added, order=[r.seq for r in added]))
                if len(segments) > self.MAX_SEGMENTS:
                    small = [
                        r
                        for seg in segments[1:]
                        for r, ok in zip(
                            seg.records_at(range(seg.size)), seg.alive.tolist(), strict=True
                        )
                        if ok
                    ]
                    small.sort(key=lambda r: r.seq)
                    segments = [segments[0], MemoryIndex(small, order=[r.seq for r in small])]
            base = segments[0]
            too_many_dead = base.size - base.live_count > max(self.MAX_DEAD, base.size // 5)
            if too_many_dead or (
                not untouched and sum(s.live_count for s in segments) != self.store.count()
            ):
                segments = self._full_rebuild()
            self._segments = segments
            self._version, self._memories_tick = version, tick

    def search(self, query: Query) -> QueryResult:
        """``query``'s ranking, near-duplicates folded (:mod:`.diversity`)."""
        result = diversified(self.search_ranked, query)
        assert result is not None  # search_ranked always answers
        self._fresh_recalls(result)
        return result

    def _fresh_recalls(self, result: QueryResult) -> None:
        """The results' recall counts as stored now: a recall (the access log) changes no
        event and marks no index row, so the indexed record keeps the count it was read with."""
        shown = [r for r in result.results]
        shown += [x for r in result.results for x in r.similar]
        counts = self.store.recall_counts(r.memory.id for r in shown)
        for r in shown:
            n, last = counts.get(r.memory.id, (r.memory.recall_count, r.memory.last_recalled_at))
            if (n, last) != (r.memory.recall_count, r.memory.last_recalled_at):
                r.memory = dataclasses.replace(r.memory, recall_count=n, last_recalled_at=last)

    def search_ranked(self, query: Query) -> QueryResult:
        """``query``'s ranking as scored, near-duplicates not folded. On a PostgreSQL store the
        server answers a lexical search (:mod:`~hmdesk.core.memory.search_index.postgres_search`):
        nothing is read into the process; a hybrid one's lexical candidates come from it too
        (:attr:`SERVER_HYBRID`)."""
        semantic = query.profile.semantic and searched_text(query).strip()
        if self.store.db.dialect == "postgresql" and self._segments is None:
            if not semantic:
                return self._server.search(query)
            if not self.SERVER_HYBRID:
                return self._search_in_process(query)
            # hybrid: the lexical candidates from the server too (postgres_hybrid), the
            # nearest memories from the vectors; a failing embedder: the in-process way's note
            from hmdesk.core.memory.semantic.embedder import EmbedderError

            try:
                sem = self.semantic.prepare(searched_text(query))
            except EmbedderError:
                sem = None
            if sem is not None:
                return self._server.search(query, sem)
        return self._search_in_process(query)

    def _search_in_process(self, query: Query) -> QueryResult:
        self.refresh()
        segments = self._segments or []
        if query.profile.semantic and searched_text(query).strip():
            return self._search_hybrid(segments, query)
        return search_segments(segments, query)

    def semantic_unavailable(self) -> str | None:
        """Why the hybrid profile has no embedder here (None: it has one), loading nothing."""
        if self._embedder is not None:
            return None
        from hmdesk.core.memory.semantic.choice import hybrid_unavailable_reason

        return hybrid_unavailable_reason()

    @property
    def semantic(self) -> SemanticSource:
        """The hybrid profile's embedder, query vectors and cached matrix."""
        if self._semantic is None:
            from hmdesk.core.memory.retrieve.hybrid import SemanticSource
            from hmdesk.core.memory.semantic.choice import hybrid_embedder

            self._semantic = SemanticSource(
                self.store.db, self._embedder or hybrid_embedder, self.store.data_version
            )
        return self._semantic

    def _search_hybrid(self, segments: list[MemoryIndex], query: Query) -> QueryResult:
        """A hybrid search; without an embedder (or when it fails) the lexical part alone, with
        a note saying why — never an exception."""
        from hmdesk.core.memory.semantic.embedder import EmbedderError

        try:
            sem = self.semantic.prepare(searched_text(query))  # negated words left out
        except EmbedderError as exc:
            return search_segments(
                segments, query, note=f"semantic part unavailable ({exc}); ranked by lexical only"
            )
        live = sum(s.live_count for s in segments)
        missing = live - sem.matrix.live
        note = None
        if missing > 0:
            note = (
                f"{missing} of {live} memories have no embedding yet for {sem.matrix.model}; "
                "they rank by their lexical part (hmdesk-cli embed computes them)"
            )
        return search_segments(segments, query, semantic=sem, note=note)

    def warm(self, pause: Callable[[], None] | None = None) -> None:
        """Bring the index up to date and build its term postings now.

        A search without text needs only the index's arrays; the postings (most of a full
        build) are otherwise built by the first search with text. An app calls this on a worker
        thread once the first result is shown. Searches without text go on meanwhile; one with
        text waits for the postings.

        The build is pure Python and holds the GIL most of the time: a GUI thread repainting
        meanwhile waits for it at every call into Python. ``pause()``, called every 64 records,
        may block while the GUI is busy (typing, a result being drawn) to leave it the GIL.
        """
        if self.store.db.dialect == "postgresql":
            self._warm_team_store(pause)
            return
        self.refresh()
        for seg in self._segments or []:
            seg.warm(pause)

    def _warm_team_store(self, pause: Callable[[], None] | None) -> None:
        """A team store: the index in process, built whole (postings too) before a search uses
        it (the server answers meanwhile), then kept in step as on SQLite; none past
        :attr:`LOCAL_INDEX_MAX` live memories."""
        if self._server_only or self.store.count() > self.LOCAL_INDEX_MAX:
            self._server_only = True  # the server answers every lexical search
            return
        # a process that keeps the index keeps the vectors too: its warm hybrid searches rank
        # them in process, a new one's first asks the server (python -m tests.bench pgvector)
        self.semantic.on_server = False
        if self._segments is not None:
            self.refresh()
            return
        with self._lock:
            if self._segments is None:
                version = self.store.data_version()
                segments = self._full_rebuild()
                for seg in segments:
                    seg.warm(pause)
                self._segments, self._version = segments, version

    @property
    def warmed(self) -> bool:
        """True when the current index has its term postings (False before the first search),
        or when the server answers every search (a team store past :attr:`LOCAL_INDEX_MAX`)."""
        if self._server_only:
            return True
        segments = self._segments
        return segments is not None and all(seg.warmed for seg in segments)

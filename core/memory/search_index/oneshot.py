"""One search in a new process (``hmdesk-cli query``): the stored index, read-only, no ORM.

:func:`search_file` opens the file read-only with the standard ``sqlite3`` module, checks it is an
hmdesk database of this code's schema revision (:data:`hmdesk.core.dbfile.SCHEMA_HEAD`, so no
Alembic is needed to read), loads the stored index and searches it — without numpy (:mod:`~.lean`), whose import alone
would cost more than the search. Whenever that fast path
cannot answer — no file yet, another revision (a migration is due), no or a damaged snapshot — it
takes the full way: :class:`~hmdesk.core.db.Database` (safety checks, migrations, the same error
messages as every command), then the stored index if it can be trusted, else every memory read
whole, as before the index. A search never writes the index: writers keep it (``MemoryStore``
after its writes, the window when it opens the database).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from hmdesk.core.dbfile import (
    BUSY_TIMEOUT_MS,
    SCHEMA_HEAD,
    _check_is_sqlite,
    _read_only_cause,
    _uri,
)
from hmdesk.core.memory.retrieve.diversity import diversified
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.search_index import lean
from hmdesk.core.memory.search_index.schema import SnapshotError


def search_fast(path: Path, query: Query) -> QueryResult | None:
    """The answer from the stored index without opening the store (no ORM, no migration), or
    None when that cannot answer exactly (the window's first look uses it as it is). The hybrid
    profile needs the embeddings and an embedder: never answered here. Near-duplicates folded
    as every search path does (:mod:`~hmdesk.core.memory.retrieve.diversity`); the wider
    search that folding may need reads nothing again (one connection, one read transaction,
    one :class:`~.lean.View`)."""
    if query.profile == "hybrid":
        return None
    conn = _connect(path)
    if conn is None:
        return None
    try:
        revs = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
        if revs != [SCHEMA_HEAD]:
            return None
        conn.execute("BEGIN")  # every search of this query, lean or numpy: one view
        view = lean.View(conn)
        segments: list[Any] = []  # the numpy path's, loaded once
        return diversified(lambda q: _search_view(view, segments, q), query)
    except (sqlite3.Error, SnapshotError, UnicodeDecodeError):
        return None
    finally:
        conn.close()


def _connect(path: Path) -> sqlite3.Connection | None:
    try:
        head = _check_is_sqlite(path)
    except Exception:  # noqa: BLE001 - the full way gives the proper error
        return None
    if not head:
        return None
    try:
        if _read_only_cause(path) is None:
            # a plain connection, as the store's: the last one out checkpoints a -wal left by a
            # killed writer and removes it (a read-only one would leave it beside the file)
            conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
        else:
            conn = sqlite3.connect(_uri(path, head), uri=True)
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
        return conn
    except sqlite3.Error:
        return None


MMAP_BYTES = 1 << 31
"""The search reads the snapshot through a memory map of the file (SQLite caps it at its own
maximum): reading the parts costs half as much as through ``read()`` calls. SQLite keeps it
safe: the search holds one read transaction, during which no writer may shrink the file (the
shared lock; in WAL mode a checkpoint stops short of a reader's snapshot)."""


def _search_view(view: lean.View, segments: list[Any], query: Query) -> QueryResult | None:
    """One search over ``view``: the lean path, else numpy over what it read (``segments``
    keeps the loaded segments for a second search)."""
    try:
        answer = lean.search(view.conn, query, view=view)
    except SnapshotError:  # the numpy reader tells a damaged snapshot from an older one
        answer = None
    if isinstance(answer, QueryResult):
        return answer
    from hmdesk.core.memory.retrieve.index import search_segments

    if not segments:
        from hmdesk.core.memory.search_index.maintain import load_segments
        from hmdesk.core.memory.search_index.snapshot import from_lean

        parts = from_lean(answer.parts, answer.head) if isinstance(answer, lean.TooLarge) else None
        segments.extend(load_segments(view.conn, parts=parts).segments)
    return search_segments(segments, query)


def search_file(path: Path | str, query: Query) -> QueryResult:
    """``query`` against the database file at ``path`` (see the module doc); a PostgreSQL URL
    reads every live memory into an index in process (the team store keeps no snapshot)."""
    from hmdesk.core.dbfile import is_url

    if not is_url(path):
        answer = search_fast(Path(path), query)
        if answer is not None:
            return answer
    result = diversified(lambda q: _search_full(path, q), query)
    assert result is not None  # the full way always answers
    return result


def _search_full(path: Path | str, query: Query) -> QueryResult:
    from hmdesk.core.db import Database
    from hmdesk.core.dbfile import is_url

    if query.profile == "hybrid" or is_url(path):  # the full retriever: embeddings, the embedder
        from hmdesk.core.memory.retrieve.retriever import Retriever
        from hmdesk.core.memory.store import MemoryStore

        db = Database(path)
        store = MemoryStore(db, actor="query", keep_index=False)
        retriever = Retriever(store)
        try:
            return retriever.search_ranked(query)
        finally:
            retriever.close()
            store.close()
            db.close()
    from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
    from hmdesk.core.memory.search_index.maintain import dbapi_of, load_segments

    db = Database(path)
    try:
        with db.read() as s:
            try:
                loaded = load_segments(dbapi_of(s))
                segments = loaded.segments
            except SnapshotError:  # read-only without a usable snapshot: every memory
                from hmdesk.core.memory.store.rows import read_records

                records = read_records(db, include_superseded=True, include_deleted=False)
                segments = [MemoryIndex(records, order=[r.seq for r in records])]
            return search_segments(segments, query)
    finally:
        db.close()

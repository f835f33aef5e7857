"""How a database file is searched: the stored index, read-only, else the store opened whole.

:func:`search_stored` opens the file read-only with the standard ``sqlite3`` module (no ORM, no
Alembic), checks that it is an hmdesk database of this code's schema revision
(:data:`hmdesk.core.dbfile.SCHEMA_HEAD`), loads the stored index segments
(:func:`~hmdesk.core.memory.search_index.maintain.load_segments`) and runs
:func:`~hmdesk.core.memory.retrieve.index.search_segments` on them: the function the window
runs, so the same ids, scores and explanations. ``hmdesk-cli query`` and the window's first look
both call it. When it cannot answer — no file yet, another revision (a migration is due), no or
a damaged snapshot, a profile with a semantic part — :func:`search_file` takes the full way:
:class:`~hmdesk.core.db.Database` (safety checks, migrations, the same error messages as every
command), then the stored index if it can be trusted, else every memory read whole. A search
never writes the index: writers keep it (``MemoryStore`` after its writes, the window when it
opens the database).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hmdesk.core.dbfile import (
    BUSY_TIMEOUT_MS,
    SCHEMA_HEAD,
    _check_is_sqlite,
    _read_only_cause,
    _uri,
    is_url,
)
from hmdesk.core.memory.retrieve.diversity import diversified
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.search_index.schema import SnapshotError

# The index and the stored snapshot (numpy) are imported by the functions that read them: a
# team store's one-shot search (the server answers) never loads them.


def search_stored(path: Path, query: Query) -> QueryResult | None:
    """``query`` against the stored index of the file at ``path``, read-only, or None when
    that cannot answer exactly (see the module doc). Near-duplicates folded as every search
    path does (:mod:`~hmdesk.core.memory.retrieve.diversity`); the wider search that folding
    may need reads nothing again (one connection, one read transaction, the segments loaded
    once)."""
    if query.profile.semantic:  # needs the embeddings and an embedder: the full retriever
        return None
    from hmdesk.core.memory.retrieve.index import search_segments
    from hmdesk.core.memory.search_index.maintain import load_segments

    conn = _connect(path)
    if conn is None:
        return None
    try:
        revs = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
        if revs != [SCHEMA_HEAD]:
            return None
        conn.execute("BEGIN")  # one view of the file: the segments and the records they fetch
        segments = load_segments(conn).segments
        return diversified(lambda q: search_segments(segments, q), query)
    except (sqlite3.Error, SnapshotError, UnicodeDecodeError):
        return None
    finally:
        conn.close()


MMAP_BYTES = 1 << 31  # SQLite caps it at its own maximum


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
        # the stored index read through a map of the file (docs/decisions/0001-stored-search-index.md): SQLite keeps it
        # safe, the search holding one read transaction that no writer may shrink the file under
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
        return conn
    except sqlite3.Error:
        return None


def search_file(path: Path | str, query: Query) -> QueryResult:
    """``query`` against the database at ``path`` (see the module doc); on a PostgreSQL URL the
    server answers a lexical profile (:mod:`~.postgres_search`)."""
    if not is_url(path):
        answer = search_stored(Path(path), query)
        if answer is not None:
            return answer
    elif not query.profile.semantic:  # the server answers (search_index.postgres_search)
        from hmdesk.core.memory.search_index.postgres_search import search_url

        answer = search_url(str(path), query)
        if answer is None:  # another schema revision: opened the full way (migrated), then asked
            from hmdesk.core.db import Database

            Database(path).close()
            answer = search_url(str(path), query)
        if answer is not None:
            return answer
    result = diversified(lambda q: _search_full(path, q), query)
    assert result is not None  # the full way always answers
    return result


def _search_full(path: Path | str, query: Query) -> QueryResult:
    from hmdesk.core.db import Database
    from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
    from hmdesk.core.memory.search_index.maintain import dbapi_of, load_segments

    if query.profile.semantic or is_url(path):  # the full retriever: embeddings, the embedder
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
    db = Database(path)
    try:
        with db.read() as s:
            try:
                segments = load_segments(dbapi_of(s)).segments
            except SnapshotError:  # read-only without a usable snapshot: every memory
                from hmdesk.core.memory.store.rows import read_records

                records = read_records(db, include_superseded=True, include_deleted=False)
                segments = [MemoryIndex(records, order=[r.seq for r in records])]
            return search_segments(segments, query)
    finally:
        db.close()

"""Keeping the stored index usable, and reading it back as index segments.

* :func:`load_segments` — the stored snapshot as a :class:`MemoryIndex` without records, with
  the rows changed since (``search_dirty``) masked out and read whole into a small second
  segment: exactly the memories of the database now. Raises :class:`SnapshotError` when the
  snapshot is missing, damaged or out of step (never trusted).
* :func:`refresh` — build a new snapshot and write it (a read transaction to build, a short write
  transaction to store it; rows changed meanwhile stay pending).
* :func:`ensure_current` — what a writer calls on open or after bulk work: (re)build when missing,
  damaged or when many rows are pending.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hmdesk.core.memory.raw_records import fetch_records
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.index import Fetch, MemoryIndex
from hmdesk.core.memory.search_index import snapshot
from hmdesk.core.memory.search_index.schema import (
    DROP_V1,
    GUARD,
    LIVE_COUNT,
    SCHEMA_V1,
    TABLES,
    TRIGGERS,
)
from hmdesk.core.memory.search_index.snapshot import Progress, SnapshotError

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from sqlalchemy.orm import Session


def refresh_threshold(size: int) -> int:
    """Pending rows past which the snapshot is rebuilt (a search reads every pending row)."""
    return max(2_000, size // 20)


def dbapi_of(session: Session) -> sqlite3.Connection:
    """The DB-API connection under a session (its transaction is the session's)."""
    conn = session.connection().connection.dbapi_connection
    assert isinstance(conn, sqlite3.Connection)
    return conn


@dataclass(frozen=True)
class Loaded:
    """Segments read from the database, and what they were read at."""

    segments: list[MemoryIndex]
    pending: int  # rows read whole because they changed since the snapshot


def _fetcher(conn: sqlite3.Connection) -> Fetch:
    def fetch(seqs: list[int]) -> dict[int, MemoryRecord]:
        return fetch_records(conn, seqs)

    return fetch


def load_segments(
    conn: sqlite3.Connection, fetch: Fetch | None = None, parts: dict[str, Any] | None = None
) -> Loaded:
    """The index of the database ``conn`` reads, as of one read transaction.

    The returned base segment reads the memories it returns with ``fetch`` (default: through
    ``conn``, which must then stay open while it is searched). ``parts``: the snapshot already
    read in the caller's open transaction (not read again)."""
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN")
    try:
        missing = _missing(conn)
        if missing:
            raise SnapshotError(f"the search index is missing ({', '.join(missing)})")
        damage = _damage(conn)
        if damage:
            raise SnapshotError(f"the search index is damaged ({damage})")
        if parts is None:
            parts = snapshot.read(conn)
        dirty = [r[0] for r in conn.execute("SELECT seq FROM search_dirty ORDER BY seq")]
        fresh = fetch_records(conn, dirty) if dirty else {}
        live = int(conn.execute(LIVE_COUNT).fetchone()[0])
    finally:
        if own:
            conn.execute("COMMIT")
    base = MemoryIndex.from_parts(parts, fetch or _fetcher(conn))
    if dirty:
        base = base.with_dead_seqs(dirty)
    added = sorted((r for r in fresh.values() if r.deleted_at is None), key=lambda r: r.seq)
    if base.live_count + len(added) != live:
        raise SnapshotError(
            f"the search index is out of step with the memories ({base.live_count} + "
            f"{len(added)} pending where the database has {live})"
        )
    segments = [base]
    if added:
        segments.append(MemoryIndex(added, order=[r.seq for r in added]))
    return Loaded(segments, len(dirty))


def _missing(conn: sqlite3.Connection) -> list[str]:
    names = {
        r[0]
        for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
    }
    return [n for n in (*TABLES, *TRIGGERS) if n not in names]


def _damage(conn: sqlite3.Connection) -> str | None:
    """What the guard trigger recorded (pending rows deleted), else None."""
    row = conn.execute("SELECT value FROM search_meta WHERE key = 'damaged'").fetchone()
    return str(row[0]) if row else None


@dataclass(frozen=True)
class IndexState:
    """What :func:`index_state` found: ``problem`` is None for a usable snapshot."""

    size: int
    pending: int
    problem: str | None


def index_state(conn: sqlite3.Connection) -> IndexState:
    """A cheap look (no snapshot read): present, which format, how many rows pending."""
    missing = _missing(conn)
    if missing:
        return IndexState(0, 0, f"the search index is missing ({', '.join(missing)})")
    pending = int(conn.execute("SELECT count(*) FROM search_dirty").fetchone()[0])
    damage = _damage(conn)
    if damage:
        return IndexState(0, pending, f"the search index is damaged ({damage})")
    try:
        head = snapshot.header(conn)
    except SnapshotError as exc:
        return IndexState(0, pending, str(exc))
    if head is None:
        return IndexState(0, pending, "the search index has not been built")
    if head.get("format") != snapshot.SNAPSHOT_FORMAT:
        return IndexState(0, pending, f"the search index has format {head.get('format')}")
    return IndexState(int(head.get("size", 0)), pending, None)


def memories_tick(conn: sqlite3.Connection) -> int:
    """The largest ``search_dirty`` id handed out so far (AUTOINCREMENT: never reused): it moves
    whenever a memory row changes, whoever writes it (the triggers)."""
    row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'search_dirty'").fetchone()
    return int(row[0]) if row else 0


def refresh(db: Database, *, progress: Progress | None = None) -> int:
    """Build a snapshot of ``db``'s memories now and store it; returns its size."""
    with db.read() as s:
        conn = dbapi_of(s)
        if _missing(conn):
            raise SnapshotError("the search index tables are missing")
        tick = memories_tick(conn)
        parts = snapshot.build_parts(conn, progress)
    with db.write() as s:
        conn = dbapi_of(s)
        try:
            head = snapshot.header(conn)
        except SnapshotError:
            head = None  # a header that does not check is replaced
        if (
            head is None
            or int(head.get("tick", -1)) < tick
            or head.get("format") != snapshot.SNAPSHOT_FORMAT
        ):
            snapshot.write(conn, parts, tick)
    return len(parts["seq"])


def rebuild(db: Database, *, progress: Progress | None = None) -> int:
    """Re-create the index tables and triggers (damaged or missing) and build the snapshot."""
    with db.write() as s:
        conn = dbapi_of(s)
        for stmt in (*DROP_V1, *SCHEMA_V1, *GUARD):
            conn.execute(stmt)
        conn.execute("INSERT OR IGNORE INTO search_dirty (seq) SELECT seq FROM memories")
    return refresh(db, progress=progress)


def index_due(conn: sqlite3.Connection) -> bool:
    """Whether the stored snapshot is due for a refresh (none, another format, or more rows
    pending than :func:`refresh_threshold`): two small reads, in the caller's transaction."""
    try:
        head = snapshot.header(conn)
    except SnapshotError:
        return True
    if head is None or head.get("format") != snapshot.SNAPSHOT_FORMAT:
        return True
    pending = int(conn.execute("SELECT count(*) FROM search_dirty").fetchone()[0])
    return pending > refresh_threshold(int(head.get("size", 0)))


def maybe_refresh(db: Database) -> str:
    """After a write: build the snapshot when there is none yet or many rows are pending (cheap
    to call: two small reads when nothing is due). Readers never write; writers keep it up.
    A PostgreSQL store keeps no snapshot (see revision 0004): ``current``."""
    if db.read_only is not None or db.dialect != "sqlite":
        return "current"
    with db.read() as s:
        state = index_state(dbapi_of(s))
    if state.problem is None and state.pending <= refresh_threshold(state.size):
        return "current"
    return ensure_current(db, force=state.problem is not None)


def ensure_current(db: Database, *, progress: Progress | None = None, force: bool = False) -> str:
    """Make ``db``'s stored index usable and small to apply. Returns what it did: ``current``,
    ``refreshed`` (many pending rows) or ``rebuilt: <why>``. A read-only database is left as it
    is (its searches fall back to reading every memory), and so is a PostgreSQL store."""
    if db.read_only is not None or db.dialect != "sqlite":
        return "current"
    with db.read() as s:
        conn = dbapi_of(s)
        state = index_state(conn)
        problem = state.problem
        if problem is None and not force:
            try:
                loaded = load_segments(conn)
            except SnapshotError as exc:
                problem = str(exc)
            else:
                if state.pending <= refresh_threshold(loaded.segments[0].size):
                    return "current"
    if problem is not None:
        # re-create rather than refresh: refresh keeps a snapshot as new as the one it built,
        # which a damaged snapshot of the same tick is
        rebuild(db, progress=progress)
        return f"rebuilt: {problem}"
    refresh(db, progress=progress)
    return f"rebuilt: {problem}" if problem else "refreshed"

"""The search index's tables and triggers (revision 0004), as SQL.

``SCHEMA_V1`` is what Alembic revision 0004 runs; :func:`~.maintain.rebuild` runs it again to
re-create a damaged index. It is history: a change to these tables is a new list and a new
revision, never an edit of this one.

The triggers fire on every change to a column the search reads, whoever writes (this process,
another one, any SQLite client): they mark the row in ``search_dirty`` in the writing
transaction, with an id that only grows (the snapshot's ``tick`` is the largest it covers).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


class SnapshotError(Exception):
    """The stored snapshot is missing, from another format, or damaged: rebuild it."""


TABLES = ("search_meta", "search_dirty", "search_snapshot")
TRIGGERS = ("search_memories_ai", "search_memories_au", "search_memories_ad", "search_dirty_guard")

# One statement per changed row. REPLACE gives the row a new id, and AUTOINCREMENT never hands
# out an id twice: a refresh that read the memories when the largest id was T may forget exactly
# the rows with id <= T (anything changed after that has a larger id). While a bulk insert of new
# memories runs (``search_meta.bulk`` set inside the importing transaction) the importer marks
# the new rows itself, in one statement (:func:`~.maintain.bulk_insert`).
_MARK = "INSERT OR REPLACE INTO search_dirty (seq) VALUES ({row}.seq);"
_NOT_BULK = "WHEN (SELECT value FROM search_meta WHERE key = 'bulk') IS NULL"

SCHEMA_V1: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value NOT NULL)",
    "CREATE TABLE IF NOT EXISTS search_dirty (id INTEGER PRIMARY KEY AUTOINCREMENT, "
    "seq INTEGER NOT NULL UNIQUE)",
    "CREATE TABLE IF NOT EXISTS search_snapshot (part TEXT NOT NULL, chunk INTEGER NOT NULL, "
    "data BLOB NOT NULL, PRIMARY KEY (part, chunk))",
    f"CREATE TRIGGER IF NOT EXISTS search_memories_ai AFTER INSERT ON memories {_NOT_BULK} "
    "BEGIN " + _MARK.format(row="new") + " END",
    "CREATE TRIGGER IF NOT EXISTS search_memories_au AFTER UPDATE OF seq, id, content, tags, "
    "timestamp, confidence, layer, environment, superseded_by, deleted_at ON memories BEGIN "
    + _MARK.format(row="old")
    + " "
    + _MARK.format(row="new")
    + " END",
    "CREATE TRIGGER IF NOT EXISTS search_memories_ad AFTER DELETE ON memories BEGIN "
    + _MARK.format(row="old")
    + " END",
)

GUARD: tuple[str, ...] = (
    # A pending row is forgotten only by a snapshot write, which first stores the header with
    # the new tick and then deletes the rows with ids up to it. A pending row deleted otherwise
    # (by hand, by another program) would leave a changed memory unseen: the index is marked
    # damaged, never used again, and rebuilt. REPLACE in the marking triggers deletes no row
    # through a trigger (``recursive_triggers`` is off), so it does not fire this one.
    "CREATE TRIGGER IF NOT EXISTS search_dirty_guard AFTER DELETE ON search_dirty "
    "WHEN old.id > coalesce((SELECT json_extract(value, '$.tick') FROM search_meta "
    "WHERE key = 'snapshot' AND json_valid(value)), -1) BEGIN "
    "INSERT OR REPLACE INTO search_meta (key, value) VALUES ('damaged', "
    "'pending rows were deleted outside a snapshot write'); END",
)
"""Added after revision 0004 (not part of its history): :func:`~.maintain.rebuild` creates it,
and an index without it counts as missing, so every database gets it on its next rebuild."""

DROP_V1: tuple[str, ...] = (
    "DROP TRIGGER IF EXISTS search_memories_ai",
    "DROP TRIGGER IF EXISTS search_memories_au",
    "DROP TRIGGER IF EXISTS search_memories_ad",
    "DROP TABLE IF EXISTS search_snapshot",
    "DROP TABLE IF EXISTS search_dirty",
    "DROP TABLE IF EXISTS search_meta",
)


@contextmanager
def bulk_insert(conn: sqlite3.Connection) -> Iterator[None]:
    """Insert many new memories inside this block (the caller's write transaction) without a
    trigger per row: they are marked pending together at the end, in the same transaction."""
    before = int(conn.execute("SELECT coalesce(max(seq), 0) FROM memories").fetchone()[0])
    conn.execute("INSERT OR REPLACE INTO search_meta (key, value) VALUES ('bulk', 1)")
    try:
        yield
    finally:
        conn.execute("DELETE FROM search_meta WHERE key = 'bulk'")
    conn.execute(
        "INSERT OR REPLACE INTO search_dirty (seq) SELECT seq FROM memories WHERE seq > ?",
        (before,),
    )


LIVE_COUNT = (
    "SELECT (SELECT count(*) FROM memories) "
    "- (SELECT count(*) FROM memories WHERE deleted_at IS NOT NULL)"
)
"""The number of live (not deleted) memories: every row counted (SQLite counts the cells of the
smallest index's pages without reading a row) less the deleted ones (an index range), where
``count(*) … WHERE deleted_at IS NULL`` reads every entry
(docs/decisions/0019-counts-without-reading-rows.md)."""

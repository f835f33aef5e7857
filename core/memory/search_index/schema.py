"""The search index's tables and triggers (revision 0004), as SQL.

``SCHEMA_V1`` is what Alembic revision 0004 runs; :func:`~.maintain.rebuild` runs it again to
re-create a damaged index. It is history: a change to these tables is a new list and a new
revision, never an edit of this one.

The triggers fire on every change to a column the search reads, whoever writes (this process,
another one, any SQLite client): they count a ``tick`` in ``search_meta`` and mark the row in
``search_dirty`` with it, in the writing transaction.
"""

from __future__ import annotations


class SnapshotError(Exception):
    """The stored snapshot is missing, from another format, or damaged: rebuild it."""


TABLES = ("search_meta", "search_dirty", "search_snapshot")
TRIGGERS = ("search_memories_ai", "search_memories_au", "search_memories_ad")

_MARK = (
    "UPDATE search_meta SET value = value + 1 WHERE key = 'tick'; "
    "INSERT OR REPLACE INTO search_dirty (seq, tick) "
    "VALUES ({row}.seq, (SELECT value FROM search_meta WHERE key = 'tick'));"
)

SCHEMA_V1: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value NOT NULL)",
    "CREATE TABLE IF NOT EXISTS search_dirty (seq INTEGER PRIMARY KEY, tick INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS search_snapshot (part TEXT NOT NULL, chunk INTEGER NOT NULL, "
    "data BLOB NOT NULL, PRIMARY KEY (part, chunk))",
    "INSERT OR IGNORE INTO search_meta (key, value) VALUES ('tick', 0)",
    "CREATE TRIGGER IF NOT EXISTS search_memories_ai AFTER INSERT ON memories BEGIN "
    + _MARK.format(row="new")
    + " END",
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

DROP_V1: tuple[str, ...] = (
    "DROP TRIGGER IF EXISTS search_memories_ai",
    "DROP TRIGGER IF EXISTS search_memories_au",
    "DROP TRIGGER IF EXISTS search_memories_ad",
    "DROP TABLE IF EXISTS search_snapshot",
    "DROP TABLE IF EXISTS search_dirty",
    "DROP TABLE IF EXISTS search_meta",
)

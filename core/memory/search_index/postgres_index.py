"""The team store's search index: PostgreSQL tables that let the server answer a search.

A PostgreSQL store (Alembic revision 0009) keeps, beside ``memories``:

* ``search_docs`` — one row per live memory: the haystack lowercased as Python lowers it
  (:func:`~hmdesk.core.memory.retrieve.scoring.haystack`), its timestamp as JavaScript reads it
  (milliseconds, NULL when unparseable), and the columns the hard filters and the score read
  (confidence, superseded, layer, environment, tags). With ``pg_trgm`` a trigram GIN index on the
  haystack finds the memories holding a term; without it the same SQL scans the table (slower,
  the same answers).
* ``search_pending`` — the memories changed since their ``search_docs`` row was written.
  Statement triggers on ``memories`` fill it, and drop the stale ``search_docs`` rows, in the
  writing transaction, whoever writes (hmdesk, another client, ``psql``): the two tables together
  always describe the memories exactly. A search reads the pending memories whole and scores them
  in process (:mod:`~.postgres_search`).
* ``search_counts`` — the live and the live superseded memories of ``search_docs`` (kept by
  statement triggers on it): the numbers an unfiltered search needs, without counting rows.

hmdesk's writers move the pending rows into ``search_docs`` before they commit (:func:`fill`,
called by ``MemoryStore`` in its write transaction): only Python lowers text and reads a
JavaScript date exactly as the in-process index does, so that part cannot be a trigger. Why this
design: docs/decisions/0029-team-store-search-on-the-server.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

TABLES = ("search_docs", "search_pending", "search_counts")

_FIELDS = (
    "content, tags::text, timestamp, confidence, layer, environment, superseded_by, deleted_at"
)
"""The columns of ``memories`` a search reads: a change to any of them makes a row pending."""

_MARK = "hmdesk_search_mark"
_COUNT = "hmdesk_search_count"

SCHEMA: tuple[str, ...] = (
    "CREATE TABLE search_docs (seq bigint PRIMARY KEY, hay text NOT NULL, words text[] NOT NULL, "
    "ts_ms float8, conf float8 NOT NULL, superseded boolean NOT NULL, layer text NOT NULL, "
    "environment text NOT NULL, tags text[] NOT NULL)",
    # a plain English term is a lookup of its inflected forms in the memories' word lists
    "CREATE INDEX search_docs_words ON search_docs USING gin (words)",
    "CREATE TABLE search_pending (seq bigint PRIMARY KEY)",
    "CREATE TABLE search_counts (one boolean PRIMARY KEY DEFAULT true CHECK (one), "
    "live bigint NOT NULL, superseded bigint NOT NULL)",
    "INSERT INTO search_counts (live, superseded) VALUES (0, 0)",
    # which memories a statement changed: inserted or deleted rows, and updated rows whose
    # searched columns differ (a recall count or an updated_at alone changes nothing here)
    f"""CREATE FUNCTION {_MARK}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO search_pending (seq) SELECT seq FROM new_rows ON CONFLICT DO NOTHING;
    ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM search_docs d USING old_rows o WHERE d.seq = o.seq;
        INSERT INTO search_pending (seq) SELECT seq FROM old_rows ON CONFLICT DO NOTHING;
    ELSE
        WITH changed AS (
            SELECT o.seq FROM old_rows o LEFT JOIN new_rows n ON n.seq = o.seq
            WHERE n.seq IS NULL OR ({", ".join("o." + c for c in _FIELDS.split(", "))})
                IS DISTINCT FROM ({", ".join("n." + c for c in _FIELDS.split(", "))})
            UNION SELECT n.seq FROM new_rows n LEFT JOIN old_rows o ON o.seq = n.seq
            WHERE o.seq IS NULL
        ), gone AS (DELETE FROM search_docs d USING changed c WHERE d.seq = c.seq)
        INSERT INTO search_pending (seq) SELECT seq FROM changed ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END
$$""",
    f"CREATE TRIGGER search_memories_ai AFTER INSERT ON memories REFERENCING NEW TABLE AS "
    f"new_rows FOR EACH STATEMENT EXECUTE FUNCTION {_MARK}()",
    f"CREATE TRIGGER search_memories_au AFTER UPDATE ON memories REFERENCING OLD TABLE AS "
    f"old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {_MARK}()",
    f"CREATE TRIGGER search_memories_ad AFTER DELETE ON memories REFERENCING OLD TABLE AS "
    f"old_rows FOR EACH STATEMENT EXECUTE FUNCTION {_MARK}()",
    f"""CREATE FUNCTION {_COUNT}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    d_live bigint := 0;
    d_sup bigint := 0;
    n bigint;
    s bigint;
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT count(*), count(*) FILTER (WHERE superseded) INTO n, s FROM new_rows;
        d_live := d_live + n;
        d_sup := d_sup + s;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        SELECT count(*), count(*) FILTER (WHERE superseded) INTO n, s FROM old_rows;
        d_live := d_live - n;
        d_sup := d_sup - s;
    END IF;
    IF d_live <> 0 OR d_sup <> 0 THEN
        UPDATE search_counts SET live = live + d_live, superseded = superseded + d_sup;
    END IF;
    RETURN NULL;
END
$$""",
    f"CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs REFERENCING NEW TABLE AS "
    f"new_rows FOR EACH STATEMENT EXECUTE FUNCTION {_COUNT}()",
    f"CREATE TRIGGER search_docs_au AFTER UPDATE ON search_docs REFERENCING OLD TABLE AS "
    f"old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {_COUNT}()",
    f"CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs REFERENCING OLD TABLE AS "
    f"old_rows FOR EACH STATEMENT EXECUTE FUNCTION {_COUNT}()",
    "INSERT INTO search_pending (seq) SELECT seq FROM memories",
)


def static_order() -> str:
    """An expression of ``search_docs`` that orders the memories whose recency is above 0 as
    their score without terms does (confidence·w_c + recency·w_r is this plus a constant of
    ``now``), NULL for an unparseable timestamp. The constants are spelled as literals: a query
    must spell the expression exactly as the index does to walk it."""
    from hmdesk.core.memory.retrieve.profile import WEIGHTS
    from hmdesk.core.memory.retrieve.scoring import DAY_MS, RECENCY_DAYS

    per_ms = WEIGHTS["recency"] / float(DAY_MS * RECENCY_DAYS)
    return f"(conf * {WEIGHTS['confidence']!r}::float8 + ts_ms * {per_ms!r}::float8)"


def order_indexes() -> tuple[str, ...]:
    """The indexes a search without terms walks for its top rows, and counts its unparseable
    timestamps with (revision 0012; ``postgres_search._walked``)."""
    return (
        f"CREATE INDEX search_docs_static ON search_docs ({static_order()} DESC NULLS LAST)",
        "CREATE INDEX search_docs_conf ON search_docs (conf)",
    )


TRIGRAM_INDEX = (
    "CREATE INDEX search_docs_hay_trgm ON search_docs USING gin (hay {schema}.gin_trgm_ops)"
)
"""The index that finds the memories holding a term (with ``pg_trgm``, in ``schema``)."""

DROP: tuple[str, ...] = (
    "DROP TRIGGER IF EXISTS search_memories_ai ON memories",
    "DROP TRIGGER IF EXISTS search_memories_au ON memories",
    "DROP TRIGGER IF EXISTS search_memories_ad ON memories",
    "DROP TABLE IF EXISTS search_docs",
    "DROP TABLE IF EXISTS search_pending",
    "DROP TABLE IF EXISTS search_counts",
    f"DROP FUNCTION IF EXISTS {_MARK}()",
    f"DROP FUNCTION IF EXISTS {_COUNT}()",
)


def create(execute: Callable[[str], Any]) -> bool:
    """Create the tables and triggers with ``execute`` (a psycopg connection's), and the trigram
    index when ``pg_trgm`` is enabled in the database or may be enabled here (in ``public``).
    Returns whether the index was made. Every existing memory is left pending (:func:`fill`)."""
    for stmt in SCHEMA:
        execute(stmt)
    schema = trigram_schema(execute)
    if schema is None:
        # a savepoint: a refused CREATE EXTENSION (not installed, no right) must not end the upgrade
        execute("SAVEPOINT hmdesk_trgm")
        try:
            execute("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
        except Exception:  # noqa: BLE001 - any refusal: the search works without the index
            execute("ROLLBACK TO SAVEPOINT hmdesk_trgm")
            return False
        execute("RELEASE SAVEPOINT hmdesk_trgm")
        schema = "public"
    execute(TRIGRAM_INDEX.format(schema=schema))
    return True


def trigram_schema(execute: Callable[[str], Any]) -> str | None:
    """The schema ``pg_trgm`` is enabled in (quoted), None when it is not enabled."""
    row = execute(
        "SELECT quote_ident(n.nspname) FROM pg_extension e "
        "JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'"
    ).fetchone()
    return None if row is None else str(row[0])


_WORDS = re.compile("[a-z]+")
"""A word of a haystack: a maximal run of ASCII letters (where a plain English term matches)."""

FILL_BATCH = 5_000
"""Pending memories moved per round: memory stays bounded whatever an import added."""


def fill(conn: Any, progress: Callable[[int], None] | None = None) -> int:
    """Move every pending memory into ``search_docs``, in the caller's (write) transaction on the
    psycopg connection ``conn``. Returns how many were moved. The memories are locked while
    moved (``FOR UPDATE``): a writer that is not hmdesk waits and marks them pending again."""
    from hmdesk.core.memory.retrieve.scoring import haystack_text
    from hmdesk.core.memory.retrieve.timestamps import parse_timestamps

    conn.execute(
        "DELETE FROM search_pending p WHERE NOT EXISTS "
        "(SELECT 1 FROM memories m WHERE m.seq = p.seq AND m.deleted_at IS NULL)"
    )
    moved = 0
    while True:
        rows = conn.execute(
            "SELECT m.seq, m.content, m.tags::text, m.timestamp FROM search_pending p "
            "JOIN memories m ON m.seq = p.seq ORDER BY p.seq LIMIT %s FOR UPDATE OF m",
            (FILL_BATCH,),
        ).fetchall()
        if not rows:
            return moved
        seqs = [r[0] for r in rows]
        hays = [haystack_text(r[1], json.loads(r[2])) for r in rows]
        words = [sorted(set(_WORDS.findall(h))) for h in hays]
        ms, ok = parse_timestamps([r[3] for r in rows])
        ts = [float(v) if good else None for v, good in zip(ms.tolist(), ok.tolist(), strict=True)]
        conn.execute(
            "INSERT INTO search_docs "
            "(seq, hay, words, ts_ms, conf, superseded, layer, environment, tags) "
            "SELECT u.seq, u.hay, string_to_array(u.words, ' '), u.ts, m.confidence, "
            "coalesce(m.superseded_by, '') <> '', "
            "m.layer, m.environment, ARRAY(SELECT json_array_elements_text(m.tags)) "
            "FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::float8[]) "
            "AS u(seq, hay, words, ts) "
            "JOIN memories m ON m.seq = u.seq WHERE m.deleted_at IS NULL "
            "ON CONFLICT (seq) DO UPDATE SET hay = excluded.hay, words = excluded.words, "
            "ts_ms = excluded.ts_ms, "
            "conf = excluded.conf, superseded = excluded.superseded, layer = excluded.layer, "
            "environment = excluded.environment, tags = excluded.tags",
            (seqs, hays, [" ".join(w) for w in words], ts),
        )
        conn.execute("DELETE FROM search_pending WHERE seq = ANY(%s)", (seqs,))
        moved += len(rows)
        if progress is not None:
            progress(moved)


def fill_session(session: Session) -> int:
    """:func:`fill` in a SQLAlchemy session's write transaction (its changes flushed first)."""
    session.flush()
    return fill(session.connection().connection.dbapi_connection)

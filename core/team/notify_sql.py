"""The SQL of PostgreSQL change notification (revision 0004 on PostgreSQL), kept apart from the
listener (:mod:`~.notify`) so a migration imports no driver.

A statement-level trigger on ``memory_events`` sends ``NOTIFY hmdesk_changes`` in the writing
transaction (PostgreSQL delivers it at commit, to every session listening). The payload is the
newest event id of the statement, then the changed memory ids when they fit (a payload is at
most 8000 bytes): ``"1234 id1 id2"`` or ``"1234"``. Listeners use the event id: which memories
changed they read from ``memory_events`` after the id they last saw (an index range, never the
whole table).
"""

from __future__ import annotations

CHANNEL = "hmdesk_changes"
FUNCTION = "hmdesk_notify_events"
TRIGGER = "hmdesk_events_notify"

CREATE: tuple[str, ...] = (
    f"""CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    newest bigint;
    ids text;
BEGIN
    SELECT max(id), string_agg(DISTINCT memory_id, ' ') INTO newest, ids FROM added;
    IF newest IS NULL THEN
        RETURN NULL;
    END IF;
    IF ids IS NULL OR length(ids) > 7000 THEN
        PERFORM pg_notify('{CHANNEL}', newest::text);
    ELSE
        PERFORM pg_notify('{CHANNEL}', newest::text || ' ' || ids);
    END IF;
    RETURN NULL;
END
$$""",
    f"CREATE TRIGGER {TRIGGER} AFTER INSERT ON memory_events REFERENCING NEW TABLE AS added "
    f"FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()",
)

DROP: tuple[str, ...] = (
    f"DROP TRIGGER IF EXISTS {TRIGGER} ON memory_events",
    f"DROP FUNCTION IF EXISTS {FUNCTION}()",
)

"""``LISTEN hmdesk_changes``: how a running client learns about other clients' writes at once.

:class:`ChangeListener` keeps one connection of its own (autocommit) that listens on the channel
the ``memory_events`` trigger notifies (:mod:`~.notify_sql`), on a daemon thread. Every
notification bumps :attr:`ChangeListener.version` and records the newest event id; the store's
``data_version()`` reads it (no query), so a retriever's ``refresh`` notices the change and reads
the events after the last one it saw (``MemoryStore.changed_since``: an index range on the event
id, never the whole table). A lost connection is re-opened (bumping the version once, since
notifications sent meanwhile are lost: the reader then catches up from the event log).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from hmdesk.core.team.notify_sql import CHANNEL

log = logging.getLogger(__name__)

POLL_S = 0.5
"""How long the thread waits for a notification before it checks whether it should stop."""


def conninfo(url: str) -> tuple[str, dict[str, Any]]:
    """A libpq connection string for a database URL (the driver part dropped) and the extra
    connection arguments (the keyring's password, :func:`~.credentials.connect_args`)."""
    import sqlalchemy as sa
    from hmdesk.core.team.credentials import connect_args

    parsed = sa.engine.make_url(url.strip())
    extra = connect_args(parsed)
    plain = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    return plain, extra


class ChangeListener:
    """Listens for other clients' commits; :attr:`version` grows with each one."""

    def __init__(self, url: str, on_change: Callable[[int, set[str]], None] | None = None) -> None:
        self.url = url
        self.version = 0
        self.last_event = 0
        self._on_change = on_change
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._conn: Any = None
        self._connect()  # LISTEN is in place when the constructor returns
        self._thread = threading.Thread(target=self._run, name="hmdesk-listen", daemon=True)
        self._thread.start()

    def _connect(self) -> None:
        import psycopg

        info, extra = conninfo(self.url)
        conn = psycopg.connect(info, autocommit=True, **extra)
        conn.execute(f"LISTEN {CHANNEL}")
        self._conn = conn

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                if self._conn is None:
                    self._connect()
                    self._bump(0, set())  # notifications may have been lost meanwhile
                for note in self._conn.notifies(timeout=POLL_S):
                    head, _, rest = note.payload.partition(" ")
                    self._bump(int(head) if head.isdigit() else 0, set(rest.split()))
            except psycopg.Error as exc:
                if self._stop.is_set():
                    return
                log.info("change listener: %s; reconnecting", type(exc).__name__)
                self._close_conn()
                self._stop.wait(1.0)

    def _bump(self, event_id: int, ids: set[str]) -> None:
        with self._lock:
            self.version += 1
            self.last_event = max(self.last_event, event_id)
        if self._on_change is not None:
            try:
                self._on_change(event_id, ids)
            except Exception:  # a bad callback must not stop the listening
                log.exception("change listener callback failed")

    def _close_conn(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - closing a broken connection: nothing to do
                log.debug("closing the listener connection failed")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._close_conn()

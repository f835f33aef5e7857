"""How a store's users learn about changes: listeners and a data version.

:class:`ChangeNotifier` keeps the listeners of one ``MemoryStore`` (called with the changed ids
after each of its commits) and :meth:`ChangeNotifier.data_version`, a number that grows on every
commit by any connection or process (SQLite ``PRAGMA data_version`` read on a private connection,
plus a counter of this store's own commits). Which memories another process changed comes from
the event log (``MemoryStore.changed_since``).

On a PostgreSQL team store (``url`` given) the data version counts the ``NOTIFY`` messages the
other clients' commits send (:class:`hmdesk.core.team.notify.ChangeListener`, started at the first
call), instead of SQLite's ``PRAGMA data_version``.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Listener = Callable[[set[str]], None]
"""``listener(ids of the memories changed)``, called after a commit on the writing thread."""


class ChangeNotifier:
    """The listeners and the data version of one store over the database file ``path``."""

    def __init__(self, path: Path, uri: str | None = None, *, url: str | None = None) -> None:
        self.path = path
        self._uri = uri  # a read-only database's SQLite URI (Database.read_only_uri)
        self._url = url  # a PostgreSQL store's URL: LISTEN/NOTIFY instead of data_version
        self._listener: Any = None
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._local_version = 0
        self._dv_lock = threading.Lock()
        self._dv_conn: sqlite3.Connection | None = None
        self._dv_raw: int | None = None
        self._dv_seen = 0
        self._finalizer: weakref.finalize[Any, Any] | None = None

    def add_listener(self, cb: Listener) -> Callable[[], None]:
        """``cb(changed ids)`` after each commit, on the writing thread. Returns unsubscribe."""
        with self._lock:
            self._listeners.append(cb)

        def unsubscribe() -> None:
            with self._lock:
                if cb in self._listeners:
                    self._listeners.remove(cb)

        return unsubscribe

    def committed(self, changed: set[str]) -> None:
        """A commit of the store changed these memories: count it and tell the listeners."""
        with self._lock:
            self._local_version += 1
            listeners = list(self._listeners)
        for cb in listeners:
            try:
                cb(set(changed))
            except Exception:  # the change is committed; one bad listener must not hide it
                log.exception("memory store listener %r failed", cb)

    def data_version(self) -> int:
        """A number that grows on every committed change, by this store or any other connection
        or process (SQLite ``PRAGMA data_version`` on a private connection + a local counter)."""
        with self._dv_lock:
            if self._url is not None:
                if self._listener is None:
                    from hmdesk.core.team.notify import ChangeListener

                    try:
                        self._listener = ChangeListener(self._url)
                    except Exception as exc:  # noqa: BLE001 - server away: the next call retries
                        log.info("cannot listen for changes (%s)", type(exc).__name__)
                        with self._lock:
                            return self._local_version
                    self._finalizer = weakref.finalize(self, self._listener.close)
                with self._lock:
                    return int(self._listener.version) + self._local_version
            if self._dv_conn is None:
                conn = sqlite3.connect(
                    self._uri or str(self.path),
                    check_same_thread=False,
                    isolation_level=None,
                    uri=self._uri is not None,
                )
                conn.execute("PRAGMA busy_timeout = 5000")
                self._dv_conn = conn
                self._finalizer = weakref.finalize(self, conn.close)
            raw = int(self._dv_conn.execute("PRAGMA data_version").fetchone()[0])
            if self._dv_raw is not None and raw != self._dv_raw:
                self._dv_seen += 1
            self._dv_raw = raw
            with self._lock:
                return self._dv_seen + self._local_version

    def close(self) -> None:
        """Close the private connection used by :meth:`data_version`."""
        with self._dv_lock:
            if self._finalizer is not None:
                self._finalizer()
            self._dv_conn = None
            self._listener = None
            self._dv_raw = None

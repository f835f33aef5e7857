"""Database passwords: from the URL, libpq's ``PGPASSFILE`` (``~/.pgpass``), or the system keyring.

hmdesk never writes a password anywhere itself: a URL given with one is used as it is (and shown
with ``***``, :func:`hmdesk.core.dbfile.redact_url`); the ``db`` setting refuses a URL with a
password (see :func:`split_password`), which goes to the keyring instead
(:func:`store_password`, ``hmdesk-cli team login``) or to ``PGPASSFILE``. The keyring is optional
(``pip install 'hmdesk[keyring]'``): without it, or without a keyring backend, nothing is looked up.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

SERVICE = "hmdesk"
"""The keyring service name hmdesk's database passwords are stored under."""


class CredentialError(Exception):
    """A password could not be stored; the message says what to do instead."""


def keyring_user(url: Any) -> str:
    """The keyring entry's name for a parsed URL: ``user@host:port/database``."""
    return f"{url.username or ''}@{url.host or 'localhost'}:{url.port or 5432}/{url.database or ''}"


def _keyring() -> Any | None:
    try:
        import keyring
    except ImportError:
        return None
    return keyring


CONNECT_TIMEOUT_S = 10
"""libpq's ``connect_timeout``: the most a connection (TCP and the start-up exchange) may take;
a listener that accepts and never answers is given up after it (it was 130 s of silence)."""
TCP_USER_TIMEOUT_MS = 30_000
"""libpq's ``tcp_user_timeout``: sent data left unacknowledged this long ends the connection (a
server that vanished mid-query); the server's own ``statement_timeout`` is the team's choice."""


def timeouts(url: Any) -> dict[str, Any]:
    """The connect and total timeouts of every connection to a team store, unless the URL's
    query sets them itself."""
    query = dict(url.query)
    out: dict[str, Any] = {}
    if "connect_timeout" not in query:
        out["connect_timeout"] = CONNECT_TIMEOUT_S
    if "tcp_user_timeout" not in query:
        out["tcp_user_timeout"] = TCP_USER_TIMEOUT_MS
    return out


def connect_args(url: Any) -> dict[str, Any]:
    """Extra connection arguments for a parsed URL: the timeouts (:func:`timeouts`), and the
    keyring's password when the URL has none and the keyring has one (libpq reads
    ``PGPASSFILE`` by itself)."""
    return {**timeouts(url), **_keyring_password(url)}


def _keyring_password(url: Any) -> dict[str, Any]:
    if url.password:
        return {}
    kr = _keyring()
    if kr is None:
        return {}
    try:
        password = kr.get_password(SERVICE, keyring_user(url))
    except Exception as exc:  # noqa: BLE001 - any keyring backend failure: fall back to libpq
        log.info("no password from the keyring (%s)", type(exc).__name__)
        return {}
    return {"password": password} if password else {}


def split_password(url: str) -> tuple[str, str | None]:
    """``url`` without its password, and the password (None when it had none)."""
    import sqlalchemy as sa

    parsed = sa.engine.make_url(url.strip())
    if not parsed.password:
        return url.strip(), None
    password = str(parsed.password)
    bare = sa.engine.URL.create(
        parsed.drivername,
        username=parsed.username,
        host=parsed.host,
        port=parsed.port,
        database=parsed.database,
        query=parsed.query,
    )
    return bare.render_as_string(hide_password=False), password


def store_password(url: str, password: str) -> str:
    """Put ``password`` for ``url`` in the system keyring; returns the URL without a password
    (what may be stored in the settings). :class:`CredentialError` when there is no keyring."""
    import sqlalchemy as sa

    bare, _ = split_password(url)
    kr = _keyring()
    if kr is None:
        raise CredentialError(
            "no system keyring here (pip install 'hmdesk[keyring]'); put the password in "
            "PGPASSFILE (~/.pgpass) instead"
        )
    try:
        kr.set_password(SERVICE, keyring_user(sa.engine.make_url(bare)), password)
    except Exception as exc:  # noqa: BLE001 - any keyring backend failure is reported as one line
        raise CredentialError(
            f"the system keyring refused the password ({type(exc).__name__}); put it in "
            "PGPASSFILE (~/.pgpass) instead"
        ) from None
    return bare

"""Who the user is: the actor written on every change made through hmdesk, and "mine".

The ``user`` setting (Preferences, ``hmdesk-cli config set user NAME``, ``HMDESK_USER``) when set,
else the system login name (:func:`getpass.getuser`, which reads ``LOGNAME``/``USER``/
``USERNAME`` and then the password database; on Windows the login name too). A team store then
says who wrote each memory: the actor of its ``add`` (or ``import``) event.
"""

from __future__ import annotations

import getpass

FALLBACK = "user"
"""The actor when neither the setting nor the system names anyone."""


def system_user() -> str:
    try:
        return getpass.getuser().strip() or FALLBACK
    except (OSError, KeyError, ImportError):  # no login name anywhere (a bare container)
        return FALLBACK


def current_user() -> str:
    """The ``user`` setting, else the system login (a settings file that cannot be read is
    ignored here: the commands that need it report it)."""
    from hmdesk.core.config import ConfigError, effective

    try:
        value, _source = effective("user")
    except ConfigError:
        value = None
    return value.strip() if value and value.strip() else system_user()

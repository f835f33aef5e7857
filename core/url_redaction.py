"""The ONE function through which every database or server URL is printed, logged or shown.

:func:`redact_url` replaces the password of every URL in a text by ``***`` (``user:pw@host`` and
``?password=``). ``config list``/``get`` (the ``db`` setting and ``HMDESK_DB``), the CLI's
messages, the window and the logs go through it. The lowest core layer: the standard library only.
"""

from __future__ import annotations

import re

_PASSWORD = re.compile(r"(?P<head>[a-z][a-z0-9+.-]*://[^:/@\s]*):(?P<pw>[^@\s]*)@", re.IGNORECASE)
_QUERY_PASSWORD = re.compile(r"(?P<head>[?&]password=)[^&\s]*", re.IGNORECASE)


def redact_url(text: str) -> str:
    """``text`` with the password of every URL in it replaced by ``***`` (``user:pw@host`` and
    ``?password=``): what hmdesk prints, logs or shows wherever a database URL appears."""
    text = _PASSWORD.sub(lambda m: f"{m['head']}:***@", text)
    return _QUERY_PASSWORD.sub(lambda m: f"{m['head']}***", text)

"""Workspaces: hmharness's ``[ws:name]`` as a tag and as a query filter.

A note imported from hmharness's ``memory.md`` (:mod:`hmdesk.core.memory.hmharness.notes`)
carries its workspace as the tag ``ws:<name>``. A query names one with the key ``ws:<name>`` in
its text (the default and hybrid profiles; hmharness's profile reads its text exactly as
hmharness does, so there ``ws:`` is a plain term and the filter comes only from the option) or
with ``Query.workspace`` (``hmdesk-cli query --ws NAME``, the window's workspace box). The
filter keeps the memories holding that tag; every search path applies it the same way, and what
it removes is counted under ``tags``.
"""

from __future__ import annotations

import re

WS_PREFIX = "ws:"
# ``ws:name`` at a word boundary; the name runs to the next whitespace
_KEY = re.compile(r"(?:(?<=\s)|^)ws:(\S+)")


def workspace_tag(name: str) -> str:
    """The tag of workspace ``name``: its runs of whitespace become ``-`` (a tag is one word,
    so ``[ws:my big app]`` is the tag ``ws:my-big-app``, which every edit keeps and which
    ``ws:my-big-app`` or ``--ws "my big app"`` names in a query)."""
    return WS_PREFIX + "-".join(name.split())


def split_workspace(text: str) -> tuple[str, str | None]:
    """``(text without its ws: key, the workspace named)``; the last key wins when there are
    several. ``ws:`` alone is text."""
    found = _KEY.findall(text)
    if not found:
        return text, None
    rest = " ".join(_KEY.sub(" ", text).split())
    return rest, found[-1]


def workspace_of(tags: tuple[str, ...] | list[str]) -> str | None:
    """The workspace a memory's tags name (the first), or None."""
    for t in tags:
        if t.startswith(WS_PREFIX) and len(t) > len(WS_PREFIX):
            return t[len(WS_PREFIX) :]
    return None

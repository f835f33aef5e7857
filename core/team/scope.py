"""Whose memories a search shows: everyone's, mine (those I wrote), or the team's (the others').

The author of a memory is the actor of its first ``add``/``import`` event
(:func:`~hmdesk.core.team.sync.authors`); "I" am :func:`~hmdesk.core.team.identity.current_user`
(the ``user`` setting, else the system login). The scope is a filter after the ranking: the
search runs over every memory and the results of other authors are removed and counted (under
``filtered["scope"]``), so scores and explanations are the same as without it.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Literal

from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.store import MemoryStore

Scope = Literal["all", "mine", "team"]
SCOPES: tuple[Scope, ...] = ("all", "mine", "team")
WIDE_LIMIT = 1_000_000  # "every match": the scope filter then keeps the top ``limit``


class AuthorCache:
    """``authors(store)`` kept until the store's event log moves (one read per change, not per
    search; thread-safe)."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._at: int | None = None
        self._authors: dict[str, str] = {}

    def get(self) -> dict[str, str]:
        from hmdesk.core.team.sync import authors

        last = self.store.last_event_id()
        with self._lock:
            if self._at == last:
                return self._authors
        fresh = authors(self.store)
        with self._lock:
            self._at, self._authors = last, fresh
        return fresh


def search_scoped(
    search: Callable[[Query], QueryResult],
    query: Query,
    scope: Scope,
    who: dict[str, str],
    me: str,
) -> QueryResult:
    """``search(query)`` keeping the memories ``me`` wrote (``mine``) or the others wrote
    (``team``); ``all`` searches as usual."""
    if scope == "all":
        return search(query)
    result = search(dataclasses.replace(query, limit=WIDE_LIMIT))
    mine = scope == "mine"
    keep = [r for r in result.results if (who.get(r.memory.id) == me) == mine]
    result.filtered["scope"] = len(result.results) - len(keep)
    result.results = keep[: query.limit]
    result.matched = len(keep)
    result.query = query
    return result

"""The store's errors: bad input, an unknown id. Messages say what happened and what to do."""

from __future__ import annotations


class StoreError(Exception):
    """Bad input to the store. The message says what happened and what to do."""


class NotFound(StoreError):
    """An id that names no memory (or no event)."""

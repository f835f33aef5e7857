"""Counts in words: "1 contradiction", "2 contradictions" (one rule for every label)."""

from __future__ import annotations


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` with the noun that agrees: ``count_of(1, "deleted memory", "deleted memories")``
    is "1 deleted memory"; ``plural`` defaults to ``singular`` + "s". Thousands are grouped."""
    return f"{n:,} {singular if n == 1 else plural or singular + 's'}"

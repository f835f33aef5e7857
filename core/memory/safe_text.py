"""Text the store can always hold and print: UTF-8-encodable strings and bounded JSON.

Policy for lone UTF-16 surrogates (``"\\ud83d"`` from ``JSON.stringify`` of a string cut inside an
emoji, or a non-UTF-8 byte smuggled in as ``surrogateescape``): they are **replaced by U+FFFD** on
the way in (hmharness import, ``add``, ``edit``, tags, reasons), so the store never holds text that
cannot be encoded as UTF-8, and every query, ``show`` and export works. The import report names
each line that was repaired. JSON values (payloads, unknown keys) are limited to
:data:`MAX_JSON_DEPTH` levels of nesting so that storing and printing them never recurses deeply.
"""

from __future__ import annotations

import re
from typing import Any

REPLACEMENT = "\ufffd"
MAX_JSON_DEPTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")


def is_clean(text: str) -> bool:
    """True if ``text`` encodes as UTF-8 (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def clean_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (the same object if it is clean)."""
    return text if is_clean(text) else _SURROGATE.sub(REPLACEMENT, text)


def clean_json(value: Any, depth: int = 0) -> tuple[Any, bool]:
    """``(value with clean strings and keys, whether anything was replaced)``.

    ``ValueError`` if it nests deeper than :data:`MAX_JSON_DEPTH`."""
    if isinstance(value, str):
        cleaned = clean_text(value)
        return cleaned, cleaned is not value
    if isinstance(value, list | dict):
        if depth >= MAX_JSON_DEPTH:
            raise ValueError(f"nested deeper than {MAX_JSON_DEPTH} levels")
        changed = False
        if isinstance(value, list):
            items = []
            for item in value:
                new, c = clean_json(item, depth + 1)
                items.append(new)
                changed |= c
            return (items if changed else value), changed
        out: dict[str, Any] = {}
        for key, item in value.items():
            new_key = clean_text(key) if isinstance(key, str) else key
            new, c = clean_json(item, depth + 1)
            changed |= c or new_key is not key
            out[new_key] = new
        return (out if changed else value), changed
    return value, False


def clean_optional(text: object) -> Any:
    """:func:`clean_text` for a string, anything else unchanged (a reason that may be None)."""
    return clean_text(text) if isinstance(text, str) else text

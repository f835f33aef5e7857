"""Memories from raw DB-API rows, without SQLAlchemy: the fast way from ``memories`` to records.

:func:`records_from_raw` builds :class:`~hmdesk.core.memory.record.MemoryRecord` objects from
``SELECT {RAW_COLUMNS} FROM memories`` tuples (JSON columns as text). The store's bulk reads and the
search index's one-shot searches (which must not pay for importing SQLAlchemy) share it.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hmdesk.core.memory.record import MemoryRecord

RAW_NAMES = [
    "id",
    "layer",
    "content",
    "source",
    "provenance",
    "confidence",
    "timestamp",
    "environment",
    "session",
    "tags",
    "payload",
    "superseded_by",
    "seq",
    "created_at",
    "updated_at",
    "recall_count",
    "last_recalled_at",
    "superseded_at",
    "supersede_reason",
    "deleted_at",
    "origin",
    "extra",
]
RAW_COLUMNS = ", ".join(RAW_NAMES)


def _raw_record_builder() -> Callable[..., MemoryRecord]:
    """``build(row, tags, payload, extra, supersedes)`` -> the :class:`MemoryRecord` of a raw
    ``RAW_COLUMNS`` row with its decoded JSON fields.

    The frozen dataclass's ``__init__`` sets each of the 23 fields with ``object.__setattr__``;
    setting the slots through their descriptors in straight-line code gives an equal record
    in half the time (docs/decisions/0018-records-from-raw-rows.md)."""
    names = [f.name for f in dataclasses.fields(MemoryRecord)]
    if names != [*RAW_NAMES, "supersedes"]:  # the record changed: build it the plain way

        def plain(
            r: Sequence[Any], tags: tuple[str, ...], payload: Any, extra: Any, back: Any
        ) -> MemoryRecord:
            values: dict[str, Any] = dict(zip(RAW_NAMES, r, strict=True))
            values.update(tags=tags, payload=payload, extra=extra, supersedes=back)
            return MemoryRecord(**values)

        return plain
    args = {"tags": "tags", "payload": "payload", "extra": "extra", "supersedes": "back"}
    lines = ["def build(r, tags, payload, extra, back):", "    o = new(cls)"]
    for i, name in enumerate(names):
        lines.append(f"    set_{name}(o, {args.get(name, f'r[{i}]')})")
    lines.append("    return o")
    scope: dict[str, Any] = {"new": object.__new__, "cls": MemoryRecord}
    scope.update({f"set_{n}": MemoryRecord.__dict__[n].__set__ for n in names})
    exec("\n".join(lines), scope)  # generated from the field names above
    build: Callable[..., MemoryRecord] = scope["build"]
    return build


_build_raw_record = _raw_record_builder()


def records_from_raw(
    rows: Iterable[Sequence[Any]], back: dict[str, list[str]]
) -> list[MemoryRecord]:
    """Records from raw ``RAW_COLUMNS`` tuples (JSON as text), decoding repeated tags once."""
    tag_cache: dict[str, tuple[str, ...]] = {}
    back_t = {k: tuple(v) for k, v in back.items()}
    get_back = back_t.get
    loads = json.loads
    build = _build_raw_record
    out: list[MemoryRecord] = []
    append = out.append
    for r in rows:
        tags_text = r[9]
        tags = tag_cache.get(tags_text)
        if tags is None:
            tags = tag_cache[tags_text] = tuple(loads(tags_text)) if tags_text else ()
        payload = r[10]
        extra = r[21]
        append(
            build(
                r,
                tags,
                # a scalar payload comes back as a number (the JSON column's NUMERIC affinity)
                None
                if payload is None or payload == "null"
                else loads(payload)
                if isinstance(payload, str)
                else payload,
                {} if not extra or extra == "{}" else loads(extra),
                get_back(r[0], ()),
            )
        )
    return out


def fetch_records(
    conn: sqlite3.Connection, seqs: Iterable[int], *, live_only: bool = False
) -> dict[int, MemoryRecord]:
    """Memories by ``seq`` (deleted ones too unless ``live_only``), with their supersede
    back-links, through a DB-API connection (no ORM: the one-shot search uses it too)."""
    want = list(seqs)
    live = "deleted_at IS NULL AND " if live_only else ""
    rows: list[Any] = []
    for i in range(0, len(want), 500):
        chunk = want[i : i + 500]
        rows += conn.execute(
            f"SELECT {RAW_COLUMNS} FROM memories WHERE {live}seq IN ({','.join('?' * len(chunk))})",
            chunk,
        ).fetchall()
    ids = [str(r[0]) for r in rows]
    back: dict[str, list[str]] = {}
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        for old_id, new_id in conn.execute(
            # "+deleted_at": the superseded_by index, not the deleted_at one
            "SELECT id, superseded_by FROM memories WHERE +deleted_at IS NULL AND superseded_by IN "
            f"({','.join('?' * len(part))}) ORDER BY seq",
            part,
        ):
            back.setdefault(new_id, []).append(old_id)
    return {r.seq: r for r in records_from_raw(rows, back)}
